/**
 * Joust odds [rules §4.10–4.11]: the lord's entrants and up to six rivals whose renown he
 * guesses, in the royal joust or in a joust he organises. The referee's runJoust (phase 11) is
 * played `runs` times, RNG stream `joust/<i>` of the chosen seed, on a copy of the state whose
 * phase snapshot was taken before the hypothetical rivals were added: the average knight renown
 * in the joust values is the real one, as in the referee.
 */
import type { Lang, ToolDoc, ToolForm, ViewSection } from '../../../engine/ruleset.ts';
import { createRng } from '../../../engine/rng.ts';
import { createCtx, takeSnapshot } from '../context.ts';
import type { GPEvent } from '../events.ts';
import type { Sheet } from '../orders/types.ts';
import { isRoyalJoustTurn, runJoust, type Joust } from '../phases/p10-p11-jousts.ts';
import { lordIdCompare, type GPState, type KnightId, type LordId } from '../state.ts';
import { cloneForRun, fmtDec, fmtInt, fmtPct, Inputs, intField, L, mean, textField, yesNoField } from './common.ts';
import { DEFAULT_RUNS, MAX_RUNS } from './battle.ts';

export const RIVAL_SLOTS = 6;

export interface JoustSetup {
  entrants: KnightId[];
  rivals: number[];
  royal: boolean;
  /** Places of the lord's own joust (his ORG), when he organises it. */
  capacity: number;
  runs: number;
  seed: string;
}

export interface JoustStats {
  held: boolean;
  runs: number;
  /** Per knight (own ids, then the rivals as `rival:<n>`). */
  entrants: { id: string; name: string; mine: boolean; renown: number; wins: number; change: number[]; admitted: boolean }[];
  organiserBonus: number[];
}

export function simulateJoust(s: GPState, me: LordId, j: JoustSetup, lang: Lang): JoustStats {
  const base = structuredClone(s);
  const setup = createCtx(base, {}, createRng(j.seed, 'joust/setup'));
  setup.phase = 11;
  takeSnapshot(setup); // the real average knight renown, before the rivals come in
  const snap = setup.snap;
  // The rivals: knights of a stand-in lord, added after the snapshot.
  const rivalLord = `L${Math.max(0, ...Object.keys(base.lords).map((id) => Number(id.slice(1))).filter(Number.isFinite)) + 1}`;
  const rivalIds: KnightId[] = [];
  const where = base.knights[base.lords[me]!.lordKnight]!.location;
  j.rivals.forEach((renown, i) => {
    const id = `K${base.nextKnight++}`;
    rivalIds.push(id);
    base.knights[id] = { id, name: `${L(lang, 'Rival', 'Rival')} ${i + 1}`, lord: rivalLord, isLordKnight: false, renown, hireRenown: 0, hiredTurn: 0, location: where, army: null };
  });
  base.lords[rivalLord] = {
    id: rivalLord, name: L(lang, 'Rivaux', 'Rivals'), lordKnight: rivalIds[0] ?? '', treasury: 0, title: null, retreat: { ...base.config.startRetreat },
    alive: true, abdicated: false, outTurn: null, memory: {}, intel: {},
  };
  const startRenown = new Map(Object.values(base.knights).map((k) => [k.id, k.renown]));
  const all = [...j.entrants, ...rivalIds];
  const joust: Joust = {
    organizer: j.royal ? null : me, capacity: j.royal ? Infinity : j.capacity,
    reward: j.royal ? base.config.royalJoustReward : base.config.joustMinReward, password: '', entrants: [],
  };
  const stats: JoustStats = {
    held: true, runs: 0, organiserBonus: [],
    entrants: all.map((id, i) => ({
      id: i < j.entrants.length ? id : `rival:${i - j.entrants.length + 1}`, name: base.knights[id]!.name, mine: i < j.entrants.length,
      renown: base.knights[id]!.renown, wins: 0, change: [], admitted: false,
    })),
  };
  for (let i = 0; i < j.runs; i++) {
    const st = cloneForRun(base);
    const ctx = createCtx(st, {}, createRng(j.seed, `joust/${i}`));
    ctx.phase = 11;
    ctx.snap = snap;
    runJoust(ctx, { ...joust, entrants: all.slice() }, startRenown);
    const ev = ctx.events.find((e): e is Extract<GPEvent, { type: 'joust' }> => e.type === 'joust');
    if (!ev || !ev.held) { stats.held = false; break; }
    stats.runs++;
    all.forEach((id, n) => {
      const e = stats.entrants[n]!;
      if (i === 0) e.admitted = ev.entrants.some((x) => x.knight === id);
      if (ev.winner === id) e.wins++;
      e.change.push((st.knights[id]?.renown ?? 0) - base.knights[id]!.renown);
    });
    stats.organiserBonus.push(ev.organiserBonus);
  }
  return stats;
}

export function runJoustTool(s: GPState, me: LordId, input: Record<string, string>, lang: Lang, pending: Sheet | null): ToolDoc {
  const cfg = s.config;
  const inp = new Inputs(input, lang);
  const mine = Object.values(s.knights).filter((k) => k.lord === me).sort((a, b) => lordIdCompare(a.id, b.id));
  const par = new Set((pending?.lines ?? []).flatMap((l) => (l.order.code === 'PAR' ? [l.order.knight] : [])));
  const org = (pending?.lines ?? []).map((l) => l.order).find((o) => o.code === 'ORG');
  const entrants: KnightId[] = [];
  const knightRows: ToolForm['sections'][number]['rows'] = [];
  for (const k of mine) {
    const on = inp.yesNo(`k:${k.id}`, k.name, par.size ? par.has(k.id) : true);
    if (on) entrants.push(k.id);
    knightRows.push({ label: `${k.name} (${fmtDec(k.renown, 1, lang)})`, fields: [yesNoField(`k:${k.id}`, L(lang, 'Participe', 'Enters'), on, lang)] });
  }
  const rivals: number[] = [];
  const rivalRows: ToolForm['sections'][number]['rows'] = [];
  for (let i = 1; i <= RIVAL_SLOTS; i++) {
    const r = inp.optionalInt(`r${i}`, L(lang, `Rival ${i}`, `Rival ${i}`), i === 1 ? cfg.startLordKnightRenown : null, 1, 1e6);
    if (r !== null) rivals.push(r);
    rivalRows.push({ label: L(lang, `Rival ${i}`, `Rival ${i}`), fields: [intField(`r${i}`, L(lang, 'Renommée (vide : aucun)', 'Renown (empty: none)'), r, 1, undefined, true)] });
  }
  const royal = inp.yesNo('royal', L(lang, 'Joute royale', 'Royal joust'), isRoyalJoustTurn({ cfg, turn: s.turn }));
  const runs = inp.int('runs', L(lang, 'Joutes', 'Jousts'), DEFAULT_RUNS, 1, MAX_RUNS);
  const seed = inp.text('seed', 'sim', 100);
  const capacity = !royal && org && org.code === 'ORG' ? org.capacity : Infinity;
  const form: ToolForm = {
    sections: [
      { title: L(lang, 'Vos chevaliers', 'Your knights'), columns: [L(lang, 'Chevalier (renommée)', 'Knight (renown)'), L(lang, 'Participe', 'Enters')], rows: knightRows },
      { title: L(lang, 'Rivaux (renommées supposées)', 'Rivals (guessed renown)'), columns: [L(lang, 'Rival', 'Rival'), L(lang, 'Renommée', 'Renown')], rows: rivalRows },
      {
        title: L(lang, 'Joute', 'Joust'), rows: [
          { label: L(lang, 'Joute royale (sinon : la vôtre, avec votre bonus d’organisateur)', 'Royal joust (otherwise: your own, with your organiser bonus)'), fields: [yesNoField('royal', L(lang, 'Joute royale', 'Royal joust'), royal, lang)] },
          { label: L(lang, 'Nombre de joutes simulées', 'Number of simulated jousts'), fields: [intField('runs', L(lang, `Joutes (1–${MAX_RUNS})`, `Jousts (1–${MAX_RUNS})`), runs, 1, MAX_RUNS)] },
          { label: L(lang, 'Graine', 'Seed'), fields: [textField('seed', L(lang, 'Graine du hasard', 'Random seed'), seed)] },
        ],
      },
    ],
  };
  const note = L(lang,
    `Chaque joute est jouée par le code de l’arbitre (phase 11) avec la renommée moyenne réelle des chevaliers du royaume. ${royal ? 'Joute royale : pas de bonus d’organisateur.' : `Votre joute${Number.isFinite(capacity) ? ` (${capacity} places, selon votre ordre ORG)` : ''} : votre chevalier-seigneur reçoit le bonus d’organisateur. Pour la joute d’un autre seigneur, choisissez « joute royale » : son bonus ne vous concerne pas.`}`,
    `Each joust is played by the referee’s code (phase 11) with the kingdom’s real average knight renown. ${royal ? 'Royal joust: no organiser bonus.' : `Your own joust${Number.isFinite(capacity) ? ` (${capacity} places, from your ORG order)` : ''}: your lord-knight gets the organiser bonus. For another lord’s joust, choose "royal joust": his bonus does not concern you.`}`);
  const st = simulateJoust(s, me, { entrants, rivals, royal, capacity, runs, seed }, lang);
  return { form, result: presentJoust(s, me, st, royal, lang), note, errors: inp.errors };
}

function presentJoust(s: GPState, me: LordId, st: JoustStats, royal: boolean, lang: Lang): { sections: ViewSection[] } {
  if (!st.held) {
    return { sections: [{ title: L(lang, 'Pas de joute', 'No joust'), kind: 'kv', rows: [[L(lang, 'Participants', 'Entrants'), L(lang, 'moins de deux chevaliers : la joute n’a pas lieu (ni renommée ni récompense)', 'fewer than two knights: the joust is not held (no renown, no reward)')]] }] };
  }
  const n = st.runs || 1;
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${fmtDec(x, 2, lang)}`;
  const sections: ViewSection[] = [
    {
      title: L(lang, 'Chances par chevalier', 'Odds by knight'), kind: 'table',
      columns: [L(lang, 'Chevalier', 'Knight'), L(lang, 'Renommée', 'Renown'), L(lang, 'Probabilité de victoire', 'Probability of winning'), L(lang, 'Variation moyenne de renommée', 'Mean renown change')],
      rows: st.entrants.map((e) => [
        e.mine ? e.name : `${e.name} (${L(lang, 'supposé', 'guessed')})`, fmtDec(e.renown, 1, lang),
        e.admitted ? fmtPct(e.wins / n, lang) : L(lang, 'refusé (joute complète)', 'refused (joust full)'), e.admitted ? signed(mean(e.change)) : '—',
      ]),
    },
    { title: L(lang, 'Probabilité de victoire', 'Probability of winning'), kind: 'bars', bars: st.entrants.filter((e) => e.admitted).map((e) => ({ label: e.name, share: e.wins / n, text: fmtPct(e.wins / n, lang) })) },
  ];
  const rows: [string, string][] = [[L(lang, 'Joutes simulées', 'Simulated jousts'), fmtInt(st.runs, lang)]];
  if (!royal) rows.push([L(lang, `Bonus d’organisateur (${s.knights[s.lords[me]!.lordKnight]!.name}, moyenne)`, `Organiser bonus (${s.knights[s.lords[me]!.lordKnight]!.name}, mean)`), signed(mean(st.organiserBonus))]);
  const mineWin = st.entrants.filter((e) => e.mine).reduce((t, e) => t + e.wins, 0) / n;
  rows.push([L(lang, 'Un de vos chevaliers gagne', 'One of your knights wins'), fmtPct(mineWin, lang)]);
  sections.push({ title: L(lang, 'Résumé', 'Summary'), kind: 'kv', rows });
  return { sections };
}
