/**
 * Game of Gruik as a Ruleset (src/engine/ruleset.ts), after Warrior Knights and Fief: the state is
 * the rules' state with the season's flow (flow.ts); a decision is the flow's open pause with its
 * §11.6 row's deadline class (decisions.ts) and default (`'default'`: the flow applies the §11.6
 * default — hold with the standing parts, the standing reaction policy, refusal of the table, ABR,
 * confirmation, the lowest army); a GM item is a judgment decision of GM_SEAT (gm.ts); `validate`
 * is answers.ts's check; `resolve` applies the answers and runs every following step that asks
 * nobody; the view is view.ts's; reports are report.ts's Appendix B with the keys and rulings.
 *
 * Host options: the scenario (`map`: 'anneau', the default map, or 'fixture', the §12.7 fixture; or
 * `scenario`, a GM's own §12.4 file, see `setupUploaded`), the seats (`players`, `lords`), `gm` (GM_PRESENT),
 * `seasons` (the campaign's length [P §1.7]), `tabletop` (battles may be played on the table
 * [P §6.12]), `communiqueModeration` (J21: communiqués to the GM first, communique.ts), `config` (overrides of the constants table, `resolveGruikConfig`).
 */
import type { DeadlineClass as EngineDeadlineClass, Decision, Lang, Localized, Outcome, PlayerId, Ruleset, Validation, ViewDoc } from '../../engine/ruleset.ts';
import { GM_SEAT, validateRuling } from '../../engine/ruleset.ts';
import type { Rng } from '../../engine/rng.ts';
import { DEFAULT, stale, validateChoice, validateReaction, validateReport, validateSheet } from './answers.ts';
import { DEFAULT_CONFIG, resolveGruikConfig } from './constants.ts';
import { deadlineHours, type DeadlineClass } from './decisions.ts';
import { answer, creatingStates, newFlow, reactingStates, seasonName, settle, drawKey, NAVAL_WORD, type GruikFlowEvent, type GruikGame } from './flow.ts';
import { CHOICES } from './rules/naval-phase.ts';
import { gruikJudgment } from './gm.ts';
import { gmAct, gmActionAudience, gmActions, reapplyEdits, validateGmAction, type EntityEdit } from './console.ts';
import type { GruikMap } from './map.ts';
import { FIXTURE_MAP, FIXTURE_STATES } from './maps/fixture.ts';
import { gruikMapDoc } from './mapdoc.ts';
import { botCreateArmy, botDisband, botNavalRound, botReactions, botSheet, botVolunteer } from './bot.ts';
import { orderTemplate, parseSheet, sheetForm, sheetText, validationIssues } from './sheet/index.ts';
import type { GruikSheet } from './sheet-types.ts';
import { DEFAULT_SCENARIO, initialFromScenario, loadScenario } from './scenario.ts';
import { keyCommitment } from './rules/dice.ts';
import { armyCount } from './rules/army-size.ts';
import { controlledBy } from './rules/treasury.ts';
import { initialState, type ScenarioState, type StateId } from './state.ts';
import { refereeViewOf, viewOf, type GruikView } from './view.ts';
import { diplomacySections } from './public-part.ts';
import { actTabletop, battleStepAudience, tabletopAudience, reportExample, reportSummary, tabletopActions, tabletopSections, validateTabletopAction, type TableAction } from './tabletop.ts';
import type { LoadedScenario, ScenarioProblem } from './scenario.ts';
import { LocalizedError } from '../../engine/constants.ts';
import { firstRoundTrip } from '../../engine/form-values.ts';
import { describeReaction, reactionForm, reactionFormValues, reactionLine } from './reaction-answer.ts';
import { describeReport, reportForm, reportFormValues, reportFrame, reportLine, type ReportFrame } from './report-answer.ts';
import type { MoveOrder } from './rules/movement.ts';
import type { BattleFacts } from './rules/battle-result.ts';
import { shortId } from './sheet/names.ts';
import { fill } from '../../engine/localize.ts';
import { listJudgments } from './list-check.ts';
import { actCommunique, communiqueActions, communiqueAudience, communiqueJudgments, communiqueSections, isCommuniqueInput, isCommuniqueValue, publishedCount, validateCommunique } from './communique.ts';

export interface GruikOptions {
  /** The scenario (§12.4): 'anneau' (the default map) or 'fixture' (§12.7). */
  map?: string;
  /**
   * A GM's own scenario file (rules §12.4, the parsed JSON), instead of `map`: checked by the
   * loader (§12.6), refused with its M errors named; its drawing is kept in the state.
   */
  scenario?: unknown;
  players?: number;
  /** The seats' display names (the platform passes them). */
  lords?: string[];
  /** GM_PRESENT (§11.3); default the constant's. */
  gm?: boolean;
  /** The campaign's length in seasons [P §1.7]; 0: open-ended. */
  seasons?: number;
  /** Tabletop battles allowed [P §6.12]. */
  tabletop?: boolean;
  /** J21 [P §11.4]: communiqués go to the GM's queue first (`campaign.communiqueModeration`). */
  communiqueModeration?: boolean;
  /** J6 [P §11.4]: the army lists handed in for the table wait for the GM's check (`campaign.listCheck`). */
  listCheck?: boolean;
  config?: Record<string, unknown>;
}

/**
 * The scenarios a game may start from: `anneau`, the original default map (§12, maps/default.json,
 * loaded and checked by scenario.ts, its variant chosen by the number of players, 4 to 8), and
 * `fixture`, the §12.7 test fixture (2 player states; extra seats of a smaller game run as neutrals).
 */
export const SCENARIOS: Record<string, { map: GruikMap; states: ScenarioState[] }> = {
  fixture: { map: FIXTURE_MAP, states: FIXTURE_STATES },
};
export const DEFAULT_MAP = 'anneau';
const ANNEAU_PLAYERS = (DEFAULT_SCENARIO.variants ?? []).map((v) => v.players);

const TITLE: Localized = { fr: 'Game of Gruik', en: 'Game of Gruik' };

const PROMPTS: Record<string, Localized> = {
  orders: { fr: 'Ordres de la saison (S2) : une feuille d’ordres, un ordre par ligne (aide : docs « Feuilles d’ordres » ; le formulaire guidé propose les ordres permis). Sans réponse : vos forces tiennent, vos consignes permanentes restent.', en: 'Orders of the season (S2): an order sheet, one order a line (help: "Order sheets"; the guided form offers the legal orders). No answer: your forces hold, your standing instructions carry over.' },
  reaction: { fr: 'Fenêtre de réaction (§5.6) : votre rapport de mouvement signale un mouvement ennemi. Réagissez (mouvements d’une province) ou laissez jouer votre consigne permanente.', en: 'Reaction window (§5.6): your movement report shows an enemy move. React (one-province moves) or let your standing policy apply.' },
  'tabletop-accept': { fr: 'Jouer cette bataille sur table (accept) ou la laisser à la résolution automatique (refuse) ?', en: 'Play this battle on the table (accept) or leave it to automatic resolution (refuse)?' },
  'battle-report': { fr: 'Compte rendu de la bataille jouée sur table (§6.12.1) : le résultat, les AP perdus par chaque camp, les éléments de général détruits, la retraite du vaincu ; ou laissez-le à l’adversaire.', en: 'Report of the battle played on the table (§6.12.1): the result, the AP each side lost, the general elements destroyed, the loser’s retreat; or leave it to the other side.' },
  'report-confirmation': { fr: 'Votre adversaire a rendu compte de la bataille : confirmez-vous (confirm) ou contestez-vous (dispute) ?', en: 'Your opponent reported the battle: do you confirm (confirm) or dispute (dispute)?' },
  'naval-intercept': { fr: 'Manche navale (§7.15) : votre flotte {f} a repéré en {z} une flotte de {o} d’environ {n} navires (impulsion {k}). L’intercepter (intercept) ou la laisser passer (pass) ? Sans réponse : votre politique navale ({d}).', en: 'Naval round (§7.15): your fleet {f} has sighted in {z} a fleet of {o} of about {n} ships (impulse {k}). Intercept it (intercept) or let it pass (pass)? No answer: your naval policy ({d}).' },
  'naval-respond': { fr: 'Manche navale (§7.9) : votre flotte {f} est interceptée en {z} par une flotte de {o} de {n} navires (impulsion {k}). Répondez : battle, retreat, continue, stay ou port (un choix impossible retombe comme le dit §7.15). Sans réponse : votre politique navale ({d}).', en: 'Naval round (§7.9): your fleet {f} is intercepted in {z} by a fleet of {o} of {n} ships (impulse {k}). Answer: battle, retreat, continue, stay or port (an impossible choice falls back as §7.15 says). No answer: your naval policy ({d}).' },
  'volunteer-ally': { fr: 'Bataille de {p} (§4.5.4, §6.12.1) : votre contingent allié volontaire {d} ({ap} AP), joint à l’armée {h} de {hs}, va combattre contre {a}. Le laisser venir (appear) ou le retenir (withhold : il ne combat pas et reste avec l’armée hôte) ? Sans réponse : il vient.', en: 'Battle of {p} (§4.5.4, §6.12.1): your volunteer contingent {d} ({ap} AP), joined to {hs}’s army {h}, is about to fight {a}. Let it appear (appear) or withhold it (withhold: it does not fight and stays with the host army)? No answer: it appears.' },
  'create-army': { fr: 'Vous contrôlez assez de provinces pour une armée de plus (§4.8) : la lever (create ; elle paraît à la capitale au début de la saison prochaine) ou non (decline) ? Votre réponse vaut pour les saisons suivantes. Sans réponse : elle est levée.', en: 'You control enough provinces for one more army (§4.8): raise it (create; it appears at the capital at the start of next season) or not (decline)? Your answer stands for the seasons to come. No answer: it is raised.' },
  'disband-army': { fr: 'Vous avez trop d’armées depuis deux saisons (§4.8) : laquelle est dissoute ?', en: 'You have had too many armies for two seasons (§4.8): which one is disbanded?' },
};

/** The title of a season report's mail (`reportMail`). */
const SEASON_REPORT_MAIL: Localized = { fr: 'Rapport de saison — {s}', en: 'Season report — {s}' };

const CLASS_LABEL: Record<string, Localized> = {
  ORDERS: { fr: 'ordres', en: 'orders' },
  REACTION: { fr: 'réaction', en: 'reaction' },
  NAVAL_ROUND: { fr: 'manche navale', en: 'naval round' },
  TABLETOP_ACCEPT: { fr: 'bataille sur table', en: 'tabletop battle' },
  TABLETOP_REPORT: { fr: 'compte rendu de bataille', en: 'battle report' },
  DISPUTE: { fr: 'contestation', en: 'dispute' },
};

const opt = (value: string, fr: string, en: string) => ({ value, label: { fr, en } });
const cls = (name: DeadlineClass): Decision['deadline'] => ({ kind: 'class', name });

function decisionsOf(g: GruikGame): Decision[] {
  // J21 (communique.ts): the communiqués waiting for the GM, optional items beside whatever the season asks
  // J6 (list-check.ts): the army lists waiting for the GM's check, likewise
  const extra = [...communiqueJudgments(g), ...listJudgments(g)];
  return extra.length ? [...phaseDecisions(g), ...extra] : phaseDecisions(g);
}

function phaseDecisions(g: GruikGame): Decision[] {
  const f = g.flow, s = g.gruik;
  const live = g.seats.filter((st) => s.realms[st]?.kind === 'player');
  const place = (p: string) => s.map.provinces.find((x) => x.id === p)?.name ?? p;
  const name = (st: StateId) => g.names[st] ?? s.realms[st]?.name ?? st;
  const head = seasonName(s);
  const pre = (p: Localized): Localized => ({ fr: `${head.fr} — ${p.fr}`, en: `${head.en} — ${p.en}` });
  switch (f.phase) {
    case 'orders': return [{ id: 'orders', kind: 'orders', players: live, deadline: cls('ORDERS'), defaults: Object.fromEntries(live.map((p) => [p, DEFAULT])), prompt: pre(PROMPTS.orders!), sheet: true }]; // the text sheet (sheet/), edited as one on the prompt page
    case 'reaction': return reactingStates(g).map((st) => ({ id: `reaction:${st}`, kind: 'reaction', players: [st], deadline: cls('REACTION'), defaults: { [st]: DEFAULT }, prompt: pre(PROMPTS.reaction!) }));
    case 'naval-round': return (f.navalQuestions ?? []).map((q) => {
      const vars = { f: q.fleet, z: s.map.seaZones.find((x) => x.id === q.zone)?.name ?? q.zone, o: name(q.otherState), n: q.otherShips, k: q.impulse, d: NAVAL_WORD[q.byDefault] ?? { fr: q.byDefault, en: q.byDefault } };
      const values = q.kind === 'intercept' ? ['intercept', 'pass'] : [...CHOICES];
      return {
        id: `naval-round:${q.key}`, kind: 'naval-round', players: [q.state], deadline: cls('NAVAL_ROUND'), defaults: { [q.state]: DEFAULT },
        prompt: pre(fill(PROMPTS[q.kind === 'intercept' ? 'naval-intercept' : 'naval-respond']!, vars)),
        choices: values.map((v) => ({ value: v, label: NAVAL_WORD[v]! })),
      };
    });
    case 'volunteer': return (f.volunteers ?? []).map((v) => ({
      id: `volunteer-ally:${v.detachment}`, kind: 'volunteer-ally', players: [v.owner], deadline: cls('TABLETOP_ACCEPT'), defaults: { [v.owner]: 'appear' },
      prompt: pre(fill(PROMPTS['volunteer-ally']!, { p: place(v.province), d: v.detachment, ap: s.detachments[v.detachment]?.ap ?? 0, h: v.hostArmy, hs: name(v.hostState), a: name(v.against) })),
      choices: [opt('appear', 'Le contingent vient (J5)', 'The contingent appears (J5)'), opt('withhold', 'Retenir le contingent (A-11)', 'Withhold the contingent (A-11)')],
    }));
    case 'tabletop-accept': return f.battles.map((b) => ({
      id: `tabletop-accept:${b.id}`, kind: 'tabletop-accept', players: [...b.sides], deadline: cls('TABLETOP_ACCEPT'),
      defaults: Object.fromEntries(b.sides.map((p) => [p, 'refuse'])),
      prompt: pre({ fr: `Bataille de ${place(b.province)}, ${name(b.sides[0])} contre ${name(b.sides[1])} : ${PROMPTS['tabletop-accept']!.fr}`, en: `Battle of ${place(b.province)}, ${name(b.sides[0])} vs ${name(b.sides[1])}: ${PROMPTS['tabletop-accept']!.en}` }),
      choices: [opt('accept', 'Jouer sur table', 'Play on the table'), opt('refuse', 'Résolution automatique (ABR)', 'Automatic resolution (ABR)')],
    }));
    case 'battle-report': return f.battles.filter((b) => b.accepted).map((b) => ({
      id: `battle-report:${b.id}`, kind: 'battle-report', players: [...b.sides], deadline: cls('TABLETOP_REPORT'),
      defaults: Object.fromEntries(b.sides.map((p) => [p, 'none'])),
      prompt: pre({ fr: `Bataille de ${place(b.province)} : ${PROMPTS['battle-report']!.fr} ${reportExample(g, b).fr}`, en: `Battle of ${place(b.province)}: ${PROMPTS['battle-report']!.en} ${reportExample(g, b).en}` }),
    }));
    case 'report-confirmation': return f.battles.filter((b) => b.accepted && b.reporter && !b.facts && !b.disputed).map((b) => {
      const other = b.sides.find((x) => x !== b.reporter)!;
      return {
        id: `report-confirmation:${b.id}`, kind: 'report-confirmation', players: [other], deadline: cls('DISPUTE'), defaults: { [other]: 'confirm' },
        prompt: pre({ fr: `Bataille de ${place(b.province)} — ${PROMPTS['report-confirmation']!.fr} (${reportSummary(g, b, b.reports[b.reporter!]!).fr})`, en: `Battle of ${place(b.province)} — ${PROMPTS['report-confirmation']!.en} (${reportSummary(g, b, b.reports[b.reporter!]!).en})` }),
        choices: [opt('confirm', 'Confirmer', 'Confirm'), opt('dispute', 'Contester (le MJ tranche)', 'Dispute (the GM rules)')],
      };
    });
    case 'gm': return f.items.map((it) => gruikJudgment(it.input, s.config)!).filter((d) => d !== null);
    case 'disband': return live.filter((st) => {
      const r = s.realms[st]!;
      const named = f.sheets[st]?.disband;
      return r.armies.length > 1 && armyCount(s.config, r, s.season, r.armies.length, controlledBy(s, st).length).disband && !(named && s.armies[named]?.state === st);
    }).map((st) => ({
      id: `disband-army:${st}`, kind: 'disband-army', players: [st], deadline: cls('REACTION'), defaults: { [st]: DEFAULT }, prompt: pre(PROMPTS['disband-army']!),
      // each of its armies a button (its AP and place are the state's own), never a typed id
      choices: s.realms[st]!.armies.filter((a) => s.armies[a]).map((a) => {
        const x = s.armies[a]!, at = typeof x.location === 'string' && x.location !== 'captured' ? place(x.location) : null;
        return opt(a, `Dissoudre ${shortId(st, a)} (${x.currentAP} AP${at ? `, à ${at}` : ''})`, `Disband ${shortId(st, a)} (${x.currentAP} AP${at ? `, in ${at}` : ''})`);
      }),
    }));
    case 'create-army': return creatingStates(g).map((st) => ({
      id: `create-army:${st}`, kind: 'create-army', players: [st], deadline: cls('REACTION'), defaults: { [st]: 'create' }, prompt: pre(PROMPTS['create-army']!),
      choices: [opt('create', 'Lever la nouvelle armée', 'Raise the new army'), opt('decline', 'Ne pas la lever', 'Do not raise it')],
    }));
    default: return [];
  }
}

/** The kind of an open decision (null when it is no longer asked). */
const kindOf = (g: GruikGame, decision: string): string | null => decisionsOf(g).find((d) => d.id === decision)?.kind ?? null;

/** The frame of `player`'s report of the battle of an open `battle-report:<id>` (report-answer.ts); null when it is not his. */
function reportFrameOf(g: GruikGame, player: PlayerId, decision: string): ReportFrame | null {
  const b = g.flow.battles.find((x) => `battle-report:${x.id}` === decision);
  return b && b.sides.includes(player) ? reportFrame(g.gruik, g.names, b, player) : null;
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

/** The host's constants overrides with the options that set constants (GM_PRESENT, the campaign). */
function overridesOf(o: GruikOptions): Record<string, unknown> {
  const base = (o.config ?? {}) as Record<string, Record<string, unknown>>;
  return {
    ...base,
    gm: { ...(base.gm ?? {}), ...(o.gm !== undefined ? { present: o.gm } : {}) },
    campaign: { ...(base.campaign ?? {}), ...(o.seasons !== undefined ? { seasons: o.seasons } : {}), ...(o.tabletop !== undefined ? { tabletop: o.tabletop } : {}), ...(o.communiqueModeration !== undefined ? { communiqueModeration: o.communiqueModeration } : {}), ...(o.listCheck !== undefined ? { listCheck: o.listCheck } : {}) },
  };
}

/** The default map, its §12.5 variant for this many players (the seats are the variant's player states, in its order). */
function setupAnneau(o: GruikOptions, rng: Rng): GruikGame {
  const n = o.players ?? o.lords?.length ?? 6;
  if (!ANNEAU_PLAYERS.includes(n)) throw new Error(`gruik: this scenario has variants for ${ANNEAU_PLAYERS.join(', ')} players`);
  const loaded = loadScenario(DEFAULT_SCENARIO, String(n));
  if (!loaded.ok) throw new Error(`gruik: the default map does not load: ${loaded.errors.map((e) => `${e.check} ${e.entity}`).join('; ')}`);
  return startFrom(loaded, DEFAULT_SCENARIO.variants!.find((v) => v.players === n)!.playerStates, o, rng);
}

/** A loaded scenario's start (§2.13): the season key, the state, the seats (player states in `order`) and S0 of the first season. */
function startFrom(loaded: LoadedScenario, order: readonly StateId[], o: GruikOptions, rng: Rng): GruikGame {
  const key = drawKey(rng);
  const gruikState = initialFromScenario(loaded, { seasonKey: key, config: overridesOf(o) });
  const seats = order.filter((st) => gruikState.realms[st]?.kind === 'player');
  const names = Object.fromEntries(seats.map((st, i) => [st, o.lords?.[i] ?? gruikState.realms[st]!.name]));
  const g: GruikGame = { gruik: gruikState, flow: newFlow(), seats, names };
  settle(g, rng, []); // S0 of the first season; its status sheets are in the view
  return g;
}

const UPLOAD_MSG = {
  refused: { fr: 'le scénario est refusé ({n} erreur(s)) : {list}', en: 'the scenario is refused ({n} error(s)): {list}' },
  more: { fr: '… et {n} autre(s)', en: '… and {n} more' },
  seats: { fr: 'ce scénario se joue à {counts} joueurs ({n} demandés)', en: 'this scenario is for {counts} players ({n} asked)' },
  or: { fr: ' ou ', en: ' or ' },
} satisfies Record<string, Localized>;
/** The errors named in a refusal, at most this many (the rest counted): `suzerain scenario check` lists them all. */
const UPLOAD_ERRORS_SHOWN = 12;

/** A refusal naming the load's M (and FORMAT) errors, each with its check and entity, in French and English. */
function refusal(errors: readonly ScenarioProblem[]): LocalizedError {
  const shown = errors.slice(0, UPLOAD_ERRORS_SHOWN);
  const list = (lang: Lang) => [...shown.map((e) => `${e.check} ${e.message[lang]}`), ...(errors.length > shown.length ? [fill(UPLOAD_MSG.more, { n: errors.length - shown.length })[lang]] : [])].join('; ');
  return new LocalizedError(fill(UPLOAD_MSG.refused, { n: errors.length, list: { fr: list('fr'), en: list('en') } }));
}

/** The variants a file declares (id, players, player states), read without trusting its shape (the loader checks it). */
function declaredVariants(json: unknown): { id: string; players: number; playerStates: StateId[] }[] {
  const vs = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as { variants?: unknown }).variants : undefined;
  if (!Array.isArray(vs)) return [];
  return vs.filter((v): v is { id: string; players: number; playerStates: StateId[] } => typeof v === 'object' && v !== null
    && typeof (v as { id?: unknown }).id === 'string' && typeof (v as { players?: unknown }).players === 'number' && Array.isArray((v as { playerStates?: unknown }).playerStates));
}

/**
 * A GM's own scenario (rules §12.4–§12.6). [P §12.5] Its variant is the one for the number of
 * players asked; when it has none for that number, the file as written if it has that many player
 * states; with no number asked, the loader's choice (the 6-player variant, else the first, else as
 * written). A file that fails to load is refused with its errors named (FR/EN, `LocalizedError`);
 * its warnings do not stop a game (§12.6: they are listed for the GM, `suzerain scenario check`).
 * The seats are the player states in the variant's order (else the file's); its drawing is kept in
 * the state (`initialFromScenario`) unless it is a built-in scenario's own.
 */
function setupUploaded(json: unknown, o: GruikOptions, rng: Rng): GruikGame {
  const n = o.players ?? o.lords?.length;
  const variants = declaredVariants(json);
  const variant = n === undefined ? undefined : variants.find((v) => v.players === n);
  const loaded = loadScenario(json, n === undefined ? undefined : variant ? variant.id : null);
  if (!loaded.ok) throw refusal(loaded.errors);
  const asWritten = loaded.states.filter((st) => st.kind === 'player').map((st) => st.id);
  if (n !== undefined && !variant && asWritten.length !== n) {
    const counts = [...new Set([...variants.map((v) => v.players), asWritten.length])].sort((a, b) => a - b);
    const join = (lang: Lang) => counts.join(UPLOAD_MSG.or[lang]);
    throw new LocalizedError(fill(UPLOAD_MSG.seats, { counts: { fr: join('fr'), en: join('en') }, n }));
  }
  const chosen = variants.find((v) => v.id === loaded.variant);
  return startFrom(loaded, chosen ? chosen.playerStates : asWritten, o, rng);
}

export const gruik: Ruleset<GruikGame, unknown, GruikFlowEvent, GruikPlayerView, GruikOptions> = {
  id: 'gruik',
  title: TITLE,
  setup(options, rng: Rng) {
    const o = options ?? {};
    if (o.scenario !== undefined) return setupUploaded(o.scenario, o, rng); // a GM's own file takes the place of `map`
    if (o.map === DEFAULT_MAP) return setupAnneau(o, rng);
    const sc = SCENARIOS[o.map ?? 'fixture'];
    if (!sc) throw new Error(`gruik: unknown scenario "${o.map}"; known: ${[DEFAULT_MAP, ...Object.keys(SCENARIOS)].join(', ')}`);
    const playable = sc.states.filter((x) => x.kind === 'player');
    const n = o.players ?? o.lords?.length ?? playable.length;
    if (!Number.isInteger(n) || n < 1 || n > playable.length) throw new Error(`gruik: this scenario has 1 to ${playable.length} player states`);
    const config = resolveGruikConfig(overridesOf(o));
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
        // The text sheet (sheet/: one order a line, French or English keywords, per-line issues);
        // a JSON GruikSheet (the API, bots) is checked field by field (answers.ts).
        if (typeof t === 'string' && !/^[{[]/.test(t)) {
          const r = parseSheet(s, player, raw as string, 'en'); // untrimmed: the issues' line numbers are the lines the player sees
          return { value: r.sheet, issues: validationIssues(r.issues) };
        }
        return validateSheet(s, player, raw);
      }
      case 'reaction': return validateReaction(s, player, raw);
      case 'tabletop-accept': return validateChoice(raw, ['accept', 'refuse'] as const);
      case 'volunteer-ally': return validateChoice(raw, ['appear', 'withhold'] as const);
      case 'create-army': return validateChoice(raw, ['create', 'decline'] as const);
      case 'naval-round': return validateChoice(raw, [DEFAULT, ...(d.choices ?? []).map((c) => c.value)]);
      case 'report-confirmation': return validateChoice(raw, ['confirm', 'dispute'] as const);
      case 'battle-report': return validateReport(reportFrameOf(g, player, decision)!, raw);
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
    const r = answer(g, answers, rng, (t, ev) => reapplyEdits(t, (t.flow.rerun?.edits ?? []) as EntityEdit[], ev)); // §6.12.2: S6.3 fought again keeps the GM's edits
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
  // §3.3 S9, App. B: the step that ends a season carries its season report, mailed to every player (his own, with his map).
  reportMail(g, events) {
    const e = events.filter((x): x is Extract<GruikFlowEvent, { t: 'season-report' }> => x.t === 'season-report').at(-1);
    return e ? fill(SEASON_REPORT_MAIL, { s: seasonName(g.gruik, e.season) }) : null;
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
  gmActions, validateGmAction, gmAct, gmActionAudience,
  stepLabel(g) {
    if (g.flow.phase === 'over') return 'over';
    return `season ${g.gruik.season + 1} ${g.flow.phase ?? ''}`.trim();
  },
  localizeLabel(label, lang) {
    if (lang === 'en') return label;
    const fr: Record<string, string> = { orders: 'ordres', reaction: 'réaction', 'naval-round': 'manche navale', volunteer: 'alliés volontaires', 'tabletop-accept': 'bataille sur table', 'battle-report': 'compte rendu de bataille', 'report-confirmation': 'confirmation du compte rendu', gm: 'MJ', disband: 'dissolution', 'create-army': 'nouvelle armée' };
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
    if (player === GM_SEAT) sections.push(...refereeSections(g, lang)); // §11.3: the GM sees everything
    sections.unshift(...tabletopSections(g, seat, lang)); // §6.12.1: the battle sheet of the seat's tabletop battles, first
    sections.push(...communiqueSections(g, seat, lang)); // §6.11: the communiqués published, and the seat's own awaiting the GM
    sections.push(...diplomacySections(viewOf(s, seat), (st) => g.names[st] ?? s.realms[st]?.name ?? st, lang)); // App. B 11: declarations, rumours, treaties, from the seat's view
    return { sections };
  },
  // §6.12.1: the two sides of a tabletop battle hand in their lists and agree on a date (tabletop.ts);
  // §6.11: a battle's participants publish their communiqués (communique.ts).
  freeActions: (g, player, lang) => [...tabletopActions(g, player, lang), ...communiqueActions(g, player, lang)],
  validateAction: (g, player, input) => (isCommuniqueInput(input) ? validateCommunique(g, player, input) : validateTabletopAction(g, player, input)),
  act: (g, player, value) => (isCommuniqueValue(value) ? actCommunique(g, player, value) : actTabletop(g, player, value as TableAction)),
  // Fog of war: a table action is in the log of the battle's two sides alone (tabletop.ts); a
  // communiqué is everyone's (§6.11), its author's alone while the GM reads it (J21).
  freeActionAudience: (g, player, value) => (isCommuniqueValue(value) ? communiqueAudience(g, player) : tabletopAudience(g, player, value as TableAction)),
  // A step that published a communiqué is everyone's, even a tabletop battle's own step.
  stepAudience: (before, after) => (publishedCount(after) !== publishedCount(before) ? null : battleStepAudience(before, after)),
  deadlineClasses: Object.fromEntries((['ORDERS', 'REACTION', 'NAVAL_ROUND', 'TABLETOP_ACCEPT', 'TABLETOP_REPORT', 'DISPUTE'] as const).map((c) => {
    const weekly = deadlineHours(DEFAULT_CONFIG, c) * 60;
    // [P] weekly: the constants' defaults; daily: a day at most for orders, half of it for the others; live: minutes.
    const daily = Math.min(weekly, c === 'ORDERS' ? 24 * 60 : 12 * 60);
    const liveMin = c === 'ORDERS' ? 15 : 5;
    return [c, { label: CLASS_LABEL[c]!, minutes: { live: liveMin, daily, weekly } } satisfies EngineDeadlineClass];
  })),
  // A stored answer shown back as text: the sheet (sheet/print.ts: parse(print(s)) = s), a reaction's or a report's line
  // (reaction-answer.ts, report-answer.ts: the line the form writes); other answers as they are.
  answerText(g, player, decision, value) {
    if (typeof value === 'string' && value !== DEFAULT) return value;
    const kind = kindOf(g, decision);
    if (kind === 'reaction' && (Array.isArray(value) || value === DEFAULT)) return reactionLine(player, value as MoveOrder[] | typeof DEFAULT);
    const frame = kind === 'battle-report' ? reportFrameOf(g, player, decision) : null;
    if (frame && value && typeof value === 'object') return reportLine(frame, value as BattleFacts);
    if (decision === 'orders' && value && typeof value === 'object' && g.gruik.realms[player]) return sheetText(g.gruik, player, value as GruikSheet, 'en');
    return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  },
  // The orders decision is a sheet (`Decision.sheet`): the guided form's entries (sheet/form.ts
  // `sheetForm`: only legal choices, each a line of the text sheet) each add a line to it. The
  // reaction window and the tabletop report are one line each, written by their forms
  // (reaction-answer.ts, report-answer.ts); the other questions are buttons (`choices`).
  answerForm(g, player, decision, lang) {
    if (decision === 'orders' && g.flow.phase === 'orders' && g.seats.includes(player)) return sheetForm(g.gruik, player, lang);
    const asked = decisionsOf(g).find((d) => d.id === decision && d.players.includes(player));
    if (asked?.kind === 'reaction') return reactionForm(g.gruik, player, lang);
    const frame = asked?.kind === 'battle-report' ? reportFrameOf(g, player, decision) : null;
    if (frame) return reportForm(frame, lang);
    return { layout: 'picker', groups: [] };
  },
  // The sheet's form only adds lines to the sheet, shown back whole in the prompt page's editor (its
  // stored text): no `formValues` for it (issue 21). A reaction or a report comes back in its form.
  formValues(g, player, decision, value) {
    const kind = kindOf(g, decision);
    if (kind !== 'reaction' && kind !== 'battle-report') return null;
    const form = gruik.answerForm!(g, player, decision, 'en');
    const frame = kind === 'battle-report' ? reportFrameOf(g, player, decision) : null;
    const candidate = frame ? reportFormValues(frame, value as BattleFacts | 'none') : reactionFormValues(player, value as MoveOrder[] | typeof DEFAULT);
    return candidate ? firstRoundTrip(gruik, g, player, decision, value, form, [candidate]) : null;
  },
  // A reaction or a report told back in words (its provinces' and sides' names); the others by their stored text.
  describeAnswer(g, player, decision, value, lang) {
    const kind = kindOf(g, decision);
    if (kind === 'reaction' && (Array.isArray(value) || value === DEFAULT)) return describeReaction(g.gruik, player, value as MoveOrder[] | typeof DEFAULT, lang);
    const frame = kind === 'battle-report' ? reportFrameOf(g, player, decision) : null;
    if (frame && value !== null && value !== undefined) return describeReport(frame, value as BattleFacts | 'none')[lang];
    return null;
  },
  // The sheet to fill in (by mail too): the state's forces and fleets with what each may do, commented; its fleets' standing policies (§7.15).
  orderTemplate: (g, player, lang) => (g.flow.phase === 'orders' && g.seats.includes(player) ? orderTemplate(g.gruik, player, lang, g.flow.standing[player]?.policies) : ''),
  // The political map (App. B 12) as this seat may see it (mapdoc.ts, from view.ts); the public map for others.
  mapDoc: (g, player, lang) => gruikMapDoc(g.gruik, player === GM_SEAT ? GM_SEAT : seatOf(g, player), lang),
  // §11.3 "the GM sees everything": his board (refereeSections) and his map (mapdoc.ts, every force) are the whole game.
  refereeSees: true,
};

/**
 * The GM's board (§11.3: he sees everything; the platform shows it to the game's GM alone): each
 * state's treasury, prestige, armies and detachments with their AP and place, fleets with their
 * ships and zone, and the sieges under way. Not the secret (season keys not yet revealed).
 */
function refereeSections(g: GruikGame, lang: Lang): ViewDoc['sections'] {
  const s = g.gruik, fr = lang === 'fr';
  const v = refereeViewOf(s);
  const name = (id: StateId) => g.names[id] ?? s.realms[id]?.name ?? id;
  const place = (p: unknown) => (typeof p === 'string' ? (s.map.provinces.find((x) => x.id === p)?.name ?? p) : fr ? 'capturée' : 'captured');
  const realms = Object.values(v.realms).filter((r) => r.kind !== 'rebels' || Object.values(v.armies).some((a) => a.state === r.id));
  return [
    { title: fr ? 'MJ — les états' : 'GM — the states', kind: 'table', columns: fr ? ['État', 'Trésor', 'Prestige', 'Armées', 'Détachements', 'Flottes'] : ['State', 'Treasury', 'Prestige', 'Armies', 'Detachments', 'Fleets'],
      rows: realms.map((r) => [name(r.id), String((r as { treasury?: number }).treasury ?? '—'), String(r.prestige),
        String(Object.values(v.armies).filter((a) => a.state === r.id).length), String(Object.values(v.detachments).filter((d) => d.state === r.id).length), String(Object.values(v.fleets).filter((f) => f.state === r.id).length)]) },
    { title: fr ? 'MJ — les forces' : 'GM — the forces', kind: 'table', columns: fr ? ['Force', 'État', 'Où', 'PA', 'Siège de'] : ['Force', 'State', 'Where', 'AP', 'Besieging'],
      rows: [...Object.values(v.armies).map((a) => [a.id, name(a.state), place(a.location), String(a.currentAP), a.siegeOf ? place(a.siegeOf) : '']),
        ...Object.values(v.detachments).map((d) => [d.id, name(d.state), place(d.location), String(d.ap), ''])] },
    { title: fr ? 'MJ — les flottes' : 'GM — the fleets', kind: 'table', columns: fr ? ['Flotte', 'État', 'Zone', 'Navires'] : ['Fleet', 'State', 'Zone', 'Ships'],
      rows: Object.values(v.fleets).map((f) => [f.id, name(f.state), s.map.seaZones.find((z) => z.id === f.zone)?.name ?? String(f.zone ?? '—'), String(f.ships)]) },
  ];
}

/**
 * Every decision's default — hold with the standing parts, ABR, confirm: the registry's caretaker
 * (it never plays an absent player's campaign for him, entries/gruik.ts) and the tests' silence.
 * The registry's bot is `gruikBot` below (bot.ts).
 */
export function holdBot(g: GruikGame, player: PlayerId, decision: string): unknown {
  const d = decisionsOf(g).find((x) => x.id === decision);
  return d?.defaults[player] ?? DEFAULT;
}

/**
 * A bot's answer (bot.ts: read from the seat's view only): its order sheet, its reactions, and
 * the §11.6 defaults elsewhere (no tabletop play: ABR; the other side's report confirmed; the
 * army with the fewest AP away from the capital disbanded). The GM seat takes every default.
 */
export function gruikBot(g: GruikGame, player: PlayerId, decision: string, rng: Rng): unknown {
  const d = decisionsOf(g).find((x) => x.id === decision);
  if (!d || player === GM_SEAT || !g.gruik.realms[player]) return d?.defaults[player] ?? DEFAULT;
  switch (d.kind) {
    case 'orders': return botSheet(g.gruik, player, rng);
    case 'reaction': return botReactions(g.gruik, player, rng);
    case 'disband-army': return botDisband(g.gruik, player) ?? DEFAULT;
    case 'create-army': return botCreateArmy();
    case 'volunteer-ally': { const v = g.flow.volunteers?.find((x) => `volunteer-ally:${x.detachment}` === decision); return v ? botVolunteer(g.gruik, player, v.against) : 'appear'; }
    case 'naval-round': { const q = g.flow.navalQuestions?.find((x) => `naval-round:${x.key}` === decision); return q ? botNavalRound(g.gruik, player, q) : DEFAULT; }
    default: return d.defaults[player] ?? DEFAULT;
  }
}

export { GM_SEAT };
export default gruik;
