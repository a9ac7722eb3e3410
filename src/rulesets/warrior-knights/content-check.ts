/**
 * The validator of the original content (rules §10.11): every MUST of §10.2–§10.7 and §10.10 is an
 * error (a game cannot start with such content), every SHOULD we check is a warning (the shipped
 * content has none). It takes the content as a value, so a test can break one rule at a time.
 * The Event and Proposal decks (§10.8–§10.9) are checked by `checkDecks`, called from here.
 */
import { BOARD, CITY_ROLES, gridNeighbours, passable, type BoardData, type CityId } from './board.ts';
import { BARONS, NOBLE_ROLES, NOBLES, REGULARS, SHAPES, type BaronData, type NobleData, type RegularData } from './barons.ts';
import type { Mod, Op } from './effects.ts';
import { EVENT_CARDS, EVENT_ROLES, type EventCard } from './event-cards.ts';
import { PROPOSAL_CARDS, PROPOSAL_TYPE_NAMES, type ProposalCard, type ProposalType } from './proposal-cards.ts';
import { BARON_CARD_TYPES, DESTINATIONS, FATE_DECK, MERCENARIES, MERCENARY_TRACK, NEUTRAL_CARD_TYPES, type BaronCardType, type FateCard, type MercenaryCard, type NeutralCardType } from './cards.ts';

export interface Content {
  board: BoardData;
  barons: readonly BaronData[];
  nobles: readonly NobleData[];
  regulars: readonly RegularData[];
  mercenaries: readonly MercenaryCard[];
  fate: readonly FateCard[];
  track: readonly { label: number | null; cost: number }[];
  baronCards: Record<BaronCardType, number>;
  neutralCards: Record<NeutralCardType, number>;
  cityRoles: Record<string, CityId>;
  nobleRoles: Record<string, string>;
  events: readonly EventCard[];
  proposals: readonly ProposalCard[];
  eventRoles: Record<string, string>;
}

const copies = <K extends string>(t: Record<K, { copies: number }>): Record<K, number> =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, (v as { copies: number }).copies])) as Record<K, number>;

export const SHIPPED: Content = {
  board: BOARD, barons: BARONS, nobles: NOBLES, regulars: REGULARS, mercenaries: MERCENARIES, fate: FATE_DECK,
  track: MERCENARY_TRACK, baronCards: copies(BARON_CARD_TYPES), neutralCards: copies(NEUTRAL_CARD_TYPES),
  cityRoles: CITY_ROLES, nobleRoles: NOBLE_ROLES,
  events: EVENT_CARDS, proposals: PROPOSAL_CARDS, eventRoles: EVENT_ROLES,
};

export interface ContentReport { errors: string[]; warnings: string[] }

export function checkContent(c: Content): ContentReport {
  const errors: string[] = [];
  const warnings: string[] = [];
  const must = (ok: boolean, msg: string) => { if (!ok) errors.push(msg); };
  const should = (ok: boolean, msg: string) => { if (!ok) warnings.push(msg); };
  const b = c.board;
  const regions = new Map(b.regions.map((r) => [r.id, r]));
  const kingdom = b.regions.filter((r) => !r.overseas);
  const overseas = b.regions.filter((r) => r.overseas);

  // §10.2 regions and border
  must(regions.size === b.regions.length, 'region ids are not unique');
  for (const r of kingdom) {
    if (r.row === undefined || r.col === undefined) { errors.push(`Kingdom region ${r.id} has no (row, col)`); continue; }
    const outer = r.row === 0 || r.row === b.rows - 1 || r.col === 0 || r.col === b.cols - 1;
    must(!outer || r.border, `region ${r.id} is on the outermost row or column but not flagged border`);
  }
  // edges: only between grid neighbours, never touching Overseas
  const adjacent = new Set<string>();
  for (const e of b.edges) {
    const ra = regions.get(e.a), rb = regions.get(e.b);
    if (!ra || !rb) { errors.push(`edge ${e.a}–${e.b} names an unknown region`); continue; }
    must(!ra.overseas && !rb.overseas, `edge ${e.a}–${e.b} touches an Overseas region (they have no land edge)`);
    if (ra.row !== undefined && rb.row !== undefined) must(gridNeighbours(ra.row, ra.col!, b.rows, b.cols).some(([r, cc]) => r === rb.row && cc === rb.col), `edge ${e.a}–${e.b} joins regions that are not neighbours`);
    must(!e.bridge || e.blocked === 'river', `bridge ${e.a}–${e.b} is not on a river edge`);
    must(!e.road || e.blocked !== 'mountain', `road edge ${e.a}–${e.b} crosses a mountain`);
    must(!e.road || e.blocked !== 'river' || e.bridge, `road edge ${e.a}–${e.b} crosses a river without a bridge`);
    adjacent.add(`${e.a}|${e.b}`); adjacent.add(`${e.b}|${e.a}`);
  }
  // cities
  const kingdomCities = b.cities.filter((x) => !x.overseas);
  must(kingdomCities.length === 18, `the Kingdom has ${kingdomCities.length} cities, 18 are required`);
  const cityRegions = new Set<string>();
  for (const x of b.cities) {
    const r = regions.get(x.region);
    if (!r) { errors.push(`city ${x.id} lies in unknown region ${x.region}`); continue; }
    must(r.overseas === x.overseas, `city ${x.id} and its region disagree on Overseas`);
    must(!cityRegions.has(x.region), `region ${x.region} holds more than one city`);
    cityRegions.add(x.region);
    must(Number.isInteger(x.strength) && x.strength >= 100 && x.strength % 100 === 0, `city ${x.id}: strength ${x.strength} is not a multiple of 100 of at least 100`);
    must(Number.isInteger(x.income) && x.income >= 1, `city ${x.id}: income ${x.income} is not an integer ≥ 1`);
    should(x.strength <= 400, `city ${x.id}: strength above 400`);
  }
  const free = kingdom.filter((r) => !cityRegions.has(r.id));
  must(free.length >= 6, `only ${free.length} city-free Kingdom regions (≥ 6 needed)`);
  must(free.filter((r) => !r.border).length >= 3, 'fewer than 3 non-border city-free Kingdom regions');
  // rivers, bridges, mountains
  must(b.edges.filter((e) => e.blocked === 'river').length >= 2, 'no river of at least 2 edges');
  must(b.edges.filter((e) => e.bridge).length === 4, `${b.edges.filter((e) => e.bridge).length} bridges, exactly 4 required`);
  must(b.edges.some((e) => e.blocked === 'mountain'), 'no mountain edge');
  // road: a path of ≥ 4 regions along road edges, all road regions connected
  must(b.road.length >= 4 && new Set(b.road).size === b.road.length, 'the road is not a simple path of at least 4 regions');
  for (let i = 1; i < b.road.length; i++) {
    const e = b.edges.find((x) => (x.a === b.road[i - 1] && x.b === b.road[i]) || (x.b === b.road[i - 1] && x.a === b.road[i]));
    must(!!e && e.road, `road step ${b.road[i - 1]} → ${b.road[i]} is not a road edge`);
  }
  // land connectivity of the Kingdom
  if (kingdom.length > 0) {
    const seen = new Set([kingdom[0]!.id]);
    const queue = [kingdom[0]!.id];
    while (queue.length > 0) {
      const at = queue.shift()!;
      for (const e of b.edges) {
        if (!passable(e)) continue;
        const next = e.a === at ? e.b : e.b === at ? e.a : null;
        if (next && !seen.has(next)) { seen.add(next); queue.push(next); }
      }
    }
    must(seen.size === kingdom.length, `the Kingdom is not connected by land (${seen.size} of ${kingdom.length} regions reached)`);
  }
  // ports and Overseas
  must(kingdomCities.some((x) => regions.get(x.region)?.port), 'no Kingdom city in a port region');
  must(overseas.length === 6, `${overseas.length} Overseas regions, exactly 6 required`);
  for (const r of overseas) {
    must(r.port, `Overseas region ${r.id} has no port`);
    must(b.cities.filter((x) => x.region === r.id).length === 1, `Overseas region ${r.id} does not hold exactly one city`);
  }
  should(kingdom.some((r) => {
    const around = b.edges.filter((e) => e.a === r.id || e.b === r.id);
    return around.some((e) => e.blocked === 'mountain') && around.some((e) => e.blocked === 'river' && !e.bridge) && around.some((e) => e.bridge);
  }), 'no tutorial spot: a region touching a mountain, a river and a bridge (TV-11)');
  for (const x of kingdomCities) {
    should(b.edges.some((e) => passable(e) && (e.a === x.region || e.b === x.region) && !cityRegions.has(e.a === x.region ? e.b : e.a)), `city ${x.id} has no passable city-free neighbour to retreat to`);
  }

  // §10.3 Mercenary track
  must(c.track.length === 7, 'the Mercenary track does not have 7 spaces');
  must(c.track.map((s) => s.label).join() === ',,2,3,4,5,6', 'the Mercenary track is not labelled blank, blank, 2–6');
  for (const s of c.track) must(Number.isInteger(s.cost) && s.cost >= 0, `track cost ${s.cost} is not an integer ≥ 0`);
  must(c.track.find((s) => s.label === 3)?.cost === 5, 'the space labelled 3 does not cost 5');
  for (let i = 1; i < c.track.length; i++) should(c.track[i]!.cost <= c.track[i - 1]!.cost, 'track costs increase from left to right');

  // §10.4 barons, nobles, strongholds, regulars
  must(c.barons.length === 6 && new Set(c.barons.map((x) => x.id)).size === 6, 'there are not 6 distinct barons');
  for (const x of c.barons) {
    must(x.strongholdStrength >= 100 && x.strongholdStrength % 100 === 0, `stronghold of ${x.id}: strength not a multiple of 100 ≥ 100`);
    should(x.strongholdStrength >= Math.max(...kingdomCities.map((y) => y.strength)), `stronghold of ${x.id} weaker than the strongest city`);
    const own = c.nobles.filter((n) => n.baron === x.id);
    must(own.length === 4 && SHAPES.every((s) => own.some((n) => n.shape === s)), `baron ${x.id} does not have one noble of each shape`);
    const regs = c.regulars.filter((r) => r.baron === x.id).map((r) => r.strength).sort((p, q) => p - q);
    must(regs.join() === '50,50,50,100', `baron ${x.id}: regular troops are not 3 × 50 + 1 × 100`);
  }
  for (const r of c.regulars) must(Number.isInteger(r.wage) && r.wage >= 0, `regular ${r.id}: wage not an integer ≥ 0`);

  // §10.5 mercenaries
  must(c.mercenaries.length === 60, `${c.mercenaries.length} mercenary cards, 60 required`);
  const nations = new Set(c.mercenaries.map((m) => m.nation));
  for (const m of c.mercenaries) {
    must(m.strength >= 50 && m.strength % 50 === 0, `mercenary ${m.id}: strength not a multiple of 50`);
    must(m.wage === m.strength / 50, `mercenary ${m.id}: wage is not strength ÷ 50`);
  }
  for (const [n, s] of [['english', 50], ['english', 100], ['english', 150], ['polish', 50], ['polish', 100], ['romanian', 50]] as const) {
    must(c.mercenaries.some((m) => m.nation === n && m.strength === s), `no ${n} mercenary of ${s} men`);
  }
  // §10.6 Fate deck
  const D = c.fate.length;
  must(D > 0 && D % 6 === 0, `Fate deck of ${D} cards is not a multiple of 6`);
  should(D >= 48, 'Fate deck smaller than 48');
  for (const x of c.barons) must(c.fate.filter((f) => f.baron === x.id).length === D / 6, `baron ${x.id} is not on exactly D/6 Fate cards`);
  must(c.fate.some((f) => f.revolt) && c.fate.some((f) => !f.revolt), 'the Fate deck lacks one of Revolt / No revolt');
  for (const n of c.nobles) must(c.fate.some((f) => f.noble === n.id), `noble ${n.id} is on no Fate card`);
  for (const f of c.fate) must(c.nobles.some((n) => n.id === f.noble), `Fate ${f.id}: unknown noble ${f.noble}`);
  for (const v of ['inflict', 'avoid', 'victory', 'draw'] as const) must(c.fate.some((f) => f.battle === v), `battle result ${v} is on no Fate card`);
  const stats = DESTINATIONS.map((d) => {
    const rs = c.fate.map((f) => f.expedition[d]);
    must(rs.includes('no-news') && rs.includes('lost'), `${d}: needs at least one "No news" and one "Lost"`);
    const decided = rs.filter((r) => r !== 'no-news');
    const wins = decided.filter((r): r is 1 | 2 | 3 | 4 => typeof r === 'number');
    return { share: decided.length ? wins.length / decided.length : 0, mean: wins.length ? wins.reduce((s, r) => s + r, 0) / wins.length : 0 };
  });
  must(c.fate.some((f) => f.expedition.china === 4), 'China has no 4x');
  must(c.fate.some((f) => f.expedition.spice === 2), 'Spice Islands has no 2x');
  must(stats[0]!.share > stats[1]!.share && stats[1]!.share > stats[2]!.share, 'success shares are not Ceylon > Spice Islands > China');
  must(stats[0]!.mean < stats[1]!.mean && stats[1]!.mean < stats[2]!.mean, 'mean multipliers are not Ceylon < Spice Islands < China');
  for (const x of b.cities) must(c.fate.some((f) => f.city === x.id), `city ${x.id} is on no Fate card`);
  for (const f of c.fate) must(b.cities.some((x) => x.id === f.city), `Fate ${f.id}: unknown city ${f.city}`);
  const fateNations = new Set(c.fate.map((f) => f.nation));
  must(fateNations.size === nations.size && [...nations].every((n) => fateNations.has(n)), 'Fate nations differ from the mercenary nationalities');

  // §10.7 action cards
  const bc = c.baronCards;
  must(Object.values(bc).reduce((s, n) => s + n, 0) === 12, 'a baron does not have 12 action cards');
  for (const [t, n] of Object.entries(bc)) must(n >= 1, `baron card ${t} is missing`);
  should(bc.improvisation === 1, 'Improvisation should appear exactly once');
  must(bc.levy + bc.church >= 2, 'zone supply: Taxes cannot reach 2N');
  must(bc.recruit + bc.military + bc.church >= 2, 'zone supply: Wages cannot reach 2N');
  must(bc.manoeuvres + bc.military + bc.church >= 2, 'zone supply: Assembly cannot reach 2N');
  must(Object.values(c.neutralCards).reduce((s, n) => s + n, 0) === 8, 'there are not exactly 8 neutral cards');
  for (const [t, n] of Object.entries(c.neutralCards)) must(n >= 1, `neutral card ${t} is missing`);

  // §10.10 roles
  const cityOf = (id: string) => b.cities.find((x) => x.id === id);
  const role = (name: string, ok: (x: NonNullable<ReturnType<typeof cityOf>>) => boolean, what: string) => {
    const x = cityOf(c.cityRoles[name] ?? '');
    must(!!x && ok(x), `role ${name} is not filled by ${what}`);
  };
  role('Kovel', (x) => !x.overseas, 'a Kingdom city');
  role('Ballin', (x) => !x.overseas && !!regions.get(x.region)?.port, 'a Kingdom port city');
  role('Vecht', (x) => !x.overseas && x.strength === 300, 'a Kingdom city of strength 300');
  role('Fröli', (x) => !x.overseas && x.strength === 200, 'a Kingdom city of strength 200');
  role('Monz', (x) => !x.overseas && x.strength === 200 && x.id !== c.cityRoles['Fröli'], 'a second Kingdom city of strength 200');
  role('Cadix', (x) => x.overseas, 'an Overseas city');
  role('Alexandrie', (x) => x.overseas && x.id !== c.cityRoles['Cadix'], 'another Overseas city');
  const nob = (name: string) => c.nobles.find((n) => n.id === c.nobleRoles[name]);
  must(nob('Alan of Smalt')?.shape === 'square' && nob('Alan of Smalt')?.baron === 'green', 'role Alan of Smalt: a green square noble');
  must(nob('Guy de Solferino')?.shape === 'star' && nob('Guy de Solferino')?.baron === 'red', 'role Guy de Solferino: a red star noble');
  for (const name of Object.keys(c.nobleRoles)) must(!!nob(name), `role ${name} names no noble`);
  must(new Set(Object.values(c.nobleRoles)).size === Object.keys(c.nobleRoles).length, 'two noble roles share a noble');

  // §10.11 item 3: every N from 2 to 6 works
  for (let n = 2; n <= 6; n++) {
    must(free.filter((r) => n > 3 || !r.border).length >= n, `${n} players: not enough city-free regions for the strongholds`);
    must(c.mercenaries.filter((m) => m.strength === 50).length >= n && c.mercenaries.filter((m) => m.strength === 100).length >= n, `${n} players: not enough 50- and 100-man mercenaries for setup`);
    must(c.mercenaries.length - 2 * n >= n + 1, `${n} players: no room for the display`);
    must(c.track.filter((s) => s.label === null || s.label <= n).length === n + 1, `${n} players: the track does not have N + 1 usable spaces`);
  }
  must(c.mercenaries.filter((m) => m.strength === 50).length >= 6 && c.mercenaries.filter((m) => m.strength === 100).length >= 6, 'fewer than 6 mercenaries of 50 or of 100 men');
  checkDecks(c, must, should);
  return { errors, warnings };
}

/** A localized text is present in both languages. */
const bilingual = (x: { fr: string; en: string } | undefined): boolean => !!x && x.fr.trim().length > 0 && x.en.trim().length > 0;

/** §10.8 the Event deck, §10.9 the Proposal deck, §10.11 item 2 (ids resolve). */
function checkDecks(c: Content, must: (ok: boolean, msg: string) => void, should: (ok: boolean, msg: string) => void): void {
  const ev = c.events;
  must(ev.length === 33, `${ev.length} Event cards, exactly 33 required`);
  must(new Set([...ev.map((e) => e.id), ...c.proposals.map((p) => p.id)]).size === ev.length + c.proposals.length, 'Event and Proposal ids are not unique');
  const byColour = (k: string) => ev.filter((e) => e.colour === k);
  for (const k of ['red', 'green', 'blue']) must(byColour(k).length > 0, `no ${k} Event card`);
  must(byColour('red').filter((e) => e.cost !== null).length * 2 > byColour('red').length, 'not more than half of the red events have a cancel cost');
  must(byColour('blue').some((e) => e.cost !== null), 'no blue event has a cancel cost');
  should(byColour('blue').filter((e) => e.cost !== null).length * 2 < byColour('blue').length, 'half or more of the blue events can be cancelled');
  must(ev.some((e) => e.lasting), 'no lasting event');
  const raze = ev.find((e) => e.id === c.eventRoles['E-RAZE']);
  must(!!raze && raze.colour === 'blue' && raze.cost === 2 && raze.pick?.pick === 'city' && raze.pick.by === 'fate' && raze.ops.some((o) => o.op === 'raze'), 'role E-RAZE is not a blue event of cost 2 razing a Fate-drawn city');
  must(ev.some((e) => e.id === c.eventRoles['E-NOHEIR'] && e.ops.some((o) => o.op === 'no-heir')), 'role E-NOHEIR is not an event that leaves a noble without an heir');
  for (const e of ev) {
    must(bilingual(e.name) && bilingual(e.text), `event ${e.id}: name or text missing in French or English`);
    must(e.cost === null || (Number.isInteger(e.cost) && e.cost >= 1), `event ${e.id}: cancel cost not an integer ≥ 1`);
    must(e.colour !== 'green' || e.cost === null, `event ${e.id}: a green event has a cancel cost [P G-A41]`);
    must(e.lasting === e.ops.some((o) => o.op === 'lasting' || o.op === 'no-heir'), `event ${e.id}: the lasting flag disagrees with its effect`);
    // Blue effects aim at nobody in particular: a target comes from a Fate draw or the effect applies to all.
    if (e.colour === 'blue') {
      must(!e.pick || e.pick.by === 'fate', `event ${e.id}: a blue event lets a baron choose its target`);
      must(!e.ops.some((o) => 'who' in o && o.who !== 'all') || e.pick?.pick === 'baron', `event ${e.id}: a blue event aims at a baron not drawn by Fate`);
      must(!e.pick || e.pick.pick !== 'city' || e.pick.scope !== 'own', `event ${e.id}: a blue event picks "own" items`);
    }
    checkOps(e.id, e.ops, e.pick?.pick, must);
  }
  // §10.9
  const ps = c.proposals;
  must(ps.length === 44, `${ps.length} Proposal cards, exactly 44 required`);
  const of = (t: ProposalType) => ps.filter((p) => p.type === t);
  for (const t of Object.keys(PROPOSAL_TYPE_NAMES) as ProposalType[]) must(of(t).length > 0, `no ${t} proposal`);
  should(of('personal').length >= 2, 'fewer than 2 Personal Motions');
  should(of('concession').length >= 2, 'fewer than 2 Concessions');
  should([...of('title'), ...of('concession')].some((p) => p.mods.some((m) => m.mod === 'absent')), 'no Title keeps its holder away from the Assembly');
  should(of('office').some((p) => p.mods.some((m) => m.mod === 'troops')), 'no Office grants free troops');
  should(of('law').some((p) => p.mods.some((m) => m.mod === 'per-city' || m.mod === 'share' || (m.mod === 'income' && m.n < 0))), 'no Law levies at Taxation (so "refuse when applying" is never used)');
  for (const p of ps) {
    must(bilingual(p.name) && bilingual(p.text), `proposal ${p.id}: name or text missing in French or English`);
    must(p.vote === 'yes-no' || p.vote === 'baron', `proposal ${p.id}: no vote kind`);
    if (p.type === 'title' || p.type === 'concession' || p.type === 'office') must(p.vote === 'baron', `proposal ${p.id}: a ${p.type} is voted by designating a baron`);
    if (p.type === 'law' || p.type === 'personal') must(p.vote === 'yes-no', `proposal ${p.id}: a ${p.type} is voted Yes/No`);
    if (p.type === 'concession') must(Number.isInteger(p.income) && p.income! >= 1, `proposal ${p.id}: a Concession prints no income ≥ 1`);
    if (p.type === 'motion') must(p.ops.length > 0 && p.mods.length === 0, `proposal ${p.id}: a Motion needs operations and no lasting modifier`);
    if (p.type === 'law' || p.type === 'title' || p.type === 'concession' || p.type === 'office') must(p.mods.length > 0 && p.ops.length === 0, `proposal ${p.id}: a ${p.type} needs modifiers in play`);
    if (p.type === 'personal') must(p.ops.length === 0 && p.mods.length === 0, `proposal ${p.id}: a Personal Motion has no effect of its own`);
    must(p.type === 'office' || !p.mods.some((m) => m.mod === 'troops'), `proposal ${p.id}: only an Office grants troops`);
    for (const m of p.mods) checkMod(p.id, m, must);
    // A Yes/No Motion aims at everyone; "target" needs a designated baron.
    must(p.vote === 'baron' || !p.ops.some((o) => ('who' in o && o.who !== 'all') || o.op === 'chairman' || o.op === 'church'), `proposal ${p.id}: a Yes/No Motion aims at a baron`);
    // §10.9: an effect that loses something says what happens when he cannot comply ("or all he has").
    if (p.ops.some((o) => (o.op === 'crowns' || o.op === 'votes' || o.op === 'faith') && o.n < 0) || p.mods.some((m) => m.mod === 'per-city' || (m.mod === 'income' && m.n < 0))) {
      must(/ce qu’il a|ce que vous avez/.test(p.text.fr) && /all (he|you) ha(s|ve)/.test(p.text.en), `proposal ${p.id}: does not say what happens when he cannot comply`);
    }
    checkOps(p.id, p.ops, undefined, must);
  }
}

/** An operation's picked item must exist; amounts are integers; no `manual` escape hatch [P §10.8]. */
function checkOps(id: string, ops: readonly Op[], pick: string | undefined, must: (ok: boolean, msg: string) => void): void {
  for (const o of ops) {
    must(o.op !== 'manual', `${id}: the manual escape hatch is not allowed in shipped content`);
    if ('n' in o) must(Number.isInteger(o.n) && o.n !== 0 && Math.abs(o.n) <= 20, `${id}: amount ${o.n} is not a whole number from −20 to 20 (not 0)`);
    if (o.op === 'influence') must(o.n > 0, `${id}: Influence is only ever taken from the reserve`);
    const needs = o.op === 'raze' || o.op === 'breaches' || o.op === 'repair-fortify' || o.op === 'neutral' || (o.op === 'casualties' && o.on === 'city-region') ? 'city'
      : o.op === 'no-heir' || (o.op === 'casualties' && o.on === 'noble') ? 'noble' : o.op === 'desert' ? 'nation' : null;
    must(needs === null || pick === needs, `${id}: ${o.op} needs a picked ${needs}`);
    if (o.op === 'lasting') checkMod(id, o.mod, must);
  }
}

function checkMod(id: string, m: Mod, must: (ok: boolean, msg: string) => void): void {
  if (m.mod === 'troops') must(Number.isInteger(m.men) && m.men >= 50 && m.men % 50 === 0, `${id}: free troops of ${m.men} men are not a multiple of 50`);
  else if (m.mod === 'share') must(Number.isInteger(m.percent) && m.percent > 0 && m.percent <= 100, `${id}: share of ${m.percent} % out of 1–100`);
  else if (m.mod !== 'absent') must(Number.isInteger(m.n) && m.n !== 0 && Math.abs(m.n) <= 20, `${id}: modifier amount ${m.n} out of −20…20`);
}
