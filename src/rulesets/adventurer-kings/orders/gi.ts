/**
 * GI — give an item, or gold (S4.4.3, §5.4; G-44; TV-22, TV-23). `GI 31 à 25 [contre 40]`.
 * At execution, the number is an item if the giver holds an item with that id, otherwise an
 * amount of gold (Kings only, to a character of another kingdom, within the turn's limit).
 * Giver and receiver must be in the same province.
 */
import { conditionalGive, giveGold, giveItem, type GiveValue } from '../kingdom/gifts.ts';
import { isKing } from '../kingdom/util.ts';
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { nobodyHere } from './absent.ts';

const TO = new Set(['à', 'a', 'to', '->']);
const AGAINST = new Set(['contre', 'against', 'for', 'pour']);

const SYNTAX_ERROR = { fr: 'GI attend « GI (objet ou écus) à (personnage) [contre (objet)] », par exemple « GI 31 à 25 »', en: 'GI expects "GI (item or écus) to (character) [against (item)]", e.g. "GI 31 to 25"' };

export const GI: OrderSpec<GiveValue> = {
  code: 'GI',
  syntax: 'GI <item|écus> à <character> [contre <item>]',
  label: { fr: 'Donner', en: 'Give' },
  parse(args, env) {
    const words = args.map((w) => w.toLowerCase());
    const cut = words.findIndex((w) => AGAINST.has(w));
    const head = (cut < 0 ? words : words.slice(0, cut)).filter((w) => !TO.has(w));
    const tail = cut < 0 ? [] : words.slice(cut + 1);
    const n = Number(head[0]);
    const to = Number(head[1]);
    if (head.length !== 2 || !Number.isInteger(n) || !Number.isInteger(to) || n < 1 || to < 1) return { error: SYNTAX_ERROR };
    let against: number | undefined;
    if (cut >= 0) {
      against = Number(tail[0]);
      if (tail.length !== 1 || !Number.isInteger(against)) return { error: SYNTAX_ERROR };
    }
    if (to === env.char.id) return { error: { fr: 'on ne se donne rien à soi-même', en: 'a character cannot give to himself' } };
    // Any positive number: execution fails alike for "not here" and "nobody at all" (fog of war, S8.1).
    return { value: against === undefined ? { n, to } : { n, to, against } };
  },
  format: (v) => `GI ${v.n} à ${v.to}${v.against === undefined ? '' : ` contre ${v.against}`}`,
  execute(ctx, char, v, order) {
    const target = ctx.s.characters[v.to];
    if (!target || !target.alive || target.province !== char.province) {
      return orderFailed(ctx, char, order, nobodyHere(v.to));
    }
    // TV-23: an item if he holds one with that number, otherwise gold.
    if (char.items.includes(v.n)) {
      if (v.against !== undefined) return conditionalGive(ctx, char, target, v, order);
      giveItem(ctx, char, target, v.n); // completes a conditional give that awaited this item (S4.4.3)
      return;
    }
    if (v.against !== undefined) {
      return orderFailed(ctx, char, order, { fr: `${char.name} ne possède pas l’objet ${v.n}`, en: `${char.name} does not hold item ${v.n}` });
    }
    if (!isKing(ctx.s, char)) {
      return orderFailed(ctx, char, order, { fr: `${char.name} ne possède pas l’objet ${v.n}, et seul le Roi peut donner des écus`, en: `${char.name} does not hold item ${v.n}, and only the King can give écus` });
    }
    if (target.kingdom === char.kingdom) {
      return orderFailed(ctx, char, order, { fr: 'l’or ne se donne qu’à un personnage d’un autre royaume', en: 'gold can only be given to a character of another kingdom' });
    }
    giveGold(ctx, char, target, v.n, order);
  },
};
