/**
 * A battle's result applied to the state, rules §6.13 (the post-battle checklist), for one pair of
 * main armies, whether the result comes from the tabletop report (§6.12.1) or from ABR (§6.12.2):
 * 1. the campaign losses (§6.5–§6.9, battle.ts) on each army, its allied contingents and their
 *    parent armies (M1);
 * 2. character fates: captured (captor: the opposing main side) or killed [T §6.3];
 * 3. for each general or sovereign captured or killed: prestige −1 and the civil-war roll (D7); the
 *    states whose roll came up are returned — entering civil war (§8.7.3) is not written yet;
 * 4. the loser's retreat (§5.9, retreat.ts): its choice, else the first of its default order; with
 *    none it is captured;
 * 5. battle prestige (decisive only) [T §15];
 * 6. the yoke counters: the winner's consecutive defeats back to 0, the loser's +1 (decisive only) [P];
 * 8. `fought` on every force that took part.
 * Then, for a battle without a winner (§6.7): the nightfall leaver's retreat (as a loser's, with the
 * fortress roll), or the agreed end — by default the attacker withdraws (`applyAgreement`).
 * Step 7 (sieges) waits for the siege rules (§8.1).
 * `runAbrBattle` puts §6.2, ABR and this together. Every prestige change goes to the ledger (§2.11).
 */
import type { ArmyId, GruikState, ProvinceId, StateId } from '../state.ts';
import { abrRefusal, resolveAbr, type AbrSide, type NonDecisiveAgreement } from './abr.ts';
import { battleBudget, joinedForces } from './army-size.ts';
import { applyLoss, battlePrestige, campaignRoles, characterLoss, elementCharacter, hottAttacker, hottModifier, outcomeLosses, type BattleOutcome, type Fate, type Loss, type OutcomeLosses } from './battle.ts';
import type { Dice } from './dice.ts';
import { friendlyProvinceFor } from './relations.ts';
import { retreat, retreatOptions, type RetreatOption, type RetreatResult } from './retreat.ts';
import { cause as word, FATE_WORD } from '../words.ts';
import type { Localized } from '../../../engine/ruleset.ts';

/** `pinned`: AP an army keeps out of this battle (a besieger's case 1 against a relief force, §8.1.5 [T §8.4]). */
export interface BattleSpec { id: string; province: ProvinceId; armies: [ArmyId, ArmyId]; pinned?: Partial<Record<ArmyId, number>> }

/** What an army fields in this battle: its budget (§4.7) less what it pins at a siege (§8.1.5 case 1), at most BATTLE_CAP. */
export function fieldedIn(s: GruikState, spec: BattleSpec, army: ArmyId): number {
  const pin = spec.pinned?.[army] ?? 0;
  if (pin <= 0) return battleBudget(s, army).fielded;
  return Math.min(Math.max(0, battleBudget(s, army).total - pin), s.config.army.battleCap);
}

export interface BattleFacts {
  outcome: BattleOutcome;
  /** AP lost on the table, per main side's state. */
  onTable: Record<StateId, number>;
  /** General elements destroyed (§6.4), with whether in close combat; `fate` when already rolled (ABR's step 4). */
  elements: { state: StateId; inCloseCombat: boolean; fate?: Fate }[];
  /** The loser's retreat (or the nightfall leaver's): its choice (null: it declares none possible); absent: its default order (§5.9). */
  loserRetreat?: RetreatOption | null;
  /** The HOTT defender (§6.2), for the campaign roles when control does not settle them; default the second army's state. */
  hottDefender?: StateId;
}

export interface BattleApplied {
  state: GruikState;
  result: OutcomeLosses;
  fates: { state: StateId; character: string; fate: Fate }[];
  /** States whose civil-war roll came up (D7): §8.7.3 is theirs to apply. */
  civilWar: StateId[];
  prestige: Record<StateId, number>;
  retreat?: RetreatResult;
}

const PHASE = 'S6.4';

/**
 * The retreat a beaten (or nightfall-leaving) army takes (§5.9): the report's choice when the rules
 * allow it where the army stands now, else the first of its default order; none: captured. [P] A
 * reported retreat is checked here, not when reported: the reporter may not know every force that
 * bars a way (fog), and another battle of S6.3 may have closed it since; it then falls back.
 */
function retreatChoice(t: GruikState, army: ArmyId, asked: RetreatOption | null | undefined): RetreatOption | null {
  const legal = retreatOptions(t, army);
  if (asked === null) return null;
  if (asked && legal.some((o) => JSON.stringify(o) === JSON.stringify(asked))) return asked;
  return legal[0] ?? null;
}

export function applyBattle(s: GruikState, spec: BattleSpec, facts: BattleFacts, dice: Dice): BattleApplied {
  let t = structuredClone(s);
  const [ia, ib] = spec.armies;
  const A = t.armies[ia], B = t.armies[ib];
  if (!A || !B) throw new Error(`battle ${spec.id}: unknown army`);
  const sides = [A, B];
  const prestige: Record<StateId, number> = {};
  const addPrestige = (st: StateId, d: number, cause: Localized, rule: string) => {
    if (d === 0) return;
    prestige[st] = (prestige[st] ?? 0) + d;
    t.realms[st]!.prestige += d;
    t.ledger.push({ season: t.season, state: st, what: 'prestige', delta: d, cause, rule });
  };
  const other = (st: StateId) => (st === A.state ? B.state : A.state);

  // 2–3. character fates, each loss −1 and a civil-war roll (rolled first: §6.8's tiebreak counts them)
  const fates: BattleApplied['fates'] = [];
  const civilWar: StateId[] = [];
  for (const e of facts.elements) {
    const army = sides.find((a) => a.state === e.state);
    if (!army) throw new Error(`battle ${spec.id}: ${e.state} is not a side`);
    const character = elementCharacter(t, army.id);
    let fate: Fate, cw: boolean;
    if (e.fate === undefined) ({ fate, civilWar: cw } = characterLoss(t.config, dice, spec.id, e.state, character, e.inCloseCombat, PHASE));
    else {
      fate = e.fate;
      cw = fate !== 'escapes' && dice.roll({ sides: 6, phase: PHASE, event: `battle:${spec.id}:civil-war:${e.state}`, purpose: 'civil war on a character lost (D7)', rule: '[T §13.2] D7', audience: [e.state] }) <= t.config.civilWar.onCharacterLoss;
    }
    fates.push({ state: e.state, character, fate });
    if (fate !== 'escapes') {
      const ch = t.characters[character]!;
      if (fate === 'killed') ch.status = 'dead';
      else { ch.status = 'captive'; ch.captor = other(e.state); ch.capturedAt = t.season; }
      addPrestige(e.state, -t.config.prestige.characterLost, word('characterLost', { c: ch.name, f: FATE_WORD[fate], b: spec.id }), '[T §15; P A-12]');
    }
    if (cw) civilWar.push(e.state);
  }

  // 1. campaign losses
  const facts2 = sides.map((a) => {
    const allied = joinedForces(t, a.id).filter((f) => f.allied);
    return {
      state: a.state, ownControl: t.provinces[spec.province]?.controller === a.state, allies: allied.length,
      onTable: facts.onTable[a.state] ?? 0, fielded: fieldedIn(t, spec, a.id),
      charactersLost: fates.filter((f) => f.state === a.state && f.fate !== 'escapes').length, contingents: allied.map((f) => f.id),
    };
  });
  // the volunteer allies that took part, counted before losses can end a contingent
  const volunteersOf = new Map(sides.map((a) => [a.state, joinedForces(t, a.id).filter((f) => f.allied && t.detachments[f.id]?.kind === 'volunteerAlly').map((f) => t.detachments[f.id]!.state)]));
  const result = outcomeLosses(t.config, dice, spec.id, facts.outcome, facts2[0]!, facts2[1]!, PHASE);
  for (const [i, a] of sides.entries()) t = applyLoss(t, a.id, result.losses[a.state] as Loss, facts2[i]!.contingents);
  for (const [st, n] of Object.entries(result.pendingCatastrophes)) t.realms[st]!.pendingCatastrophes += n;

  // 8. every force that took part has fought
  for (const a of sides) {
    t.armies[a.id]!.fought = true;
    for (const f of joinedForces(t, a.id)) { const g = t.armies[f.id] ?? t.detachments[f.id]; if (g && 'fought' in g) g.fought = true; }
  }

  // 4. the loser's retreat
  let retreatResult: RetreatResult | undefined;
  if (result.loser && result.winner) {
    const loserArmy = sides.find((a) => a.state === result.loser)!.id;
    const choice = retreatChoice(t, loserArmy, facts.loserRetreat);
    retreatResult = retreat(t, loserArmy, choice, true, dice, result.winner, PHASE);
    t = retreatResult.state;
    for (const [st, d] of Object.entries(retreatResult.prestige)) addPrestige(st, d, word('armyCaptured', { b: spec.id }), '[T §15; P A-72]');

    // 5. battle prestige; 6. yoke counters
    if (result.prestige) {
      const w = sides.find((a) => a.state === result.winner)!;
      const p = battlePrestige(t.config, { state: w.state, sovereignPresent: w.sovereignPresent, volunteerAllies: volunteersOf.get(w.state) ?? [] }, { state: result.loser, capturedNoRetreat: false });
      for (const [st, d] of Object.entries(p)) addPrestige(st, d, word('battle', { b: spec.id }), '[T §15]');
      t.realms[result.winner]!.consecutiveMainArmyDefeats = 0;
      t.realms[result.loser]!.consecutiveMainArmyDefeats += 1;
    }
  }

  // §6.7 without a winner: the side leaving the field at nightfall, or the agreed (or default) end
  if (facts.outcome.kind === 'nightfall' && facts.outcome.leaver) {
    const leaver = sides.find((a) => a.state === (facts.outcome as { leaver: StateId }).leaver);
    if (!leaver) throw new Error(`battle ${spec.id}: the leaver is neither side`);
    const choice = retreatChoice(t, leaver.id, facts.loserRetreat);
    if (choice) { retreatResult = retreat(t, leaver.id, choice, true, dice, other(leaver.state), PHASE); t = retreatResult.state; }
  } else if (result.agreement) {
    const roles = campaignRoles(t, spec.province, A.state, B.state, facts.hottDefender ?? B.state);
    const army = (st: StateId) => sides.find((a) => a.state === st)!.id;
    t = applyAgreement(t, spec.province, army(roles.attacker), army(roles.attacked), result.agreement);
  }
  return { state: t, result, fates, civilWar, prestige, ...(retreatResult ? { retreat: retreatResult } : {}) };
}

/**
 * The end of a battle without a winner [T §6.5; P §6.7, A-18, A-22]; each withdrawal is that
 * force's retreat for the turn:
 * - 'attackedToFortress': the attacked side goes into the fortress, no roll (the siege is S7's);
 * - 'attackedAbandons': the attacked side leaves by land or sea (its first legal way, §5.9 order)
 *   and the province passes to the attacker at once, unless other forces of the controller still
 *   hold the fortress (then the attacker must besiege);
 * - 'attackerWithdraws': the attacker leaves by land or sea (its first legal way).
 * A side with no legal way out stays where it is [P, ours: the text gives no case].
 */
export function applyAgreement(s: GruikState, province: ProvinceId, attacker: ArmyId, attacked: ArmyId, agreement: NonDecisiveAgreement): GruikState {
  const leave = (t: GruikState, army: ArmyId): GruikState => {
    const way = retreatOptions(t, army).find((o) => o.kind !== 'fortress');
    return way ? retreat(t, army, way, false, NO_DICE, null).state : t;
  };
  switch (agreement) {
    case 'attackedToFortress': {
      const inside = retreatOptions(s, attacked).some((o) => o.kind === 'fortress');
      return inside ? retreat(s, attacked, { kind: 'fortress' }, false, NO_DICE, null).state : s;
    }
    case 'attackerWithdraws': return leave(s, attacker);
    case 'attackedAbandons': {
      const t = leave(s, attacked);
      const controller = t.provinces[province]?.controller;
      const garrison = [...Object.values(t.armies), ...Object.values(t.detachments)].some((f) => f.location === province && f.inFortress && f.state === controller);
      if (!garrison && controller !== t.armies[attacker]!.state) {
        t.provinces[province]!.controller = t.armies[attacker]!.state;
        t.provinces[province]!.controlSince = t.season;
      }
      return t;
    }
  }
}

/** Withdrawals by agreement roll no die (before-combat rules: the fortress always succeeds). */
const NO_DICE: Dice = { roll: () => { throw new Error('an agreed withdrawal rolls no die'); }, log: [] };

/**
 * One battle auto-resolved (§6.12.2) and applied: the HOTT attacker by §6.2 (D4 from where each
 * army stands and whether it moved), ABR on the fielded budgets, then `applyBattle`. `quality`: GM
 * quality modifiers per state (default 0); `agreement`: the non-decisive outcome both standing orders name.
 */
export function runAbrBattle(s: GruikState, spec: BattleSpec, dice: Dice, opts: { quality?: Record<StateId, number>; agreement?: NonDecisiveAgreement } = {}): BattleApplied {
  const [A, B] = spec.armies.map((id) => s.armies[id]!);
  if (!A || !B) throw new Error(`battle ${spec.id}: unknown army`);
  const mod = (a: typeof A) => hottModifier(s.config, { moved: a.moved, ownControl: s.provinces[spec.province]?.controller === a.state, enemyProvince: !friendlyProvinceFor(s, spec.province, a.state) });
  const roles = hottAttacker(s.config, dice, spec.id, { state: A.state, mod: mod(A) }, { state: B.state, mod: mod(B) });
  const side = (a: typeof A): AbrSide => ({ state: a.state, fielded: fieldedIn(s, spec, a.id), hottDefender: roles.defender === a.state, qualityMod: opts.quality?.[a.state] ?? 0, character: elementCharacter(s, a.id) });
  const [first, second] = roles.attacker === A.state ? [A, B] : [B, A];
  const bad = abrRefusal(s.config, side(first), side(second));
  if (bad) throw new Error(bad.message.en);
  const abr = resolveAbr(s.config, dice, spec.id, side(first), side(second), opts.agreement);
  const outcome: BattleOutcome = abr.outcome.kind === 'decisive' ? { kind: 'decisive', winner: abr.outcome.winner }
    : abr.outcome.kind === 'mutual' ? { kind: 'mutualDemoralisation' } : { kind: 'agreedStop', agreement: abr.outcome.agreement };
  // ABR has rolled the fates (its step 4): they are applied as rolled, in §6.13's order.
  const elements = abr.elements.filter((e) => e.destroyed).map((e) => ({ state: e.state, inCloseCombat: !!e.inCloseCombat, fate: e.fate! }));
  return applyBattle(s, spec, { outcome, onTable: abr.onTable, elements, hottDefender: roles.defender }, dice);
}
