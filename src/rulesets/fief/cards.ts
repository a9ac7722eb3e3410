/**
 * The cards of Fief as data (rules §2.4, §2.8, §6; counts in constants.ts `deck`): the Character
 * deck (18 Lord, 3 Cardinal, 1 d'Arc) and the Event/Calamity deck (25 Event + 10 Calamity,
 * shuffled together [T-setup 2]), each kind with its timing class (♦ phase card, ⚡ surprise,
 * calamity), its rule section, and its name and text for the online edition in French and
 * English. The texts are our own wording of the rules file's effects, not the publisher's; a
 * number in a text is a placeholder filled from the game's constants (style §3: no constant
 * written again in prose).
 *
 * Also here: the lord roster (G-04), the calamity track and its d6 (§6.2, §6.3.1), and the five
 * relics of the optional rule A.1 (names and texts).
 */
import { fill } from '../../engine/localize.ts';
import type { Localized } from '../../engine/ruleset.ts';
import type { BishopricNo } from './board.ts';
import type { FiefConfig } from './constants.ts';

export type Deck = 'character' | 'event';
export type CardFamily = 'character' | 'event' | 'calamity';
/** ♦ playable only in step 2.C; ⚡ at any moment except the draw; calamities resolve themselves [T §2.4, §10.0]. */
export type Timing = 'phase' | 'surprise' | 'auto';

export type CardKind =
  | 'LORD' | 'CARDINAL' | 'DARC'
  | 'GOOD_HARVEST' | 'FAIR_WEATHER' | 'TAX' | 'REVOLT' | 'TUNNEL' | 'ASSASSINATION' | 'JUSTICE' | 'AMBUSH'
  | 'BAD_WEATHER' | 'FAMINE' | 'PLAGUE';
export type CalamityKind = 'BAD_WEATHER' | 'FAMINE' | 'PLAGUE';

/** A card's id: `LORD_M_01`…`LORD_F_06` for Lord cards, else `${kind}_${n}` (`TAX_3`). */
export type CardId = string;

export interface CardKindRow {
  deck: Deck;
  family: CardFamily;
  timing: Timing;
  /** The constant that gives the count (`deck.<key>`). */
  count: keyof FiefConfig['deck'];
  rule: string;
  name: Localized;
  /** Template; `{placeholders}` are filled by `cardText` from the constants. */
  text: Localized;
}

/** The kinds of card, in the order of the rules' table (§2.4). */
export const CARD_KINDS: Record<CardKind, CardKindRow> = {
  LORD: {
    deck: 'character', family: 'character', timing: 'phase', count: 'lord', rule: '§6.4.1',
    name: { fr: 'Seigneur', en: 'Lord' },
    text: {
      fr: 'Un nouveau membre rejoint votre famille (jamais plus de {maxLords} seigneurs, prisonniers compris). Il entre en jeu dans l’un de vos châteaux ou cités, sinon auprès de l’un de vos seigneurs libres, sinon dans un village à vous, sinon dans un village libre. Jouable seulement pendant la phase des cartes.',
      en: 'A new member joins your family (never more than {maxLords} lords, prisoners included). They arrive in one of your castles or cities, else beside one of your free lords, else in a village you hold, else in a free village. Playable only during the cards phase.',
    },
  },
  CARDINAL: {
    deck: 'character', family: 'character', timing: 'surprise', count: 'cardinal', rule: '§5.6, §6.5.2',
    name: { fr: 'Cardinal', en: 'Cardinal' },
    text: {
      fr: 'Coiffez du chapeau rouge un évêque en jeu, de n’importe quelle famille ; il garde sa crosse. S’il y a un pape, il doit y consentir d’abord.',
      en: 'Give the red hat to any bishop in play, of any family; he keeps his crosier. If there is a pope, he must agree first.',
    },
  },
  DARC: {
    deck: 'character', family: 'character', timing: 'surprise', count: 'darc', rule: '§6.5.1',
    name: { fr: 'd’Arc', en: 'd’Arc' },
    text: {
      fr: 'Une dame non mariée, de n’importe quelle famille, prend les armes : elle va à {darcSteps} étapes, ajoute {darcExtraDie} à son camp et compte pour {cpDarc}. Elle ne se mariera jamais.',
      en: 'An unmarried lady of any family takes up arms: she moves {darcSteps} steps, adds {darcExtraDie} to her side and counts {cpDarc}. She will never marry.',
    },
  },
  GOOD_HARVEST: {
    deck: 'event', family: 'event', timing: 'phase', count: 'goodHarvest', rule: '§6.4.2',
    name: { fr: 'Bonnes récoltes', en: 'Good Harvest' },
    text: {
      fr: 'Sur un évêché sans intempéries : met fin à une famine qui le frappe, ou bien chaque moulin de l’évêché rapporte {harvestBonus} de plus ce tour.',
      en: 'On a bishopric without bad weather: ends a famine there, or else every mill of the bishopric yields {harvestBonus} more this turn.',
    },
  },
  FAIR_WEATHER: {
    deck: 'event', family: 'event', timing: 'phase', count: 'fairWeather', rule: '§6.4.3',
    name: { fr: 'Beau temps', en: 'Fair Weather' },
    text: {
      fr: 'Sur un évêché sans famine : chasse les intempéries qui le frappent, ou bien chaque moulin de l’évêché rapporte {fairWeatherBonus} de plus ce tour.',
      en: 'On a bishopric without famine: clears the bad weather there, or else every mill of the bishopric yields {fairWeatherBonus} more this turn.',
    },
  },
  TAX: {
    deck: 'event', family: 'event', timing: 'phase', count: 'tax', rule: '§6.4.4–§6.4.6',
    name: { fr: 'Impôt', en: 'Tax' },
    text: {
      fr: 'Levez la taille sur un fief où vous en avez le droit ({taillePerVillage} par village du fief), ou la dîme sur un évêché (le revenu de tous ses moulins). Les villages taxés peuvent se révolter.',
      en: 'Levy the taille on a fief you are entitled to ({taillePerVillage} per village of the fief), or the tithe on a bishopric (the income of all its mills). Taxed villages may rise in revolt.',
    },
  },
  REVOLT: {
    deck: 'event', family: 'event', timing: 'surprise', count: 'revolt', rule: '§6.5.3',
    name: { fr: 'Révolte', en: 'Revolt' },
    text: {
      fr: 'Les paysans d’un village taxé ou affamé se soulèvent : un dé de combat, plus {revoltBonusPerDie} par dé, contre les troupes présentes. Si plus aucune troupe ne tient le village, les seigneurs présents périssent et château et moulins brûlent.',
      en: 'The peasants of a taxed or starving village rise: one combat die, plus {revoltBonusPerDie} per die, against the troops there. If no troops are left in the village, the lords there perish and its castle and mills burn.',
    },
  },
  TUNNEL: {
    deck: 'event', family: 'event', timing: 'surprise', count: 'tunnel', rule: '§6.5.5',
    name: { fr: 'Souterrain', en: 'Tunnel' },
    text: {
      fr: 'Un passage secret : sortir d’une place assiégée, faire une étape malgré les intempéries, passer un ennemi sans combattre, ignorer les murailles dans une bataille ou une révolte, ou délivrer un prisonnier.',
      en: 'A secret passage: leave a besieged stronghold, take one step through bad weather, slip past an enemy without a fight, ignore the walls in a battle or a revolt, or free a prisoner.',
    },
  },
  ASSASSINATION: {
    deck: 'event', family: 'event', timing: 'surprise', count: 'assassination', rule: '§6.5.4',
    name: { fr: 'Assassinat', en: 'Assassination' },
    text: {
      fr: 'Un seigneur d’une autre famille meurt, quel qu’il soit, même prisonnier. L’un de vos seigneurs en porte la dague : il en répondra devant la Justice.',
      en: 'A lord of another family dies, whoever he is, even a prisoner. One of your lords bears the dagger: he will answer for it before Justice.',
    },
  },
  JUSTICE: {
    deck: 'event', family: 'event', timing: 'surprise', count: 'justice', rule: '§6.5.4',
    name: { fr: 'Justice', en: 'Justice' },
    text: {
      fr: 'Un seigneur qui porte la dague d’un assassinat, et n’est pas prisonnier, est décapité. Le roi, la reine, le prince héritier et le pape y échappent.',
      en: 'A lord who bears the dagger of an assassination, and is not a prisoner, is beheaded. The king, the queen, the crown prince and the pope are beyond its reach.',
    },
  },
  AMBUSH: {
    deck: 'event', family: 'event', timing: 'surprise', count: 'ambush', rule: '§6.5.6',
    name: { fr: 'Embuscade', en: 'Ambush' },
    text: {
      fr: 'Pendant une bataille où combat l’un de vos seigneurs : un seigneur du camp adverse tombe dans vos filets et devient votre prisonnier.',
      en: 'During a battle where one of your lords fights: a lord of the other side falls into your trap and becomes your prisoner.',
    },
  },
  BAD_WEATHER: {
    deck: 'event', family: 'calamity', timing: 'auto', count: 'badWeather', rule: '§6.3.2',
    name: { fr: 'Intempéries', en: 'Bad Weather' },
    text: {
      fr: 'Jusqu’à la fin du tour, nul ne marche ni ne combat dans l’évêché frappé, ni pour y entrer, ni pour en sortir.',
      en: 'Until the end of the turn, nobody marches or fights in the stricken bishopric, nor into it, nor out of it.',
    },
  },
  FAMINE: {
    deck: 'event', family: 'calamity', timing: 'auto', count: 'famine', rule: '§6.3.3',
    name: { fr: 'Famine', en: 'Famine' },
    text: {
      fr: 'Les moulins de l’évêché frappé ne rapportent rien ce tour, et ses villages affamés peuvent se révolter.',
      en: 'The mills of the stricken bishopric yield nothing this turn, and its hungry villages may rise in revolt.',
    },
  },
  PLAGUE: {
    deck: 'event', family: 'calamity', timing: 'auto', count: 'plague', rule: '§6.3.4',
    name: { fr: 'Peste', en: 'Plague' },
    text: {
      fr: 'Dans l’évêché frappé, chaque seigneur libre lance un dé : il survit sur {plagueSurvivesFrom} ou plus. Chaque armée perd la moitié de ses pions, arrondie vers le bas. Qui y entre ce tour subit le même sort, une fois.',
      en: 'In the stricken bishopric, every free lord rolls a die and survives on {plagueSurvivesFrom} or more. Every army loses half its tokens, rounded down. Whoever enters it this turn suffers the same, once.',
    },
  },
};

export const CARD_KIND_ORDER = Object.keys(CARD_KINDS) as CardKind[];
export const CALAMITY_KINDS: readonly CalamityKind[] = ['BAD_WEATHER', 'FAMINE', 'PLAGUE'];

/** A number with its noun, singular or plural in each language (« 1 écu », « 2 écus »). */
type Counted = 'ecu' | 'die' | 'damage' | 'cp';
const NOUNS: Record<Counted, { fr: [string, string]; en: [string, string] }> = {
  ecu: { fr: ['écu', 'écus'], en: ['ecu', 'ecus'] },
  die: { fr: ['dé de combat', 'dés de combat'], en: ['combat die', 'combat dice'] },
  damage: { fr: ['dégât', 'dégâts'], en: ['damage', 'damage'] },
  cp: { fr: ['point de combat', 'points de combat'], en: ['combat point', 'combat points'] },
};
function counted(n: number, noun: Counted): Localized {
  // French: singular for 0 and 1; English: singular for 1 only.
  return { fr: `${n} ${NOUNS[noun].fr[n <= 1 ? 0 : 1]}`, en: `${n} ${NOUNS[noun].en[n === 1 ? 0 : 1]}` };
}

/** The values a card text may name, from the constants in force. */
function textArgs(c: FiefConfig): Record<string, number | Localized> {
  return {
    maxLords: c.family.maxLords, darcSteps: c.movement.darcSteps, darcExtraDie: counted(c.combat.darcExtraDie, 'die'), cpDarc: counted(c.combat.cpDarc, 'cp'),
    harvestBonus: counted(c.income.harvestBonus, 'ecu'), fairWeatherBonus: counted(c.income.fairWeatherBonus, 'ecu'), taillePerVillage: counted(c.income.taillePerVillage, 'ecu'),
    revoltBonusPerDie: counted(c.combat.revoltBonusPerDie, 'damage'), plagueSurvivesFrom: c.calamity.plagueSurvivesFrom,
  };
}

/** A card kind's text with the game's numbers. */
export function cardText(kind: CardKind, c: FiefConfig): Localized {
  return fill(CARD_KINDS[kind].text, textArgs(c));
}

// ─── The lord roster [T §2.8, P G-04] ──────────────────────────────────────────────────────────

export type Gender = 'M' | 'F';
export interface LordCardRow { id: CardId; name: string; gender: Gender; source: 'rules' | 'online' }

/**
 * 18 Lord cards, 12 men and 6 women [T "Matériel"]. The 12 names the rules use come first;
 * the 6 others are the online edition's own (G-04: names are cosmetic, gender matters).
 */
export const LORD_ROSTER: readonly LordCardRow[] = [
  ...(['FRANÇOIS', 'QUENTIN', 'BEAUDOIN', 'GAUVAIN', 'ARTHUR', 'CHARLES', 'THIERRY'] as const).map((name, i) => ({ name, source: 'rules' as const, gender: 'M' as const, i })),
  ...(['AYMERIC', 'BERTRAND', 'ÉTIENNE', 'RAOUL', 'GODEFROY'] as const).map((name, i) => ({ name, source: 'online' as const, gender: 'M' as const, i: i + 7 })),
  ...(['JEANNE', 'BLANCHE', 'ALIÉNOR', 'MIREILLE', 'GUENIÈVRE'] as const).map((name, i) => ({ name, source: 'rules' as const, gender: 'F' as const, i })),
  ...(['HÉLOÏSE'] as const).map((name) => ({ name, source: 'online' as const, gender: 'F' as const, i: 5 })),
].map(({ name, source, gender, i }) => ({ id: `LORD_${gender}_${String(i + 1).padStart(2, '0')}`, name, gender, source }));

export const LORD_CARDS: Readonly<Record<CardId, LordCardRow>> = Object.fromEntries(LORD_ROSTER.map((l) => [l.id, l]));

// ─── Card ids and decks ────────────────────────────────────────────────────────────────────────

/** The kind of a card from its id. */
export function cardKind(id: CardId): CardKind {
  if (id.startsWith('LORD_')) return 'LORD';
  const kind = id.replace(/_\d+$/, '') as CardKind;
  if (!CARD_KINDS[kind]) throw new Error(`unknown card ${id}`);
  return kind;
}

/** Every card of a deck, in a fixed order (kinds in table order, then number), before any shuffle. */
export function deckCards(deck: Deck, c: FiefConfig): CardId[] {
  const out: CardId[] = [];
  for (const kind of CARD_KIND_ORDER) {
    const row = CARD_KINDS[kind];
    if (row.deck !== deck) continue;
    if (kind === 'LORD') { out.push(...LORD_ROSTER.slice(0, c.deck.lord).map((l) => l.id)); continue; }
    for (let n = 1; n <= c.deck[row.count]; n++) out.push(`${kind}_${n}`);
  }
  return out;
}

/** A card's display name (a Lord card: the lord's name). */
export function cardName(id: CardId): Localized {
  const lord = LORD_CARDS[id];
  if (lord) return { fr: lord.name, en: lord.name };
  return CARD_KINDS[cardKind(id)].name;
}

// ─── The calamity track [T §2.3, §6.2–§6.3.1] ──────────────────────────────────────────────────

/**
 * What the d6 of a calamity names: 1–5 the bishopric of that number, 6 a false alarm (the card
 * is discarded) [T §2.3].
 */
export function calamityTarget(d6: number): BishopricNo | 'FALSE_ALARM' {
  if (!Number.isInteger(d6) || d6 < 1 || d6 > 6) throw new Error(`calamityTarget: ${d6} is not a d6 result`);
  return d6 <= 5 ? (d6 as BishopricNo) : 'FALSE_ALARM';
}

/** The track's slot numbers (1…n), flipped in this order in step 2.B [T §2.3]. */
export const calamitySlots = (c: FiefConfig): number[] => Array.from({ length: c.draw.calamitySlots }, (_, i) => i + 1);

// ─── Relics (optional rule A.1) [T §11.1] ──────────────────────────────────────────────────────

export type RelicId = 'GRAIL' | 'ROSELINE' | 'GERONCE' | 'LANCE' | 'RADEGONDE';
export const RELIC_IDS: readonly RelicId[] = ['GRAIL', 'ROSELINE', 'GERONCE', 'LANCE', 'RADEGONDE'];

export const RELICS: Record<RelicId, { name: Localized; text: Localized }> = {
  GRAIL: {
    name: { fr: 'Saint Graal', en: 'Holy Grail' },
    text: { fr: 'Quand le camp de son porteur se défend, chaque dé adverse perd {grailReduction} (jamais moins de 0).', en: 'When its bearer’s side defends, each enemy die loses {grailReduction} (never below 0).' },
  },
  ROSELINE: {
    name: { fr: 'Yeux de sainte Roseline', en: 'Eyes of St Roseline' },
    text: { fr: 'À la fin de la phase des cartes, le porteur peut tenter de chasser chaque intempérie vers un autre évêché, un dé par carte.', en: 'At the end of the cards phase, the bearer may try to drive each bad weather to another bishopric, one die per card.' },
  },
  GERONCE: {
    name: { fr: 'Dent de saint Géronce', en: 'Tooth of St Géronce' },
    text: { fr: 'Une seule fois : ramène à la vie, avec tous ses titres, un seigneur qui vient de mourir. La relique quitte alors le jeu.', en: 'Once only: brings back to life, with all his titles, a lord who has just died. The relic then leaves the game.' },
  },
  LANCE: {
    name: { fr: 'Sainte Lance', en: 'Holy Lance' },
    text: { fr: 'Le camp de son porteur inflige {lanceBonus} de plus à chaque round où il lance au moins un dé.', en: 'Its bearer’s side deals {lanceBonus} more in every round where it rolls at least one die.' },
  },
  RADEGONDE: {
    name: { fr: 'Ossements de sainte Radegonde', en: 'Bones of St Radegonde' },
    text: { fr: 'À la fin de la phase des cartes, le porteur peut tenter de lever chaque famine : un dé par carte, levée sur {radegondeFrom} ou plus.', en: 'At the end of the cards phase, the bearer may try to lift each famine: one die per card, lifted on {radegondeFrom} or more.' },
  },
};

/** A relic's text with the game's numbers. */
export function relicText(id: RelicId, c: FiefConfig): Localized {
  return fill(RELICS[id].text, { grailReduction: c.relics.grailReduction, lanceBonus: counted(c.relics.lanceBonus, 'damage'), radegondeFrom: c.relics.radegondeFrom });
}
