/**
 * Land combat arithmetic, rules §6.2–§6.9 and §6.13 [T §6.1–§6.7, §13.2, §15], used by both
 * resolution modes (the tabletop report and ABR, §6.12):
 * - §6.2 the HOTT attacker/defender roll with the campaign modifiers (D4) [P A-17], and the
 *   campaign roles "attacker"/"attacked" of the non-decisive outcomes [P A-18];
 * - §6.4 the fate of a character whose element is destroyed (D3), for the sovereign when he
 *   commands, else the army's general [P A-12], and the civil-war roll that follows (D7);
 * - §6.5–§6.9 the campaign losses of every outcome (D5) and their allocation (1 AP per allied
 *   contingent where the text says so, the main army the rest, never below 0);
 * - §6.8 the winner of an unfinished battle without agreement;
 * - §6.13 step 5 the battle prestige, and applying the losses to the state (M1).
 * Pure: dice and facts in, results or a new state out.
 */
import type { GruikConfig } from '../constants.ts';
import type { ArmyId, GruikState, ProvinceId, StateId } from '../state.ts';
import { addMod } from './army-size.ts';
import type { Dice } from './dice.ts';
import { friendlyProvinceFor } from './relations.ts';

// ─── §6.2 attacker and defender ────────────────────────────────────────────────────────────────

/** D4 [T §6.1]: +1 the main army moved this season (a reaction too [P]), +1 in a province not controlled by its own state, +1 in an enemy province. TV-21. */
export function hottModifier(c: GruikConfig, f: { moved: boolean; ownControl: boolean; enemyProvince: boolean }): number {
  return (f.moved ? c.combat.hottMoved : 0) + (f.ownControl ? 0 : c.combat.hottNotControlled) + (f.enemyProvince ? c.combat.hottEnemy : 0);
}

export interface HottSide { state: StateId; mod: number }

/**
 * [P A-17] Each side rolls d6 + its modifier; the higher total is the HOTT attacker; ties rerolled,
 * at most `combat.hottRerolls` times: at the bound the higher modifier attacks, then the lower id.
 */
export function hottAttacker(c: GruikConfig, dice: Dice, battle: string, a: HottSide, b: HottSide, phase = 'S6.3'): { attacker: StateId; defender: StateId; totals: [number, number][] } {
  const totals: [number, number][] = [];
  const roll = (side: HottSide) => side.mod + dice.roll({ sides: 6, phase, event: `battle:${battle}:hott:${side.state}`, purpose: 'HOTT attacker/defender (d6 + D4)', rule: '[T §6.1; P A-17]', audience: [a.state, b.state] });
  for (let i = 0; i <= c.combat.hottRerolls; i++) {
    const ta = roll(a), tb = roll(b);
    totals.push([ta, tb]);
    if (ta !== tb) return ta > tb ? { attacker: a.state, defender: b.state, totals } : { attacker: b.state, defender: a.state, totals };
  }
  const aFirst = a.mod !== b.mod ? a.mod > b.mod : a.state < b.state; // [P] the bound
  return aFirst ? { attacker: a.state, defender: b.state, totals } : { attacker: b.state, defender: a.state, totals };
}

/**
 * The campaign roles of the non-decisive outcomes [P A-18]: the "attacked" side is the one whose
 * state controls the province or is friendly to its controller, the "attacker" the other; when
 * neither or both qualify, the HOTT roles decide (the HOTT defender is the attacked). TV-21.
 */
export function campaignRoles(s: GruikState, province: ProvinceId, a: StateId, b: StateId, hottDefender: StateId): { attacker: StateId; attacked: StateId } {
  const qa = friendlyProvinceFor(s, province, a), qb = friendlyProvinceFor(s, province, b);
  const attacked = qa !== qb ? (qa ? a : b) : hottDefender;
  return { attacked, attacker: attacked === a ? b : a };
}

// ─── §6.4 characters ───────────────────────────────────────────────────────────────────────────

export type Fate = 'escapes' | 'captured' | 'killed';

/** D3 [T §6.3]: 1–2 escapes; 3–4 captured if in close combat, else escapes; 5–6 killed. TV-27. */
export function fateOf(c: GruikConfig, face: number, inCloseCombat: boolean): Fate {
  if (face <= c.combat.fateEscapeMax) return 'escapes';
  if (face <= c.combat.fateCaptureMax) return inCloseCombat ? 'captured' : 'escapes';
  return 'killed';
}

/** The character the general element stands for: the sovereign if he commands, else the army's general [T §6.3; P A-12]. */
export function elementCharacter(s: GruikState, army: ArmyId): string {
  const a = s.armies[army];
  if (!a) throw new Error(`unknown army ${army}`);
  return a.sovereignPresent ? s.realms[a.state]!.sovereign : a.general;
}

/** D3 rolled for a destroyed element, then (captured or killed) the civil-war roll D7 `d6 ≤ 1` [T §6.3, §13.2]. TV-27. */
export function characterLoss(c: GruikConfig, dice: Dice, battle: string, state: StateId, character: string, inCloseCombat: boolean, phase = 'S6.4'): { fate: Fate; prestige: number; civilWar: boolean } {
  const face = dice.roll({ sides: 6, phase, event: `battle:${battle}:fate:${character}`, purpose: 'fate of a character (D3)', rule: '[T §6.3] D3', audience: [] });
  const fate = fateOf(c, face, inCloseCombat);
  if (fate === 'escapes') return { fate, prestige: 0, civilWar: false };
  const cw = dice.roll({ sides: 6, phase, event: `battle:${battle}:civil-war:${state}`, purpose: 'civil war on a character lost (D7)', rule: '[T §13.2] D7', audience: [state] });
  return { fate, prestige: -c.prestige.characterLost, civilWar: cw <= c.civilWar.onCharacterLoss }; // [T §15] −1 per general captured or killed
}

// ─── §6.5–§6.9 losses ──────────────────────────────────────────────────────────────────────────

/** One side's situation after a battle, as the loss rules read it. */
export interface SideFacts {
  state: StateId;
  /** The province is controlled by this side's own state [P A-19]. */
  ownControl: boolean;
  /** Allied contingents that took part (withheld ones excluded [P A-11]). */
  allies: number;
  /** AP of elements lost on the table. */
  onTable: number;
  fielded: number;
}

export type LossRule = 'decisiveLoser' | 'decisiveWinner' | 'noWinner' | 'mutual' | 'unfinishedWinner' | 'unfinishedLoser';

export interface Loss { total: number; allied: number[]; main: number }

/** [P §6.5] L split: 1 AP to each allied contingent while L lasts, the main army the rest (never below 0). */
export function allocate(total: number, allies: number, alliedShare: boolean): Loss {
  const allied = alliedShare ? Array.from({ length: allies }, (_, i) => (i < total ? 1 : 0)) : Array.from({ length: allies }, () => 0);
  const main = Math.max(0, total - allied.reduce((n, x) => n + x, 0));
  return { total: main + allied.reduce((n, x) => n + x, 0), allied, main };
}

/** The winner's formula [T §6.4]: 0 after 0 on the table [P], 1 after 1–6 (no allied share), 3 after more (1 per allied contingent). TV-24. */
function winnerLoss(c: GruikConfig, onTable: number, allies: number): Loss {
  if (onTable <= 0) return allocate(0, allies, false); // [P A-59] a winner who lost 0 AP on the table: 0 campaign loss
  if (onTable <= c.combat.winnerBand) return allocate(c.combat.winnerSmall, allies, false);
  return allocate(c.combat.winnerLarge, allies, true);
}

/** A base loss with the province modifier: −1 at home, +1 elsewhere [T §6.4; P A-19], 1 per allied contingent. */
function baseLoss(c: GruikConfig, base: number, f: SideFacts): Loss {
  return allocate(Math.max(0, base + (f.ownControl ? -c.combat.provinceMod : c.combat.provinceMod)), f.allies, true);
}

/**
 * The campaign loss of one side (D5) [T §6.4–§6.7]:
 * decisive loser 4 ± 1; decisive winner 0 / 1 / 3; no winner (nightfall, agreed stop, the
 * non-decisive agreements) the winner's formula on its own table losses, no province modifier [P A-20];
 * mutual demoralisation 3 ± 1 [P A-19]; unfinished without agreement 2 ± 1 for the winner, 3 ± 1 for the loser [P A-19].
 * TV-22 – TV-26, TV-29.
 */
export function campaignLoss(c: GruikConfig, rule: LossRule, f: SideFacts): Loss {
  switch (rule) {
    case 'decisiveLoser': return baseLoss(c, c.combat.loserBase, f);
    case 'decisiveWinner': case 'noWinner': return winnerLoss(c, f.onTable, f.allies);
    case 'mutual': return baseLoss(c, c.combat.mutualBase, f);
    case 'unfinishedWinner': return baseLoss(c, c.combat.unfinishedWinnerBase, f);
    case 'unfinishedLoser': return baseLoss(c, c.combat.unfinishedLoserBase, f);
  }
}

/**
 * §6.8 without agreement [T §6.6]: the lower percentage of losses (on-table AP ÷ AP fielded) wins;
 * the commands-lost tiebreak compares nothing in HOTT and is skipped [P A-23]; then fewer characters
 * captured or killed; then a draw: d6 each, ties rerolled, at most `combat.hottRerolls` times, then the lower id [P]. TV-26.
 */
export function unfinishedWinner(c: GruikConfig, dice: Dice, battle: string, a: SideFacts & { charactersLost: number }, b: SideFacts & { charactersLost: number }, phase = 'S6.3'): StateId {
  const pa = a.onTable * b.fielded, pb = b.onTable * a.fielded; // a.onTable / a.fielded vs b.onTable / b.fielded, in integers
  if (pa !== pb) return pa < pb ? a.state : b.state;
  if (a.charactersLost !== b.charactersLost) return a.charactersLost < b.charactersLost ? a.state : b.state;
  for (let i = 0; i <= c.combat.hottRerolls; i++) {
    const da = dice.roll({ sides: 6, phase, event: `battle:${battle}:draw:${a.state}`, purpose: 'unfinished battle, drawing lots', rule: '[T §6.6]', audience: [a.state, b.state] });
    const db = dice.roll({ sides: 6, phase, event: `battle:${battle}:draw:${b.state}`, purpose: 'unfinished battle, drawing lots', rule: '[T §6.6]', audience: [a.state, b.state] });
    if (da !== db) return da > db ? a.state : b.state;
  }
  return a.state < b.state ? a.state : b.state;
}

/** A battle's result as the tabletop report gives it (§6.12.1 `BattleReport.outcome`), or as ABR makes it. */
export type BattleOutcome =
  | { kind: 'decisive'; winner: StateId }
  | { kind: 'nightfall'; leaver?: StateId }
  | { kind: 'agreedStop'; agreement: 'attackedToFortress' | 'attackedAbandons' | 'attackerWithdraws' | 'none' }
  | { kind: 'unfinished'; agreement: 'nonDecisive' | 'winnerExtrapolated' | 'diceOff' | 'none'; winner?: StateId }
  | { kind: 'mutualDemoralisation' };

export interface OutcomeLosses {
  /** The winner and loser when there are some (§6.7 and §6.9 have neither). */
  winner: StateId | null;
  loser: StateId | null;
  losses: Record<StateId, Loss>;
  /** Battle-outcome prestige is awarded (decisive battles, and the §6.8 no-agreement winner [P]). */
  prestige: boolean;
  /** The agreed or default end of a battle without a winner [T §6.5]: the attacker withdraws when the players do not agree. */
  agreement?: 'attackedToFortress' | 'attackedAbandons' | 'attackerWithdraws';
  /** Catastrophes due next season, per state [T §6.6]. */
  pendingCatastrophes: Record<StateId, number>;
}

type Side = SideFacts & { charactersLost: number };

/**
 * The campaign losses of a battle's outcome, §6.5–§6.9 [T §6.4–§6.7]: decisive (and the §6.8
 * extrapolated or dice-off winners: "then apply the decisive rules"), nightfall and agreed stop (no
 * winner, the winner's formula for each [P A-20]), mutual demoralisation (3 ± 1 each [P A-19]), the
 * unfinished battle without agreement (lowest percentage wins; 2 ± 1 and 3 ± 1; two catastrophes
 * each next turn). The §6.8(c) dice-off: d6 each, ties rerolled [P], bounded like the HOTT roll.
 * TV-22 – TV-26, TV-29.
 */
export function outcomeLosses(c: GruikConfig, dice: Dice, battle: string, outcome: BattleOutcome, a: Side, b: Side, phase = 'S6.4'): OutcomeLosses {
  const decisive = (winner: StateId, prestige: boolean, rules: [LossRule, LossRule] = ['decisiveWinner', 'decisiveLoser']): OutcomeLosses => {
    const [w, l] = winner === a.state ? [a, b] : [b, a];
    return { winner: w.state, loser: l.state, losses: { [w.state]: campaignLoss(c, rules[0], w), [l.state]: campaignLoss(c, rules[1], l) }, prestige, pendingCatastrophes: {} };
  };
  const none = (rule: LossRule, agreement: OutcomeLosses['agreement']): OutcomeLosses => ({
    winner: null, loser: null, losses: { [a.state]: campaignLoss(c, rule, a), [b.state]: campaignLoss(c, rule, b) }, prestige: false, pendingCatastrophes: {}, ...(agreement ? { agreement } : {}),
  });
  const named = (w: StateId | undefined): StateId => {
    if (w !== a.state && w !== b.state) throw new Error(`battle ${battle}: the winner ${w} is neither side`);
    return w;
  };
  switch (outcome.kind) {
    case 'decisive': return decisive(named(outcome.winner), true);
    case 'nightfall': return none('noWinner', undefined);
    case 'agreedStop': return none('noWinner', outcome.agreement === 'none' ? 'attackerWithdraws' : outcome.agreement);
    case 'mutualDemoralisation': return none('mutual', 'attackerWithdraws');
    case 'unfinished':
      switch (outcome.agreement) {
        case 'nonDecisive': return none('noWinner', 'attackerWithdraws');
        case 'winnerExtrapolated': return decisive(named(outcome.winner), true);
        case 'diceOff': {
          for (let i = 0; i <= c.combat.hottRerolls; i++) {
            const da = dice.roll({ sides: 6, phase, event: `battle:${battle}:dice-off:${a.state}`, purpose: 'very close battle settled by dice', rule: '[T §6.6; P]', audience: [a.state, b.state] });
            const db = dice.roll({ sides: 6, phase, event: `battle:${battle}:dice-off:${b.state}`, purpose: 'very close battle settled by dice', rule: '[T §6.6; P]', audience: [a.state, b.state] });
            if (da !== db) return decisive(da > db ? a.state : b.state, true);
          }
          return decisive(a.state < b.state ? a.state : b.state, true);
        }
        case 'none': {
          const out = decisive(unfinishedWinner(c, dice, battle, a, b, phase), true, ['unfinishedWinner', 'unfinishedLoser']);
          out.pendingCatastrophes = { [a.state]: c.combat.unfinishedCatastrophes, [b.state]: c.combat.unfinishedCatastrophes };
          return out;
        }
      }
  }
}

// ─── §6.13 prestige and applying losses ────────────────────────────────────────────────────────

/**
 * Battle prestige, decisive battles only [T §15; P A-21]: the winner +2 (+1 more if its sovereign
 * took part), each volunteer ally's state on the winning side +1, the loser −1 (−1 more if its army
 * was captured for lack of a retreat). Character losses are counted apart (`characterLoss`). TV-30.
 */
export function battlePrestige(c: GruikConfig, w: { state: StateId; sovereignPresent: boolean; volunteerAllies: StateId[] }, l: { state: StateId; capturedNoRetreat: boolean }): Record<StateId, number> {
  const out: Record<StateId, number> = {};
  const add = (st: StateId, d: number) => { out[st] = (out[st] ?? 0) + d; };
  add(w.state, c.prestige.battleWin + (w.sovereignPresent ? c.prestige.sovereignWin : 0));
  for (const ally of w.volunteerAllies) add(ally, c.prestige.volunteerAllyWin);
  add(l.state, -c.prestige.battleLoss - (l.capturedNoRetreat ? c.prestige.capturedNoRetreat : 0));
  return out;
}

/**
 * M1 [T §6.4; P §6.5]: a side's loss applied to the state. The main army's share comes off its
 * `currentAP` (not below 0) and its modifier; each allied contingent's share off its AP and off
 * its parent army's modifier; a contingent left with 0 AP ceases to exist (not a "lost" detachment, no M3).
 * `contingents` lists the allied contingents in the order of `loss.allied`.
 */
export function applyLoss(s: GruikState, army: ArmyId, loss: Loss, contingents: readonly string[]): GruikState {
  const t = structuredClone(s);
  const a = t.armies[army];
  if (!a) throw new Error(`unknown army ${army}`);
  a.currentAP = Math.max(0, a.currentAP - loss.main);
  a.mod = addMod(t.config, a.mod, -loss.main);
  loss.allied.forEach((share, i) => {
    const id = contingents[i];
    if (!id || share === 0) return;
    const d = t.detachments[id];
    const joinedArmy = t.armies[id];
    if (d) {
      d.ap = Math.max(0, d.ap - share);
      const parent = t.armies[d.parentArmy];
      if (parent) parent.mod = addMod(t.config, parent.mod, -share);
      if (d.ap === 0) {
        delete t.detachments[id];
        if (parent) parent.detachmentsCreated = parent.detachmentsCreated.filter((x) => x !== id);
        a.alliedDetachments = a.alliedDetachments.filter((x) => x !== id);
      }
    } else if (joinedArmy) { // [P A-09] an under-18 army joined as a contingent bears its share itself
      joinedArmy.currentAP = Math.max(0, joinedArmy.currentAP - share);
      joinedArmy.mod = addMod(t.config, joinedArmy.mod, -share);
    }
  });
  return t;
}
