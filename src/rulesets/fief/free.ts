/**
 * Fief's free actions, rules §4.0 (actions at any time) and §11.6 (negotiation online), with the
 * §11.4 rows #7 (annulment request → the pope decides), #8 (excommunicate / lift), #41 (trades,
 * embassy mode) and #42 (cede a village, transfer or release a prisoner, give money), and the relics
 * of Appendix A.1 (recover, pick up, give or sell; who may take one is `relicTakeRefusal`, the
 * predicate the form and the bots use too), with the Tooth of St Géronce's standing answer (`tooth`,
 * #38a: announced right after a death, which online is the holder's answer set beforehand, since a
 * resolution cannot stop to ask; told to him alone).
 *
 * - A **gift** (`give`) goes at once: money, cards (embassy rule permitting, hand limit kept),
 *   villages (the receiver present [T §5.1]), prisoners (to their owner: released; else transferred
 *   to a player with troops there [T §6.2.4]), relics (to the receiver's free lord in the carrier's
 *   village [T §11.1]).
 * - A **trade offer** (`offer`) bundles what one gives and what one asks [§11.6]; the other player
 *   `accept`s or `decline`s it, the offerer may `withdraw` it, and it lapses after
 *   `diplomacy.offerPhases` phases (#41 default decline). Both sides are checked again at acceptance
 *   on a copy of the state: either the whole trade happens, or nothing (a refusal told to the
 *   acceptor alone; what the offerer no longer holds is named only as "the other side").
 * - What is asked of the other side is never checked against what the asker may not know: cards are
 *   asked by kind (never by the other's hand), money under option A.5 only at acceptance.
 * - The pope's powers (#8) are `rules/pope.ts`; an annulment (#7) is a request by a spouse's player
 *   answered by the pope's player (`annul` / `refuse-annulment`), default refuse when it lapses;
 *   repeated requests for one marriage are limited to `diplomacy.annulmentRequestsPerPhase` a phase
 *   [P §11.1.6].
 * - Embassy mode (option `freeDiplomacy` off, A.3 / §11.6): a gift or trade that moves cards spends
 *   one Embassy token of its initiator when it happens [P §11.6: "each token allows one trade
 *   transaction"]; without a token only money (and the rest) may move.
 * - Timing [T §4.0, P]: a cession follows the surprise timing, so none during step 2.A (the draw);
 *   nothing is taken during the setup or after the end. The platform applies free actions between
 *   steps, never inside a resolution [P G-35].
 *
 * The free state (`FiefGame.free`) is plain JSON beside the flow; `carryFree` keeps it through a
 * resolution and lets lapsed offers and requests go.
 */
import type { ActionInput, FreeAction, FormField, Lang, Localized, PlayerId, Validation } from '../../engine/ruleset.ts';
import { fill } from '../../engine/localize.ts';
import type { Rng } from '../../engine/rng.ts';
import { BOARD, type FiefId, type VillageId } from './board.ts';
import { CARD_KIND_ORDER, CARD_KINDS, cardKind, cardName, RELIC_IDS, RELICS, type CardId, type CardKind, type RelicId } from './cards.ts';
import { DEFAULT_CONFIG } from './constants.ts';
import { queuePlacings, type FiefGame } from './flow.ts';
import { TURN_STEPS, type TurnStepId } from './phases.ts';
import { lordName, playerName, villageName } from './report.ts';
import { annulMarriage, excommunicate, liftExcommunication, POPE_REFUSALS, type PopeRefusal } from './rules/pope.ts';
import { handRelic, mayTakeRelic, recoverRelic, relicHolder, RELIC_REFUSALS, relicTakeRefusal, setGeronceStanding, takeRelic, type RelicRefusal } from './rules/relics.ts';
import { followCity } from './rules/city.ts';
import { crownPlayer, waived } from './rules/purchases.ts';
import { troopsOf } from './rules/pieces.ts';
import { endSiege, freeAndPlace, freeLordsIn, hasPiecesIn, settleVillage, type Freeing, type FreedChoice } from './rules/settle.ts';
import type { FiefState, LordId, TitleId } from './state.ts';
import { tradeValue } from './bot-value.ts';
import type { Goods, Offer, Wanted } from './trade.ts';
import { readWords } from './words.ts';
import { ransomOf } from './rules/ransoms.ts';

// ─── The free state ─────────────────────────────────────────────────────────────────────────────

export type { Goods, Wanted, Offer } from './trade.ts';
export interface AnnulRequest { id: number; requester: PlayerId; lord: LordId; made: number }

export interface FreeState {
  nextId: number;
  offers: Offer[];
  requests: AnnulRequest[];
  /** Annulment requests made, per phase (the rate limit [P §11.1.6]); older phases are dropped. */
  asked: { requester: PlayerId; couple: string; at: number }[];
  /** Free actions each player took in the phase `at` (bounds a bot's own initiatives, bot-free.ts); absent: none yet. */
  tally?: { at: number; by: Record<PlayerId, number> };
}

/** How many free actions `player` took in the current phase. */
export const actsThisPhase = (g: FiefGame, player: PlayerId): number => { const t = freeOf(g).tally; return t && t.at === phaseIndex(g.fief) ? t.by[player] ?? 0 : 0; };

export type FiefGameFree = FiefGame & { free?: FreeState };

const EMPTY: FreeState = { nextId: 1, offers: [], requests: [], asked: [] };
export const freeOf = (g: FiefGame): FreeState => (g as FiefGameFree).free ?? EMPTY;

/** A phase of the game as one number (turn, phase), for lapses and rate limits. */
export const phaseIndex = (s: FiefState): number => s.cursor.turn * 10 + s.cursor.phase;
const dip = (s: FiefState) => ({ ...DEFAULT_CONFIG.diplomacy, ...(s.config.diplomacy ?? {}) }); // games created before these constants
const coupleOf = (s: FiefState, lord: LordId): string => [lord, s.lords[lord]?.spouse ?? ''].sort().join('+');

// ─── Events ─────────────────────────────────────────────────────────────────────────────────────

export type FreeEvent =
  | { t: 'gift'; from: PlayerId; to: PlayerId; goods: Goods; embassy: boolean }
  | { t: 'offer-made'; offer: Offer }
  | { t: 'trade'; offer: Offer; got: Goods; embassy: boolean }
  /** `unfunded`: withdrawn by the referee because the offerer no longer has the ecus offered (A.5: told as a withdrawal; the reason to him alone). */
  | { t: 'offer-closed'; offer: Offer; how: 'declined' | 'withdrawn' | 'lapsed'; unfunded?: boolean }
  /** `consent`: no village is free for him: he stands free at `village` until the controllers answer #13 (flow.ts `placing`) [P G-57]. */
  | { t: 'released'; jailer: PlayerId; lord: LordId; village: VillageId | null; consent?: true }
  | { t: 'excommunicated'; pope: PlayerId; lord: LordId }
  | { t: 'lifted'; pope: PlayerId; lord: LordId }
  | { t: 'annul-asked'; request: AnnulRequest; spouse: LordId; pope: PlayerId }
  | { t: 'annulled'; request: AnnulRequest; spouse: LordId }
  | { t: 'annul-refused'; request: AnnulRequest; spouse: LordId; pope: PlayerId; how: 'refused' | 'lapsed' }
  | { t: 'relic'; relic: RelicId; lord: LordId; from: LordId | null; how: 'recovered' | 'taken' | 'handed' }
  | { t: 'title-passed'; title: TitleId; from: LordId; to: LordId }
  | { t: 'siege-ended'; besieger: PlayerId; village: VillageId }
  /** The Tooth's holder's standing answer (#38a), told to him alone (others see where the relic is, not what he will do, view.ts). */
  | { t: 'tooth-standing'; player: PlayerId; answer: ToothAnswer };

/** The Tooth of St Géronce's standing answer (#38a): bring back any lord of the holder's family, these lords, or nobody (null). */
export type ToothAnswer = 'own-family' | LordId[] | null;

export const FREE_EVENT_TYPES: ReadonlySet<string> = new Set(['gift', 'offer-made', 'trade', 'offer-closed', 'released', 'excommunicated', 'lifted', 'annul-asked', 'annulled', 'annul-refused', 'relic', 'title-passed', 'siege-ended', 'tooth-standing']);
export const isFreeEvent = (e: { t: string }): e is FreeEvent => FREE_EVENT_TYPES.has(e.t);

// ─── Refusals ───────────────────────────────────────────────────────────────────────────────────

export type FreeRefusal =
  | 'unknown-action' | 'not-now' | 'draw-step' | 'no-player' | 'self' | 'bad-number' | 'nothing'
  | 'no-money' | 'no-card' | 'hand-limit' | 'no-embassy' | 'not-your-village' | 'receiver-absent' | 'asker-absent'
  | 'not-your-prisoner' | 'no-troops-there' | 'not-your-relic' | 'no-lord-there' | 'unknown-thing'
  | 'too-many-offers' | 'no-offer' | 'not-theirs' | 'other-side-gone' | 'you-lack'
  | 'no-request' | 'already-asked' | 'rate-limit' | 'not-married'
  | 'not-second-title' | 'keeps-more-important' | 'not-family' | 'recipient-full' | 'voting' | 'no-siege'
  | 'not-crown' | 'title-taken';

export const FREE_REFUSALS: Record<FreeRefusal, Localized> = {
  'unknown-action': { fr: 'Action inconnue.', en: 'Unknown action.' },
  'not-now': { fr: 'Aucune action libre n’est possible maintenant (mise en place ou partie terminée).', en: 'No free action is possible now (setup, or the game is over).' },
  'draw-step': { fr: 'Pas de cession de village pendant la pioche (étape 2.A).', en: 'No village may be ceded during the draw (step 2.A).' },
  'no-player': { fr: 'Ce joueur n’est pas dans la partie.', en: 'That player is not in the game.' },
  self: { fr: 'Choisissez un autre joueur que vous-même.', en: 'Choose a player other than yourself.' },
  'bad-number': { fr: 'Un nombre entier positif ou nul est attendu.', en: 'A whole number, zero or more, is expected.' },
  nothing: { fr: 'Rien n’est donné ni demandé.', en: 'Nothing is given or asked.' },
  'no-money': { fr: 'Vous n’avez pas autant d’écus.', en: 'You do not have that many ecus.' },
  'no-card': { fr: 'Cette carte n’est pas dans votre main.', en: 'That card is not in your hand.' },
  'hand-limit': { fr: 'Une main ne peut pas dépasser {n} cartes.', en: 'No hand may hold more than {n} cards.' },
  'no-embassy': { fr: 'Mode ambassade : échanger des cartes coûte un jeton Ambassade, et il ne vous en reste aucun.', en: 'Embassy mode: exchanging cards costs an Embassy token, and you have none left.' },
  'not-your-village': { fr: 'Vous ne contrôlez pas ce village.', en: 'You do not control that village.' },
  'receiver-absent': { fr: 'On ne cède un village qu’à un joueur présent dans ce village.', en: 'A village is ceded only to a player present in it.' },
  'asker-absent': { fr: 'Vous n’êtes pas présent dans ce village.', en: 'You are not present in that village.' },
  'not-your-prisoner': { fr: 'Ce seigneur n’est pas votre prisonnier.', en: 'That lord is not your prisoner.' },
  'no-troops-there': { fr: 'Un prisonnier ne passe qu’à un joueur qui a des troupes là où il se trouve.', en: 'A prisoner passes only to a player with troops where he is.' },
  'not-your-relic': { fr: 'Aucun de vos seigneurs libres ne porte cette relique.', en: 'None of your free lords carries that relic.' },
  'no-lord-there': { fr: 'Une relique ne passe qu’à un seigneur libre du même village.', en: 'A relic passes only to a free lord in the same village.' },
  'unknown-thing': { fr: 'Je ne connais pas « {x} ».', en: 'I do not know “{x}”.' },
  'too-many-offers': { fr: 'Vous avez déjà {n} offres ouvertes : retirez-en une d’abord.', en: 'You already have {n} open offers: withdraw one first.' },
  'no-offer': { fr: 'Cette offre n’est plus ouverte.', en: 'That offer is no longer open.' },
  'not-theirs': { fr: 'Ce joueur ne détient pas cela à la vue de tous.', en: 'That player does not hold that, as far as anyone can see.' },
  'other-side-gone': { fr: 'L’offre ne peut plus être exécutée : l’autre partie ne peut plus fournir ce qu’elle offrait. Rien n’a changé.', en: 'The offer can no longer be carried out: the other side can no longer provide what it offered. Nothing has changed.' },
  'you-lack': { fr: 'Vous ne pouvez pas fournir ce qui est demandé : {why} Rien n’a changé.', en: 'You cannot provide what is asked: {why} Nothing has changed.' },
  'no-request': { fr: 'Cette demande d’annulation n’est plus ouverte.', en: 'That annulment request is no longer open.' },
  'already-asked': { fr: 'Une demande d’annulation de ce mariage attend déjà la réponse du pape.', en: 'An annulment request for that marriage already awaits the pope’s answer.' },
  'rate-limit': { fr: 'Vous avez déjà demandé {n} fois l’annulation de ce mariage dans cette phase.', en: 'You have already asked {n} times for that marriage to be annulled in this phase.' },
  'not-married': { fr: 'Ce seigneur n’est pas marié.', en: 'That lord is not married.' },
  'not-second-title': { fr: 'Seul un second titre de fief d’un de vos seigneurs se transmet ainsi.', en: 'Only a second fief title of one of your lords passes this way.' },
  'keeps-more-important': { fr: 'Un seigneur garde le plus important de ses deux titres de fief : il ne cède que l’autre.', en: 'A lord keeps the more important of his two fief titles: he passes only the other.' },
  'not-family': { fr: 'Le titre passe à un autre seigneur de votre famille.', en: 'The title passes to another lord of your family.' },
  'recipient-full': { fr: 'Ce seigneur porte déjà {n} titres de fief.', en: 'That lord already holds {n} fief titles.' },
  voting: { fr: 'Pas de transmission de titre pendant le placement des votes.', en: 'No title passes while votes are being placed.' },
  'no-siege': { fr: 'Vous n’assiégez pas ce village.', en: 'You are not besieging that village.' },
  'not-crown': { fr: 'Seul le joueur du roi (ou de la reine régente) peut faire grâce du prix d’un titre de fief.', en: 'Only the player of the king (or of the queen regent) may waive the price of a fief title.' },
  'title-taken': { fr: 'Ce titre de fief a déjà un titulaire : il ne s’achète plus.', en: 'That fief title already has a holder: it can no longer be bought.' },
};

type Issue = { key: FreeRefusal; args?: Record<string, string | number> } | { pope: PopeRefusal } | { relic: RelicRefusal };

function text(i: Issue): Localized {
  if ('pope' in i) return POPE_REFUSALS[i.pope];
  if ('relic' in i) return RELIC_REFUSALS[i.relic];
  return fill(FREE_REFUSALS[i.key], i.args ?? {});
}
const refuse = (i: Issue): Validation<FreeCommand> => { const t = text(i); return { value: null, issues: [{ message: t.en, text: t }] }; };
/** The acceptor cannot give what is asked: why, in his own terms (his hand, his money). */
const youLack = (i: Issue): Validation<FreeCommand> => {
  const m = fill(FREE_REFUSALS['you-lack'], { why: text(i) });
  return { value: null, issues: [{ message: m.en, text: m }] };
};

// ─── Commands ───────────────────────────────────────────────────────────────────────────────────

export type FreeCommand =
  | { k: 'give'; to: PlayerId; goods: Goods }
  | { k: 'offer'; to: PlayerId; give: Goods; get: Wanted }
  | { k: 'accept' | 'decline' | 'withdraw'; offer: number }
  | { k: 'release'; lord: LordId }
  | { k: 'excommunicate'; lord: LordId }
  | { k: 'lift' }
  | { k: 'request-annulment'; lord: LordId }
  | { k: 'annul' | 'refuse-annulment'; request: number }
  | { k: 'relic'; lord: LordId; relic: RelicId }
  | { k: 'hand-relic'; relic: RelicId; to: LordId }
  | { k: 'tooth'; answer: ToothAnswer }
  | { k: 'pass-title'; title: TitleId; to: LordId }
  | { k: 'lift-siege'; village: VillageId };

const NO_GOODS: Goods = { ecus: 0, cards: [], villages: [], prisoners: [], relics: [] };
const isEmpty = (g: Goods | Wanted): boolean => g.ecus === 0 && ('cards' in g ? g.cards.length : g.cardKinds.length) === 0 && g.villages.length === 0 && g.prisoners.length === 0 && g.relics.length === 0 && !('leave' in g && g.leave?.length) && !g.waivers?.length;
const items = (v: string | undefined): string[] => String(v ?? '').split(/[\s,;]+/).map((x) => x.trim()).filter(Boolean);
const upper = (x: string) => x.toUpperCase();

// ─── Moving goods (on a copy; either all of it or nothing) ─────────────────────────────────────

/** The free lord of `p` standing where `lord` stands (the first in play), or null. */
const lordBeside = (s: FiefState, lord: LordId, p: PlayerId): LordId | null => { const v = s.lords[lord]?.at?.village; return v ? freeLordsIn(s, v, p)[0] ?? null : null; };

/**
 * Checks one side of a transfer (`from` gives `goods` to `to`) against the state: a refusal, or null.
 * `embassy`: whether cards move in this transaction (the initiator's token is checked by the caller).
 */
function checkGoods(s: FiefState, from: PlayerId, to: PlayerId, goods: Goods): Issue | null {
  const f = s.families[from]!;
  if (!Number.isInteger(goods.ecus) || goods.ecus < 0) return { key: 'bad-number' };
  if (goods.ecus > f.ecus) return { key: 'no-money' };
  const hand = [...s.hands[from]!];
  for (const c of goods.cards) { const i = hand.indexOf(c); if (i < 0) return { key: 'no-card' }; hand.splice(i, 1); }
  for (const v of goods.villages) {
    if (s.villages[v]?.controller !== from) return { key: 'not-your-village' };
    if (!hasPiecesIn(s, v, to)) return { key: 'receiver-absent' }; // [T §5.1]
  }
  for (const id of goods.prisoners) {
    const l = s.lords[id];
    if (!l || l.prisonerOf !== from || !l.at) return { key: 'not-your-prisoner' };
    if (l.owner !== to) { const t = troopsOf(s, l.at.village, to); if (t.sergeants + t.knights === 0) return { key: 'no-troops-there' }; } // [T §6.2.4]
  }
  for (const r of goods.relics) {
    const h = s.relics?.[r]?.holder ?? null;
    if (!h || s.lords[h]?.owner !== from || s.lords[h]!.prisonerOf) return { key: 'not-your-relic' };
    if (!lordBeside(s, h, to)) return { key: 'no-lord-there' }; // [T §11.1] to a lord in the same village
  }
  for (const f of goods.waivers ?? []) { const i = waiverIssue(s, from, f); if (i) return i; }
  return null;
}

/** #6 in a trade [§11.6]: only the crown's player waives, and only the price of a title still to buy. */
function waiverIssue(s: FiefState, king: PlayerId, fief: FiefId): Issue | null {
  if (!BOARD.fiefs[fief]) return { key: 'unknown-thing', args: { x: fief } };
  if (crownPlayer(s) !== king) return { key: 'not-crown' };
  if (s.titles[`FIEF:${fief}`].holder !== null) return { key: 'title-taken' };
  return null;
}

/** Applies one side of a transfer to `s` (mutates; checked first by `checkGoods`). Returns the released prisoners' lines. */
function moveGoods(s: FiefState, from: PlayerId, to: PlayerId, goods: Goods, freeing: Freeing): FreeEvent[] {
  const out: FreeEvent[] = [];
  s.families[from]!.ecus -= goods.ecus;
  s.families[to]!.ecus += goods.ecus;
  for (const c of goods.cards) { s.hands[from]!.splice(s.hands[from]!.indexOf(c), 1); s.hands[to]!.push(c); }
  for (const r of goods.relics) {
    const h = s.relics![r]!.holder!;
    const r2 = handRelic(s, h, lordBeside(s, h, to)!, r, 0);
    if (r2.ok) Object.assign(s, r2.state);
  }
  for (const v of goods.villages) cede(s, v, to);
  for (const fief of goods.waivers ?? []) if (!waived(s, to, fief)) s.waivers = [...(s.waivers ?? []), { king: from, buyer: to, fief }]; // used by his purchase in 4.B
  for (const id of goods.prisoners) {
    const l = s.lords[id]!;
    if (l.owner === to) out.push(release(s, from, id, freeing)); // [T §6.2.4] release 2
    else l.prisonerOf = to; // transfer
  }
  return out;
}

/** A village ceded to a player present in it [T §5.1, T-FAQ]: his pieces to the centre, the giver's to the outskirts; a city's title follows [T §4.3]. */
function cede(s: FiefState, v: VillageId, to: PlayerId): void {
  const vs = s.villages[v]!;
  vs.controller = to;
  for (const st of vs.stacks) st.position = st.player === to ? { kind: 'CENTER' } : st.position.kind === 'CENTER' ? { kind: 'OUTSKIRTS' } : st.position;
  const merged: typeof vs.stacks = []; // one stack per player and position (his outskirts and entrances to the centre would make two)
  for (const st of vs.stacks) { const same = merged.find((m) => m.player === st.player && JSON.stringify(m.position) === JSON.stringify(st.position)); if (same) same.groups.push(...st.groups); else merged.push(st); }
  vs.stacks = merged;
  for (const l of Object.values(s.lords)) if (l.at?.village === v && l.prisonerOf === null) l.at.position = l.owner === to ? { kind: 'CENTER' } : l.at.position.kind === 'CENTER' ? { kind: 'OUTSKIRTS' } : l.at.position;
  followCity(s, v); // [T §8.4.9] a city's fief title goes with it
  settleVillage(s, v); // a siege by the new controller ends [P G-34]
}

const movesCards = (a: Goods, b?: Goods): boolean => a.cards.length > 0 || (b?.cards.length ?? 0) > 0;

/**
 * A whole transaction on a copy: `a` gives `ga` to `b`, `b` gives `gb` to `a`, `initiator` spends an
 * Embassy token when cards move in embassy mode. Returns the new state or which side failed.
 */
function transact(state: FiefState, a: PlayerId, b: PlayerId, ga: Goods, gb: Goods, initiator: PlayerId): { ok: true; state: FiefState; events: FreeEvent[]; embassy: boolean; freed: FreedChoice[] } | { ok: false; side: 'a' | 'b' | 'both'; issue: Issue } {
  const ia = checkGoods(state, a, b, ga);
  if (ia) return { ok: false, side: 'a', issue: ia };
  const ib = checkGoods(state, b, a, gb);
  if (ib) return { ok: false, side: 'b', issue: ib };
  const embassy = !state.config.options.freeDiplomacy && movesCards(ga, gb);
  if (embassy && state.families[initiator]!.embassy < 1) return { ok: false, side: initiator === a ? 'a' : 'b', issue: { key: 'no-embassy' } };
  const s = structuredClone(state);
  const freeing: Freeing = { freed: [] }; // #13 for a prisoner released to his owner, asked afterwards
  const events = [...moveGoods(s, a, b, ga, freeing), ...moveGoods(s, b, a, gb, freeing)];
  const lim = s.config.family.handLimit;
  if (s.hands[a]!.length > lim || s.hands[b]!.length > lim) {
    // Counts are public [§11.2]: saying so reveals nothing; the larger hand is "the other side" for neither.
    return { ok: false, side: 'both', issue: { key: 'hand-limit', args: { n: lim } } };
  }
  if (embassy) s.families[initiator]!.embassy -= 1; // [P §11.6] one token, one transaction
  return { ok: true, state: s, events, embassy, freed: freeing.freed! };
}

/**
 * A prisoner released by his jailer (a release, or given to his owner) [T §6.2.4 release 2], placed
 * at once by the cascade (#12 default). Where only a consent would do, a free action cannot wait
 * for the controllers' answers (it is applied at once, atomically, §11.6 [P G-35]), so he stands
 * free where he was held — the rules' own outcome when nobody agrees [P G-57] — and the choice is
 * recorded in `freeing`: the flow asks #13 of every controller at once once the open question is
 * answered (`<step>/act/free/<lord>`, REPLY, default refuse), and moves him to the first village
 * of one who agreed (flow.ts `placing`) [P].
 */
function release(s: FiefState, jailer: PlayerId, lord: LordId, freeing: Freeing): Extract<FreeEvent, { t: 'released' }> {
  const n = freeing.freed!.length;
  const village = freeAndPlace(s, lord, undefined, freeing);
  return { t: 'released', jailer, lord, village, ...(freeing.freed!.length > n ? { consent: true as const } : {}) };
}

/**
 * The relics `offerer` may now recover with the acceptor's leave [T §11.1]: each by the first of his
 * lords that the rule accepts, on `s` (mutated). False when one cannot be recovered any more.
 */
function recoverWithLeave(s: FiefState, offerer: PlayerId, relics: readonly RelicId[], events: FreeEvent[]): boolean {
  for (const r of relics) {
    const lords = s.families[offerer]!.lords.filter((id) => s.lords[id]!.at?.village === s.relics?.[r]?.village);
    const got = lords.map((id) => ({ id, r: recoverRelic(s, id, r, { consent: true }) })).find((x) => x.r.ok);
    if (!got || !got.r.ok) return false;
    Object.assign(s, got.r.state);
    events.push({ t: 'relic', relic: r, lord: got.id, from: null, how: 'recovered' });
  }
  return true;
}

/** What the acceptor gives for a `Wanted`, from his own state (cards: the first of each kind in his hand), or the reason he cannot. */
function fulfil(s: FiefState, p: PlayerId, w: Wanted): Goods | Issue {
  const hand = [...s.hands[p]!];
  const cards: CardId[] = [];
  for (const k of w.cardKinds) { const c = hand.find((x) => cardKind(x) === k); if (!c) return { key: 'no-card' }; hand.splice(hand.indexOf(c), 1); cards.push(c); }
  return { ecus: w.ecus, cards, villages: [...w.villages], prisoners: [...w.prisoners], relics: [...w.relics], ...(w.waivers?.length ? { waivers: [...w.waivers] } : {}) };
}

// ─── Parsing the forms ──────────────────────────────────────────────────────────────────────────

function parseGoods(s: FiefState, me: PlayerId, v: Record<string, string>, pre: string): Goods | Issue {
  const ecus = v[`${pre}ecus`]?.trim() ? Number(v[`${pre}ecus`]) : 0;
  if (!Number.isInteger(ecus) || ecus < 0) return { key: 'bad-number' };
  const cards = items(v[`${pre}card`]).map(upper);
  const villages = items(v[`${pre}village`]).map(upper);
  const prisoners = items(v[`${pre}prisoner`]);
  const relics = items(v[`${pre}relic`]).map(upper) as RelicId[];
  const waivers = items(v[`${pre}waiver`]).map(upper);
  for (const x of waivers) if (!BOARD.fiefs[x]) return { key: 'unknown-thing', args: { x } };
  for (const c of cards) if (!s.hands[me]!.includes(c)) return { key: 'no-card' };
  for (const x of villages) if (!BOARD.villages[x]) return { key: 'unknown-thing', args: { x } };
  for (const x of prisoners) if (!s.lords[x]) return { key: 'unknown-thing', args: { x } };
  for (const x of relics) if (!RELIC_IDS.includes(x)) return { key: 'unknown-thing', args: { x } };
  return { ecus, cards, villages, prisoners, relics, ...(waivers.length ? { waivers } : {}) };
}

function parseWanted(s: FiefState, v: Record<string, string>): Wanted | Issue {
  const ecus = v.ask_ecus?.trim() ? Number(v.ask_ecus) : 0;
  if (!Number.isInteger(ecus) || ecus < 0) return { key: 'bad-number' };
  const cardKinds = items(v.ask_card).map(upper) as CardKind[];
  for (const k of cardKinds) if (!CARD_KINDS[k]) return { key: 'unknown-thing', args: { x: k } };
  const villages = items(v.ask_village).map(upper);
  const prisoners = items(v.ask_prisoner);
  const relics = items(v.ask_relic).map(upper) as RelicId[];
  const leave = items(v.ask_leave).map(upper) as RelicId[];
  const waivers = items(v.ask_waiver).map(upper);
  for (const x of waivers) if (!BOARD.fiefs[x]) return { key: 'unknown-thing', args: { x } };
  for (const x of villages) if (!BOARD.villages[x]) return { key: 'unknown-thing', args: { x } };
  for (const x of prisoners) if (!s.lords[x]) return { key: 'unknown-thing', args: { x } };
  for (const x of [...relics, ...leave]) if (!RELIC_IDS.includes(x)) return { key: 'unknown-thing', args: { x } };
  return { ecus, cardKinds, villages, prisoners, relics, ...(leave.length ? { leave } : {}), ...(waivers.length ? { waivers } : {}) };
}

const isIssue = (x: unknown): x is Issue => typeof x === 'object' && x !== null && ('key' in x || 'pope' in x || 'relic' in x);

/**
 * What is asked of `to`, checked only on what the asker may know (§11.2): villages he controls
 * where the asker is present, prisoners he holds, relics his lords carry beside one of the
 * asker's, his money when money is public, his number of cards.
 */
function checkWanted(s: FiefState, me: PlayerId, to: PlayerId, w: Wanted): Issue | null {
  if (!s.config.options.hiddenMoney && w.ecus > s.families[to]!.ecus) return { key: 'not-theirs' };
  if (w.cardKinds.length > s.hands[to]!.length) return { key: 'not-theirs' };
  for (const v of w.villages) { if (s.villages[v]?.controller !== to) return { key: 'not-theirs' }; if (!hasPiecesIn(s, v, me)) return { key: 'asker-absent' }; }
  for (const id of w.prisoners) { const l = s.lords[id]!; if (l.prisonerOf !== to) return { key: 'not-theirs' }; if (l.owner !== me && troopsOf(s, l.at!.village, me).sergeants + troopsOf(s, l.at!.village, me).knights === 0) return { key: 'no-troops-there' }; }
  for (const r of w.relics) { const h = s.relics?.[r]?.holder ?? null; if (!h || s.lords[h]!.owner !== to) return { key: 'not-theirs' }; if (!lordBeside(s, h, me)) return { key: 'no-lord-there' }; }
  for (const r of w.leave ?? []) { // his leave is worth asking only where it is the one thing missing [T §11.1]
    const x = s.relics?.[r];
    if (!x || !x.village || s.villages[x.village]!.controller !== to) return { key: 'not-theirs' };
    const t = structuredClone(s);
    if (!recoverWithLeave(t, me, [r], [])) return { relic: 'not-ecclesiastic' };
  }
  for (const f of w.waivers ?? []) { const i = waiverIssue(s, to, f); if (i) return i; } // who wears the crown is public
  return null;
}

/** Checks a free action against the game (the contract's `validateAction`). */
export function validateFree(g: FiefGame, player: PlayerId, action: ActionInput): Validation<FreeCommand> {
  const s = g.fief, free = freeOf(g);
  // typed values (the command line, a mail) may name lords, villages, cards and players as a player does (words.ts)
  const v: Record<string, string> = Object.fromEntries(Object.entries(action.values ?? {}).map(([k, x]) => [k, typeof x === 'string' ? readWords(s, x) : x]));
  if (g.flow.stage !== 'turn' || !s.families[player]) return refuse({ key: 'not-now' });
  const other = (): PlayerId | Issue => { const to = String(v.to ?? '').trim(); if (!s.families[to]) return { key: 'no-player' }; if (to === player) return { key: 'self' }; return to; };
  const num = (x: string | undefined) => Number(String(x ?? '').trim());
  switch (action.id) {
    case 'give': {
      const to = other(); if (isIssue(to)) return refuse(to);
      const goods = parseGoods(s, player, v, ''); if (isIssue(goods)) return refuse(goods);
      if (isEmpty(goods)) return refuse({ key: 'nothing' });
      if (goods.villages.length && g.flow.step === '2.A') return refuse({ key: 'draw-step' }); // [T §4.0, P] surprise timing
      const r = transact(s, player, to, goods, NO_GOODS, player);
      if (!r.ok) return refuse(r.issue);
      return { value: { k: 'give', to, goods }, issues: [] };
    }
    case 'offer': {
      const to = other(); if (isIssue(to)) return refuse(to);
      const give = parseGoods(s, player, v, 'give_'); if (isIssue(give)) return refuse(give);
      const get = parseWanted(s, v); if (isIssue(get)) return refuse(get);
      if (isEmpty(give) && isEmpty(get)) return refuse({ key: 'nothing' });
      const mine = free.offers.filter((o) => o.from === player).length;
      if (mine >= dip(s).openOffers) return refuse({ key: 'too-many-offers', args: { n: mine } });
      const own = checkGoods(s, player, to, give); if (own) return refuse(own);
      const theirs = checkWanted(s, player, to, get); if (theirs) return refuse(theirs);
      if (!s.config.options.freeDiplomacy && (give.cards.length || get.cardKinds.length) && s.families[player]!.embassy < 1) return refuse({ key: 'no-embassy' });
      return { value: { k: 'offer', to, give, get }, issues: [] };
    }
    case 'accept': case 'decline': case 'withdraw': {
      const id = num(v.offer);
      const o = free.offers.find((x) => x.id === id && (action.id === 'withdraw' ? x.from === player : x.to === player));
      if (!o) return refuse({ key: 'no-offer' });
      if (action.id === 'accept') {
        const got = fulfil(s, player, o.get);
        if (isIssue(got)) return youLack(got); // his own hand: told to him alone
        const r = transact(s, o.from, o.to, o.give, got, o.from);
        // A.5: his money is never the stated reason (keepFunded withdraws such offers first; this is the guard) [§11.2].
        if (!r.ok && r.side === 'a' && s.config.options.hiddenMoney && 'key' in r.issue && r.issue.key === 'no-money') return refuse({ key: 'no-offer' });
        if (!r.ok) return r.side === 'a' ? refuse({ key: 'other-side-gone' }) : r.side === 'both' ? refuse(r.issue) : youLack(r.issue); // never says what the offerer lacks
        if (o.get.leave?.length && !recoverWithLeave(r.state, o.from, o.get.leave, [])) return refuse({ key: 'other-side-gone' }); // his lord is no longer there to take it
      }
      return { value: { k: action.id, offer: id }, issues: [] };
    }
    case 'release': {
      const lord = String(v.lord ?? '').trim();
      if (s.lords[lord]?.prisonerOf !== player) return refuse({ key: 'not-your-prisoner' });
      return { value: { k: 'release', lord }, issues: [] };
    }
    case 'excommunicate': {
      const lord = String(v.lord ?? '').trim();
      const r = excommunicate(s, player, lord);
      return r.ok ? { value: { k: 'excommunicate', lord }, issues: [] } : refuse({ pope: r.reason });
    }
    case 'lift': {
      const r = liftExcommunication(s, player);
      return r.ok ? { value: { k: 'lift' }, issues: [] } : refuse({ pope: r.reason });
    }
    case 'request-annulment': {
      const lord = String(v.lord ?? '').trim();
      const r = annulMarriage(s, player, lord, false);
      if (!r.ok) return refuse({ pope: r.reason });
      const couple = coupleOf(s, lord);
      if (free.requests.some((q) => coupleOf(s, q.lord) === couple)) return refuse({ key: 'already-asked' });
      const n = free.asked.filter((a) => a.requester === player && a.couple === couple && a.at === phaseIndex(s)).length;
      if (n >= dip(s).annulmentRequestsPerPhase) return refuse({ key: 'rate-limit', args: { n } }); // [P §11.1.6]
      return { value: { k: 'request-annulment', lord }, issues: [] };
    }
    case 'annul': case 'refuse-annulment': {
      const id = num(v.request);
      const q = free.requests.find((x) => x.id === id);
      const pope = s.titles.POPE.holder;
      if (!pope || s.lords[pope]!.owner !== player) return refuse({ pope: pope ? 'not-the-pope' : 'no-pope' });
      if (!q) return refuse({ key: 'no-request' });
      if (action.id === 'annul') { const r = annulMarriage(s, q.requester, q.lord, true); if (!r.ok) return refuse({ pope: r.reason }); }
      return { value: { k: action.id, request: id }, issues: [] };
    }
    case 'relic': {
      const lord = String(v.lord ?? '').trim(), relic = upper(String(v.relic ?? '').trim()) as RelicId;
      if (s.lords[lord]?.owner !== player) return refuse({ relic: 'unknown' });
      const why = relicTakeRefusal(s, lord, relic); // the predicate the form and the bots use
      return why ? refuse({ relic: why }) : { value: { k: 'relic', lord, relic }, issues: [] };
    }
    case 'hand-relic': {
      const relic = upper(String(v.relic ?? '').trim()) as RelicId, to = String(v.to ?? '').trim();
      const h = s.relics?.[relic]?.holder ?? null;
      if (!s.relics) return refuse({ relic: 'no-relics' });
      if (!h || s.lords[h]!.owner !== player) return refuse({ relic: 'not-your-relic' });
      const r = handRelic(s, h, to, relic, 0); // to any lord beside the carrier, of any family [T §11.1]
      return r.ok ? { value: { k: 'hand-relic', relic, to }, issues: [] } : refuse({ relic: r.reason });
    }
    case 'tooth': { // #38a: the Tooth is announced right after a death; online, by the holder's standing answer [T §11.1]
      const raw = String(v.answer ?? '').trim();
      const answer: ToothAnswer = raw === 'own-family' ? 'own-family' : raw === '' || raw === 'none' ? null : items(raw);
      if (Array.isArray(answer) && answer.some((id) => !s.lords[id])) return refuse({ relic: 'unknown' });
      const r = setGeronceStanding(s, player, answer);
      return r.ok ? { value: { k: 'tooth', answer }, issues: [] } : refuse({ relic: r.reason });
    }
    case 'pass-title': { // [T §4.3, P G-28]
      const title = String(v.title ?? '').trim() as TitleId, to = String(v.to ?? '').trim();
      const i = passTitleIssue(g, player, title, to);
      return i ? refuse(i) : { value: { k: 'pass-title', title, to }, issues: [] };
    }
    case 'lift-siege': { // [T §6.4.1] the besieger ends his siege at any time
      const village = upper(String(v.village ?? '').trim());
      if (!s.villages[village]?.sieges.some((x) => x.besieger === player)) return refuse({ key: 'no-siege' });
      return { value: { k: 'lift-siege', village }, issues: [] };
    }
    default: return refuse({ key: 'unknown-action' });
  }
}

const fiefTitlesOf = (s: FiefState, lord: LordId): TitleId[] => s.lords[lord]?.titles.filter((t) => t.startsWith('FIEF:')) ?? [];
const fiefSize = (t: TitleId): number => BOARD.fiefs[t.slice(5)]?.size ?? 0;

/** [T §4.3, P G-28]: a lord with two fief titles passes the less important one (either, if equal) to a lord of his family with fewer than the most; never while votes are placed. */
function passTitleIssue(g: FiefGame, player: PlayerId, title: TitleId, to: LordId): Issue | null {
  const s = g.fief;
  if (g.flow.current?.kind === 'place-votes') return { key: 'voting' };
  const from = s.titles[title]?.holder ?? null;
  if (!title.startsWith('FIEF:') || !from || s.lords[from]!.owner !== player || fiefTitlesOf(s, from).length < 2) return { key: 'not-second-title' };
  const other = fiefTitlesOf(s, from).find((t) => t !== title)!;
  if (fiefSize(other) < fiefSize(title)) return { key: 'keeps-more-important' };
  if (!s.lords[to] || s.lords[to]!.owner !== player || to === from || !s.families[player]!.lords.includes(to)) return { key: 'not-family' };
  const n = fiefTitlesOf(s, to).length;
  if (n >= s.config.family.maxFiefTitlesPerLord) return { key: 'recipient-full', args: { n } };
  return null;
}

/** Applies a valid free action (checked again: the contract's `act`). Pure. */
export function applyFree(g: FiefGame, player: PlayerId, value: unknown): { game: FiefGame; events: FreeEvent[] } {
  const c = value as FreeCommand;
  const s0 = g.fief;
  const free: FreeState = structuredClone(freeOf(g));
  const now = phaseIndex(s0), by = free.tally?.at === now ? free.tally.by : {};
  free.tally = { at: now, by: { ...by, [player]: (by[player] ?? 0) + 1 } };
  const out = (fief: FiefState, events: FreeEvent[], freed: readonly FreedChoice[] = []) => {
    free.offers = keepFunded(fief, free.offers, events);
    const flow = freed.length ? { ...g.flow, placing: queuePlacings(g.flow, fief, `${g.flow.step}/act`, freed) } : g.flow; // #13 after the open question
    return { game: { ...g, fief, flow, free } as FiefGameFree, events };
  };
  switch (c.k) {
    case 'give': {
      const r = transact(s0, player, c.to, c.goods, NO_GOODS, player);
      if (!r.ok) throw new Error(`fief: gift refused ${JSON.stringify(r.issue)}`);
      return out(r.state, [{ t: 'gift', from: player, to: c.to, goods: c.goods, embassy: r.embassy }, ...r.events], r.freed);
    }
    case 'offer': {
      const offer: Offer = { id: free.nextId, from: player, to: c.to, give: c.give, get: c.get, made: phaseIndex(s0) };
      free.nextId += 1;
      free.offers.push(offer);
      return out(s0, [{ t: 'offer-made', offer }]);
    }
    case 'accept': case 'decline': case 'withdraw': {
      const o = free.offers.find((x) => x.id === c.offer)!;
      free.offers = free.offers.filter((x) => x.id !== c.offer);
      if (c.k !== 'accept') return out(s0, [{ t: 'offer-closed', offer: o, how: c.k === 'decline' ? 'declined' : 'withdrawn' }]);
      const got = fulfil(s0, o.to, o.get) as Goods;
      const r = transact(s0, o.from, o.to, o.give, got, o.from);
      if (!r.ok) throw new Error('fief: trade refused at acceptance');
      const recovered: FreeEvent[] = [];
      if (o.get.leave?.length && !recoverWithLeave(r.state, o.from, o.get.leave, recovered)) throw new Error('fief: recovery refused at acceptance');
      return out(r.state, [{ t: 'trade', offer: o, got, embassy: r.embassy }, ...r.events, ...recovered], r.freed);
    }
    case 'release': {
      const s = structuredClone(s0);
      const freeing: Freeing = { freed: [] };
      const e = release(s, player, c.lord, freeing); // [T §6.2.4] release 2: placed by the cascade, else #13 afterwards
      return out(s, [e], freeing.freed);
    }
    case 'excommunicate': {
      const r = excommunicate(s0, player, c.lord);
      if (!r.ok) throw new Error(`fief: ${r.reason}`);
      return out(r.state, [{ t: 'excommunicated', pope: player, lord: c.lord }]);
    }
    case 'lift': {
      const lord = s0.excommunicated!;
      const r = liftExcommunication(s0, player);
      if (!r.ok) throw new Error(`fief: ${r.reason}`);
      return out(r.state, [{ t: 'lifted', pope: player, lord }]);
    }
    case 'request-annulment': {
      const request: AnnulRequest = { id: free.nextId, requester: player, lord: c.lord, made: phaseIndex(s0) };
      free.nextId += 1;
      free.requests.push(request);
      free.asked = [...free.asked.filter((a) => a.at === phaseIndex(s0)), { requester: player, couple: coupleOf(s0, c.lord), at: phaseIndex(s0) }];
      return out(s0, [{ t: 'annul-asked', request, spouse: s0.lords[c.lord]!.spouse!, pope: s0.lords[s0.titles.POPE.holder!]!.owner }]);
    }
    case 'annul': case 'refuse-annulment': {
      const q = free.requests.find((x) => x.id === c.request)!;
      free.requests = free.requests.filter((x) => x.id !== c.request);
      const spouse = s0.lords[q.lord]!.spouse!;
      if (c.k === 'refuse-annulment') return out(s0, [{ t: 'annul-refused', request: q, spouse, pope: player, how: 'refused' }]);
      const r = annulMarriage(s0, q.requester, q.lord, true);
      if (!r.ok) throw new Error(`fief: ${r.reason}`);
      return out(r.state, [{ t: 'annulled', request: q, spouse }]);
    }
    case 'relic': {
      const how = s0.relics?.[c.relic]?.dropped ? 'taken' : 'recovered';
      const r = how === 'taken' ? takeRelic(s0, c.lord, c.relic) : recoverRelic(s0, c.lord, c.relic);
      if (!r.ok) throw new Error(`fief: ${r.reason}`);
      return out(r.state, [{ t: 'relic', relic: c.relic, lord: c.lord, from: null, how }]);
    }
    case 'pass-title': {
      const s = structuredClone(s0);
      const from = s.titles[c.title].holder!;
      s.lords[from]!.titles = s.lords[from]!.titles.filter((t) => t !== c.title);
      s.lords[c.to]!.titles.push(c.title);
      s.titles[c.title].holder = c.to;
      return out(s, [{ t: 'title-passed', title: c.title, from, to: c.to }]);
    }
    case 'lift-siege': {
      const s = structuredClone(s0);
      endSiege(s, c.village, player); // [P G-34] the engine back to his reserve
      return out(s, [{ t: 'siege-ended', besieger: player, village: c.village }]);
    }
    case 'tooth': {
      const r = setGeronceStanding(s0, player, c.answer);
      if (!r.ok) throw new Error(`fief: ${r.reason}`);
      return out(r.state, [{ t: 'tooth-standing', player, answer: c.answer }]);
    }
    case 'hand-relic': {
      const from = s0.relics![c.relic]!.holder!;
      const r = handRelic(s0, from, c.to, c.relic, 0);
      if (!r.ok) throw new Error(`fief: ${r.reason}`);
      return out(r.state, [{ t: 'relic', relic: c.relic, lord: c.to, from, how: 'handed' }]);
    }
  }
}

/**
 * Keeps the free state through a resolution (`before` → `after`) and lets go what has lapsed: offers
 * and annulment requests older than `diplomacy.offerPhases` phases (#41 decline, #7 refuse), and
 * any whose lords or marriage are gone. Called by the Ruleset's `resolve`.
 */
export function carryFree(before: FiefGame, after0: FiefGame): { game: FiefGame; events: FreeEvent[] } {
  const after = passedPurchases(before, after0) && after0.fief.waivers?.length ? { ...after0, fief: { ...after0.fief, waivers: [] } } : after0; // a waiver serves one step 4.B [P]
  const free = freeOf(before);
  if (free === EMPTY) return { game: after, events: [] };
  const s = after.fief, now = phaseIndex(s), life = dip(s).offerPhases;
  const over = after.flow.stage === 'over';
  const events: FreeEvent[] = [];
  const open = free.offers.filter((o) => { const keep = !over && now - o.made < life; if (!keep) events.push({ t: 'offer-closed', offer: o, how: 'lapsed' }); return keep; });
  const offers = keepFunded(s, open, events);
  const popeOwner = s.titles.POPE.holder ? s.lords[s.titles.POPE.holder]!.owner : null;
  const requests = free.requests.filter((q) => {
    const spouse = s.lords[q.lord]?.spouse ?? null;
    const keep = !over && now - q.made < life && spouse !== null && popeOwner !== null;
    if (!keep) events.push({ t: 'annul-refused', request: q, spouse: spouse ?? before.fief.lords[q.lord]?.spouse ?? q.lord, pope: popeOwner ?? q.requester, how: 'lapsed' });
    return keep;
  });
  const asked = free.asked.filter((a) => a.at === now);
  const tally = free.tally?.at === now ? { tally: free.tally } : {};
  return { game: { ...after, free: { nextId: free.nextId, offers, requests, asked, ...tally } } as FiefGameFree, events };
}

/** Whether the resolution `before` → `after` ran step 4.B (the purchases): the step changed from 4.B or across it. */
function passedPurchases(before: FiefGame, after: FiefGame): boolean {
  const at = (g: FiefGame) => g.fief.cursor.turn * 100 + PURCHASE_ORDER.indexOf(g.flow.step as TurnStepId);
  const b = at(before), a = after.flow.stage === 'over' ? Infinity : at(after), p = before.fief.cursor.turn * 100 + PURCHASE_ORDER.indexOf('4.B');
  return before.flow.stage === 'turn' && b <= p && a > p;
}
const PURCHASE_ORDER: readonly TurnStepId[] = TURN_STEPS.map((r) => r.id);

/**
 * Option A.5 (hidden money): an offer whose offerer no longer has the ecus it offers is withdrawn
 * at once (an `offer-closed` event, `unfunded`), so that an acceptance never fails on his money:
 * the acceptor learns only of a withdrawal, which the offerer may make at any time; the reason is
 * told to the offerer alone (§11.2). With public money nothing is hidden: the offer stays, and an
 * acceptance fails on "the other side" as for any other goods gone.
 */
function keepFunded(s: FiefState, offers: Offer[], events: FreeEvent[]): Offer[] {
  if (!s.config.options.hiddenMoney) return offers;
  return offers.filter((o) => {
    const keep = (s.families[o.from]?.ecus ?? 0) >= o.give.ecus;
    if (!keep) events.push({ t: 'offer-closed', offer: o, how: 'withdrawn', unfunded: true });
    return keep;
  });
}

// ─── The forms offered (from what the player may know) ─────────────────────────────────────────

const opt = (value: string, label: string) => ({ value, label });

/** A short description of a side of an offer, for `viewer` (a party: he sees the cards). */
export function goodsText(s: FiefState, g: Goods | Wanted, lang: Lang, party: boolean): string {
  const fr = lang === 'fr';
  const parts: string[] = [];
  if (g.ecus) parts.push(s.config.options.hiddenMoney && !party ? (fr ? 'des écus' : 'some ecus') : `${g.ecus} ${g.ecus === 1 ? (fr ? 'écu' : 'ecu') : (fr ? 'écus' : 'ecus')}`);
  if ('cards' in g && g.cards.length) parts.push(party ? g.cards.map((c) => cardName(c)[lang]).join(', ') : `${g.cards.length} ${fr ? 'carte(s)' : 'card(s)'}`);
  if ('cardKinds' in g && g.cardKinds.length) parts.push(g.cardKinds.map((k) => `${fr ? 'une carte' : 'a card'} ${CARD_KINDS[k].name[lang]}`).join(', '));
  if (g.villages.length) parts.push(g.villages.map(villageName).join(', '));
  if (g.prisoners.length) parts.push(`${fr ? 'prisonnier(s)' : 'prisoner(s)'} ${g.prisoners.map((l) => lordName(s, l)).join(', ')}`);
  if (g.relics.length) parts.push(g.relics.map((r) => RELICS[r].name[lang]).join(', '));
  if (g.waivers?.length) parts.push(g.waivers.map((f) => (fr ? `la grâce du roi pour le titre de ${BOARD.fiefs[f]?.name ?? f}` : `the king’s waiver of the price of ${BOARD.fiefs[f]?.name ?? f}’s title`)).join(', '));
  if ('leave' in g && g.leave?.length) parts.push(g.leave.map((r) => (fr ? `la permission de recueillir ${RELICS[r].name[lang]}` : `leave to recover ${RELICS[r].name[lang]}`)).join(', '));
  return parts.join(', ') || (fr ? 'rien' : 'nothing');
}

export function offerText(s: FiefState, o: Offer, lang: Lang): string {
  const fr = lang === 'fr';
  return fr ? `n° ${o.id} de ${playerName(s, o.from, null, lang)} — offert : ${goodsText(s, o.give, lang, true)} ; demandé : ${goodsText(s, o.get, lang, true)}`
    : `#${o.id} from ${playerName(s, o.from, null, lang)} — offered: ${goodsText(s, o.give, lang, true)}; asked: ${goodsText(s, o.get, lang, true)}`;
}

/** The free actions a player may take now, with the legal options of his forms (the contract's `freeActions`). */
export function freeActionsOf(g: FiefGame, player: PlayerId, lang: Lang): FreeAction[] {
  const s = g.fief, free = freeOf(g), fr = lang === 'fr';
  if (g.flow.stage !== 'turn' || !s.families[player]) return [];
  const me = s.families[player]!;
  const others = s.players.filter((p) => p !== player).map((p) => opt(p, playerName(s, p, null, lang)));
  const myVillages = BOARD.villageIds.filter((v) => s.villages[v]!.controller === player);
  const myPrisoners = Object.values(s.lords).filter((l) => l.prisonerOf === player).map((l) => l.id);
  const myRelics = RELIC_IDS.filter((r) => { const h = s.relics?.[r]?.holder; return h && s.lords[h]?.owner === player && !s.lords[h]!.prisonerOf; });
  const theirVillages = BOARD.villageIds.filter((v) => s.villages[v]!.controller && s.villages[v]!.controller !== player && hasPiecesIn(s, v, player));
  const theirPrisoners = Object.values(s.lords).filter((l) => l.prisonerOf && l.prisonerOf !== player).map((l) => l.id);
  const theirRelics = RELIC_IDS.filter((r) => { const h = s.relics?.[r]?.holder; return h && s.lords[h]?.owner !== player; });
  // Relics at a seat another player occupies, where one of my lords stands: his leave is asked by a trade [T §11.1].
  const guardedRelics = RELIC_IDS.filter((r) => me.lords.some((id) => relicTakeRefusal(s, id, r, { how: 'recover' }) === 'no-consent'));
  const ch = (name: string, label: string, options: { value: string; label: string }[], optional = true): FormField => ({ name, label, kind: 'choice', options, optional });
  // #6 as a trade component [§11.6]: the crown's player gives his waiver, the others ask it of him (who wears the crown is public).
  const king = crownPlayer(s);
  const vacantFiefs = BOARD.fiefIds.filter((f) => s.titles[`FIEF:${f}`].holder === null).map((f) => opt(f, BOARD.fiefs[f]!.name));
  const int = (name: string, label: string, max?: number): FormField => ({ name, label, kind: 'integer', min: 0, ...(max !== undefined ? { max } : {}), optional: true });
  const goodsFields = (pre: string): FormField[] => [
    int(`${pre}ecus`, fr ? 'Écus' : 'Ecus', me.ecus),
    ...(s.hands[player]!.length ? [ch(`${pre}card`, fr ? 'Carte' : 'Card', s.hands[player]!.map((c) => opt(c, cardName(c)[lang])))] : []),
    ...(myVillages.length ? [ch(`${pre}village`, fr ? 'Village cédé' : 'Village ceded', myVillages.map((v) => opt(v, villageName(v))))] : []),
    ...(myPrisoners.length ? [ch(`${pre}prisoner`, fr ? 'Prisonnier' : 'Prisoner', myPrisoners.map((l) => opt(l, lordName(s, l))))] : []),
    ...(myRelics.length ? [ch(`${pre}relic`, fr ? 'Relique' : 'Relic', myRelics.map((r) => opt(r, RELICS[r].name[lang])))] : []),
    ...(king === player && vacantFiefs.length ? [ch(`${pre}waiver`, fr ? 'Grâce du roi (prix d’un titre de fief)' : 'The king’s waiver (a fief title’s price)', vacantFiefs)] : []),
  ];
  const out: FreeAction[] = [];
  const embassyNote = s.config.options.freeDiplomacy ? '' : (fr ? ` Mode ambassade : échanger des cartes coûte un jeton (il vous en reste ${me.embassy}).` : ` Embassy mode: exchanging cards costs a token (you have ${me.embassy} left).`);
  out.push({ id: 'give', label: fr ? 'Donner' : 'Give', help: (fr ? 'Aussitôt : écus, une carte, un village (à un joueur présent), un prisonnier (à son propriétaire : libéré), une relique.' : 'At once: ecus, a card, a village (to a player present), a prisoner (to his owner: released), a relic.') + embassyNote, fields: [ch('to', fr ? 'À' : 'To', others, false), ...goodsFields('')] });
  out.push({
    id: 'offer', label: fr ? 'Proposer un échange' : 'Offer a trade',
    help: (fr ? `L’autre joueur accepte ou refuse ; tout se fait d’un coup, ou rien. L’offre tombe après ${dip(s).offerPhases} phase(s).` : `The other player accepts or declines; all of it happens at once, or nothing. The offer lapses after ${dip(s).offerPhases} phase(s).`) + embassyNote,
    fields: [ch('to', fr ? 'À' : 'To', others, false), ...goodsFields('give_'),
      int('ask_ecus', fr ? 'Écus demandés' : 'Ecus asked'),
      ch('ask_card', fr ? 'Carte demandée (genre)' : 'Card asked (kind)', CARD_KIND_ORDER.filter((k) => CARD_KINDS[k].family !== 'calamity').map((k) => opt(k, CARD_KINDS[k].name[lang]))),
      ...(theirVillages.length ? [ch('ask_village', fr ? 'Village demandé' : 'Village asked', theirVillages.map((v) => opt(v, villageName(v))))] : []),
      ...(theirPrisoners.length ? [ch('ask_prisoner', fr ? 'Prisonnier demandé' : 'Prisoner asked', theirPrisoners.map((l) => opt(l, lordName(s, l))))] : []),
      ...(theirRelics.length ? [ch('ask_relic', fr ? 'Relique demandée' : 'Relic asked', theirRelics.map((r) => opt(r, RELICS[r].name[lang])))] : []),
      ...(king && king !== player && vacantFiefs.length ? [ch('ask_waiver', fr ? 'Grâce du roi demandée (prix d’un titre de fief)' : 'The king’s waiver asked (a fief title’s price)', vacantFiefs)] : []),
      ...(guardedRelics.length ? [ch('ask_leave', fr ? 'Permission de recueillir une relique' : 'Leave to recover a relic', guardedRelics.map((r) => opt(r, RELICS[r].name[lang])))] : [])],
  });
  const toMe = free.offers.filter((o) => o.to === player);
  if (toMe.length) {
    const f = ch('offer', fr ? 'Offre' : 'Offer', toMe.map((o) => opt(String(o.id), offerText(s, o, lang))), false);
    out.push({ id: 'accept', label: fr ? 'Accepter une offre' : 'Accept an offer', fields: [f] });
    out.push({ id: 'decline', label: fr ? 'Refuser une offre' : 'Decline an offer', fields: [f] });
  }
  const mine = free.offers.filter((o) => o.from === player);
  if (mine.length) out.push({ id: 'withdraw', label: fr ? 'Retirer une offre' : 'Withdraw an offer', fields: [ch('offer', fr ? 'Offre' : 'Offer', mine.map((o) => opt(String(o.id), offerText(s, o, lang))), false)] });
  if (myPrisoners.length) out.push({ id: 'release', label: fr ? 'Libérer un prisonnier' : 'Release a prisoner', help: fr ? 'Il est replacé aussitôt par son propriétaire (cascade de placement).' : 'He is placed at once by his owner (the placement cascade).', fields: [ch('lord', fr ? 'Prisonnier' : 'Prisoner', myPrisoners.map((l) => opt(l, lordName(s, l))), false)] });
  const pope = s.titles.POPE.holder;
  if (pope && s.lords[pope]!.owner === player) {
    const targets = Object.values(s.lords).filter((l) => l.at && l.id !== pope).map((l) => opt(l.id, lordName(s, l.id)));
    if (!s.excommunicated) out.push({ id: 'excommunicate', label: fr ? 'Excommunier (pape)' : 'Excommunicate (pope)', help: fr ? `${s.config.church.excommunicationsPerTurn} fois par tour, un seul excommunié à la fois.` : `${s.config.church.excommunicationsPerTurn} time(s) a turn, one lord at a time.`, fields: [ch('lord', fr ? 'Seigneur' : 'Lord', targets, false)] });
    else out.push({ id: 'lift', label: fr ? `Lever l’excommunication de ${lordName(s, s.excommunicated)}` : `Lift ${lordName(s, s.excommunicated)}’s excommunication`, fields: [] });
    if (free.requests.length) {
      const f = ch('request', fr ? 'Demande' : 'Request', free.requests.map((q) => opt(String(q.id), `${playerName(s, q.requester, null, lang)} : ${lordName(s, q.lord)} + ${lordName(s, s.lords[q.lord]?.spouse ?? '')}`)), false);
      out.push({ id: 'annul', label: fr ? 'Annuler un mariage (pape)' : 'Annul a marriage (pope)', fields: [f] });
      out.push({ id: 'refuse-annulment', label: fr ? 'Refuser une annulation (pape)' : 'Refuse an annulment (pope)', fields: [f] });
    }
  }
  const second = me.lords.flatMap((id) => fiefTitlesOf(s, id).length >= 2 ? fiefTitlesOf(s, id).filter((t) => !passTitleIssue(g, player, t, me.lords.find((x) => x !== id && fiefTitlesOf(s, x).length < s.config.family.maxFiefTitlesPerLord) ?? '')) : []);
  if (second.length) out.push({ id: 'pass-title', label: fr ? 'Transmettre un second titre de fief' : 'Pass on a second fief title', help: fr ? 'Le seigneur garde le plus important ; le titre va à un autre seigneur de votre famille.' : 'The lord keeps the more important one; the title goes to another lord of your family.', fields: [ch('title', fr ? 'Titre' : 'Title', second.map((t) => opt(t, BOARD.fiefs[t.slice(5)]?.name ?? t)), false), ch('to', fr ? 'À' : 'To', me.lords.filter((x) => fiefTitlesOf(s, x).length < s.config.family.maxFiefTitlesPerLord).map((l) => opt(l, lordName(s, l))), false)] });
  const besieging = BOARD.villageIds.filter((v) => s.villages[v]!.sieges.some((x) => x.besieger === player));
  if (besieging.length) out.push({ id: 'lift-siege', label: fr ? 'Lever un siège' : 'Lift a siege', help: fr ? 'L’engin revient dans votre réserve.' : 'The engine goes back to your reserve.', fields: [ch('village', 'Village', besieging.map((v) => opt(v, villageName(v))), false)] });
  const married = me.lords.filter((id) => s.lords[id]!.spouse);
  if (pope && married.length) out.push({ id: 'request-annulment', label: fr ? 'Demander au pape l’annulation d’un mariage' : 'Ask the pope to annul a marriage', help: fr ? `Le pape répond ; sans réponse la demande tombe. ${dip(s).annulmentRequestsPerPhase} demande(s) par phase au plus.` : `The pope answers; unanswered, the request lapses. At most ${dip(s).annulmentRequestsPerPhase} request(s) a phase.`, fields: [ch('lord', fr ? 'Votre seigneur marié' : 'Your married lord', married.map((l) => opt(l, lordName(s, l))), false)] });
  if (s.relics) {
    const free2 = me.lords.filter((id) => s.lords[id]!.at && !s.lords[id]!.prisonerOf);
    const lying = RELIC_IDS.filter((r) => free2.some((id) => mayTakeRelic(s, id, r))); // what one of his lords may take now, as the check says
    const takers = free2.filter((id) => lying.some((r) => mayTakeRelic(s, id, r)));
    if (lying.length) out.push({ id: 'relic', label: fr ? 'Recueillir une relique' : 'Pick up a relic', help: fr ? 'À son siège : l’évêque de cet évêché, un cardinal ou le pape (si un autre joueur occupe le village, demandez sa permission par une offre d’échange). Laissée par un mort : le premier seigneur présent.' : 'At its seat: the bishop of that bishopric, a cardinal or the pope (if another player occupies the village, ask his leave in a trade offer). Left by a dead carrier: the first lord there.', fields: [ch('lord', fr ? 'Seigneur' : 'Lord', takers.map((l) => opt(l, lordName(s, l))), false), ch('relic', fr ? 'Relique' : 'Relic', lying.map((r) => opt(r, RELICS[r].name[lang])), false)] });
    if (myRelics.length) {
      const beside = [...new Set(myRelics.flatMap((r) => { const h = s.relics![r]!.holder!; const v = s.lords[h]!.at!.village; return Object.values(s.lords).filter((l) => l.id !== h && l.prisonerOf === null && l.at?.village === v).map((l) => l.id); }))];
      if (myRelics.includes('GERONCE')) {
        const now = s.relics.GERONCE.resurrect;
        const current = now === 'own-family' ? (fr ? 'tout seigneur de votre famille' : 'any lord of your family') : Array.isArray(now) ? now.map((l) => lordName(s, l)).join(', ') : (fr ? 'personne' : 'nobody');
        out.push({ id: 'tooth', label: fr ? 'La Dent de saint Géronce : qui ramener à la vie' : 'The Tooth of St Géronce: whom to bring back', help: fr ? `Une seule fois, aussitôt après une mort. Réponse en vigueur : ${current}.` : `Once only, right after a death. Your answer now: ${current}.`, fields: [ch('answer', fr ? 'Réponse' : 'Answer', [opt('own-family', fr ? 'Tout seigneur de ma famille' : 'Any lord of my family'), opt('none', fr ? 'Personne' : 'Nobody'), ...Object.values(s.lords).filter((l) => l.id !== relicHolder(s, 'GERONCE')).map((l) => opt(l.id, lordName(s, l.id)))], false)] });
      }
      if (beside.length) out.push({ id: 'hand-relic', label: fr ? 'Confier une relique' : 'Hand over a relic', help: fr ? 'À un autre seigneur du même village, gratuitement (pour la vendre : une offre d’échange).' : 'To another lord in the same village, for nothing (to sell it: a trade offer).', fields: [ch('relic', fr ? 'Relique' : 'Relic', myRelics.map((r) => opt(r, RELICS[r].name[lang])), false), ch('to', fr ? 'À' : 'To', beside.map((l) => opt(l, lordName(s, l))), false)] });
    }
  }
  return out;
}

/** The offers and requests a player is party to (his view): nothing of anyone else's. */
export function diplomacyView(g: FiefGame, player: PlayerId | null): { offers: Offer[]; requests: AnnulRequest[] } {
  const free = freeOf(g), s = g.fief;
  if (!player) return { offers: [], requests: [] };
  const popeOwner = s.titles.POPE.holder ? s.lords[s.titles.POPE.holder]!.owner : null;
  return {
    offers: free.offers.filter((o) => o.from === player || o.to === player),
    requests: free.requests.filter((q) => q.requester === player || popeOwner === player || s.lords[s.lords[q.lord]?.spouse ?? '']?.owner === player),
  };
}

// ─── Bots ───────────────────────────────────────────────────────────────────────────────────────

/**
 * The free actions a bot takes now (each checked by `validateFree` before it is listed): it answers
 * the offers made to it (accepts about half of those it can carry out), as pope answers annulment
 * requests and sometimes lifts an excommunication, and now and then offers ecus to the jailer of one
 * of its lords for his release. Bounded: a handful of actions at most.
 */
export function botFreeActions(g: FiefGame, player: PlayerId, rng: Rng): ActionInput[] {
  const s = g.fief, free = freeOf(g), out: ActionInput[] = [];
  if (g.flow.stage !== 'turn' || !s.families[player]) return out;
  const ok = (a: ActionInput) => validateFree(g, player, a).value !== null;
  for (const o of free.offers.filter((x) => x.to === player).slice(0, 3)) {
    const a = { id: 'accept', values: { offer: String(o.id) } };
    // A trade worth less than nothing to it is never accepted (bot-value.ts); a fair one most of the time.
    out.push(tradeValue(s, player, o) >= 0 && rng.chance(0.9) && ok(a) ? a : { id: 'decline', values: { offer: String(o.id) } });
  }
  const pope = s.titles.POPE.holder;
  if (pope && s.lords[pope]!.owner === player) {
    for (const q of free.requests.slice(0, 2)) {
      // Refused when it costs the pope's family (one of its lords is in that marriage, or it is the royal couple); else now and then granted.
      const spouse = s.lords[q.lord]?.spouse ? s.lords[s.lords[q.lord]!.spouse!] : undefined;
      const costly = spouse?.owner === player || s.lords[q.lord]?.owner === player || [q.lord, spouse?.id].some((id) => id && (s.titles.KING.holder === id || s.titles.QUEEN.holder === id));
      const a = { id: !costly && rng.chance(0.4) ? 'annul' : 'refuse-annulment', values: { request: String(q.id) } };
      if (ok(a)) out.push(a);
    }
    if (s.excommunicated && rng.chance(0.2) && ok({ id: 'lift', values: {} })) out.push({ id: 'lift', values: {} });
  }
  const mine = Object.values(s.lords).filter((l) => l.owner === player && l.prisonerOf && l.prisonerOf !== player);
  if (mine.length && rng.chance(0.1) && !free.offers.some((o) => o.from === player)) {
    const l = rng.pick(mine);
    const price = ransomOf(s, l.id); // what his jailer would get in 4.A: a fair price (bot-value.ts)
    const a = { id: 'offer', values: { to: l.prisonerOf!, give_ecus: String(price), ask_prisoner: l.id } };
    if (s.families[player]!.ecus >= price && ok(a)) out.push(a);
  }
  return out;
}
