/**
 * PI — pick up armies (S4.4.12, §5.13, §15.13e; G-53; TV-26). `PI 25,26` or `PI tout`: armies
 * of the kingdom in the province (free, or led by another character of the kingdom) come under
 * the character's command. `PI tout` takes the free ones (the garrison). Armies recruited this
 * turn cannot be taken in their recruitment phase, nor later by anyone but their designated
 * leader, unless they were left to the GC. Skeletons pass only to an Undead character.
 */
import type { Army } from '../state.ts';
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { formatArmyList, parseArmyList, type ArmyList } from '../armies/parse.ts';
import { armiesIn } from '../armies/relations.ts';
import { moveClass, scratchOf } from '../armies/types.ts';
import { tryImprove } from '../kingdom/training.ts';

export const PI: OrderSpec<ArmyList> = {
  code: 'PI',
  syntax: 'PI <armées> | PI tout',
  label: { fr: 'Prendre des armées', en: 'Pick up armies' },
  parse: (args) => parseArmyList(args),
  format: (v) => `PI ${formatArmyList(v)}`,
  execute(ctx, char, v, order) {
    const s = ctx.s, cfg = ctx.cfg.armies, sc = scratchOf(ctx);
    const k = char.kingdom;
    if (k === null) return;
    const why = (a: Army): string | null => {
      if (a.kingdom !== k || a.province !== char.province || (a.status !== 'Led' && a.status !== 'Garrison')) return 'not-yours';
      if (a.leader === char.id) return 'already';
      if (sc.recruitedPhase[a.id] === ctx.phase && a.recruitedFor !== char.id) return 'recruited';
      if (a.recruitedFor !== undefined && a.recruitedFor !== char.id) return 'recruited';
      if (a.skeleton && char.alignment !== 'Undead') return 'skeleton';
      return null;
    };
    let list: Army[];
    if (v === 'all') list = armiesIn(s, char.province).filter((a) => a.status === 'Garrison' && a.kingdom === k && why(a) === null);
    else {
      list = [];
      for (const id of v) {
        const a = s.armies[id];
        const w = a ? why(a) : 'not-yours';
        if (w === 'recruited') return orderFailed(ctx, char, order, { fr: `l’armée ${id} vient d’être recrutée pour un autre : seul son chef désigné peut la mener ce tour`, en: `army ${id} was just recruited for someone else: only its designated leader may lead it this turn` });
        if (w === 'skeleton') return orderFailed(ctx, char, order, { fr: `l’armée de squelettes ${id} ne suit qu’un Mort-Vivant`, en: `skeleton army ${id} follows only an Undead` });
        if (w === 'not-yours') return orderFailed(ctx, char, order, { fr: `l’armée ${id} n’est pas à vous dans cette province`, en: `army ${id} is not yours in this province` });
        if (w === null) list.push(a!);
      }
    }
    if (!list.length) return orderFailed(ctx, char, order, { fr: 'aucune armée à prendre', en: 'no army to pick up' });
    const from: number[] = [];
    for (const a of list) {
      if (a.leader !== undefined) from.push(a.leader);
      a.status = 'Led';
      a.leader = char.id;
    }
    ctx.emit({ t: 'army-picked', to: [k], who: char.id, at: char.province, armies: list.map((a) => ({ id: a.id, type: a.type })), from: [...new Set(from)] });
    const naval = list.some((a) => moveClass(cfg, a.type) === 'naval');
    tryImprove(ctx, char, naval ? 'Na' : 'Ma', cfg.xpTakeLeave, 'pick-up');
  },
};
