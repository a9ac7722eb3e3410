/**
 * Prose of the events the turn itself emits (turn/turn.ts, turn/context.ts): an order not
 * carried out, the start of the turn, the seasons, validation warnings, the steward's turn.
 * `season` renders nothing: the report writes each season's opening itself (seasons.ts).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { AKEvent } from '../events.ts';
import type { MessageTable, RenderEnv } from './types.ts';

const L = (env: RenderEnv, fr: string, en: string) => (env.lang === 'fr' ? fr : en);

function reasonText(e: AKEvent, env: RenderEnv): string {
  const r = e.reason as Localized | string | undefined;
  if (!r) return '';
  return typeof r === 'string' ? r : r[env.lang] ?? r.en ?? '';
}

export const CORE_MESSAGES: MessageTable = {
  'order-failed': (e, env) => {
    const who = e.who !== undefined ? env.character(e.who) : L(env, 'Un de vos personnages', 'One of your characters');
    const order = typeof e.order === 'string' && e.order ? ` « ${e.order} »` : '';
    const orderEn = typeof e.order === 'string' && e.order ? ` "${e.order}"` : '';
    const why = reasonText(e, env);
    return L(env,
      `${who} ne put exécuter son ordre${order}${why ? ` : ${why}` : ''}.`,
      `${who} could not carry out the order${orderEn}${why ? `: ${why}` : ''}.`);
  },
  'order-invalid': (e, env) => {
    const why = reasonText(e, env);
    const line = typeof e.line === 'number' ? L(env, ` (ligne ${e.line})`, ` (line ${e.line})`) : '';
    const text = typeof e.order === 'string' && e.order ? L(env, ` « ${e.order} »`, ` "${e.order}"`) : '';
    return L(env, `Ordre refusé${line}${text}${why ? ` : ${why}` : ''}.`, `Order rejected${line}${text}${why ? `: ${why}` : ''}.`);
  },
  'turn-start': (e, env) => {
    const turn = typeof e.turn === 'number' ? e.turn : env.s.turn - 1;
    return L(env, `Ainsi commença l’année ${turn}.`, `Thus began year ${turn}.`);
  },
  season: () => '',
  'turn-end': () => '',
  caretaker: (_e, env) => L(env,
    'Faute d’ordres reçus à temps, l’intendant du royaume a gouverné à votre place, sagement et sans audace.',
    'No orders arrived in time: the steward of the kingdom governed in your stead, wisely and without daring.'),
};
