/**
 * Game of Gruik as a Ruleset (src/engine/ruleset.ts), after Warrior Knights and Fief: the state is
 * the rules' state with the season's flow (flow.ts); a decision is the flow's open pause with its
 * §11.6 row's deadline class (decisions.ts) and default (`'default'`: the flow applies the §11.6
 * default — hold with the standing parts, the standing reaction policy, refusal of the table, ABR,
 * confirmation, the lowest army); a GM item is a judgment decision of GM_SEAT (gm.ts); `validate`
 * is answers.ts's check; `resolve` applies the answers and runs every following step that asks
 * nobody; the view is view.ts's; reports are report.ts's Appendix B with the keys and rulings.
 *
 * Host options: the scenario (`map`: 'fixture', the §12.7 fixture, until the scenario loader and
 * the default map land — one line in SCENARIOS), the seats (`players`, `lords`), `gm` (GM_PRESENT),
 * `seasons` (the campaign's length [P §1.7]), `tabletop` (battles may be played on the table
 * [P §6.12]), `config` (overrides of the constants table, `resolveGruikConfig`).
 */
import type { DeadlineClass as EngineDeadlineClass, Decision, Lang, Localized, Outcome, PlayerId, Ruleset, Validation, ViewDoc } from '../../engine/ruleset.ts';
import { GM_SEAT, validateRuling } from '../../engine/ruleset.ts';
import type { Rng } from '../../engine/rng.ts';
import { DEFAULT, stale, validateChoice, validateReaction, validateReport, validateSheet } from './answers.ts';
import { DEFAULT_CONFIG, resolveGruikConfig } from './constants.ts';
import { deadlineHours, type DeadlineClass } from './decisions.ts';
import { answer, newFlow, reactingStates, seasonName, settle, drawKey, type GruikFlowEvent, type GruikGame } from './flow.ts';
import { gruikJudgment } from './gm.ts';
import { gmAct, gmActions, validateGmAction } from './console.ts';
import type { GruikMap } from './map.ts';
import { FIXTURE_MAP, FIXTURE_STATES } from './maps/fixture.ts';
import { keyCommitment } from './rules/dice.ts';
import { armyCount } from './rules/army-size.ts';
import { controlledBy } from './rules/treasury.ts';
import { initialState, type ScenarioState, type StateId } from './state.ts';
import { viewOf, type GruikView } from './view.ts';

export interface GruikOptions {
  /** The scenario (§12.4): 'fixture' until the default map lands. */
  map?: string;
  players?: number;
  /** The seats' display names (the platform passes them). */
  lords?: string[];
  /** GM_PRESENT (§11.3); default the constant's. */
  gm?: boolean;
  /** The campaign's length in seasons [P §1.7]; 0: open-ended. */
  seasons?: number;
  /** Tabletop battles allowed [P §6.12]. */
  tabletop?: boolean;
  config?: Record<string, unknown>;
}

/** The scenarios a game may start from (the scenario loader of §12.4 plugs in here). */
export const SCENARIOS: Record<string, { map: GruikMap; states: ScenarioState[] }> = {
  fixture: { map: FIXTURE_MAP, states: FIXTURE_STATES },
};

const TITLE: Localized = { fr: 'Game of Gruik', en: 'Game of Gruik' };

const PROMPTS: Record<string, Localized> = {
  orders: { fr: 'Ordres de la saison (S2) : une feuille d’ordres (JSON GruikSheet). Sans réponse : vos forces tiennent, vos consignes permanentes restent.', en: 'Orders of the season (S2): an order sheet (JSON GruikSheet). No answer: your forces hold, your standing instructions carry over.' },
  reaction: { fr: 'Fenêtre de réaction (§5.6) : votre rapport de mouvement signale un mouvement ennemi. Réagissez (mouvements d’une province) ou laissez jouer votre consigne permanente.', en: 'Reaction window (§5.6): your movement report shows an enemy move. React (one-province moves) or let your standing policy apply.' },
  'tabletop-accept': { fr: 'Jouer cette bataille sur table (accept) ou la laisser à la résolution automatique (refuse) ?', en: 'Play this battle on the table (accept) or leave it to automatic resolution (refuse)?' },
  'battle-report': { fr: 'Compte rendu de la bataille jouée sur table (§6.12.1), ou « none » pour le laisser à l’adversaire.', en: 'Report of the battle played on the table (§6.12.1), or "none" to leave it to the other side.' },
  'report-confirmation': { fr: 'Votre adversaire a rendu compte de la bataille : confirmez-vous (confirm) ou contestez-vous (dispute) ?', en: 'Your opponent reported the battle: do you confirm (confirm) or dispute (dispute)?' },
  'disband-army': { fr: 'Vous avez trop d’armées depuis deux saisons (§4.8) : laquelle est dissoute ?', en: 'You have had too many armies for two seasons (§4.8): which one is disbanded?' },
};

const CLASS_LABEL: Record<string, Localized> = {
  ORDERS: { fr: 'ordres', en: 'orders' },
  REACTION: { fr: 'réaction', en: 'reaction' },
  TABLETOP_ACCEPT: { fr: 'bataille sur table', en: 'tabletop battle' },
  TABLETOP_REPORT: { fr: 'compte rendu de bataille', en: 'battle report' },
  DISPUTE: { fr: 'contestation', en: 'dispute' },
};

const opt = (value: string, fr: string, en: string) => ({ value, label: { fr, en } });
const cls = (name: DeadlineClass): Decision['deadline'] => ({ kind: 'class', name });

function decisionsOf(g: GruikGame): Decision[] {
  const f = g.flow, s = g.gruik;
  const live = g.seats.filter((st) => s.realms[st]?.kind === 'player');
  const place = (p: string) => s.map.provinces.find((x) => x.id === p)?.name ?? p;
  const name = (st: StateId) => g.names[st] ?? s.realms[st]?.name ?? st;
  const head = seasonName(s);
  const pre = (p: Localized): Localized => ({ fr: `${head.fr} — ${p.fr}`, en: `${head.en} — ${p.en}` });
  switch (f.phase) {
    case 'orders': return [{ id: 'orders', kind: 'orders', players: live, deadline: cls('ORDERS'), defaults: Object.fromEntries(live.map((p) => [p, DEFAULT])), prompt: pre(PROMPTS.orders!) }];
    case 'reaction': return reactingStates(g).map((st) => ({ id: `reaction:${st}`, kind: 'reaction', players: [st], deadline: cls('REACTION'), defaults: { [st]: DEFAULT }, prompt: pre(PROMPTS.reaction!) }));
    case 'tabletop-accept': return f.battles.map((b) => ({
      id: `tabletop-accept:${b.id}`, kind: 'tabletop-accept', players: [...b.sides], deadline: cls('TABLETOP_ACCEPT'),
      defaults: Object.fromEntries(b.sides.map((p) => [p, 'refuse'])),
      prompt: pre({ fr: `Bataille de ${place(b.province)}, ${name(b.sides[0])} contre ${name(b.sides[1])} : ${PROMPTS['tabletop-accept']!.fr}`, en: `Battle of ${place(b.province)}, ${name(b.sides[0])} vs ${name(b.sides[1])}: ${PROMPTS['tabletop-accept']!.en}` }),
      choices: [opt('accept', 'Jouer sur table', 'Play on the table'), opt('refuse', 'Résolution automatique (ABR)', 'Automatic resolution (ABR)')],
    }));
    case 'battle-report': return f.battles.filter((b) => b.accepted).map((b) => ({
      id: `battle-report:${b.id}`, kind: 'battle-report', players: [...b.sides], deadline: cls('TABLETOP_REPORT'),
      defaults: Object.fromEntries(b.sides.map((p) => [p, 'none'])),
      prompt: pre({ fr: `Bataille de ${place(b.province)} : ${PROMPTS['battle-report']!.fr}`, en: `Battle of ${place(b.province)}: ${PROMPTS['battle-report']!.en}` }),
    }));
    case 'report-confirmation': return f.battles.filter((b) => b.accepted && b.reporter && !b.facts && !b.disputed).map((b) => {
      const other = b.sides.find((x) => x !== b.reporter)!;
      return {
        id: `report-confirmation:${b.id}`, kind: 'report-confirmation', players: [other], deadline: cls('DISPUTE'), defaults: { [other]: 'confirm' },
        prompt: pre({ fr: `Bataille de ${place(b.province)} — ${PROMPTS['report-confirmation']!.fr}\n${JSON.stringify(b.reports[b.reporter!])}`, en: `Battle of ${place(b.province)} — ${PROMPTS['report-confirmation']!.en}\n${JSON.stringify(b.reports[b.reporter!])}` }),
        choices: [opt('confirm', 'Confirmer', 'Confirm'), opt('dispute', 'Contester (le MJ tranche)', 'Dispute (the GM rules)')],
      };
    });
    case 'gm': return f.items.map((it) => gruikJudgment(it.input, s.config)!).filter((d) => d !== null);
    case 'disband': return live.filter((st) => {
      const r = s.realms[st]!;
      const named = f.sheets[st]?.disband;
      return r.armies.length > 1 && armyCount(s.config, r, s.season, r.armies.length, controlledBy(s, st).length).disband && !(named && s.armies[named]?.state === st);
    }).map((st) => ({ id: `disband-army:${st}`, kind: 'disband-army', players: [st], deadline: cls('REACTION'), defaults: { [st]: DEFAULT }, prompt: pre(PROMPTS['disband-army']!) }));
    default: return [];
  }
}

/** Prestige of a seat (a state gone counts below every other). */
const prestigeOf = (g: GruikGame, st: StateId) => g.gruik.realms[st]?.prestige ?? -Infinity;

export type GruikPlayerView = GruikView & { phase: GruikGame['flow']['phase']; asked: string[] };

function seatOf(g: GruikGame, p: PlayerId | null): StateId | null {
  return p !== null && g.seats.includes(p) ? p : null;
}

function visibleNotes(events: GruikFlowEvent[], player: StateId | null, lang: Lang): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.t === 'status') { if (player !== null && e.state === player) out.push(e.text[lang]); }
    else if (e.t === 'note') { if (e.audience.length === 0 || (player !== null && e.audience.includes(player))) out.push(`- ${e.text[lang]}`); }
    else out.push((e.reports[player ?? ''] ?? e.reports[''])![lang]);
  }
  return out;
}

export const gruik: Ruleset<GruikGame, unknown, GruikFlowEvent, GruikPlayerView, GruikOptions> = {
  id: 'gruik',
  title: TITLE,
  setup(options, rng: Rng) {
    const o = options ?? {};
    const sc = SCENARIOS[o.map ?? 'fixture'];
    if (!sc) throw new Error(`gruik: unknown scenario "${o.map}"; known: ${Object.keys(SCENARIOS).join(', ')}`);
    const playable = sc.states.filter((x) => x.kind === 'player');
    const n = o.players ?? o.lords?.length ?? playable.length;
    if (!Number.isInteger(n) || n < 1 || n > playable.length) throw new Error(`gruik: this scenario has 1 to ${playable.length} player states`);
    const base = (o.config ?? {}) as Record<string, Record<string, unknown>>;
    const config = resolveGruikConfig({
      ...base,
      gm: { ...(base.gm ?? {}), ...(o.gm !== undefined ? { present: o.gm } : {}) },
      campaign: { ...(base.campaign ?? {}), ...(o.seasons !== undefined ? { seasons: o.seasons } : {}), ...(o.tabletop !== undefined ? { tabletop: o.tabletop } : {}) },
    });
    // [P] seats beyond the number of players are run as neutrals (GM-run, §2.2).
    const seats = playable.slice(0, n).map((x) => x.id);
    const states = sc.states.map((x) => (x.kind === 'player' && !seats.includes(x.id) ? { ...x, kind: 'neutral' as const } : x));
    const key = drawKey(rng);
    const gruikState = initialState(sc.map, states, config, key, keyCommitment(key));
    const names = Object.fromEntries(seats.map((st, i) => [st, o.lords?.[i] ?? gruikState.realms[st]!.name]));
    const g: GruikGame = { gruik: gruikState, flow: newFlow(), seats, names };
    settle(g, rng, []); // S0 of the first season; its status sheets are in the view
    return g;
  },
  players: (g) => g.seats.map((id) => ({ id, name: g.names[id] ?? id })),
  decisions: (g) => decisionsOf(g),
  validate(g, player, decision, raw): Validation<unknown> {
    const d = decisionsOf(g).find((x) => x.id === decision);
    if (!d || !d.players.includes(player)) return stale();
    if (d.judgment) return validateRuling(d.judgment, raw);
    const s = g.gruik;
    switch (d.kind) {
      case 'orders': {
        const t = typeof raw === 'string' ? raw.trim() : raw;
        if (t === DEFAULT) return { value: DEFAULT, issues: [] };
        return validateSheet(s, player, raw);
      }
      case 'reaction': return validateReaction(s, player, raw);
      case 'tabletop-accept': return validateChoice(raw, ['accept', 'refuse'] as const);
      case 'report-confirmation': return validateChoice(raw, ['confirm', 'dispute'] as const);
      case 'battle-report': {
        const b = g.flow.battles.find((x) => `battle-report:${x.id}` === decision)!;
        return validateReport(b.sides, b.fielded, raw);
      }
      case 'disband-army': {
        const t = typeof raw === 'string' ? raw.trim() : '';
        if (t === DEFAULT) return { value: DEFAULT, issues: [] };
        if (s.armies[t]?.state === player) return { value: t, issues: [] };
        return validateChoice(t, [DEFAULT, ...s.realms[player]!.armies] as string[]);
      }
      default: return stale();
    }
  },
  resolve(g, submissions, rng) {
    const answers: Record<string, Record<PlayerId, unknown>> = {};
    for (const x of submissions) (answers[x.decision] ??= {})[x.player] = x.value;
    const r = answer(g, answers, rng);
    return { state: r.game, events: r.events };
  },
  view(g, player) {
    const seat = seatOf(g, player);
    const asked = seat ? decisionsOf(g).filter((d) => d.players.includes(seat)).map((d) => d.id) : [];
    return { ...viewOf(g.gruik, seat), phase: g.flow.phase, asked };
  },
  report(g, events, player, lang) {
    const parts = visibleNotes(events, seatOf(g, player), lang);
    return parts.length ? parts.join('\n\n') + '\n' : (lang === 'fr' ? 'Rien de nouveau pour vous à cette étape.\n' : 'Nothing new for you at this step.\n');
  },
  publicReport(_g, events, lang) {
    return visibleNotes(events, null, lang).join('\n\n') + '\n';
  },
  outcome(g): Outcome | null {
    if (g.flow.phase !== 'over') return null;
    const best = Math.max(...g.seats.map((st) => prestigeOf(g, st)));
    // [P §1.7] the text names no victory: the campaign ends after its seasons and the prestige ranking (§8.9) decides.
    return { finished: true, winners: g.seats.filter((st) => prestigeOf(g, st) === best && Number.isFinite(best)), reason: 'prestige' };
  },
  finishingOrder(g) {
    const scores = [...new Set(g.seats.map((st) => prestigeOf(g, st)))].sort((a, b) => b - a);
    return scores.map((v) => g.seats.filter((st) => prestigeOf(g, st) === v));
  },
  // The GM's console (console.ts, §11.3): edits of entities as GM actions, audited and replayed.
  gmActions, validateGmAction, gmAct,
  stepLabel(g) {
    if (g.flow.phase === 'over') return 'over';
    return `season ${g.gruik.season + 1} ${g.flow.phase ?? ''}`.trim();
  },
  localizeLabel(label, lang) {
    if (lang === 'en') return label;
    const fr: Record<string, string> = { orders: 'ordres', reaction: 'réaction', 'tabletop-accept': 'bataille sur table', 'battle-report': 'compte rendu de bataille', 'report-confirmation': 'confirmation du compte rendu', gm: 'MJ', disband: 'dissolution' };
    if (label === 'over') return 'terminée';
    return label.replace(/^season (\d+)(?: (\S+))?$/, (_, n: string, p?: string) => `saison ${n}${p ? ` ${fr[p] ?? p}` : ''}`);
  },
  presentView(g, player, lang): ViewDoc {
    const s = g.gruik, fr = lang === 'fr';
    const seat = seatOf(g, player);
    const ranking = Object.values(s.realms).filter((r) => r.kind !== 'rebels').sort((a, b) => b.prestige - a.prestige || (a.name < b.name ? -1 : 1));
    const sections: ViewDoc['sections'] = [
      { title: fr ? 'Saison' : 'Season', kind: 'kv', rows: [[fr ? 'Saison' : 'Season', seasonName(s)[lang]], [fr ? 'Empreinte de la clé (§11.1)' : 'Key hash (§11.1)', s.dice.keyHashes[s.season] ?? '—']] },
      { title: fr ? 'Classement du prestige' : 'Prestige ranking', kind: 'table', columns: fr ? ['État', 'Prestige'] : ['State', 'Prestige'], rows: ranking.map((r) => [g.names[r.id] ?? r.name, String(r.prestige)]) },
    ];
    if (seat && s.realms[seat]) {
      const r = s.realms[seat]!;
      sections.push({ title: fr ? 'Votre état' : 'Your state', kind: 'kv', rows: [[fr ? 'Trésor' : 'Treasury', String(r.treasury)], ...Object.values(s.armies).filter((a) => a.state === seat).map((a) => [a.id, `${a.currentAP} AP${typeof a.location === 'string' ? `, ${a.location}` : ''}`] as [string, string])] });
    }
    return { sections };
  },
  deadlineClasses: Object.fromEntries((['ORDERS', 'REACTION', 'TABLETOP_ACCEPT', 'TABLETOP_REPORT', 'DISPUTE'] as const).map((c) => {
    const weekly = deadlineHours(DEFAULT_CONFIG, c) * 60;
    // [P] weekly: the constants' defaults; daily: a day at most for orders, half of it for the others; live: minutes.
    const daily = Math.min(weekly, c === 'ORDERS' ? 24 * 60 : 12 * 60);
    const liveMin = c === 'ORDERS' ? 15 : 5;
    return [c, { label: CLASS_LABEL[c]!, minutes: { live: liveMin, daily, weekly } } satisfies EngineDeadlineClass];
  })),
  answerText: (_g, _player, _decision, value) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2)),
};

/** The trivial bot (until bot.ts lands): every decision's default — hold with the standing parts, ABR, confirm. */
export function holdBot(g: GruikGame, player: PlayerId, decision: string): unknown {
  const d = decisionsOf(g).find((x) => x.id === decision);
  return d?.defaults[player] ?? DEFAULT;
}

export { GM_SEAT };
export default gruik;
