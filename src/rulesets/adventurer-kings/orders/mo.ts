/**
 * MO — move (S4.4.8, §5.9, §8.4; G-49, G-51, G-81; TV-27, TV-40, TV-48). `MO 207`: one province
 * per phase toward the province written (adjacent: one step; further: by the G-51 route, the
 * turn continuing the order over the following PR or empty phases). With armies: every army must
 * be able to enter (terrain, transport, MP); a Neutral kingdom's province bumps the armies back
 * (they stay); an enemy or unowned province is invaded (battle or conquest at the end of the
 * phase) and the march stops there. A MO cancels DE. Alone, a random-encounter check follows.
 */
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { nextStep } from '../armies/movement.ts';
import { marchStep } from '../armies/march.ts';
import { friendly, ledBy } from '../armies/relations.ts';
import { scratchOf } from '../armies/types.ts';
import { randomEncounterCheck } from '../encounters/random.ts';

export interface MoveValue { dest: number }

export const MO: OrderSpec<MoveValue> = {
  code: 'MO',
  syntax: 'MO <province>',
  label: { fr: 'Se déplacer', en: 'Move' },
  parse(args, env) {
    const dest = Number(args[0]);
    if (args.length !== 1 || !Number.isInteger(dest)) return { error: { fr: 'MO attend une province, par exemple « MO 207 »', en: 'MO expects a province, e.g. "MO 207"' } };
    if (!env.s.provinces[dest]) return { error: { fr: `aucune province n° ${dest}`, en: `no province number ${dest}` } };
    return { value: { dest } };
  },
  format: (v) => `MO ${v.dest}`,
  execute(ctx, char, v, order) {
    const s = ctx.s, cfg = ctx.cfg.armies;
    // §5.2: MO cancels DE.
    if (char.standing?.defend !== undefined) delete char.standing.defend;
    if (char.province === v.dest) return orderFailed(ctx, char, order, { fr: 'il y est déjà', en: 'he is already there' });
    const armies = ledBy(s, char).filter((a) => a.province === char.province);
    const here = s.provinces[char.province]!;
    // S4.4.8: when an enemy leader enters a province with armies, the armies there stay for the battle.
    const sc = scratchOf(ctx);
    if (armies.length && sc.invaded.has(char.province) && !sc.invasions.some((i) => i.leader === char.id && i.province === char.province)) {
      return orderFailed(ctx, char, order, { fr: 'l’ennemi vient d’entrer dans la province : ses armées restent pour la bataille', en: 'the enemy has just entered the province: his armies stay for the battle' });
    }
    const step = nextStep(s, cfg, char, armies, v.dest);
    if (step === null) return orderFailed(ctx, char, order, { fr: 'aucun chemin praticable vers cette province', en: 'no practicable route to this province' });
    // §9.7: from a contested province, moving into a non-friendly province is illegal.
    if (armies.length && here.contested && char.kingdom !== null && here.contested.attackers.includes(char.kingdom)) {
      const o = s.provinces[step]!.owner;
      if (o === null || !friendly(s, char.kingdom, o)) {
        return orderFailed(ctx, char, order, { fr: 'depuis une province contestée, on ne peut entrer que dans une province amie', en: 'from a contested province one may only enter a friendly province' });
      }
    }
    const r = marchStep(ctx, char, step, { cause: 'move' });
    if (!r.ok) {
      if (r.bumped) return; // the move-bounced event says it (TV-40)
      return orderFailed(ctx, char, order, r.reason);
    }
    // S5.1.10: random encounter when moving without an army.
    if (!armies.length && char.alive) randomEncounterCheck(ctx, char, step);
  },
};
