/**
 * Inventions (Sage discoveries, [P G-06]): the catalogue and their effects.
 * OWNER: world helper (fills in the catalogue); kingdom helper uses it for discovery/exchange.
 *
 * Effects are data on each entry, read by the domain that applies them (battle strength,
 * movement, income, exploration, talents). Talent bonuses count in initiative (§5.1).
 */
import type { Lang } from '../../../engine/ruleset.ts';
import type { AKState, ArmyType, CharCode, Terrain } from '../state.ts';

export type InventionType = 'M' | 'C' | 'fun';

export interface InventionSpec {
  code: string;
  name: { fr: string; en: string };
  /** M = military arts (exchanged first, §10.5), C = civil, fun = "not scientifically possible". */
  type: InventionType;
  effect: { fr: string; en: string };
  /** +n base strength to these army types (in this terrain only, if given). */
  strength?: { types: ArmyType[]; bonus: number; terrain?: Terrain };
  /** × factor to all own units when attacking / defending. */
  attackFactor?: number;
  defendFactor?: number;
  /** Enemy air units in the column × factor (Ballistae). */
  enemyAirFactor?: number;
  /** Army training chances × factor (Drill manual). */
  trainingFactor?: number;
  /** After a won battle, one destroyed own unit survives as Reduced. */
  fieldHospital?: boolean;
  /** +n MP per turn for these movement classes. */
  mp?: { mounted?: number; fleet?: number };
  /** Table 15.6 unification read one Ma level higher. */
  unificationMa?: number;
  /** Exploration gain uses (Ex + 1 + n); sea random encounters × factor. */
  exploration?: number;
  seaEncounterFactor?: number;
  /** Income: +percent of total tax (floor), capital +n (max 11), flat +n écus. */
  incomePercent?: number;
  capitalTax?: { bonus: number; max: number };
  flatIncome?: number;
  /** +n talent for the kingdom's characters (only those with talent ≥ 1 when `ifTrained`). */
  talent?: { code: CharCode; bonus: number; ifTrained?: boolean };
}

const V = (code: string, fr: string, en: string, type: InventionType, efr: string, een: string, extra: Partial<InventionSpec> = {}): InventionSpec =>
  ({ code, name: { fr, en }, type, effect: { fr: efr, en: een }, ...extra });

/** G-06 catalogue, in its table order. */
export const INVENTIONS: Record<string, InventionSpec> = Object.fromEntries([
  V('CROSSBOW', 'Arbalète', 'Crossbow', 'M', 'Archers +1 en force', 'Archers +1 base strength', { strength: { types: ['BO'], bonus: 1 } }),
  V('STIRRUP', 'Étriers', 'Stirrups', 'M', 'Cavalerie légère et lourde +1 en force', 'LC and HC +1 base strength', { strength: { types: ['LC', 'HC'], bonus: 1 } }),
  V('PIKE', 'Piquiers', 'Pike drill', 'M', 'Phalange +1 en force en plaine', 'Phalanx +1 base strength in Plain', { strength: { types: ['PH'], bonus: 1, terrain: 'Plain' } }),
  V('CHAINMAIL', 'Cotte de mailles', 'Chain mail', 'M', 'Légion +1 en force', 'Legion +1 base strength', { strength: { types: ['LE'], bonus: 1 } }),
  V('SIEGE', 'Engins de siège', 'Siege engines', 'M', '×1,10 à toutes vos unités en attaque', '×1.10 to all own units when attacking', { attackFactor: 1.1 }),
  V('CATAPULT', 'Catapultes', 'Catapults', 'M', '×1,10 à toutes vos unités en défense', '×1.10 to all own units when defending', { defendFactor: 1.1 }),
  V('GREEKFIRE', 'Feu grégeois', 'Greek fire', 'M', 'Flottes +1 en force', 'Fleets +1 base strength', { strength: { types: ['FL'], bonus: 1 } }),
  V('BALLISTA', 'Balistes', 'Ballistae', 'M', 'Unités aériennes ennemies ×0,8', 'Enemy air units in the column ×0.8', { enemyAirFactor: 0.8 }),
  V('DRILL', "Manuel d’exercice", 'Drill manual', 'M', "Chances d’entraînement des armées ×2", 'Army training chances ×2', { trainingFactor: 2 }),
  V('FIELDHOSP', 'Hôpital de campagne', 'Field hospital', 'M', 'Après une victoire, une unité détruite survit, réduite', 'After a won battle, one destroyed own unit survives as Reduced', { fieldHospital: true }),
  V('HORSESHOE', 'Fers à cheval', 'Horseshoes', 'M', 'Unités montées +1 PM par tour', 'Mounted units +1 MP per turn', { mp: { mounted: 1 } }),
  V('MILMAPS', "Cartes d’état-major", 'Military maps', 'M', 'Jonction (table 15.6) lue un niveau de Marche forcée plus haut', 'Table 15.6 unification read one Ma level higher', { unificationMa: 1 }),
  V('COMPASS', 'Boussole', 'Compass', 'C', "Exploration avec (Ex + 2) ; rencontres en mer divisées par deux", 'Exploration gain uses (Ex + 2); sea random encounters halved', { exploration: 1, seaEncounterFactor: 0.5 }),
  V('ASTROLABE', 'Astrolabe', 'Astrolabe', 'C', 'Flottes +1 PM par tour', 'Fleets +1 MP per turn', { mp: { fleet: 1 } }),
  V('WATERMILL', 'Moulin à eau', 'Watermill', 'C', '+10 % des impôts', '+10 % total tax income', { incomePercent: 10 }),
  V('ROTATION', 'Assolement', 'Crop rotation', 'C', 'Capitale +1 en impôts (max. 11)', 'Capital tax +1 (max 11)', { capitalTax: { bonus: 1, max: 11 } }),
  V('COINAGE', 'Monnaie frappée', 'Coinage', 'C', '+5 % des impôts', '+5 % total tax income', { incomePercent: 5 }),
  V('TELESCOPE', 'Longue-vue', 'Telescope', 'C', '+1 en Espionnage pour tous vos personnages', '+1 Sp talent for all the kingdom\'s characters', { talent: { code: 'Sp', bonus: 1 } }),
  V('SPECTACLES', 'Besicles', 'Spectacles', 'C', '+1 en Sagesse pour les personnages qui en ont', '+1 Sa talent for characters with Sa ≥ 1', { talent: { code: 'Sa', bonus: 1, ifTrained: true } }),
  V('LOCKPICK', 'Crochets de serrurier', 'Lockpicks', 'C', '+1 en Vol pour les personnages qui en ont', '+1 Th talent for characters with Th ≥ 1', { talent: { code: 'Th', bonus: 1, ifTrained: true } }),
  V('GOLEM', 'Golem mécanique', 'Clockwork golem', 'fun', 'aucun effet', 'none'),
  V('FLYMACH', 'Machine volante', 'Flying machine', 'fun', 'aucun effet', 'none'),
  V('PERPETUAL', 'Mouvement perpétuel', 'Perpetual motion', 'fun', 'aucun effet', 'none'),
  V('ALCHEMY', 'Alchimie', 'Alchemy', 'fun', '+1 écu par tour', '+1 écu per turn', { flatIncome: 1 }),
].map((v) => [v.code, v]));

export const INVENTION_CODES: readonly string[] = Object.keys(INVENTIONS);

export function inventionName(code: string, lang: Lang): string {
  return INVENTIONS[code]?.name[lang] ?? code;
}

export function hasInvention(s: AKState, kingdom: number, code: string): boolean {
  return s.kingdoms[kingdom]?.inventions.includes(code) ?? false;
}

/** The catalogue entries a kingdom knows, in its priority order. */
export function kingdomInventions(s: AKState, kingdom: number): InventionSpec[] {
  return (s.kingdoms[kingdom]?.inventions ?? []).map((c) => INVENTIONS[c]).filter((v): v is InventionSpec => !!v);
}

/**
 * The talent bonus a kingdom's discoveries give its characters in one characteristic.
 * `base` is the character's own talent: bonuses reserved to characters "with talent ≥ 1"
 * (Spectacles, Lockpicks) apply only when it is given and ≥ 1 (callers should pass it).
 */
export function inventionTalentBonus(s: AKState, kingdom: number, code: CharCode, base?: number): number {
  let bonus = 0;
  for (const v of kingdomInventions(s, kingdom)) {
    if (v.talent?.code !== code) continue;
    if (v.talent.ifTrained && !(base !== undefined && base >= 1)) continue;
    bonus += v.talent.bonus;
  }
  return bonus;
}

/** Extra levels the kingdom's discoveries add to the exploration formula (Compass: Ex + 2, G-06). */
export function inventionExplorationBonus(s: AKState, kingdom: number): number {
  return kingdomInventions(s, kingdom).reduce((a, v) => a + (v.exploration ?? 0), 0);
}
