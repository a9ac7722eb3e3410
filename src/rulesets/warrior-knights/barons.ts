/**
 * The six barons, their 24 nobles, strongholds and regular troops (rules §2.2–§2.5, §10.4): our
 * own names [§10.1]; one noble of each base shape per baron [I §2.3]; strongholds of strength 400
 * (§10.4 suggested, [P G-D03]); regular troops 3 × 50 + 1 × 100 men at 1 crown per 50 men
 * (§10.4 suggested, [P G-D04]). The role aliases of §10.10 name the rules' example nobles.
 */
import type { Localized } from '../../engine/ruleset.ts';

export type BaronId = 'green' | 'blue' | 'red' | 'yellow' | 'black' | 'violet';
export const BARON_IDS: readonly BaronId[] = ['green', 'blue', 'red', 'yellow', 'black', 'violet'];
export type Shape = 'square' | 'circle' | 'triangle' | 'star';
export const SHAPES: readonly Shape[] = ['square', 'circle', 'triangle', 'star'];

export interface BaronData { id: BaronId; name: string; colour: Localized; strongholdStrength: number }
export interface NobleData { id: string; baron: BaronId; shape: Shape; name: string }
export interface RegularData { id: string; baron: BaronId; strength: number; wage: number }

export const BARONS: readonly BaronData[] = [
  { id: 'green', name: 'Aymar de Verdelande', colour: { fr: 'vert', en: 'green' }, strongholdStrength: 400 },
  { id: 'blue', name: 'Wenceslas Azurowski', colour: { fr: 'bleu', en: 'blue' }, strongholdStrength: 400 },
  { id: 'red', name: 'Hugues de Garance', colour: { fr: 'rouge', en: 'red' }, strongholdStrength: 400 },
  { id: 'yellow', name: 'Ottokar Goldhain', colour: { fr: 'jaune', en: 'yellow' }, strongholdStrength: 400 },
  { id: 'black', name: 'Malcolm Sablewood', colour: { fr: 'noir', en: 'black' }, strongholdStrength: 400 },
  { id: 'violet', name: 'Isolde de Lisvanne', colour: { fr: 'violet', en: 'violet' }, strongholdStrength: 400 },
];

/** Per baron: the square, circle, triangle and star nobles, in that order. */
const NAMES: Record<BaronId, [string, string, string, string]> = {
  green: ['Gautier de Sinople', 'Bertrand Olivet', 'Loup de Mousseval', 'Eudes Vertbois'],
  blue: ['Kasimir Lazur', 'Tadeusz Modry', 'Anselme de Pervenche', 'Jaromir Indygo'],
  red: ['Arnaud Cramoisy', 'Piero Vermiglio', 'Baudouin de Carmin', 'Renier de Pourpre-Mont'],
  yellow: ['Konrad Safran', 'Ulrich Bernstein', 'Lothar Gelbfeld', 'Dietmar Ocker'],
  black: ['Angus Ravenmoor', 'Duncan Coalby', 'Rufus Inkwell', 'Hamish Nightingale'],
  violet: ['Aliénor de Mauve', 'Thibaut Lilas', 'Perceval d’Améthyste', 'Clothaire Bruyère'],
};

export const NOBLES: readonly NobleData[] = BARON_IDS.flatMap((b) => SHAPES.map((shape, i) => ({ id: `${b}-${shape}`, baron: b, shape, name: NAMES[b][i]! })));

/** Each baron's regular troops: 3 × 50 + 1 × 100 men [T §2.4]. */
export const REGULARS: readonly RegularData[] = BARON_IDS.flatMap((b) => [
  { id: `${b}-reg-50a`, baron: b, strength: 50, wage: 1 },
  { id: `${b}-reg-50b`, baron: b, strength: 50, wage: 1 },
  { id: `${b}-reg-50c`, baron: b, strength: 50, wage: 1 },
  { id: `${b}-reg-100`, baron: b, strength: 100, wage: 2 },
]);

/** Role aliases of §10.10 for the nobles of the rules' examples. */
export const NOBLE_ROLES = {
  'Alan of Smalt': 'green-square',
  'Ernesto di Celadon': 'green-triangle',
  'Lorenz von Linden': 'green-star',
  'Otto von Prussen': 'blue-square',
  'Louis de Cyan': 'blue-circle',
  'Guy de Solferino': 'red-star',
  'Ricardo di Scarletti': 'red-square',
  'Almos Topaz': 'yellow-triangle',
  'Sir John Dudley Black': 'black-square',
  'Renaud de Malve': 'violet-square',
  'Geoffrey Lavender': 'violet-circle',
  'Guntram von Flieder': 'violet-triangle',
} as const satisfies Record<string, string>;

/** Baron role aliases (the rules' example barons). */
export const BARON_ROLES = {
  "d'Émerande": 'green', Niebieski: 'blue', Madder: 'red', Zobel: 'black', 'da Viola': 'violet',
} as const satisfies Record<string, BaronId>;

const nobleById = new Map(NOBLES.map((n) => [n.id, n]));
export const noble = (id: string): NobleData => { const n = nobleById.get(id); if (!n) throw new Error(`unknown noble ${id}`); return n; };
export const baronData = (id: BaronId): BaronData => BARONS.find((b) => b.id === id)!;
export const noblesOf = (b: BaronId): NobleData[] => NOBLES.filter((n) => n.baron === b);

/** How a sentence names a baron: his id → his name. */
export type Who = (b: BaronId) => string;
/**
 * The barons named as the platform's pages name the players (the seats' names: « En attente de :
 * Aude », the log's timeouts, the ranking), which the game keeps as `WkGame.names`; a baron
 * without a seat name (a game set up without them: the CLI, the tests) keeps his own name.
 */
export const baronName = (names: Partial<Record<BaronId, string>> | undefined): Who => (b) => names?.[b] || baronData(b).name;

/**
 * A message built by the rules, which know the barons by their own names (the "blocked" refusal of
 * a move names the barons standing in the way), told with the seats' names instead, as the pages
 * and the log name them: each baron's own name replaced by his seat's name where he has one.
 */
export function seatNamed(text: Localized, names: Partial<Record<BaronId, string>> | undefined): Localized {
  const swaps = BARONS.flatMap((b) => (names?.[b.id] && names[b.id] !== b.name ? [[b.name, names[b.id]!] as const] : []));
  if (!swaps.length) return text;
  const swap = (x: string) => swaps.reduce((acc, [from, to]) => acc.split(from).join(to), x);
  return { fr: swap(text.fr), en: swap(text.en) };
}
