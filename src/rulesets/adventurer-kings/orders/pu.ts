/**
 * PU — pursue a character (§5.14, Table 15.5, G-54), or patrol when the target is the
 * character himself (§5.15, G-55). OWNER: encounters helper.
 */
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { pursueStep, startPatrol } from '../encounters/pursuit.ts';
import { knowsCharacter, noTrace, positiveId } from './absent.ts';

export const PU: OrderSpec<number> = {
  code: 'PU',
  syntax: 'PU <personnage>',
  label: { fr: 'Poursuivre (ou patrouiller)', en: 'Pursue (or patrol)' },
  plan: true,
  parse(args, env) {
    if (args.length !== 1 || positiveId(args[0]) === null) return { error: { fr: 'PU attend un numéro de personnage', en: 'PU needs a character number' } };
    const id = Number(args[0]);
    // Any positive number is accepted: whether it names a character (or a site) is checked at execution,
    // with one message for "elsewhere" and "nowhere" (orders/absent.ts; fog of war, S8.1).
    if (id === env.char.id && env.char.role === 'King') return { error: { fr: 'un Roi ne patrouille pas', en: 'a King cannot patrol' } };
    return { value: id };
  },
  format: (v) => `PU ${v}`,
  execute(ctx, char, value, order) {
    if (value === char.id) {
      if (!startPatrol(ctx, char)) orderFailed(ctx, char, order, { fr: 'seul un Héros sans armées peut patrouiller', en: 'only a Hero without armies can patrol' });
      return;
    }
    // The trail starts from what the kingdom knows (S4.4.13 "the target's last known position"): a character
    // it has never seen fails like a number that exists nowhere (fog of war, S8.1).
    if (!knowsCharacter(ctx.s, char, value)) return orderFailed(ctx, char, order, noTrace(value));
    if (char.standing?.patrol) delete char.standing.patrol;
    pursueStep(ctx, char, value, order.plan ?? []);
  },
};
