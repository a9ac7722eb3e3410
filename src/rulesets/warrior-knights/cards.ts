/**
 * The ORIGINAL cards of the online edition (rules §2.7–§2.9, §10.3, §10.5–§10.7): mercenaries,
 * the Fate deck, baron and neutral action cards, the Mercenary track and the expedition tracks.
 * Names and texts are our own wording in French and English [§10.1]; the mechanics are the
 * rules'. content-check.ts validates all of it (with the board) when a game is created.
 *
 * The Fate deck (48 cards, §10.6 SHOULD D ≥ 48) is written as one multiset per field, the
 * suggested distribution of §10.6 doubled, and each column is put in a fixed order by its own
 * named stream of the engine's rng with a constant seed ("shuffled columns", §10.6 SHOULD): the
 * deck is the same on every machine and in every game; a game shuffles it with its own seed.
 *
 * Not authored yet: the 33 Event cards and the 44 Proposal cards (§10.8–§10.9, with the effect
 * DSL of G-D09/G-D10). docs/warrior-knights.md lists them as the next step.
 */
import type { Localized } from '../../engine/ruleset.ts';
import { createRng } from '../../engine/rng.ts';
import { ALL_CITIES, type CityId } from './board.ts';
import { BARON_IDS, NOBLES, type BaronId } from './barons.ts';

// ─── Mercenaries (§10.5) ──────────────────────────────────────────────────────────────────────

export type Nation = 'english' | 'polish' | 'romanian' | 'flemish' | 'genoese' | 'swiss';
export const NATIONS: readonly Nation[] = ['english', 'polish', 'romanian', 'flemish', 'genoese', 'swiss'];
export const NATION_NAMES: Record<Nation, Localized> = {
  english: { fr: 'Anglais', en: 'English' },
  polish: { fr: 'Polonais', en: 'Polish' },
  romanian: { fr: 'Roumains', en: 'Romanian' },
  flemish: { fr: 'Flamands', en: 'Flemish' },
  genoese: { fr: 'Génois', en: 'Genoese' },
  swiss: { fr: 'Suisses', en: 'Swiss' },
};

export interface MercenaryCard { id: string; nation: Nation; strength: number; wage: number }

/** 6 nations × (4 × 50, 4 × 100, 2 × 150); wage = strength ÷ 50 [I §10.5]. */
export const MERCENARIES: readonly MercenaryCard[] = NATIONS.flatMap((nation) =>
  [50, 50, 50, 50, 100, 100, 100, 100, 150, 150].map((strength, i) => ({ id: `merc-${nation}-${i + 1}`, nation, strength, wage: strength / 50 })));

const mercById = new Map(MERCENARIES.map((m) => [m.id, m]));
export const mercenary = (id: string): MercenaryCard => { const m = mercById.get(id); if (!m) throw new Error(`unknown mercenary ${id}`); return m; };

// ─── Tracks (§2.6, §10.3) ─────────────────────────────────────────────────────────────────────

export type Destination = 'ceylon' | 'spice' | 'china';
export const DESTINATIONS: readonly Destination[] = ['ceylon', 'spice', 'china'];
export const DESTINATION_NAMES: Record<Destination, Localized> = {
  ceylon: { fr: 'Ceylan', en: 'Ceylon' },
  spice: { fr: 'Îles aux Épices', en: 'Spice Islands' },
  china: { fr: 'Chine', en: 'China' },
};

/** The Mercenary track, left to right: its label (null = blank) and the cost printed under it [§10.3 suggested; "3" = 5 T]. */
export const MERCENARY_TRACK: readonly { label: number | null; cost: number }[] = [
  { label: null, cost: 6 }, { label: null, cost: 6 }, { label: 2, cost: 6 }, { label: 3, cost: 5 },
  { label: 4, cost: 4 }, { label: 5, cost: 4 }, { label: 6, cost: 3 },
];

// ─── Fate deck (§2.7, §10.6) ──────────────────────────────────────────────────────────────────

export type BattleResult = 'inflict' | 'avoid' | 'victory' | 'draw' | 'none';
export type ExpeditionResult = 'no-news' | 'lost' | 1 | 2 | 3 | 4;

export interface FateCard {
  id: string;
  baron: BaronId;
  revolt: boolean;
  noble: string;
  battle: BattleResult;
  expedition: Record<Destination, ExpeditionResult>;
  city: CityId;
  nation: Nation;
}

export const FATE_SIZE = 48;
const times = <T>(n: number, v: T): T[] => Array.from({ length: n }, () => v);
/** A column of the deck, put in its fixed order. */
const column = <T>(name: string, items: T[]): T[] => createRng('warrior-knights/fate-deck/v1', name).shuffle(items);
/** One destination's 24-card distribution (Lost, No news, 1x, 2x, 3x, 4x), doubled. */
const expeditionColumn = (name: Destination, [lost, none, x1, x2, x3, x4]: number[]): ExpeditionResult[] =>
  column(`expedition/${name}`, [...times(2 * lost!, 'lost' as const), ...times(2 * none!, 'no-news' as const), ...times(2 * x1!, 1 as const), ...times(2 * x2!, 2 as const), ...times(2 * x3!, 3 as const), ...times(2 * x4!, 4 as const)]);

function buildFate(): FateCard[] {
  const barons = column('baron', BARON_IDS.flatMap((b) => times(FATE_SIZE / 6, b)));
  const revolts = column('revolt', [...times(FATE_SIZE / 3, true), ...times(FATE_SIZE - FATE_SIZE / 3, false)]);
  const nobles = column('noble', NOBLES.flatMap((n) => times(FATE_SIZE / 24, n.id)));
  const battles = column('battle', [...times(18, 'inflict' as const), ...times(12, 'avoid' as const), ...times(12, 'victory' as const), ...times(6, 'draw' as const)]);
  const ceylon = expeditionColumn('ceylon', [3, 5, 6, 8, 2, 0]);
  const spice = expeditionColumn('spice', [6, 5, 4, 5, 3, 1]);
  const china = expeditionColumn('china', [9, 5, 2, 2, 3, 3]);
  const cities = column('city', ALL_CITIES.flatMap((c) => times(FATE_SIZE / 24, c)));
  const nations = column('nation', NATIONS.flatMap((n) => times(FATE_SIZE / 6, n)));
  return Array.from({ length: FATE_SIZE }, (_, i) => ({
    id: `fate-${String(i + 1).padStart(2, '0')}`,
    baron: barons[i]!, revolt: revolts[i]!, noble: nobles[i]!, battle: battles[i]!,
    expedition: { ceylon: ceylon[i]!, spice: spice[i]!, china: china[i]! },
    city: cities[i]!, nation: nations[i]!,
  }));
}

export const FATE_DECK: readonly FateCard[] = buildFate();
const fateById = new Map(FATE_DECK.map((f) => [f.id, f]));
export const fate = (id: string): FateCard => { const f = fateById.get(id); if (!f) throw new Error(`unknown Fate card ${id}`); return f; };

// ─── Action cards (§2.8, §2.9, §10.7) ─────────────────────────────────────────────────────────

export type Zone = 'taxes' | 'wages' | 'assembly';
export const ZONES: readonly Zone[] = ['taxes', 'wages', 'assembly'];
export const ZONE_NAMES: Record<Zone, Localized> = {
  taxes: { fr: 'Impôts (jaune)', en: 'Taxes (yellow)' },
  wages: { fr: 'Soldes (rouge)', en: 'Wages (red)' },
  assembly: { fr: 'Assemblée (bleu)', en: 'Assembly (blue)' },
};

export type BaronCardType = 'levy' | 'recruit' | 'manoeuvres' | 'church' | 'military' | 'improvisation';
export type NeutralCardType = 'major-event' | 'defensive-works' | 'maintenance' | 'uncertain-times' | 'expedition';

export interface CardText { name: Localized; text: Localized }

/** Baron action cards: our names and texts, the zones printed on them (§2.8, §4.2.2) and the copies per baron (§10.7 suggested). */
export const BARON_CARD_TYPES: Record<BaronCardType, CardText & { zones: readonly Zone[]; copies: number }> = {
  levy: { copies: 2, zones: ['taxes'], name: { fr: 'Lever l’impôt', en: 'Raise Levies' }, text: { fr: 'Gagnez 1 couronne par région où se tient au moins un de vos nobles (pas en mer).', en: 'Gain 1 crown for each region holding at least one of your nobles (not at sea).' } },
  recruit: { copies: 2, zones: ['wages'], name: { fr: 'Battre le rappel', en: 'Call to Arms' }, text: { fr: 'Posez gratuitement un écusson sur une case libre et permise de la piste des mercenaires.', en: 'Place a shield free of charge on an empty, allowed space of the Mercenary track.' } },
  manoeuvres: { copies: 2, zones: ['assembly'], name: { fr: 'Intrigues de couloir', en: 'Corridor Intrigues' }, text: { fr: 'Gagnez 2 voix. Si vous avez alors strictement plus de voix que chacun, vous présidez l’Assemblée.', en: 'Gain 2 votes. If you then hold strictly more votes than anyone else, you chair the Assembly.' } },
  church: { copies: 1, zones: ['taxes', 'wages', 'assembly'], name: { fr: 'Offrande au chapitre', en: 'Offering to the Chapter' }, text: { fr: 'Gagnez 1 point de Foi. Si vous avez alors strictement plus de Foi que chacun, l’Église vous soutient.', en: 'Gain 1 Faith. If you then hold strictly more Faith than anyone else, the Church supports you.' } },
  military: { copies: 4, zones: ['wages', 'assembly'], name: { fr: 'Campagne', en: 'Campaign' }, text: { fr: 'Choisissez une région : menez-y des nobles frais et dispos, puis engagez-y un combat si vous le voulez. Ceux qui ont agi sont épuisés.', en: 'Choose a region: lead ready nobles into it, then engage a combat there if you wish. Those who acted become exhausted.' } },
  improvisation: { copies: 1, zones: [], name: { fr: 'Coup de main', en: 'Bold Stroke' }, text: { fr: 'Au choix : 2 couronnes, 1 voix, déplacer un noble, engager un combat, ou poser un écusson en payant la case. Revient dans votre main.', en: 'Choose one: 2 crowns, 1 vote, move one noble, engage one combat, or place a shield paying its space. Returns to your hand.' } },
};

/** Neutral action cards (§2.9, §10.7 suggested counts). */
export const NEUTRAL_CARD_TYPES: Record<NeutralCardType, CardText & { copies: number }> = {
  'major-event': { copies: 2, name: { fr: 'Coup du sort', en: 'Turn of Fortune' }, text: { fr: 'Le soutien de l’Église désigne qui tire la première carte Événement.', en: 'The Church’s favourite names who draws the top Event card.' } },
  'defensive-works': { copies: 2, name: { fr: 'Remparts', en: 'Ramparts' }, text: { fr: 'Chacun à son tour peut réparer les brèches d’une cité ou de sa forteresse, ou fortifier une cité.', en: 'In turn, each baron may repair the breaches of one city or of his stronghold, or fortify one city.' } },
  maintenance: { copies: 1, name: { fr: 'Soins aux blessés', en: 'Tending the Wounded' }, text: { fr: 'Chacun à son tour peut retirer des pertes d’une de ses armées en payant chaque jeton.', en: 'In turn, each baron may remove casualties from one of his armies, paying for each token.' } },
  'uncertain-times': { copies: 1, name: { fr: 'Les astres tournent', en: 'The Stars Turn' }, text: { fr: 'Mélangez toutes les cartes de Destinée.', en: 'Shuffle the whole Fate deck.' } },
  expedition: { copies: 2, name: { fr: 'Appareillage', en: 'Setting Sail' }, text: { fr: 'Le président peut lancer une expédition ; chacun peut y investir ; les expéditions en route avancent.', en: 'The Chairman may launch an expedition; anyone may invest; expeditions under way advance.' } },
};

export const BARON_CARD_ORDER: readonly BaronCardType[] = ['levy', 'recruit', 'manoeuvres', 'church', 'military', 'improvisation'];
export const NEUTRAL_CARD_ORDER: readonly NeutralCardType[] = ['major-event', 'defensive-works', 'maintenance', 'uncertain-times', 'expedition'];

/** A baron's 12 cards, ids `${baron}:${type}:${copy}`. */
export function baronCards(b: BaronId): string[] {
  return BARON_CARD_ORDER.flatMap((t) => Array.from({ length: BARON_CARD_TYPES[t].copies }, (_, i) => `${b}:${t}:${i + 1}`));
}
/** The 8 neutral cards, ids `neutral:${type}:${copy}`. */
export const NEUTRAL_CARDS: readonly string[] = NEUTRAL_CARD_ORDER.flatMap((t) => Array.from({ length: NEUTRAL_CARD_TYPES[t].copies }, (_, i) => `neutral:${t}:${i + 1}`));

export type ActionCardInfo = { neutral: false; owner: BaronId; type: BaronCardType } | { neutral: true; type: NeutralCardType };

/** What an action card id names; throws on an unknown id. */
export function actionCard(id: string): ActionCardInfo {
  const [a, t, n] = id.split(':');
  if (a === 'neutral' && t && t in NEUTRAL_CARD_TYPES && Number(n) >= 1 && Number(n) <= NEUTRAL_CARD_TYPES[t as NeutralCardType].copies) return { neutral: true, type: t as NeutralCardType };
  if (a && (BARON_IDS as readonly string[]).includes(a) && t && t in BARON_CARD_TYPES && Number(n) >= 1 && Number(n) <= BARON_CARD_TYPES[t as BaronCardType].copies) return { neutral: false, owner: a as BaronId, type: t as BaronCardType };
  throw new Error(`unknown action card ${id}`);
}
export const isActionCard = (id: string): boolean => { try { actionCard(id); return true; } catch { return false; } };
