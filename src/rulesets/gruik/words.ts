/**
 * The words of Game of Gruik's records, French and English side by side (style §4): the causes of
 * the treasury and prestige ledger (rules §12, §15, Appendix B 16), the purposes of the dice rolls
 * (§11.1: the roll log each player reads in his report) and the subjects and program defaults of
 * the judgment items raised for the GM (§11.4). A foundation: the rules write these, the report,
 * the flow and the GM's queue read them. A roll whose purpose is not listed here is shown as
 * written: `test/gruik/words.test.ts` plays campaigns and checks that every purpose rolled is listed.
 */
import { fill } from '../../engine/localize.ts';
import type { Localized } from '../../engine/ruleset.ts';

type Args = Record<string, string | number | Localized>;

/** Ledger causes (the state keeps the sentence in both languages: `LedgerEntry.cause`). */
export const CAUSE = {
  taxes: { fr: 'impôts', en: 'taxes' },
  tributeFrom: { fr: 'tribut de {s}', en: 'tribute from {s}' },
  giftTo: { fr: 'don à {s}', en: 'gift to {s}' },
  giftFrom: { fr: 'don de {s}', en: 'gift from {s}' },
  ships: { fr: '{n} navires', en: '{n} ships' },
  effort: { fr: 'effort de guerre pour {a}', en: 'military effort for {a}' },
  prestigeExpense: { fr: 'dépenses de prestige à {p}', en: 'prestige expense in {p}' },
  temples: { fr: 'temples de {p} mis à sac', en: 'temples of {p} pillaged' },
  tributaryLost: { fr: 'perte du tributaire {s}', en: 'tributary {s} lost' },
  tributaryAcquired: { fr: 'nouveau tributaire : {s}', en: 'tributary {s} acquired' },
  voluntaryTributary: { fr: 'tributaire de plein gré de {s}', en: 'voluntary tributary of {s}' },
  involuntaryTributary: { fr: 'tributaire forcé de {s}', en: 'involuntary tributary of {s}' },
  monumentLost: { fr: 'monument de {p} perdu', en: 'monument in {p} lost' },
  monumentDestroyed: { fr: 'monument de {p} détruit', en: 'monument in {p} destroyed' },
  monument: { fr: 'monument de {p}', en: 'monument in {p}' },
  raidOn: { fr: 'raid sur {s}', en: 'raid on {s}' },
  raidBy: { fr: 'raid de {s}', en: 'raid by {s}' },
  siegeFailed: { fr: 'siège de {p} manqué', en: 'siege of {p} failed' },
  fortressPillaged: { fr: 'forteresse de {p} mise à sac', en: 'fortress of {p} pillaged' },
  armyLostInSiege: { fr: 'armée {a} perdue au siège de {p}', en: 'army {a} lost in the siege of {p}' },
  siegeWon: { fr: 'siège de {p} emporté', en: 'siege of {p} won' },
  conquered: { fr: '{p} conquise', en: '{p} conquered' },
  characterLost: { fr: '{c} {f} à la bataille {b}', en: '{c} {f} in battle {b}' },
  armyCaptured: { fr: 'armée prise faute de retraite après la bataille {b}', en: 'army captured for lack of a retreat after battle {b}' },
  battle: { fr: 'bataille {b}', en: 'battle {b}' },
  catastrophe: { fr: 'catastrophe (2d6 = {n})', en: 'catastrophe (2d6 = {n})' },
  captiveSeason: { fr: 'un général captif toute la saison', en: 'a full season with a general captive' },
  civilWarSeason: { fr: 'une saison achevée en guerre civile', en: 'a season ended in civil war' },
  deficitSeason: { fr: 'une saison achevée en déficit', en: 'a season ended in deficit' },
  gmRuling: { fr: 'décision du MJ', en: 'GM ruling' },
} satisfies Record<string, Localized>;
export type CauseKey = keyof typeof CAUSE;

/** A ledger cause in both languages. */
export const cause = (k: CauseKey, args: Args = {}): Localized => fill(CAUSE[k], args);

/** A character's fate in a battle (§6.4), for the ledger. */
export const FATE_WORD: Record<'escapes' | 'captured' | 'killed', Localized> = {
  escapes: { fr: 's’échappe', en: 'escapes' }, captured: { fr: 'capturé', en: 'captured' }, killed: { fr: 'tué', en: 'killed' },
};

/** What each roll of the log is for (§11.1): the key is the record's `purpose`. */
export const PURPOSE = {
  'HOTT attacker/defender (d6 + D4)': { fr: 'attaquant et défenseur HOTT (d6 + D4)', en: 'HOTT attacker/defender (d6 + D4)' },
  'barbarian entry province': { fr: 'province d’entrée des barbares', en: 'barbarian entry province' },
  'catastrophe flavour text': { fr: 'récit de la catastrophe', en: 'catastrophe flavour text' },
  'catastrophe severity (2d6)': { fr: 'gravité de la catastrophe (2d6)', en: 'catastrophe severity (2d6)' },
  'civil war on a character lost (D7)': { fr: 'guerre civile à la perte d’un personnage (D7)', en: 'civil war on a character lost (D7)' },
  'civil war on a replacement (D7)': { fr: 'guerre civile au remplacement d’un personnage (D7)', en: 'civil war on a replacement (D7)' },
  'crossing on a border': { fr: 'croisement sur une frontière', en: 'crossing on a border' },
  'fate of a character (D3)': { fr: 'sort d’un personnage (D3)', en: 'fate of a character (D3)' },
  'fleets crossing each other': { fr: 'flottes qui se croisent', en: 'fleets crossing each other' },
  'forcing a naval battle (D10)': { fr: 'bataille navale imposée (D10)', en: 'forcing a naval battle (D10)' },
  'naval battle (D8)': { fr: 'bataille navale (D8)', en: 'naval battle (D8)' },
  'naval detection (D9)': { fr: 'détection en mer (D9)', en: 'naval detection (D9)' },
  'order of naval encounters': { fr: 'ordre des rencontres en mer', en: 'order of naval encounters' },
  'raid (D13)': { fr: 'raid (D13)', en: 'raid (D13)' },
  'retreat into the fortress after a defeat (D6)': { fr: 'repli dans la forteresse après une défaite (D6)', en: 'retreat into the fortress after a defeat (D6)' },
  'seasonal base (2d8)': { fr: 'base de la saison (2d8)', en: 'seasonal base (2d8)' },
  'siege (D12)': { fr: 'siège (D12)', en: 'siege (D12)' },
  'storm damage (D11)': { fr: 'dégâts de la tempête (D11)', en: 'storm damage (D11)' },
  'storm on an open-sea crossing (D11)': { fr: 'tempête en haute mer (D11)', en: 'storm on an open-sea crossing (D11)' },
  'unfinished battle, drawing lots': { fr: 'bataille inachevée, tirage au sort', en: 'unfinished battle, drawing lots' },
  'very close battle settled by dice': { fr: 'bataille très serrée, départagée aux dés', en: 'very close battle settled by dice' },
  'which battle comes first': { fr: 'quelle bataille d’abord', en: 'which battle comes first' },
  'who defends the province': { fr: 'qui défend la province', en: 'who defends the province' },
  'ABR battle roll': { fr: 'jet de bataille (ABR)', en: 'ABR battle roll' },
  'ABR second tie': { fr: 'seconde égalité (ABR)', en: 'ABR second tie' },
  'ABR nominal loss (3 + d6)': { fr: 'perte nominale (ABR, 3 + d6)', en: 'ABR nominal loss (3 + d6)' },
  'ABR general element': { fr: 'élément de général (ABR)', en: 'ABR general element' },
  'ABR close combat or range': { fr: 'corps à corps ou à distance (ABR)', en: 'ABR close combat or range' },
} satisfies Record<string, Localized>;
export type RollPurpose = keyof typeof PURPOSE;

/** A roll's purpose in `lang` (a purpose from an older record that is not listed: as written). */
export const purposeText = (p: string, lang: 'fr' | 'en'): string => (Object.hasOwn(PURPOSE, p) ? PURPOSE[p as RollPurpose][lang] : p);

/** The subjects of the items the rules raise for the GM (§11.4), and what the program applied. */
export const GM_SUBJECT = {
  garrisonNowhere: { fr: 'la garnison {id} de {p} n’a aucune province amie où se retirer', en: 'garrison {id} of {p} has no friendly province to go to' },
  interned: { fr: 'internée (capturée)', en: 'interned (captured)' },
  civilWar: { fr: 'guerre civile de {s} ({c})', en: 'civil war of {s} ({c})' },
  capitalRevolt: { fr: 'révolte de la capitale (§8.7.3)', en: 'capital revolt (§8.7.3)' },
  nowhereToReform: { fr: 'l’armée {a} n’a nulle part où se reformer', en: 'army {a} has nowhere to re-form' },
  staysCaptured: { fr: 'elle reste prisonnière', en: 'it stays captured' },
  friendshipCancelled: { fr: 'amitié de {a} envers {b} rompue : des forces de {b} sur les terres de {a}', en: 'friendship of {a} toward {b} cancelled: {b}’s forces in {a}’s territory' },
  repatriated: { fr: 'rapatriées : {r} ; détruites : {d}', en: 'repatriated {r}; destroyed {d}' },
  catastrophe: { fr: 'catastrophe de {s} (2d6 = {n})', en: 'catastrophe of {s} (2d6 = {n})' },
  lossOf: { fr: '−{n} gruikors', en: '−{n} gruikors' },
  invasion: { fr: 'invasion barbare chez {s}', en: 'barbarian invasion of {s}' },
  defaultAi: { fr: 'l’IA par défaut de §8.10', en: 'the §8.10 default AI' },
  place: { fr: '{p} : {s}', en: '{p}: {s}' },
  stepAlgorithm: { fr: 'algorithme pas à pas de §5.5, départages tirés ({n} franchissement(s) cette saison)', en: '§5.5 step algorithm, seeded roll-offs ({n} crossing(s) this season)' },
  pairing: { fr: 'appariement de §5.10 : {pairs}', en: '§5.10 pairing: {pairs}' },
} satisfies Record<string, Localized>;
export const gmText = (k: keyof typeof GM_SUBJECT, args: Args = {}): Localized => fill(GM_SUBJECT[k], args);

/** A catastrophe's effect kind (§8.8), for the GM's item. */
export const EFFECT_KIND: Record<'money' | 'civilWar' | 'invasion', Localized> = {
  money: { fr: 'perte d’argent', en: 'money lost' }, civilWar: { fr: 'guerre civile', en: 'civil war' }, invasion: { fr: 'invasion', en: 'invasion' },
};

/** Why a civil war breaks out (§8.7), for the reports and the GM's item. */
export const CIVIL_WAR_CAUSE: Record<'catastrophe' | 'character-lost' | 'replacement' | 'captivity', Localized> = {
  'catastrophe': { fr: 'catastrophe', en: 'catastrophe' },
  'character-lost': { fr: 'chef perdu au combat', en: 'leader lost in battle' },
  'replacement': { fr: 'général captif remplacé', en: 'captive general replaced' },
  'captivity': { fr: 'général captif depuis un an', en: 'general captive for a year' },
};
