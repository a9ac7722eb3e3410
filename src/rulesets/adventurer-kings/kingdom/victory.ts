/**
 * Victory (S5.6.2, S5.6.3; G-92, G-93; TV-42, TV-43, TV-44): the Emperor threshold and its
 * decline, the single-King coronation, elections called the turn before, the end of the game,
 * the Imperial Offices awarded and the VP adjusted for alignment.
 */
import type { AKConfig } from '../config.ts';
import type { AKState, Alignment } from '../state.ts';
import type { AKSheet, TurnCtx } from '../turn/context.ts';
import { officeHolders, OFFICES } from './offices.ts';
import { titleVpByKingdom } from './titles.ts';
import { ITEMS } from '../world/items.ts';
import { alignmentDistance, kingdomTaxBase, liveKingdoms, worldTaxBase } from './util.ts';

type VictoryCfg = AKConfig['kingdom']['victory'];

/** The share (%) of the world tax base a single King must exceed at the end of `turn` (S5.6.2 table; 25 % after turn 30, G-92). */
export function thresholdPct(cfg: VictoryCfg, turn: number): number {
  if (turn < cfg.declineFromTurn) return cfg.thresholdPct;
  return Math.max(cfg.floorPct, cfg.thresholdPct - cfg.declinePerTurn * (turn - cfg.declineFromTurn + 1));
}

/** Integer comparison (TV-42): held / world > pct % ⇔ 100 × held > pct × world. */
export function exceeds(held: number, world: number, pct: number): boolean {
  return 100 * held > pct * world;
}

/** G-93: VP multiplier in % = max(0, 100 − rate(player) × distance(player, Emperor)). */
export function vpMultiplierPct(cfg: VictoryCfg, player: Alignment, emperor: Alignment): number {
  const rate = (cfg.reductionPct as Record<Alignment, number>)[player];
  return Math.max(0, 100 - rate * alignmentDistance(player, emperor));
}

export function adjustedVp(cfg: VictoryCfg, vp: number, player: Alignment, emperor: Alignment | null): number {
  return emperor === null ? vp : (vp * vpMultiplierPct(cfg, player, emperor)) / 100;
}

/**
 * Super AK (§14.3): « vous obtenez des voix supplémentaires pour les Charges, les Titres et les objets
 * magiques. Chaque point de victoire équivaut à 5 écus de taxe dans un vote (le nombre de votes n'est
 * pas modifié s'il y a une différence d'alignement […]) ». A kingdom's extra votes: the VP of the
 * Offices and Titles its characters lead now (the Emperor's excepted: he is what the vote makes) and
 * of the artifacts they hold ([P V-14]), × `titles.ecusPerVp`, without alignment reduction. 0 elsewhere.
 */
export function extraVotes(s: AKState, cfg: AKConfig['kingdom'], k: number, table?: Record<number, number>): number {
  if (s.variant !== 'super') return 0;
  return cfg.titles.ecusPerVp * ((table ?? vpTable(s, cfg))[k] ?? 0);
}

/** Super AK: the VP a kingdom's characters hold now (Offices but the Emperor's, Royal Titles, artifacts), as counted in votes. */
export function vpHeld(s: AKState, cfg: AKConfig['kingdom'], k: number): number {
  return vpTable(s, cfg)[k] ?? 0;
}

/** `vpHeld` of every kingdom at once (one pass over the Offices, the Titles and the characters). */
export function vpTable(s: AKState, cfg: AKConfig['kingdom']): Record<number, number> {
  const out: Record<number, number> = {};
  const add = (k: number | null | undefined, vp: number) => { if (k !== null && k !== undefined) out[k] = (out[k] ?? 0) + vp; };
  const holders = officeHolders(s, cfg.offices);
  for (const o of OFFICES) {
    if (o === 'Emperor') continue;
    const h = holders[o];
    if (h !== null) add(s.characters[h]?.kingdom, (cfg.offices.vp as Record<string, number>)[o] ?? 0);
  }
  for (const [k, vp] of Object.entries(titleVpByKingdom(s, cfg.titles))) add(Number(k), vp);
  for (const c of Object.values(s.characters)) {
    if (c.kingdom === null || !c.alive) continue;
    for (const id of c.items) if (ITEMS[s.items[id]?.kind ?? '']?.artifact) add(c.kingdom, cfg.titles.artifactVp);
  }
  return out;
}

/** A kingdom's weight in a vote and in the threshold test: its tax base, plus Super AK's extra votes. */
export function votesOf(s: AKState, cfg: AKConfig['kingdom'], k: number, table?: Record<number, number>): number {
  return kingdomTaxBase(s, k) + extraVotes(s, cfg, k, table);
}
/** The world's votes: its tax base, plus every live kingdom's extra votes (Super AK). */
export function worldVotes(s: AKState, cfg: AKConfig['kingdom'], table?: Record<number, number>): number {
  if (s.variant !== 'super') return worldTaxBase(s);
  const t = table ?? vpTable(s, cfg);
  return worldTaxBase(s) + liveKingdoms(s).reduce((n, k) => n + extraVotes(s, cfg, k.id, t), 0);
}

/** Super AK: the live kingdoms of an alignment holding more than `pct` % of the world's votes together (the first such alignment), else none. */
export function alignmentBloc(s: AKState, cfg: AKConfig['kingdom'], pct: number): number[] {
  const table = vpTable(s, cfg);
  const world = worldVotes(s, cfg, table);
  const by = new Map<Alignment, number[]>();
  for (const k of liveKingdoms(s)) by.set(k.alignment, [...(by.get(k.alignment) ?? []), k.id]);
  for (const ks of by.values()) if (exceeds(ks.reduce((n, k) => n + votesOf(s, cfg, k, table), 0), world, pct)) return ks;
  return [];
}

/** The King a kingdom votes for this turn (G-92: the sheet's "VOTE POUR n" line, `voteFor`; blank = abstain). */
function voteOf(sheet: AKSheet | undefined): number | null {
  const v = (sheet as (AKSheet & { voteFor?: unknown }) | undefined)?.voteFor;
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
}

/**
 * The election (TV-43): each King's votes weigh his tax base now; a candidate with more than
 * 50 % of the world tax base is crowned. Returns the tally and the winner (or null).
 */
export function holdElection(s: AKState, cfg: VictoryCfg, sheets: Record<number, AKSheet>, kcfg?: AKConfig['kingdom']): { tally: Record<number, number>; winner: number | null } {
  // Super AK (§14.3): the votes weigh the tax base plus the VP of Offices, Titles and artifacts (`kcfg` given).
  const table = kcfg && s.variant === 'super' ? vpTable(s, kcfg) : undefined;
  const world = kcfg ? worldVotes(s, kcfg, table) : worldTaxBase(s);
  const tally: Record<number, number> = {};
  for (const k of liveKingdoms(s)) {
    const v = voteOf(sheets[k.id]);
    if (v === null || !s.kingdoms[v] || s.kingdoms[v]!.eliminated) continue;
    tally[v] = (tally[v] ?? 0) + (kcfg ? votesOf(s, kcfg, k.id, table) : kingdomTaxBase(s, k.id));
  }
  let winner: number | null = null;
  for (const [cand, votes] of Object.entries(tally)) if (exceeds(votes, world, cfg.electionPct)) winner = Number(cand);
  return { tally, winner };
}

/** The King above the threshold (the largest tax base if several; ties: treasury, then lower id), or null. */
export function crownedByThreshold(s: AKState, cfg: VictoryCfg, turn: number, kcfg?: AKConfig['kingdom']): number | null {
  const table = kcfg && s.variant === 'super' ? vpTable(s, kcfg) : undefined;
  const world = kcfg ? worldVotes(s, kcfg, table) : worldTaxBase(s);
  const pct = thresholdPct(cfg, turn);
  const above = liveKingdoms(s).filter((k) => exceeds(kcfg ? votesOf(s, kcfg, k.id, table) : kingdomTaxBase(s, k.id), world, pct));
  return strongest(s, above.map((k) => k.id));
}

function strongest(s: AKState, ids: number[]): number | null {
  let best: number | null = null;
  for (const id of ids) {
    if (best === null) { best = id; continue; }
    const a = [kingdomTaxBase(s, id), s.kingdoms[id]!.treasury];
    const b = [kingdomTaxBase(s, best), s.kingdoms[best]!.treasury];
    if (a[0]! > b[0]! || (a[0] === b[0] && a[1]! > b[1]!)) best = id;
  }
  return best;
}

/** Final scores: each kingdom's VP from its characters' offices (the Emperor's 20 to the crowned King), adjusted for alignment. */
export function finalScores(s: AKState, cfg: AKConfig['kingdom'], emperor: number | null): { scores: Record<number, number>; raw: Record<number, number>; holders: Record<string, number | null> } {
  const holders = officeHolders(s, cfg.offices) as Record<string, number | null>;
  if (emperor !== null) holders.Emperor = s.kingdoms[emperor]!.king;
  const raw: Record<number, number> = {};
  for (const k of liveKingdoms(s)) raw[k.id] = 0;
  for (const o of OFFICES) {
    const h = holders[o];
    const c = h === null || h === undefined ? undefined : s.characters[h];
    if (c?.kingdom != null && raw[c.kingdom] !== undefined) raw[c.kingdom]! += (cfg.offices.vp as Record<string, number>)[o] ?? 0;
  }
  // Super AK (§14.3, [P V-10]): each Royal Title's VP to its leader's kingdom, reduced by alignment below like an Office's.
  for (const [k, vp] of Object.entries(titleVpByKingdom(s, cfg.titles))) if (raw[Number(k)] !== undefined) raw[Number(k)]! += vp;
  const empAlign = emperor === null ? null : s.kingdoms[emperor]!.alignment;
  const scores: Record<number, number> = {};
  for (const k of liveKingdoms(s)) scores[k.id] = adjustedVp(cfg.victory, raw[k.id]!, k.alignment, empAlign);
  return { scores, raw, holders };
}

function finish(ctx: TurnCtx, reason: 'emperor' | 'election' | 'turn-limit', emperor: number | null): void {
  const { scores, raw, holders } = finalScores(ctx.s, ctx.cfg.kingdom, emperor);
  const best = Math.max(...Object.values(scores));
  const winners = Object.keys(scores).map(Number).filter((k) => scores[k] === best).sort((a, b) => a - b);
  ctx.s.finished = { reason, emperor, winners, scores };
  const all = liveKingdoms(ctx.s).map((k) => k.id);
  ctx.emit({ t: 'victory-final', to: all, reason, emperor, winners, scores, raw, holders });
}

/** End of turn j: coronation, election, end of the game, vote calls (G-92). */
export function victoryCheck(ctx: TurnCtx): void {
  const s = ctx.s;
  const cfg = ctx.cfg.kingdom.victory;
  const all = liveKingdoms(s).map((k) => k.id);
  if (s.finished) return;
  const world = worldTaxBase(s);
  // 1. A single King above the threshold is crowned.
  const kcfg = s.variant === 'super' ? ctx.cfg.kingdom : undefined;
  const single = crownedByThreshold(s, cfg, s.turn, kcfg);
  if (single !== null) {
    ctx.emit({ t: 'emperor-crowned', to: all, kingdom: single, how: 'threshold', pct: thresholdPct(cfg, s.turn), held: kingdomTaxBase(s, single), world });
    return finish(ctx, 'emperor', single);
  }
  // 2. An election called last turn.
  const called = liveKingdoms(s).some((k) => k.voteCalled);
  if (called) {
    for (const k of liveKingdoms(s)) { k.voteCalled = false; k.lastVoteTurn = s.turn; }
    const { tally, winner } = holdElection(s, cfg, ctx.sheets, kcfg);
    ctx.emit({ t: 'election', to: all, tally, winner, world });
    if (winner !== null) {
      ctx.emit({ t: 'emperor-crowned', to: all, kingdom: winner, how: 'election', held: tally[winner], world });
      return finish(ctx, 'election', winner);
    }
  }
  // 3. The last turn: the largest tax base is Emperor (G-92).
  if (s.turn >= cfg.maxTurns) {
    const emp = strongest(s, all);
    if (emp !== null) ctx.emit({ t: 'emperor-crowned', to: all, kingdom: emp, how: 'turn-limit', held: kingdomTaxBase(s, emp), world });
    return finish(ctx, 'turn-limit', emp);
  }
  // 4. Calls for a vote next turn: refused right after a vote (no vote two turns in a row).
  // Super AK (§14.3): « Quand un alignement possède 55% du monde, un vote a lieu automatiquement au tour
  // suivant »: [P V-15] the Kings of that alignment call it (the threshold of the turn, in votes).
  const bloc = kcfg ? alignmentBloc(s, kcfg, thresholdPct(cfg, s.turn)) : [];
  const callers = liveKingdoms(s).filter((k) => ctx.sheets[k.id]?.callVote || bloc.includes(k.id));
  if (callers.length === 0) return;
  const votedNow = liveKingdoms(s).some((k) => k.lastVoteTurn === s.turn);
  if (votedNow) {
    for (const k of callers) if (ctx.sheets[k.id]?.callVote) ctx.emit({ t: 'vote-refused', to: [k.id], kingdom: k.id });
    return;
  }
  for (const k of callers) k.voteCalled = true;
  ctx.emit({ t: 'vote-called', to: all, callers: callers.map((k) => k.id), turn: s.turn + 1 });
}
