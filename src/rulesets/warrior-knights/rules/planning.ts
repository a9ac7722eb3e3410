/**
 * Phase 1, Planning (rules §4.1; §9.2 #4; §9.3): each baron secretly puts 0–2 of his hand's cards
 * on each of the 3 piles (`submitPlan`, simultaneous: the others see who has submitted, never
 * what); then the 8 neutral cards are shuffled, 2 dealt face down onto each pile and 2 set aside
 * unseen, and each pile is shuffled on its own (`closePlanning`, steps P2–P3). A baron who has
 * not submitted by the deadline places no cards (#4's default); a baron may place none at all
 * [P G-A59]. The shuffles use named streams: `turn/<t>/neutral`, `turn/<t>/pile/<i>`.
 */
import { fill } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import type { BaronId } from '../barons.ts';
import { actionCard, NEUTRAL_CARDS } from '../cards.ts';
import type { WkState } from '../state.ts';
import { chairmanOrder } from '../turn-order.ts';
import { streamShuffle, type Shuffle } from './streams.ts';

export type PlanRefusal = 'wrong-stage' | 'not-in-game' | 'pile-count' | 'too-many' | 'not-in-hand' | 'twice';

export const PLAN_REFUSALS: Record<PlanRefusal, Localized> = {
  'wrong-stage': { fr: 'Ce n’est pas le moment des préparatifs.', en: 'This is not the Planning phase.' },
  'not-in-game': { fr: 'Ce baron ne joue pas dans cette partie.', en: 'This baron is not in this game.' },
  'pile-count': { fr: 'Donnez exactement {piles} piles (une liste par pile, vide si vous n’y mettez rien).', en: 'Give exactly {piles} piles (one list per pile, empty if you put nothing on it).' },
  'too-many': { fr: 'Au plus {max} cartes par pile.', en: 'At most {max} cards per pile.' },
  'not-in-hand': { fr: 'Cette carte n’est pas dans votre main.', en: 'This card is not in your hand.' },
  twice: { fr: 'Une même carte ne peut aller que sur une pile.', en: 'A card can go on one pile only.' },
};

export type PlanResult = { ok: true; state: WkState } | { ok: false; reason: PlanRefusal; message: Localized };

function refuse(s: WkState, reason: PlanRefusal): PlanResult {
  return { ok: false, reason, message: fill(PLAN_REFUSALS[reason], { piles: s.config.planning.piles, max: s.config.planning.maxPerPile }) };
}

/** Checks a plan against the baron's hand and the limits; null when it is legal. */
export function planRefusal(s: WkState, baron: BaronId, piles: readonly (readonly string[])[]): PlanRefusal | null {
  if (s.stage !== 'planning') return 'wrong-stage';
  if (!s.players.includes(baron)) return 'not-in-game';
  if (!Array.isArray(piles) || piles.length !== s.config.planning.piles || !piles.every(Array.isArray)) return 'pile-count';
  if (piles.some((p) => p.length > s.config.planning.maxPerPile)) return 'too-many';
  const all = piles.flat();
  if (all.some((c) => !s.barons[baron].hand.includes(c))) return 'not-in-hand';
  if (new Set(all).size !== all.length) return 'twice';
  return null;
}

/** P1: one baron's secret piles; may be replaced until Planning closes. Closes when every baron has submitted. */
export function submitPlan(s: WkState, baron: BaronId, piles: readonly (readonly string[])[], shuffle?: Shuffle): PlanResult {
  const why = planRefusal(s, baron, piles);
  if (why) return refuse(s, why);
  const out = structuredClone(s);
  out.secret.plans[baron] = piles.map((p) => [...p]);
  if (!out.submitted.includes(baron)) out.submitted.push(baron);
  return { ok: true, state: out.submitted.length === out.players.length ? closePlanning(out, shuffle) : out };
}

/** P2–P3: the deadline or the last submission. Missing plans: no cards (#4). */
export function closePlanning(s: WkState, inject?: Shuffle): WkState {
  if (s.stage !== 'planning') throw new Error('closePlanning: not the Planning phase');
  const out = structuredClone(s);
  const shuffle = inject ?? streamShuffle(out);
  const n = out.config.planning.piles;
  const piles: string[][] = Array.from({ length: n }, () => []);
  const counts: Record<string, number>[] = Array.from({ length: n }, () => ({}));
  for (const b of chairmanOrder(out.players, out.chairman)) {
    const plan = out.secret.plans[b] ?? [];
    for (let i = 0; i < n; i++) {
      const cards = plan[i] ?? [];
      piles[i]!.push(...cards);
      counts[i]![b] = cards.length;
      out.barons[b].hand = out.barons[b].hand.filter((c) => !cards.includes(c));
    }
  }
  // P2: all 8 neutral cards shuffled; 2 on each pile, the rest set aside unseen.
  const neutral = shuffle(`turn/${out.turn}/neutral`, NEUTRAL_CARDS);
  const k = out.config.planning.neutralPerPile;
  for (let i = 0; i < n; i++) { piles[i]!.push(...neutral.slice(i * k, (i + 1) * k)); counts[i]!.neutral = k; }
  out.secret.neutralAside = neutral.slice(n * k);
  // P3: each pile shuffled separately.
  out.secret.piles = piles.map((p, i) => shuffle(`turn/${out.turn}/pile/${i + 1}`, p));
  out.secret.plans = {};
  out.pileCounts = counts;
  out.submitted = [];
  out.log.push({ t: 'planning-closed', turn: out.turn, cards: out.secret.piles.map((p) => p.length) });
  out.stage = 'action';
  out.step = 'A1';
  out.pile = 0;
  out.toAct = [out.chairman];
  return out;
}

/** The cards a baron may plan with: his hand (12 minus the cards lying in the zones, §4.1). */
export const planOptions = (s: WkState, baron: BaronId): string[] => s.barons[baron].hand.filter((c) => { const a = actionCard(c); return !a.neutral && a.owner === baron; });
