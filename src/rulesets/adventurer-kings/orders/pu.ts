/**
 * PU — pursue a character (§5.14, Table 15.5, G-54), or patrol when the target is the
 * character himself (§5.15, G-55). OWNER: encounters helper.
 */
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { pursueStep, startPatrol } from '../encounters/pursuit.ts';

export const PU: OrderSpec<number> = {
  code: 'PU',
  syntax: 'PU <personnage>',
  label: { fr: 'Poursuivre (ou patrouiller)', en: 'Pursue (or patrol)' },
  plan: true,
  parse(args, env) {
    if (args.length !== 1 || !/^\d+$/.test(args[0] ?? '')) return { error: { fr: 'PU attend un numéro de personnage', en: 'PU needs a character number' } };
    const id = Number(args[0]);
    if (!env.s.characters[id]) return { error: { fr: `personnage ${id} inconnu`, en: `unknown character ${id}` } };
    if (id === env.char.id && env.char.role === 'King') return { error: { fr: 'un Roi ne patrouille pas', en: 'a King cannot patrol' } };
    return { value: id };
  },
  format: (v) => `PU ${v}`,
  execute(ctx, char, value, order) {
    if (value === char.id) {
      if (!startPatrol(ctx, char)) orderFailed(ctx, char, order, { fr: 'seul un Héros sans armées peut patrouiller', en: 'only a Hero without armies can patrol' });
      return;
    }
    if (char.standing?.patrol) delete char.standing.patrol;
    pursueStep(ctx, char, value, order.plan ?? []);
  },
};
