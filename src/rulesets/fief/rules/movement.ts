/**
 * Step 5.A, movement: rules §8.1–§8.3 [T §5.0–§5.2, §9.1, T-FAQ] and the §11.5 movement line: in
 * turn order each player submits step commands (#19, default: end movement), one path each,
 * `move(lead, companions, troops, prisoners, to, raid | tunnel)`.
 * - Budgets [P G-32]: every lord and unit group counts its steps; 2 a turn, a 3rd only in d'Arc's company.
 * - Consent [P G-29]: entering to stop never needs it; leaving a village one arrived in this turn
 *   (passing through) needs the controller's and that of pieces at the entrances of the paths
 *   used; leaving a village one was in before needs only that of pieces that arrived this turn at
 *   the entrance of the path taken. One batch; a single refusal blocks. The answers are explicit
 *   inputs: `permissions[asked][mover]` (#20, default refuse), then the mover's #21 (default stop).
 * - Bad weather: no step into, out of or inside a struck bishopric, except by Tunnel [T §2.3.1].
 * - Besieged: no step out of one's besieged fortification without the besieger's leave (#33,
 *   default refuse), a Tunnel or a raid [T §6.4.1]; pieces that reinforced another player's
 *   besieged fortification are besieged with it.
 * - Reinforcing another player's besieged fortification (#34) [T §6.4.1, P G-34]: a step flagged
 *   `reinforce` into it enters the walls (the centre) when the besieged player consents
 *   (`reinforceGranted`, default refuse); otherwise the pieces stop at the entrance like any arrival.
 * - Plague on entering a struck bishopric (calamities.ts `plagueOnEntry`, TV-17).
 * - #39 and #13 inside a step [T §5.9.2, §6.4.1, P G-57]: a titled lord killed (the plague on entry,
 *   a raid's battle) and a prisoner freed (his jailer gone) report the choices they open
 *   (`heirChoices`, `freedChoices`); the flow asks them and replays the step with `heirs` / `agreed`.
 * - Raids (§8.3) [P G-30, G-31]: flagged at the group's first step, lords and knights only; at a
 *   blocking point each blocker lets pass or fights (#22, default fight), then a battle at once
 *   (battle.ts, defender +1 per die); won with a lord left: the step goes on; otherwise the group
 *   stops for the turn.
 * - Control [T §5.1]: an empty village (free or held by default) is taken by whoever enters it; a
 *   controller who leaves hands it on (#40, default: earliest arrival, then turn order).
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import { BOARD, pathId, type VillageId } from '../board.ts';
import { cardKind } from '../cards.ts';
import type { FiefState, LordId, Position, UnitGroup } from '../state.ts';
import { turnOrder } from '../turn-order.ts';
import { claimLying } from './relics.ts';
import { fightBattle, regroup, settleVillage, streamCombatDie, type BattleAnswers, type BattleSpec, type CombatDie } from './battle.ts';
import { followCity } from './city.ts';
import { plagueChoice, plagueOnEntry, struck } from './calamities.ts';
import { streamD6, type D6 } from './dice.ts';
import { killWithHeir, type Deaths, type HeirChoice } from './kill-lord.ts';
import type { FreedChoice } from './settle.ts';
import { presentPlayers, refreshControl, removeTroops } from './pieces.ts';

export interface MoveCommand {
  lead: LordId;
  to: VillageId;
  companions?: readonly LordId[];
  sergeants?: number;
  knights?: number;
  prisoners?: readonly LordId[];
  /** Flag the group as a raid force; only at its first step [P G-30]. */
  raid?: boolean;
  /** Play a Tunnel from the hand for this step [T §10.2.1]. */
  tunnel?: boolean;
  /** #40: who takes the village the mover leaves. */
  control?: PlayerId;
  /** #21 after a refusal: go back (a step) or stop (default). */
  onRefusal?: 'back' | 'stop';
  /** #33: the besieger lets the group out of its besieged fortification. */
  besiegerPermits?: boolean;
  /** #34: the group asks to reinforce another player's besieged fortification it steps into. */
  reinforce?: boolean;
  /** #34: the besieged player's consent (default refuse: the group stops at the entrance). */
  reinforceGranted?: boolean;
  /** #22: blockers letting a raid pass (default: every blocker fights), and those the raider fights anyway. */
  letPass?: readonly PlayerId[];
  fightAnyway?: readonly PlayerId[];
  /** The raid battle's answers (#26–#31). */
  battle?: BattleAnswers;
  /**
   * #39 and #13 inside the step (the plague on entry, a raid's battle, a jailer leaving his
   * prisoners behind): the heir each dead lord's owner named (default: the fewest fief titles, then
   * seniority) and the controllers who agreed to host each freed lord (default: none, he stays free
   * where he is [P G-57]). The flow's answers; the outcome reports the choices the step opened.
   */
  heirs?: Partial<Record<LordId, LordId>>;
  agreed?: Partial<Record<LordId, readonly PlayerId[]>>;
}

/** #20: standing or given permissions, `permissions[asked][mover]`; missing: refuse. */
export type Permissions = Partial<Record<PlayerId, Partial<Record<PlayerId, 'allow' | 'refuse'>>>>;

export interface MovementInputs {
  moves?: Partial<Record<PlayerId, readonly MoveCommand[]>>;
  /** A slot partly committed already (the flow's hold after a step, §11.3): its first `skip` commands are in the state, with their memo. */
  from?: Partial<Record<PlayerId, { skip: number; memo: MemoData }>>;
  permissions?: Permissions;
  d6?: D6;
  die?: CombatDie;
}

export type MoveRefusal =
  | 'unknown' | 'not-your-lord' | 'prisoner' | 'group-done' | 'not-adjacent' | 'no-steps' | 'not-here' | 'bad-number'
  | 'no-troops' | 'raid-force' | 'raid-late' | 'bad-weather' | 'besieged' | 'no-tunnel' | 'raid-fortified' | 'not-besieged';

export const MOVE_REFUSALS: Record<MoveRefusal, Localized> = {
  unknown: { fr: 'Ce seigneur ou ce village n’existe pas.', en: 'There is no such lord or village.' },
  'not-your-lord': { fr: 'Ce seigneur n’est pas de votre famille.', en: 'That lord is not of your family.' },
  prisoner: { fr: 'Un prisonnier ne se déplace qu’avec les pièces de son geôlier.', en: 'A prisoner moves only with his jailer’s pieces.' },
  'group-done': { fr: 'Ce seigneur a fini ses mouvements pour ce tour (refus de passage ou chevauchée terminée).', en: 'That lord has finished moving this turn (passage refused or raid over).' },
  'not-adjacent': { fr: 'Aucun chemin ne relie ces deux villages.', en: 'No path joins those two villages.' },
  'no-steps': { fr: 'Une pièce de ce groupe a déjà fait tous ses pas de ce tour (2, ou 3 avec d’Arc).', en: 'A piece of that group has already taken all its steps this turn (2, or 3 with d’Arc).' },
  'not-here': { fr: 'Les seigneurs et prisonniers qui accompagnent doivent être dans le même village, libres et à vous.', en: 'Companion lords and prisoners must be in the same village, free and yours.' },
  'bad-number': { fr: 'Indiquez un nombre entier positif ou nul de sergents et de chevaliers.', en: 'Give a whole number, zero or more, of sergeants and knights.' },
  'no-troops': { fr: 'Vous n’avez pas assez de troupes encore mobiles dans ce village.', en: 'You do not have enough troops still able to move in this village.' },
  'raid-force': { fr: 'Une chevauchée ne compte que des seigneurs et des chevaliers, sans prisonnier.', en: 'A raid force is lords and knights only, with no prisoner.' },
  'raid-late': { fr: 'Une chevauchée se déclare au début du mouvement du groupe.', en: 'A raid is declared when the group starts moving.' },
  'bad-weather': { fr: 'Le mauvais temps empêche tout mouvement dans cet évêché, sauf par un souterrain.', en: 'Bad weather forbids any movement in this bishopric, except through a tunnel.' },
  besieged: { fr: 'Vos pièces assiégées ne sortent qu’avec la permission de l’assiégeant, par un souterrain ou par une chevauchée.', en: 'Your besieged pieces may leave only with the besieger’s leave, through a tunnel or by a raid.' },
  'no-tunnel': { fr: 'Vous n’avez pas de carte Souterrain en main.', en: 'You hold no Tunnel card.' },
  'raid-fortified': { fr: 'Une chevauchée ne traverse pas un village à château ou cité tenu par l’ennemi.', en: 'A raid cannot cross an enemy-held village with a castle or city.' },
  'not-besieged': { fr: 'On ne renforce que la fortification assiégée d’un autre joueur, qu’on n’assiège pas soi-même, et sans chevauchée.', en: 'You may reinforce only another player’s besieged fortification that you do not besiege yourself, and not in a raid.' },
};

export type MoveOutcome =
  | { ok: false; reason: MoveRefusal }
  | { ok: true; result: 'moved' | 'stopped' | 'went-back' | 'raid-failed'; blockers: PlayerId[]; state: FiefState; reinforce?: PlayerId; battle?: RaidBattle } & Opened;

/** A raid's battle as it was fought (§8.3): its spec and the state it started from, for the flow to ask its questions (#26–#31, its holds). */
export interface RaidBattle { spec: BattleSpec; before: FiefState }

/** #39 and #13: the choices a step opened (deaths with a choice of heir, freed lords whose placement needs a consent), in order. */
export interface Opened { heirChoices?: HeirChoice[]; freedChoices?: FreedChoice[] }

/** #34: may `mover` ask to reinforce `v`? The besieged player to ask, or null [T §6.4.1, P G-34]. */
export function besiegedToReinforce(s: FiefState, mover: PlayerId, v: VillageId): PlayerId | null {
  const vs = s.villages[v];
  if (!vs || vs.fortification === null || vs.sieges.length === 0 || !vs.controller || vs.controller === mover) return null;
  if (vs.sieges.some((g) => g.besieger === mover)) return null;
  return vs.controller;
}

/** Per player's movement: groups that may not move again this turn, raid groups, the path each lord arrived by. */
export interface MovementMemo { done: Set<LordId>; raiding: Set<LordId>; arrivedBy: Map<LordId, string> }
export const newMemo = (): MovementMemo => ({ done: new Set(), raiding: new Set(), arrivedBy: new Map() });
/** The memo as plain data (kept by the flow between a slot's parts). */
export interface MemoData { done: LordId[]; raiding: LordId[]; arrivedBy: [LordId, string][] }
export const memoData = (m: MovementMemo): MemoData => ({ done: [...m.done], raiding: [...m.raiding], arrivedBy: [...m.arrivedBy] });
export const memoOf = (d: MemoData): MovementMemo => ({ done: new Set(d.done), raiding: new Set(d.raiding), arrivedBy: new Map(d.arrivedBy) });

const samePos = (a: Position, b: Position) => JSON.stringify(a) === JSON.stringify(b);

/** Pieces of other players (troops, or free lords) at a position of a village: they block [P G-29]; prisoners never do. */
function playersAt(s: FiefState, v: VillageId, pos: Position, except: PlayerId): PlayerId[] {
  const out = new Set<PlayerId>();
  for (const st of s.villages[v]!.stacks) if (st.player !== except && samePos(st.position, pos)) out.add(st.player);
  for (const l of Object.values(s.lords)) if (l.owner !== except && l.prisonerOf === null && l.at?.village === v && samePos(l.at.position, pos)) out.add(l.owner);
  return [...out];
}

/** §8.1.1: who must consent for `mover`'s group led by `lead` to leave `from` by the path to `to`. */
export function blockersOf(s: FiefState, mover: PlayerId, lead: LordId, from: VillageId, to: VillageId, memo: MovementMemo): PlayerId[] {
  const out = new Set(playersAt(s, from, { kind: 'ENTRANCE', path: pathId(from, to) }, mover)); // (b)
  const arrived = memo.arrivedBy.get(lead);
  if (arrived !== undefined) { // (a) passing through
    const ctl = s.villages[from]!.controller;
    if (ctl && ctl !== mover && presentPlayers(s, from).includes(ctl)) out.add(ctl);
    for (const p of playersAt(s, from, { kind: 'ENTRANCE', path: arrived }, mover)) out.add(p);
  }
  return turnOrder(s.players, s.firstPlayer ?? s.players[0]!).filter((p) => out.has(p));
}

/** Takes up to n sergeants and k knights of `player` in `v` from groups with steps left under `limit`; returns the moved groups. */
function liftTroops(s: FiefState, v: VillageId, player: PlayerId, n: number, k: number, limit: number): UnitGroup[] | null {
  const mine = s.villages[v]!.stacks.filter((st) => st.player === player).flatMap((st) => st.groups).filter((g) => g.steps < limit);
  if (mine.reduce((x, g) => x + g.sergeants, 0) < n || mine.reduce((x, g) => x + g.knights, 0) < k) return null;
  const moved: UnitGroup[] = [];
  let sLeft = n, kLeft = k;
  for (const g of mine) {
    const ds = Math.min(g.sergeants, sLeft), dk = Math.min(g.knights, kLeft);
    if (ds + dk === 0) continue;
    g.sergeants -= ds; g.knights -= dk; sLeft -= ds; kLeft -= dk;
    moved.push({ sergeants: ds, knights: dk, steps: g.steps, plagued: g.plagued });
  }
  for (const st of s.villages[v]!.stacks) st.groups = st.groups.filter((g) => g.sergeants + g.knights > 0);
  s.villages[v]!.stacks = s.villages[v]!.stacks.filter((st) => st.groups.length > 0);
  return moved;
}

/** Knights of `player` in `v` still able to move (a raid's survivors go on with what is left). */
const knightsLeft = (s: FiefState, v: VillageId, player: PlayerId, limit: number): number =>
  s.villages[v]!.stacks.filter((st) => st.player === player).flatMap((st) => st.groups).filter((g) => g.steps < limit).reduce((x, g) => x + g.knights, 0);

function dropTroops(s: FiefState, v: VillageId, player: PlayerId, pos: Position, groups: UnitGroup[]): void {
  if (groups.length === 0) return;
  const vs = s.villages[v]!;
  const st = vs.stacks.find((x) => x.player === player && samePos(x.position, pos));
  if (st) st.groups.push(...groups); else vs.stacks.push({ player, position: pos, groups });
}

/** One step of one group, from the lead's village to `to` (the caller's memo is updated). */
export function moveStep(state: FiefState, mover: PlayerId, cmd: MoveCommand, memo: MovementMemo, permissions: Permissions = {}, d6: D6 = streamD6(state), die: CombatDie = streamCombatDie(state)): MoveOutcome {
  const c = state.config;
  const lead = state.lords[cmd.lead];
  if (!lead || !lead.at || !BOARD.villages[cmd.to]) return { ok: false, reason: 'unknown' };
  if (lead.owner !== mover) return { ok: false, reason: 'not-your-lord' };
  if (lead.prisonerOf !== null) return { ok: false, reason: 'prisoner' };
  if (memo.done.has(lead.id)) return { ok: false, reason: 'group-done' };
  const from = lead.at.village;
  if (!BOARD.adjacent[from]!.includes(cmd.to)) return { ok: false, reason: 'not-adjacent' };
  const companions = [...new Set(cmd.companions ?? [])].filter((id) => id !== lead.id);
  const prisoners = [...new Set(cmd.prisoners ?? [])];
  if (companions.some((id) => { const l = state.lords[id]; return !l || l.owner !== mover || l.prisonerOf !== null || l.at?.village !== from || memo.done.has(id); })) return { ok: false, reason: 'not-here' };
  if (prisoners.some((id) => { const l = state.lords[id]; return !l || l.prisonerOf !== mover || l.at?.village !== from; })) return { ok: false, reason: 'not-here' };
  const n = cmd.sergeants ?? 0, k = cmd.knights ?? 0;
  if (![n, k].every((x) => Number.isInteger(x) && x >= 0)) return { ok: false, reason: 'bad-number' };
  const lords = [lead.id, ...companions];
  // [P G-32] a 3rd step only in d'Arc's company.
  const limit = lords.some((id) => state.lords[id]!.darc) ? c.movement.darcSteps : c.movement.lordSteps;
  if (lords.some((id) => state.lords[id]!.stepsThisTurn >= limit)) return { ok: false, reason: 'no-steps' };
  const first = lords.every((id) => state.lords[id]!.stepsThisTurn === 0 && !memo.arrivedBy.has(id));
  const raiding = memo.raiding.has(lead.id) || (cmd.raid === true);
  if (cmd.raid && !first && !memo.raiding.has(lead.id)) return { ok: false, reason: 'raid-late' }; // [T §5.0, P G-30]
  const besieged = cmd.reinforce ? besiegedToReinforce(state, mover, cmd.to) : null; // #34
  if (cmd.reinforce && (besieged === null || raiding)) return { ok: false, reason: 'not-besieged' };
  if (raiding && (n > 0 || prisoners.length > 0)) return { ok: false, reason: 'raid-force' }; // [T §5.2, P G-31]
  if (cmd.tunnel && !state.hands[mover]!.some((card) => cardKind(card) === 'TUNNEL')) return { ok: false, reason: 'no-tunnel' };
  const bFrom = BOARD.villages[from]!.bishopric, bTo = BOARD.villages[cmd.to]!.bishopric;
  if (!cmd.tunnel && (struck(state, bFrom, 'BAD_WEATHER') || struck(state, bTo, 'BAD_WEATHER'))) return { ok: false, reason: 'bad-weather' }; // [T §2.3.1]
  const vFrom = state.villages[from]!;
  // The besieged: the controller's pieces, and those that reinforced him inside the walls (#34, the centre).
  const besiegedOut = (vFrom.controller === mover || lead.at.position.kind === 'CENTER') && vFrom.fortification !== null && vFrom.sieges.length > 0 && !vFrom.sieges.some((g) => g.besieger === mover);
  if (besiegedOut && !cmd.tunnel && !raiding && cmd.besiegerPermits !== true) return { ok: false, reason: 'besieged' }; // #33 [T §6.4.1]
  {
    const probe = structuredClone(state);
    if (!liftTroops(probe, from, mover, n, k, limit)) return { ok: false, reason: 'no-troops' };
  }
  let s = structuredClone(state);
  // #39, #13: the answers so far, and the choices this step opens (the flow asks them, then replays).
  const deaths: Deaths = { heirs: cmd.heirs ?? {}, choices: [], agreed: cmd.agreed ?? {}, freed: [] };
  const opened = (): Opened => ({ ...(deaths.choices!.length ? { heirChoices: deaths.choices } : {}), ...(deaths.freed!.length ? { freedChoices: deaths.freed } : {}) });
  if (cmd.tunnel) { // the card is spent [T §10.2.1]
    const i = s.hands[mover]!.findIndex((card) => cardKind(card) === 'TUNNEL');
    s.secret.eventDiscard.push(s.hands[mover]!.splice(i, 1)[0]!);
  }
  if (cmd.raid) memo.raiding.add(lead.id);
  let battle: RaidBattle | undefined;
  // Consent, or a raid, at the blocking point [T §5.0, P G-29].
  let blockers = blockersOf(s, mover, lead.id, from, cmd.to, memo);
  const sortieAgainst = besiegedOut && raiding && !cmd.tunnel ? vFrom.sieges.map((g) => g.besieger).filter((p) => p !== mover) : [];
  if (sortieAgainst.length > 0) blockers = [...new Set([...blockers, ...sortieAgainst])];
  if (blockers.length > 0 && !cmd.tunnel) {
    if (raiding) {
      const passingFort = memo.arrivedBy.has(lead.id) && vFrom.fortification !== null && vFrom.controller !== null && blockers.includes(vFrom.controller);
      if (passingFort && !besiegedOut) return { ok: false, reason: 'raid-fortified' }; // [T §5.2] case 3
      const fighters = blockers.filter((p) => !cmd.letPass?.includes(p) || cmd.fightAnyway?.includes(p)); // #22
      if (fighters.length > 0) {
        const order = turnOrder(s.players, s.firstPlayer ?? s.players[0]!);
        const leader = fighters.includes(vFrom.controller ?? '') ? vFrom.controller! : order.find((p) => fighters.includes(p))!; // [P G-30]
        const offers = Object.fromEntries(fighters.filter((p) => p !== leader).map((p) => [p, 'defender' as const]));
        const answers: BattleAnswers = { ...cmd.battle, heirs: { ...cmd.battle?.heirs, ...cmd.heirs }, agreed: { ...cmd.battle?.agreed, ...cmd.agreed } };
        const spec: BattleSpec = { id: `T${s.cursor.turn}/raid/${lead.id}/${from}`, village: from, attacker: mover, defender: leader, raid: true, sortie: besiegedOut, offers, accepts: { defender: Object.keys(offers) } };
        const r = fightBattle(s, spec, answers, die); // #26–#31 and its holds: the flow's answers (`cmd.battle`), else their defaults
        battle = { spec, before: s };
        s = r.state;
        deaths.choices!.push(...r.heirChoices); deaths.freed!.push(...r.freedChoices); // #39, #13 in the raid's battle
        const alive = lords.filter((id) => s.lords[id] && s.lords[id]!.prisonerOf === null && s.lords[id]!.at?.village === from);
        if (r.winner !== 'attacker' || !alive.includes(lead.id)) { // [P G-30] any other outcome ends the raid
          for (const id of alive) memo.done.add(id);
          return { ok: true, result: 'raid-failed', blockers, state: s, battle, ...opened() };
        }
        companions.splice(0, companions.length, ...companions.filter((id) => alive.includes(id)));
      }
    } else {
      const refused = blockers.some((p) => permissions[p]?.[mover] !== 'allow'); // #20: a single refusal blocks
      if (refused) {
        const back = memo.arrivedBy.get(lead.id);
        const backTo = back ? back.split('~').find((x) => x !== from)! : null;
        if (cmd.onRefusal === 'back' && backTo) { // #21: go back along the arrival path, a step
          const r = moveStep(s, mover, { lead: lead.id, to: backTo, companions, sergeants: n, knights: k, prisoners, control: cmd.control, ...(cmd.heirs ? { heirs: cmd.heirs } : {}), ...(cmd.agreed ? { agreed: cmd.agreed } : {}) }, { ...memo, arrivedBy: new Map([...memo.arrivedBy].filter(([id]) => !lords.includes(id))) }, {}, d6, die);
          if (r.ok && r.result === 'moved') { for (const id of lords) memo.done.add(id); return { ...r, result: 'went-back', blockers }; }
        }
        for (const id of lords) memo.done.add(id); // #21 default: stop there, at the entrance; the group is done [P G-29]
        return { ok: true, result: 'stopped', blockers, state: s };
      }
    }
  }
  // The step itself.
  const moved = liftTroops(s, from, mover, n, Math.min(k, knightsLeft(s, from, mover, limit)), limit);
  if (!moved) { for (const id of lords) memo.done.add(id); return { ok: true, result: 'raid-failed', blockers, state: s, ...(battle ? { battle } : {}), ...opened() }; } // knights lost in the raid
  for (const g of moved) g.steps += 1;
  const to = cmd.to;
  const vTo = s.villages[to]!;
  const others = presentPlayers(s, to).filter((p) => p !== mover);
  if (vTo.controller !== mover && others.length === 0) vTo.controller = mover; // [T §5.1] an empty village is taken
  // #34 [T §6.4.1, P G-34]: reinforcements let in by the besieged player enter the walls; refused, they stop at the entrance.
  const inside = vTo.controller === mover || (besieged !== null && cmd.reinforceGranted === true && besiegedToReinforce(s, mover, to) === besieged);
  const pos: Position = inside ? { kind: 'CENTER' } : { kind: 'ENTRANCE', path: pathId(from, to) };
  dropTroops(s, to, mover, pos, moved);
  for (const id of [...lords, ...prisoners]) {
    const l = s.lords[id]!;
    l.at = { village: to, position: l.prisonerOf ? { kind: 'OUTSKIRTS' } : pos };
    if (!l.prisonerOf) { l.stepsThisTurn += 1; memo.arrivedBy.set(id, pathId(from, to)); }
  }
  // The village left: #40, then what stays there.
  const vf = s.villages[from]!;
  if (vf.controller === mover && !presentPlayers(s, from).includes(mover)) {
    const present = presentPlayers(s, from);
    if (cmd.control && present.includes(cmd.control)) vf.controller = cmd.control;
  }
  settleVillage(s, from, deaths); // #13: prisoners left behind without their jailer
  refreshControl(s, from);
  regroupIfController(s, from);
  followCity(s, from); // §8.4.9
  followCity(s, to);
  claimLying(s, to); // A.1 [T §11.1]: a relic left alone is picked up by the first lord to arrive
  // Plague on entering a struck bishopric [T §2.3.3] (TV-17): lords roll, tokens halved (#10 default).
  if (bTo !== bFrom) {
    const p = plagueOnEntry(s, bTo, { lords, groups: moved });
    for (const id of p.lordsToTest) {
      s.lords[id]!.plagueTestedThisTurn = true;
      if (d6(`turn/${s.cursor.turn}/move-plague/${bTo}/lord/${id}`) < c.calamity.plagueSurvivesFrom) killWithHeir(s, id, 'plague', deaths); // #39: the owner's heir if he named one
    }
    if (p.tokensLost > 0) {
      const have = moved.reduce((x, g) => ({ sergeants: x.sergeants + g.sergeants, knights: x.knights + g.knights }), { sergeants: 0, knights: 0 });
      const loss = plagueChoice(have, p.tokensLost);
      removeTroops(s, to, mover, loss.sergeants, loss.knights);
    }
    for (const g of moved) g.plagued = true;
    settleVillage(s, to, deaths);
  }
  return { ok: true, result: 'moved', blockers, state: s, ...(besieged ? { reinforce: besieged } : {}), ...(battle ? { battle } : {}), ...opened() };
}

/** The controller's own pieces stand in the centre (a new controller after someone left). */
function regroupIfController(s: FiefState, v: VillageId): void {
  const ctl = s.villages[v]!.controller;
  if (ctl && s.villages[v]!.stacks.some((st) => st.player === ctl && st.position.kind !== 'CENTER')) regroup(s, v);
}

export interface MovementLine { player: PlayerId; moves: ({ command: MoveCommand; result: MoveOutcome extends infer R ? R extends { ok: true; result: infer X } ? X : never : never; blockers: PlayerId[]; reinforce?: PlayerId; met?: PlayerId[]; battle?: RaidBattle } & Opened)[]; refused: { command: MoveCommand; reason: MoveRefusal }[] }

/**
 * One player's movement slot: his commands in order (bounded by the answer), a refused one skipped.
 * `from`: the first `skip` commands are already in the state (a slot committed in parts), with their memo.
 * Each step that ends in a village with other players' pieces names them (`met`: the hold after a step, §11.3).
 */
export function runMovement(state: FiefState, player: PlayerId, commands: readonly MoveCommand[], inputs: MovementInputs = {}): { state: FiefState; line: MovementLine; memo: MovementMemo } {
  let s = state;
  const from = inputs.from?.[player];
  const memo = from ? memoOf(from.memo) : newMemo();
  const line: MovementLine = { player, moves: [], refused: [] };
  const d6 = inputs.d6 ?? streamD6(state), die = inputs.die ?? streamCombatDie(state);
  for (const cmd of commands.slice(from?.skip ?? 0)) {
    const r = moveStep(s, player, cmd, memo, inputs.permissions, d6, die);
    if (r.ok) {
      s = r.state;
      const met = r.result === 'moved' ? presentPlayers(s, cmd.to).filter((q) => q !== player) : [];
      line.moves.push({ command: cmd, result: r.result, blockers: r.blockers, ...(r.reinforce ? { reinforce: r.reinforce } : {}), ...(r.battle ? { battle: r.battle } : {}), ...(met.length ? { met } : {}), ...(r.heirChoices ? { heirChoices: r.heirChoices } : {}), ...(r.freedChoices ? { freedChoices: r.freedChoices } : {}) });
    } else line.refused.push({ command: cmd, reason: r.reason });
  }
  return { state: s, line, memo };
}

/** Step 5.A: every player in turn order (#19, default: no movement). */
export function runMovementStep(state: FiefState, inputs: MovementInputs = {}): { state: FiefState; lines: MovementLine[] } {
  let s = state;
  const lines: MovementLine[] = [];
  for (const p of turnOrder(s.players, s.firstPlayer ?? s.players[0]!)) {
    const r = runMovement(s, p, inputs.moves?.[p] ?? [], inputs);
    s = r.state;
    lines.push(r.line);
  }
  return { state: s, lines };
}
