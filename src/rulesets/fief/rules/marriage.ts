/**
 * Step 1.A, marriage announcements: rules §5.1 [T §1.1, §1.1.1, T-FAQ] with [P G-49] (prisoners
 * and the excommunicated may marry). In turn order each player may propose one marriage (#1,
 * default no proposal) between one of his lords and a lord of another player; that player accepts
 * or declines (#2, default decline). Announcements are public.
 * - One unmarried woman who is not d'Arc, one unmarried man not in holy orders (no bishop,
 *   cardinal or pope) [T §1.1, §9.1]; two different players; each player at most one marriage
 *   (one alliance) at a time [T §1.1].
 * - A king's bride is queen at once [T §1.1, §1.8.1]; a queen regent's husband does not become king [T §1.1].
 * The alliance is the marriage itself (victory.ts reads the spouses); it ends only by a death
 * (kill-lord.ts) or the pope's annulment (pope.ts).
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import type { FiefState, Lord, LordId } from '../state.ts';
import { turnOrder } from '../turn-order.ts';

/** #1: `lord` (the proposer's) to marry `to` (another player's lord). */
export interface Proposal { lord: LordId; to: LordId }

/** Step 1.A's answers: each proposer's proposal (#1), and the answer to it by the other player (#2), keyed by the proposer. */
export interface MarriageInputs {
  proposals?: Partial<Record<PlayerId, Proposal>>;
  accepts?: Partial<Record<PlayerId, boolean>>;
}

export type MarriageRefusal = 'unknown-lord' | 'not-your-lord' | 'same-player' | 'already-married' | 'player-married' | 'not-man-and-woman' | 'darc' | 'holy-orders';

export const MARRIAGE_REFUSALS: Record<MarriageRefusal, Localized> = {
  'unknown-lord': { fr: 'Ce seigneur n’est pas en jeu.', en: 'That lord is not in play.' },
  'not-your-lord': { fr: 'Vous proposez le mariage de l’un de vos seigneurs.', en: 'You propose the marriage of one of your own lords.' },
  'same-player': { fr: 'Un mariage unit les seigneurs de deux joueurs différents.', en: 'A marriage joins lords of two different players.' },
  'already-married': { fr: 'L’un des deux seigneurs est déjà marié.', en: 'One of the two lords is already married.' },
  'player-married': { fr: 'Un joueur n’a qu’un mariage, donc qu’une alliance, à la fois.', en: 'A player has only one marriage, hence one alliance, at a time.' },
  'not-man-and-woman': { fr: 'Un mariage unit une dame et un seigneur.', en: 'A marriage joins a lady and a lord.' },
  darc: { fr: 'Une dame d’Arc ne se marie jamais.', en: 'A d’Arc lady never marries.' },
  'holy-orders': { fr: 'Un évêque, un cardinal ou le pape ne se marie pas.', en: 'A bishop, a cardinal or the pope does not marry.' },
};

const inOrders = (l: Lord) => l.titles.some((t) => t.startsWith('BISHOP:') || t.startsWith('CARDINAL:') || t === 'POPE');

/** Whether a player's family is married (one marriage at a time) [T §1.1]. */
export const isMarried = (s: FiefState, p: PlayerId): boolean => s.families[p]!.lords.some((id) => s.lords[id]!.spouse !== null);

/** Why this proposal may not be made, or null [T §1.1, §9.1, P G-49]. */
export function checkProposal(s: FiefState, p: PlayerId, m: Proposal): MarriageRefusal | null {
  const a = s.lords[m.lord], b = s.lords[m.to];
  if (!a || !b) return 'unknown-lord';
  if (a.owner !== p) return 'not-your-lord';
  if (b.owner === p) return 'same-player';
  if (a.spouse || b.spouse) return 'already-married';
  if (isMarried(s, a.owner) || isMarried(s, b.owner)) return 'player-married';
  if (a.gender === b.gender) return 'not-man-and-woman';
  const [woman, man] = a.gender === 'F' ? [a, b] : [b, a];
  if (woman.darc) return 'darc';
  if (inOrders(man)) return 'holy-orders';
  return null; // prisoners and the excommunicated may marry [P G-49]
}

/** Marries two lords (checked; the state is cloned by the caller). */
export function wed(s: FiefState, m: Proposal): void {
  const a = s.lords[m.lord]!, b = s.lords[m.to]!;
  a.spouse = b.id;
  b.spouse = a.id;
  const [woman, man] = a.gender === 'F' ? [a, b] : [b, a];
  if (man.titles.includes('KING') && s.titles.QUEEN.holder === null) { // [T §1.1, §1.8.1] the king's bride is queen
    s.titles.QUEEN.holder = woman.id;
    s.titles.QUEEN.regent = false;
    woman.titles.push('QUEEN');
  }
  // [T §1.1] a queen regent's husband does not become king; she stays regent [P G-42].
}

export interface MarriageLine { proposer: PlayerId; proposal: Proposal; result: 'married' | 'declined' | MarriageRefusal }

/** Step 1.A: proposals in turn order, each answered by the other player (default decline). */
export function runMarriageStep(state: FiefState, inputs: MarriageInputs = {}): { state: FiefState; lines: MarriageLine[] } {
  const s = structuredClone(state);
  const lines: MarriageLine[] = [];
  for (const p of turnOrder(s.players, s.firstPlayer ?? s.players[0]!)) {
    const m = inputs.proposals?.[p];
    if (!m) continue;
    const refusal = checkProposal(s, p, m); // checked against the marriages made earlier in this step
    if (refusal) { lines.push({ proposer: p, proposal: m, result: refusal }); continue; }
    if (inputs.accepts?.[p] !== true) { lines.push({ proposer: p, proposal: m, result: 'declined' }); continue; } // #2 default decline
    wed(s, m);
    lines.push({ proposer: p, proposal: m, result: 'married' });
  }
  return { state: s, lines };
}
