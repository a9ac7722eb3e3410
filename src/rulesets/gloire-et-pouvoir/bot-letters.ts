/**
 * How a bot lord answers a letter (the demo's diplomacy): an alliance or a peace asked by another
 * lord is accepted when the referee would let it stand, and refused otherwise, with the order the
 * bot then gives this turn (ALL, PAI). Reads only what the bot may know (its view: relations are
 * public [T §5.9]). Pure: the same state and letter give the same answer.
 */
import type { LordId, GPState } from './state.ts';
import { playerView } from './view.ts';

export type LetterTopic = 'alliance' | 'peace' | 'other';
/** The bot's answer: the platform words it (stock replies in French and English). */
export type LetterAnswer =
  | 'alliance-accepted' | 'alliance-already' | 'alliance-refused-war' | 'alliance-refused-conflict'
  | 'peace-accepted' | 'peace-already' | 'other';

export function answerLetter(s: GPState, bot: LordId, writer: LordId, topic: LetterTopic): { answer: LetterAnswer; order?: string } {
  const v = playerView(s, bot);
  const w = v.lords.find((l) => l.id === writer);
  if (!v.me?.alive || !w?.alive || s.finished) return { answer: 'other' };
  const pairs = (r: 'war' | 'alliance', x: LordId) => v.relations.filter((p) => p.relation === r && (p.a === x || p.b === x)).map((p) => (p.a === x ? p.b : p.a));
  if (topic === 'alliance') {
    if (w.relation === 'alliance') return { answer: 'alliance-already' };
    // At war: peace first (an alliance between enemies is not one step) [T §5.9.2].
    if (w.relation === 'war') return { answer: 'alliance-refused-war' };
    // The referee refuses an alliance with a lord allied to one's enemy, or at war with one's ally [T §5.9.2].
    const conflict = pairs('alliance', bot).some((c) => pairs('war', writer).includes(c)) || pairs('alliance', writer).some((c) => pairs('war', bot).includes(c));
    if (conflict) return { answer: 'alliance-refused-conflict' };
    return { answer: 'alliance-accepted', order: `ALL ${w.name}` };
  }
  if (topic === 'peace') {
    if (w.relation !== 'war') return { answer: 'peace-already' };
    return { answer: 'peace-accepted', order: `PAI ${w.name}` };
  }
  return { answer: 'other' };
}
