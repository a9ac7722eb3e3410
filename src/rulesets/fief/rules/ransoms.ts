/**
 * Step 4.A, ransoms: rules §8.5.3 [T §6.2.5, T-FAQ] with [P G-23] and [P G-24]: every ransom of
 * every player, prisoner owners in turn order, before any purchase.
 * - The owner may first send one offer (an amount for a set of prisoners held by one jailer,
 *   decision #16, default: no offer); the jailer accepts or refuses (#17, default refuse) [P G-23].
 * - Then payment is compulsory: the prisoners left, most valuable first (ties in the owner's order,
 *   default his family order), each one still affordable is paid in full to the jailer [T §6.2.5, P G-23].
 * - A freed lord is placed at once by the cascade (placement.ts); where only a consent would do, the
 *   controllers who agreed (#13, `agreed`, asked by the flow from the choices reported in `freed`)
 *   host him in the first of their villages, else he stays free where he is [P G-57].
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import type { VillageId } from '../board.ts';
import type { FiefState, LordId } from '../state.ts';
import { turnOrder } from '../turn-order.ts';
import { placeLord, refreshControl } from './pieces.ts';
import { placementOptions } from './placement.ts';
import type { FreedChoice } from './settle.ts';
import { ransomValue } from './ransom.ts';

export interface RansomOffer { prisoners: LordId[]; amount: number }
export interface RansomAnswer {
  /** #16: the owner's offer. */
  offer?: RansomOffer;
  /** #17: the jailer's answer to it (default: refuse). */
  jailerAccepts?: boolean;
  /** The owner's order among prisoners of equal value [P G-23]. */
  tieOrder?: LordId[];
  /** #12 for each freed lord: his village in the cascade (default the first in board order). */
  place?: Partial<Record<LordId, VillageId>>;
  /** #13: the villages whose controllers agreed to host a freed lord (default none). */
  consents?: VillageId[];
  /** #13 as the flow asks it: the controllers who agreed to host each freed lord (present once asked). */
  agreed?: Partial<Record<LordId, readonly PlayerId[]>>;
}

export type OfferRefusal = 'not-your-prisoner' | 'several-jailers' | 'bad-amount' | 'no-money';
export const OFFER_REFUSALS: Record<OfferRefusal, Localized> = {
  'not-your-prisoner': { fr: 'Ce seigneur n’est pas l’un de vos seigneurs prisonniers.', en: 'That lord is not one of your imprisoned lords.' },
  'several-jailers': { fr: 'Une offre s’adresse à un seul geôlier : ces prisonniers ont des geôliers différents.', en: 'An offer goes to one jailer: these prisoners have different jailers.' },
  'bad-amount': { fr: 'Le montant offert doit être un nombre entier d’écus, positif ou nul.', en: 'The amount offered must be a whole number of ecus, zero or more.' },
  'no-money': { fr: 'Vous n’avez pas assez d’écus pour cette offre.', en: 'You do not have enough ecus for that offer.' },
};

export interface RansomLine { owner: PlayerId; offer: { result: 'accepted' | 'refused' | OfferRefusal } | null; paid: { lord: LordId; jailer: PlayerId; amount: number }[]; stillHeld: LordId[] }

/** The value of a prisoner's ransom (§8.5.2). */
export const ransomOf = (s: FiefState, lord: LordId): number => ransomValue(s.lords[lord]!.titles, s.config);

/** Frees a prisoner and places him by the cascade (the state is cloned by the caller). */
function free(s: FiefState, lord: LordId, a: RansomAnswer, freed?: FreedChoice[]): void {
  const l = s.lords[lord]!;
  const from = l.at?.village ?? null;
  l.prisonerOf = null;
  l.at = null; // off the board while the cascade looks (he is not "a lord already there" for himself)
  const opts = placementOptions(s, l.owner);
  const needsConsent = Object.keys(opts.consentFrom).length > 0;
  const agreed = a.agreed?.[lord];
  if (needsConsent && freed && agreed === undefined) { // #13 not asked yet: the choice reported for the flow
    const villages: Record<PlayerId, VillageId[]> = {};
    for (const v of opts.villages) { const q = opts.consentFrom[v]; if (q) (villages[q] ??= []).push(v); }
    freed.push({ lord, owner: l.owner, villages });
  }
  const allowed = needsConsent ? opts.villages.filter((v) => a.consents?.includes(v) || (agreed ?? []).includes(opts.consentFrom[v] ?? '')) : opts.villages;
  const wanted = a.place?.[lord];
  const village = wanted && allowed.includes(wanted) ? wanted : allowed[0];
  if (village) placeLord(s, lord, village);
  else if (from) l.at = { village: from, position: { kind: 'OUTSKIRTS' } }; // [P G-57] nobody agreed: he stays, free, where he is
  if (from) refreshControl(s, from);
}

function pay(s: FiefState, owner: PlayerId, jailer: PlayerId, amount: number): void {
  s.families[owner]!.ecus -= amount;
  s.families[jailer]!.ecus += amount;
}

/** Check an offer against the state: the owner's prisoners, one jailer, an amount he has. */
export function checkOffer(s: FiefState, owner: PlayerId, offer: RansomOffer): OfferRefusal | null {
  if (offer.prisoners.length === 0 || offer.prisoners.some((id) => s.lords[id]?.owner !== owner || s.lords[id]?.prisonerOf == null)) return 'not-your-prisoner';
  if (new Set(offer.prisoners.map((id) => s.lords[id]!.prisonerOf)).size !== 1) return 'several-jailers';
  if (!Number.isInteger(offer.amount) || offer.amount < 0) return 'bad-amount';
  if (offer.amount > s.families[owner]!.ecus) return 'no-money';
  return null;
}

/** One owner's ransoms. */
export function settleRansoms(state: FiefState, owner: PlayerId, a: RansomAnswer = {}, freed?: FreedChoice[]): { state: FiefState; line: RansomLine } {
  const s = structuredClone(state);
  const line: RansomLine = { owner, offer: null, paid: [], stillHeld: [] };
  if (a.offer) { // #16, #17 [P G-23]
    const refusal = checkOffer(s, owner, a.offer);
    if (refusal) line.offer = { result: refusal };
    else if (a.jailerAccepts === true) {
      const jailer = s.lords[a.offer.prisoners[0]!]!.prisonerOf!;
      pay(s, owner, jailer, a.offer.amount);
      for (const id of a.offer.prisoners) { line.paid.push({ lord: id, jailer, amount: a.offer.prisoners[0] === id ? a.offer.amount : 0 }); free(s, id, a, freed); }
      line.offer = { result: 'accepted' };
    } else line.offer = { result: 'refused' };
  }
  // Compulsory payment, most valuable first; ties in the owner's order [T §6.2.5, P G-23].
  const fam = s.families[owner]!;
  const rank = (id: LordId) => { const i = a.tieOrder?.indexOf(id) ?? -1; return i < 0 ? a.tieOrder?.length ?? 0 : i; };
  const held = fam.lords.filter((id) => s.lords[id]!.prisonerOf !== null)
    .map((id, i) => ({ id, value: ransomOf(s, id), i }))
    .sort((x, y) => y.value - x.value || rank(x.id) - rank(y.id) || x.i - y.i);
  for (const { id, value } of held) {
    if (value > fam.ecus) { line.stillHeld.push(id); continue; }
    const jailer = s.lords[id]!.prisonerOf!;
    pay(s, owner, jailer, value); // the jailer must accept the full ransom [T §6.2.5]
    line.paid.push({ lord: id, jailer, amount: value });
    free(s, id, a, freed);
  }
  return { state: s, line };
}

/** Step 4.A: every prisoner owner in turn order [P G-24]. `freed`: filled with the freed lords whose placement needs a consent not yet asked (#13). */
export function runRansomStep(state: FiefState, answers: Partial<Record<PlayerId, RansomAnswer>> = {}, freed?: FreedChoice[]): { state: FiefState; lines: RansomLine[] } {
  let s = state;
  const lines: RansomLine[] = [];
  for (const p of turnOrder(s.players, s.firstPlayer ?? s.players[0]!)) {
    if (!s.families[p]!.lords.some((id) => s.lords[id]!.prisonerOf !== null)) continue;
    const r = settleRansoms(s, p, answers[p], freed);
    s = r.state;
    lines.push(r.line);
  }
  return { state: s, lines };
}
