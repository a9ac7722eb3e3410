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
 * `gm override` (the console's audited edits and roll overrides, §11.3) is not here: the engine has
 * no GM action API yet; the command says so.
 */
import { parseArgs } from 'node:util';
import { advance, missing, replayStates, submit, type GameRecord } from '../engine/game.ts';
import { fill } from '../engine/localize.ts';
import { GM_SEAT, type Decision, type Lang, type Localized } from '../engine/ruleset.ts';
import type { RulesetEntry } from '../rulesets/index.ts';
import { markdownText } from '../platform/http/markdown.ts';
import { langOf, nameOf, type PromptCliDeps, type PromptCliIo } from './prompts.ts';

export const GM_USAGE: Record<string, string> = {
  gm: 'suzerain gm queue game.json [--lang fr|en] | suzerain gm approve game.json ITEM [--value V] [--lang fr|en]',
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
  override: { fr: 'gm override n’existe pas encore : le moteur n’a pas d’actions du MJ (modifier une entité, corriger un jet) ; gm approve tranche les questions ouvertes', en: 'gm override is not available yet: the engine has no GM actions (edit an entity, override a roll); gm approve rules on the open items' },
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
  if (sub === 'override') {
    const { values } = parseArgs({ args: rest, allowPositionals: true, strict: false, options: { lang: { type: 'string' } } });
    throw deps.usageError(t(T.override, values.lang === 'fr' ? 'fr' : 'en'));
  }
  throw deps.usageError(`usage: ${GM_USAGE.gm}`);
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
