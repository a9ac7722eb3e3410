/**
 * The bot's diplomacy (S5.4.3, §10, S5.6.2), from its knowledge only: who owns what it has seen,
 * the alignments it has learned (G-04), and its own books.
 * - Allies by interest: a few kingdoms it does not border (a neighbour is a rival for land), the
 *   nearest in alignment first (their Emperor would cost it the fewest VP, G-93); treaties are
 *   offered to those only, and an alliance is broken (Allied → Neutral) with an ally that no
 *   longer fits: one that came to border it, or one grown so large that its crown is near.
 * - War: when no free land (natives, ruling Heroes) is left within reach of its borders (or
 *   earlier, against a much weaker neighbour), a break with the weakest bordering kingdom
 *   (Allied → Neutral → Enemy, one step a turn; a Neutral kingdom's province only bumps invaders
 *   back, TV-40), one war at a time; peace is offered to the far enemies.
 * - Elections (S5.6.2, G-92): the largest kingdom would be crowned at the turn limit anyway, so a
 *   kingdom that believes itself the largest calls a vote (from turn 20) when it believes its own
 *   tax base, its allies' and that of the kingdoms too small to hope to overtake it make more than
 *   half the world. When a vote is called each votes by interest: for itself if it is a caller;
 *   for an allied caller whose crown costs it no more VP (alignment distance, G-93, as far as it
 *   knows the alignments) than the largest kingdom's; for the caller it believes the largest,
 *   unless at war with it, or close enough (80 %) to hope to overtake it before the end; else for
 *   itself (a vote that crowns nobody).
 */
import type { AKState, Alignment, Knowledge } from '../state.ts';
import { alignmentDistance } from '../kingdom/util.ts';
import { vpMultiplierPct } from '../kingdom/victory.ts';
import { resolveConfig } from '../config.ts';
import { distance, neighbours, provincesOf } from '../world/geometry.ts';
import { estimateTax, knownOwner } from './estimate.ts';

/** From turn this on the bot calls votes (S5.6.2). */
export const VOTE_FROM_TURN = 20;
/** A caller must believe it holds at least this share (%) of the world's tax base. */
export const CALLER_SHARE = 15;

/** The tax base the kingdom believes each kingdom holds (its own exactly). */
export function believedTax(s: AKState, k: number, know: Knowledge): Map<number, number> {
  const out = new Map<number, number>();
  for (const id of Object.keys(s.kingdoms).map(Number).sort((a, b) => a - b)) out.set(id, 0);
  for (const p of provincesOf(s)) {
    const prov = s.provinces[p];
    if (prov?.owner === k) { out.set(k, out.get(k)! + prov.taxBase); continue; }
    const pk = know.provinces[p];
    const o = knownOwner(pk);
    if (o !== undefined && o !== null && o !== k && out.has(o)) out.set(o, out.get(o)! + estimateTax(pk));
  }
  return out;
}

/** The world's tax base as the kingdom reckons it (unknown provinces: 3). */
export function believedWorld(s: AKState, k: number, know: Knowledge): number {
  let t = 0;
  const all = provincesOf(s);
  for (const p of all) {
    if (!s.provinces[p] && Object.keys(s.provinces).length < all.length) continue;
    const prov = s.provinces[p];
    if (prov?.owner === k) t += prov.taxBase;
    else t += know.provinces[p] ? estimateTax(know.provinces[p]) : 3;
  }
  return t;
}

/** The kingdoms this one is at war with (Enemy relation, public to both). */
export function enemiesOf(s: AKState, k: number): Set<number> {
  const kd = s.kingdoms[k]!;
  return new Set(Object.entries(kd.relations).filter(([o, r]) => r === 'Enemy' && !s.kingdoms[Number(o)]?.eliminated).map(([o]) => Number(o)));
}

function others0(s: AKState, k: number): number[] {
  return Object.values(s.kingdoms).filter((o) => !o.eliminated && o.id !== k).map((o) => o.id);
}

/** How many allies a kingdom keeps: about one for every four other kingdoms, at least one. */
export function wantedAllies(others: number): number {
  return Math.max(1, Math.round(others / 4));
}

export function diplomacyLines(s: AKState, k: number, know: Knowledge): string[] {
  const kd = s.kingdoms[k]!;
  const live = Object.values(s.kingdoms).filter((o) => !o.eliminated).map((o) => o.id).sort((a, b) => a - b);
  const mine = Object.values(s.provinces).filter((p) => p.owner === k).map((p) => p.id).sort((a, b) => a - b);
  const mineSet = new Set(mine);
  // Bordering kingdoms (as known) and the free land near the borders.
  const border = new Map<number, number>();
  let freeLand = 0;
  const seen = new Set<number>();
  for (const p of mine) for (const n of neighbours(p)) {
    if (mineSet.has(n)) continue;
    const o = knownOwner(know.provinces[n]);
    if (o !== undefined && o !== null && o !== k && live.includes(o)) border.set(o, (border.get(o) ?? 0) + 1);
  }
  for (const [id, pk] of Object.entries(know.provinces)) {
    const p = Number(id);
    if (mineSet.has(p) || seen.has(p) || pk.terrain === undefined || pk.terrain === 'Sea') continue;
    if (knownOwner(pk) !== null) continue;
    if (mine.some((m) => distance(m, p) <= 2)) { freeLand++; seen.add(p); }
  }
  const tax = believedTax(s, k, know);
  const world = believedWorld(s, k, know);
  // Little is known of far kingdoms: each is reckoned to hold at least an even share of the land
  // that is not its own (natives, about a fifth of the world, left aside).
  const even = others0(s, k).length ? (0.8 * (world - (tax.get(k) ?? 0))) / others0(s, k).length : 0;
  const held = (o: number) => (o === k ? tax.get(k) ?? 0 : Math.max(tax.get(o) ?? 0, even));
  const lines: string[] = [];
  const rel = (o: number) => kd.relations[o] ?? 'Neutral';
  const align = (o: number): Alignment | undefined => (o === k ? kd.alignment : know.alignments[o]);
  const vcfg = resolveConfig(s.config).kingdom.victory;
  /** What `o`'s crown leaves of this kingdom's VP (%), as far as it knows o's alignment (unknown: a middling 70). */
  const keep = (o: number) => { const a = align(o); return o === k ? 100 : a ? vpMultiplierPct(vcfg, kd.alignment, a) : 70; };
  const others = live.filter((o) => o !== k);
  // Allies by interest: not bordering, not on the way to a crown of their own, nearest in alignment.
  const nearCrown = (o: number) => 100 * held(o) > 30 * world && held(o) > held(k);
  const score = (o: number) => keep(o) * 10 - (align(o) ? alignmentDistance(kd.alignment, align(o)!) : 2) - held(o) / 10;
  const wanted = others.filter((o) => !border.has(o) && !nearCrown(o) && keep(o) >= 60)
    .sort((a, b) => score(b) - score(a) || a - b).slice(0, wantedAllies(others.length));
  // War: one at a time, against the weakest bordering kingdom, once the free land is gone (or a much weaker one from turn 10).
  const atWar = [...border.keys()].filter((o) => rel(o) === 'Enemy');
  const breaks: number[] = [];
  if (atWar.length === 0 && border.size > 0) {
    const weakest = [...border.keys()].sort((a, b) => held(a) - held(b) || a - b)[0]!;
    if (freeLand === 0 || (s.turn >= 18 && freeLand <= 2) || (s.turn >= 10 && 2 * held(weakest) < held(k))) breaks.push(weakest);
  }
  // Alliances that no longer fit are broken (Allied → Neutral).
  for (const o of others) if (rel(o) === 'Allied' && !wanted.includes(o) && !breaks.includes(o) && (border.has(o) || nearCrown(o))) breaks.push(o);
  if (breaks.length) lines.push(`RUPTURES ${breaks.sort((a, b) => a - b).join(' ')}`);
  const peace = others.filter((o) => rel(o) === 'Enemy' && !border.has(o));
  const offers = [...new Set([...wanted, ...peace])].filter((o) => !breaks.includes(o)).sort((a, b) => a - b);
  if (offers.length) lines.push(`TRAITES ${offers.join(' ')}`);
  // Elections: the largest kingdom (as believed) would be crowned at the turn limit anyway (G-92),
  // so crowning it early costs nothing, unless one hopes to overtake it or dreads its alignment.
  const largest = [...live].sort((a, b) => held(b) - held(a) || a - b)[0]!;
  const callers = live.filter((o) => s.kingdoms[o]!.voteCalled);
  if (callers.length) {
    if (callers.includes(k)) { lines.push(`VOTE POUR ${k}`); return lines; }
    // A caller claims to be the largest: it is believed a quarter above what is known or reckoned of it.
    const claimed = (o: number) => (callers.includes(o) ? 1.25 * held(o) : held(o));
    const top = [...live].sort((a, b) => claimed(b) - claimed(a) || a - b)[0]!;
    const overtake = 5 * held(k) >= 4 * claimed(top) && s.turn < vcfg.maxTurns - 5;
    const fits = (o: number) => rel(o) !== 'Enemy' && keep(o) >= 60 && (rel(o) === 'Allied' ? keep(o) >= keep(top) : o === top && !overtake);
    const choice = callers.filter(fits).sort((a, b) => keep(b) - keep(a) || held(b) - held(a) || a - b)[0];
    lines.push(`VOTE POUR ${choice ?? k}`);
  } else if (s.turn >= VOTE_FROM_TURN && largest === k && 100 * held(k) >= CALLER_SHARE * world) {
    // Backers: its allies, and the kingdoms not at war with it that it believes too small to hope to overtake it.
    const backers = others.filter((o) => rel(o) === 'Allied' || (rel(o) !== 'Enemy' && 5 * held(o) < 4 * held(k)));
    if (2 * (held(k) + backers.reduce((t, o) => t + held(o), 0)) > world) lines.push('VOTE');
  }
  return lines;
}
