/**
 * TR — track a character (§5.18, Table 15.5, G-54, S8.4). OWNER: encounters helper.
 */
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { trackStep } from '../encounters/pursuit.ts';
import { leadsArmies } from '../encounters/combatant.ts';
import { knowsCharacter, noTrace, positiveId } from './absent.ts';

export const TR: OrderSpec<number> = {
  code: 'TR',
  syntax: 'TR <personnage>',
  label: { fr: 'Pister un personnage', en: 'Track a character' },
  parse(args, env) {
    if (args.length !== 1 || positiveId(args[0]) === null) return { error: { fr: 'TR attend un numéro de personnage', en: 'TR needs a character number' } };
    const id = Number(args[0]);
    // Any positive number is accepted: whether it names a character (or a site) is checked at execution,
    // with one message for "elsewhere" and "nowhere" (orders/absent.ts; fog of war, S8.1).
    if (id === env.char.id) return { error: { fr: 'on ne se piste pas soi-même', en: 'one cannot track oneself' } };
    return { value: id };
  },
  format: (v) => `TR ${v}`,
  execute(ctx, char, value, order) {
    // As PU: only a character the kingdom knows leaves a trail to follow (fog of war, S8.1).
    if (!knowsCharacter(ctx.s, char, value)) return orderFailed(ctx, char, order, noTrace(value));
    if (leadsArmies(ctx, char)) {
      orderFailed(ctx, char, order, { fr: 'un personnage qui mène des armées ne peut pas pister', en: 'a character leading armies cannot track' });
      return;
    }
    if (char.standing?.patrol) delete char.standing.patrol;
    trackStep(ctx, char, value);
  },
};
