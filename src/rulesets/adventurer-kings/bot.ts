/**
 * A bot kingdom for demos, simulations and soak tests that plays to win (S5.6.2): it grows its
 * tax base by conquest until it is crowned, from what its kingdom knows only (its own characters,
 * armies and provinces in full; the world only through its knowledge, S2.17).
 *
 * - Money (bot/budget.ts): every turn it recruits as much as it can afford where it may
 *   (capital: 2 per native type, Average; other provinces: 1 native type, Green, §5.16, G-53),
 *   keeping the treasury, with next turn's income, above next turn's upkeep and wages plus a margin.
 * - Generals (characters leading armies, the King, and Heroes at home when money allows):
 *   the generals in one province act as one force; it recruits there, then invades the best
 *   adjacent hostile province whose expected battle ratio (bot/estimate.ts) is comfortable, and
 *   otherwise trains Tactics while the recruits pile up, or marches to the frontier.
 *   A general without armies goes home to recruit.
 * - Adventurers (the other characters): explore, search known sites, hire wandering Heroes
 *   met (more generals), move to the least explored neighbour, train.
 * - Diplomacy (bot/diplomacy.ts): treaties with the kingdoms it does not border; when no free
 *   land is left near its borders, a break with the weakest neighbouring kingdom (Neutral →
 *   Enemy, TV-41) to invade it; elections: the largest kingdom of an alliance whose members hold
 *   more than half the world calls a vote, and allies vote for it (S5.6.2).
 * The sheet is checked with the real parser and every line it refuses is dropped, so the bot's
 * answer always validates with no issue.
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import type { Rng } from '../../engine/rng.ts';
import { talent } from './characters.ts';
import { visitorActions } from './valhalla/visits.ts';
import { resolveConfig } from './config.ts';
import { parseSheet } from './orders/sheet.ts';
import type { AKState, ArmyType, Character, CharCode, Knowledge } from './state.ts';
import { CHAR_CODES } from './state.ts';
import { kingdomOfPlayer } from './view.ts';
import { neighbours } from './world/geometry.ts';
import { druidRequirement } from './armies/strength.ts';
import { typeRow } from './armies/types.ts';
import { type EstUnit, expectedDefenders, expectedRatio, estimateTax, knownOwner, ownUnit } from './bot/estimate.ts';
import { Budget } from './bot/budget.ts';
import { diplomacyLines, enemiesOf } from './bot/diplomacy.ts';
import { enrichSheet, heirLine, type SheetPlan } from './bot/extras.ts';
import { actionSpellOrder, combatPlan, type MagicView } from './bot/magic.ts';

export function ledArmies(s: AKState, c: Character) {
  return Object.values(s.armies).filter((a) => a.leader === c.id && a.status === 'Led').sort((a, b) => a.id - b.id);
}

/** The characteristic worth training: the largest gap between aptitude and talent (ties: rules order). */
export function bestTraining(c: Character, prefer?: CharCode): CharCode {
  if (prefer && c.aptitude[prefer] > c.talent[prefer]) return prefer;
  let best: CharCode = 'Ta';
  let gap = -Infinity;
  for (const code of CHAR_CODES) {
    const g = c.aptitude[code] - c.talent[code] + c.aptitude[code] * 0.01;
    if (g > gap) { gap = g; best = code; }
  }
  return best;
}

/** An encounter plan fitting the character's talents (S4.6 is checked again by the parser). */
export function planFor(s: AKState, c: Character): string {
  const t: string[] = [];
  if (talent(s, c, 'El') >= 1) t.push('CA-FI');
  if (talent(s, c, 'Ar') >= 1) t.push('FI');
  t.push('ME', 'ME');
  t.push('FL', 'ME');
  return t.join(', ');
}

/** Types a bot never raises: fleets and Whales (no land use), GA (slow; the garrison is not led), own-race monsters needing Druid (G-09). */
const NO_RECRUIT: ReadonlySet<ArmyType> = new Set<ArmyType>(['FL', 'WH', 'GA', 'EN', 'TR', 'WE', 'EL']);

/** The expected ratio needed to invade: comfortable early, bolder when the Emperor threshold falls (S5.6.2). */
/** Expected battle ratios (bot/estimate.ts): invade at `need` (`late` from turn 25), or at `desperate` when the force cannot grow. Tuned over seeds 1–10 (measurement scripts may override; game code never does). */
export const TUNING = { need: 1.3, late: 1.15, desperate: 0.9 };
export function neededRatio(turn: number): number {
  return turn >= 25 ? TUNING.late : TUNING.need;
}

type Plan = SheetPlan;

function emptyKnowledge(): Knowledge { return { provinces: {}, sites: {}, characters: {}, alignments: {} }; }

/** The bot's text sheet (checked: only lines the parser accepts). */
export function botSheetText(s: AKState, player: PlayerId, rng: Rng): string {
  const k = kingdomOfPlayer(s, player);
  return k === null ? '' : cleanSheet(s, k, botSheetLines(s, player, rng));
}

/** The bot's sheet as it writes it, before the parser's check (tests assert the check drops nothing). */
export function botSheetLines(s: AKState, player: PlayerId, rng: Rng): string[] {
  const k = kingdomOfPlayer(s, player);
  if (k === null) return [];
  const kd = s.kingdoms[k]!;
  if (kd.eliminated) return [];
  const know = s.knowledge[k] ?? emptyKnowledge();
  const cfg = resolveConfig(s.config).armies;
  const budget = Budget.of(s, k);
  const lines: string[] = [...diplomacyLines(s, k, know)];
  const own = (p: number) => s.provinces[p]?.owner === k;
  const claimed = new Set<number>();
  const chars = Object.values(s.characters).filter((c) => c.kingdom === k && c.alive).sort((a, b) => a.id - b.id);
  const plans = new Map<number, Plan>();
  for (const c of chars) plans.set(c.id, { slots: [null, null, null, null, null] });
  const from = (c: Character) => Math.max(1, c.orderableFrom);
  const hostile = (p: number): boolean => {
    const pk = know.provinces[p];
    if (!pk || pk.terrain === undefined || pk.terrain === 'Sea' || own(p)) return false;
    const o = knownOwner(pk);
    if (o === undefined || o === null) return true;
    return kd.relations[o] === 'Enemy';
  };

  // Generals: those leading armies, the King, and Heroes at home while money allows (one per 3 provinces).
  const ownCount = Object.values(s.provinces).filter((p) => p.owner === k).length;
  // A rich treasury raises more generals (issue 17 §3: spend it).
  const maxGenerals = Math.min(kd.treasury >= 150 ? 6 : 4, 1 + Math.floor(ownCount / 3) + (kd.treasury >= 150 ? 1 : 0));
  const generals: Character[] = [];
  for (const c of chars) {
    const leads = ledArmies(s, c).length > 0;
    const king = c.id === kd.king;
    if (leads || king) generals.push(c);
  }
  for (const c of chars) {
    if (generals.includes(c) || generals.length >= maxGenerals) continue;
    if (own(c.province) && !s.provinces[c.province]!.contested && budget.canAfford(4)) generals.push(c);
  }
  generals.sort((a, b) => talent(s, b, 'Ta') - talent(s, a, 'Ta') || a.id - b.id);

  // Forces: the generals standing in one province.
  const byProvince = new Map<number, Character[]>();
  for (const g of generals) byProvince.set(g.province, [...(byProvince.get(g.province) ?? []), g]);
  for (const p of [...byProvince.keys()].sort((a, b) => a - b)) {
    const group = byProvince.get(p)!;
    planForce(group, p);
  }
  const view: MagicView = { s, k, know, enemies: enemiesOf(s, k) };
  // Its own characters (some were seen as strangers before they entered its service: knowledge keeps that record).
  const mineIds = new Set(Object.values(s.characters).filter((c) => c.kingdom === k).map((c) => c.id));
  const casts = new Map<number, Partial<Record<import('./state.ts').College, number>>>();
  const generalHunts = new Map<number, number>();
  const hunters = lairHunters();
  for (const c of chars) if (!generals.includes(c)) planAdventurer(c);
  enrichSheet({ s, k, know, view, plans, chars, generals: new Set(generals.map((g) => g.id)), budget, rng, casts, hunts: generalHunts });
  const heir = heirLine(s, k);
  if (heir) lines.push(heir);

  for (const c of chars) {
    const plan = plans.get(c.id)!;
    if (plan.fired) continue;
    lines.push(`PERSO ${c.id}`);
    // A visitor from Valhalla takes only his actions of the turn (§12.3): the first ones.
    let cap = visitorActions(s, resolveConfig(s.config).valhalla, c) ?? 5;
    plan.slots.forEach((o, i) => { if (o && cap-- > 0) lines.push(`${i + 1} ${o}`); });
    if (plan.special) lines.push(`SPECIAL ${plan.special}`);
  }
  return lines;

  /** The lairs ravaging the kingdom's land (G-14), each with the adventurer best fit to hunt it (Melee and Archery). */
  function lairHunters(): Map<number, number> {
    const out = new Map<number, number>();
    const lairs = Object.values(s.sites).filter((x) => x.ravaging && own(x.province) && know.sites[x.id] && !know.sites[x.id]!.cleared).sort((a, b) => a.id - b.id);
    const taken = new Set<number>();
    for (const lair of lairs) {
      const fit = chars.filter((c) => !generals.includes(c) && !taken.has(c.id) && c.orderableFrom <= 4 && (c.province === lair.province || neighbours(c.province).includes(lair.province)))
        .sort((a, b) => talent(s, b, 'Me') + talent(s, b, 'Ar') - talent(s, a, 'Me') - talent(s, a, 'Ar') || a.id - b.id)[0];
      if (fit) { out.set(fit.id, lair.id); taken.add(fit.id); continue; }
      // No adventurer near: a general standing there searches it in a phase his plan leaves free (bot/extras.ts).
      const gen = chars.filter((c) => generals.includes(c) && !taken.has(c.id) && c.province === lair.province)
        .sort((a, b) => talent(s, b, 'Me') - talent(s, a, 'Me') || a.id - b.id)[0];
      if (gen) { generalHunts.set(gen.id, lair.id); taken.add(gen.id); }
    }
    return out;
  }

  // ── the force of one province ──────────────────────────────────────────────────────────
  function planForce(group: Character[], p: number): void {
    const prov = s.provinces[p];
    const atHome = own(p) && prov !== undefined;
    const contested = !!prov?.contested?.attackers.includes(k!);
    const units: EstUnit[] = [];
    for (const g of group) for (const a of ledArmies(s, g)) if (a.province === p) units.push(ownUnit(s, cfg, a, g));
    let next = Math.max(...group.map(from));
    let recruited = false;
    const lead = group[0]!;
    // 1. Take up the garrison armies here that can march (not GA: speed 1), then recruit for the
    //    best general (one RE per province: the limits are per province).
    if (atHome && !prov.contested) {
      const free = Object.values(s.armies).filter((a) => a.kingdom === k && a.status === 'Garrison' && a.province === p && a.type !== 'GA' && a.recruitedFor === undefined && !a.skeleton)
        .sort((a, b) => a.id - b.id);
      const f = from(lead);
      if (free.length && f <= 5) {
        plans.get(lead.id)!.slots[f - 1] = `PI ${free.map((a) => a.id).join(',')}`;
        for (const a of free) units.push(ownUnit(s, cfg, a, lead));
        next = Math.max(next, f + 1);
      }
      const types = next <= 5 ? recruitList(lead, p) : [];
      const at = Math.max(f, next - (free.length ? 0 : 1));
      if (types.length && at <= 5 && !plans.get(lead.id)!.slots[at - 1]) {
        plans.get(lead.id)!.slots[at - 1] = `RE ${types.join(',')} pour ${lead.id}`;
        for (const t of types) units.push(ownUnit(s, cfg, { type: t, race: prov.race!, quality: prov.capitalOf === k ? cfg.recruitQualityHome as 0 : cfg.recruitQuality as 0 }, lead));
        next = Math.max(next, at + 1);
        recruited = true;
      }
    }
    const withArmies = group.filter((g) => ledArmies(s, g).length > 0 || (g === lead && units.length > 0));
    const idle = group.filter((g) => !withArmies.includes(g));
    // Generals with nothing to lead go home to recruit.
    for (const g of idle) {
      if (!atHome || (p !== kd.capital && budget.canAfford(2))) goHome(g);
      else fill(g, 'Ta');
    }
    if (withArmies.length === 0) return;
    if (contested || next > 5) { for (const g of withArmies) fill(g, 'Ta'); return; }
    // 2. The best adjacent target by expected ratio.
    let best: { id: number; score: number; ratio: number } | null = null;
    for (const n of neighbours(p)) {
      if (claimed.has(n) || !hostile(n)) continue;
      const pk = know.provinces[n]!;
      const ratio = expectedRatio(cfg, units, expectedDefenders(s, know, n), pk.terrain!, pk.pct >= 100);
      const value = Math.min(ratio, 3) * 4 + estimateTax(pk) + (pk.capitalOf !== undefined ? 10 : 0);
      if (!best || value > best.score) best = { id: n, score: value, ratio };
    }
    const attack = (t: number) => {
      claimed.add(t);
      for (const g of withArmies) { plans.get(g.id)!.slots[next - 1] = `MO ${t}`; fill(g, 'Ta', next + 1); }
    };
    if (best && best.ratio >= neededRatio(s.turn)) return attack(best.id);
    // 3. Nothing to take here: an interior province marches toward the frontier (own land only).
    const frontier = hasHostileNeighbour(p);
    if (atHome && !frontier && units.length >= 2) {
      const route = pathToFrontier(p);
      if (route.length) {
        for (const g of withArmies) {
          const slots = plans.get(g.id)!.slots;
          let ph = next;
          for (const step of route.slice(0, 2)) { if (ph <= 5) slots[ph - 1] = `MO ${step}`; ph++; }
          fill(g, 'Ta', ph);
        }
        return;
      }
    }
    // 4. Too weak: grow (recruiting here, or at the capital while money allows), else try one's luck.
    if (recruited) { for (const g of withArmies) fill(g, 'Ta'); return; }
    if (p !== kd.capital && budget.canAfford(2)) { for (const g of withArmies) goHome(g); return; }
    if (best && best.ratio >= TUNING.desperate) return attack(best.id);
    for (const g of withArmies) fill(g, 'Ta');
  }

  /** The native types to raise here for `lead`, affordable, within the limits (§5.16, G-53), no Druid shortfall. */
  function recruitList(lead: Character, p: number): ArmyType[] {
    const prov = s.provinces[p]!;
    if (prov.race === null) return [];
    const need = druidRequirement(cfg, lead.race, prov.race);
    if (need > talent(s, lead, 'Dr')) return [];
    const home = prov.capitalOf === k;
    const perType = home ? cfg.recruitPerTypeHome : cfg.recruitPerType;
    const natives = prov.types.filter((t) => t !== 'GA').length || 1;
    const limit = natives * perType;
    const types = prov.types.filter((t) => !NO_RECRUIT.has(t)).sort((a, b) => typeRow(cfg, b).strength - typeRow(cfg, a).strength);
    const out: ArmyType[] = [];
    for (let round = 0; round < perType; round++) {
      for (const t of types) {
        if (out.length >= limit) break;
        const pay = typeRow(cfg, t).pay;
        if (!budget.recruit(pay)) return out;
        out.push(t);
      }
    }
    return out;
  }

  function hasHostileNeighbour(p: number): boolean {
    return neighbours(p).some((n) => hostile(n));
  }

  /** The shortest walk over own provinces to one with a hostile neighbour (BFS, ascending ids). */
  function pathToFrontier(start: number): number[] {
    const prev = new Map<number, number>([[start, start]]);
    const queue = [start];
    while (queue.length) { // BFS: each province is queued once (`prev`)
      const cur = queue.shift()!;
      if (cur !== start && hasHostileNeighbour(cur)) {
        const path: number[] = [];
        for (let x = cur; x !== start; x = prev.get(x)!) path.unshift(x);
        return path;
      }
      for (const n of neighbours(cur)) if (!prev.has(n) && own(n)) { prev.set(n, cur); queue.push(n); }
    }
    return [];
  }

  function goHome(g: Character): void {
    const slots = plans.get(g.id)!.slots;
    const f = from(g);
    if (g.province !== kd.capital && f <= 5) {
      slots[f - 1] = `MO ${kd.capital}`; // G-51: the march continues over the following empty phases
      return;
    }
    fill(g, 'Ta');
  }

  function fill(c: Character, prefer?: CharCode, start = from(c)): void {
    const slots = plans.get(c.id)!.slots;
    for (let p = Math.max(start, from(c)); p <= 5; p++) if (!slots[p - 1]) slots[p - 1] = `PR ${bestTraining(c, prefer)}`;
  }

  // ── an adventurer ──────────────────────────────────────────────────────────────────────
  function planAdventurer(c: Character): void {
    const slots = plans.get(c.id)!.slots;
    let p = from(c);
    let here = c.province;
    // A lair ravaging the kingdom's land (G-14): its hunter goes there and searches it.
    const lair = hunters.get(c.id);
    if (lair !== undefined && p <= 5) {
      const where = s.sites[lair]!.province;
      if (where !== here) { slots[p - 1] = `MO ${where}`; p++; here = where; }
      if (p <= 5) { slots[p - 1] = `SE ${lair} / ${combatPlan(s, c, rng)}`; p++; }
      fill(c, undefined, p);
      return;
    }
    // An item for a general (all but the Crystal Ball, which any adventurer uses): taken to the capital,
    // where it is given to a general standing there (bot/extras.ts).
    const parcel = c.items.some((id) => s.items[id] && s.items[id]!.spell !== 'CL');
    if (parcel && p <= 5 && here !== kd.capital && !generals.some((g) => g.province === here) && own(kd.capital)) {
      slots[p - 1] = `MO ${kd.capital}`; // G-51: the march continues over the following empty phases
      return;
    }
    const pk = know.provinces[here];
    if (p <= 5 && (pk?.pct ?? 0) < 100) { slots[p - 1] = 'EX'; p++; }
    const sites = (pk?.sites ?? []).filter((id) => know.sites[id] && !know.sites[id]!.cleared);
    if (p <= 5 && sites.length && rng.chance(0.5)) { slots[p - 1] = `SE ${sites[0]} / ${combatPlan(s, c, rng)}`; p++; }
    const seen = Object.values(know.characters).filter((o) => o.province === here && o.asOf.turn >= s.turn - 1 && o.kingdom !== k && !mineIds.has(o.id)).sort((a, b) => a.id - b.id);
    const wanderers = seen.filter((o) => o.kingdom === null);
    if (p <= 5 && wanderers.length && budget.hire(4)) { slots[p - 1] = `HI ${wanderers[0]!.id} pour 4`; p++; }
    else if (p <= 5 && seen.length && rng.chance(0.3)) { slots[p - 1] = `EN ${seen[0]!.id} / ${combatPlan(s, c, rng)}`; p++; }
    // Spells where he stands.
    for (let n = 0; n < 2 && p <= 5; n++) {
      const o = actionSpellOrder(view, c, here, castsOf(c), rng);
      if (!o) break;
      slots[p - 1] = o; p++;
    }
    // Spying: in another kingdom's province (its inventions may be stolen, G-48), else go to one.
    const foreign = (q: number) => { const o = knownOwner(know.provinces[q]); return o !== undefined && o !== null && o !== k; };
    if (p <= 5 && foreign(here)) { slots[p - 1] = 'SP'; p++; }
    else if (p <= 4 && (talent(s, c, 'Sp') >= 1 || talent(s, c, 'Sa') >= 1 || rng.chance(0.25))) {
      const target = neighbours(here).filter(foreign).sort((a, b) => a - b);
      if (target.length) { here = rng.pick(target); slots[p - 1] = `MO ${here}`; slots[p] = 'SP'; p += 2; }
    }
    // Tracking and pursuit of an enemy's character seen lately; patrols at home.
    // (An enemy's character is pursued or tracked; another kingdom's only tracked, to learn where it goes;
    // a wandering Hero seen elsewhere is tracked, to be met and hired.)
    const rank = (o: { kingdom: number | null }) => (o.kingdom === null ? 0 : view.enemies.has(o.kingdom) ? 2 : 1);
    const quarry = Object.values(know.characters).filter((o) => o.kingdom !== k && !mineIds.has(o.id) && o.asOf.turn >= s.turn - 2 && !o.leadsArmies && o.province !== here)
      .sort((a, b) => rank(b) - rank(a) || a.id - b.id)[0];
    if (p <= 5 && quarry && rng.chance(quarry.kingdom === null ? 0.25 : 0.6)) {
      slots[p - 1] = rank(quarry) === 2 && rng.chance(0.5) ? `PU ${quarry.id} / ${combatPlan(s, c, rng)}` : `TR ${quarry.id}`;
      p++;
    } else if (p <= 5 && c.role === 'HeroInService' && own(here) && rng.chance(0.15)) {
      slots[p - 1] = `PU ${c.id} / ${combatPlan(s, c, rng)}`;
      p++;
    }
    if (p <= 5 && (know.provinces[here]?.pct ?? 0) >= 100 && rng.chance(0.7) && here === c.province) {
      const next = neighbours(here).filter((n) => know.provinces[n]?.terrain !== undefined && know.provinces[n]!.terrain !== 'Sea')
        .sort((a, b) => (know.provinces[a]?.pct ?? 0) - (know.provinces[b]?.pct ?? 0) || a - b)[0];
      if (next !== undefined) { slots[p - 1] = `MO ${next}`; p++; if (p <= 5) { slots[p - 1] = 'EX'; p++; } }
    }
    fill(c, undefined, p);
  }

  function castsOf(c: Character): Partial<Record<import('./state.ts').College, number>> {
    let u = casts.get(c.id);
    if (!u) { u = {}; casts.set(c.id, u); }
    return u;
  }
}

/** Drops every line the parser refuses (twice: a dropped PERSO line voids its orders). */
export function cleanSheet(s: AKState, k: number, lines: string[]): string {
  let cur = lines;
  for (let i = 0; i < 3; i++) {
    const r = parseSheet(s, k, cur.join('\n'));
    if (r.issues.length === 0) return cur.join('\n');
    const bad = new Set(r.issues.map((x) => x.line).filter((l): l is number => l !== undefined));
    if (bad.size === 0) return '';
    cur = cur.filter((_, j) => !bad.has(j + 1));
  }
  return parseSheet(s, k, cur.join('\n')).issues.length ? '' : cur.join('\n');
}

export function botOrders(s: AKState, player: PlayerId, rng: Rng): string {
  return botSheetText(s, player, rng);
}
