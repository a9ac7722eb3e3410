/**
 * LE — leave armies (S4.4.10, §5.11; G-53; TV-26). `LE 25,26 à 52`, `LE tout à GC`: the armies
 * stay in the province as a garrison (under the GC) or pass to another character present, of
 * this kingdom or an allied one. Armies left in an ally's province pass under the ally's control.
 * Except with `tout`, the list may name armies of the kingdom present but led by others. Leaving
 * to the GC clears the recruited-this-turn mark (§15.13e). Skeletons left or transferred return
 * underground unless both characters are Undead (S3.7a).
 */
import type { Army } from '../state.ts';
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { formatArmyList, parseArmyList, parseCommander, TO_WORDS, type ArmyList } from '../armies/parse.ts';
import { ledBy, stance } from '../armies/relations.ts';
import { underground } from '../armies/lifecycle.ts';
import { moveClass } from '../armies/types.ts';
import { tryImprove } from '../kingdom/training.ts';

export interface LeaveValue { armies: ArmyList; to: number | 'GC' }

export const LE: OrderSpec<LeaveValue> = {
  code: 'LE',
  syntax: 'LE <armées>|tout à <personnage>|GC',
  label: { fr: 'Laisser des armées', en: 'Leave armies' },
  parse(args) {
    let i = args.findIndex((w) => TO_WORDS.has(w.toLowerCase()));
    const listWords = i >= 0 ? args.slice(0, i) : args.slice(0, -1);
    const target = i >= 0 ? args[i + 1] : args[args.length - 1];
    if (i >= 0 && args.length > i + 2) i = -2;
    const to = parseCommander(target);
    if (to === null || i === -2) return { error: { fr: 'LE attend des armées et un bénéficiaire, par exemple « LE tout à GC » ou « LE 25,26 à 52 »', en: 'LE expects armies and a receiver, e.g. "LE all to GC" or "LE 25,26 to 52"' } };
    const list = parseArmyList(listWords);
    if ('error' in list) return list;
    return { value: { armies: list.value, to } };
  },
  format: (v) => `LE ${formatArmyList(v.armies)} à ${v.to}`,
  execute(ctx, char, v, order) {
    const s = ctx.s, cfg = ctx.cfg.armies;
    const k = char.kingdom;
    if (k === null) return;
    let list: Army[];
    if (v.armies === 'all') list = ledBy(s, char).filter((a) => a.province === char.province);
    else {
      list = [];
      for (const id of v.armies) {
        const a = s.armies[id];
        if (!a || a.kingdom !== k || a.province !== char.province || (a.status !== 'Led' && a.status !== 'Garrison')) {
          return orderFailed(ctx, char, order, { fr: `l’armée ${id} n’est pas à vous dans cette province`, en: `army ${id} is not yours in this province` });
        }
        list.push(a);
      }
    }
    if (!list.length) return orderFailed(ctx, char, order, { fr: 'aucune armée à laisser', en: 'no army to leave' });
    const prov = s.provinces[char.province]!;
    let receiver = undefined as typeof char | undefined;
    if (v.to !== 'GC') {
      receiver = s.characters[v.to];
      if (!receiver?.alive || receiver.province !== char.province || receiver.kingdom === null) {
        return orderFailed(ctx, char, order, { fr: `le personnage ${v.to} n’est pas là`, en: `character ${v.to} is not here` });
      }
      const st = stance(s, k, receiver.kingdom);
      if (st !== 'Self' && st !== 'Allied') return orderFailed(ctx, char, order, { fr: `${receiver.name} n’est ni des vôtres ni d’un allié`, en: `${receiver.name} is neither yours nor an ally's` });
    }
    const left: { id: number; type: string }[] = [];
    const buried: { id: number; type: string }[] = [];
    for (const a of list) {
      const ref = { id: a.id, type: a.type };
      if (a.skeleton && !(receiver && char.alignment === 'Undead' && receiver.alignment === 'Undead')) { underground(s, a); buried.push(ref); continue; }
      if (receiver) {
        a.kingdom = receiver.kingdom;
        a.status = 'Led';
        a.leader = receiver.id;
        if (a.recruitedFor !== undefined) a.recruitedFor = receiver.id;
      } else {
        // Left in an ally's province: the ally takes control (§5.11).
        if (prov.owner !== null && stance(s, k, prov.owner) === 'Allied') a.kingdom = prov.owner;
        a.status = 'Garrison';
        delete a.leader;
        delete a.recruitedFor; // G-53: LE to the GC clears the mark
      }
      left.push(ref);
    }
    const to = [...new Set([k, ...list.map((a) => a.kingdom).filter((x): x is number => x !== null)])].sort((a, b) => a - b);
    ctx.emit({ t: 'army-left', to, who: char.id, at: char.province, armies: left, receiver: receiver?.id ?? null, buried });
    const naval = list.some((a) => moveClass(cfg, a.type) === 'naval');
    tryImprove(ctx, char, naval ? 'Na' : 'Ma', cfg.xpTakeLeave, 'leave');
  },
};
