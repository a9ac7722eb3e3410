/**
 * The bot's diplomacy (S5.4.3, §10, S5.6.2), from its knowledge only: who owns what it has seen.
 * - Treaties with every kingdom it does not border (mutual treaties: Allied, TV-41), peace with a
 *   far enemy.
 * - When no free land (natives, ruling Heroes) is left within reach of its borders, a break with
 *   the weakest bordering kingdom (Allied → Neutral → Enemy, one step a turn; a Neutral kingdom's
 *   province only bumps invaders back, TV-40), one war at a time.
 * - Elections (S5.6.2, G-92): the largest kingdom of an alliance that holds (as it believes) more
 *   than half the world's tax base calls a vote; when a vote is called every kingdom votes for the
 *   largest kingdom of its alliance (itself if it is the largest).
 */
import type { AKState, Knowledge } from '../state.ts';
import { ALL_PROVINCES, distance, neighbours } from '../world/geometry.ts';
import { estimateTax, knownOwner } from './estimate.ts';

/** From turn this on the bot calls votes (S5.6.2). */
export const VOTE_FROM_TURN = 20;
/** A caller must believe it holds at least this share (%) of the world's tax base. */
export const CALLER_SHARE = 15;

/** The tax base the kingdom believes each kingdom holds (its own exactly). */
export function believedTax(s: AKState, k: number, know: Knowledge): Map<number, number> {
  const out = new Map<number, number>();
  for (const id of Object.keys(s.kingdoms).map(Number).sort((a, b) => a - b)) out.set(id, 0);
  for (const p of ALL_PROVINCES) {
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
  for (const p of ALL_PROVINCES) {
    if (!s.provinces[p] && Object.keys(s.provinces).length < ALL_PROVINCES.length) continue;
    const prov = s.provinces[p];
    if (prov?.owner === k) t += prov.taxBase;
    else t += know.provinces[p] ? estimateTax(know.provinces[p]) : 3;
  }
  return t;
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
  const held = (o: number) => tax.get(o) ?? 0;
  const lines: string[] = [];
  const rel = (o: number) => kd.relations[o] ?? 'Neutral';
  // War: one at a time, against the weakest bordering kingdom, once the free land is gone.
  const atWar = [...border.keys()].filter((o) => rel(o) === 'Enemy');
  let target: number | null = null;
  if (atWar.length === 0 && border.size > 0 && (freeLand === 0 || (s.turn >= 18 && freeLand <= 2))) {
    target = [...border.keys()].sort((a, b) => held(a) - held(b) || a - b)[0]!;
    lines.push(`RUPTURES ${target}`);
  }
  const friends = live.filter((o) => o !== k && o !== target && !border.has(o));
  if (friends.length) lines.push(`TRAITES ${friends.join(' ')}`);
  // Elections: a kingdom that believes it is the largest of its alliance and holds a real share
  // of the world calls a vote; when a vote is called, each votes for the largest allied caller it
  // knows of (callers are public, S5.6.2), itself if it is a caller and believes itself larger.
  const world = believedWorld(s, k, know);
  const callers = live.filter((o) => s.kingdoms[o]!.voteCalled && (o === k || rel(o) === 'Allied'));
  if (live.some((o) => s.kingdoms[o]!.voteCalled)) {
    const choice = [...callers].sort((a, b) => held(b) - held(a) || a - b)[0];
    if (choice !== undefined) lines.push(`VOTE POUR ${choice}`);
  } else if (s.turn >= VOTE_FROM_TURN && 100 * held(k) >= CALLER_SHARE * world) {
    const allies = live.filter((o) => o !== k && rel(o) === 'Allied');
    if (allies.length && allies.every((o) => held(o) < held(k))) lines.push('VOTE');
  }
  return lines;
}
