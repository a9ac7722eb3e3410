/**
 * The "Grand Argentier" [rules §8 P-16, P-17]: the lord's economic planner. For each of his
 * territories a tax level (IMP) and a redistribution (RED), prefilled from his order sheet; the
 * tool then plays the referee's own phases on a copy of the state, with a sheet of those orders
 * and of the money orders of his sheet, and reads the result from the referee's events:
 *
 * - phases 1–3 (resolveTurn(copy, sheet, rng, 3)): rent, taxes, redistributions, in the referee's
 *   order, with its rounding, caps and funds checks (a RED the treasury cannot pay is cancelled);
 * - phases 5, 6, 10, 13, 14, 15, 16 with the sheet's LIB/DEM/CHE/ARM/AFF/TSF/GAR/ORG/ESP/FOR:
 *   levies, recruits (drawn with an RNG that always gives the top of a range, so every recruit
 *   has the highest renown he can have: the worst-case cost [T §4.5.1 tip]), jousts organised,
 *   spies, revolts, the upkeep and pay of phase 15, fortifications.
 *
 * The redistributions that keep happiness or the tax coefficient where they were are found by
 * searching over formulas.redistribution, with the values the tax leaves (from the referee's tax
 * event) and the phase-3 average happiness. Battles, movements, joust results and sales are not
 * played: they depend on other lords.
 */
import type { Lang, ToolDoc, ToolForm, ViewSection } from '../../../engine/ruleset.ts';
import { createRng, rngFromSource } from '../../../engine/rng.ts';
import { takeSnapshot } from '../context.ts';
import type { GPEvent } from '../events.ts';
import { redistribution } from '../formulas.ts';
import { formatOrder } from '../orders/parse.ts';
import type { Order, OrderCode, Sheet, SheetLine } from '../orders/types.ts';
import { describeReason, TITLE_NAMES } from '../report.ts';
import type { GPState, LordId, TerritoryId } from '../state.ts';
import { PHASES, resolveTurn } from '../turn.ts';
import { playerView } from '../view.ts';
import { fmtDec, fmtInt, Inputs, intField, L, territoryName } from './common.ts';

/** Phases played after the economy: the ones that spend or earn the lord's money without depending on other lords. */
const LATER_PHASES = [5, 6, 10, 13, 14, 15, 16];
/** The orders of the pending sheet that the later phases need (besides IMP/RED, which come from the form). */
const SHEET_CODES: ReadonlySet<OrderCode> = new Set<OrderCode>(['LIB', 'DEM', 'CHE', 'ARM', 'AFF', 'TSF', 'GAR', 'ORG', 'ESP', 'FOR']);
/** Tax levels accepted by the orders (rules §4.3.2; orders/parse.ts). */
const MAX_LEVEL = 10;

/** Draws the top of every range: a recruit gets the highest renown he may have, hence the highest cost. */
const worstCaseRng = () => rngFromSource(() => 1 - 2 ** -40);

export interface ArgentierRow {
  territory: TerritoryId;
  level: number;
  red: number;
  population: number;
  hBefore: number;
  cBefore: number;
  income: number;
  /** After the tax, before the redistribution (the referee's tax event). */
  hTaxed: number;
  cTaxed: number;
  /** After phase 3. */
  hAfter: number;
  cAfter: number;
  /** The RED actually carried out (0 if none or cancelled). */
  redDone: number;
  redCancelled: boolean;
  /** Smallest RED keeping H (resp. C) at least at its start value; null: impossible (cap). */
  redStableH: number | null;
  redStableC: number | null;
  /** Smallest RED reaching the cap (more is spent for nothing). */
  redCap: number;
}

export interface ArgentierResult {
  rows: ArgentierRow[];
  treasuryNow: number;
  rent: number;
  taxes: number;
  redistributed: number;
  levies: number;
  recruits: { cost: number; count: number; asked: number; maxRenown: number | null; maxCost: number | null };
  jousts: number;
  espionage: number;
  pay: number;
  upkeep: number;
  fortifications: number;
  treasuryEnd: number;
  warnings: string[];
  avgHappiness: number;
}

/** The smallest whole amount ≥ 1 and ≤ hi for which `ok` holds, `ok` being monotone; null if even hi fails. */
function smallest(ok: (amount: number) => boolean, hi: number): number | null {
  if (!ok(hi)) return null;
  let lo = 0; // treated as failing: a RED is at least 1 écu
  while (hi - lo > 1) { // halves [lo, hi] each time: at most log2(hi) ≤ 44 steps (hi ≤ 2^44 below)
    const mid = Math.floor((lo + hi) / 2);
    if (ok(mid)) hi = mid; else lo = mid;
  }
  return hi;
}

/** The smallest whole RED at which the referee's redistribution reaches its cap. */
function capAmount(s: GPState, pop: number, coef: number, h: number, avgH: number): number {
  const cfg = s.config;
  const atCap = (a: number) => redistribution(cfg, a, pop, coef, h, avgH).ratio >= cfg.redistributionCap;
  let hi = 1;
  while (!atCap(hi) && hi < 1e13) hi *= 2; // at most 44 doublings; past 1e13 écus the search gives up on the cap and plans hi
  return smallest(atCap, hi) ?? hi;
}

function line(s: GPState, seq: number, order: Order): SheetLine {
  let text: string;
  try { text = formatOrder(s, order); } catch { text = order.code; }
  return { seq, line: seq, text, order };
}

export function computeArgentier(s: GPState, me: LordId, plan: Map<TerritoryId, { level: number; red: number }>, pending: Sheet | null, redOrder: TerritoryId[], lang: Lang): ArgentierResult {
  const cfg = s.config;
  const copy = structuredClone(s);
  const lines: SheetLine[] = [];
  const push = (o: Order) => lines.push(line(s, lines.length + 1, o));
  const pendingLines = pending?.lines ?? [];
  for (const l of pendingLines) if (l.order.code === 'LIB' || l.order.code === 'DEM') push(l.order);
  for (const [t, p] of plan) if (p.level > 0) push({ code: 'IMP', level: p.level, territory: t });
  for (const t of redOrder) { const p = plan.get(t); if (p && p.red > 0) push({ code: 'RED', amount: p.red, territory: t }); }
  // A transfer to another lord's knight is played only if the lord can see that knight: its
  // success depends on where the receiver stands, which must not leak through the tool. A
  // receiver written by name (a knight he could not know) is never seen.
  const seen = new Set(playerView(s, me).knights.map((k) => k.id));
  for (const l of pendingLines) {
    const o = l.order;
    if (!SHEET_CODES.has(o.code) || o.code === 'LIB' || o.code === 'DEM') continue;
    if (o.code === 'TSF' && (typeof o.to !== 'string' || !seen.has(o.to))) continue;
    push(o);
  }

  const { ctx } = resolveTurn(copy, { [me]: { lines, submittedOrder: 1 } }, createRng('argentier', `turn/${s.turn}`), 3);
  const avgH = ctx.snap.avgHappiness; // the phase-3 snapshot (BM)
  const phase3 = ctx.events.slice();
  const after3 = new Map(Object.values(copy.territories).filter((t) => plan.has(t.id)).map((t) => [t.id, { h: t.happiness, c: t.taxCoef }]));
  for (const p of PHASES) {
    if (!LATER_PHASES.includes(p.n)) continue;
    ctx.phase = p.n;
    takeSnapshot(ctx);
    if (p.n === 5) {
      const rng = ctx.rng;
      ctx.rng = worstCaseRng();
      p.run(ctx);
      ctx.rng = rng;
    } else p.run(ctx);
  }
  const later = ctx.events.slice(phase3.length);
  const mine = <T extends GPEvent['type']>(evs: GPEvent[], type: T) =>
    evs.filter((e) => e.type === type && (e as { lord?: string }).lord === me) as Extract<GPEvent, { type: T }>[];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const tname = (t: TerritoryId) => territoryName(s, t);
  const warnings: string[] = [];

  // Per territory.
  const taxes = mine(phase3, 'tax');
  const reds = mine(phase3, 'redistribution');
  const rows: ArgentierRow[] = [];
  for (const [t, p] of plan) {
    const terr = s.territories[t]!;
    const tx = taxes.find((e) => e.territory === t);
    const rd = reds.find((e) => e.territory === t);
    const hTaxed = tx ? tx.hAfter : terr.happiness;
    const cTaxed = tx ? tx.cAfter : terr.taxCoef;
    const cap = capAmount(s, terr.population, cTaxed, hTaxed, avgH);
    const red = (a: number) => redistribution(cfg, a, terr.population, cTaxed, hTaxed, avgH);
    const redStableH = hTaxed >= terr.happiness ? 0 : hTaxed <= 0 ? null : smallest((a) => red(a).happiness >= terr.happiness - 1e-9, cap);
    const redStableC = cTaxed >= terr.taxCoef - 1e-12 ? 0 : smallest((a) => red(a).taxCoef >= terr.taxCoef - 1e-12, cap);
    const redCancelled = p.red > 0 && !rd;
    rows.push({
      territory: t, level: p.level, red: p.red, population: terr.population, hBefore: terr.happiness, cBefore: terr.taxCoef,
      income: tx?.income ?? 0, hTaxed, cTaxed, hAfter: after3.get(t)!.h, cAfter: after3.get(t)!.c,
      redDone: rd?.amount ?? 0, redCancelled, redStableH, redStableC, redCap: cap,
    });
    if (p.level >= MAX_LEVEL || hTaxed <= 0) {
      warnings.push(L(lang, `${tname(t)} : le bonheur tombe à 0 ; la terre se révoltera en fin de tour (phase 14).`, `${tname(t)}: happiness falls to 0; the land will revolt at the end of the turn (phase 14).`));
    }
    if (p.red > cap && rd) {
      warnings.push(L(lang, `${tname(t)} : ${fmtInt(p.red - cap, lang)} écus de redistribution au-delà du plafond sont dépensés sans effet.`,
        `${tname(t)}: ${fmtInt(p.red - cap, lang)} écus of redistribution above the cap are spent for nothing.`));
    }
  }
  // Treasury along phase 3, to say when a RED fails for lack of funds.
  const rent = sum(mine(phase3, 'rent').map((e) => e.amount));
  let treasury = s.lords[me]!.treasury + rent + sum(taxes.map((e) => e.income));
  for (const e of phase3) {
    if (e.type === 'redistribution' && e.lord === me) treasury -= e.amount;
    if (e.type === 'order-cancelled' && e.lord === me) {
      const l = lines.find((x) => x.seq === e.seq);
      if (l?.order.code === 'RED' && e.reason === 'no-funds') {
        warnings.push(L(lang,
          `RED ${fmtInt(l.order.amount, lang)} ${tname(l.order.territory)} échouerait faute de fonds : il ne resterait que ${fmtInt(treasury, lang)} écus à ce moment.`,
          `RED ${fmtInt(l.order.amount, lang)} ${tname(l.order.territory)} would fail for lack of funds: only ${fmtInt(treasury, lang)} écus would be left at that point.`));
      }
    }
  }

  // Later phases: what the sheet's money orders cost and what phase 15 takes.
  const recruited = mine(later, 'knight-recruited');
  const unaffordable = mine(later, 'recruit-unaffordable');
  const asked = sum(pendingLines.filter((l) => l.order.code === 'CHE').map((l) => (l.order as Extract<Order, { code: 'CHE' }>).n));
  const maxRenown = recruited[0]?.renown ?? unaffordable[0]?.renown ?? null;
  const maxCost = recruited[0]?.cost ?? unaffordable[0]?.cost ?? null;
  for (const e of unaffordable) {
    warnings.push(L(lang,
      `Recrutement : au pire (renommée ${fmtInt(e.renown, lang)}, ${fmtInt(e.cost, lang)} écus), ${e.notRecruited} chevalier(s) ne pourrai(en)t être payé(s) (trésor ${fmtInt(e.treasury, lang)}).`,
      `Recruitment: at worst (renown ${fmtInt(e.renown, lang)}, ${fmtInt(e.cost, lang)} écus), ${e.notRecruited} knight(s) could not be afforded (treasury ${fmtInt(e.treasury, lang)}).`));
  }
  for (const e of mine(later, 'order-cancelled')) {
    warnings.push(L(lang, `« ${e.text} » serait annulé : ${describeReason(e.reason, 'fr', s.config)}.`, `"${e.text}" would be cancelled: ${describeReason(e.reason, 'en', s.config)}.`));
  }
  for (const e of mine(later, 'desertion')) {
    warnings.push(e.cause === 'unpaid'
      ? L(lang, `${e.name} ne serait pas payé et déserterait avec ${fmtInt(e.men, lang)} hommes.`, `${e.name} would not be paid and would desert with ${fmtInt(e.men, lang)} men.`)
      : L(lang, `${e.name} déserterait (renommée trop haute) avec ${fmtInt(e.men, lang)} hommes.`, `${e.name} would desert (renown too high) with ${fmtInt(e.men, lang)} men.`));
  }
  for (const e of mine(later, 'army-demobilised')) {
    if (e.cause === 'upkeep') warnings.push(L(lang, `L’armée #${e.army} (${fmtInt(e.men, lang)} hommes) ne pourrait être entretenue et serait démobilisée.`, `Army #${e.army} (${fmtInt(e.men, lang)} men) could not be maintained and would be demobilised.`));
  }
  const upkeepEv = mine(later, 'upkeep');
  const organised = mine(later, 'joust-organised');
  return {
    rows, treasuryNow: s.lords[me]!.treasury, rent, taxes: sum(taxes.map((e) => e.income)), redistributed: sum(reds.map((e) => e.amount)),
    levies: sum(mine(later, 'levy').map((e) => e.amount)),
    recruits: { cost: sum(recruited.map((e) => e.cost)), count: recruited.length, asked, maxRenown, maxCost },
    jousts: sum(organised.map((e) => e.cost + e.reward)),
    espionage: sum(mine(later, 'espionage').map((e) => e.cost)),
    pay: sum(upkeepEv.map((e) => e.pay)), upkeep: sum(upkeepEv.map((e) => e.armies)),
    fortifications: sum(mine(later, 'fortified').map((e) => e.cost)),
    treasuryEnd: copy.lords[me]?.treasury ?? 0,
    warnings, avgHappiness: avgH,
  };
}

export function runArgentier(s: GPState, me: LordId, input: Record<string, string>, lang: Lang, pending: Sheet | null): ToolDoc {
  const inp = new Inputs(input, lang);
  const tname = (t: TerritoryId) => territoryName(s, t);
  const own = Object.values(s.territories).filter((t) => t.owner === me).map((t) => t.id).sort((a, b) => tname(a).localeCompare(tname(b)));
  // Defaults: the first IMP / RED of each territory in the sheet being written (the referee keeps only the first [P G-09]).
  const pendImp = new Map<TerritoryId, number>();
  const pendRed = new Map<TerritoryId, number>();
  for (const l of pending?.lines ?? []) {
    const o = l.order;
    if (o.code === 'IMP' && !pendImp.has(o.territory)) pendImp.set(o.territory, o.level);
    if (o.code === 'RED' && !pendRed.has(o.territory)) pendRed.set(o.territory, o.amount);
  }
  const plan = new Map<TerritoryId, { level: number; red: number }>();
  for (const t of own) {
    const level = inp.int(`imp:${t}`, `IMP ${tname(t)}`, pendImp.get(t) ?? 0, 0, MAX_LEVEL);
    const red = inp.int(`red:${t}`, `RED ${tname(t)}`, pendRed.get(t) ?? 0, 0);
    plan.set(t, { level, red });
  }
  // REDs run in entry order (funds are checked at each): the sheet's order first, then the others.
  const redOrder = [...[...pendRed.keys()].filter((t) => plan.has(t)), ...own.filter((t) => !pendRed.has(t))];
  const form: ToolForm = {
    sections: [{
      title: L(lang, 'Impôts et redistributions de ce tour', 'This turn’s taxes and redistributions'),
      columns: [L(lang, 'Terre', 'Territory'), L(lang, 'Impôt (IMP, niveau 0–10)', 'Tax (IMP, level 0–10)'), L(lang, 'Redistribution (RED, écus)', 'Redistribution (RED, écus)')],
      rows: own.map((t) => ({
        label: tname(t),
        fields: [intField(`imp:${t}`, `IMP ${tname(t)}`, plan.get(t)!.level, 0, MAX_LEVEL), intField(`red:${t}`, `RED ${tname(t)}`, plan.get(t)!.red, 0)],
      })),
    }],
  };
  const r = computeArgentier(s, me, plan, pending, redOrder, lang);
  return { form, result: present(s, me, r, lang), errors: inp.errors, note: note(lang) };
}

function note(lang: Lang): string {
  return L(lang,
    'Calculé par l’arbitre lui-même sur une copie de la partie : phases 1 à 3 avec ces ordres IMP/RED, puis, avec les ordres de votre feuille (LIB, DEM, CHE, ARM, AFF, TSF, GAR, ORG, ESP, FOR), les phases 5, 6, 10, 13 à 16 (un transfert vers le chevalier d’un autre seigneur que vous ne voyez pas n’est pas compté). Chaque recrue est comptée à la plus haute renommée possible (coût maximal). Ni les batailles, ni les déplacements, ni les résultats des joutes (la récompense est comptée comme dépensée), ni les ventes ne sont joués.',
    'Computed by the referee itself on a copy of the game: phases 1 to 3 with these IMP/RED orders, then, with the orders of your sheet (LIB, DEM, CHE, ARM, AFF, TSF, GAR, ORG, ESP, FOR), phases 5, 6, 10, 13 to 16 (a transfer to another lord’s knight you cannot see is not counted). Each recruit is counted at the highest renown he may have (the maximum cost). Battles, movements, joust results (the reward is counted as spent) and sales are not played.');
}

function present(s: GPState, me: LordId, r: ArgentierResult, lang: Lang): { sections: ViewSection[] } {
  const int = (x: number) => fmtInt(x, lang);
  const dec = (x: number, d = 2) => fmtDec(x, d, lang);
  const tname = (t: TerritoryId) => territoryName(s, t);
  const amount = (a: number | null, h: boolean, row: ArgentierRow) => {
    if (a === null) return h && row.hTaxed <= 0 ? L(lang, 'impossible (bonheur 0)', 'impossible (happiness 0)') : L(lang, 'impossible (plafond)', 'impossible (cap)');
    return int(a);
  };
  const title = s.lords[me]!.title;
  const sections: ViewSection[] = [];
  sections.push({
    title: L(lang, 'Par terre (après la phase 3)', 'By territory (after phase 3)'), kind: 'table',
    columns: [
      L(lang, 'Terre', 'Territory'), 'IMP', L(lang, 'Impôt perçu', 'Tax raised'), 'RED',
      L(lang, 'Bonheur avant → après', 'Happiness before → after'), L(lang, 'Coefficient avant → après', 'Tax coefficient before → after'),
      L(lang, 'RED pour garder le bonheur', 'RED to keep happiness'), L(lang, 'RED pour garder le coefficient', 'RED to keep the coefficient'),
      L(lang, 'RED utile maximale (plafond)', 'Max useful RED (cap)'),
    ],
    rows: r.rows.map((x) => [
      tname(x.territory), String(x.level), int(x.income),
      x.redCancelled ? `${int(x.red)} (${L(lang, 'annulée', 'cancelled')})` : int(x.red),
      `${dec(x.hBefore)} → ${dec(x.hAfter)}`, `${dec(x.cBefore, 3)} → ${dec(x.cAfter, 3)}`,
      amount(x.redStableH, true, x), amount(x.redStableC, false, x), int(x.redCap),
    ]),
  });
  const neg = (x: number) => (x ? `−${int(x)}` : '0');
  const recruits = r.recruits;
  const recruitLabel = recruits.asked
    ? L(lang, `Chevaliers (CHE ${recruits.asked} : ${recruits.count} × au plus ${int(recruits.maxCost ?? 0)}, renommée ≤ ${int(recruits.maxRenown ?? 0)})`,
      `Knights (CHE ${recruits.asked}: ${recruits.count} × at most ${int(recruits.maxCost ?? 0)}, renown ≤ ${int(recruits.maxRenown ?? 0)})`)
    : L(lang, 'Chevaliers (CHE)', 'Knights (CHE)');
  sections.push({
    title: L(lang, 'Trésor du tour', 'This turn’s treasury'), kind: 'kv', rows: [
      [L(lang, 'Trésor actuel', 'Treasury now'), int(r.treasuryNow)],
      [L(lang, `Rente (${title ? TITLE_NAMES[title].fr : 'sans titre'})`, `Rent (${title ? TITLE_NAMES[title].en : 'no title'})`), `+${int(r.rent)}`],
      [L(lang, 'Impôts (IMP)', 'Taxes (IMP)'), `+${int(r.taxes)}`],
      [L(lang, 'Redistributions (RED)', 'Redistributions (RED)'), neg(r.redistributed)],
      [L(lang, 'Levées (ARM)', 'Levies (ARM)'), neg(r.levies)],
      [recruitLabel, neg(recruits.cost)],
      [L(lang, 'Joute (ORG : places et récompense)', 'Joust (ORG: places and reward)'), neg(r.jousts)],
      [L(lang, 'Espionnage (ESP)', 'Espionage (ESP)'), neg(r.espionage)],
      [L(lang, 'Solde des chevaliers (phase 15)', 'Knights’ pay (phase 15)'), neg(r.pay)],
      [L(lang, 'Entretien des armées (phase 15, levées du tour comprises)', 'Army upkeep (phase 15, this turn’s levies included)'), neg(r.upkeep)],
      [L(lang, 'Fortifications (FOR)', 'Fortifications (FOR)'), neg(r.fortifications)],
      [L(lang, 'Trésor attendu en fin de tour', 'Treasury expected at the end of the turn'), int(r.treasuryEnd)],
      [L(lang, 'Bonheur moyen du royaume (phase 3)', 'Kingdom’s average happiness (phase 3)'), dec(r.avgHappiness)],
    ],
  });
  if (r.warnings.length) {
    sections.push({ title: L(lang, 'Avertissements', 'Warnings'), kind: 'table', columns: [L(lang, 'Avertissement', 'Warning')], rows: r.warnings.map((w) => [w]) });
  }
  return { sections };
}
