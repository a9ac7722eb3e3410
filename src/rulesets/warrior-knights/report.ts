/**
 * A baron's report of a resolved step, as Markdown (engine contract `report`): the public events
 * of the step (the rules' log, events.ts, rendered in the reader's language) and the flow's own
 * (flow.ts: a default applied, a consent given or refused, a GAP passed). The log is public (§9.1
 * item 8): nothing in it names a secret card; what only one baron may see (his own combat draw,
 * his plan) is in his view, never in a report.
 */
import type { Lang, Localized } from '../../engine/ruleset.ts';
import { fill } from '../../engine/localize.ts';
import { baronName, type BaronId, type Who } from './barons.ts';
import { DECISIONS } from './decisions.ts';
import { renderEvent } from './events.ts';
import type { FlowEvent, WkGame } from './flow.ts';


/** The close's sentence: who wins (or nobody, still tied after §7.2), then every place of the ranking. */
function closedMsg(e: Extract<FlowEvent, { t: 'closed' }>, who: Who): Localized {
  const places = (lang: Lang) => e.ranking.map((grp, i) => `${i + 1}. ${grp.map((r) => `${who(r.baron)} (${r.influence} ${lang === 'fr' ? 'influence' : 'Influence'})`).join(lang === 'fr' ? ', à égalité avec ' : ', tied with ')}`).join(' ; ');
  const head: Localized = e.winner
    ? fill({ fr: 'L’hôte clôt la partie en pause avec le classement du moment (§7.2) : {b} l’emporte.', en: 'The host closes the paused game with the current ranking (§7.2): {b} wins.' }, { b: who(e.winner) })
    : { fr: 'L’hôte clôt la partie en pause avec le classement du moment (§7.2) : l’égalité demeure, la partie s’achève sans vainqueur.', en: 'The host closes the paused game with the current ranking (§7.2): still tied, the game ends without a winner.' };
  return { fr: `${head.fr} Classement : ${places('fr')}.`, en: `${head.en} Ranking: ${places('en')}.` };
}

const FLOW_MSG: Record<'defaulted' | 'consent' | 'consent-refused' | 'closed' | 'abandoned', (e: any, who: Who) => Localized> = {
  closed: closedMsg,
  abandoned: () => ({ fr: 'L’hôte déclare la partie en pause abandonnée (§9.1) : elle s’achève sans vainqueur ni classement, et ne compte pas au classement permanent.', en: 'The host declares the paused game abandoned (§9.1): it ends with no winner and no ranking, and does not count in the permanent ranking.' }),
  defaulted: (e: { kind: keyof typeof DECISIONS; baron: BaronId }, who: Who) => fill({ fr: 'La réponse de {b} ne pouvait s’appliquer : la réponse par défaut (n° {n}) s’applique.', en: '{b}’s answer could not apply: the default answer (#{n}) applies.' }, { b: who(e.baron), n: DECISIONS[e.kind].n }),
  consent: (e: { kind: string; baron: BaronId; allow: boolean }, who: Who) => fill(e.allow ? { fr: '{b} donne son accord.', en: '{b} consents.' } : { fr: '{b} refuse son accord.', en: '{b} refuses his consent.' }, { b: who(e.baron) }),
  'consent-refused': (e: { baron: BaronId }, who: Who) => fill({ fr: 'Sans les accords demandés, la carte revient à {b}.', en: 'Without the consents asked, the card goes back to {b}.' }, { b: who(e.baron) }),
};

/**
 * One event as a sentence, each baron named by `who`: the reports pass the seats' names
 * (`baronName(g.names)`), as the platform's pages name the players; by default the barons' own names.
 */
export function eventLine(e: FlowEvent, lang: Lang, who: Who = baronName(undefined)): string {
  const f = (FLOW_MSG as Record<string, ((x: unknown, who: Who) => Localized) | undefined>)[e.t];
  if (f) return f(e, who)[lang];
  // §7.4: a free law's text is the players' own writing: in the Markdown report it stays text, never markup
  const x = 'text' in e && typeof e.text === 'string' ? { ...e, text: mdText(e.text) } : e;
  return renderEvent(x as never, lang, who);
}

/** A player's text as Markdown text: a backslash before each character that could open markup (and a list marker at its start). */
export const mdText = (text: string): string =>
  text.replace(/[\\`*_[\]<>|#~&!()]/g, (c) => `\\${c}`).replace(/^(\d+)([.)])/, '$1\\$2').replace(/^([-+=])/, '\\$1');

export function renderReport(g: WkGame, events: FlowEvent[], player: string, lang: Lang): string {
  const fr = lang === 'fr';
  const s = g.wk;
  // the setup's steps (turn 0) are headed as the setup, not as a "turn 0" the rules do not have
  const head = s.turn === 0 ? (fr ? '## Mise en place' : '## Setup') : fr ? `## Tour ${s.turn}` : `## Turn ${s.turn}`;
  const lines = events.map((e) => `- ${eventLine(e, lang, baronName(g.names))}`);
  const me = (s.players as string[]).includes(player) ? s.barons[player as BaronId] : null;
  const mine = me ? [fr ? `Vous : ${me.crowns} couronnes, ${me.votes} voix, ${me.faith} foi, ${me.influence} influence.` : `You: ${me.crowns} crowns, ${me.votes} votes, ${me.faith} Faith, ${me.influence} Influence.`] : [];
  return [head, '', ...(lines.length ? lines : [fr ? '- Rien de public.' : '- Nothing public.']), '', ...mine].join('\n').trim() + '\n';
}
