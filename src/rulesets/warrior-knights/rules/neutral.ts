/**
 * The neutral action cards that ask the barons (rules §4.4, §4.8; §9.2 #21–#25): Defensive Works
 * and Troop Maintenance (parallel answers applied in chairman order [P G-A62]) and the Expedition
 * (the Chairman's launch, the stakes in chairman order, the Church's blessing, then the pawns).
 * Each takes every answer of its card at once; a missing answer is §9.2's default (nothing, no
 * launch, no stake, no blessing). An answer that is not legal is refused with its reason in both
 * languages; one that is legal but no longer affordable is applied as far as it is affordable when
 * it is applied (§9.5). After resolution the card returns to the neutral set (§2.9).
 */
import { fill } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import type { BaronId } from '../barons.ts';
import { DESTINATIONS, type Destination, type ExpeditionResult } from '../cards.ts';
import { own, type WkState } from '../state.ts';
import { chairmanOrder } from '../turn-order.ts';
import { drawFate } from './fate.ts';
import { queueTriggers } from './action.ts';

export type WorksAnswer = { kind: 'repair'; city: string; breaches: number } | { kind: 'fortify'; city: string } | { kind: 'repair-stronghold'; breaches: number };
export interface MaintenanceAnswer { army: string; tokens: number }
export interface ExpeditionAnswers { launch?: Destination | null; stakes?: Partial<Record<BaronId, number>>; bless?: boolean }

export type NeutralRefusal = 'no-card' | 'bad-destination' | 'not-your-city' | 'besieged' | 'already-fortified' | 'not-your-army' | 'under-way' | 'bad-stake' | 'no-shield';
export const NEUTRAL_REFUSALS: Record<NeutralRefusal, Localized> = {
  'no-card': { fr: 'Aucune carte neutre n’attend de réponse.', en: 'No neutral card is waiting for answers.' },
  'bad-destination': { fr: 'Une expédition part pour Ceylan, les Îles aux Épices ou la Chine.', en: 'An expedition sails for Ceylon, the Spice Islands or China.' },
  'not-your-city': { fr: 'Vous ne contrôlez pas cette cité.', en: 'You do not control this city.' },
  besieged: { fr: 'Une place assiégée ne peut être ni réparée ni fortifiée.', en: 'A besieged place can be neither repaired nor fortified.' },
  'already-fortified': { fr: 'Cette cité est déjà fortifiée.', en: 'This city is already fortified.' },
  'not-your-army': { fr: 'Cette armée n’est pas la vôtre.', en: 'This army is not yours.' },
  'under-way': { fr: 'Une expédition est déjà en route vers cette destination.', en: 'An expedition is already under way to this destination.' },
  'bad-stake': { fr: 'Une mise va de {min} à {max} couronnes, et vous devez les avoir.', en: 'A stake is {min} to {max} crowns, and you must have them.' },
  'no-shield': { fr: 'Il vous faut un écusson libre pour investir.', en: 'You need a free shield to invest.' },
};

export type NeutralResult = { ok: true; state: WkState } | { ok: false; reason: NeutralRefusal; message: Localized; baron?: BaronId };

/** A count from an answer: a finite number rounded down, else 0. */
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);

function refuse(s: WkState, reason: NeutralRefusal, baron?: BaronId): NeutralResult {
  return { ok: false, reason, baron, message: fill(NEUTRAL_REFUSALS[reason], { min: s.config.expedition.minStake, max: s.config.expedition.maxStake }) };
}

/** Ends the card: back to the neutral set, the Chairman reveals the next. */
function done(out: WkState): NeutralResult {
  out.current = null;
  out.toAct = [out.chairman];
  out.step = 'A1';
  queueTriggers(out);
  return { ok: true, state: out };
}

// ─── Defensive Works (§4.4, #21) ──────────────────────────────────────────────────────────────

export function resolveDefensiveWorks(s: WkState, answers: Partial<Record<BaronId, WorksAnswer>> = {}): NeutralResult {
  if (s.current === null || !s.current.startsWith('neutral:defensive-works')) return refuse(s, 'no-card');
  const c = s.config.neutral;
  for (const b of s.players) {
    const a = answers[b];
    if (!a || a.kind === 'repair-stronghold') {
      if (a && s.strongholds[b].besiegedBy !== null) return refuse(s, 'besieged', b); // [P] a besieged stronghold as a city
      continue;
    }
    const st = own(s.cities, a.city);
    if (!st || st.controller !== b || st.razed) return refuse(s, 'not-your-city', b);
    if (st.besiegedBy !== null) return refuse(s, 'besieged', b);
    if (a.kind === 'fortify' && st.fortified) return refuse(s, 'already-fortified', b);
  }
  const out = structuredClone(s);
  for (const b of chairmanOrder(out.players, out.chairman)) {
    const a = answers[b];
    if (!a) continue;
    const me = out.barons[b];
    if (a.kind === 'fortify') {
      if (me.crowns >= c.fortifyCost) { me.crowns -= c.fortifyCost; out.cities[a.city]!.fortified = true; } // [P] a breached city may be fortified
      continue;
    }
    const place = a.kind === 'repair' ? out.cities[a.city]! : out.strongholds[b];
    const affordable = c.repairPerBreach === 0 ? place.breaches : Math.floor(me.crowns / c.repairPerBreach);
    const n = Math.min(count(a.breaches), place.breaches, affordable);
    me.crowns -= n * c.repairPerBreach;
    place.breaches -= n;
  }
  return done(out);
}

// ─── Troop Maintenance (§4.4, #22) ────────────────────────────────────────────────────────────

export function resolveMaintenance(s: WkState, answers: Partial<Record<BaronId, MaintenanceAnswer>> = {}): NeutralResult {
  if (s.current === null || !s.current.startsWith('neutral:maintenance')) return refuse(s, 'no-card');
  for (const b of s.players) {
    const a = answers[b];
    if (a && a.army !== 'stronghold' && own(s.nobles, a.army)?.baron !== b) return refuse(s, 'not-your-army', b);
  }
  const out = structuredClone(s);
  const cost = out.config.neutral.maintenancePerToken;
  for (const b of chairmanOrder(out.players, out.chairman)) {
    const a = answers[b];
    if (!a) continue;
    const army = a.army === 'stronghold' ? out.strongholds[b] : out.nobles[a.army]!;
    const me = out.barons[b];
    const n = Math.min(count(a.tokens), army.casualties, cost === 0 ? army.casualties : Math.floor(me.crowns / cost));
    me.crowns -= n * cost;
    army.casualties -= n;
  }
  return done(out);
}

// ─── Expedition (§4.8, #23–#25) ───────────────────────────────────────────────────────────────

/** [P G-A05] best first. */
const RANK: ExpeditionResult[] = [4, 3, 2, 1, 'no-news', 'lost'];
export const bestResult = (rs: ExpeditionResult[]): ExpeditionResult => rs.reduce((best, r) => (RANK.indexOf(r) < RANK.indexOf(best) ? r : best));

export function resolveExpedition(s: WkState, answers: ExpeditionAnswers = {}): NeutralResult {
  if (s.current === null || !s.current.startsWith('neutral:expedition')) return refuse(s, 'no-card');
  const c = s.config.expedition;
  const launch = answers.launch ?? null;
  if (launch !== null && !(DESTINATIONS as readonly unknown[]).includes(launch)) return refuse(s, 'bad-destination');
  if (launch !== null && s.expeditions[launch] !== null) return refuse(s, 'under-way');
  const stakes = launch === null ? {} : answers.stakes ?? {};
  for (const [b, v] of Object.entries(stakes) as [BaronId, number][]) {
    if (!s.players.includes(b) || !Number.isInteger(v) || v < c.minStake || v > c.maxStake || v > s.barons[b].crowns) return refuse(s, 'bad-stake', b);
    if (s.barons[b].shields <= 0) return refuse(s, 'no-shield', b);
  }
  const out = structuredClone(s);
  // 1–4: launch, stakes in chairman order, blessing, pawn — only if someone invested [T §4.8, P G-A04].
  const placed: { baron: BaronId; crowns: number }[] = [];
  for (const b of chairmanOrder(out.players, out.chairman)) {
    const v = stakes[b];
    if (v === undefined) continue;
    out.barons[b].crowns -= v;
    out.barons[b].shields--;
    placed.push({ baron: b, crowns: v });
  }
  const before = DESTINATIONS.filter((d) => out.expeditions[d] !== null);
  if (launch !== null && placed.length > 0) {
    const bless = answers.bless === true && out.barons[out.church].faith >= c.blessingFaith;
    if (bless) out.barons[out.church].faith -= c.blessingFaith;
    out.expeditions[launch] = { space: 1, blessed: bless, stakes: placed };
  }
  // 5: every other pawn advances one space, up to the last [P G-A03].
  for (const d of before) out.expeditions[d]!.space = Math.min(c.spaces, out.expeditions[d]!.space + 1);
  // 6: every expedition on the last space is resolved, in track order [P].
  for (const d of DESTINATIONS) {
    const e = out.expeditions[d];
    if (!e || e.space < c.spaces) continue;
    const results: ExpeditionResult[] = [];
    for (let i = 0; i < (e.blessed ? 2 : 1); i++) {
      const draw = drawFate(out.secret.fateDeck);
      out.secret.fateDeck = draw.deck;
      if (draw.card) results.push(draw.card.expedition[d]); // [P G-A37] an empty deck: no card
    }
    if (results.length === 0) continue;
    const r = bestResult(results);
    out.log.push({ t: 'expedition', destination: d, result: r });
    if (r === 'no-news') continue; // stays on its last space, still blessed
    for (const st of e.stakes) {
      out.barons[st.baron].shields++;
      if (typeof r === 'number') { out.barons[st.baron].crowns += r * st.crowns; out.log.push({ t: 'crowns', baron: st.baron, amount: r * st.crowns }); }
    }
    out.expeditions[d] = null; // stakes and the blessing's Faith go to the bank [P G-A05]
  }
  return done(out);
}

