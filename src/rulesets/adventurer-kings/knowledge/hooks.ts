/**
 * The knowledge domain's steps of the turn sequence (G-65), called by turn/turn.ts.
 * OWNER: world & knowledge helper.
 */
import type { TurnCtx } from '../turn/context.ts';
import { talent } from '../characters.ts';
import { neighbours } from '../world/geometry.ts';
import { knowledgeOf, learnGeneral, provinceKnowledge, refreshOwner, seeCharacter } from './knowledge.ts';
import { knowledgeScratch, militaryReport, shareSpiedEvents } from './spy.ts';

/**
 * End of each phase (G-65 2e): the spied phase's events shared with the spies (§5.7), noticing
 * (G-100: the stealth roll `unnoticed` is made in the pre-turn by the encounters domain), owner
 * refresh (S8.3).
 */
export function endOfPhase(ctx: TurnCtx): void {
  shareSpiedEvents(ctx);
  const s = ctx.s;
  const at = { turn: s.turn, phase: ctx.phase };
  const sc = knowledgeScratch(ctx);
  const kingdoms = Object.values(s.kingdoms).filter((k) => !k.eliminated).map((k) => k.id).sort((a, b) => a - b);
  const chars = Object.values(s.characters).filter((c) => c.alive).sort((a, b) => a.id - b.id);
  // Where each kingdom has characters, and what it owns.
  const present = new Map<number, Set<number>>();
  const owned = new Map<number, number[]>();
  for (const k of kingdoms) { present.set(k, new Set()); owned.set(k, []); }
  for (const c of chars) if (c.kingdom !== null) present.get(c.kingdom)?.add(c.province);
  for (const p of Object.values(s.provinces)) if (p.owner !== null) owned.get(p.owner)?.push(p.id);

  for (const k of kingdoms) {
    const here = present.get(k)!;
    const mine = new Set(owned.get(k)!);
    // G-100: foreign characters in a province the kingdom owns or where it has a character,
    // unless they passed their stealth roll; wandering Heroes are always seen where it has a character.
    for (const c of chars) {
      if (c.kingdom === k) continue;
      const watched = here.has(c.province) || mine.has(c.province);
      if (!watched) continue;
      const alwaysSeen = c.role === 'WanderingHero' && here.has(c.province);
      if (c.unnoticed && !alwaysSeen) continue;
      seeCharacter(ctx, k, c.id);
      const key = `${k}:${c.id}:${c.province}`;
      if (sc.sighted.includes(key)) continue;
      sc.sighted.push(key);
      const leads = Object.values(s.armies).some((a) => a.leader === c.id);
      ctx.emit({ t: 'noticed', to: [k], at: c.province, character: c.id, name: c.name, kingdom: c.kingdom, role: c.role, leadsArmies: leads });
    }
    // S8.3: owners refreshed where the kingdom has a character, next to it, and next to what it owns.
    const refresh = new Set<number>();
    for (const p of [...here, ...mine]) {
      refresh.add(p);
      for (const q of neighbours(p)) refresh.add(q);
    }
    const kn = knowledgeOf(s, k);
    for (const p of [...refresh].sort((a, b) => a - b)) {
      const pk = kn.provinces[p];
      if (!pk || pk.pct === 0) learnGeneral(s, k, p, at);
      else refreshOwner(s, k, p, at);
      if (mine.has(p)) provinceKnowledge(s, k, p).exactTax = s.provinces[p]!.taxBase;
    }
  }
}

/**
 * End of turn k (G-47): passive contributions to the General Spy Report. Each character with
 * Sp ≥ 1 who did not spy his current province this turn adds a military report of it, if
 * foreign forces or characters are there (one report per kingdom, province and turn).
 */
export function endOfTurn(ctx: TurnCtx): void {
  const s = ctx.s;
  const sc = knowledgeScratch(ctx);
  for (const c of Object.values(s.characters).sort((a, b) => a.id - b.id)) {
    if (!c.alive || c.kingdom === null || s.kingdoms[c.kingdom]?.eliminated) continue;
    if (talent(s, c, 'Sp') < 1) continue;
    if (sc.spied[c.kingdom]?.[c.province]) continue;
    const foreign = Object.values(s.armies).some((a) => a.province === c.province && a.kingdom !== c.kingdom)
      // A character who passed his stealth roll is never in a report (G-47): he alone does not prompt one.
      || Object.values(s.characters).some((o) => o.alive && o.province === c.province && o.kingdom !== c.kingdom && !o.unnoticed);
    if (!foreign) continue;
    const report = militaryReport(ctx, c, c.province);
    if (report) ctx.emit({ t: 'spy-report', to: [c.kingdom], who: c.id, at: c.province, passive: true, ...report });
  }
}
