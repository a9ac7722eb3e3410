/**
 * A battle, rules §8.4 [T §6.0–§6.3, T-FAQ] and the §11.5 battle machine (DECLARED → SIDES_FORMING
 * → ROUND(k): ROLL → ALLOCATE → CAPTURE → END_CHECK → END_OF_ROUND_DECISIONS → … → ENDED), as one
 * pure, bounded resolution: every decision of the machine is an explicit input, and a missing
 * answer is the §11.4 default (#25 don't join / refuse, #26 sergeants first and untitled lords
 * first, #27 capture all, #28 the leader holds them, #29 stay, #30/#31 continue). Used by step 6.A
 * (battles.ts) and by raids during movement (movement.ts, §8.3: defender +1 per die, no allies for
 * the raider, no switching).
 *
 * Dice: one combat die per name `battle/<id>/round/<k>/<side>/<i>`, its damage read on the faces
 * of `combat.dieFaces` [P G-02]; tests inject the damages the vectors give. The attacker's dice
 * are drawn before the defender's. Arithmetic from combat.ts (TV-35–TV-42).
 *
 * Surprises at the battle's hold points (§11.3: before round 1 once the sides are formed, and after
 * each round's losses, i.e. before the next round): `answers.surprises[k]` are played before round k
 * in the order given (the flow gives turn order from the active player, §11.3 point 4), each on the
 * state the previous ones left: Ambush and a Tunnel by a member of the attacking side
 * (battle-surprises.ts, TV-46, [P G-36, G-37]); any other surprise card at its own rule
 * (surprise.ts: Assassination, Justice, d'Arc, a Cardinal, a Tunnel freeing prisoners [P G-38]), its
 * effect applied inside the battle (a lord killed no longer fights, a freed lord fights for his
 * family's side if he stands here); a Revolt needs its own window and is refused here
 * ('wrong-moment'). An attacking side left without a free lord ends the battle
 * ('attacker-lordless') [T §10.5].
 * Relics (A.1, relics.ts): the Holy Grail lowers each die of the side that started the battle when
 * the defending side holds it (TV-53), the Holy Lance adds to its side's total in every round it
 * rolls (TV-54); a dead carrier's relic passes to a lord of his side [T §11.1].
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import { BOARD, type VillageId } from '../board.ts';
import type { FiefState, LordId } from '../state.ts';
import { turnOrder } from '../turn-order.ts';
import { struck } from './calamities.ts';
import { diceCount, lossOutcome, type AttackContext, type SideForces } from './combat.ts';
import { createRng } from '../../../engine/rng.ts';
import { heirChoice, heirsFor, killWithHeir, type HeirChoice } from './kill-lord.ts';
import { presentPlayers, removeTroops, troopsOf } from './pieces.ts';
import { endSiege, settleVillage, type FreedChoice } from './settle.ts';
import { followCity } from './city.ts';
import { applyBattleSurprise, battleSurpriseRefusal, type BattleSurprise } from './battle-surprises.ts';
import { playSurprise, type SurprisePlay, type SurpriseRefusal } from './surprise.ts';
import type { CardId } from '../cards.ts';
import { grailDice, lanceBonus, passOnInBattle, relicsOf } from './relics.ts';

export { endSiege, settleVillage };

export type SideName = 'attacker' | 'defender';
const OTHER: Record<SideName, SideName> = { attacker: 'defender', defender: 'attacker' };

/** The damage of one combat die, named by what it decides. */
export type CombatDie = (stream: string) => number;

/** The game's own combat dice: a d6 from the named stream read on the die's faces [P G-02]. */
export function streamCombatDie(s: Pick<FiefState, 'secret' | 'config'>): CombatDie {
  return (stream) => s.config.combat.dieFaces[createRng(s.secret.seed, stream).int(1, 6) - 1]!;
}

export interface BattleSpec {
  /** Names the dice streams (`T3/P1/BLAYE`, `T3/raid/…`). */
  id: string;
  village: VillageId;
  attacker: PlayerId;
  defender: PlayerId;
  /** #25: third players' offers to join a side, and the side leaders' acceptances [P G-17]. */
  offers?: Partial<Record<PlayerId, SideName>>;
  accepts?: Partial<Record<SideName, readonly PlayerId[]>>;
  /** §8.3 raid battle: defender +1 damage per die, no allies for the raider, no side switching. */
  raid?: boolean;
  /** The attacker leaves the walls (sortie, or a raid out of a besieged fortification): no penalty [T §6.4.1]. */
  sortie?: boolean;
  /** A Tunnel is played for this battle [T §10.2.2, P G-37]. */
  tunnel?: boolean;
}

/** The answers of one round (a missing one is the §11.4 default). */
export interface RoundAnswers {
  /** #26: troops lost, among the legal choices; `order`: whose troops go first (default: the side in order). */
  allocation?: Partial<Record<SideName, { sergeants: number; knights: number; order?: readonly PlayerId[] }>>;
  /** #26: the lords killed when every troop is gone (default: untitled first, then fewest titles). */
  killed?: Partial<Record<SideName, readonly LordId[]>>;
  /** #27: survivors the capturing leader leaves free (default: capture all). */
  spare?: readonly LordId[];
  /** #28: who holds each prisoner within the side (default: the leader). */
  jailer?: Partial<Record<LordId, PlayerId>>;
  /** #29: allies switching sides or leaving, per player [P G-59]. */
  switch?: readonly PlayerId[];
  leave?: readonly PlayerId[];
  /** #30: a surrender; #30/#31 a stop both leaders agreed on, or the attacker's own stop before walls. */
  surrender?: SideName;
  stop?: 'agreed' | 'attacker';
}

export interface BattleAnswers {
  rounds?: Partial<Record<number, RoundAnswers>>;
  /** TV-38: lone lords the attacker leaves free (default: capture all). */
  spare?: readonly LordId[];
  /** Surprise cards played at the hold point before round k (k = 1: once the sides are formed). */
  surprises?: Partial<Record<number, readonly BattlePlay[]>>;
  /**
   * §11.3: the plays at the hold after the battle's last round (after its losses and captures),
   * applied before the battle's end (control, engines, prisoners freed, regrouping). A Tunnel for
   * the attack has nothing left to do there ('wrong-moment').
   */
  after?: readonly BattlePlay[];
  /** #39: the heir each dead lord's owner named (dead lord → heir of all his fief titles); missing: the default. */
  heirs?: Partial<Record<LordId, LordId>>;
  /** #13: the controllers who agreed to host each freed lord whose placement needed a consent (present once asked). */
  agreed?: Partial<Record<LordId, readonly PlayerId[]>>;
}

/** A card played at a battle's hold: the battle's own (Ambush, the attackers' Tunnel) or any other surprise at its own rule. */
export type BattlePlay = BattleSurprise | { player: PlayerId; card: CardId; play: SurprisePlay };

export type BattleEnd =
  | 'eliminated' | 'all-eliminated' | 'surrender' | 'agreed-stop' | 'attacker-stop'
  | 'lords-only' | 'no-losses' | 'no-attack-dice' | 'round-cap' | 'lone-lords-captured' | 'attacker-lordless';

export interface RoundLine {
  round: number;
  dice: Record<SideName, number[]>;
  damage: Record<SideName, number>;
  lost: Record<SideName, { sergeants: number; knights: number; killed: LordId[] }>;
  captured: LordId[];
}

export interface BattleResult {
  state: FiefState;
  sides: Record<SideName, PlayerId[]>;
  rounds: RoundLine[];
  end: BattleEnd;
  /** The side left on the field (null: nobody won). */
  winner: SideName | null;
  /** Surprises played at the hold points, with the round they preceded, and those refused. */
  surprises: { round: number; play: BattlePlay; refused: SurpriseRefusal | null }[];
  /** #39: the deaths that opened a choice of heir, in order; `at`: the round (its hold's plays or its losses), rounds + 1 for the hold after the last round. */
  heirChoices: (HeirChoice & { at?: number })[];
  /** #13: the freed lords whose placement needed a consent, in order. */
  freedChoices: FreedChoice[];
}

export type BattleRefusal = 'unknown' | 'no-lord' | 'no-troops' | 'bad-weather' | 'no-defender' | 'no-dice' | 'already-fought' | 'self' | 'no-tunnel';

export const BATTLE_REFUSALS: Record<BattleRefusal, Localized> = {
  unknown: { fr: 'Ce village ou ce joueur n’existe pas.', en: 'There is no such village or player.' },
  'no-lord': { fr: 'Il faut un de vos seigneurs libres dans le village pour déclarer une bataille.', en: 'You need one of your free lords in the village to declare a battle.' },
  'no-troops': { fr: 'Il faut aussi au moins une de vos troupes dans le village : des seigneurs seuls ne combattent pas.', en: 'You also need at least one of your troops in the village: lords alone do not fight.' },
  'bad-weather': { fr: 'Le mauvais temps empêche toute bataille dans cet évêché.', en: 'Bad weather forbids any battle in this bishopric.' },
  'no-defender': { fr: 'Ce joueur n’a aucune pièce libre dans ce village.', en: 'That player has no free piece in this village.' },
  'no-dice': { fr: 'Après les pénalités vous ne lanceriez aucun dé : l’attaque est impossible.', en: 'After the penalties you would roll no die: the attack is impossible.' },
  'already-fought': { fr: 'Vous avez déjà déclaré une bataille dans ce village pendant cette phase.', en: 'You have already declared a battle in this village during this phase.' },
  self: { fr: 'On ne s’attaque pas soi-même.', en: 'You cannot attack yourself.' },
  'no-tunnel': { fr: 'Vous n’avez pas de carte Souterrain en main.', en: 'You hold no Tunnel card.' },
};

const freeLordsOf = (s: FiefState, v: VillageId, p: PlayerId): LordId[] =>
  Object.values(s.lords).filter((l) => l.owner === p && l.prisonerOf === null && l.at?.village === v).map((l) => l.id);

/** §8.4.3: the pooled forces of a side in a village. */
export function sideForces(s: FiefState, v: VillageId, members: readonly PlayerId[]): SideForces {
  let sergeants = 0, knights = 0;
  const lords = [];
  for (const p of members) {
    const t = troopsOf(s, v, p);
    sergeants += t.sergeants; knights += t.knights;
    for (const id of freeLordsOf(s, v, p)) {
      const l = s.lords[id]!;
      lords.push({ gender: l.gender, titled: l.titles.length > 0, darc: l.darc, prisoner: false });
    }
  }
  return { sergeants, knights, lords };
}

const hasPieces = (s: FiefState, v: VillageId, p: PlayerId) => troopsOf(s, v, p).sergeants + troopsOf(s, v, p).knights > 0 || freeLordsOf(s, v, p).length > 0;

/** §8.4.4: what lowers the attacker's dice in this village this round. */
function attackContext(s: FiefState, spec: BattleSpec, sides: Record<SideName, PlayerId[]>, gatesOpened: boolean): AttackContext {
  const vs = s.villages[spec.village]!;
  const inside = vs.fortification !== null && vs.controller === spec.defender; // the defender leader controls the village
  const engineDice = vs.sieges.filter((g) => sides.attacker.includes(g.besieger)).reduce((n, g) => n + g.engineDice, 0);
  return { fortification: inside ? vs.fortification : null, sortie: spec.sortie, gatesOpened, tunnel: spec.tunnel, engineDice };
}

/** §8.4.1: may `attacker` declare a battle on `defender` in `village`? `fought`: villages where he already did this phase [P G-16]. */
export function battleRefusal(s: FiefState, attacker: PlayerId, village: VillageId, defender: PlayerId, opts: { tunnel?: boolean; fought?: readonly VillageId[] } = {}): BattleRefusal | null {
  if (!s.villages[village] || !s.families[defender] || !s.families[attacker]) return 'unknown';
  if (attacker === defender) return 'self';
  if (opts.fought?.includes(village)) return 'already-fought'; // [P G-16]
  if (freeLordsOf(s, village, attacker).length === 0) return 'no-lord';
  const t = troopsOf(s, village, attacker);
  if (t.sergeants + t.knights === 0) return 'no-troops'; // [P G-14]
  if (struck(s, BOARD.villages[village]!.bishopric, 'BAD_WEATHER')) return 'bad-weather'; // [T §2.3.1]
  if (!hasPieces(s, village, defender)) return 'no-defender';
  const dt = troopsOf(s, village, defender);
  if (dt.sergeants + dt.knights === 0) return null; // lone lords: captured without dice (TV-38)
  const sides = { attacker: [attacker], defender: [defender] };
  if (diceCount(sideForces(s, village, [attacker]), s.config, attackContext(s, { id: '', village, attacker, defender, tunnel: opts.tunnel }, sides, false)) < 1) return 'no-dice'; // [T-ex §10.2.2]
  return null;
}

/** #26 default among the legal choices: keep knights (the most sergeants lost). */
function defaultChoice(choices: { sergeants: number; knights: number }[]): { sergeants: number; knights: number } {
  return [...choices].sort((a, b) => b.sergeants - a.sergeants)[0]!;
}

/** Removes `n` sergeants and `k` knights from the side's members, in `order`. */
function takeLosses(s: FiefState, v: VillageId, order: readonly PlayerId[], n: number, k: number): void {
  let sLeft = n, kLeft = k;
  for (const p of order) { // bounded by the side
    const t = troopsOf(s, v, p);
    const ds = Math.min(t.sergeants, sLeft), dk = Math.min(t.knights, kLeft);
    removeTroops(s, v, p, ds, dk);
    sLeft -= ds; kLeft -= dk;
  }
}

/** #26 default: untitled lords die first, then those with the fewest titles, then the latest in play. */
function defaultKilled(s: FiefState, lords: LordId[], n: number): LordId[] {
  return [...lords].sort((a, b) => s.lords[a]!.titles.length - s.lords[b]!.titles.length).slice(0, n);
}

/** §8.4.8: non-controllers' survivors to the outskirts [T-FAQ], each player's stacks merged per position. */
export function regroup(s: FiefState, v: VillageId): void {
  const vs = s.villages[v]!;
  const merged: typeof vs.stacks = [];
  for (const st of vs.stacks) {
    const position = st.player === vs.controller ? { kind: 'CENTER' as const } : { kind: 'OUTSKIRTS' as const };
    const same = merged.find((m) => m.player === st.player && m.position.kind === position.kind);
    if (same) same.groups.push(...st.groups); else merged.push({ player: st.player, position, groups: [...st.groups] });
  }
  vs.stacks = merged;
  for (const l of Object.values(s.lords)) if (l.at?.village === v && l.prisonerOf === null) l.at.position = l.owner === vs.controller ? { kind: 'CENTER' } : { kind: 'OUTSKIRTS' };
}

function capture(s: FiefState, lords: readonly LordId[], jailerOf: (id: LordId) => PlayerId): void {
  for (const id of lords) { const l = s.lords[id]!; l.prisonerOf = jailerOf(id); l.at!.position = { kind: 'OUTSKIRTS' }; }
}

/**
 * Resolves a declared battle to its end (the caller checked `battleRefusal`, or runs a raid).
 * Bounded by `combat.maxRounds`: at the cap the battle ends as an agreed stop, pieces stay [P].
 */
export function fightBattle(state: FiefState, spec: BattleSpec, answers: BattleAnswers = {}, die: CombatDie = streamCombatDie(state)): BattleResult {
  const s = structuredClone(state);
  const c = s.config;
  const v = spec.village;
  const order = turnOrder(s.players, s.firstPlayer ?? s.players[0]!);
  // SIDES_FORMING (#25) [P G-17]: a third player with a free lord there offers, the leader accepts; none in a raid for the raider.
  const sides: Record<SideName, PlayerId[]> = { attacker: [spec.attacker], defender: [spec.defender] };
  for (const p of order) {
    const want = spec.offers?.[p];
    if (!want || p === spec.attacker || p === spec.defender || freeLordsOf(s, v, p).length === 0) continue;
    if (spec.raid && want === 'attacker') continue; // [T §5.2] only the defender may have allies
    if (spec.accepts?.[want]?.includes(p)) sides[want].push(p);
  }
  const rounds: RoundLine[] = [];
  const played: BattleResult['surprises'] = [];
  const live: BattleSpec = { ...spec };
  const leaderOf = (side: SideName) => (side === 'attacker' ? spec.attacker : spec.defender);
  const jailerFor = (side: SideName, chosen: Partial<Record<LordId, PlayerId>> = {}) => (id: LordId): PlayerId => {
    const pick = chosen[id];
    if (pick && sides[side].includes(pick) && hasPieces(s, v, pick)) return pick; // #28
    return hasPieces(s, v, leaderOf(side)) ? leaderOf(side) : sides[side].find((p) => hasPieces(s, v, p)) ?? leaderOf(side);
  };
  const deaths = { heirs: answers.heirs ?? {}, choices: [] as (HeirChoice & { at?: number })[], agreed: answers.agreed ?? {}, freed: [] as FreedChoice[] };
  const playHold = (k: number, plays: readonly BattlePlay[], after: boolean): void => {
    for (const play of plays) { // bounded by the answer
      const ctx = { village: v, sides, tunnel: live.tunnel === true };
      if ('play' in play) { // any other surprise, at its own rule (surprise.ts), inside the battle [§11.3]
        if ('revolt' in play.play || 'revoltTunnel' in play.play || (after && 'battleTunnel' in play.play)) { played.push({ round: k, play, refused: 'wrong-moment' }); continue; }
        const victim = 'assassinate' in play.play ? play.play.assassinate : 'justice' in play.play ? play.play.justice : null;
        const choice = victim ? heirChoice(s, victim) : null;
        const withHeir: SurprisePlay = victim && !('heirs' in play.play && play.play.heirs) ? { ...play.play, heirs: heirsFor(s, victim, deaths) } as SurprisePlay : play.play;
        const r = playSurprise(s, play.player, withHeir, { kind: 'battle', battle: ctx }, deaths); // #13: prisoners freed by the victim's death, as answered
        if (r.ok) { Object.assign(s, r.state); if ('battleTunnel' in play.play) live.tunnel = true; if (choice && !s.lords[choice.lord]) deaths.choices.push({ ...choice, at: k }); }
        played.push({ round: k, play, refused: r.ok ? null : r.reason });
        continue;
      }
      if (after && 'tunnel' in play) { played.push({ round: k, play, refused: 'wrong-moment' }); continue; }
      const refused = battleSurpriseRefusal(s, ctx, play);
      if (!refused) { applyBattleSurprise(s, play); if ('tunnel' in play) live.tunnel = true; }
      played.push({ round: k, play, refused });
    }
  };
  const finish = (end: BattleEnd, winner: SideName | null): BattleResult => {
    // §11.3: the hold after the last round's losses, before the battle's consequences.
    if (rounds.length > 0 && end !== 'attacker-lordless' && answers.after?.length) playHold(rounds.length + 1, answers.after, true);
    // §8.2 [P G-18]: the controller wiped out: the winning side's leader if present, else its first member present.
    const vs = s.villages[v]!;
    if (winner && vs.controller && !presentPlayers(s, v).includes(vs.controller)) {
      const to = [leaderOf(winner), ...sides[winner]].find((p) => presentPlayers(s, v).includes(p));
      if (to) vs.controller = to;
    }
    // §8.4.8 [P G-34]: the losers' engines destroyed (back to the reserve); their sieges end.
    if (winner) for (const p of sides[OTHER[winner]]) if (vs.sieges.some((g) => g.besieger === p)) endSiege(s, v, p);
    settleVillage(s, v, deaths); // #13: a freed lord's consent as answered
    followCity(s, v); // §8.4.9
    regroup(s, v);
    return { state: s, sides, rounds, end, winner, surprises: played, heirChoices: deaths.choices, freedChoices: deaths.freed };
  };
  const troops = (side: SideName) => { const f = sideForces(s, v, sides[side]); return f.sergeants + f.knights; };
  const lordsOn = (side: SideName) => sides[side].flatMap((p) => freeLordsOf(s, v, p));

  // §8.4.1 [T §6.2.3]: lords without troops attacked by a lord with troops are taken at once, no dice (TV-38).
  if (troops('defender') === 0 && troops('attacker') > 0 && lordsOn('attacker').length > 0) {
    capture(s, lordsOn('defender').filter((id) => !answers.spare?.includes(id)), jailerFor('attacker'));
    return finish('lone-lords-captured', 'attacker');
  }
  let gatesOpened = false;
  let quiet = 0;
  for (let k = 1; k <= c.combat.maxRounds; k++) {
    const a = answers.rounds?.[k] ?? {};
    // HOLD (§11.3): surprises before round k [T §10.2.2, §10.5, P G-36, G-37].
    playHold(k, answers.surprises?.[k] ?? [], false);
    if (lordsOn('attacker').length === 0) return finish('attacker-lordless', null); // [T §10.5] troops alone do not attack
    // ROLL (§8.4.5 1–2).
    const forces = { attacker: sideForces(s, v, sides.attacker), defender: sideForces(s, v, sides.defender) };
    const n = { attacker: diceCount(forces.attacker, c, attackContext(s, live, sides, gatesOpened)), defender: diceCount(forces.defender, c) };
    if (n.attacker === 0) return finish('no-attack-dice', null); // [P G-15] treated as case 5
    const dice = { attacker: [] as number[], defender: [] as number[] };
    for (const side of ['attacker', 'defender'] as const) for (let i = 1; i <= n[side]; i++) dice[side].push(die(`battle/${spec.id}/round/${k}/${side}/${i}`));
    const lordsNow = { attacker: lordsOn('attacker'), defender: lordsOn('defender') };
    const damage = {
      // A.1 [T §11.1]: the Grail held by the defending side lowers each attacking die (TV-53); the Lance adds to its side's total (TV-54).
      attacker: grailDice(s, dice.attacker, lordsNow.defender).reduce((x, y) => x + y, 0) + lanceBonus(s, dice.attacker, lordsNow.attacker),
      defender: dice.defender.reduce((x, y) => x + y, 0) + (spec.raid ? n.defender * c.combat.raidDefenderBonusPerDie : 0) // [T §5.2] TV-33
        + lanceBonus(s, dice.defender, lordsNow.defender),
    };
    // ALLOCATE (#26): both sides' losses decided on the forces before any removal, then applied together.
    const line: RoundLine = { round: k, dice, damage, lost: { attacker: { sergeants: 0, knights: 0, killed: [] }, defender: { sergeants: 0, knights: 0, killed: [] } }, captured: [] };
    const capturable: Record<SideName, LordId[]> = { attacker: [], defender: [] };
    const plans = (['attacker', 'defender'] as const).map((side) => {
      const received = damage[OTHER[side]];
      const out = lossOutcome(forces[side], received, c);
      const lords = lordsOn(side);
      if (!out.allTroops) {
        const want = a.allocation?.[side];
        const legal = want && out.choices.some((x) => x.sergeants === want.sergeants && x.knights === want.knights);
        const pick = legal ? want! : defaultChoice(out.choices);
        return { side, sergeants: pick.sergeants, knights: pick.knights, order: want?.order ?? sides[side], killed: [] as LordId[] };
      }
      const chosen = a.killed?.[side];
      const validKill = chosen && chosen.length === out.lordsKilled && new Set(chosen).size === chosen.length && chosen.every((id) => lords.includes(id));
      const killed = validKill ? [...chosen!] : defaultKilled(s, lords, out.lordsKilled);
      capturable[side] = lords.filter((id) => !killed.includes(id));
      return { side, sergeants: forces[side].sergeants, knights: forces[side].knights, order: sides[side], killed };
    });
    for (const p of plans) {
      takeLosses(s, v, p.order.filter((x) => sides[p.side].includes(x)).concat(sides[p.side]), p.sergeants, p.knights);
      for (const id of p.killed) { // §8.4.6; a carrier's relic passes to his side as he falls [T §11.1] (even if the Tooth then saves him [P])
        const held = relicsOf(s, id);
        if (held.length > 0) passOnInBattle(s, held, s.lords[id]!.owner, lordsOn(p.side).filter((x) => x !== id));
        killWithHeir(s, id, 'battle', deaths, k); // #39: the owner's heir if he named one
      }
      line.lost[p.side] = { sergeants: p.sergeants, knights: p.knights, killed: p.killed };
    }
    // CAPTURE (#27, #28) [P G-13]: only a side that still has a troop captures; capture is optional.
    for (const side of ['attacker', 'defender'] as const) {
      if (capturable[side].length === 0 || troops(OTHER[side]) === 0) continue;
      const taken = capturable[side].filter((id) => !a.spare?.includes(id));
      capture(s, taken, jailerFor(OTHER[side], a.jailer));
      line.captured.push(...taken);
    }
    rounds.push(line);
    const lost = plans.some((p) => p.sergeants + p.knights + p.killed.length > 0) || line.captured.length > 0;
    quiet = lost ? 0 : quiet + 1;
    // END_CHECK (§8.4.7).
    const gone = (side: SideName) => troops(side) === 0 && lordsOn(side).length === 0;
    if (gone('attacker') && gone('defender')) return finish('all-eliminated', null); // 7
    if (gone('defender')) return finish('eliminated', 'attacker'); // 1
    if (gone('attacker')) return finish('eliminated', 'defender');
    // END_OF_ROUND_DECISIONS (#30, #31, #29).
    if (a.surrender && troops('attacker') > 0 && troops('defender') > 0) { // 2: only while both sides have troops
      const loser = a.surrender;
      for (const p of sides[loser]) { const t = troopsOf(s, v, p); removeTroops(s, v, p, t.sergeants, t.knights); }
      capture(s, lordsOn(loser), jailerFor(OTHER[loser], a.jailer));
      return finish('surrender', OTHER[loser]);
    }
    if (a.stop === 'agreed') return finish('agreed-stop', null); // 3 [P G-58]
    if (a.stop === 'attacker' && attackContext(s, live, sides, gatesOpened).fortification) return finish('attacker-stop', null); // 4
    if (!spec.raid) for (const p of order) { // [P G-59] per player; allies only, never the leaders
      if (p === spec.attacker || p === spec.defender) continue;
      const side = sides.attacker.includes(p) ? 'attacker' : sides.defender.includes(p) ? 'defender' : null;
      if (!side) continue;
      if (a.leave?.includes(p)) sides[side] = sides[side].filter((x) => x !== p);
      else if (a.switch?.includes(p)) {
        sides[side] = sides[side].filter((x) => x !== p);
        sides[OTHER[side]].push(p);
        if (side === 'defender' && attackContext(s, live, sides, false).fortification) gatesOpened = true; // [T §6.0 note]
      }
    } else for (const p of a.leave ?? []) if (p !== spec.defender) sides.defender = sides.defender.filter((x) => x !== p); // raid allies may only leave
    if ((troops('attacker') === 0 && troops('defender') === 0) || lordsOn('attacker').length === 0) return finish('lords-only', null); // 5
    if (quiet >= c.combat.roundsWithoutLossEnd) return finish('no-losses', null); // 6 (TV-44)
  }
  return finish('round-cap', null); // the loop cap (combat.maxRounds): an agreed stop, pieces stay [P]
}
