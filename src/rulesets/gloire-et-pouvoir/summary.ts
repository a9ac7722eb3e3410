/** A one-line progress summary of a resolved turn (command line, simulations). */
import type { GPEvent } from './events.ts';
import type { GPState } from './state.ts';

export function summarizeTurn(s: GPState, events: GPEvent[]): string {
  const alive = Object.values(s.lords).filter((l) => l.alive);
  const battles = events.filter((e) => e.type === 'battle').length;
  const conquests = events.filter((e) => e.type === 'conquest').length;
  const revolts = events.filter((e) => e.type === 'revolt').length;
  const ranking = events.find((e) => e.type === 'ranking');
  const top = ranking && ranking.type === 'ranking' ? ranking.entries[0] : undefined;
  const leader = top ? `${s.lords[top.lord]!.name} (GR ${top.renown.toFixed(1)}, ${top.territories} terr.)` : '-';
  const turn = s.finished ? s.turn : s.turn - 1;
  return `turn ${turn}: ${alive.length} lords, ${battles} battles, ${conquests} conquests, ${revolts} revolts; leader ${leader}`;
}
