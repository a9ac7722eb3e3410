/**
 * Negotiation in an encounter (§6.7, G-20, G-61): SA (say), TA (talk), FU (fulfil a task), and
 * gifts (GI, §6.3). Quests are kept on the character who received them.
 */
import type { TurnCtx } from '../turn/context.ts';
import { ALIGNMENTS, TEMPERAMENTS, type Character } from '../state.ts';

type Quest = NonNullable<Character['quests']>[number];
import { talent } from '../characters.ts';
import { knowledgeOf } from '../knowledge/knowledge.ts';
import type { Combatant, EncounterState } from './types.ts';
import { alignmentDistance } from './formulas.ts';
import { DRUID_TALK_LEVEL, tier as monsterTier } from '../world/monsters.ts';
import { wageAsked } from '../kingdom/heroes.ts';
import { distance } from '../world/geometry.ts';
import { hasAggression } from './plan.ts';

/** G-61: at most 80 characters; digit runs of 6 or more and e-mail/URL-like strings removed. */
export function sanitizeSay(text: string, max = 80, digitRun = 6): string {
  return text
    .replace(/\S+@\S+/g, '')
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, '')
    .replace(new RegExp(`\\d{${digitRun},}`, 'g'), '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

export function say(ctx: TurnCtx, enc: EncounterState, a: Combatant, text: string): void {
  const cfg = ctx.cfg.encounters;
  const said = sanitizeSay(text, cfg.sayMax, cfg.sayDigitRun);
  if (said) ctx.emit({ t: 'enc-say', to: enc.to, at: enc.at, c: a.name, text: said });
}

/** GI in an encounter: items (`all` or ids) to the opponent; to a site monster, they join its treasure. */
export function giveInEncounter(ctx: TurnCtx, enc: EncounterState, a: Combatant, b: Combatant, arg: string): void {
  const c = a.char;
  if (!c) return;
  const ids = arg === 'all' ? [...c.items] : arg.split(/\s+/).map(Number).filter((id) => c.items.includes(id));
  if (ids.length === 0) return;
  for (const id of ids) {
    const it = ctx.s.items[id];
    c.items = c.items.filter((x) => x !== id);
    if (!it) continue;
    if (b.char) { it.holder = b.char.id; delete it.site; b.char.items.push(id); }
    else if (b.site !== undefined) { delete it.holder; it.site = b.site; ctx.s.sites[b.site]!.treasure.items.push(id); }
    else delete it.holder;
  }
  ctx.emit({ t: 'enc-give', to: enc.to, at: enc.at, c: a.name, opp: b.name, items: ids.map((id) => ctx.s.items[id]?.name ?? `#${id}`) });
}

export type TalkResult = 'attack' | 'ignore' | 'quest' | 'talk' | 'fail';

export function talk(ctx: TurnCtx, enc: EncounterState, a: Combatant, b: Combatant): TalkResult {
  const cfg = ctx.cfg.encounters;
  if (!a.used.includes('TA')) a.used.push('TA');
  if (b.kind === 'character') {
    // G-20: TA to a character succeeds unless his plan is aggressive.
    const aggressive = hasAggression(ctx.s, b.plan);
    if (aggressive) { ctx.emit({ t: 'enc-talk', to: enc.to, at: enc.at, c: a.name, opp: b.name, outcome: 'refused' }); return 'attack'; }
    const tc = b.char!;
    const info: Record<string, unknown> = { kingdom: tc.kingdom };
    if (tc.kingdom === null && tc.role === 'WanderingHero') {
      const ai = ALIGNMENTS.indexOf(tc.alignment);
      const ti = TEMPERAMENTS.indexOf(tc.temperament);
      const off = (i: number, n: number) => { const d = ctx.rng.chance(0.5) ? -1 : 1; const j = i + d; return j < 0 || j >= n ? i - d : j; };
      info.alignment = ctx.rng.chance(cfg.talkAlignmentExact) ? tc.alignment : ALIGNMENTS[off(ai, ALIGNMENTS.length)];
      info.temperament = ctx.rng.chance(cfg.talkTemperamentExact) ? tc.temperament : TEMPERAMENTS[off(ti, TEMPERAMENTS.length)];
      // G-20: the hiring cost for this King, exact (G-10's wage formula, as HI would ask it).
      const k = a.char?.kingdom;
      const cost = k == null ? null : wageAsked(ctx.s, ctx.cfg.kingdom.hiring, tc, k, ctx.rng);
      if (cost !== null) info.wage = cost;
    }
    const k = a.char?.kingdom;
    ctx.emit({ t: 'enc-talk', to: k == null ? [] : [k], at: enc.at, c: a.name, opp: b.name, outcome: 'talk', info });
    return 'talk';
  }
  const m = b.monster!;
  const dr = a.char ? talent(ctx.s, a.char, 'Dr') : 0;
  const needs = m.druid ? DRUID_TALK_LEVEL[m.druid] ?? 4 : 4;
  if (!m.flags.speaks && dr < needs) {
    ctx.emit({ t: 'enc-talk', to: enc.to, at: enc.at, c: a.name, opp: b.name, outcome: 'not-understood' });
    return 'fail';
  }
  const d = alignmentDistance(a.alignment, m.alignment);
  const attack = cfg.talkAttackBase + cfg.talkAttackPerStep * d + (m.alignment === 'Evil' || m.alignment === 'Undead' ? cfg.talkAttackEvil : 0);
  const ignore = cfg.talkIgnore;
  const quest = Math.max(cfg.talkQuestMin, 100 - attack - ignore);
  const u = ctx.rng.next() * (attack + ignore + quest);
  if (u < attack) { ctx.emit({ t: 'enc-talk', to: enc.to, at: enc.at, c: a.name, opp: b.name, outcome: 'attack' }); return 'attack'; }
  if (u < attack + ignore || b.site === undefined || !a.char) { ctx.emit({ t: 'enc-talk', to: enc.to, at: enc.at, c: a.name, opp: b.name, outcome: 'ignore' }); return 'ignore'; }
  const q = makeQuest(ctx, b.site, a);
  ctx.emit({ t: 'enc-talk', to: enc.to, at: enc.at, c: a.name, opp: b.name, outcome: 'quest', quest: q });
  return 'quest';
}

function makeQuest(ctx: TurnCtx, site: number, a: Combatant): Quest {
  const s = ctx.s;
  const cfg = ctx.cfg.encounters;
  const c = a.char!;
  const others = Object.keys(s.sites).map(Number).sort((x, y) => x - y).filter((id) => id !== site && s.sites[id]!.monster);
  const items = Object.keys(s.items).map(Number).sort((x, y) => x - y).filter((id) => s.items[id]!.holder !== c.id);
  const here = s.sites[site]!.province;
  const places = Object.keys(s.provinces).map(Number).sort((x, y) => x - y)
    .filter((id) => id !== here && s.provinces[id]!.terrain !== 'Sea' && distance(here, id) <= cfg.questVisitMaxDistance);
  const kinds: Quest['kind'][] = ['pay'];
  if (others.length) kinds.push('kill');
  if (items.length) kinds.push('bring');
  if (places.length) kinds.push('visit');
  const kind = ctx.rng.pick(kinds);
  const q: Quest = { site, kind, turn: s.turn };
  if (kind === 'kill') {
    q.target = ctx.rng.pick(others);
    const t = s.sites[q.target]!;
    if (c.kingdom !== null) { const k = knowledgeOf(s, c.kingdom); k.sites[t.id] ??= { name: t.name, type: t.type }; }
  } else if (kind === 'bring') q.target = ctx.rng.pick(items);
  else if (kind === 'visit') q.target = ctx.rng.pick(places); // G-20 (d): met once he has stood there (pursuit.ts markVisits)
  else q.amount = ctx.rng.int(cfg.questPayMin, cfg.questPayMax);
  (c.quests ??= []).push(q);
  return q;
}

export type FulfilResult = 'paid' | 'ignore' | 'attack' | 'fail';

export function fulfil(ctx: TurnCtx, enc: EncounterState, a: Combatant, b: Combatant): FulfilResult {
  const s = ctx.s;
  const cfg = ctx.cfg.encounters;
  const c = a.char;
  if (!c || b.site === undefined || !b.monster) return 'fail';
  const qi = (c.quests ?? []).findIndex((q) => q.site === b.site);
  if (qi < 0) { ctx.emit({ t: 'enc-fulfil', to: enc.to, at: enc.at, c: a.name, opp: b.name, outcome: 'no-task' }); return 'fail'; }
  const q = c.quests![qi]!;
  const k = c.kingdom === null ? undefined : s.kingdoms[c.kingdom];
  let met = false;
  if (q.kind === 'kill') met = !s.sites[q.target!]?.monster;
  else if (q.kind === 'bring') met = c.items.includes(q.target!);
  else if (q.kind === 'visit') met = q.visited === true || c.province === q.target;
  else met = !!k && k.treasury >= (q.amount ?? 0);
  if (!met) { ctx.emit({ t: 'enc-fulfil', to: enc.to, at: enc.at, c: a.name, opp: b.name, outcome: 'unmet' }); return 'fail'; }
  c.quests!.splice(qi, 1);
  const site = s.sites[b.site]!;
  if (q.kind === 'bring') {
    c.items = c.items.filter((x) => x !== q.target);
    const it = s.items[q.target!];
    if (it) { delete it.holder; it.site = site.id; site.treasure.items.push(it.id); }
  } else if (q.kind === 'pay' && k) k.treasury -= q.amount ?? 0;
  const d = alignmentDistance(a.alignment, b.alignment);
  const p = Math.max(cfg.fulfilMin, cfg.fulfilBase - cfg.fulfilPerStep * d - (b.alignment === 'Evil' ? cfg.fulfilEvil : 0));
  if (ctx.rng.chance(p)) {
    const reward: { item?: number; itemName?: string; gold?: number } = {};
    const items = site.treasure.items.filter((id) => id !== q.target).sort((x, y) => x - y);
    if (items.length > 0) {
      const id = items[0]!;
      site.treasure.items = site.treasure.items.filter((x) => x !== id);
      const it = s.items[id];
      if (it) { delete it.site; it.holder = c.id; c.items.push(id); }
      reward.item = id; reward.itemName = it?.name;
    } else {
      const tier = monsterTier(b.monster);
      const g = (tier + 1) * (ctx.rng.int(1, 6) + ctx.rng.int(1, 6));
      if (k) k.treasury += g;
      reward.gold = g;
    }
    ctx.emit({ t: 'enc-fulfil', to: enc.to, at: enc.at, c: a.name, opp: b.name, outcome: 'paid', ...reward });
    return 'paid';
  }
  const attack = ctx.rng.chance(cfg.fulfilAttack);
  ctx.emit({ t: 'enc-fulfil', to: enc.to, at: enc.at, c: a.name, opp: b.name, outcome: attack ? 'betrayed' : 'unpaid' });
  return attack ? 'attack' : 'ignore';
}
