/**
 * Super AK's Royal Titles (§14.3, rules S5.8.3): « environ 35 nouveaux Titres Royaux […] Chaque
 * titre apporte de 1 à 5 points de victoire. […] Il y a pour chaque Titre de 1 à 3 façon d'obtenir
 * des points. Il faut en gagner un nombre minimum pour prétendre au Titre. Quand ce niveau est
 * atteint, et que votre personnage possède au moins la moitié des points du personnage qui est en
 * tête pour ce Titre, il apparaîtra dans le rapport sur les Charges Impériales. »
 *
 * [P V-10] (docs/adventurer-kings/variants.md) The titles are data (names FR/EN, group, ways),
 * the numbers are rows of the constants table (`kingdom.titles`), the points are kept per
 * character in `s.titles` and scored at the end of each turn after the Offices: 38 titles in the
 * seed's six groups (Alignment 7, Race 11, Terrain 6, Military 5, Duels 5, Miscellaneous 4). The
 * leader of a title gets its power (+1 in one characteristic, `s.titleLeaders`), and its VP at the
 * end (kingdom/victory.ts).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { AKConfig } from '../config.ts';
import type { AKEvent } from '../events.ts';
import type { Alignment, AKState, ArmyRace, Character, CharCode, Terrain } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { ITEMS } from '../world/items.ts';
import { liveKingdoms, sortedIds } from './util.ts';

type TitlesCfg = AKConfig['kingdom']['titles'];
export type TitleGroup = 'alignment' | 'race' | 'terrain' | 'military' | 'duel' | 'misc';
/** The deeds counted from the turn's events, per character. */
export type Feat = 'conquest' | 'capital' | 'naval' | 'defence' | 'invasion' | 'prebattle' | 'king' | 'monster' | 'bow' | 'spell' | 'explored' | 'spy';
/** What is counted on the state at the end of each turn. */
export type Holding = 'artifact' | 'alliance';

export interface RoyalTitle {
  id: string;
  name: Localized;
  group: TitleGroup;
  alignment?: Alignment;
  race?: ArmyRace;
  terrain?: Terrain;
  feats?: Feat[];
  holding?: Holding;
  /** [P V-10] « un pouvoir particulier » (§14.3): +1 in this characteristic while the character leads the title. */
  power: CharCode;
}

const T = (id: string, fr: string, en: string, group: TitleGroup, power: CharCode, key: Partial<RoyalTitle> = {}): RoyalTitle => ({ id, name: { fr, en }, group, power, ...key });

/** The 38 titles (« environ 35 »), in the report's order, in the seed's six groups. */
export const ROYAL_TITLES: readonly RoyalTitle[] = [
  T('divine', 'Élu des Dieux', 'Chosen of the Gods', 'alignment', 'Wh', { alignment: 'Divine' }),
  T('good', 'Champion du Bien', 'Champion of Good', 'alignment', 'Wh', { alignment: 'Good' }),
  T('druid', 'Gardien de l’Équilibre', 'Warden of the Balance', 'alignment', 'Dr', { alignment: 'Druid' }),
  T('neutral', 'Sage du Juste Milieu', 'Sage of the Middle Way', 'alignment', 'Sa', { alignment: 'Neutral' }),
  T('pagan', 'Prêtre des Anciens Dieux', 'Priest of the Old Gods', 'alignment', 'El', { alignment: 'Pagan' }),
  T('evil', 'Seigneur des Ténèbres', 'Lord of Darkness', 'alignment', 'Ne', { alignment: 'Evil' }),
  T('undead', 'Seigneur des Morts', 'Lord of the Dead', 'alignment', 'Ne', { alignment: 'Undead' }),
  T('human', 'Roi des Hommes', 'King of Men', 'race', 'Dr', { race: 'Human' }),
  T('elf', 'Seigneur des Elfes', 'Lord of the Elves', 'race', 'Dr', { race: 'Elf' }),
  T('dwarf', 'Roi sous la Montagne', 'King under the Mountain', 'race', 'Dr', { race: 'Dwarf' }),
  T('orc', 'Chef des Hordes', 'Chief of the Hordes', 'race', 'Dr', { race: 'Orc' }),
  T('eagle', 'Seigneur des Aigles', 'Lord of the Eagles', 'race', 'Dr', { race: 'Eagle' }),
  T('dragon', 'Maître des Dragons', 'Master of Dragons', 'race', 'Dr', { race: 'Dragon' }),
  T('whale', 'Berger des Baleines', 'Shepherd of Whales', 'race', 'Dr', { race: 'Whale' }),
  T('triton', 'Prince des Tritons', 'Prince of the Tritons', 'race', 'Dr', { race: 'Triton' }),
  T('troll', 'Dompteur de Trolls', 'Tamer of Trolls', 'race', 'Dr', { race: 'Troll' }),
  T('ent', 'Ami des Ents', 'Friend of the Ents', 'race', 'Dr', { race: 'Ent' }),
  T('were', 'Seigneur des Garous', 'Lord of the Weres', 'race', 'Dr', { race: 'Were' }),
  T('plain', 'Ranger des Plaines', 'Ranger of the Plains', 'terrain', 'Ex', { terrain: 'Plain' }),
  T('forest', 'Gardien des Forêts', 'Warden of the Forests', 'terrain', 'Ex', { terrain: 'Forest' }),
  T('jungle', 'Maître des Jungles', 'Master of the Jungles', 'terrain', 'Ex', { terrain: 'Jungle' }),
  T('mountain', 'Seigneur des Cimes', 'Lord of the Peaks', 'terrain', 'Ex', { terrain: 'Mountain' }),
  T('desert', 'Prince des Sables', 'Prince of the Sands', 'terrain', 'Ex', { terrain: 'Desert' }),
  T('sea', 'Seigneur des Mers', 'Lord of the Seas', 'terrain', 'Na', { terrain: 'Sea' }),
  T('conqueror', 'Conquérant', 'Conqueror', 'military', 'Ta', { feats: ['conquest'] }),
  T('siege', 'Briseur de Sièges', 'Siege Breaker', 'military', 'Ta', { feats: ['capital'] }),
  T('march', 'Maître de la Marche', 'Master of the March', 'military', 'Ma', { feats: ['invasion'] }),
  T('admiral', 'Amiral des Tempêtes', 'Admiral of the Storms', 'military', 'Na', { feats: ['naval'] }),
  T('shield', 'Bouclier du Royaume', 'Shield of the Realm', 'military', 'Ta', { feats: ['defence'] }),
  T('lists', 'Champion des Lices', 'Champion of the Lists', 'duel', 'Me', { feats: ['prebattle'] }),
  T('kingslayer', 'Tueur de Rois', 'Kingslayer', 'duel', 'Me', { feats: ['king'] }),
  T('monsterbane', 'Fléau des Monstres', 'Bane of Monsters', 'duel', 'Me', { feats: ['monster'] }),
  T('archer', 'Archer Sans Pareil', 'Peerless Archer', 'duel', 'Ar', { feats: ['bow'] }),
  T('warmage', 'Mage de Guerre', 'War Mage', 'duel', 'El', { feats: ['spell'] }),
  T('explorer', 'Grand Explorateur', 'Great Explorer', 'misc', 'Ex', { feats: ['explored'] }),
  T('spymaster', 'Maître Espion', 'Spymaster', 'misc', 'Sp', { feats: ['spy'] }),
  T('treasures', 'Seigneur des Trésors', 'Lord of Treasures', 'misc', 'Th', { holding: 'artifact' }),
  T('kingmaker', 'Faiseur de Rois', 'Kingmaker', 'misc', 'Sa', { holding: 'alliance' }),
];

export function titleMin(cfg: TitlesCfg, t: RoyalTitle): number {
  return (cfg.min as Record<string, number>)[t.group] ?? 0;
}
export function titleVp(cfg: TitlesCfg, t: RoyalTitle): number {
  const byRace = t.race ? (cfg.raceVp as Record<string, number>)[t.race] : undefined;
  return byRace ?? (cfg.vp as Record<string, number>)[t.group] ?? 0;
}

/** Points per feat ([P V-10]): 3 per military feat, 2 per duel or kill, 5 per King killed, 1 per province explored or report. */
function featPoints(cfg: TitlesCfg, f: Feat): number {
  switch (f) {
    case 'king': return cfg.perKingKilled;
    case 'prebattle': case 'monster': case 'bow': case 'spell': return cfg.perDuel;
    case 'explored': case 'spy': return cfg.perReport;
    default: return cfg.perFeat;
  }
}

/** The living characters of the live kingdoms, ascending id. */
function servants(s: AKState): Character[] {
  const live = new Set(liveKingdoms(s).map((k) => k.id));
  return sortedIds(s.characters).map((id) => s.characters[id]!).filter((c) => c.alive && c.kingdom !== null && live.has(c.kingdom));
}

type Ref = { id: number; kind: string };
/** The feats of a character this turn, plus the battles he won with a majority of a race and the lairs he cleared, by terrain. */
type Count = Partial<Record<Feat, number>> & { raceWins?: Partial<Record<ArmyRace, number>>; lairs?: Partial<Record<Terrain, number>> };

/**
 * The feats of this turn, read from its events in order, per character id: conquests and capitals
 * taken by the general named (province-conquered), invasions he led (army-move), naval battles and
 * defences won by the generals of the winning side standing there (battle-result), encounters won
 * to the death (enc-end: a pre-battle duel, a King, a site's guardian; by bow when the last blow
 * was an arrow, by spell when it was his spell), provinces explored to 100 %, spy reports and
 * thefts.
 */
export function turnFeats(s: AKState, events: readonly AKEvent[]): Map<number, Count> {
  const out = new Map<number, Count>();
  const add = (c: number | undefined, f: Feat) => {
    if (c === undefined) return;
    const r = out.get(c) ?? {};
    r[f] = (r[f] ?? 0) + 1;
    out.set(c, r);
  };
  const generals = (p: number, kingdoms: number[]) => [...new Set(sortedIds(s.armies).map((id) => s.armies[id]!)
    .filter((a) => a.province === p && a.kingdom !== null && kingdoms.includes(a.kingdom) && a.leader !== undefined).map((a) => a.leader!))];
  const byName = new Map(Object.values(s.characters).map((c) => [c.name, c.id]));
  const bump = <K extends string>(c: number, field: 'raceWins' | 'lairs', key: K) => {
    const r = out.get(c) ?? {};
    const m = (r[field] ??= {}) as Record<string, number>;
    m[key] = (m[key] ?? 0) + 1;
    out.set(c, r);
  };
  let last: { how: 'missile' | 'melee' | 'spell'; by: number; on?: number } | null = null;
  for (const e of events) {
    const r = e as unknown as Record<string, unknown>;
    switch (e.t) {
      case 'province-conquered': {
        const who = r.who as number | undefined;
        add(who, 'conquest');
        if (s.provinces[Number(r.at)]?.capitalOf !== undefined && r.from !== null && r.from !== undefined) add(who, 'capital');
        break;
      }
      case 'army-move': if (r.invade) add(r.who as number | undefined, 'invasion'); break;
      case 'battle-result': {
        const won = (r.winner === 'A' ? r.attackers : r.defenders) as number[] | undefined;
        for (const c of generals(Number(r.at), won ?? [])) {
          if (s.provinces[Number(r.at)]?.terrain === 'Sea') add(c, 'naval');
          if (r.winner === 'D') add(c, 'defence');
          // Race titles: a battle won with a majority (more than half) of one race among the armies he leads there.
          const led = Object.values(s.armies).filter((a) => a.leader === c && a.province === Number(r.at));
          const byRace = new Map<ArmyRace, number>();
          for (const a of led) byRace.set(a.race, (byRace.get(a.race) ?? 0) + 1);
          for (const [race, n] of byRace) if (2 * n > led.length) bump(c, 'raceWins', race);
        }
        break;
      }
      case 'enc-start': last = null; break;
      case 'enc-hit': {
        const att = r.att as Ref, def = r.def as Ref;
        if (att.kind === 'character') last = { how: r.how === 'missile' ? 'missile' : 'melee', by: att.id, on: def.id };
        break;
      }
      case 'enc-spell': if (r.ok && typeof r.who === 'number') last = { how: 'spell', by: r.who }; break;
      case 'enc-end': {
        const end = r.end as { kind: string; loser?: 0 | 1 };
        if (end.kind !== 'death' || end.loser === undefined) break;
        const pair = [r.a as Ref, r.b as Ref];
        const winner = pair[1 - end.loser]!, loser = pair[end.loser]!;
        if (winner.kind !== 'character') break;
        if (r.cause === 'duel') add(winner.id, 'prebattle');
        if (loser.kind === 'character' && s.characters[loser.id]?.role === 'King') add(winner.id, 'king');
        if (loser.kind === 'monster') {
          add(winner.id, 'monster');
          // Terrain titles: a lair cleared (a site's guardian killed), by the site's terrain (an island's land terrain).
          const site = s.sites[loser.id];
          const prov = site ? s.provinces[site.province] : undefined;
          if (prov) bump(winner.id, 'lairs', prov.island ?? prov.terrain);
        }
        if (last && last.by === winner.id && last.how === 'missile') add(winner.id, 'bow');
        if (last && last.by === winner.id && last.how === 'spell') add(winner.id, 'spell');
        last = null;
        break;
      }
      case 'explore': if (Number(r.pct) >= 100 && Number(r.before) < 100) add(r.who as number, 'explored'); break;
      case 'spy': case 'spy-report': add(r.who as number | undefined, 'spy'); break;
      case 'enc-theft': if (r.ok) add(byName.get(String(r.thief)), 'spy'); break;
      default: break;
    }
  }
  return out;
}

/** Counts of the end of the turn, made once: provinces per kingdom and per (kingdom, terrain), armies per (leader, race). */
interface Tally { held: Map<number, number>; byTerrain: Map<string, number>; led: Map<string, number> }
function tally(s: AKState): Tally {
  const held = new Map<number, number>(), byTerrain = new Map<string, number>(), led = new Map<string, number>();
  for (const p of Object.values(s.provinces)) {
    if (p.owner === null) continue;
    held.set(p.owner, (held.get(p.owner) ?? 0) + 1);
    byTerrain.set(`${p.owner}:${p.terrain}`, (byTerrain.get(`${p.owner}:${p.terrain}`) ?? 0) + 1);
  }
  for (const a of Object.values(s.armies)) if (a.leader !== undefined) led.set(`${a.leader}:${a.race}`, (led.get(`${a.leader}:${a.race}`) ?? 0) + 1);
  return { held, byTerrain, led };
}

/** This turn's points of one character for one title (the ways of [P V-10]). */
function pointsThisTurn(s: AKState, cfg: TitlesCfg, c: Character, t: RoyalTitle, hired: Map<number, Alignment[]>, fs: Map<number, Count>, n: Tally): number {
  const k = c.kingdom!;
  switch (t.group) {
    case 'alignment': {
      if (c.alignment !== t.alignment) return 0;
      const heroes = (hired.get(c.id) ?? []).filter((a) => a === t.alignment).length;
      return cfg.perProvince * (n.held.get(k) ?? 0) + cfg.perHero * heroes;
    }
    case 'race':
      return cfg.perArmy * (n.led.get(`${c.id}:${t.race}`) ?? 0) + cfg.perRaceWin * (fs.get(c.id)?.raceWins?.[t.race!] ?? 0);
    case 'terrain': {
      const lairs = cfg.perLair * (fs.get(c.id)?.lairs?.[t.terrain!] ?? 0);
      const here = s.provinces[c.province];
      if (!here || here.owner !== k || here.terrain !== t.terrain) return lairs;
      return lairs + cfg.perProvince * (n.byTerrain.get(`${k}:${t.terrain}`) ?? 0);
    }
    default: break;
  }
  let p = 0;
  for (const f of t.feats ?? []) p += featPoints(cfg, f) * (fs.get(c.id)?.[f] ?? 0);
  if (t.holding === 'artifact') p += cfg.perArtifact * c.items.filter((id) => ITEMS[s.items[id]?.kind ?? '']?.artifact).length;
  if (t.holding === 'alliance' && s.kingdoms[k]?.king === c.id) {
    // [P V-10] « traités tenus 5 tours »: 3 each turn per alliance that has lasted `allianceTurns` turns (s.alliances).
    for (const [pair, since] of Object.entries(s.alliances ?? {})) {
      const [a, b] = pair.split('-').map(Number);
      if ((a === k || b === k) && s.turn - since + 1 >= cfg.allianceTurns) p += cfg.perTreaty;
    }
  }
  return p;
}

/** The alliances in force and the turn each began (« a-b », a < b), kept for the Kingmaker. */
function trackAlliances(s: AKState): void {
  const now: Record<string, number> = {};
  const ks = liveKingdoms(s).map((k) => k.id);
  for (const a of ks) for (const b of ks) if (a < b && s.kingdoms[a]!.relations[b] === 'Allied') now[`${a}-${b}`] = s.alliances?.[`${a}-${b}`] ?? s.turn;
  s.alliances = now;
}

/**
 * End of turn (Super AK only): a character who died this turn loses `offices.deathLossPct` of his
 * points (as an Office's merit, G-88); each living character of a live kingdom scores each
 * title's points of the turn; the leaders are then set for the titles' powers (`s.titleLeaders`).
 */
export function scoreTitles(ctx: TurnCtx): void {
  const s = ctx.s;
  if (s.variant !== 'super') return;
  const cfg = ctx.cfg.kingdom.titles;
  const titles = (s.titles ??= {});
  const hired = new Map<number, Alignment[]>();
  const died = new Set<number>();
  for (const e of ctx.events) {
    const r = e as unknown as Record<string, unknown>;
    if (e.t === 'hero-hired') {
      const h = s.characters[Number(r.hero)];
      if (h) hired.set(Number(r.who), [...(hired.get(Number(r.who)) ?? []), h.alignment]);
    } else if (e.t === 'character-died') died.add(Number(r.who));
  }
  const loss = 1 - ctx.cfg.kingdom.offices.deathLossPct / 100;
  for (const row of Object.values(titles)) for (const id of died) if (row[id]) row[id]!.points = Math.round(row[id]!.points * loss * 100) / 100;
  trackAlliances(s);
  const fs = turnFeats(s, ctx.events);
  const n = tally(s);
  for (const c of servants(s)) {
    for (const t of ROYAL_TITLES) {
      const p = pointsThisTurn(s, cfg, c, t, hired, fs, n);
      if (p <= 0) continue;
      const row = (titles[t.id] ??= {});
      const cur = row[c.id] ?? { points: 0, since: s.turn };
      row[c.id] = { points: cur.points + p, since: s.turn };
    }
  }
  const leaders: Record<number, CharCode[]> = {};
  for (const b of titleBoard(s, cfg)) if (b.leader !== null) (leaders[b.leader] ??= []).push(b.title.power);
  s.titleLeaders = leaders;
}

/** [P V-10] The titles' powers (Super AK): +1 per title the character leads whose power is this characteristic (read by characters.ts `talent`). */
export function titlePower(s: AKState, c: Character, code: CharCode): number {
  return (s.titleLeaders?.[c.id] ?? []).filter((x) => x === code).length;
}

/**
 * Per title, its leader (a living character of a live kingdom with at least the minimum; ties:
 * the earlier to reach his total, then the lower id) and the claimants (the minimum and at least
 * half the leader's points, §14.3).
 */
export function titleBoard(s: AKState, cfg: TitlesCfg): { title: RoyalTitle; leader: number | null; claimants: { char: number; points: number; pct: number }[] }[] {
  const alive = new Set(servants(s).map((c) => c.id));
  return ROYAL_TITLES.map((title) => {
    const row = s.titles?.[title.id] ?? {};
    const eligible = Object.entries(row).map(([id, v]) => ({ char: Number(id), ...v }))
      .filter((x) => alive.has(x.char) && x.points >= titleMin(cfg, title))
      .sort((a, b) => b.points - a.points || a.since - b.since || a.char - b.char);
    const top = eligible[0];
    if (!top) return { title, leader: null, claimants: [] };
    const claimants = eligible.filter((x) => 2 * x.points >= top.points).map((x) => ({ char: x.char, points: x.points, pct: Math.round((100 * x.points) / top.points) }));
    return { title, leader: top.char, claimants };
  });
}

/** The titles' VP per kingdom at the end (Super AK): each title's VP to its leader's kingdom. */
export function titleVpByKingdom(s: AKState, cfg: TitlesCfg): Record<number, number> {
  const out: Record<number, number> = {};
  if (s.variant !== 'super') return out;
  for (const b of titleBoard(s, cfg)) {
    if (b.leader === null) continue;
    const k = s.characters[b.leader]!.kingdom!;
    out[k] = (out[k] ?? 0) + titleVp(cfg, b.title);
  }
  return out;
}

/**
 * What a kingdom's report shows (§14.3): each title where one of its characters is a claimant, with
 * his % of the leader. [P V-10] Secrecy: the leader's identity is not given (as for the Offices).
 */
export function titleStandings(s: AKState, cfg: TitlesCfg, kingdom: number): { title: RoyalTitle; char: number; pct: number }[] {
  if (s.variant !== 'super') return [];
  const out: { title: RoyalTitle; char: number; pct: number }[] = [];
  for (const b of titleBoard(s, cfg)) {
    for (const x of b.claimants) if (s.characters[x.char]?.kingdom === kingdom) out.push({ title: b.title, char: x.char, pct: x.pct });
  }
  return out;
}
