/**
 * FI — fire (dismiss) a Hero (S4.4.19, §5.20; G-10, G-12). `FI 52`: a King may fire one of his
 * Heroes anywhere; another character only a Hero in his own province. The Hero returns to private
 * life as a wandering Hero, keeping his items; his armies become garrison (own province) or
 * mercenaries.
 */
import { leaveService } from '../kingdom/heroes.ts';
import { isKing } from '../kingdom/util.ts';
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';

export const FI: OrderSpec<number> = {
  code: 'FI',
  syntax: 'FI <character>',
  label: { fr: 'Renvoyer un Héros', en: 'Fire a Hero' },
  parse(args) {
    const id = Number(args[0]);
    if (args.length !== 1 || !Number.isInteger(id) || id < 1) {
      return { error: { fr: 'FI attend le numéro d’un Héros, par exemple « FI 52 »', en: 'FI expects a Hero number, e.g. "FI 52"' } };
    }
    // Any positive number: execution fails alike for a stranger and a number that exists nowhere (fog of war, S8.1).
    return { value: id };
  },
  format: (v) => `FI ${v}`,
  execute(ctx, char, id, order) {
    const k = char.kingdom;
    const hero = ctx.s.characters[id];
    if (k === null) return;
    if (!hero || hero.kingdom !== k || hero.role !== 'HeroInService' || hero.id === char.id) {
      return orderFailed(ctx, char, order, { fr: 'ce personnage n’est pas un Héros au service du royaume', en: 'this character is not a Hero in the kingdom’s service' });
    }
    if (!isKing(ctx.s, char) && hero.province !== char.province) {
      return orderFailed(ctx, char, order, { fr: 'seul le Roi peut renvoyer un Héros qui n’est pas dans sa province', en: 'only the King can fire a Hero who is not in his province' });
    }
    const released = leaveService(ctx, hero);
    ctx.emit({ t: 'hero-fired', to: [k], who: char.id, at: hero.province, hero: hero.id, armies: released, dead: !hero.alive });
  },
};
