/**
 * The battle simulator [rules §8 P-17 "simulate a battle to estimate the chances of victory"]:
 * one of the lord's knights attacks a territory within reach, against the defence the lord knows
 * (his spies' latest report, what his knights see) or guesses. The referee's phase 7 is played
 * `runs` times: each run on a copy of the state where the hypothetical forces replace the real
 * ones on the target, with one ATT line in the lord's sheet and the RNG stream `battle/<i>` of
 * the chosen seed. The phase snapshot (average knight renown for the peasants' and garrison's
 * virtual leaders, the ordering) is taken on the real state, as the referee would.
 *
 * Defaults never come from hidden state: they come from playerView (what the lord may know).
 */
import type { NameEntry } from '../../../engine/names.ts';
import type { Lang, ToolDoc, ToolForm, ViewSection } from '../../../engine/ruleset.ts';
import { createRng } from '../../../engine/rng.ts';
import { FORTIFICATIONS, type Fortification } from '../config.ts';
import { armyOf, createCtx, garrisonAt, newArmy, removeArmy, removeKnight, takeSnapshot, type Snapshot, type TurnSheet } from '../context.ts';
import type { DefenderReport, GPEvent } from '../events.ts';
import { getMap } from '../maps/index.ts';
import { formatOrder } from '../orders/parse.ts';
import type { Order, Sheet } from '../orders/types.ts';
import { defendersOf, phase7 } from '../phases/p07-attacks.ts';
import { describeReason, FORT_NAMES } from '../report.ts';
import { lordIdCompare, relKey, relation, type GPState, type KnightId, type LordId, type TerritoryId } from '../state.ts';
import { playerView } from '../view.ts';
import { choiceField, cloneForRun, fmtDec, fmtInt, fmtPct, histogram, Inputs, intField, L, mean, territoryName, textField } from './common.ts';

export const MAX_RUNS = 5000;
export const DEFAULT_RUNS = 500;
const MAX_MEN = 10_000_000;
const DEFENDER_SLOTS = 3;

/** The form's names of the fortifications (the order's French keywords; English accepted too). */
const FORT_KEYS: Record<Fortification, string> = { none: 'none', palisade: 'palissade', wall: 'muraille', fortress: 'forteresse' };

export interface BattleSetup {
  knight: KnightId;
  men: number;
  /** null: the referee's default (INI knight % of the strength) [P G-46]. */
  threshold: number | null;
  target: TerritoryId;
  fortification: Fortification;
  garrison: number;
  defenders: { renown: number; men: number }[];
  relation: 'war' | 'peace';
  retreat: { garrison: number; knight: number };
  runs: number;
  seed: string;
}

export interface BattleStats {
  runs: number;
  cancelled: string | null;
  conquest: number; repelled: number; died: number;
  menLeft: number[];
  defenderLosses: number[];
  renownChange: number[]; // runs where the attacking knight lives
  lordKnightChange: number[];
  felony: number;
  lineup: { kind: DefenderReport['kind']; renown: number; men: number; threshold: number | null }[];
}

/** Plays the referee's phase 7 `runs` times on the hypothetical battle. */
export function simulateBattle(s: GPState, me: LordId, b: BattleSetup, lang: Lang): BattleStats {
  const base = structuredClone(s);
  const order: Order = { code: 'ATT', knight: b.knight, territory: b.target, threshold: b.threshold };
  let text = 'ATT';
  try { text = formatOrder(s, order); } catch { /* the text only labels the order */ }
  const sheets: Record<LordId, TurnSheet> = { [me]: { lines: [{ seq: 1, line: 1, text, order }], submittedOrder: 1 } };
  // The phase-7 snapshot of the real state (before any hypothetical force is put in).
  const setup = createCtx(base, sheets, createRng(b.seed, 'battle/setup'));
  setup.phase = 7;
  takeSnapshot(setup);
  const snap: Snapshot = setup.snap;
  // The hypothetical forces replace the real ones on the target.
  const terr = base.territories[b.target]!;
  const owner = terr.owner;
  terr.fortification = b.fortification;
  for (const k of Object.values(base.knights)) if (k.location === b.target && k.lord !== me) removeKnight(setup, k);
  if (owner) {
    const g = garrisonAt(setup, owner, b.target);
    if (g) removeArmy(setup, g);
    if (b.garrison > 0) newArmy(setup, owner, b.target, b.garrison, null);
    b.defenders.forEach((d, i) => {
      const id = `K${base.nextKnight++}`;
      base.knights[id] = { id, name: `${L(lang, 'Défenseur', 'Defender')} ${i + 1}`, lord: owner, isLordKnight: false, renown: d.renown, hireRenown: d.renown, hiredTurn: 0, location: b.target, army: null };
      newArmy(setup, owner, b.target, d.men, id);
    });
    base.lords[owner]!.retreat = { ...base.lords[owner]!.retreat, garrison: b.retreat.garrison, knight: b.retreat.knight };
    if (b.relation === 'war') base.relations[relKey(me, owner)] = 'war';
    else delete base.relations[relKey(me, owner)];
  }
  const k = base.knights[b.knight]!;
  const army = armyOf(setup, k);
  if (army) army.strength = b.men;
  else if (b.men > 0) newArmy(setup, me, k.location, b.men, k.id);
  const lordKnight = base.lords[me]!.lordKnight;
  const renown0 = k.renown;
  const lk0 = base.knights[lordKnight]!.renown;

  // The line-up, in the referee's order of engagement.
  const look = createCtx(cloneForRun(base), sheets, createRng(b.seed, 'battle/lineup'));
  look.snap = snap;
  look.flags.attackOrigin.set(k.id, k.location);
  const thresholds = new Map<string, number>();
  const lineupOf = defendersOf(look, me, b.target);

  const stats: BattleStats = {
    runs: 0, cancelled: null, conquest: 0, repelled: 0, died: 0, menLeft: [], defenderLosses: [], renownChange: [], lordKnightChange: [], felony: 0, lineup: [],
  };
  for (let i = 0; i < b.runs; i++) {
    const st = cloneForRun(base);
    const ctx = createCtx(st, sheets, createRng(b.seed, `battle/${i}`));
    ctx.phase = 7;
    ctx.snap = snap;
    phase7(ctx);
    const ev = ctx.events.find((e): e is Extract<GPEvent, { type: 'battle' }> => e.type === 'battle' && e.lord === me);
    if (!ev) {
      const c = ctx.events.find((e): e is Extract<GPEvent, { type: 'order-cancelled' }> => e.type === 'order-cancelled' && e.lord === me);
      stats.cancelled = c ? describeReason(c.reason, lang, s.config) : L(lang, 'attaque non jouée', 'attack not played');
      break;
    }
    stats.runs++;
    stats[ev.result]++;
    stats.menLeft.push(ev.result === 'died' ? 0 : ev.attackerEnd);
    stats.defenderLosses.push(ev.defenders.reduce((t, d) => t + (d.start - Math.max(0, d.end)), 0));
    for (const d of ev.defenders) {
      const key = `${d.kind}:${d.knight ?? ''}`;
      if (!thresholds.has(key)) thresholds.set(key, d.threshold);
    }
    const after = st.knights[b.knight];
    if (after) stats.renownChange.push(after.renown - renown0);
    if (lordKnight !== b.knight) stats.lordKnightChange.push((st.knights[lordKnight]?.renown ?? lk0) - lk0);
    if (ctx.events.some((e) => e.type === 'felony' && e.lord === me)) stats.felony++;
  }
  stats.lineup = lineupOf.map((d) => ({
    kind: d.kind,
    renown: d.knight ? d.knight.renown : d.virtualRenown,
    men: d.army ? d.army.strength : d.strength,
    threshold: thresholds.get(`${d.kind}:${d.knight?.id ?? ''}`) ?? null,
  }));
  return stats;
}

interface Known { fortification: Fortification | null; garrison: number | null; knights: { renown: number | null; men: number }[]; source: string | null }

/** What the lord knows of the target's defence: his latest spy report (if the owner has not changed since), what his knights see there. */
function knownDefence(s: GPState, me: LordId, target: TerritoryId, lang: Lang): Known {
  const v = playerView(s, me);
  const tv = v.territories[target]!;
  const owner = tv.owner;
  const intelAll = v.me?.intel[target];
  const intel = intelAll && intelAll.owner === owner ? intelAll : undefined;
  const defending = new Set<LordId>();
  if (owner) {
    defending.add(owner);
    for (const r of v.relations) {
      if (r.relation !== 'alliance') continue;
      if (r.a === owner) defending.add(r.b);
      if (r.b === owner) defending.add(r.a);
    }
    for (const l of [...defending]) if (l === me || v.lords.find((x) => x.id === l)?.relation === 'alliance') defending.delete(l);
  }
  const knights: { id: string; renown: number | null; men: number }[] = [];
  const sources: string[] = [];
  if (owner) {
    for (const k of v.knights) {
      if (k.location !== target || !defending.has(k.lord) || k.men === null) continue;
      knights.push({ id: k.id, renown: k.renown ?? intel?.knights.find((x) => x.knight === k.id)?.renown ?? null, men: k.men });
    }
    if (knights.length) sources.push(L(lang, 'vos chevaliers sur place', 'your knights on the spot'));
    for (const k of intel?.knights ?? []) {
      if (!defending.has(k.lord) || knights.some((x) => x.id === k.knight) || k.men <= 0) continue;
      knights.push({ id: k.knight, renown: k.renown, men: k.men });
    }
  }
  if (intel) sources.push(L(lang, `rapport d’espion du tour ${intel.turn}`, `spy report of turn ${intel.turn}`));
  knights.sort((a, b) => b.men - a.men);
  return {
    fortification: intel?.fortification ?? tv.fortification ?? null,
    garrison: owner ? intel?.garrison ?? tv.garrison ?? null : null,
    knights: knights.map(({ renown, men }) => ({ renown, men })),
    source: sources.length ? sources.join(', ') : null,
  };
}

export function runBattle(s: GPState, me: LordId, input: Record<string, string>, lang: Lang, _pending: Sheet | null): ToolDoc {
  const cfg = s.config;
  const inp = new Inputs(input, lang);
  const map = getMap(s.map);
  const tname = (t: TerritoryId) => territoryName(s, t);
  const lname = (l: LordId | null) => (l ? s.lords[l]?.name ?? l : L(lang, 'neutre', 'neutral'));
  const lord = s.lords[me]!;
  const mine = Object.values(s.knights).filter((k) => k.lord === me).sort((a, b) => lordIdCompare(a.id, b.id));
  const menOf = (id: KnightId) => { const k = s.knights[id]!; return k.army !== null ? s.armies[String(k.army)]?.strength ?? 0 : 0; };
  const simSection = (runs: number, seed: string): ToolForm['sections'][number] => ({
    title: L(lang, 'Simulation', 'Simulation'),
    rows: [
      { label: L(lang, 'Nombre de batailles simulées', 'Number of simulated battles'), fields: [intField('runs', L(lang, `Batailles (1–${MAX_RUNS})`, `Battles (1–${MAX_RUNS})`), runs, 1, MAX_RUNS)] },
      { label: L(lang, 'Graine', 'Seed'), fields: [textField('seed', L(lang, 'Graine du hasard', 'Random seed'), seed)] },
    ],
  });
  /** What the lord knows or guesses of a target: back to its defaults when he picks another target. */
  const TARGET_FIELDS = ['fort', 'garrison', 'relation', 'gret', 'kret', ...Array.from({ length: DEFENDER_SLOTS }, (_, i) => [`dk${i + 1}r`, `dk${i + 1}m`]).flat()];
  const runs = inp.int('runs', L(lang, 'Batailles', 'Battles'), DEFAULT_RUNS, 1, MAX_RUNS);
  const seed = inp.text('seed', 'sim', 100);
  if (mine.length === 0) {
    return { form: { sections: [simSection(runs, seed)] }, result: null, errors: [...inp.errors, L(lang, 'Vous n’avez aucun chevalier.', 'You have no knight.')] };
  }
  // The knight.
  const knightEntries: NameEntry<KnightId>[] = mine.map((k) => ({ names: [k.id, k.name], value: k.id, label: k.name }));
  const defKnight = (mine.find((k) => menOf(k.id) > 0) ?? mine[0]!).id;
  const knightId = inp.choice('knight', L(lang, 'Chevalier', 'Knight'), knightEntries, defKnight, s.knights[defKnight]!.name);
  const knight = s.knights[knightId]!;
  const men = inp.int('men', L(lang, 'Hommes', 'Men'), menOf(knightId), 0, MAX_MEN);
  const threshold = inp.optionalInt('threshold', L(lang, 'Repli sous', 'Retreat below'), null, 0, MAX_MEN);
  // The target: his territory or a neighbour, not his own land, not an ally's (the referee cancels those) [T §4.7.1].
  const reach = [knight.location, ...(map.territories.find((t) => t.id === knight.location)?.adjacent ?? [])];
  const legal = [...new Set(reach)].filter((t) => {
    const o = s.territories[t]?.owner;
    return o !== undefined && o !== me && !(o && relation(s, me, o) === 'alliance');
  }).sort((a, b) => tname(a).localeCompare(tname(b)));
  const attackRows: ToolForm['sections'][number]['rows'] = [
    { label: L(lang, 'Chevalier attaquant', 'Attacking knight'), fields: [{ ...choiceField('knight', L(lang, 'Chevalier', 'Knight'), mine.map((k) => ({ value: k.id, label: `${k.name} (${tname(k.location)}, ${fmtInt(menOf(k.id), lang)} ${L(lang, 'hommes', 'men')})` })), knightId), resetOnChange: ['men', 'threshold', 'target', ...TARGET_FIELDS] }] },
    { label: L(lang, 'Hommes', 'Men'), fields: [intField('men', L(lang, 'Hommes', 'Men'), men, 0, MAX_MEN)] },
    { label: L(lang, 'Repli sous (hommes)', 'Retreat below (men)'), fields: [intField('threshold', L(lang, `Repli sous (vide : INI ${lord.retreat.knight} %)`, `Retreat below (empty: INI ${lord.retreat.knight} %)`), threshold, 0, MAX_MEN, true)] },
  ];
  if (legal.length === 0) {
    return {
      form: { sections: [{ title: L(lang, 'Attaque', 'Attack'), rows: attackRows }, simSection(runs, seed)] }, result: null,
      errors: [...inp.errors, L(lang, `${knight.name} ne peut attaquer aucune terre d’ici (${tname(knight.location)}).`, `${knight.name} cannot attack any territory from here (${tname(knight.location)}).`)],
    };
  }
  let target = legal[0]!;
  const rawTarget = inp.raw('target');
  if (rawTarget) {
    const anywhere = map.territories.map((t) => ({ names: [t.id, t.name, ...(t.aliases ?? [])], value: t.id, label: t.name }));
    const asked = inp.choice('target', L(lang, 'Terre', 'Territory'), anywhere, '', tname(target), true);
    if (asked && legal.includes(asked)) target = asked;
    else if (asked) inp.errors.push(L(lang, `${tname(asked)} n’est pas une cible possible pour ${knight.name} (sa terre ou une voisine, ni à vous ni à un allié) ; ${tname(target)} est utilisée.`, `${tname(asked)} is not a possible target for ${knight.name} (his territory or a neighbour, neither yours nor an ally’s); ${tname(target)} is used.`));
  }
  const owner = s.territories[target]!.owner;
  attackRows.push({ label: L(lang, 'Terre attaquée', 'Attacked territory'), fields: [{ ...choiceField('target', L(lang, 'Cible', 'Target'), legal.map((t) => ({ value: t, label: `${tname(t)} (${lname(s.territories[t]!.owner)})` })), target), resetOnChange: TARGET_FIELDS }] });

  // The defence: what the lord knows, else guesses.
  const known = knownDefence(s, me, target, lang);
  const fortEntries: NameEntry<Fortification>[] = FORTIFICATIONS.map((f) => ({ names: [FORT_KEYS[f], f, FORT_NAMES[f].fr, FORT_NAMES[f].en, ...(f === 'none' ? ['aucune'] : [])], value: f, label: FORT_NAMES[f][lang] }));
  const fortDefault = known.fortification ?? 'none';
  const fortification = inp.choice('fort', L(lang, 'Fortification', 'Fortification'), fortEntries, fortDefault, FORT_NAMES[fortDefault][lang], true);
  const defenceRows: ToolForm['sections'][number]['rows'] = [
    { label: L(lang, 'Fortification', 'Fortification'), fields: [choiceField('fort', L(lang, 'Fortification', 'Fortification'), FORTIFICATIONS.map((f) => ({ value: FORT_KEYS[f], label: FORT_NAMES[f][lang] })), FORT_KEYS[fortification])] },
  ];
  const sections: ToolForm['sections'] = [{ title: L(lang, 'Attaque', 'Attack'), rows: attackRows }];
  let garrison = 0;
  let rel: 'war' | 'peace' = 'peace';
  const defenders: { renown: number; men: number }[] = [];
  const retreat = { garrison: cfg.startRetreat.garrison, knight: cfg.startRetreat.knight };
  if (owner) {
    const actual = relation(s, me, owner) === 'war' ? 'war' : 'peace';
    rel = inp.choice('relation', L(lang, 'Relation', 'Relation'), [
      { names: ['war', 'guerre'], value: 'war' as const, label: L(lang, 'guerre', 'war') },
      { names: ['peace', 'paix'], value: 'peace' as const, label: L(lang, 'paix', 'peace') }], actual, actual === 'war' ? L(lang, 'guerre', 'war') : L(lang, 'paix', 'peace'), true);
    attackRows.push({ label: L(lang, `Relation avec ${lname(owner)}`, `Relation with ${lname(owner)}`), fields: [choiceField('relation', L(lang, 'Relation', 'Relation'), [
      { value: 'war', label: L(lang, 'guerre', 'war') }, { value: 'peace', label: L(lang, 'paix (félonie)', 'peace (felony)') }], rel)] });
    garrison = inp.int('garrison', L(lang, 'Garnison', 'Garrison'), known.garrison ?? 0, 0, MAX_MEN);
    retreat.garrison = inp.int('gret', L(lang, 'Repli de la garnison (%)', 'Garrison retreat (%)'), retreat.garrison, 0, 100);
    retreat.knight = inp.int('kret', L(lang, 'Repli des chevaliers (%)', 'Knights’ retreat (%)'), retreat.knight, 0, 100);
    defenceRows.push(
      { label: L(lang, 'Garnison (hommes)', 'Garrison (men)'), fields: [intField('garrison', L(lang, 'Garnison', 'Garrison'), garrison, 0, MAX_MEN)] },
      { label: L(lang, 'Repli de la garnison (% des hommes)', 'Garrison retreat (% of its men)'), fields: [intField('gret', L(lang, 'Repli garnison %', 'Garrison retreat %'), retreat.garrison, 0, 100)] },
      { label: L(lang, 'Repli des chevaliers défenseurs (% des hommes)', 'Defending knights’ retreat (% of their men)'), fields: [intField('kret', L(lang, 'Repli chevaliers %', 'Knights retreat %'), retreat.knight, 0, 100)] },
    );
    sections.push({ title: L(lang, `Défense de ${tname(target)}`, `Defence of ${tname(target)}`), rows: defenceRows });
    const guess = cfg.startLordKnightRenown;
    const slotRows: ToolForm['sections'][number]['rows'] = [];
    for (let i = 1; i <= DEFENDER_SLOTS; i++) {
      const kn = known.knights[i - 1];
      const r = inp.optionalInt(`dk${i}r`, L(lang, `Renommée du défenseur ${i}`, `Defender ${i} renown`), kn ? Math.round(kn.renown ?? guess) : null, 1, 1e6);
      const m = inp.optionalInt(`dk${i}m`, L(lang, `Hommes du défenseur ${i}`, `Defender ${i} men`), kn ? kn.men : null, 0, MAX_MEN);
      if (m !== null && m > 0) defenders.push({ renown: r ?? guess, men: m });
      slotRows.push({ label: L(lang, `Chevalier ${i}`, `Knight ${i}`), fields: [intField(`dk${i}r`, L(lang, 'Renommée', 'Renown'), r, 1, undefined, true), intField(`dk${i}m`, L(lang, 'Hommes', 'Men'), m, 0, MAX_MEN, true)] });
    }
    sections.push({ title: L(lang, `Chevaliers défenseurs (${lname(owner)} et ses alliés)`, `Defending knights (${lname(owner)} and his allies)`), columns: ['', L(lang, 'Renommée', 'Renown'), L(lang, 'Hommes', 'Men')], rows: slotRows });
  } else {
    sections.push({ title: L(lang, `Défense de ${tname(target)} (terre neutre : ses paysans)`, `Defence of ${tname(target)} (neutral land: its peasants)`), rows: defenceRows });
  }
  sections.push(simSection(runs, seed));
  const form: ToolForm = { sections };

  const setup: BattleSetup = { knight: knightId, men, threshold, target, fortification, garrison, defenders, relation: rel, retreat, runs, seed };
  const st = simulateBattle(s, me, setup, lang);
  const knowledge = known.source
    ? L(lang, `Valeurs par défaut tirées de : ${known.source}.`, `Defaults taken from: ${known.source}.`)
    : L(lang, 'Vous ne savez rien de la défense de cette terre : les valeurs par défaut sont des suppositions.', 'You know nothing of this territory’s defence: the defaults are guesses.');
  const note = `${knowledge} ${L(lang,
    'Chaque bataille est jouée par la phase 7 de l’arbitre sur une copie de la partie où vos hypothèses remplacent les forces réelles de la cible ; le chef virtuel des paysans et de la garnison a la moitié de la renommée moyenne réelle des chevaliers.',
    'Each battle is played by the referee’s phase 7 on a copy of the game where your assumptions replace the target’s real forces; the peasants’ and the garrison’s virtual leader has half the real average knight renown.')}${owner ? ` ${L(lang,
    `Les chevaliers défenseurs sont comptés comme appartenant à ${lname(owner)} ; une renommée inconnue vaut ${cfg.startLordKnightRenown} ; sans autre information, la défense se replie aux seuils par défaut des règles.`,
    `Defending knights are counted as ${lname(owner)}’s; an unknown renown counts as ${cfg.startLordKnightRenown}; unless you say otherwise, the defence retreats at the rules’ default thresholds.`)}` : ''}`;
  if (st.cancelled) {
    return { form, result: null, note, errors: [...inp.errors, L(lang, `L’attaque serait annulée : ${st.cancelled}.`, `The attack would be cancelled: ${st.cancelled}.`)] };
  }
  return { form, result: presentBattle(s, me, setup, st, lang), note, errors: inp.errors };
}

function presentBattle(s: GPState, me: LordId, b: BattleSetup, st: BattleStats, lang: Lang): { sections: ViewSection[] } {
  const n = st.runs || 1;
  const int = (x: number) => fmtInt(x, lang);
  const dec = (x: number, d = 1) => fmtDec(x, d, lang);
  const pct = (x: number) => fmtPct(x, lang);
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${dec(x, 2)}`;
  const k = s.knights[b.knight]!;
  const isLordKnight = s.lords[me]!.lordKnight === b.knight;
  const left = mean(st.menLeft);
  const rows: [string, string][] = [
    [L(lang, 'Batailles simulées', 'Simulated battles'), int(st.runs)],
    [L(lang, 'Conquête', 'Conquest'), pct(st.conquest / n)],
    [L(lang, 'Attaque repoussée (repli)', 'Attack repelled (retreat)'), pct(st.repelled / n)],
    [L(lang, `${k.name} meurt`, `${k.name} dies`), pct(st.died / n)],
    [L(lang, 'Hommes restants (moyenne)', 'Men left (mean)'), `${dec(left)} / ${int(b.men)}`],
    [L(lang, 'Pertes de l’attaquant (moyenne)', 'Attacker’s losses (mean)'), dec(b.men - left)],
    [L(lang, 'Pertes des défenseurs (moyenne)', 'Defenders’ losses (mean)'), dec(mean(st.defenderLosses))],
    [L(lang, `Renommée de ${k.name} (variation moyenne s’il survit)`, `${k.name}’s renown (mean change if he lives)`), st.renownChange.length ? signed(mean(st.renownChange)) : '—'],
  ];
  if (s.territories[b.target]!.owner) {
    rows.push([L(lang, 'Félonie', 'Felony'), pct(st.felony / n)]);
    if (!isLordKnight) rows.push([L(lang, 'Renommée de votre chevalier-seigneur (variation moyenne, félonie)', 'Your lord-knight’s renown (mean change, felony)'), signed(mean(st.lordKnightChange))]);
  }
  const kinds: Record<string, [string, string]> = { peasants: ['paysans', 'peasants'], garrison: ['garnison', 'garrison'], knight: ['chevalier', 'knight'] };
  const sections: ViewSection[] = [
    { title: L(lang, `${k.name} attaque ${territoryName(s, b.target)}`, `${k.name} attacks ${territoryName(s, b.target)}`), kind: 'kv', rows },
    {
      title: L(lang, 'Issue', 'Outcome'), kind: 'bars', bars: [
        { label: L(lang, 'Conquête', 'Conquest'), share: st.conquest / n, text: pct(st.conquest / n) },
        { label: L(lang, 'Repoussée', 'Repelled'), share: st.repelled / n, text: pct(st.repelled / n) },
        { label: L(lang, 'Attaquant mort', 'Attacker died'), share: st.died / n, text: pct(st.died / n) },
      ],
    },
    { title: L(lang, 'Hommes de l’attaquant à la fin', 'Attacker’s men at the end'), kind: 'bars', bars: histogram(st.menLeft, b.men, 10, lang) },
    {
      title: L(lang, 'Défenseurs, dans l’ordre où ils combattent', 'Defenders, in the order they fight'), kind: 'table',
      columns: [L(lang, 'Défenseur', 'Defender'), L(lang, 'Renommée du chef', 'Leader’s renown'), L(lang, 'Hommes', 'Men'), L(lang, 'Repli sous', 'Retreats below')],
      rows: st.lineup.length
        ? st.lineup.map((d) => [L(lang, ...kinds[d.kind]!), dec(d.renown), int(d.men), d.threshold === null ? '—' : dec(d.threshold)])
        : [[L(lang, 'aucun : la terre tombe sans combat', 'none: the land falls without a fight'), '', '', '']],
    },
  ];
  return { sections };
}
