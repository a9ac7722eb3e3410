/**
 * The command line for games of prompts (Fief; any ruleset through the engine's contract, issue 15
 * "Around it"): what is waiting and for whom, one player's answer to an open question, and a free
 * action. Each command reads and writes a game file like the others (`load`/`save` of main.ts).
 *
 *   suzerain prompts game.json [--player NAME] [--lang fr|en]
 *       each open question: its id, its kind, its sentence, who is asked (answered or waiting), its
 *       choices; with --player, only his questions, with his default, and his free actions with
 *       their fields and legal options (as the site's forms list them).
 *   suzerain answer game.json --player NAME [--decision ID] (--answer TEXT | --file F) [--lang fr|en]
 *       validates and stores his answer (each refused line named, in the language asked); when
 *       every player asked has answered, the step resolves at once, as on the site.
 *   suzerain act game.json --player NAME --action ID [key=value …] [--lang fr|en]
 *       a free action (Fief: give, offer, accept, decline, withdraw, release, excommunicate, lift,
 *       request-annulment, annul, refuse-annulment, relic, hand-relic), applied at once as a step;
 *       his report of it is printed.
 */
import { parseArgs } from 'node:util';
import { advance, missing, submit, takeAction, type GameRecord } from '../engine/game.ts';
import type { Lang } from '../engine/ruleset.ts';
import type { RulesetEntry } from '../rulesets/index.ts';
import { markdownText } from '../platform/http/markdown.ts';

export interface PromptCliIo { out: (s: string) => void; err: (s: string) => void; stdin: () => string }
/** What main.ts lends these commands: its game file storage and name lookup, and its usage error. */
export interface PromptCliDeps {
  load(path: string | undefined, cmd: string): { game: GameRecord; entry: RulesetEntry };
  save(path: string, game: GameRecord): void;
  findPlayer(entry: RulesetEntry, game: GameRecord, name: string | undefined): string;
  readText(path: string, what: string): string;
  usageError(message: string): Error;
}

export const PROMPT_USAGE: Record<string, string> = {
  prompts: 'suzerain prompts game.json [--player NAME] [--lang fr|en]',
  answer: 'suzerain answer game.json --player NAME [--decision ID] (--answer TEXT | --file F) [--lang fr|en]',
  act: 'suzerain act game.json --player NAME --action ID [key=value …] [--lang fr|en]',
};

export function langOf(v: string | undefined, deps: PromptCliDeps): Lang {
  if (v !== 'fr' && v !== 'en') throw deps.usageError('--lang is fr or en');
  return v;
}
export const nameOf = (entry: RulesetEntry, game: GameRecord, id: string): string => entry.ruleset.players(game.state).find((p) => p.id === id)?.name ?? id;

export function cmdPrompts(args: string[], io: PromptCliIo, deps: PromptCliDeps): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { player: { type: 'string' }, lord: { type: 'string' }, lang: { type: 'string', default: 'en' } } });
  const lang = langOf(values.lang, deps);
  const { game, entry } = deps.load(positionals[0], 'prompts');
  const rs = entry.ruleset;
  const who = values.player ?? values.lord;
  const player = who ? deps.findPlayer(entry, game, who) : null;
  const outcome = rs.outcome(game.state);
  if (outcome) { io.out(`game over: ${outcome.winners.map((w) => nameOf(entry, game, w)).join(', ') || 'no winner'} (${outcome.reason})`); return 0; }
  const decisions = rs.decisions(game.state).filter((d) => !player || d.players.includes(player));
  io.out(`${rs.localizeLabel?.(rs.stepLabel(game.state), lang) ?? rs.stepLabel(game.state)}`);
  if (!decisions.length) io.out(player ? `  ${lang === 'fr' ? 'rien ne vous est demandé' : 'nothing is asked of you'}` : '  (nothing asked)');
  for (const d of decisions) {
    const deadline = d.deadline.kind === 'class' ? d.deadline.name : d.deadline.kind;
    io.out(`- ${d.id} [${d.kind}, ${deadline}]: ${d.prompt[lang]}`);
    for (const p of d.players) {
      if (player && p !== player) continue;
      const given = game.pending.some((s) => s.decision === d.id && s.player === p);
      io.out(`    ${given ? 'answered' : 'waiting '}  ${p}  ${nameOf(entry, game, p)}`);
    }
    if (d.choices?.length) io.out(`    choices: ${d.choices.map((c) => `${c.value} (${c.label[lang]})`).join(', ')}`);
    if (player) {
      const dv = d.defaults[player];
      io.out(`    default: ${rs.answerText ? rs.answerText(game.state, player, d.id, dv) : JSON.stringify(dv)}`);
      const form = rs.answerForm?.(game.state, player, d.id, lang);
      for (const g of form?.groups ?? []) for (const e of g.entries) io.out(`    form: ${e.syntax}${e.fields.filter((f) => f.kind === 'choice').map((f) => f.kind === 'choice' ? ` ${f.name}∈{${f.options.slice(0, 12).map((o) => o.value).join(',')}${f.options.length > 12 ? ',…' : ''}}` : '').join('')}`);
    }
  }
  if (player && rs.freeActions) {
    const actions = rs.freeActions(game.state, player, lang);
    if (actions.length) io.out(lang === 'fr' ? 'actions libres :' : 'free actions:');
    for (const a of actions) {
      const fields = a.fields.map((f) => {
        const opt = f.optional ? '?' : '';
        if (f.kind === 'choice') return `${f.name}${opt}=${f.options.slice(0, 10).map((o) => o.value).join('|')}${f.options.length > 10 ? '|…' : ''}`;
        if (f.kind === 'integer') return `${f.name}${opt}=${f.min ?? 0}..${f.max ?? ''}`;
        return `${f.name}${opt}=text`;
      });
      io.out(`  ${a.id}${fields.length ? ` ${fields.join(' ')}` : ''} — ${a.label}`);
    }
  }
  return 0;
}

export function cmdAnswer(args: string[], io: PromptCliIo, deps: PromptCliDeps): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: {
    player: { type: 'string' }, lord: { type: 'string' }, decision: { type: 'string' }, answer: { type: 'string' }, file: { type: 'string' }, lang: { type: 'string', default: 'en' },
  } });
  const lang = langOf(values.lang, deps);
  const path = positionals[0];
  const { game, entry } = deps.load(path, 'answer');
  if (!(values.player ?? values.lord)) throw deps.usageError(`--player NAME is required\nusage: ${PROMPT_USAGE.answer}`);
  const player = deps.findPlayer(entry, game, values.player ?? values.lord);
  const asked = entry.ruleset.decisions(game.state).filter((d) => d.players.includes(player));
  const decision = values.decision ?? asked[0]?.id;
  if (!decision || !asked.some((d) => d.id === decision)) throw deps.usageError(lang === 'fr' ? `cette question n’est pas posée à ${nameOf(entry, game, player)} (suzerain prompts)` : `that question is not asked of ${nameOf(entry, game, player)} (suzerain prompts)`);
  if (values.answer === undefined && !values.file) throw deps.usageError(`--answer TEXT or --file F is required\nusage: ${PROMPT_USAGE.answer}`);
  const text = values.answer ?? (values.file === '-' ? io.stdin() : deps.readText(values.file!, 'answer file'));
  const { game: next, validation } = submit(entry.ruleset, game, player, decision, text);
  for (const i of validation.issues) io.err(`${i.line !== undefined ? `${lang === 'fr' ? 'ligne' : 'line'} ${i.line}: ` : ''}${i.text?.[lang] ?? i.message}`);
  if (validation.value === null) { io.out(lang === 'fr' ? 'réponse refusée ; rien n’est enregistré' : 'answer refused; nothing stored'); return 1; }
  let g = next;
  const waiting = missing(entry.ruleset, g);
  if (waiting.length === 0) {
    g = advance(entry.ruleset, g, { useDefaults: false });
    const step = g.steps[g.steps.length - 1]!;
    io.out(lang === 'fr' ? `réponse enregistrée ; l’étape ${step.index} est résolue` : `answer stored; step ${step.index} resolved`);
    io.out(markdownText(entry.ruleset.report(g.state, step.events, player, lang)).trimEnd());
  } else {
    io.out(lang === 'fr' ? `réponse enregistrée ; on attend encore ${waiting.map((w) => nameOf(entry, g, w.player)).join(', ')}` : `answer stored; still waiting for ${waiting.map((w) => nameOf(entry, g, w.player)).join(', ')}`);
  }
  deps.save(path!, g);
  return validation.issues.length ? 1 : 0;
}

export function cmdAct(args: string[], io: PromptCliIo, deps: PromptCliDeps): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { player: { type: 'string' }, lord: { type: 'string' }, action: { type: 'string' }, lang: { type: 'string', default: 'en' } } });
  const lang = langOf(values.lang, deps);
  const [path, ...pairs] = positionals;
  const { game, entry } = deps.load(path, 'act');
  if (!entry.ruleset.validateAction || !entry.ruleset.act) throw deps.usageError(`${entry.ruleset.id} has no free actions`);
  if (!(values.player ?? values.lord)) throw deps.usageError(`--player NAME is required\nusage: ${PROMPT_USAGE.act}`);
  const player = deps.findPlayer(entry, game, values.player ?? values.lord);
  if (!values.action) throw deps.usageError(`--action ID is required (suzerain prompts --player shows them)\nusage: ${PROMPT_USAGE.act}`);
  const vals: Record<string, string> = {};
  for (const p of pairs) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw deps.usageError(`"${p}" is not key=value\nusage: ${PROMPT_USAGE.act}`);
    vals[p.slice(0, eq)] = p.slice(eq + 1);
  }
  const r = takeAction(entry.ruleset, game, player, { id: values.action, values: vals });
  if (r.validation.value === null) {
    for (const i of r.validation.issues) io.err(i.text?.[lang] ?? i.message);
    io.out(lang === 'fr' ? 'action refusée ; rien n’a changé' : 'action refused; nothing changed');
    return 1;
  }
  const step = r.game.steps[r.game.steps.length - 1]!;
  deps.save(path!, r.game);
  for (const d of r.dropped) io.err(lang === 'fr' ? `la réponse de ${nameOf(entry, r.game, d.player)} à « ${d.decision} » n’est plus valable : elle est effacée` : `${nameOf(entry, r.game, d.player)}'s answer to "${d.decision}" no longer holds: it is cleared`);
  io.out(markdownText(entry.ruleset.report(r.game.state, step.events, player, lang)).trimEnd());
  return 0;
}
