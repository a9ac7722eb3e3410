/**
 * Which section of the report an event belongs to (S8.6 mapping, G-98): the chronicle (by
 * season, by character), the battle narratives, the General Spy Report (kept apart from the
 * characters' narratives, §5.7), the Diplomatic Report, the Treasury statement, the Offices,
 * the Discoveries, and the warnings at the top. Explicit kinds first, then the kind's prefix.
 */
export type Section = 'warning' | 'chronicle' | 'battle' | 'spy' | 'vision' | 'diplomacy' | 'treasury' | 'offices' | 'discovery';

/** Kinds whose section the prefix rules would get wrong, or that deserve to be explicit. */
const EXPLICIT: Record<string, Section> = {
  'order-invalid': 'warning',
  caretaker: 'warning',
  'order-failed': 'chronicle',
  'turn-start': 'chronicle',
};

const PREFIXES: [RegExp, Section][] = [
  [/^(validation|warning|order-invalid)/, 'warning'],
  [/^(battle|duel|engagement|retreat|pursuit-battle|conquest|contested|rout|province-conquered|province-contested|ruler-unseated|were-bite)/, 'battle'],
  [/^(clairvoyance|vision)/, 'vision'],
  [/^(spy|sp-|passive-spy|noticed|notice|intruder|track|tr-|sighting|spied)/, 'spy'],
  [/^(treaty|relation|diplomacy|alliance|break|war-|peace|special-neighbour|druid-)/, 'diplomacy'],
  [/^(income|tax|expense|upkeep|wage|treasury|payment|unpaid|desert|ransom|gift-received)/, 'treasury'],
  [/^(office|merit|vote|election|emperor|victory|game-end)/, 'offices'],
  [/^(invention|discovery|science|exchange)/, 'discovery'],
];

export function sectionOf(kind: string): Section {
  const x = EXPLICIT[kind];
  if (x) return x;
  for (const [re, sec] of PREFIXES) if (re.test(kind)) return sec;
  return 'chronicle';
}
