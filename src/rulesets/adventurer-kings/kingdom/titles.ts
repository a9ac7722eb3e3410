/**
 * Super AK's Royal Titles (§14.3, rules S5.8.3): « environ 35 nouveaux Titres Royaux […] Chaque
 * titre apporte de 1 à 5 points de victoire. […] Il y a pour chaque Titre de 1 à 3 façon d'obtenir
 * des points. Il faut en gagner un nombre minimum pour prétendre au Titre. Quand ce niveau est
 * atteint, et que votre personnage possède au moins la moitié des points du personnage qui est en
 * tête pour ce Titre, il apparaîtra dans le rapport sur les Charges Impériales. »
 *
 * [P V-10] (docs/adventurer-kings/variants.md) The titles are data (names FR/EN, group, ways),
 * the numbers are rows of the constants table (`kingdom.titles`), the points are kept per
 * character in `s.titles` and scored at the end of each turn after the Offices. Implemented here:
 * the Alignment (7), Race (11), Terrain (6) and Military (4) groups — 28 titles. The Duels and
 * Miscellaneous groups and « Maître de la Marche » of the proposal are not scored yet.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { AKConfig } from '../config.ts';
import type { AKEvent } from '../events.ts';
import type { Alignment, AKState, ArmyRace, Character, Terrain } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { liveKingdoms, sortedIds } from './util.ts';

type TitlesCfg = AKConfig['kingdom']['titles'];
export type TitleGroup = 'alignment' | 'race' | 'terrain' | 'military';
export type Feat = 'conquest' | 'capital' | 'naval' | 'defence';

export interface RoyalTitle {
  id: string;
  name: Localized;
  group: TitleGroup;
  alignment?: Alignment;
  race?: ArmyRace;
  terrain?: Terrain;
  feat?: Feat;
}

const T = (id: string, fr: string, en: string, group: TitleGroup, key: Partial<RoyalTitle>): RoyalTitle => ({ id, name: { fr, en }, group, ...key });

/** The titles, in the report's order. */
export const ROYAL_TITLES: readonly RoyalTitle[] = [
  T('divine', 'Élu des Dieux', 'Chosen of the Gods', 'alignment', { alignment: 'Divine' }),
  T('good', 'Champion du Bien', 'Champion of Good', 'alignment', { alignment: 'Good' }),
  T('druid', 'Gardien de l’Équilibre', 'Warden of the Balance', 'alignment', { alignment: 'Druid' }),
  T('neutral', 'Sage du Juste Milieu', 'Sage of the Middle Way', 'alignment', { alignment: 'Neutral' }),
  T('pagan', 'Prêtre des Anciens Dieux', 'Priest of the Old Gods', 'alignment', { alignment: 'Pagan' }),
  T('evil', 'Seigneur des Ténèbres', 'Lord of Darkness', 'alignment', { alignment: 'Evil' }),
  T('undead', 'Seigneur des Morts', 'Lord of the Dead', 'alignment', { alignment: 'Undead' }),
  T('human', 'Roi des Hommes', 'King of Men', 'race', { race: 'Human' }),
  T('elf', 'Seigneur des Elfes', 'Lord of the Elves', 'race', { race: 'Elf' }),
  T('dwarf', 'Roi sous la Montagne', 'King under the Mountain', 'race', { race: 'Dwarf' }),
  T('orc', 'Chef des Hordes', 'Chief of the Hordes', 'race', { race: 'Orc' }),
  T('eagle', 'Seigneur des Aigles', 'Lord of the Eagles', 'race', { race: 'Eagle' }),
  T('dragon', 'Maître des Dragons', 'Master of Dragons', 'race', { race: 'Dragon' }),
  T('whale', 'Berger des Baleines', 'Shepherd of Whales', 'race', { race: 'Whale' }),
  T('triton', 'Prince des Tritons', 'Prince of the Tritons', 'race', { race: 'Triton' }),
  T('troll', 'Dompteur de Trolls', 'Tamer of Trolls', 'race', { race: 'Troll' }),
  T('ent', 'Ami des Ents', 'Friend of the Ents', 'race', { race: 'Ent' }),
  T('were', 'Seigneur des Garous', 'Lord of the Weres', 'race', { race: 'Were' }),
  T('plain', 'Ranger des Plaines', 'Ranger of the Plains', 'terrain', { terrain: 'Plain' }),
  T('forest', 'Gardien des Forêts', 'Warden of the Forests', 'terrain', { terrain: 'Forest' }),
  T('jungle', 'Maître des Jungles', 'Master of the Jungles', 'terrain', { terrain: 'Jungle' }),
  T('mountain', 'Seigneur des Cimes', 'Lord of the Peaks', 'terrain', { terrain: 'Mountain' }),
  T('desert', 'Prince des Sables', 'Prince of the Sands', 'terrain', { terrain: 'Desert' }),
  T('sea', 'Seigneur des Mers', 'Lord of the Seas', 'terrain', { terrain: 'Sea' }),
  T('conqueror', 'Conquérant', 'Conqueror', 'military', { feat: 'conquest' }),
  T('siege', 'Briseur de Sièges', 'Siege Breaker', 'military', { feat: 'capital' }),
  T('admiral', 'Amiral des Tempêtes', 'Admiral of the Storms', 'military', { feat: 'naval' }),
  T('shield', 'Bouclier du Royaume', 'Shield of the Realm', 'military', { feat: 'defence' }),
];

export function titleMin(cfg: TitlesCfg, t: RoyalTitle): number {
  return (cfg.min as Record<string, number>)[t.group] ?? 0;
}
export function titleVp(cfg: TitlesCfg, t: RoyalTitle): number {
  const byRace = t.race ? (cfg.raceVp as Record<string, number>)[t.race] : undefined;
  return byRace ?? (cfg.vp as Record<string, number>)[t.group] ?? 0;
}

/** The living characters of the live kingdoms, ascending id. */
function servants(s: AKState): Character[] {
  const live = new Set(liveKingdoms(s).map((k) => k.id));
  return sortedIds(s.characters).map((id) => s.characters[id]!).filter((c) => c.alive && c.kingdom !== null && live.has(c.kingdom));
}

/** The feats of this turn, from its events, per character id (the general named by the event or leading armies there). */
function feats(s: AKState, events: readonly AKEvent[]): Map<number, Record<Feat, number>> {
  const out = new Map<number, Record<Feat, number>>();
  const add = (c: number | undefined, f: Feat) => {
    if (c === undefined) return;
    const r = out.get(c) ?? { conquest: 0, capital: 0, naval: 0, defence: 0 };
    r[f]++;
    out.set(c, r);
  };
  const generals = (p: number, kingdoms: number[]) => sortedIds(s.armies).map((id) => s.armies[id]!)
    .filter((a) => a.province === p && a.kingdom !== null && kingdoms.includes(a.kingdom) && a.leader !== undefined).map((a) => a.leader!);
  for (const e of events) {
    if (e.t === 'province-conquered') {
      const who = (e as { who?: number }).who;
      add(who, 'conquest');
      if (s.provinces[Number(e.at)]?.capitalOf !== undefined) add(who, 'capital');
    } else if (e.t === 'battle-result') {
      const r = e as unknown as { at: number; winner: 'A' | 'D'; attackers: number[]; defenders: number[] };
      const won = r.winner === 'A' ? r.attackers : r.defenders;
      const leaders = [...new Set(generals(Number(r.at), won ?? []))];
      for (const c of leaders) {
        if (s.provinces[Number(r.at)]?.terrain === 'Sea') add(c, 'naval');
        if (r.winner === 'D') add(c, 'defence');
      }
    }
  }
  return out;
}

/** This turn's points of one character for one title (the ways of [P V-10]). */
function pointsThisTurn(s: AKState, cfg: TitlesCfg, c: Character, t: RoyalTitle, hired: Map<number, Alignment[]>, fs: Map<number, Record<Feat, number>>): number {
  const k = c.kingdom!;
  switch (t.group) {
    case 'alignment': {
      if (c.alignment !== t.alignment) return 0;
      const held = Object.values(s.provinces).filter((p) => p.owner === k).length;
      const heroes = (hired.get(c.id) ?? []).filter((a) => a === t.alignment).length;
      return cfg.perProvince * held + cfg.perHero * heroes;
    }
    case 'race':
      return cfg.perArmy * Object.values(s.armies).filter((a) => a.leader === c.id && a.race === t.race).length;
    case 'terrain': {
      const here = s.provinces[c.province];
      if (!here || here.owner !== k || here.terrain !== t.terrain) return 0;
      return cfg.perProvince * Object.values(s.provinces).filter((p) => p.owner === k && p.terrain === t.terrain).length;
    }
    case 'military':
      return cfg.perFeat * (fs.get(c.id)?.[t.feat!] ?? 0);
  }
}

/** End of turn (Super AK only): each living character of a live kingdom scores each title's points of the turn. */
export function scoreTitles(ctx: TurnCtx): void {
  const s = ctx.s;
  if (s.variant !== 'super') return;
  const cfg = ctx.cfg.kingdom.titles;
  const titles = (s.titles ??= {});
  const hired = new Map<number, Alignment[]>();
  for (const e of ctx.events) {
    if (e.t !== 'hero-hired') continue;
    const r = e as unknown as { who: number; hero: number };
    const h = s.characters[r.hero];
    if (h) hired.set(r.who, [...(hired.get(r.who) ?? []), h.alignment]);
  }
  const fs = feats(s, ctx.events);
  for (const c of servants(s)) {
    for (const t of ROYAL_TITLES) {
      const p = pointsThisTurn(s, cfg, c, t, hired, fs);
      if (p <= 0) continue;
      const row = (titles[t.id] ??= {});
      const cur = row[c.id] ?? { points: 0, since: s.turn };
      row[c.id] = { points: cur.points + p, since: s.turn };
    }
  }
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
