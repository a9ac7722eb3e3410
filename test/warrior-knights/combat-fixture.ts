/**
 * Shapes a combat's "Given" from a real game (test/warrior-knights/fixture.ts): three barons, the
 * board cleared (every noble off with his troops, no stronghold, every city standing and neutral),
 * nobles armed with real troop cards taken from wherever they were, the Fate deck ordered so that
 * the next draws show chosen battle results (the injected draws), a baron card revealed.
 */
import fc from 'fast-check';
import { createRng } from '../../src/engine/rng.ts';
import { BOARD, city, CITY_ROLES, passable } from '../../src/rulesets/warrior-knights/board.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { fate, type BattleResult } from '../../src/rulesets/warrior-knights/cards.ts';
import { revealNext } from '../../src/rulesets/warrior-knights/rules/action.ts';
import { retreatRegions, ransomChoices } from '../../src/rulesets/warrior-knights/rules/aftermath.ts';
import { absorbers, type CombatAnswers } from '../../src/rulesets/warrior-knights/rules/battle.ts';
import { discards } from '../../src/rulesets/warrior-knights/rules/combat.ts';
import { targetIn } from '../../src/rulesets/warrior-knights/rules/engage.ts';
import type { CombatSide, WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { troopMen as troop } from '../../src/rulesets/warrior-knights/troops.ts';
import { freeMercenary, game, withPiles } from './fixture.ts';

export const neighbours = (r: string): string[] => BOARD.edges.filter((e) => passable(e) && (e.a === r || e.b === r)).map((e) => (e.a === r ? e.b : e.a));

/** Reveals this baron card as the only card of pile 1. */
export const reveal = (s: WkState, card: string): WkState => revealNext(withPiles(s, [[card], [], []]));

/** Three barons; every noble off the board (with his troops), every stronghold off, every city standing and neutral. */
export function table(barons: BaronId[] = ['green', 'blue', 'red'], seed = 'combat'): WkState {
  const s = game(barons, seed);
  for (const n of Object.values(s.nobles)) { n.location = { kind: 'off' }; n.ready = true; n.casualties = 0; }
  for (const h of Object.values(s.strongholds)) h.region = null;
  for (const c of Object.values(s.cities)) { c.razed = false; c.controller = null; c.fortified = false; c.breaches = 0; }
  for (const b of s.players) s.barons[b].controlMarkers = s.config.setup.controlMarkers;
  return s;
}

/** Puts a noble in a region leading exactly these troop cards (taken from wherever they are). */
export function arm(s: WkState, noble: string, region: string, troops: string[]): void {
  for (const n of Object.values(s.nobles)) n.troops = n.troops.filter((t) => !troops.includes(t));
  for (const h of Object.values(s.strongholds)) h.garrison = h.garrison.filter((t) => !troops.includes(t));
  s.secret.mercenaryDeck = s.secret.mercenaryDeck.filter((t) => !troops.includes(t));
  s.display = s.display.filter((t) => !troops.includes(t));
  const n = s.nobles[noble]!;
  const keeper = Object.values(s.nobles).find((x) => x.baron === n.baron && x.id !== noble && x.location.kind === 'off');
  if (keeper) keeper.troops.push(...n.troops); else s.strongholds[n.baron].garrison.push(...n.troops); // his other cards stay his
  n.troops = [...troops]; n.location = { kind: 'region', region }; n.ready = true; n.casualties = 0;
}

/** The next Fate cards drawn will show these battle results, in this order. */
export function stack(s: WkState, values: BattleResult[]): string[] {
  const deck = [...s.secret.fateDeck];
  const top = values.map((v) => deck.splice(deck.findIndex((id) => fate(id).battle === v), 1)[0]!);
  s.secret.fateDeck = [...top, ...deck];
  return top;
}

// ─── Random combats (for the properties and the bad-input runs) ─────────────────────────────────

const SHAPES = ['square', 'circle', 'triangle', 'star'] as const;
const FIELD = 'r3c2';
const CITY_OF = [CITY_ROLES.Vecht, CITY_ROLES['Fröli']];

export interface Scenario { mode: number; city: number; att: number[]; def: number[]; hurt: number[]; breaches: number; fortified: boolean; tired: number; seed: string; kind: number; picks: number[] }

export const scenario = fc.record({
  mode: fc.integer({ min: 0, max: 3 }), // 0 field battle, 1 blue's city, 2 neutral city, 3 blue's stronghold
  city: fc.integer({ min: 0, max: 1 }),
  att: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 6, maxLength: 6 }), // which green noble leads each card (3: none)
  def: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 6, maxLength: 6 }), // which blue noble leads each card (4: the garrison)
  hurt: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 8, maxLength: 8 }),
  breaches: fc.integer({ min: 0, max: 3 }),
  fortified: fc.boolean(),
  tired: fc.integer({ min: 0, max: 15 }),
  seed: fc.string({ maxLength: 6 }),
  kind: fc.nat(5),
  picks: fc.array(fc.nat(1000), { minLength: 1, maxLength: 30 }),
});

/** Builds the table of a scenario and the attack; null if the scenario has no target. */
export function build(sc: Scenario): { s: WkState; attack: { target: BaronId | 'neutral'; kind: 'battle' | 'assault' | 'siege'; armies: string[]; consents: Partial<Record<BaronId, boolean>> } } | null {
  const s = table(['green', 'blue', 'red'], `p${sc.seed}`);
  const R = sc.mode === 1 || sc.mode === 2 ? city(CITY_OF[sc.city]!).region : FIELD;
  const greenCards = ['green-reg-50a', 'green-reg-50b', 'green-reg-50c', 'green-reg-100', freeMercenary(s, 'english', 100), freeMercenary(s, 'polish', 50)];
  const blueCards = ['blue-reg-50a', 'blue-reg-50b', 'blue-reg-50c', 'blue-reg-100', freeMercenary(s, 'swiss', 150), freeMercenary(s, 'english', 50, greenCards)];
  const lead = (cards: string[], who: number[], baron: 'green' | 'blue') => {
    const armies: Record<string, string[]> = {};
    cards.forEach((c, i) => { const k = who[i]!; if (k < 4 && (baron === 'blue' || k < 3)) (armies[`${baron}-${SHAPES[k]}`] ??= []).push(c); });
    return armies;
  };
  const ga = lead(greenCards, sc.att, 'green');
  if (Object.keys(ga).length === 0) return null;
  for (const [n, cards] of Object.entries(ga)) arm(s, n, R, cards);
  const ba = lead(blueCards, sc.def, 'blue');
  for (const [n, cards] of Object.entries(ba)) arm(s, n, R, cards);
  if (sc.mode === 3) {
    s.strongholds.blue.region = R;
    const garrison = blueCards.filter((_, i) => sc.def[i] === 4);
    for (const n of Object.values(s.nobles)) n.troops = n.troops.filter((t) => !garrison.includes(t));
    s.secret.mercenaryDeck = s.secret.mercenaryDeck.filter((t) => !garrison.includes(t));
    s.display = s.display.filter((t) => !garrison.includes(t));
    s.strongholds.blue.garrison = [...s.strongholds.blue.garrison.filter((t) => !garrison.includes(t)), ...garrison];
    s.strongholds.blue.breaches = Math.min(sc.breaches, 3);
  }
  if (sc.mode === 1 || sc.mode === 2) {
    const c = s.cities[CITY_OF[sc.city]!]!;
    c.breaches = Math.min(sc.breaches, city(c.id).strength / 100 - 1);
    if (sc.mode === 1) { c.controller = 'blue'; c.fortified = sc.fortified; s.barons.blue.controlMarkers--; }
  }
  // random casualty tokens below each army's death threshold, random Ready flags
  const armies = Object.values(s.nobles).filter((n) => n.location.kind === 'region');
  armies.forEach((n, i) => {
    const cap = Math.ceil(n.troops.reduce((m, t) => m + troop(t), 0) / 100) - 1;
    n.casualties = Math.max(0, Math.min(sc.hurt[i % sc.hurt.length]!, cap));
    if (n.baron === 'blue') n.ready = (sc.tired >> (i % 4) & 1) === 0;
  });
  s.secret.fateDeck = createRng(`p${sc.seed}`, 'deck').shuffle(s.secret.fateDeck);
  const target = sc.mode === 2 ? 'neutral' as const : 'blue' as const;
  const t = targetIn(s, 'green', R, target);
  if (!t) return null;
  // #7: blue consents to the attack on the neutral city when his nobles stand there
  return { s, attack: { target, kind: t.kinds[sc.kind % t.kinds.length]!, armies: Object.keys(ga).slice(0, 1 + (sc.kind % Object.keys(ga).length)), consents: { blue: true } } };
}

/** An answer for the stage the combat is at, from the picks (or the default when the pick says so). */
export function answerFor(s: WkState, pick: () => number): CombatAnswers {
  const f = s.combat!;
  if (pick() % 3 === 0) return {};
  const any = <T>(xs: readonly T[]): T | undefined => (xs.length === 0 ? undefined : xs[pick() % xs.length]);
  switch (f.stage) {
    case 'commander': return { commander: any(f.defenders) };
    case 'discard': {
      const out: Partial<Record<CombatSide, string[]>> = {};
      for (const side of ['attacker', 'defender'] as const) {
        const mine = s.secret.combatDraws![side];
        if (f.commander[side] === null || mine.length === 0) continue;
        const min = discards(mine.length, true, s.config);
        out[side] = mine.slice(0, min + (pick() % (mine.length - min + 1)));
      }
      return { discard: out };
    }
    case 'ability': return { ability: { attacker: pick() % 2 === 0, defender: pick() % 2 === 0 } };
    case 'allocate-attacker': case 'allocate-defender': {
      const side = f.stage === 'allocate-attacker' ? 'attacker' : 'defender';
      const room = absorbers(s, f, side);
      const n = Math.min(f.suffered[side], Object.values(room).reduce((a, b) => a + b, 0));
      const plan: Record<string, number> = {};
      for (let i = 0; i < n; i++) { const k = any(Object.keys(room).filter((x) => room[x]! > 0))!; room[k]!--; plan[k] = (plan[k] ?? 0) + 1; }
      return { allocate: { [side]: plan } };
    }
    case 'aftermath': {
      const retreat: Record<string, string> = {};
      for (const id of f.retreating) { const r = any(retreatRegions(s, id)); if (r) retreat[id] = r; }
      return { retreat };
    }
    case 'ransom': return { ransomCity: any(ransomChoices(s, 'blue')) };
    case 'capture': return { capture: pick() % 2 === 0 ? 'control' : 'raze' };
    case 'done': return {};
  }
}
