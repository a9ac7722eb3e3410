/**
 * EN — meet a character in the same province (§5.17, G-57, G-60). OWNER: encounters helper.
 */
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { meet } from '../encounters/meet.ts';
import { positiveId } from './absent.ts';

export const EN: OrderSpec<number> = {
  code: 'EN',
  syntax: 'EN <personnage>',
  label: { fr: 'Rencontrer un personnage', en: 'Meet a character' },
  plan: true,
  parse(args, env) {
    if (args.length !== 1 || positiveId(args[0]) === null) return { error: { fr: 'EN attend un numéro de personnage', en: 'EN needs a character number' } };
    const id = Number(args[0]);
    // Any positive number is accepted: whether it names a character (or a site) is checked at execution,
    // with one message for "elsewhere" and "nowhere" (orders/absent.ts; fog of war, S8.1).
    if (id === env.char.id) return { error: { fr: 'on ne se rencontre pas soi-même', en: 'one cannot meet oneself' } };
    return { value: id };
  },
  format: (v) => `EN ${v}`,
  execute(ctx, char, value, order) {
    const r = meet(ctx, char, value, order.plan ?? []);
    if (r) orderFailed(ctx, char, order, r);
  },
};
