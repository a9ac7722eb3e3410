/**
 * The `suzerain` command line: create a game, enter order sheets, resolve turns, print reports,
 * replay a game to check every state hash, and simulate whole games with bots.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LocalizedError } from '../engine/constants.ts';
import { advance, createGame, type GameRecord, missing, replay, replayStates, submit } from '../engine/game.ts';
import { hashState } from '../engine/hash.ts';
import { resolveName } from '../engine/names.ts';
import { createRng } from '../engine/rng.ts';
import type { Lang } from '../engine/ruleset.ts';
import { botAnswers, getRuleset, loadAllRulesets, rulesetIds, type RulesetEntry } from '../rulesets/index.ts';
import { markdownText } from '../platform/http/markdown.ts';
import { cmdAct, cmdAnswer, cmdPrompts, PROMPT_USAGE, type PromptCliDeps } from './prompts.ts';
import { cmdDice, DICE_USAGE } from './dice.ts';
import { cmdGm, GM_USAGE } from './gm.ts';
import { cmdScenario, readScenario, scenarioHook, SCENARIO_USAGE } from './scenario.ts';

const HELP = `suzerain — the Suzerain referee on the command line

  suzerain new --ruleset gloire-et-pouvoir --map scandinavia --players 10 --seed S --out game.json
               [--lords "Hawkmoon,Hylith,…"] [--config overrides.json]
  suzerain new --ruleset adventurer-kings --players 8 --seed S --out ak.json
               [--choice "race=Elf,alignment=Druid,Ta=2,Dr=2"]…   (one per lord, in order, or "N:…" for lord N:
               his choices at join, the ruleset's seat form; what is left out is drawn from the seed)
  suzerain new --ruleset gruik (--scenario FILE|default | --map anneau|fixture) [--players N] --seed S --out game.json
               [--lang fr|en]   (--scenario FILE: a GM's own scenario file, its variant for N players, else as written;
               a file that does not load is refused with its errors named; default: the original map)
  suzerain scenario check FILE [--variant V|-] [--lang fr|en]  (a scenario file: its errors (exit 1), else the summary
                                                               and its warnings (exit 2 when any); -: as written)
  suzerain dice roll --key KEY --roll 'PHASE|EVENT|INDEX' --sides N   (Gruik: one roll recomputed from a revealed season key)
  suzerain dice check game.json [--lang fr|en]                 (Gruik: every revealed season's key and rolls checked; exit 1 on a mismatch)
  suzerain seat-form --ruleset adventurer-kings [--lang fr|en] (the choices a player makes at join, with their limits)
  suzerain orders game.json --lord NAME --file orders.txt [--append] [--lang fr|en]   (--file - reads standard input)
               (the file replaces the player's whole sheet for this turn; --append adds its lines to it)
  suzerain resolve game.json [--bots | --caretaker]            (--bots: absent lords are played by bots;
                                                               --caretaker: by the caretaker, defensive orders)
  suzerain report game.json --lord NAME [--turn N] [--lang fr|en] [--markdown]   (--turn 0: the report of the game's start)
  suzerain status game.json
  suzerain prompts game.json [--player NAME] [--lang fr|en]     (games of prompts, e.g. Fief, Warrior Knights: what is asked, of whom;
                                                               with --player: his default, forms and free actions)
  suzerain answer game.json --player NAME [--decision ID] (--answer TEXT | --file F) [--lang fr|en]
                                                              (the step resolves once every player asked has answered)
  suzerain act game.json --player NAME --action ID [key=value …] [--lang fr|en]   (a free action: give, offer, accept…)
  suzerain gm queue game.json [--lang fr|en]                   (the GM's open items: row, deadline, age in steps,
                                                               what is decided, the facts, the default, the choices)
  suzerain gm approve game.json ITEM [--value V] [--lang fr|en] (rules on an item as the GM: V, or its default)
  suzerain gm override game.json [ROLL --value V] [--lang fr|en] (Gruik: a roll of the step awaiting the GM set to V,
                                                               the step re-run; without ROLL: the rolls it may override)
  suzerain gm orders game.json STATE --file F [--lang fr|en]   (Gruik: the order sheet of a neutral or the barbarians)
  suzerain view game.json --lord NAME
  suzerain replay game.json
  suzerain simulate --ruleset gloire-et-pouvoir --map scandinavia --players 10 --turns 50 --seed S
               [--json] [--out game.json] [--config overrides.json]
  suzerain simulate --ruleset adventurer-kings --players 8 --turns 30 --seed S [--json]
               (Adventurer Kings: --lord also accepts a kingdom's name, or use --kingdom NAME)
  suzerain simulate --ruleset gruik --players 6 --turns 12 --seed S [--json]   (bots; a turn is one engine step, a season several; same seed, same hash)
  suzerain simulate --ruleset warrior-knights --players 4 --turns 1000 --seed S [--json]   (also fief: a turn is one question)
  suzerain demo                                                (a short simulated game, in French)
  suzerain serve                                               (the web platform; configuration from the environment)
  suzerain user validate LOGIN                                 (marks an account's address as validated)
  suzerain outbox [--all]                                      (the last 20 mails of the outbox, or all of them)
               (these two open the site's database: DATABASE_URL, or DATA_DIR with the server stopped)

Rulesets: ${rulesetIds().join(', ')}`;

class CliError extends Error {}

/** One usage line per command, shown when its arguments look wrong. */
const USAGE: Record<string, string> = {
  new: 'suzerain new --ruleset RULESET --map MAP --players N --seed S --out game.json',
  orders: 'suzerain orders game.json --lord NAME --file orders.txt [--append] [--lang fr|en]',
  resolve: 'suzerain resolve game.json [--bots | --caretaker]',
  report: 'suzerain report game.json --lord NAME [--turn N] [--lang fr|en]',
  status: 'suzerain status game.json',
  view: 'suzerain view game.json --lord NAME',
  replay: 'suzerain replay game.json',
  ...PROMPT_USAGE,
  ...GM_USAGE,
  ...DICE_USAGE,
  ...SCENARIO_USAGE,
};
const usage = (cmd: string): string => `usage: ${USAGE[cmd] ?? 'suzerain help'}`;

/** A file's text; a missing or unreadable file is one line naming it (never a Node stack). */
function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT') throw new CliError(`${what} ${path}: no such file`);
    if (code === 'EISDIR') throw new CliError(`${what} ${path}: is a folder, not a file`);
    if (code === 'EACCES' || code === 'EPERM') throw new CliError(`${what} ${path}: permission denied`);
    throw new CliError(`${what} ${path}: cannot be read (${code ?? (e as Error).message})`);
  }
}

interface Io { out: (s: string) => void; err: (s: string) => void; stdin: () => string }
const defaultIo: Io = {
  out: (s) => process.stdout.write(`${s}\n`),
  err: (s) => process.stderr.write(`${s}\n`),
  stdin: () => readFileSync(0, 'utf8'),
};

export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    // The command line works on any ruleset: all are loaded once at start (the server loads them on first use).
    if (cmd !== 'serve') await loadAllRulesets();
    switch (cmd) {
      case 'new': return cmdNew(rest, io);
      case 'seat-form': return cmdSeatForm(rest, io);
      case 'orders': return cmdOrders(rest, io);
      case 'resolve': return cmdResolve(rest, io);
      case 'report': return cmdReport(rest, io);
      case 'status': return cmdStatus(rest, io);
      case 'view': return cmdView(rest, io);
      case 'replay': return cmdReplay(rest, io);
      case 'prompts': return cmdPrompts(rest, io, PROMPT_DEPS);
      case 'answer': return cmdAnswer(rest, io, PROMPT_DEPS);
      case 'act': return cmdAct(rest, io, PROMPT_DEPS);
      case 'gm': return cmdGm(rest, io, PROMPT_DEPS);
      case 'scenario': return cmdScenario(rest, io, PROMPT_DEPS);
      case 'dice': return cmdDice(rest, io, PROMPT_DEPS);
      case 'simulate': return cmdSimulate(rest, io);
      case 'demo': return cmdSimulate(['--turns', '12', '--seed', 'demo', '--report-lang', 'fr'], io);
      case 'serve': return await cmdServe(io);
      case 'user': return await cmdUser(rest, io);
      case 'outbox': return await cmdOutbox(rest, io);
      case undefined: case 'help': case '--help': case '-h': io.out(HELP); return 0;
      default: throw new CliError(`unknown command "${cmd}"\n\n${HELP}`);
    }
  } catch (e) {
    // Every failure is reported as one line; the game file on disk is untouched (see save()).
    const err = e as Error & { code?: string };
    io.err(`suzerain: ${err.message}`);
    if (process.env.SUZERAIN_DEBUG) io.err(String(err.stack));
    // A refused option or constant (the ruleset's LocalizedError, its English text above) is a usage error.
    return e instanceof CliError || e instanceof LocalizedError || err.code?.startsWith('ERR_PARSE_ARGS') ? 2 : 1;
  }
}

// ---------------------------------------------------------------- storage

/**
 * Reads a game file. `cmd` names the command for the usage line; `other` is a file given to
 * another option (--file): when the game file is not one and that one is, the two were swapped.
 */
function load(path: string | undefined, cmd: string, other?: string): { game: GameRecord; entry: RulesetEntry } {
  if (!path) throw new CliError(`which game file?\n${usage(cmd)}`);
  const text = readText(path, 'game file');
  let game: GameRecord | null = null;
  try { game = JSON.parse(text) as GameRecord; } catch { game = null; }
  if (!game || typeof game !== 'object' || game.format !== 'suzerain/game@1') {
    const swapped = other && other !== '-' && isGameFile(other);
    throw new CliError(`${path} is not a Suzerain game file${swapped ? ` (but ${other} is: the game file comes first, the orders after --file)` : ''}\n${usage(cmd)}`);
  }
  return { game, entry: getRuleset(game.ruleset) };
}

function isGameFile(path: string): boolean {
  try { return (JSON.parse(readFileSync(path, 'utf8')) as { format?: unknown })?.format === 'suzerain/game@1'; } catch { return false; }
}

/** A map (variant) by its id or its French or English name (`scandinavie`, `Moyen-Orient`). */
function variantOf(entry: RulesetEntry, map: string | undefined): string | undefined {
  if (map === undefined) return undefined;
  const r = resolveName(map, entry.variants.map((v) => ({ names: [v.id, v.name.fr, v.name.en], value: v.id, label: v.id })), { en: 'map', fr: 'carte' });
  if (!r.ok) throw new CliError(`unknown map "${map}" for ${entry.ruleset.id}; known: ${entry.variants.map((v) => `${v.id} (${v.name.fr})`).join(', ')}`);
  return r.value;
}

/** Writes through a temporary file and a rename, so a failure never leaves half a game. */
function save(path: string, game: GameRecord): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(game));
  renameSync(tmp, path);
}

function readConfig(path: string | undefined): Record<string, unknown> | undefined {
  if (!path) return undefined;
  let parsed: unknown;
  const text = readText(path, '--config');
  try { parsed = JSON.parse(text); } catch { throw new CliError(`--config ${path}: not JSON; an object {…} of constants is expected`); }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new CliError(`--config ${path}: an object {…} of constants is expected`);
  return parsed as Record<string, unknown>;
}

function findPlayer(entry: RulesetEntry, game: GameRecord, name: string | undefined): string {
  if (!name) throw new CliError('--lord NAME is required (or --kingdom NAME)');
  const players = entry.ruleset.players(game.state);
  const r = resolveName(name, players.map((p) => ({ names: [p.name, p.id, ...(entry.aliases?.(game.state, p.id) ?? [])], value: p.id, label: p.name })), { en: 'lord', fr: 'seigneur' });
  if (!r.ok) throw new CliError(r.error);
  return r.value;
}

/** What the prompt commands (prompts.ts) borrow from this file. */
const PROMPT_DEPS: PromptCliDeps = { load: (p, cmd) => load(p, cmd), save, findPlayer, readText, usageError: (m) => new CliError(m) };

const num = (v: string | undefined, what: string): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new CliError(`${what} must be a whole number, got "${v}"`);
  return n;
};

// ---------------------------------------------------------------- commands

function cmdNew(args: string[], io: Io): number {
  const { values } = parseArgs({ args, options: {
    ruleset: { type: 'string', default: 'gloire-et-pouvoir' }, map: { type: 'string' }, players: { type: 'string' },
    seed: { type: 'string' }, out: { type: 'string' }, lords: { type: 'string' }, config: { type: 'string' },
    choice: { type: 'string', multiple: true }, scenario: { type: 'string' }, lang: { type: 'string', default: 'en' },
  } });
  if (!values.out) throw new CliError(`--out game.json is required\n${usage('new')}`);
  const lang = values.lang as Lang;
  if (lang !== 'fr' && lang !== 'en') throw new CliError('--lang is fr or en');
  const entry = getRuleset(values.ruleset!);
  const seed = values.seed ?? String(Date.now());
  // --scenario default: the ruleset's first map; --scenario FILE: a host's own file (the registry's `scenario` hook).
  if (values.scenario !== undefined && values.map !== undefined) throw new CliError('--scenario and --map exclude each other');
  const own = values.scenario !== undefined && values.scenario !== 'default';
  const scenario = own ? (scenarioHook(entry, PROMPT_DEPS), readScenario(values.scenario!, PROMPT_DEPS, '--scenario')) : undefined;
  const map = values.scenario === 'default' ? entry.variants[0]?.id : variantOf(entry, values.map);
  const config = readConfig(values.config);
  const choices = seatChoices(entry, values.choice ?? [], { map, config });
  const options = entry.options({ ...(own ? { scenario } : { map }), players: num(values.players, '--players'), lords: values.lords?.split(',').map((s) => s.trim()), config, ...(choices.length ? { choices } : {}) });
  let game: GameRecord;
  try { game = createGame(entry.ruleset, options, seed); } catch (e) {
    // A refused scenario or option names its errors in the language asked.
    if (e instanceof LocalizedError) throw new CliError(e.localized[lang]);
    throw e;
  }
  save(values.out, game);
  io.out(`new ${entry.ruleset.title.en} game, seed ${seed}, written to ${values.out}`);
  for (const p of entry.ruleset.players(game.state)) io.out(`  ${p.id}  ${p.name}`);
  return 0;
}

/**
 * The lords' choices at join (`--choice`, the ruleset's seat form): "field=value,…" per lord in
 * order, or "N:field=value,…" for lord N. Each is checked by the ruleset; a refusal names the lord
 * and the field. Returns one value (or null) per lord up to the last one given.
 */
function seatChoices(entry: RulesetEntry, given: string[], options: unknown): (Record<string, unknown> | null)[] {
  if (!given.length) return [];
  const form = entry.ruleset.seatForm;
  if (!form) throw new CliError(`${entry.ruleset.id} has no choices at join (--choice)`);
  const names = new Set(form.fields('en', options).map((f) => f.name));
  const out: (Record<string, unknown> | null)[] = [];
  let next = 0;
  for (const g of given) {
    const m = /^\s*(\d+)\s*:(.*)$/s.exec(g);
    const index = m ? Number(m[1]) - 1 : next;
    if (index < 0 || index > 99) throw new CliError(`--choice ${g}: lord numbers run from 1`);
    next = index + 1;
    const values: Record<string, string> = {};
    for (const part of (m ? m[2]! : g).split(/[,;]/).map((x) => x.trim()).filter(Boolean)) {
      const eq = part.indexOf('=');
      const key = eq < 0 ? part : part.slice(0, eq).trim();
      if (eq < 0 || !names.has(key)) throw new CliError(`--choice for lord ${index + 1}: "${part}" is not field=value; fields: ${[...names].join(', ')} (suzerain seat-form --ruleset ${entry.ruleset.id})`);
      values[key] = part.slice(eq + 1).trim();
    }
    const r = form.check(values, options);
    if (r.issues.length) throw new CliError(`--choice for lord ${index + 1}: ${r.issues.map((i) => `${i.field}: ${i.text.en}`).join('; ')}`);
    while (out.length < index) out.push(null);
    out[index] = r.value;
  }
  return out.map((c) => c ?? null);
}

function cmdSeatForm(args: string[], io: Io): number {
  const { values } = parseArgs({ args, options: { ruleset: { type: 'string', default: 'adventurer-kings' }, lang: { type: 'string', default: 'en' }, config: { type: 'string' } } });
  const lang = values.lang as Lang;
  if (lang !== 'fr' && lang !== 'en') throw new CliError('--lang is fr or en');
  const entry = getRuleset(values.ruleset!);
  const form = entry.ruleset.seatForm;
  if (!form) { io.out(`${entry.ruleset.id}: no choices at join`); return 0; }
  const options = { config: readConfig(values.config) };
  const groups = form.groups?.(lang, options) ?? {};
  const shown = new Set<string>();
  for (const f of form.fields(lang, options)) {
    if (f.group && !shown.has(f.group)) { shown.add(f.group); io.out(`${groups[f.group]?.legend ?? f.group}${groups[f.group]?.help ? ` — ${groups[f.group]!.help}` : ''}`); }
    const what = f.kind === 'choice' ? f.options.filter((o) => o.value).map((o) => `${o.value} (${o.label})`).join(', ')
      : f.kind === 'integer' ? `${f.min ?? ''}..${f.max ?? ''}` : 'text';
    io.out(`  ${f.name.padEnd(18)} ${f.label}: ${what}`);
  }
  return 0;
}

function cmdOrders(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: {
    lord: { type: 'string' }, kingdom: { type: 'string' }, file: { type: 'string' }, decision: { type: 'string' }, lang: { type: 'string', default: 'en' },
    append: { type: 'boolean', default: false },
  } });
  const lang = values.lang as Lang;
  if (lang !== 'fr' && lang !== 'en') throw new CliError('--lang is fr or en');
  if (positionals.length > 1) throw new CliError(`one game file, then options (got ${positionals.join(', ')})\n${usage('orders')}`);
  const path = positionals[0];
  const { game, entry } = load(path, 'orders', values.file);
  const player = findPlayer(entry, game, values.lord ?? values.kingdom);
  if (!values.file) throw new CliError(`--file orders.txt is required (- for standard input)\n${usage('orders')}`);
  const given = values.file === '-' ? io.stdin() : readText(values.file, 'orders file');
  if (values.file !== '-' && isGameFile(values.file)) throw new CliError(`${values.file} is a game file, not an order sheet\n${usage('orders')}`);
  const decision = values.decision ?? entry.ruleset.decisions(game.state).find((d) => d.players.includes(player))?.id;
  if (!decision) throw new CliError('nothing is asked of this player now');
  // The sheet replaces the player's whole sheet for this turn; --append adds its lines to the one given before.
  const before = game.pending.find((x) => x.player === player && x.decision === decision);
  const earlier = values.append && before ? (entry.ruleset.answerText?.(game.state, player, decision, before.value) ?? '') : '';
  const text = earlier.trim() ? `${earlier.replace(/\n+$/, '')}\n${given}` : given;
  const count = (v: unknown) => (v === null || v === undefined ? 0 : entry.countOrders ? entry.countOrders(v) : (v as { lines?: unknown[] }).lines?.length ?? 1);
  const { game: next, validation } = submit(entry.ruleset, game, player, decision, text);
  save(path!, next);
  const kept = count(validation.value);
  const fr = lang === 'fr';
  const colon = fr ? ' : ' : ': ';
  for (const i of validation.issues) io.err(`${i.line !== undefined ? `${fr ? 'ligne' : 'line'} ${i.line}${colon}` : ''}${i.text?.[lang] ?? i.message}`);
  const name = entry.ruleset.players(game.state).find((p) => p.id === player)!.name;
  const ordersWord = (n: number) => (fr ? (n < 2 ? 'ordre' : 'ordres') : n === 1 ? 'order' : 'orders');
  const rejected = validation.issues.length ? (fr ? `, ${validation.issues.length} ${validation.issues.length < 2 ? 'ligne refusée' : 'lignes refusées'}` : `, ${validation.issues.length} ${validation.issues.length === 1 ? 'line' : 'lines'} rejected`) : '';
  if (values.append) {
    const added = kept - count(before?.value);
    io.out(fr ? `${name} : ${Math.max(0, added)} ${ordersWord(added)} ajouté${added < 2 ? '' : 's'} ; la feuille compte maintenant ${kept} ${ordersWord(kept)}${rejected}`
      : `${name}: ${Math.max(0, added)} ${ordersWord(added)} added; the sheet now holds ${kept} ${ordersWord(kept)}${rejected}`);
  } else {
    io.out(fr ? `${name} : feuille entière remplacée, ${kept} ${ordersWord(kept)} ${kept < 2 ? 'enregistré' : 'enregistrés'}${rejected}${before ? ' (la feuille précédente est effacée ; --append ajoute des lignes)' : ''}`
      : `${name}: whole sheet replaced, ${kept} ${ordersWord(kept)} stored${rejected}${before ? ' (the previous sheet is gone; --append adds lines instead)' : ''}`);
  }
  return validation.issues.length ? 1 : 0;
}

function cmdResolve(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { bots: { type: 'boolean', default: false }, caretaker: { type: 'boolean', default: false } } });
  const path = positionals[0];
  let { game, entry } = load(path, 'resolve');
  if (values.bots && values.caretaker) throw new CliError('--bots and --caretaker exclude each other');
  if (values.caretaker && !entry.caretaker) throw new CliError(`ruleset ${entry.ruleset.id} has no caretaker`);
  if (values.bots && entry.bot) game = botAnswers(entry, game);
  const cared = values.caretaker ? missing(entry.ruleset, game) : [];
  if (values.caretaker) game = caretakerAnswers(entry, game);
  if (cared.length) io.out(`no orders from: ${cared.map((a) => playerName(entry, game, a.player)).join(', ')} (played by the caretaker)`);
  const absent = missing(entry.ruleset, game);
  const next = advance(entry.ruleset, game, { useDefaults: true });
  save(path!, next);
  const step = next.steps[next.steps.length - 1]!;
  if (absent.length) io.out(`no orders from: ${absent.map((a) => playerName(entry, game, a.player)).join(', ')} (defaults used)`);
  io.out(entry.summarize ? entry.summarize(next.state, step.events) : `${step.label} resolved`);
  io.out(`state hash ${step.hash}`);
  const outcome = entry.ruleset.outcome(next.state);
  if (outcome) io.out(`game over: ${outcome.winners.map((w) => playerName(entry, next, w)).join(', ') || 'no winner'} (${outcome.reason})`);
  return 0;
}

function cmdReport(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { lord: { type: 'string' }, kingdom: { type: 'string' }, turn: { type: 'string' }, lang: { type: 'string', default: 'fr' }, markdown: { type: 'boolean', default: false } } });
  const { game, entry } = load(positionals[0], 'report');
  const player = findPlayer(entry, game, values.lord ?? values.kingdom);
  const lang = values.lang as Lang;
  if (lang !== 'fr' && lang !== 'en') throw new CliError('--lang is fr or en');
  const n = num(values.turn, '--turn') ?? game.steps.length;
  // Turn 0: the report sent when the game starts (the ruleset's report of the set-up state, no events).
  if (n === 0) { io.out(entry.ruleset.report(stateAfter(entry, game, 0), [], player, lang)); return 0; }
  const step = game.steps.find((s) => s.index === n);
  if (!step) throw new CliError(`no resolved turn ${n} (1..${game.steps.length})`);
  // The report is rendered against the state after that step (names, titles), rebuilt by replay.
  const state = stateAfter(entry, game, n);
  // The ruleset writes Markdown; a terminal reads it as plain text (headings as lines, tables as
  // columns); --markdown prints the document itself (to keep or render elsewhere).
  const report = entry.ruleset.report(state, step.events, player, lang);
  io.out((values.markdown ? report : markdownText(report)).trimEnd());
  return 0;
}

function cmdStatus(args: string[], io: Io): number {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const { game, entry } = load(positionals[0], 'status');
  io.out(`${entry.ruleset.title.en}, seed ${game.seed}, ${game.steps.length} step(s) resolved, hash ${hashState(game.state)}`);
  const outcome = entry.ruleset.outcome(game.state);
  if (outcome) { io.out(`game over: ${outcome.winners.map((w) => playerName(entry, game, w)).join(', ') || 'no winner'} (${outcome.reason})`); return 0; }
  for (const d of entry.ruleset.decisions(game.state)) {
    io.out(`waiting for "${d.id}" (${entry.ruleset.stepLabel(game.state)}):`);
    // Each player with his other names (Adventurer Kings: the King and his kingdom, as the README shows).
    for (const p of d.players) {
      const also = (entry.aliases?.(game.state, p) ?? []).filter((a) => a !== playerName(entry, game, p));
      io.out(`  ${game.pending.some((s) => s.decision === d.id && s.player === p) ? 'given ' : 'absent'}  ${p}  ${playerName(entry, game, p)}${also.length ? ` (${also.join(', ')})` : ''}`);
    }
  }
  return 0;
}

function cmdView(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { lord: { type: 'string' }, kingdom: { type: 'string' } } });
  const { game, entry } = load(positionals[0], 'view');
  io.out(JSON.stringify(entry.ruleset.view(game.state, findPlayer(entry, game, values.lord ?? values.kingdom)), null, 2));
  return 0;
}

function cmdReplay(args: string[], io: Io): number {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const { game, entry } = load(positionals[0], 'replay');
  const r = replay(entry.ruleset, game);
  for (const m of r.mismatches) io.err(`step ${m.step}: expected ${m.expected}, got ${m.actual}`);
  io.out(r.ok ? `replay ok: ${r.steps} step(s), every state hash reproduced; final hash ${r.finalHash}` : `replay FAILED: ${r.mismatches.length} mismatch(es)`);
  return r.ok ? 0 : 1;
}

function cmdSimulate(args: string[], io: Io): number {
  const { values } = parseArgs({ args, options: {
    ruleset: { type: 'string', default: 'gloire-et-pouvoir' }, map: { type: 'string' }, players: { type: 'string' },
    turns: { type: 'string', default: '50' }, seed: { type: 'string', default: '1' }, json: { type: 'boolean', default: false },
    out: { type: 'string' }, config: { type: 'string' }, 'report-lang': { type: 'string' },
  } });
  const entry = getRuleset(values.ruleset!);
  if (!entry.bot) throw new CliError(`ruleset ${values.ruleset} has no bot`);
  const turns = num(values.turns, '--turns')!;
  const options = entry.options({ map: variantOf(entry, values.map), players: num(values.players, '--players'), config: readConfig(values.config) });
  let game = createGame(entry.ruleset, options, values.seed!);
  const t0 = performance.now();
  const rejected: string[] = [];
  while (game.steps.length < turns && !entry.ruleset.outcome(game.state)) {
    game = advance(entry.ruleset, botAnswers(entry, game, rejected), { useDefaults: true });
    const step = game.steps[game.steps.length - 1]!;
    if (!values.json) io.out(entry.summarize ? entry.summarize(game.state, step.events) : `${step.label} ${step.hash.slice(0, 12)}`);
  }
  const ms = performance.now() - t0;
  const outcome = entry.ruleset.outcome(game.state);
  const winner = outcome?.winners[0] ? playerName(entry, game, outcome.winners[0]) : null;
  const hash = hashState(game.state);
  if (values.out) save(values.out, game);
  if (values.json) {
    const winners = (outcome?.winners ?? []).map((w) => playerName(entry, game, w));
    io.out(JSON.stringify({ ruleset: entry.ruleset.id, seed: game.seed, winner, winners, winnerId: outcome?.winners[0] ?? null, victory: outcome?.reason ?? null, turns: game.steps.length, hash, rejectedBotOrders: rejected.length, ms: Math.round(ms) }));
  } else {
    io.out(winner ? `winner: ${winner} (${outcome!.reason} victory)` : outcome ? 'game over with no winner' : 'no winner yet');
    io.out(`turns played: ${game.steps.length}`);
    io.out(`final state hash: ${hash}`);
    for (const r of rejected) io.err(`bot order rejected: ${r}`);
    if (values['report-lang']) {
      const lang = values['report-lang'] as Lang;
      const step = game.steps[game.steps.length - 1]!;
      const first = entry.ruleset.players(game.state)[0]!;
      io.out('');
      io.out(markdownText(entry.ruleset.report(game.state, step.events, first.id, lang)).trimEnd());
    }
  }
  return 0;
}

/** The site's database, as the server opens it (DATABASE_URL, else the embedded one in DATA_DIR). */
async function siteDb() {
  const { configFromEnv } = await import('../platform/config.ts');
  const { openDb } = await import('../platform/db/index.ts');
  const config = configFromEnv();
  return openDb({ url: config.databaseUrl, dataDir: config.dataDir });
}

/** `suzerain user validate LOGIN`: for a host without a mail server, or a player whose code never arrived. */
async function cmdUser(args: string[], io: Io): Promise<number> {
  const [sub, login] = args;
  if (sub !== 'validate' || !login || args.length !== 2) throw new CliError('usage: suzerain user validate LOGIN');
  const { loginKey } = await import('../platform/accounts/service.ts');
  const db = await siteDb();
  try {
    const u = await db.one<{ id: number; login: string; validated: boolean }>('SELECT id, login, validated FROM users WHERE login_key = $1 AND NOT is_guest', [loginKey(login)]);
    if (!u) throw new CliError(`no account "${login}"`);
    if (u.validated) { io.out(`${u.login}: already validated`); return 0; }
    await db.query('UPDATE users SET validated = TRUE WHERE id = $1', [u.id]);
    await db.query("DELETE FROM user_tokens WHERE user_id = $1 AND kind = 'validate'", [u.id]);
    io.out(`${u.login}: address validated; the account can log in`);
    return 0;
  } finally {
    await db.close();
  }
}

/** `suzerain outbox [--all]`: the outbox's mails, newest last, with their links and codes. */
async function cmdOutbox(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args, options: { all: { type: 'boolean', default: false } }, strict: true });
  const { mailHighlights } = await import('../platform/mail/mailer.ts');
  const db = await siteDb();
  try {
    const rows = await db.query<{ id: number; created_at: Date | string; to_addr: string; subject: string; text: string; sent_at: Date | string | null }>(
      `SELECT * FROM (SELECT id, created_at, to_addr, subject, text, sent_at FROM outbox ORDER BY id DESC ${values.all ? '' : 'LIMIT 20'}) m ORDER BY id`);
    if (!rows.length) io.out('the outbox is empty');
    for (const m of rows) {
      io.out(`#${m.id} ${new Date(m.created_at).toISOString().slice(0, 16).replace('T', ' ')} UTC ${m.sent_at ? 'sent' : 'kept'} to ${m.to_addr}: ${m.subject}`);
      for (const l of mailHighlights(m.text)) io.out(`    ${l}`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

async function cmdServe(io: Io): Promise<number> {
  const { configFromEnv } = await import('../platform/config.ts');
  const { startPlatform } = await import('../platform/main.ts');
  const config = configFromEnv();
  // WORKERS=n (PostgreSQL only): n server processes share the port (the kernel spreads the
  // connections) and the database (each due turn is claimed by one of them).
  const workers = Math.max(1, Number(process.env.WORKERS ?? 1) || 1);
  if (workers > 1 && config.databaseUrl) {
    const cluster = (await import('node:cluster')).default;
    if (cluster.isPrimary) {
      cluster.schedulingPolicy = cluster.SCHED_NONE;
      for (let i = 0; i < workers; i++) cluster.fork({ SUZERAIN_WORKER: String(i) });
      let up = 0;
      cluster.on('message', (_w, m) => {
        if (m === 'up' && ++up === workers) io.out(`Suzerain is served at ${config.publicUrl} (PostgreSQL; ${workers} processes; mail ${config.smtpUrl ? 'by SMTP' : 'kept in the outbox, /host/outbox'})`);
      });
      cluster.on('exit', (w, code) => { if (code !== 0) io.err(`suzerain: worker ${w.process.pid} exited with ${code}`); });
      await new Promise<void>((resolve) => {
        const stop = () => { for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM'); setTimeout(resolve, 2000).unref(); cluster.on('exit', () => { if (!Object.keys(cluster.workers ?? {}).length) resolve(); }); };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      process.exit(0);
    }
    // The inbound mail server listens in the first worker only.
    if (process.env.SUZERAIN_WORKER !== '0') config.inboundSmtpPort = null;
  } else if (workers > 1) {
    io.err('suzerain: WORKERS needs DATABASE_URL (the embedded database belongs to one process); serving with one process');
  }
  const platform = await startPlatform(config);
  // The benchmark's count of database statements (bench/server.ts: statements per request): on
  // SIGUSR2, how many this process has sent so far.
  if (process.env.SUZERAIN_DB_STATS === '1') {
    const { dbCounters } = await import('../platform/db/index.ts');
    process.on('SIGUSR2', () => io.out(`db-statements ${dbCounters.statements}`));
    io.out('db-statements on SIGUSR2');
  }
  process.send?.('up');
  io.out(`Suzerain is served at ${config.publicUrl} (${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`}; mail ${config.smtpUrl ? 'by SMTP' : 'kept in the outbox, /host/outbox'})`);
  await new Promise<void>((resolve) => {
    const stop = () => { void platform.close().then(resolve); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}

/** Gives every absent player the caretaker's answer (its own RNG stream per step and player, as on the platform). */
function caretakerAnswers(entry: RulesetEntry, game: GameRecord): GameRecord {
  let g = game;
  for (const m of missing(entry.ruleset, g)) {
    const rng = createRng(g.seed, `caretaker/${g.steps.length + 1}/${m.player}`);
    g = submit(entry.ruleset, g, m.player, m.decision, entry.caretaker!(g.state, m.player, m.decision, rng)).game;
  }
  return g;
}

function playerName(entry: RulesetEntry, game: GameRecord, id: string): string {
  return entry.ruleset.players(game.state).find((p) => p.id === id)?.name ?? id;
}

function stateAfter(entry: RulesetEntry, game: GameRecord, n: number): unknown {
  if (n === game.steps.length) return game.state;
  // Replayed step by step, free actions included (engine replayStates).
  let state: unknown = null;
  for (const x of replayStates(entry.ruleset, game, n)) state = x.state;
  return state;
}
