/**
 * Relics, optional rule A.1 [T §11.1] with [P G-53], as pure rules. Every function is a no-op (or a
 * 'no-relics' refusal) when the game was created without the option (`state.relics` null).
 *
 * Entry points for the flow (flow.ts) and the other rules:
 * - `relicTakeRefusal` / `mayTakeRelic`: may this lord take this relic now (or there)? One predicate
 *   for the free action's check, its form, the trades and the bots.
 * - `recoverRelic(state, lord, relic, { consent })`: a relic at its seat, taken by the bishop of that
 *   bishopric, any cardinal or the pope standing there; the controller's leave when he occupies the
 *   village [T §11.1]. `takeRelic` for a relic a dead carrier left (`dropped`).
 * - `handRelic(state, from, to, relic, price)`: given or sold to another lord in the same village.
 * - `setGeronceStanding(state, player, answer)`: the holder's standing answer to #38a for the Tooth.
 * - `runRelics(state, inputs, d6)`: step 2.D, the end of Phase 2: the Eyes of St Roseline and the
 *   Bones of St Radegonde, each used or not by its holder's player (#38a, default not used).
 * - Used by other rules: `useGeronce` and `dropRelics` (killLord), `claimLying` (a lord arriving,
 *   a village settled), `grailDice` / `lanceBonus` / `passOnInBattle` (battles).
 *
 * What the rules leave open, resolved here [P]:
 * - A relic lying where a carrier died stays with the troops there [T §11.1]: a free lord of the
 *   player whose troops are the only ones there takes it; with no troops at all, the first free lord
 *   present (arrival order) takes it. A relic at its seat is only ever recovered, never picked up.
 * - The Tooth cannot bring back its own holder: a dead lord holds nothing [P].
 * - In a battle, a dead carrier's relic passes to a free lord of the same side in the village, his
 *   own family's first [T §11.1 "passes to another lord of the alliance"].
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import { BOARD, type BishopricNo, type VillageId } from '../board.ts';
import { cardKind, RELIC_IDS, type RelicId } from '../cards.ts';
import { CARDINAL_HATS, type FiefState, type LordId, type TitleId } from '../state.ts';
import { turnOrder } from '../turn-order.ts';
import type { D6 } from './dice.ts';
import { troopsOf } from './pieces.ts';

export type RelicRefusal =
  | 'no-relics' | 'unknown' | 'removed' | 'not-lying' | 'not-at-seat' | 'not-here' | 'prisoner'
  | 'not-ecclesiastic' | 'no-consent' | 'held-by-troops' | 'not-holder' | 'same-lord' | 'no-money' | 'not-your-relic';

export const RELIC_REFUSALS: Record<RelicRefusal, Localized> = {
  'no-relics': { fr: 'Cette partie se joue sans les reliques.', en: 'This game is played without relics.' },
  unknown: { fr: 'Cette relique ou ce seigneur n’existe pas.', en: 'There is no such relic or lord.' },
  removed: { fr: 'Cette relique a quitté le jeu.', en: 'That relic has left the game.' },
  'not-lying': { fr: 'Un seigneur porte déjà cette relique.', en: 'A lord already carries that relic.' },
  'not-at-seat': { fr: 'Cette relique n’est plus à son siège épiscopal.', en: 'That relic is no longer at its episcopal seat.' },
  'not-here': { fr: 'Ce seigneur n’est pas dans le village de la relique.', en: 'That lord is not in the relic’s village.' },
  prisoner: { fr: 'Un prisonnier ne prend ni ne cède de relique.', en: 'A prisoner neither takes nor hands over a relic.' },
  'not-ecclesiastic': { fr: 'Seuls l’évêque de cet évêché, un cardinal ou le pape peuvent recueillir cette relique.', en: 'Only the bishop of this bishopric, a cardinal or the pope may recover this relic.' },
  'no-consent': { fr: 'Le seigneur qui tient ce village n’a pas donné sa permission.', en: 'The player who holds this village has not given leave.' },
  'held-by-troops': { fr: 'Les troupes d’un autre joueur gardent cette relique.', en: 'Another player’s troops guard that relic.' },
  'not-holder': { fr: 'Ce seigneur ne porte pas cette relique.', en: 'That lord does not carry that relic.' },
  'same-lord': { fr: 'Il faut un autre seigneur, dans le même village.', en: 'It takes another lord, in the same village.' },
  'no-money': { fr: 'L’acheteur n’a pas assez d’écus.', en: 'The buyer does not have enough ecus.' },
  'not-your-relic': { fr: 'Aucun de vos seigneurs ne porte cette relique.', en: 'None of your lords carries that relic.' },
};

export type RelicResult = { ok: true; state: FiefState } | { ok: false; reason: RelicRefusal };

/** The seat of each bishopric, where the relics lie at setup [T §11.1]. */
const seatOf = (b: BishopricNo): VillageId => BOARD.bishoprics[b]!.seat as VillageId;
const seatBishopric = (v: VillageId): BishopricNo | null => {
  for (const [b, row] of Object.entries(BOARD.bishoprics)) if (row.seat === v) return Number(b) as BishopricNo;
  return null;
};

/** The lord who carries a relic and so wields its power [T §11.1: "only while a lord holds it"], or null. */
export function relicHolder(s: FiefState, relic: RelicId): LordId | null {
  const r = s.relics?.[relic];
  if (!r || r.removed || !r.holder || !s.lords[r.holder]) return null;
  return r.holder;
}

/** Relics a lord carries. */
export const relicsOf = (s: FiefState, lord: LordId): RelicId[] => RELIC_IDS.filter((r) => s.relics?.[r]?.holder === lord && !s.relics[r]!.removed);

const isEcclesiastic = (s: FiefState, lord: LordId, b: BishopricNo): boolean => {
  const t = s.lords[lord]!.titles;
  return t.includes(`BISHOP:${b}` as TitleId) || t.includes('POPE') || t.some((x) => (CARDINAL_HATS as readonly TitleId[]).includes(x));
};

/** Whether another player's pieces hold the relic's village against `owner` (his leave is then needed to recover it) [T §11.1]. */
function occupiedAgainst(s: FiefState, v: VillageId, owner: PlayerId): boolean {
  const ctl = s.villages[v]!.controller;
  if (ctl === null || ctl === owner) return false;
  const t = troopsOf(s, v, ctl);
  return t.sergeants + t.knights > 0 || Object.values(s.lords).some((x) => x.owner === ctl && x.prisonerOf === null && x.at?.village === v);
}

/** How a lord takes a relic (the `relic` free action picks by where it lies): recovered from its seat, or picked up where its carrier fell. */
export type RelicTaking = 'recover' | 'pick-up';

/**
 * Why `lord` may not take `relic` now, or null when he may [T §11.1]: the one predicate of the
 * free action's validation (free.ts), its form's choices, the trades asking a leave and the bots
 * (bot-free.ts, bot.ts), so that they agree.
 * - At its seat: recovered by the bishop of that bishopric, any cardinal or the pope standing
 *   there, free; the occupying controller's leave (`consent`) when another player's pieces hold
 *   the village ('no-consent'). [T-ex §11.1] the bishop of 4 only at BOURG.
 * - Where a carrier fell (`dropped`): the guarding troops' family, else the first free lord there.
 * `how`: only that way (a seat's relic is never picked up, a fallen one never recovered);
 * `anywhere`: as if he stood in its village (a bot's aim: whether to go there), the rest unchanged.
 */
export function relicTakeRefusal(s: FiefState, lord: LordId, relic: RelicId, opts: { consent?: boolean; how?: RelicTaking; anywhere?: boolean } = {}): RelicRefusal | null {
  if (!s.relics) return 'no-relics';
  const r = s.relics[relic], l = s.lords[lord];
  if (!r || !l) return 'unknown';
  if (r.removed) return 'removed';
  if (r.holder || (r.dropped && !r.village)) return 'not-lying';
  if (opts.how === 'pick-up' && !r.dropped) return 'not-ecclesiastic'; // a seat's relic is recovered, not picked up
  const b = r.village && !r.dropped ? seatBishopric(r.village) : null;
  if (!r.village || (!r.dropped && (!b || opts.how === 'pick-up')) || (r.dropped && opts.how === 'recover')) return 'not-at-seat';
  if (!opts.anywhere && l.at?.village !== r.village) return 'not-here';
  if (l.prisonerOf) return 'prisoner';
  if (r.dropped) return opts.anywhere || lyingTaker(s, r.village, [lord]) === lord ? null : 'held-by-troops';
  if (!isEcclesiastic(s, lord, b!)) return 'not-ecclesiastic';
  if (opts.consent !== true && occupiedAgainst(s, r.village, l.owner)) return 'no-consent'; // [T §11.1] default refuse
  return null;
}

/** Whether `lord` may take `relic` now (`relicTakeRefusal` is null). */
export const mayTakeRelic = (s: FiefState, lord: LordId, relic: RelicId, opts: { consent?: boolean; how?: RelicTaking; anywhere?: boolean } = {}): boolean =>
  relicTakeRefusal(s, lord, relic, opts) === null;

/** `lord` takes `relic` as `how` says, or the refusal. */
function taking(state: FiefState, lord: LordId, relic: RelicId, opts: { consent?: boolean; how: RelicTaking }): RelicResult {
  const why = relicTakeRefusal(state, lord, relic, opts);
  if (why) return { ok: false, reason: why };
  const s = structuredClone(state);
  s.relics![relic] = { ...s.relics![relic]!, holder: lord, village: null, dropped: false };
  return { ok: true, state: s };
}

/** Recovery from a seat [T §11.1]: the bishop of that bishopric, any cardinal or the pope, standing there; the occupying controller's leave. */
export function recoverRelic(state: FiefState, lord: LordId, relic: RelicId, opts: { consent?: boolean } = {}): RelicResult {
  return taking(state, lord, relic, { ...opts, how: 'recover' });
}

/** Who may take a relic lying where its carrier died [T §11.1, P]: null if nobody may now. */
function lyingTaker(s: FiefState, v: VillageId, among: readonly LordId[]): LordId | null {
  const armies = [...new Set(s.villages[v]!.stacks.map((st) => st.player))];
  const free = among.filter((id) => s.lords[id]?.prisonerOf === null && s.lords[id]?.at?.village === v);
  if (armies.length > 1) return null; // guarded by several armies: it stays
  if (armies.length === 1) return free.find((id) => s.lords[id]!.owner === armies[0]) ?? null; // "controlled by those troops"
  return free[0] ?? null; // alone: the first lord
}

/** A lord takes a relic lying where its carrier died (the first to arrive, or one of the guarding troops' family) [T §11.1]. */
export function takeRelic(state: FiefState, lord: LordId, relic: RelicId): RelicResult {
  return taking(state, lord, relic, { how: 'pick-up' });
}

/** Lying relics of a village taken by whoever may take them now (mutates; after an arrival or a settlement) [T §11.1]. */
export function claimLying(s: FiefState, v: VillageId): void {
  if (!s.relics) return;
  const lords = Object.values(s.lords).filter((l) => l.at?.village === v).map((l) => l.id); // in order of play: arrival order [P]
  for (const relic of RELIC_IDS) {
    const r = s.relics[relic]!;
    if (r.removed || r.holder || !r.dropped || r.village !== v) continue;
    const taker = lyingTaker(s, v, lords);
    if (taker) s.relics[relic] = { ...r, holder: taker, village: null, dropped: false };
  }
}

/** A relic given or sold (`price` ecus from the buyer's family) to another lord in the same village [T §11.1]. */
export function handRelic(state: FiefState, from: LordId, to: LordId, relic: RelicId, price = 0): RelicResult {
  if (!state.relics) return { ok: false, reason: 'no-relics' };
  const a = state.lords[from], b = state.lords[to];
  if (!a || !b || !state.relics[relic]) return { ok: false, reason: 'unknown' };
  if (state.relics[relic]!.holder !== from) return { ok: false, reason: 'not-holder' };
  if (from === to || !a.at || a.at.village !== b.at?.village) return { ok: false, reason: 'same-lord' };
  if (a.prisonerOf || b.prisonerOf) return { ok: false, reason: 'prisoner' };
  if (!Number.isInteger(price) || price < 0 || (price > 0 && state.families[b.owner]!.ecus < price)) return { ok: false, reason: 'no-money' };
  const s = structuredClone(state);
  s.relics![relic]!.holder = to;
  if (b.owner !== a.owner) { s.families[b.owner]!.ecus -= price; s.families[a.owner]!.ecus += price; }
  return { ok: true, state: s };
}

/** The Tooth's standing answer (#38a), set by its holder's player. */
export function setGeronceStanding(state: FiefState, player: PlayerId, answer: 'own-family' | LordId[] | null): RelicResult {
  if (!state.relics) return { ok: false, reason: 'no-relics' };
  const h = relicHolder(state, 'GERONCE');
  if (!h || state.lords[h]!.owner !== player) return { ok: false, reason: 'not-your-relic' };
  const s = structuredClone(state);
  if (answer === null) delete s.relics!.GERONCE.resurrect; else s.relics!.GERONCE.resurrect = answer;
  return { ok: true, state: s };
}

/**
 * The Tooth of St Géronce [T §11.1]: announced right after a death, the lord lives on with all his
 * titles and the relic leaves the game. `answer`: the holder's player's answer to #38a when asked
 * (undefined: his standing answer; none: not used). Mutates; true when the death is undone.
 */
export function useGeronce(s: FiefState, dead: LordId, answer?: boolean): boolean {
  const h = relicHolder(s, 'GERONCE');
  if (!h || h === dead || !s.lords[dead]) return false; // [P] a dead lord holds nothing
  const standing = s.relics!.GERONCE.resurrect;
  const wants = answer ?? (standing === 'own-family' ? s.lords[dead]!.owner === s.lords[h]!.owner : Array.isArray(standing) && standing.includes(dead));
  if (!wants) return false;
  s.relics!.GERONCE = { holder: null, village: null, removed: true }; // « défaussée »: out of the game
  return true;
}

/** A dead carrier's relics stay where he fell (mutates; before his token leaves) [T §11.1: never destroyed]. */
export function dropRelics(s: FiefState, lord: LordId): RelicId[] {
  if (!s.relics) return [];
  const v = s.lords[lord]?.at?.village ?? null;
  const out = relicsOf(s, lord);
  for (const r of out) s.relics[r] = { ...s.relics[r]!, holder: null, village: v, dropped: true };
  return out;
}

/** In a battle, a falling carrier's relics pass to a free lord of his side there, his family's first [T §11.1] (mutates); nobody left: they stay with him, to lie where he falls. */
export function passOnInBattle(s: FiefState, relics: readonly RelicId[], owner: PlayerId, sideLords: readonly LordId[]): void {
  if (!s.relics) return;
  const alive = sideLords.filter((id) => s.lords[id] && s.lords[id]!.prisonerOf === null);
  const to = alive.find((id) => s.lords[id]!.owner === owner) ?? alive[0];
  if (!to) return;
  for (const r of relics) if (!s.relics[r]!.removed) s.relics[r] = { ...s.relics[r]!, holder: to, village: null, dropped: false };
}

/** Does one of these lords carry the relic? */
export const sideHolds = (s: FiefState, relic: RelicId, lords: readonly LordId[]): boolean => {
  const h = relicHolder(s, relic);
  return h !== null && lords.includes(h);
};

/** Holy Grail [T §11.1]: each die of the side that started the battle loses `relics.grailReduction`, at least 0, when the defending side holds it (TV-53). */
export function grailDice(s: FiefState, attackerDice: readonly number[], defenderLords: readonly LordId[]): number[] {
  if (!sideHolds(s, 'GRAIL', defenderLords)) return [...attackerDice];
  return attackerDice.map((d) => Math.max(0, d - s.config.relics.grailReduction));
}

/** Holy Lance [T §11.1]: +`relics.lanceBonus` to the side's total each round it rolls at least one die (TV-54). */
export function lanceBonus(s: FiefState, dice: readonly number[], lords: readonly LordId[]): number {
  return dice.length > 0 && sideHolds(s, 'LANCE', lords) ? s.config.relics.lanceBonus : 0;
}

// ─── Step 2.D: the end of Phase 2 ──────────────────────────────────────────────────────────────

/** #38a at the end of Phase 2 (default: not used). */
export interface RelicInputs { ROSELINE?: boolean; RADEGONDE?: boolean }

export interface RelicLine { relic: 'ROSELINE' | 'RADEGONDE'; player: PlayerId; card: string; from: BishopricNo; d6: number; result: 'stays' | 'moved' | 'discarded' | 'lifted' }

/**
 * Step 2.D [T §11.1, P G-53]: in turn order of the holders' players, the Eyes of St Roseline (each
 * Bad Weather in play: a d6 naming another bishopric moves it there, or discards it if that one
 * already has Bad Weather; a 6 or its own number: it stays) and the Bones of St Radegonde (each
 * Famine: lifted and discarded on d6 ≥ `relics.radegondeFrom`). Dice `turn/T/relic/<relic>/<card>`.
 */
export function runRelics(state: FiefState, inputs: RelicInputs = {}, d6: D6): { state: FiefState; lines: RelicLine[] } {
  if (!state.relics) return { state, lines: [] };
  const s = structuredClone(state);
  const lines: RelicLine[] = [];
  const order = turnOrder(s.players, s.firstPlayer ?? s.players[0]!);
  const users = (['ROSELINE', 'RADEGONDE'] as const).filter((r) => inputs[r] === true && relicHolder(s, r))
    .sort((a, b) => order.indexOf(s.lords[relicHolder(s, a)!]!.owner) - order.indexOf(s.lords[relicHolder(s, b)!]!.owner));
  const bishoprics = Object.keys(s.bishoprics).map(Number) as BishopricNo[];
  for (const relic of users) {
    const player = s.lords[relicHolder(s, relic)!]!.owner;
    const kind = relic === 'ROSELINE' ? 'BAD_WEATHER' : 'FAMINE';
    const cards = bishoprics.flatMap((b) => s.bishoprics[b].calamities.filter((c) => cardKind(c) === kind).map((card) => ({ card, b }))); // a snapshot: a moved card is not tried twice
    for (const { card, b } of cards) {
      const roll = d6(`turn/${s.cursor.turn}/relic/${relic}/${card}`);
      const here = s.bishoprics[b];
      if (relic === 'RADEGONDE') {
        const lifted = roll >= s.config.relics.radegondeFrom;
        if (lifted) { here.calamities = here.calamities.filter((c) => c !== card); s.secret.eventDiscard.push(card); }
        lines.push({ relic, player, card, from: b, d6: roll, result: lifted ? 'lifted' : 'stays' });
        continue;
      }
      if (roll > bishoprics.length || roll === b) { lines.push({ relic, player, card, from: b, d6: roll, result: 'stays' }); continue; } // [P G-53]
      const to = roll as BishopricNo;
      here.calamities = here.calamities.filter((c) => c !== card);
      if (s.bishoprics[to].calamities.some((c) => cardKind(c) === 'BAD_WEATHER')) { s.secret.eventDiscard.push(card); lines.push({ relic, player, card, from: b, d6: roll, result: 'discarded' }); }
      else { s.bishoprics[to].calamities.push(card); lines.push({ relic, player, card, from: b, d6: roll, result: 'moved' }); }
    }
  }
  return { state: s, lines };
}

/** Where each relic is: for the flow's prompts and the map (relic holders are public, §11.4 #38a). */
export function relicPlaces(s: FiefState): Partial<Record<RelicId, { holder: LordId | null; village: VillageId | null }>> {
  if (!s.relics) return {};
  const out: Partial<Record<RelicId, { holder: LordId | null; village: VillageId | null }>> = {};
  for (const r of RELIC_IDS) { const x = s.relics[r]!; if (!x.removed) out[r] = { holder: x.holder, village: x.holder ? s.lords[x.holder]?.at?.village ?? null : x.village }; }
  return out;
}

export { seatOf };
