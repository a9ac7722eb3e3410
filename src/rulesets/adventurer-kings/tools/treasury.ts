/**
 * The treasury planner ("Grand Argentier"): the kingdom's treasury at the end of this turn, from
 * the kingdom domain's own end-of-turn functions (kingdom/economy.ts): the income of the provinces
 * owned now (`provinceIncome`: tax base, Bless / Earthquake, the capital's crop rotation, monster
 * ravaging; `inventionIncome`), then the expenses in the order of TV-29 (`payroll`, `armyRoll`,
 * `payInOrder`, `armyUpkeep`: Heroes first, then armies in ascending id, each paid in full or not
 * at all). The money orders of the sheet being written are counted on the way: recruitments (RE,
 * their cost now and their upkeep at the end of the turn), hires (HI, at the offer: the most the
 * Hero may ask), gold gifts (GI by the King), dismissals (FI) and dispersals (DI).
 *
 * Pure: the state is only read; what the player may not know is not used (his own provinces,
 * characters and armies are his to know).
 */
import type { Lang, ToolDoc, ToolForm, ViewSection } from '../../../engine/ruleset.ts';
import { createRng } from '../../../engine/rng.ts';
import { armyUpkeep } from '../armies/upkeep.ts';
import { HUMANOID_RACES, HUMANOID_TYPES, recruitLimits } from '../armies/recruit.ts';
import { ledBy } from '../armies/relations.ts';
import { typeRow } from '../armies/types.ts';
import { resolveConfig } from '../config.ts';
import { armyRoll, inventionIncome, payInOrder, payroll, provinceIncome } from '../kingdom/economy.ts';
import { giftLimit } from '../kingdom/gifts.ts';
import { provinceLabel } from '../report/env.ts';
import { ARMY_TYPE_NAMES } from '../report/names.ts';
import type { AKState, Army, ArmyType, Province } from '../state.ts';
import type { AKSheet, SlotOrder } from '../turn/context.ts';
import { createCtx } from '../turn/turn.ts';
import { choiceField, fmtInt, Inputs, L } from './common.ts';

export type Magic = 'none' | 'bless' | 'quake';

export interface ProvinceLine { province: number; base: number; tax: number; ravaged: boolean; magic: Magic }
export interface Payee { kind: 'hero' | 'army'; id: number; label: string; due: number; paid: boolean; planned: boolean }

export interface TreasuryPlan {
  start: number;
  /** Spent during the turn by the sheet's orders (recruitments, hires, gifts), in sheet order. */
  orders: { text: string; who: string; cost: number; failed: boolean }[];
  beforeIncome: number;
  provinces: ProvinceLine[];
  taxes: number;
  inventions: number;
  afterIncome: number;
  heroes: Payee[];
  armies: Payee[];
  wages: number;
  upkeep: number;
  end: number;
  notes: string[];
}

/** The orders of the sheet in the order they would run: phase by phase, characters in id order (initiative aside). */
function sheetOrders(s: AKState, k: number, sheet: AKSheet | null): { char: number; phase: number; order: SlotOrder }[] {
  const out: { char: number; phase: number; order: SlotOrder }[] = [];
  if (!sheet || typeof sheet !== 'object' || !sheet.characters || typeof sheet.characters !== 'object') return out;
  const ids = Object.keys(sheet.characters).map(Number).filter((id) => s.characters[id]?.kingdom === k && s.characters[id]!.alive).sort((a, b) => a - b);
  for (let phase = 1; phase <= 5; phase++) {
    for (const id of ids) {
      const o = sheet.characters[id]?.phases?.[phase - 1];
      if (o && typeof o === 'object' && typeof o.code === 'string') out.push({ char: id, phase, order: o });
    }
  }
  return out;
}

/** The plan: what the treasury becomes through the turn and its end (income, then wages and upkeep). */
export function planTreasury(s: AKState, k: number, sheet: AKSheet | null, magic: Record<number, Magic>, lang: Lang): TreasuryPlan {
  const cfg = resolveConfig(s.config);
  const kd = s.kingdoms[k]!;
  const prov = (id: number) => provinceLabel(s, k, id);
  const notes: string[] = [];
  let t = kd.treasury;
  const orders: TreasuryPlan['orders'] = [];
  const fired = new Set<number>();
  const dispersed = new Set<number>();
  const hired: { id: number; wage: number; name: string }[] = [];
  const recruited: Army[] = [];
  let nextArmy = s.next.army;
  let given = 0;
  const recruitedHere = new Map<string, number>();
  for (const { char, order } of sheetOrders(s, k, sheet)) {
    const c = s.characters[char]!;
    const v = order.value as any;
    const text = typeof order.text === 'string' ? order.text : order.code;
    if (order.code === 'RE' && v && Array.isArray(v.types)) {
      // recruit.ts: the type's pay, double for an imported type, +1 in an ally's province; at the character's present province.
      const p = s.provinces[c.province]!;
      const mineHere = p.owner === k;
      const allied = p.owner !== null && !mineHere && kd.relations[p.owner] === 'Allied';
      const humanoid = p.race !== null && HUMANOID_RACES.includes(p.race);
      const commander = v.commander;
      const forUs = commander === 'GC' || s.characters[commander]?.kingdom === k;
      for (const type of v.types as ArmyType[]) {
        if (!ARMY_TYPE_NAMES[type]) continue;
        let cost = typeRow(cfg.armies, type).pay;
        const native = p.types.includes(type) || (type === 'GA' && humanoid);
        if (!native) {
          // Imported: only a type the recruiter already leads, humanoid, in a humanoid province.
          if (!(humanoid && HUMANOID_TYPES.includes(type) && ledBy(s, c).some((a) => a.type === type))) {
            orders.push({ text: `${text} (${type})`, who: c.name, cost: 0, failed: true });
            continue;
          }
          cost *= cfg.armies.importCostFactor;
        }
        if (allied) cost += cfg.armies.allyRecruitFee;
        if (!mineHere && !allied) {
          orders.push({ text: `${text} (${type})`, who: c.name, cost: 0, failed: true });
          notes.push(L(lang, `${c.name} : « ${text} » ne peut lever d’armées à ${prov(c.province)} (ni à vous ni à un allié), sauf mercenaires ; rien n’est compté.`,
            `${c.name}: "${text}" cannot raise armies in ${prov(c.province)} (neither yours nor an ally’s), mercenaries aside; nothing is counted.`));
          break;
        }
        // The per-turn limits of the province (§5.16, G-53): garrisons, each native type, all natives.
        const lim = recruitLimits(s, cfg.armies, p, k);
        const key = `${p.id}/${type}`;
        const n = recruitedHere.get(key) ?? 0;
        const natives = [...recruitedHere].filter(([x]) => x.startsWith(`${p.id}/`) && !x.endsWith('/GA')).reduce((x, [, m]) => x + m, 0);
        if (type === 'GA' ? n >= lim.garrison : n >= lim.perType || natives >= lim.budget) {
          orders.push({ text: `${text} (${type})`, who: c.name, cost: 0, failed: true });
          notes.push(L(lang, `${c.name} : limite de recrutement atteinte pour ${type} à ${prov(p.id)} ; rien n’est compté.`, `${c.name}: recruitment limit reached for ${type} in ${prov(p.id)}; nothing is counted.`));
          continue;
        }
        recruitedHere.set(key, n + 1);
        if (t < cost) {
          orders.push({ text: `${text} (${type})`, who: c.name, cost, failed: true });
          notes.push(L(lang, `${c.name} : le trésor (${fmtInt(t, lang)}) ne suffirait pas pour ${type} (${fmtInt(cost, lang)}) ; le recrutement s’arrêterait là.`,
            `${c.name}: the treasury (${fmtInt(t, lang)}) would not cover ${type} (${fmtInt(cost, lang)}); the recruitment would stop there.`));
          break;
        }
        t -= cost;
        orders.push({ text: `${text} (${type})`, who: c.name, cost, failed: false });
        if (forUs) recruited.push({ id: nextArmy++, type, race: p.race ?? 'Human', quality: 1, kingdom: k, status: commander === 'GC' ? 'Garrison' : 'Led', province: p.id, mpUsed: 0 });
      }
    } else if (order.code === 'HI' && v && Number.isInteger(v.hero) && Number.isInteger(v.offer)) {
      // The wage is at most the offer; counted at the offer (paid at once and again at the end of the turn).
      const wage = v.offer as number;
      if (hired.some((h) => h.id === v.hero)) continue;
      if (t < wage) {
        orders.push({ text, who: c.name, cost: wage, failed: true });
        notes.push(L(lang, `${c.name} : le trésor (${fmtInt(t, lang)}) ne pourrait payer ${fmtInt(wage, lang)} écus de gages (« ${text} »).`, `${c.name}: the treasury (${fmtInt(t, lang)}) could not pay a wage of ${fmtInt(wage, lang)} écus ("${text}").`));
        continue;
      }
      t -= wage;
      orders.push({ text, who: c.name, cost: wage, failed: false });
      const seen = s.knowledge[k]?.characters[v.hero]?.name;
      hired.push({ id: v.hero, wage, name: seen ?? `#${v.hero}` });
    } else if (order.code === 'GI' && v && Number.isInteger(v.n) && c.role === 'King' && !c.items.includes(v.n)) {
      // Gold, from the King only, within the turn's limit (TV-22).
      const amount = Math.min(v.n as number, giftLimit(cfg.kingdom.gifts, kd.treasury, t, given));
      if (amount < v.n) notes.push(L(lang, `« ${text} » : le don d’or est limité à ${fmtInt(amount, lang)} écus ce tour.`, `"${text}": the gift of gold is limited to ${fmtInt(amount, lang)} écus this turn.`));
      if (amount <= 0) { orders.push({ text, who: c.name, cost: 0, failed: true }); continue; }
      t -= amount;
      given += amount;
      orders.push({ text, who: c.name, cost: amount, failed: false });
    } else if (order.code === 'FI' && Number.isInteger(v)) {
      if (s.characters[v]?.kingdom === k && s.characters[v]!.role === 'HeroInService') fired.add(v);
    } else if (order.code === 'DI') {
      const list = v === 'all' ? Object.values(s.armies).filter((a) => a.leader === c.id).map((a) => a.id) : Array.isArray(v) ? v : [];
      for (const id of list) if (s.armies[id]?.kingdom === k) dispersed.add(id);
    }
  }
  const beforeIncome = t;

  // d. Income: the provinces owned now, as the referee counts them (magic as the form says).
  const ctx = createCtx(s, {}, createRng('treasury', 'planner'));
  const provinces: ProvinceLine[] = [];
  let taxes = 0;
  for (const id of Object.keys(s.provinces).map(Number).sort((a, b) => a - b)) {
    const p = s.provinces[id]!;
    if (p.owner !== k) continue;
    const m = magic[id] ?? (p.effects?.earthquake ? 'quake' : p.effects?.blessed ? 'bless' : 'none');
    const { earthquake: _e, blessed: _b, ...effects } = p.effects ?? {};
    const hyp: Province = { ...p, effects: { ...effects, ...(m === 'bless' ? { blessed: true } : {}), ...(m === 'quake' ? { earthquake: true } : {}) } };
    const inc = provinceIncome(ctx, hyp);
    taxes += inc.tax;
    provinces.push({ province: id, base: p.taxBase, tax: inc.tax, ravaged: inc.ravaged, magic: m });
  }
  const inventions = inventionIncome(s, k, taxes);
  t += taxes + inventions;
  const afterIncome = t;

  // f. Expenses: Heroes in ascending id, then armies in ascending id (TV-29), in full or not at all.
  const heroList = [
    ...payroll(s, k).filter((c) => !fired.has(c.id)).map((c) => ({ id: c.id, label: c.name, due: c.wage ?? 0, planned: false })),
    ...hired.filter((h) => !payroll(s, k).some((c) => c.id === h.id)).map((h) => ({ id: h.id, label: h.name, due: h.wage, planned: true })),
  ].sort((a, b) => a.id - b.id);
  const hp = payInOrder(t, heroList.map((h) => h.due));
  t = hp.left;
  const armyList = [...armyRoll(s, k).filter((a) => !dispersed.has(a.id)).map((a) => ({ a, planned: false })), ...recruited.map((a) => ({ a, planned: true }))]
    .sort((x, y) => x.a.id - y.a.id);
  const ap = payInOrder(t, armyList.map((x) => armyUpkeep(s, x.a)));
  t = ap.left;
  const heroes: Payee[] = heroList.map((h, i) => ({ kind: 'hero', id: h.id, label: h.label, due: h.due, paid: !hp.unpaid.includes(i), planned: h.planned }));
  const armies: Payee[] = armyList.map((x, i) => ({
    kind: 'army', id: x.a.id, label: x.planned ? `${x.a.type} (${L(lang, 'recrue', 'recruit')})` : `${x.a.id} ${x.a.type}`,
    due: armyUpkeep(s, x.a), paid: !ap.unpaid.includes(i), planned: x.planned,
  }));
  return {
    start: kd.treasury, orders, beforeIncome, provinces, taxes, inventions, afterIncome, heroes, armies,
    wages: hp.paid, upkeep: ap.paid, end: t, notes,
  };
}

// ───────────────────────────────────────────────────────────── the tool

export function runTreasuryTool(s: AKState, k: number, input: Record<string, string>, lang: Lang, pending: AKSheet | null): ToolDoc {
  const inp = new Inputs(input, lang);
  const prov = (id: number) => provinceLabel(s, k, id);
  const own = Object.values(s.provinces).filter((p) => p.owner === k).sort((a, b) => a.id - b.id);
  const options = [
    { value: 'none', label: L(lang, 'aucun', 'none') },
    { value: 'bless', label: L(lang, 'Bénédiction (× 1,6)', 'Bless (× 1.6)') },
    { value: 'quake', label: L(lang, 'Tremblement de terre (0)', 'Earthquake (0)') },
  ];
  const magic: Record<number, Magic> = {};
  for (const p of own) {
    const def = p.effects?.earthquake ? 'quake' : p.effects?.blessed ? 'bless' : 'none';
    magic[p.id] = inp.option(`m${p.id}`, `${L(lang, 'Sort sur', 'Spell on')} ${prov(p.id)}`, options, def) as Magic;
  }
  const form: ToolForm = {
    sections: [{
      title: L(lang, 'Vos provinces : sort sur la récolte de cette année', 'Your provinces: spell on this year’s harvest'),
      columns: [L(lang, 'Province', 'Province'), L(lang, 'Sort', 'Spell')],
      rows: own.map((p) => ({ label: `${prov(p.id)} (${L(lang, 'impôt', 'tax')} ${p.taxBase})`, fields: [choiceField(`m${p.id}`, `${L(lang, 'Sort sur', 'Spell on')} ${prov(p.id)}`, options, magic[p.id]!)] })),
    }],
  };
  const plan = planTreasury(s, k, pending, magic, lang);
  return { form, result: present(s, k, plan, lang), errors: inp.errors, note: note(lang) };
}

function note(lang: Lang): string {
  return L(lang,
    'Calculé avec les fonctions de l’arbitre pour la fin du tour : impôts des provinces que vous tenez aujourd’hui (Bénédiction, Tremblement de terre et ravages compris, avec les inventions), puis gages des Héros et solde des armées dans l’ordre de la règle (Héros d’abord, puis armées par numéro croissant, chacun payé en entier ou pas du tout). Les ordres de votre feuille sont comptés : RE (au coût de la province où se trouve le personnage aujourd’hui, sans mercenaires), HI (au montant offert, le plus que le Héros puisse demander), dons d’or du Roi (GI), FI et DI. Ne sont pas comptés : les conquêtes et pertes de provinces du tour, les dons reçus, les vols, les trésors trouvés.',
    'Computed with the referee’s own end-of-turn functions: taxes of the provinces you hold today (Bless, Earthquake and ravaging included, with inventions), then Heroes’ wages and armies’ pay in the rules’ order (Heroes first, then armies in ascending number, each paid in full or not at all). Your sheet’s orders are counted: RE (at the cost of the province where the character stands today, no mercenaries), HI (at the offer, the most the Hero may ask), the King’s gifts of gold (GI), FI and DI. Not counted: provinces won or lost during the turn, gifts received, thefts, treasures found.');
}

function present(s: AKState, k: number, r: TreasuryPlan, lang: Lang): { sections: ViewSection[] } {
  const int = (x: number) => fmtInt(x, lang);
  const neg = (x: number) => (x ? `−${int(x)}` : '0');
  const prov = (id: number) => provinceLabel(s, k, id);
  const sections: ViewSection[] = [];
  const spent = r.orders.reduce((x, o) => x + (o.failed ? 0 : o.cost), 0);
  sections.push({
    title: L(lang, 'Trésor de l’année', 'This year’s treasury'), kind: 'kv', rows: [
      [L(lang, 'Trésor actuel', 'Treasury now'), int(r.start)],
      [L(lang, 'Dépenses des ordres (RE, HI, GI)', 'Spent by orders (RE, HI, GI)'), neg(spent)],
      [L(lang, `Impôts (${r.provinces.length} province(s))`, `Taxes (${r.provinces.length} province(s))`), `+${int(r.taxes)}`],
      [L(lang, 'Inventions', 'Inventions'), `+${int(r.inventions)}`],
      [L(lang, 'Gages des Héros payés', 'Heroes’ wages paid'), neg(r.wages)],
      [L(lang, 'Solde des armées payée', 'Armies’ pay paid'), neg(r.upkeep)],
      [L(lang, 'Trésor attendu en fin d’année', 'Treasury expected at the end of the year'), int(r.end)],
    ],
  });
  sections.push({
    title: L(lang, 'Revenus par province', 'Income by province'), kind: 'table',
    columns: [L(lang, 'Province', 'Province'), L(lang, 'Base', 'Base'), L(lang, 'Effets', 'Effects'), L(lang, 'Impôt', 'Tax')],
    rows: r.provinces.map((p) => {
      const fx = [p.magic === 'bless' ? L(lang, 'Bénédiction', 'Bless') : p.magic === 'quake' ? L(lang, 'Tremblement de terre', 'Earthquake') : '', p.ravaged ? L(lang, 'ravagée par un monstre', 'ravaged by a monster') : ''].filter(Boolean);
      return [prov(p.province), int(p.base), fx.join(', ') || '—', int(p.tax)];
    }),
  });
  if (r.orders.length) {
    sections.push({
      title: L(lang, 'Ordres de votre feuille qui coûtent', 'Your sheet’s orders that cost money'), kind: 'table',
      columns: [L(lang, 'Personnage', 'Character'), L(lang, 'Ordre', 'Order'), L(lang, 'Coût', 'Cost')],
      rows: r.orders.map((o) => [o.who, o.text, o.failed ? L(lang, 'échouerait', 'would fail') : int(o.cost)]),
    });
  }
  const payRows = [...r.heroes, ...r.armies].map((x) => [
    x.kind === 'hero' ? L(lang, 'Héros', 'Hero') : L(lang, 'Armée', 'Army'),
    x.planned ? `${x.label} (${L(lang, 'prévu', 'planned')})` : x.label, int(x.due), x.paid ? L(lang, 'payé', 'paid') : L(lang, 'IMPAYÉ', 'UNPAID'),
  ]);
  sections.push({
    title: L(lang, 'Paiements de fin d’année (dans l’ordre)', 'End-of-year payments (in order)'), kind: 'table',
    columns: [L(lang, 'Quoi', 'What'), L(lang, 'Qui', 'Who'), L(lang, 'Dû', 'Due'), L(lang, 'Payé ?', 'Paid?')],
    rows: payRows,
  });
  const warnings = [...r.notes];
  const unpaidH = r.heroes.filter((h) => !h.paid);
  const unpaidA = r.armies.filter((a) => !a.paid);
  if (unpaidH.length) warnings.push(L(lang,
    `${unpaidH.length} Héros ne seraient pas payés (${unpaidH.map((h) => h.label).join(', ')}) : un Héros non loyal impayé peut quitter votre service.`,
    `${unpaidH.length} Hero(es) would go unpaid (${unpaidH.map((h) => h.label).join(', ')}): an unpaid Hero who is not loyal may leave your service.`));
  if (unpaidA.length) warnings.push(L(lang,
    `${unpaidA.length} armée(s) ne seraient pas payées (${unpaidA.map((a) => a.label).join(', ')}) : une armée impayée peut déserter ou perdre un niveau de qualité.`,
    `${unpaidA.length} army(ies) would go unpaid (${unpaidA.map((a) => a.label).join(', ')}): an unpaid army may desert or lose a quality level.`));
  if (warnings.length) sections.push({ title: L(lang, 'Avertissements', 'Warnings'), kind: 'table', columns: [L(lang, 'Avertissement', 'Warning')], rows: warnings.map((w) => [w]) });
  return { sections };
}
