/**
 * SE — search a site (§5.10, §15.13c, G-52): face its guardian alone with the order's plan;
 * win → treasure (gold to the treasury, items to the character), site cleared; SC activates or
 * describes the site's special event (§6.4, G-19). OWNER: encounters helper.
 */
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { searchSite } from '../encounters/search.ts';
import { positiveId } from './absent.ts';

export const SE: OrderSpec<number> = {
  code: 'SE',
  syntax: 'SE <site>',
  label: { fr: 'Fouiller un lieu', en: 'Search a site' },
  plan: true,
  parse(args) {
    const id = positiveId(args[0]);
    if (args.length !== 1 || id === null) return { error: { fr: 'SE attend un numéro de lieu', en: 'SE needs a site number' } };
    // Any positive number: searchSite fails alike for "no such site" and "not here" (fog of war, S8.1).
    return { value: id };
  },
  format: (v) => `SE ${v}`,
  execute(ctx, char, value, order) {
    const r = searchSite(ctx, char, value, order.plan ?? []);
    if (r) orderFailed(ctx, char, order, r);
  },
};
