/**
 * The game master on the command line (rules of Game of Gruik §11.3–§11.6; any ruleset through the
 * engine's GM contract, "Game masters" in src/engine/ruleset.ts): a judgment item is a decision of
 * `GM_SEAT` alone, and a ruling is that decision's answer, so the game stays a fold and replays.
 *
 *   suzerain gm queue game.json [--lang fr|en]
 *       the open items: id, row, kind, deadline, the step that raised it and its age in steps (a game
 *       file has no clock: the site counts hours), what is decided, the brief, the default, the choices.
 *   suzerain gm approve game.json ITEM [--value V] [--lang fr|en]
 *       rules on ITEM (`gm:<id>`, `<id>`, or a row such as J4 when one item of it is open): V, or the
 *       item's default when V is left out, as the GM's own ruling (`by: gm`). When nothing else is
 *       waiting, the step resolves at once, as `suzerain answer` does.
 *
 *   suzerain gm override game.json [ROLL --value V] [--lang fr|en]
 *       the console's roll override (§11.3, the ruleset's GM action `override`): ROLL as the roll log
 *       names it (`phase|event|index`) among the rolls of the step whose items await the GM, set to V;
 *       the step runs again from the state before it. Without ROLL: the rolls that may be overridden.
 *   suzerain gm orders game.json STATE --file F [--lang fr|en]
 *       the order sheet (text or JSON, as a player writes it) of a state the GM runs (a neutral, the
 *       barbarians), while the orders are awaited (the ruleset's GM action `orders`); `-` reads stdin.
 * Both are GM actions (engine `takeAction` with GM_SEAT): steps of the game, replayed like any input.
 */
import { parseArgs } from 'node:util';
import { advance, missing, replayStates, submit, takeAction, type GameRecord } from '../engine/game.ts';
import { fill } from '../engine/localize.ts';
import { GM_SEAT, type Decision, type Lang, type Localized } from '../engine/ruleset.ts';
import type { RulesetEntry } from '../rulesets/index.ts';
import { markdownText } from '../platform/http/markdown.ts';
import { langOf, nameOf, type PromptCliDeps, type PromptCliIo } from './prompts.ts';

export const GM_USAGE: Record<string, string> = {
  gm: 'suzerain gm queue game.json [--lang fr|en] | suzerain gm approve game.json ITEM [--value V] [--lang fr|en] | suzerain gm override game.json [ROLL --value V] [--lang fr|en] | suzerain gm orders game.json STATE --file F [--lang fr|en]',
};

const T = {
  none: { fr: 'aucune question ouverte pour le MJ', en: 'no open item for the GM' },
  since: { fr: 'ouverte depuis l’étape {step} ({age} étape(s))', en: 'open since step {step} ({age} step(s) ago)' },
  deadline: { fr: 'délai {h} h', en: 'deadline {h} h' },
  decides: { fr: 'à trancher', en: 'decides' },
  brief: { fr: 'faits', en: 'brief' },
  byDefault: { fr: 'par défaut', en: 'default' },
  choices: { fr: 'choix', en: 'choices' },
  free: { fr: 'texte libre', en: 'free text' },
  concerns: { fr: 'concerne', en: 'concerns' },
  playersSee: { fr: 'les joueurs voient', en: 'players see' },
  unknown: { fr: 'aucune question ouverte « {item} » pour le MJ (suzerain gm queue)', en: 'no open GM item "{item}" (suzerain gm queue)' },
  ambiguous: { fr: '« {item} » désigne plusieurs questions : {list}', en: '"{item}" names several items: {list}' },
  refused: { fr: 'décision refusée ; rien n’est enregistré', en: 'ruling refused; nothing stored' },
  resolved: { fr: 'décision enregistrée ; l’étape {step} est résolue', en: 'ruling stored; step {step} resolved' },
  waiting: { fr: 'décision enregistrée ; on attend encore {list}', en: 'ruling stored; still waiting for {list}' },
  noOverride: { fr: 'aucun jet à corriger : aucune étape n’attend le MJ (ou elle a été rejouée le plus de fois permis)', en: 'no roll to override: no step awaits the GM (or it was re-run as many times as allowed)' },
  rolls: { fr: 'jets de l’étape qui attend le MJ (gm override game.json JET --value V) :', en: 'rolls of the step awaiting the GM (gm override game.json ROLL --value V):' },
  needValue: { fr: '--value V est requis (la nouvelle valeur du dé)', en: '--value V is required (the die’s new value)' },
  needFile: { fr: '--file F est requis (la feuille d’ordres ; - : l’entrée standard)', en: '--file F is required (the order sheet; -: standard input)' },
  needState: { fr: 'STATE est requis (un état mené par le MJ)', en: 'STATE is required (a state the GM runs)' },
  actRefused: { fr: 'action du MJ refusée ; rien n’est enregistré', en: 'GM action refused; nothing stored' },
  overridden: { fr: 'jet corrigé (décision du MJ) ; l’étape est rejouée (étape de partie {step})', en: 'roll overridden (GM ruling); the step is re-run (game step {step})' },
  ordersStored: { fr: 'ordres de {state} enregistrés (étape de partie {step}) ; ils valent jusqu’à la date limite des ordres', en: 'orders of {state} stored (game step {step}); they stand until the orders deadline' },
  open: { fr: 'questions ouvertes pour le MJ', en: 'open items for the GM' },
} satisfies Record<string, Localized>;
const t = (m: Localized, lang: Lang, args: Record<string, string | number> = {}): string => fill(m, args)[lang];

/** The open judgment items: the decisions of GM_SEAT that carry an item. */
function openItems(entry: RulesetEntry, game: GameRecord): (Decision & { judgment: NonNullable<Decision['judgment']> })[] {
  return entry.ruleset.decisions(game.state).filter((d): d is Decision & { judgment: NonNullable<Decision['judgment']> } => !!d.judgment && d.players.includes(GM_SEAT));
}

/**
 * The step since which each open item has stood open without a break (0: the game's start), by
 * replaying the game's states (engine `replayStates`), newest first, stopping at the first state
 * that has none of them open.
 */
function openSince(entry: RulesetEntry, game: GameRecord, ids: string[]): Record<string, number> {
  const since: Record<string, number> = Object.fromEntries(ids.map((id) => [id, game.steps.length]));
  if (!ids.length) return since;
  const open: Set<string>[] = [];
  for (const x of replayStates(entry.ruleset, game)) open[x.index] = new Set(entry.ruleset.decisions(x.state).map((d) => d.id));
  for (const id of ids) {
    let i = game.steps.length;
    while (i > 0 && open[i - 1]?.has(id)) i--;
    since[id] = i;
  }
  return since;
}

export function cmdGm(args: string[], io: PromptCliIo, deps: PromptCliDeps): number {
  const [sub, ...rest] = args;
  if (sub === 'queue') return gmQueue(rest, io, deps);
  if (sub === 'approve') return gmApprove(rest, io, deps);
  if (sub === 'override') return gmOverride(rest, io, deps);
  if (sub === 'orders') return gmOrders(rest, io, deps);
  throw deps.usageError(`usage: ${GM_USAGE.gm}`);
}

/** A GM action through the engine: refused with the ruleset's reasons (nothing written), else saved. */
function gmAction(path: string, game: GameRecord, entry: RulesetEntry, id: string, values: Record<string, string>, io: PromptCliIo, deps: PromptCliDeps, lang: Lang): GameRecord | null {
  const r = takeAction(entry.ruleset, game, GM_SEAT, { id, values });
  for (const i of r.validation.issues) io.err(i.text?.[lang] ?? i.message);
  if (r.validation.value === null || r.game === game) { io.out(t(T.actRefused, lang)); return null; }
  deps.save(path, r.game);
  return r.game;
}

function gmOverride(args: string[], io: PromptCliIo, deps: PromptCliDeps): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { value: { type: 'string' }, lang: { type: 'string', default: 'en' } } });
  const lang = langOf(values.lang, deps);
  const [path, roll] = positionals;
  const { game, entry } = deps.load(path, 'gm');
  const form = entry.ruleset.gmActions?.(game.state, lang).find((a) => a.id === 'override');
  const field = form?.fields.find((f) => f.name === 'roll');
  if (!roll) {
    if (!field || field.kind !== 'choice') { io.out(t(T.noOverride, lang)); return 1; }
    io.out(form!.label);
    io.out(t(T.rolls, lang));
    for (const o of field.options) io.out(`- ${o.value}   ${o.label}`);
    return 0;
  }
  if (values.value === undefined) throw deps.usageError(`${t(T.needValue, lang)}\nusage: ${GM_USAGE.gm}`);
  const g = gmAction(path!, game, entry, 'override', { roll, value: values.value }, io, deps, lang);
  if (!g) return 1;
  io.out(t(T.overridden, lang, { step: g.steps.length }));
  const items = openItems(entry, g);
  if (items.length) {
    io.out(`${t(T.open, lang)}:`);
    for (const d of items) io.out(`- ${d.id} [${d.judgment.row}] ${d.judgment.brief[lang]}`);
  }
  return 0;
}

function gmOrders(args: string[], io: PromptCliIo, deps: PromptCliDeps): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { file: { type: 'string' }, lang: { type: 'string', default: 'en' } } });
  const lang = langOf(values.lang, deps);
  const [path, state] = positionals;
  const { game, entry } = deps.load(path, 'gm');
  if (!state) throw deps.usageError(`${t(T.needState, lang)}\nusage: ${GM_USAGE.gm}`);
  if (!values.file) throw deps.usageError(`${t(T.needFile, lang)}\nusage: ${GM_USAGE.gm}`);
  const text = values.file === '-' ? io.stdin() : deps.readText(values.file, 'order sheet');
  const g = gmAction(path!, game, entry, 'orders', { state, sheet: text }, io, deps, lang);
  if (!g) return 1;
  io.out(t(T.ordersStored, lang, { state: nameOf(entry, g, state), step: g.steps.length }));
  return 0;
}

function gmQueue(args: string[], io: PromptCliIo, deps: PromptCliDeps): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { lang: { type: 'string', default: 'en' } } });
  const lang = langOf(values.lang, deps);
  const { game, entry } = deps.load(positionals[0], 'gm');
  const items = openItems(entry, game);
  io.out(entry.ruleset.localizeLabel?.(entry.ruleset.stepLabel(game.state), lang) ?? entry.ruleset.stepLabel(game.state));
  if (!items.length) { io.out(`  ${t(T.none, lang)}`); return 0; }
  const since = openSince(entry, game, items.map((d) => d.id));
  const colon = lang === 'fr' ? ' : ' : ': ';
  for (const d of items) {
    const j = d.judgment;
    const hours = d.deadline.kind === 'after' ? t(T.deadline, lang, { h: d.deadline.hours }) : d.deadline.kind;
    const given = game.pending.some((s) => s.decision === d.id && s.player === GM_SEAT);
    io.out(`- ${d.id} [${j.row}, ${j.kind}, ${hours}] ${t(T.since, lang, { step: since[d.id]!, age: game.steps.length - since[d.id]! })}${given ? (lang === 'fr' ? ' — décision donnée' : ' — ruled') : ''}`);
    io.out(`    ${t(T.decides, lang)}${colon}${j.decides[lang]}`);
    io.out(`    ${t(T.brief, lang)}${colon}${j.brief[lang]}`);
    io.out(`    ${t(T.byDefault, lang)}${colon}${j.byDefault}`);
    if (j.choices?.length) io.out(`    ${t(T.choices, lang)}${colon}${j.choices.map((c) => `${c.value} (${c.label[lang]})`).join(', ')}`);
    else io.out(`    ${t(T.free, lang)}${j.free ? `${colon}${j.free.label[lang]}, ≤ ${j.free.maxLength}` : ''}`);
    if (j.concerns.length) io.out(`    ${t(T.concerns, lang)}${colon}${j.concerns.map((p) => nameOf(entry, game, p)).join(', ')}`);
    io.out(`    ${t(T.playersSee, lang)}${colon}${j.playersSee[lang]}`);
  }
  return 0;
}

function gmApprove(args: string[], io: PromptCliIo, deps: PromptCliDeps): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { value: { type: 'string' }, lang: { type: 'string', default: 'en' } } });
  const lang = langOf(values.lang, deps);
  const [path, wanted] = positionals;
  const { game, entry } = deps.load(path, 'gm');
  if (!wanted) throw deps.usageError(`ITEM is required (suzerain gm queue lists them)\nusage: ${GM_USAGE.gm}`);
  const items = openItems(entry, game);
  const exact = items.filter((d) => d.id === wanted || d.judgment.id === wanted);
  const matches = exact.length ? exact : items.filter((d) => d.judgment.row.toLowerCase() === wanted.toLowerCase());
  if (!matches.length) throw deps.usageError(t(T.unknown, lang, { item: wanted }));
  if (matches.length > 1) throw deps.usageError(t(T.ambiguous, lang, { item: wanted, list: matches.map((d) => d.id).join(', ') }));
  const d = matches[0]!;
  const { game: next, validation } = submit(entry.ruleset, game, GM_SEAT, d.id, values.value ?? d.judgment.byDefault);
  for (const i of validation.issues) io.err(i.text?.[lang] ?? i.message);
  if (validation.value === null) { io.out(t(T.refused, lang)); return 1; }
  let g = next;
  const waiting = missing(entry.ruleset, g);
  if (waiting.length === 0) {
    g = advance(entry.ruleset, g, { useDefaults: false });
    const step = g.steps[g.steps.length - 1]!;
    io.out(t(T.resolved, lang, { step: step.index }));
    const report = entry.ruleset.publicReport?.(g.state, step.events, lang);
    if (report?.trim()) io.out(markdownText(report).trimEnd());
  } else {
    const who = [...new Set(waiting.map((w) => (w.player === GM_SEAT ? (lang === 'fr' ? 'le MJ' : 'the GM') : nameOf(entry, g, w.player))))];
    io.out(t(T.waiting, lang, { list: who.join(', ') }));
  }
  deps.save(path!, g);
  return validation.issues.length ? 1 : 0;
}
