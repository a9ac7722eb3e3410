/**
 * TR — track a character (§5.18, Table 15.5, G-54, S8.4). OWNER: encounters helper.
 */
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { trackStep } from '../encounters/pursuit.ts';
import { leadsArmies } from '../encounters/combatant.ts';

export const TR: OrderSpec<number> = {
  code: 'TR',
  syntax: 'TR <personnage>',
  label: { fr: 'Pister un personnage', en: 'Track a character' },
  parse(args, env) {
    if (args.length !== 1 || !/^\d+$/.test(args[0] ?? '')) return { error: { fr: 'TR attend un numéro de personnage', en: 'TR needs a character number' } };
    const id = Number(args[0]);
    if (!env.s.characters[id]) return { error: { fr: `personnage ${id} inconnu`, en: `unknown character ${id}` } };
    if (id === env.char.id) return { error: { fr: 'on ne se piste pas soi-même', en: 'one cannot track oneself' } };
    return { value: id };
  },
  format: (v) => `TR ${v}`,
  execute(ctx, char, value, order) {
    if (leadsArmies(ctx, char)) {
      orderFailed(ctx, char, order, { fr: 'un personnage qui mène des armées ne peut pas pister', en: 'a character leading armies cannot track' });
      return;
    }
    if (char.standing?.patrol) delete char.standing.patrol;
    trackStep(ctx, char, value);
  },
};
