/**
 * SP — Spy on the character's province (§5.7, §3.4.8c, Table 15.5, S4.4.6).
 *
 * Exact: the owner, the owners of the adjacent provinces, the recruitable armies, whether it is
 * a capital, and the events of the province during this phase (shared at the end of the phase,
 * knowledge/spy.ts). Approximate (G-47, margin by Spy level): the tax level, and once per turn
 * per province the military forces and characters present. In a province of another kingdom,
 * 10 % × max(1, Sa) to steal one of its inventions (G-48); the victim is not told.
 * 10 % Spy experience (Table 15.7). Spying gives the stealth roll for the turn (G-100).
 */
import type { OrderSpec } from '../turn/context.ts';
import { talent } from '../characters.ts';
import { provinceKnowledge, refreshOwner } from '../knowledge/knowledge.ts';
import { approximate, knowledgeScratch, militaryReport, spyMargin } from '../knowledge/spy.ts';
import { tryImprove } from '../kingdom/training.ts';
import { addInvention } from '../kingdom/discoveries.ts';
import { neighbours } from '../world/geometry.ts';
import { formatHere, isHere, parseHere, type HereValue } from './here.ts';

export type SpValue = HereValue;

export const SP: OrderSpec<SpValue> = {
  code: 'SP',
  syntax: 'SP',
  label: { fr: 'Espionner la province', en: 'Spy on the province' },
  parse: (args) => parseHere(args, { fr: "SP s'écrit seul : il espionne la province où se trouve le personnage", en: 'SP takes no argument: it spies the province where the character is' }),
  format: (v) => formatHere('SP', v),
  execute(ctx, char, value, order) {
    if (char.kingdom === null) return;
    const s = ctx.s;
    const where = char.province;
    if (!isHere(ctx, char, value, order)) return;
    const kingdom = char.kingdom;
    const prov = s.provinces[where]!;
    const at = { turn: s.turn, phase: ctx.phase };
    const sc = knowledgeScratch(ctx);
    ((sc.spied[kingdom] ??= {})[where] ??= []).push(ctx.phase);
    // Exact items (G-47).
    refreshOwner(s, kingdom, where, at);
    for (const q of neighbours(where)) refreshOwner(s, kingdom, q, at);
    const pk = provinceKnowledge(s, kingdom, where);
    pk.types = [...prov.types];
    // G-47 exact: capital or not. `capital.of` null records "known not to be a capital" (absent = unknown).
    if (prov.capitalOf !== undefined) pk.capitalOf = prov.capitalOf;
    else delete pk.capitalOf;
    pk.capital = { of: prov.capitalOf ?? null, asOf: at };
    // Approximate tax level (G-47).
    const m = spyMargin(ctx, char);
    const tax = approximate(ctx.rng, prov.taxBase, m);
    pk.spiedTax = { value: tax, asOf: at };
    // Military report, once per turn per province.
    const report = militaryReport(ctx, char, where);
    // Inventions of the province's owner, and perhaps one stolen (G-48).
    let inventions: string[] | undefined;
    let stolen: string | undefined;
    const victim = prov.owner !== null && prov.owner !== kingdom ? s.kingdoms[prov.owner] : undefined;
    if (victim) {
      inventions = [...victim.inventions];
      const mine = s.kingdoms[kingdom]!;
      const unknown = victim.inventions.filter((v) => !mine.inventions.includes(v));
      const chance = (ctx.cfg.knowledge.inventionTheftPerSa * Math.max(1, talent(s, char, 'Sa'))) / 100;
      if (unknown.length > 0 && ctx.rng.chance(chance)) {
        stolen = ctx.rng.pick(unknown);
        addInvention(s, kingdom, stolen); // kept in exchange-priority order (G-06)
        char.merit.Chancellor = (char.merit.Chancellor ?? 0) + ctx.cfg.knowledge.inventionTheftMerit;
      }
    }
    const owners = [where, ...neighbours(where)].map((p) => ({ province: p, owner: s.provinces[p]!.owner, ...(s.provinces[p]!.ruler !== undefined ? { ruler: s.provinces[p]!.ruler } : {}) }));
    ctx.emit({
      t: 'spy', to: [kingdom], who: char.id, at: where, owners, tax, margin: Math.round(m * 100), types: [...prov.types],
      capitalOf: prov.capitalOf ?? null, ...(report ? { report } : {}), ...(inventions ? { inventions } : {}), ...(stolen ? { stolen } : {}),
    });
    tryImprove(ctx, char, 'Sp', ctx.cfg.knowledge.spyExperience * 100, 'spy');
  },
};
