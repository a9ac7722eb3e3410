/**
 * S6, land combat, rules §3.3 S6 (§5.7, §5.8, §5.9, §6.12, §6.13, §7.6), as five sub-steps that
 * turn.ts lists with the others (style §2):
 * - S6.1 the contested provinces (§5.7);
 * - S6.2 retreats before combat, defender first (§5.8), per province in map order;
 * - S6.3 the battles of each province, paired (§5.10) and resolved: a tabletop report when one is
 *   given for the battle (§6.12.1), else ABR (§6.12.2) — the §11.6 default of a tabletop that is
 *   not played; each result is applied by `applyBattle` (§6.13 steps 1–6, 8: losses, fates,
 *   prestige, the loser's retreat, yoke counters);
 * - S6.4 the sea retreats (§7.6): each fleet that took troops off a coast in S6.2 or S6.3 sails
 *   home by `seaRetreat` (retreat.ts leaves the troops aboard), and so does the fleet that landed
 *   troops captured while retreating (they "fail to re-embark" [P A-39]);
 * - S6.5 the post-battle checks: civil war for the D7 states (`civilWarsAfterBattle`, §6.13
 *   step 3) and the sieges touched by a battle (`siegeAfterBattle`, §6.13 step 7), whose relief
 *   defeats S7.3 reads.
 * What one sub-step hands to the next is kept in `state.landCombat`; the events go to
 * `state.fieldEvents` with their audience. Sorties and relief battles (§8.1.5, rules/sortie.ts) are
 * applied by S6.1 before it lists the contested provinces: a sortie takes the garrison army out of
 * the fortress, a besieger answers a relief force (retreat, case 1 or case 2 [P A-61]); S6.3 fields a
 * case-1 besieger against the relief force without the AP it pins down at the siege. After a case-2
 * relief battle the besieger won, S6.3 withdraws the garrison whose state ordered it
 * (`withdrawGarrison`, [T §8.4]); S6.5 sends a sortie army that fought no battle back into its
 * fortress (`sortiesBack`, [P, ours]).
 */
import type { FieldEvent, FleetId, GruikState, LandCombat, NavalRecord, ProvinceId, SortieEvent, StateId } from './state.ts';
import type { StepId } from './steps.ts';
import { battleEvents } from './events.ts';
import { applyBattle, fieldedIn, runAbrBattle, type BattleFacts, type BattleSpec } from './rules/battle-result.ts';
import { civilWarsAfterBattle } from './rules/civil-war.ts';
import { diceOf, type Dice } from './rules/dice.ts';
import { seaRetreat } from './rules/naval-position.ts';
import { battlePairs } from './rules/pairing.ts';
import { contestedProvinces, retreatsBeforeCombat, type Posture, type RetreatOption } from './rules/retreat.ts';
import { siegeAfterBattle } from './rules/siege.ts';
import { applyReliefs, applySorties, sortiesBack, withdrawGarrison, type SortieInputs } from './rules/sortie.ts';
import { raise } from './rules/treasury.ts';
import { gmText } from './words.ts';

/** The inputs of S6; a missing input is the §11.6 default. */
export interface LandCombatInputs {
  /** S6.1: sorties, relief answers, sortie consents and case-2 contingents (§8.1.5), by state; missing: none, the A-61 defaults, refuse. */
  'S6.1'?: SortieInputs;
  /** S6.2: postures of main armies (default `engage`) and retreat preferences (default §5.9 order). */
  'S6.2'?: { postures?: Record<string, Posture>; preferences?: Record<string, RetreatOption[]> };
  /**
   * S6.3: tabletop results reported and confirmed (§6.12.1), by battle id (`battleId`), as the prompt layer validated them; others go to ABR.
   * `quality`: the GM's quality modifiers of an ABR battle, by battle id and side (§6.12.2 "set only by a GM approval step"; flow.ts).
   */
  'S6.3'?: { reports?: Record<string, BattleFacts>; quality?: Record<string, Record<StateId, number>> };
}

/** A battle's id: the season, the province and the two armies (stable, so a report can name it). */
export function battleId(s: GruikState, province: ProvinceId, a: string, b: string): string {
  return `${s.season}:${province}:${a}:${b}`;
}

const EMPTY: LandCombat = { contested: [], defenders: {}, seaRetreats: [], defeats: [], civilWar: [], reliefDefeats: [] };
const work = (s: GruikState): LandCombat => structuredClone(s.landCombat ?? EMPTY);

function withDice(s: GruikState, f: (dice: Dice) => GruikState): GruikState {
  const dice = diceOf(s);
  const t = f(dice);
  return { ...t, rollLog: [...t.rollLog, ...dice.log] };
}

/**
 * §7.6 [T §7.2; P A-39] "even if the troops fail to re-embark, the now-empty fleet must make the same
 * move": a force of `state` captured while retreating from `p` where its fleet landed it this season
 * (`landedAt`, S5) sends that fleet home all the same.
 */
function landingFleets(s: GruikState, state: StateId, p: ProvinceId): FleetId[] {
  return Object.values(s.fleets).filter((f) => f.state === state && f.landedAt === p).map((f) => f.id).sort();
}

/**
 * [T §8.4 case 1] The AP a besieger keeps pinned at its siege in a battle of `p` against a relief army
 * (S6.1's `reliefs`); none in any other battle.
 */
export function pinnedIn(s: GruikState, p: ProvinceId, a: string, b: string): Partial<Record<string, number>> {
  const out: Partial<Record<string, number>> = {};
  for (const r of s.landCombat?.reliefs ?? []) {
    if (r.province !== p || r.choice !== 'pin' || r.pinned < 1) continue;
    if ((r.besieger === a && r.relief.includes(b)) || (r.besieger === b && r.relief.includes(a))) out[r.besieger] = r.pinned;
  }
  return out;
}

/** The states with a force standing in a province (they all see what happens there). */
function present(s: GruikState, p: ProvinceId): StateId[] {
  const all = [...Object.values(s.armies), ...Object.values(s.detachments)].filter((f) => f.location === p).map((f) => f.state);
  return [...new Set(all)].sort();
}

export const LAND_COMBAT_RUNNERS: Partial<Record<StepId, (s: GruikState, input: LandCombatInputs) => GruikState>> = {
  // §5.7 [T §5.4; P §5.7]: two hostile forces, one a main army outside the fortress.
  // §8.1.5 [T §8.4; P, J14]: sorties and the answers to relief forces first, so that their battles are listed here.
  'S6.1': (s, i) => withDice(s, (dice) => {
    const t0 = structuredClone(s);
    const events: SortieEvent[] = [];
    const sorties = applySorties(t0, i['S6.1'] ?? {}, events);
    const r = applyReliefs(t0, i['S6.1'] ?? {}, sorties, dice);
    const t = r.state;
    events.push(...r.events);
    return { ...t, landCombat: { ...EMPTY, contested: contestedProvinces(t), reliefs: r.reliefs, sorties }, fieldEvents: [...(t.fieldEvents ?? []), ...events] };
  }),
  // §5.8 [T §5.4; P, J25]: defender first; a lone detachment must go, a main army avoids only by posture.
  'S6.2': (s, i) => withDice(s, (dice) => {
    const lc = work(s);
    let t = s;
    const events: FieldEvent[] = [];
    for (const p of lc.contested) {
      const audience = present(t, p);
      const r = retreatsBeforeCombat(t, p, dice, { ...(i['S6.2']?.postures ? { postures: i['S6.2'].postures } : {}), ...(i['S6.2']?.preferences ? { preferences: i['S6.2'].preferences } : {}) });
      lc.defenders[p] = r.defender;
      for (const act of r.acts) {
        const st = (t.armies[act.force] ?? t.detachments[act.force])!.state;
        const kind = t.armies[act.force] ? 'army' as const : 'detachment' as const;
        if (act.captured.includes(act.force)) {
          events.push({ t: 'captured', audience, state: st, kind });
          lc.seaRetreats.push(...landingFleets(t, st, p));
        }
        else if (act.option) {
          events.push({ t: 'retreat', audience, state: st, option: act.option });
          if (act.option.kind === 'sea') lc.seaRetreats.push(act.option.fleet);
        }
      }
      t = r.state;
    }
    return { ...t, landCombat: lc, fieldEvents: [...(t.fieldEvents ?? []), ...events] };
  }),
  // §6.12, §6.13 [T §6; P §5.10, §6.12.1, §11.6]: pairs, then the reported result or ABR, applied.
  'S6.3': (s, i) => withDice(s, (dice) => {
    const lc = work(s);
    let t = s;
    const events: FieldEvent[] = [];
    const withdrawn = new Set<ProvinceId>();
    for (const p of lc.contested) {
      const pairs = battlePairs(t, p, lc.defenders[p] ?? null, dice);
      // J8 [T §5.7 "logic"; P §11.4]: the §5.10 pairing stands; three states or more in the battles: the GM's timed review.
      const sides = [...new Set(Object.values(t.armies).filter((a) => a.location === p && !a.inFortress).map((a) => a.state))].sort(); // the states whose armies the pairing weighed
      if (sides.length >= 3) {
        t = { ...t, gmQueue: [...(t.gmQueue ?? [])] }; // never the input's array: a step is pure
        const name = t.map.provinces.find((x) => x.id === p)?.name ?? p;
        raise(t, 'J8', 'S6.3', sides, gmText('place', { p: name, s: sides.join(', ') }), gmText('pairing', { pairs: pairs.map(([a, b]) => `${a} – ${b}`).join('; ') }));
      }
      for (const [a, b] of pairs) { // bounded: battlePairs gives each army at most once
        if (!t.armies[a] || !t.armies[b] || t.armies[a]!.location !== p || t.armies[b]!.location !== p) continue;
        const pinned = pinnedIn(t, p, a, b); // [T §8.4 case 1]
        const spec: BattleSpec = { id: battleId(t, p, a, b), province: p, armies: [a, b], ...(Object.keys(pinned).length ? { pinned } : {}) };
        if (fieldedIn(t, spec, a) < 1 || fieldedIn(t, spec, b) < 1) continue; // [P] an army of 0 AP fields nothing: no battle
        const report = i['S6.3']?.reports?.[spec.id];
        // [§11.6] a GM quality modifier out of bounds is ignored (0), never a crash
        const quality = Object.fromEntries(Object.entries(i['S6.3']?.quality?.[spec.id] ?? {}).filter(([, q]) => Number.isInteger(q) && Math.abs(q) <= t.config.abr.qualityMax));
        const r = report ? applyBattle(t, spec, report, dice) : runAbrBattle(t, spec, dice, { quality });
        events.push(...(battleEvents(t, spec, r) as FieldEvent[]));
        if (!report) { // §11.6: an ABR battle, for the GM's timed review (flow.ts)
          const [sa, sb] = [t.armies[a]!.state, t.armies[b]!.state];
          (lc.abr ??= []).push({
            id: spec.id, province: p, armies: [a, b], sides: [sa, sb], fielded: { [sa]: fieldedIn(t, spec, a), [sb]: fieldedIn(t, spec, b) },
            quality: { [sa]: quality[sa] ?? 0, [sb]: quality[sb] ?? 0 }, winner: r.result.winner,
            losses: { [sa]: r.result.losses[sa]?.total ?? 0, [sb]: r.result.losses[sb]?.total ?? 0 }, ...(r.result.winner ? {} : { agreement: r.result.agreement ?? 'mutual' }),
          });
        }
        if (r.result.loser) {
          lc.defeats.push({ province: p, state: r.result.loser });
          const lost = spec.armies.find((x) => t.armies[x]!.state === r.result.loser)!;
          const loc = r.state.armies[lost]?.location;
          if (loc && typeof loc === 'object' && 'embarkedOn' in loc) lc.seaRetreats.push(loc.embarkedOn); // §7.6: driven off the coast
          else if (loc === 'captured') lc.seaRetreats.push(...landingFleets(t, r.result.loser, p)); // [P A-39] failed to re-embark: the fleet goes all the same
        }
        lc.civilWar.push(...r.civilWar);
        t = r.state;
        // §8.1.5 case 2 [T §8.4]: the relief beaten by the besieger, the besieged may withdraw "to another province"
        const rec = (lc.reliefs ?? []).find((x) => x.province === p && x.choice === 'all' && x.withdraw && spec.armies.includes(x.besieger) && spec.armies.some((y) => x.relief.includes(y)));
        const besieger = rec ? t.armies[rec.besieger] : undefined;
        const controller = t.provinces[p]?.controller;
        if (rec && besieger && r.result.winner === besieger.state && besieger.siegeOf === p && controller && !withdrawn.has(p)) {
          withdrawn.add(p);
          const w = withdrawGarrison(t, p, controller, besieger.state, dice, i['S6.2']?.preferences ?? {});
          t = w.state;
          events.push(...w.events);
          lc.seaRetreats.push(...w.fleets);
        }
      }
    }
    return { ...t, landCombat: lc, fieldEvents: [...(t.fieldEvents ?? []), ...events] };
  }),
  // §5.9, §7.6 [T §7.6; TV-38]: the fleets carrying retreating troops sail to the nearest friendly coast.
  'S6.4': (s) => {
    const lc = work(s);
    let t = s;
    const records: NavalRecord[] = [];
    for (const f of [...new Set<FleetId>(lc.seaRetreats)].sort()) {
      if (!t.fleets[f]) continue;
      const r = seaRetreat(t, f);
      t = r.state;
      records.push(...r.records);
    }
    return { ...t, landCombat: lc, navalLog: [...(t.navalLog ?? []), ...records] };
  },
  // §6.13 steps 3 and 7 [T §13.2, §8.4; P §8.1.5, A-45]: civil wars at once; sieges lifted, relief defeats for S7.3.
  'S6.5': (s) => {
    const t = structuredClone(s);
    const lc = work(s);
    const back = sortiesBack(t, lc.sorties ?? []); // [P, ours] a sortie that fought no battle
    civilWarsAfterBattle(t, [...new Set(lc.civilWar)].sort());
    for (const d of lc.defeats) {
      const relief = siegeAfterBattle(t, d.province, d.state);
      if (relief && !lc.reliefDefeats.some((x) => x.province === relief.province && x.state === relief.state)) lc.reliefDefeats.push(relief);
    }
    return { ...t, landCombat: lc, ...(back.length ? { fieldEvents: [...(t.fieldEvents ?? []), ...back] } : {}) };
  },
};
