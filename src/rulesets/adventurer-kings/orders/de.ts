/**
 * DE — defend a province (S4.4.1, §5.2; G-42; TV-47). `DE 305`: the centre of a zone of 7
 * provinces, within distance 2 of the general. For the rest of the turn he reacts to invasions
 * of provinces adjacent both to the centre (or the centre itself) and to his own position, moving
 * there at the end of the phase before the battle (armies/defend.ts). MO, PU or TR cancel it.
 */
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { resolveConfig } from '../config.ts';
import { distance } from '../world/geometry.ts';
import { ledBy } from '../armies/relations.ts';
import { scratchOf } from '../armies/types.ts';

export interface DefendValue { centre: number }

export const DE: OrderSpec<DefendValue> = {
  code: 'DE',
  syntax: 'DE <province>',
  label: { fr: 'Défendre', en: 'Defend' },
  parse(args, env) {
    const centre = Number(args[0]);
    if (args.length !== 1 || !Number.isInteger(centre)) return { error: { fr: 'DE attend une province, par exemple « DE 305 »', en: 'DE expects a province, e.g. "DE 305"' } };
    if (!env.s.provinces[centre]) return { error: { fr: `aucune province n° ${centre}`, en: `no province number ${centre}` } };
    return { value: { centre } };
  },
  format: (v) => `DE ${v.centre}`,
  execute(ctx, char, v, order) {
    const range = resolveConfig(ctx.s.config).armies.defendRange;
    if (distance(char.province, v.centre) > range) {
      return orderFailed(ctx, char, order, { fr: `le centre à défendre doit être à ${range} provinces au plus`, en: `the centre to defend must be within ${range} provinces` });
    }
    if (!ledBy(ctx.s, char).length) {
      return orderFailed(ctx, char, order, { fr: 'il ne commande aucune armée', en: 'he leads no armies' });
    }
    char.standing = { ...(char.standing ?? {}), defend: v.centre };
    scratchOf(ctx).deSet[char.id] = ctx.phase;
    ctx.emit({ t: 'defend-set', to: char.kingdom === null ? [] : [char.kingdom], who: char.id, at: v.centre });
  },
};
