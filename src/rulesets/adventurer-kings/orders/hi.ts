/**
 * HI — hire a wandering Hero (S4.4.4, §5.5, §15.13d; G-10, §13.1). `HI 52 pour 3`: any character
 * may offer 1 to 4 écus to a wandering Hero in the same province; if the Hero's wage is at most
 * the offer he enters service at his wage (paid at once, and at each end of turn), and can be
 * given orders from the next phase. A quote above 4 (or a refusal to serve a special-alignment
 * King) cannot be overcome by HI.
 */
import { resolveConfig } from '../config.ts';
import { enterService, heroWage } from '../kingdom/heroes.ts';
import { kscratch } from '../kingdom/util.ts';
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { nobodyHere } from './absent.ts';

export interface HireValue { hero: number; offer: number }

const SEPARATORS = new Set(['pour', 'for', 'à', 'a', 'at', '=']);

export const HI: OrderSpec<HireValue> = {
  code: 'HI',
  syntax: 'HI <character> pour <écus>',
  label: { fr: 'Engager un Héros', en: 'Hire a Hero' },
  parse(args, env) {
    const words = args.filter((w) => !SEPARATORS.has(w.toLowerCase()));
    const hero = Number(words[0]);
    const offer = Number(words[1]);
    const { minOffer: min, maxOffer: max } = resolveConfig(env.s.config).kingdom.hiring;
    if (words.length !== 2 || !Number.isInteger(hero) || hero < 1 || !Number.isInteger(offer)) {
      return { error: { fr: 'HI attend un personnage et une offre, par exemple « HI 52 pour 3 »', en: 'HI expects a character and an offer, e.g. "HI 52 for 3"' } };
    }
    if (offer < min || offer > max) {
      return { error: { fr: `l’offre doit être de ${min} à ${max} écus`, en: `the offer must be ${min} to ${max} écus` } };
    }
    // Any positive number: execution fails alike for "nobody here" and "nobody at all" (fog of war, S8.1).
    if (hero === env.char.id) return { error: { fr: 'on ne s’engage pas soi-même', en: 'a character cannot hire himself' } };
    return { value: { hero, offer } };
  },
  format: (v) => `HI ${v.hero} pour ${v.offer}`,
  execute(ctx, char, v, order) {
    const k = char.kingdom;
    const hero = ctx.s.characters[v.hero];
    if (k === null) return;
    const kingdom = ctx.s.kingdoms[k]!;
    if (!hero || !hero.alive || hero.province !== char.province) {
      return orderFailed(ctx, char, order, nobodyHere(v.hero));
    }
    if (hero.role === 'RulingHero') {
      return orderFailed(ctx, char, order, { fr: 'un Héros qui règne sur sa province ne s’engage pas avant d’avoir été chassé de son trône', en: 'a ruling Hero cannot be hired before he is driven from his throne' });
    }
    if (hero.role !== 'WanderingHero') {
      return orderFailed(ctx, char, order, { fr: 'ce personnage n’est pas un Héros errant', en: 'this character is not a wandering Hero' });
    }
    const cfg = ctx.cfg.kingdom.hiring;
    const wage = heroWage(ctx.s, cfg, hero, k, ctx.rng);
    if (wage === null || wage > cfg.maxOffer) {
      ctx.emit({ t: 'hire-refused', to: [k], who: char.id, at: char.province, hero: hero.id, offer: v.offer, tooFar: true });
      return;
    }
    if (wage > v.offer) {
      ctx.emit({ t: 'hire-refused', to: [k], who: char.id, at: char.province, hero: hero.id, offer: v.offer, tooFar: false });
      return;
    }
    if (kingdom.treasury < wage) {
      return orderFailed(ctx, char, order, { fr: `le trésor ne peut payer les ${wage} écus de ses gages`, en: `the treasury cannot pay his wage of ${wage} écus` });
    }
    kingdom.treasury -= wage;
    const sc = kscratch(ctx);
    sc.hiring[k] = (sc.hiring[k] ?? 0) + wage;
    enterService(ctx, hero, k, wage);
    ctx.emit({ t: 'hero-hired', to: [k], who: char.id, at: char.province, hero: hero.id, wage, offer: v.offer, from: ctx.phase + 1 });
  },
};
