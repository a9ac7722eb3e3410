/**
 * The seasonal base and the catastrophes of step S0.3 (rules §3.3 S0.3, §4.1, §8.8) [T §4.1.1, §6.6,
 * §14; P A-03]: for every state but the rebels, one 2d8 (or one per army with BASE_ROLL_PER
 * 'army'), with its catastrophes and rerolls; then each catastrophe owed from an unfinished battle
 * (`pendingCatastrophes`), one 2d6 each. Money catastrophes are applied at once (never making a
 * treasury negative, TV-58), with a ledger entry. Civil war and barbarian invasion are returned for
 * §8.7 and §8.10, which are not written yet — so the step itself stays 'not-implemented'.
 * Dice from the season's keyed streams: `base:<state or army>`, `catastrophe:…`, `pending:<state>:<n>`.
 */
import type { GruikState, StateId } from '../state.ts';
import { rollSeasonalBase } from './army-size.ts';
import { externalLoss, rollCatastrophe, type CatastropheEffect } from './catastrophe.ts';
import type { Dice } from './dice.ts';
import { cause } from '../words.ts';

export interface SeasonStart {
  state: GruikState;
  /** Every catastrophe of the season, in the order rolled. */
  catastrophes: { state: StateId; sum: number; effect: CatastropheEffect }[];
  /** Those whose effect waits for rules not written yet (civil war, invasion). */
  unapplied: { state: StateId; effect: CatastropheEffect }[];
}

export function rollSeasonStart(s: GruikState, dice: Dice): SeasonStart {
  const t = structuredClone(s);
  const c = t.config;
  const catastrophes: SeasonStart['catastrophes'] = [];
  for (const r of Object.values(t.realms)) {
    if (r.kind === 'rebels') continue;
    const rolls = c.army.basePer === 'army'
      ? r.armies.filter((a) => t.armies[a]?.location !== 'captured').map((a) => { const b = rollSeasonalBase(c, dice, a, r.id); t.armies[a]!.base = b.base; return b; })
      : [rollSeasonalBase(c, dice, r.id, r.id)];
    if (c.army.basePer === 'state') r.seasonalBase = rolls[0]!.base;
    for (const b of rolls) for (const k of b.catastrophes) catastrophes.push({ state: r.id, ...k });
    for (let n = 0; n < r.pendingCatastrophes; n++) catastrophes.push({ state: r.id, ...rollCatastrophe(c, dice, r.id, 'S0.3', `pending:${r.id}:${n}`) });
    r.pendingCatastrophes = 0;
  }
  const unapplied: SeasonStart['unapplied'] = [];
  for (const k of catastrophes) {
    if (k.effect.kind !== 'money') { unapplied.push({ state: k.state, effect: k.effect }); continue; }
    const r = t.realms[k.state]!;
    const after = externalLoss(r.treasury, k.effect.amount);
    if (after !== r.treasury) t.ledger.push({ season: t.season, state: r.id, what: 'treasury', delta: after - r.treasury, cause: cause('catastrophe', { n: k.sum }), rule: '[T §14]' });
    r.treasury = after;
  }
  return { state: t, catastrophes, unapplied };
}
