/**
 * Magic items ([P G-17]: kinds, talent bonuses, spell items with charges, the 10 named
 * artifacts of Table 15.10) and site treasure with its legend ([P G-18]).
 */
import type { Rng } from '../../../engine/rng.ts';
import type { Lang } from '../../../engine/ruleset.ts';
import type { AKState, ArmyRace, ArmyType, Item, ItemKind, Levels } from '../state.ts';
import { WORLD_DEFAULTS } from './constants.ts';

type WorldCfg = typeof WORLD_DEFAULTS;

export interface ItemSpec {
  kind: string;
  name: { fr: string; en: string };
  category: ItemKind;
  talentBonus?: Partial<Levels>;
  /** Spell code cast with automatic success (§5.19, §6.9); level 2 unless stated (G-17). */
  spell?: string;
  /** Spell items have charges (2–6 drawn at creation); `perTurn`: charges restored each turn (Horn of Neptune). */
  charges?: 'random' | { perTurn: number };
  /** Once per encounter, unlimited encounters (Psychic Flail). */
  perEncounter?: boolean;
  /** +n quality to the armies the holder leads (all, or of this race / these types). */
  armyQualityBonus?: number;
  armyRace?: ArmyRace;
  armyTypes?: ArmyType[];
  /** Armies of this race may be led without Druid (Dragon Crown, Feather of the Great Eagle). */
  leadWithoutDruid?: ArmyRace;
  /** Holy Sword: automatic HO (level 2) at the start of each encounter vs undead and demons. */
  autoHolySymbol?: boolean;
  /** Invisible Sword: the opponent's melee hit chance × this. */
  opponentMeleeFactor?: number;
  artifact?: boolean;
  /** The French noun phrase with its article, for prose ("l'Arc des Rois elfes", "une épée magique"). */
  frPhrase?: string;
}

const I = (kind: string, fr: string, en: string, category: ItemKind, extra: Partial<ItemSpec> = {}): ItemSpec =>
  ({ kind, name: { fr, en }, category, ...extra });

/** G-17 catalogue (ordinary items first, then the ten artifacts of Table 15.10). */
export const ITEMS: Record<string, ItemSpec> = Object.fromEntries([
  I('magic-sword', 'Épée magique', 'Magic sword', 'Weapon', { frPhrase: "une épée magique", talentBonus: { Me: 1 } }),
  I('great-sword', 'Grande épée', 'Great sword', 'Weapon', { frPhrase: "une grande épée", talentBonus: { Me: 2 } }),
  I('psychic-flail', 'Fléau psychique', 'Psychic Flail', 'Weapon', { frPhrase: "un fléau psychique", talentBonus: { Me: 1 }, spell: 'PS', perEncounter: true }),
  I('magic-bow', 'Arc magique', 'Magic bow', 'Bow', { frPhrase: "un arc magique", talentBonus: { Ar: 1 } }),
  I('wand-of-fireballs', 'Baguette de boules de feu', 'Wand of Fireballs', 'SpellItem', { frPhrase: "une baguette de boules de feu", spell: 'FI', charges: 'random' }),
  I('ring-of-invisibility', "Anneau d’invisibilité", 'Ring of Invisibility', 'SpellItem', { frPhrase: "un anneau d’invisibilité", spell: 'IN', charges: 'random' }),
  I('staff-of-storms', 'Bâton des tempêtes', 'Staff of Storms', 'SpellItem', { frPhrase: "un bâton des tempêtes", spell: 'TE', charges: 'random' }),
  I('amulet-holy-symbol', 'Amulette du Symbole sacré', 'Amulet of the Holy Symbol', 'SpellItem', { frPhrase: "une amulette du Symbole sacré", spell: 'HO', charges: 'random' }),
  I('rod-of-frost', 'Sceptre de givre', 'Rod of Frost', 'SpellItem', { frPhrase: "un sceptre de givre", spell: 'IC', charges: 'random' }),
  I('horn-of-oration', "Cor d’éloquence", 'Horn of Oration', 'SpellItem', { frPhrase: "un cor d’éloquence", spell: 'OR', charges: 'random' }),
  I('crystal-ball', 'Boule de cristal', 'Crystal ball', 'SpellItem', { frPhrase: "une boule de cristal", spell: 'CL', charges: 'random' }),
  I('boots-of-striding', 'Bottes de marche', 'Boots of Striding', 'TalentBoost', { frPhrase: "une paire de bottes de marche", talentBonus: { Ma: 1 } }),
  I('ring-of-the-sea', 'Anneau de la mer', 'Ring of the Sea', 'TalentBoost', { frPhrase: "un anneau de la mer", talentBonus: { Na: 1 } }),
  I('cloak-of-shadows', 'Cape des ombres', 'Cloak of Shadows', 'TalentBoost', { frPhrase: "une cape des ombres", talentBonus: { Th: 1 } }),
  I('eye-of-seeing', 'Œil de clairvoyance', 'Eye of Seeing', 'TalentBoost', { frPhrase: "un œil de clairvoyance", talentBonus: { Sp: 1 } }),
  I('sages-tome', 'Grimoire du sage', "Sage's Tome", 'TalentBoost', { frPhrase: "un grimoire de sage", talentBonus: { Sa: 1 } }),
  I('druids-torc', 'Torque du druide', "Druid's Torc", 'TalentBoost', { frPhrase: "un torque de druide", talentBonus: { Dr: 1 } }),
  I('map-of-ages', 'Carte des âges', 'Map of Ages', 'TalentBoost', { frPhrase: "une carte des âges", talentBonus: { Ex: 1 } }),
  I('banner-of-command', 'Bannière de commandement', 'Banner of Command', 'TalentBoost', { frPhrase: "une bannière de commandement", talentBonus: { Ta: 1 } }),
  I('war-banner', 'Bannière de guerre', 'War Banner', 'ArmyBoost', { frPhrase: "une bannière de guerre", armyQualityBonus: 1 }),
  // Table 15.10: the named artifacts.
  I('excalibur', 'Excalibur', 'Excalibur', 'Artifact', { frPhrase: "Excalibur", artifact: true, talentBonus: { Me: 3, Ta: 1 } }),
  I('bow-elf-kings', 'Arc des Rois elfes', 'Bow of the Elf Kings', 'Artifact', { frPhrase: "l’Arc des Rois elfes", artifact: true, talentBonus: { Ar: 2 }, armyQualityBonus: 1, armyRace: 'Elf' }),
  I('axe-dwarf-lords', 'Hache des Seigneurs nains', 'Axe of the Dwarf Lords', 'Artifact', { frPhrase: "la Hache des Seigneurs nains", artifact: true, talentBonus: { Me: 2 }, armyQualityBonus: 1, armyRace: 'Dwarf' }),
  I('scimitar-orc-master', 'Cimeterre du Maître des Orcs', 'Scimitar of the Orc Master', 'Artifact', { frPhrase: "le Cimeterre du Maître des Orcs", artifact: true, talentBonus: { Me: 2 }, armyQualityBonus: 1, armyRace: 'Orc' }),
  I('dragon-crown', 'Couronne du Dragon', 'Dragon Crown', 'Artifact', { frPhrase: "la Couronne du Dragon", artifact: true, leadWithoutDruid: 'Dragon', armyQualityBonus: 1, armyTypes: ['DR'] }),
  I('feather-great-eagle', 'Plume du Grand Aigle', 'Feather of the Great Eagle', 'Artifact', { frPhrase: "la Plume du Grand Aigle", artifact: true, leadWithoutDruid: 'Eagle', armyQualityBonus: 1, armyTypes: ['EA'] }),
  I('horn-of-neptune', 'Corne de Neptune', 'Horn of Neptune', 'Artifact', { frPhrase: "la Corne de Neptune", artifact: true, spell: 'PA', charges: { perTurn: 3 }, armyQualityBonus: 1, armyTypes: ['FL'] }),
  I('holy-sword', 'Épée sacrée', 'Holy Sword', 'Artifact', { frPhrase: "l’Épée sacrée", artifact: true, talentBonus: { Me: 2 }, autoHolySymbol: true }),
  I('invisible-sword', 'Épée invisible', 'Invisible Sword', 'Artifact', { frPhrase: "l’Épée invisible", artifact: true, talentBonus: { Me: 2 }, opponentMeleeFactor: 0.9 }),
  I('shadow-sword', "Épée de l’ombre", 'Shadow Sword', 'Artifact', { frPhrase: "l’Épée de l’ombre", artifact: true, talentBonus: { Me: 2, Th: 1 } }),
].map((i) => [i.kind, i]));

export const ARTIFACT_KINDS: readonly string[] = Object.values(ITEMS).filter((i) => i.artifact).map((i) => i.kind);
export const ORDINARY_KINDS: readonly string[] = Object.values(ITEMS).filter((i) => !i.artifact).map((i) => i.kind);

export function itemName(kind: string, lang: Lang): string {
  return ITEMS[kind]?.name[lang] ?? kind;
}

/** A new item record of a catalogue kind (id from `s.next.item`), placed in a site or with a holder. */
export function createItem(s: AKState, kind: string, rng: Rng, where: { site?: number; holder?: number }, cfg: WorldCfg = WORLD_DEFAULTS): Item {
  const spec = ITEMS[kind];
  if (!spec) throw new Error(`unknown item ${kind}`);
  const item: Item = { id: s.next.item++, kind, name: spec.name.en, category: spec.category };
  if (spec.talentBonus) item.talentBonus = { ...spec.talentBonus };
  if (spec.spell) item.spell = spec.spell;
  if (spec.charges === 'random') item.charges = rng.int(cfg.chargesMin, cfg.chargesMax);
  else if (spec.charges) item.charges = spec.charges.perTurn;
  if (spec.armyQualityBonus) item.armyQualityBonus = spec.armyQualityBonus;
  if (where.site !== undefined) item.site = where.site;
  if (where.holder !== undefined) item.holder = where.holder;
  s.items[item.id] = item;
  return item;
}

// ── treasure and legends (G-18) ──

/** What a site's treasure will be, before ids exist: gold and the item kind, if any. */
export interface TreasurePlan { gold: number; item?: string }

/**
 * G-18: gold = (tier + 1) × 1d10; an item with (20 + 10 × tier) %; artifacts only at tier ≥ 4,
 * as 10 % of those items, each artifact at most once in the world (`usedArtifacts`).
 */
export function rollTreasure(tierValue: number, rng: Rng, usedArtifacts: Set<string>, cfg: WorldCfg = WORLD_DEFAULTS): TreasurePlan {
  const gold = (tierValue + 1) * rng.int(1, cfg.treasureGoldDie);
  const plan: TreasurePlan = { gold };
  if (rng.chance((cfg.treasureItemBase + cfg.treasureItemPerTier * tierValue) / 100)) {
    const free = ARTIFACT_KINDS.filter((k) => !usedArtifacts.has(k));
    if (tierValue >= cfg.artifactMinTier && free.length > 0 && rng.chance(cfg.artifactShare)) {
      plan.item = rng.pick(free);
      usedArtifacts.add(plan.item);
    } else {
      plan.item = rng.pick(ORDINARY_KINDS);
    }
  }
  return plan;
}

/**
 * The legend (G-18), known at 70 %: it names the item (`item:<kind>`), or the gold as
 * `gold:poor` / `gold:modest` / `gold:rich`, accurately. Undefined: "treasure unknown".
 */
export function rollLegend(t: TreasurePlan, rng: Rng, cfg: WorldCfg = WORLD_DEFAULTS): string | undefined {
  if (!rng.chance(cfg.legendKnown)) return undefined;
  if (t.item) return `item:${t.item}`;
  return `gold:${t.gold >= cfg.legendRich ? 'rich' : t.gold >= cfg.legendModest ? 'modest' : 'poor'}`;
}

/** The legend as prose: "la légende parle d'Excalibur" / "legend tells of Excalibur". */
export function legendText(legend: string | undefined, lang: Lang): string {
  if (!legend) return lang === 'fr' ? 'nul ne sait quel trésor il recèle' : 'no one knows what treasure it holds';
  const [kind, arg] = legend.split(':') as [string, string];
  if (kind === 'item') {
    if (lang === 'en') return `legend tells of ${arg === 'excalibur' ? '' : ITEMS[arg]?.artifact ? 'the ' : /^[AEIOU]/.test(itemName(arg, 'en')) ? 'an ' : 'a '}${itemName(arg, 'en')}`;
    return `la légende parle ${elide('de', ITEMS[arg]?.frPhrase ?? itemName(arg, 'fr'))}`;
  }
  const fr = { poor: 'un maigre trésor', modest: 'un trésor honnête', rich: 'un riche trésor' } as Record<string, string>;
  const en = { poor: 'a meagre hoard', modest: 'a modest hoard', rich: 'a rich hoard' } as Record<string, string>;
  return lang === 'fr' ? `la légende parle ${elide('de', fr[arg] ?? arg)}` : `legend tells of ${en[arg] ?? arg}`;
}

/** "de" + phrase with French elision: "d'une épée", "de la Couronne", "d'Excalibur". */
export function elide(word: 'de' | 'que', phrase: string): string {
  if (word === 'de' && /^le /.test(phrase)) return `du ${phrase.slice(3)}`;
  if (word === 'de' && /^les /.test(phrase)) return `des ${phrase.slice(4)}`;
  return /^[aeéèêiîoôuœAEÉÈÊIÎOÔUŒ]/.test(phrase) ? `${word.slice(0, -1)}’${phrase}` : `${word} ${phrase}`;
}
