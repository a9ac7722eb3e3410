/**
 * Checking an answer to the open question (flow.ts), strictly, before anything runs (rules §9.5:
 * bad input is refused with a message in French and English, never a crash):
 *
 * 1. the shape: plain JSON, bounded in size and depth; each kind's own shape (the card answer's
 *    moves, paths and attack are checked field by field, since action.ts trusts them);
 * 2. the legality: the answer is run on a copy of the state by the rules' own code (setup.ts,
 *    planning.ts, turn.ts `runStep`) with the other barons' defaults; the rules' refusal is the
 *    message. A rules crash on an odd answer is caught and refused as malformed.
 *
 * A player answers only for himself: a baron's claim to consents (#6/#7) in his card answer is
 * dropped (the flow asks the barons concerned); a combat or draft answer may name only his own
 * nobles and track positions. `null` or "default" is always accepted: the §9.2 default, kept as
 * `DEFAULT` (the engine takes a null value as a refusal).
 */
import type { Localized, Validation, ValidationIssue } from '../../engine/ruleset.ts';
import type { BaronId } from './barons.ts';
import { DESTINATIONS, ZONES } from './cards.ts';
import { SETUP_REFUSALS, assignTroops, placeNoble, placeStronghold } from './setup.ts';
import { planRefusal, PLAN_REFUSALS } from './rules/planning.ts';
import { fill } from '../../engine/localize.ts';
import { ASSEMBLY_KINDS, assemblyQuestion, consentsNeeded, inputsOf, levies, mergeAssembly, repeatsRefused, sideOf, withConsents, type Ask, type ConsentRequest, type WkGame } from './flow.ts';
import { baronData } from './barons.ts';
import { isRegion, region } from './board.ts';
import { runStep } from './turn.ts';
import { nextAssemblyQuestion } from './rules/assembly.ts';
import type { CardAnswer } from './rules/action.ts';

/** The answer that asks for the §9.2 default (a decision's `defaults`). */
export const DEFAULT = 'default';

const MAX_NODES = 400;
const MAX_DEPTH = 6;
const MAX_STRING = 80;

const MSG = {
  closed: { fr: 'Cette question n’est plus posée.', en: 'This question is no longer asked.' },
  notAsked: { fr: 'Cette question ne vous est pas posée.', en: 'This question is not asked of you.' },
  shape: { fr: 'Réponse mal formée : {what}.', en: 'Malformed answer: {what}.' },
  tooBig: { fr: 'Réponse trop longue ou trop imbriquée.', en: 'The answer is too long or too deeply nested.' },
  consentRepeated: { fr: '{who} a déjà refusé (ou laissé sans réponse) votre demande {what} pour cette carte : elle ne peut pas lui être renvoyée. Choisissez un autre chemin ou une autre cible, ou renoncez.', en: '{who} has already refused (or left unanswered) your request {what} for this card: it cannot be sent to him again. Choose another path or another target, or decline.' },
  passageIn: { fr: 'de passer par {r}', en: 'to pass through {r}' },
  attackIn: { fr: 'd’attaquer en {r}', en: 'to attack in {r}' },
  crashed: { fr: 'Cette réponse ne peut pas être appliquée telle quelle.', en: 'This answer cannot be applied as it stands.' },
  notOption: { fr: 'Choix impossible ici ; choix possibles : {what}.', en: 'Not a choice here; the choices are: {what}.' },
  notYours: { fr: 'Vous ne répondez que pour vos propres nobles et vos propres écussons.', en: 'You answer only for your own nobles and your own shields.' },
} satisfies Record<string, Localized>;

const issue = (text: Localized): Validation<never> => ({ value: null, issues: [{ message: text.en, text }] });
/** A malformed answer (only a hand-made one: the forms and bots make none): the expected shape in JSON notation, or in the player's words. */
const shapeIssue = (what: string | Localized): Validation<never> => issue(fill(MSG.shape, { what }));
/** The expected shapes said in words (FR/EN); the others are JSON notation, the same in both. */
const SHAPE = {
  use: { fr: 'use : true ou false', en: 'use: true or false' },
  region: { fr: 'une région', en: 'a region' },
  name: { fr: 'un nom', en: 'a name' },
  baron: { fr: 'un baron', en: 'a baron' },
  city: { fr: 'une cité', en: 'a city' },
  object: { fr: 'un objet', en: 'an object' },
  faith: { fr: 'un nombre entier de points de Foi, 0 ou plus', en: 'a whole number of Faith, 0 or more' },
} satisfies Record<string, Localized>;

/** Plain JSON (no prototype tricks), bounded in nodes, depth and string length. */
export function plainJson(x: unknown, depth = 0, count = { n: 0 }): boolean {
  if (++count.n > MAX_NODES || depth > MAX_DEPTH) return false;
  if (x === null || typeof x === 'boolean') return true;
  if (typeof x === 'number') return Number.isFinite(x);
  if (typeof x === 'string') return x.length <= MAX_STRING;
  if (Array.isArray(x)) return x.every((v) => plainJson(v, depth + 1, count));
  if (typeof x === 'object') {
    const proto = Object.getPrototypeOf(x);
    if (proto !== Object.prototype && proto !== null) return false;
    return Object.entries(x as object).every(([k, v]) => k !== '__proto__' && k.length <= MAX_STRING && plainJson(v, depth + 1, count));
  }
  return false;
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const strs = (x: unknown): x is string[] => Array.isArray(x) && x.every((v) => typeof v === 'string');
const optional = (x: unknown, ok: (v: unknown) => boolean): boolean => x === undefined || ok(x);

/** The card answer's shape (#5, #8), field by field: what action.ts reads without checking. */
export function cardShape(a: unknown): string | Localized | null {
  if (!isObj(a) || typeof a.use !== 'boolean') return SHAPE.use;
  if (!optional(a.zone, (z) => (ZONES as readonly unknown[]).includes(z))) return 'zone';
  if (!a.use) return null;
  if (!optional(a.space, (v) => Number.isInteger(v))) return 'space';
  if (!optional(a.option, (v) => ['crowns', 'vote', 'move', 'combat', 'shield'].includes(v as string))) return 'option';
  if (!optional(a.combat, (v) => typeof v === 'boolean')) return 'combat';
  const transfer = (t: unknown) => isObj(t) && typeof t.at === 'string' && strs(t.cards) && optional(t.from, (f) => typeof f === 'string');
  if (!optional(a.moves, (ms) => Array.isArray(ms) && ms.length <= 4 && ms.every((m) => isObj(m) && typeof m.noble === 'string' && ['step', 'road', 'sea'].includes(m.kind as string)
    && strs(m.path) && (m.path as string[]).length >= 1 && optional(m.take, (t) => Array.isArray(t) && t.every(transfer)) && optional(m.drop, (t) => Array.isArray(t) && t.every(transfer))))) return 'moves';
  if (!optional(a.attack, (t) => isObj(t) && typeof t.target === 'string' && ['battle', 'assault', 'siege'].includes(t.kind as string) && strs(t.armies) && optional(t.commander, (c) => typeof c === 'string'))) return 'attack';
  return null;
}

/** Strips what a baron may not claim for himself (consents are asked of the barons concerned). */
export function ownPart(a: CardAnswer): CardAnswer {
  if (!a.use) return a;
  const { permissions: _p, ...rest } = a;
  return rest.attack ? { ...rest, attack: { target: rest.attack.target, kind: rest.attack.kind, armies: rest.attack.armies, ...(rest.attack.commander !== undefined ? { commander: rest.attack.commander } : {}) } } : rest;
}

/** Every noble id an aftermath answer names. */
const namedNobles = (a: Record<string, unknown>): string[] => ['retreat', 'deserter', 'lose'].flatMap((k) => (isObj(a[k]) ? Object.keys(a[k] as object) : []));

/** Checks one baron's answer to the open question. */
export function checkAnswer(g: WkGame, ask: Ask, player: string, ans: unknown): Validation<unknown> {
  const s = g.wk;
  if (!(ask.players as string[]).includes(player)) return issue(MSG.notAsked);
  const b = player as BaronId;
  if (ans === null || ans === undefined || ans === DEFAULT) return { value: DEFAULT, issues: [] };
  // §7.4: a free law's text may be longer than the other strings; its own length is checked by house-laws.ts (its message says the limit)
  const lawText = ask.kind === 'personal-motion' && isObj(ans) && ans.kind === 'free-law' && typeof ans.text === 'string' ? ans.text : null;
  if (lawText !== null && lawText.length > 4 * s.config.assembly.freeLawMaxChars + MAX_STRING) return issue(MSG.tooBig);
  if (!plainJson(lawText !== null ? { ...(ans as object), text: '' } : ans)) return issue(MSG.tooBig);
  const refused = (m: Localized): Validation<never> => issue(m);
  switch (ask.kind) {
    case 'passage-consent': case 'attack-consent':
      if (ans === 'allow' || ans === true || ans === 'yes') return { value: 'allow', issues: [] };
      if (ans === 'deny' || ans === false || ans === 'no') return { value: 'deny', issues: [] };
      return shapeIssue('allow | deny');
    case 'assign-troops': {
      if (!isObj(ans)) return shapeIssue('{ troop card: noble or "stronghold" }');
      const r = assignTroops(s, b, ans as Record<string, string>);
      return r.ok ? { value: ans, issues: [] } : refused(SETUP_REFUSALS[r.reason]);
    }
    case 'place-stronghold': {
      if (typeof ans !== 'string') return shapeIssue(SHAPE.region);
      const r = placeStronghold(s, b, ans);
      return r.ok ? { value: ans, issues: [] } : refused(SETUP_REFUSALS[r.reason]);
    }
    case 'place-noble': {
      if (!isObj(ans) || typeof ans.noble !== 'string' || typeof ans.region !== 'string') return shapeIssue('{ noble, region }');
      const r = placeNoble(s, b, ans.noble, ans.region);
      return r.ok ? { value: { noble: ans.noble, region: ans.region }, issues: [] } : refused(SETUP_REFUSALS[r.reason]);
    }
    case 'plan-piles': {
      if (!Array.isArray(ans) || !ans.every(strs)) return shapeIssue('[[cards], [cards], [cards]]');
      const why = planRefusal(s, b, ans as string[][]);
      return why ? refused(fill(PLAN_REFUSALS[why], { piles: s.config.planning.piles, max: s.config.planning.maxPerPile })) : { value: ans, issues: [] };
    }
    case 'use-card': {
      const why = cardShape(ans);
      if (why) return shapeIssue(why);
      const a = ownPart(ans as CardAnswer);
      // §9.3, review item 16: a request refused or defaulted is not sent again during this card's resolution
      const again = repeatsRefused(g, b, a);
      if (again) return refused(repeatedMessage(again));
      const need = consentsNeeded(s, b, a);
      // legal once the barons concerned consent: run it as if they did
      const card = withConsents(a, Object.fromEntries(need.passage.map((x) => [x, true])), Object.fromEntries(need.attack.map((x) => [x, true])));
      return dryRun(g, ask, b, card, a);
    }
    case 'defender-commander': case 'ransom-city':
      if (typeof ans !== 'string') return shapeIssue(SHAPE.name);
      return dryRun(g, ask, b, ans);
    case 'city-captured':
      if (ans !== 'control' && ans !== 'raze') return shapeIssue('control | raze');
      return dryRun(g, ask, b, ans);
    case 'fate-discard':
      if (!strs(ans)) return shapeIssue('[cards]');
      return dryRun(g, ask, b, ans);
    case 'use-ability':
      if (typeof ans !== 'boolean') return shapeIssue('true | false');
      return dryRun(g, ask, b, ans);
    case 'allocate-casualties':
      if (!isObj(ans) || !Object.values(ans).every((v) => Number.isInteger(v))) return shapeIssue('{ absorber: tokens }');
      return dryRun(g, ask, b, ans);
    case 'retreat': case 'death':
      if (!isObj(ans)) return shapeIssue('{ retreat?, deserter?, lose? }');
      if (namedNobles(ans).some((id) => s.nobles[id]?.baron !== b || !Object.hasOwn(s.nobles, id))) return refused(MSG.notYours);
      return dryRun(g, ask, b, ans);
    case 'defensive-works': case 'troop-maintenance': case 'arrivals': case 'pay-wages':
      if (!isObj(ans)) return shapeIssue(SHAPE.object);
      return dryRun(g, ask, b, ans);
    case 'launch-expedition':
      if (!(DESTINATIONS as readonly unknown[]).includes(ans)) return shapeIssue(DESTINATIONS.join(' | '));
      return dryRun(g, ask, b, ans);
    case 'invest':
      if (!isObj(ans) || !optional(ans.stake, (v) => Number.isInteger(v)) || !optional(ans.bless, (v) => typeof v === 'boolean')) return shapeIssue('{ stake?, bless? }');
      return dryRun(g, ask, b, ans);
    case 'draft-pick': { // this shield's pick (the shields are asked one at a time from the left, #27)
      const p = ans === 'pass' ? { cards: [] } : ans;
      if (!isObj(p) || !Array.isArray(p.cards) || !p.cards.every((c) => isObj(c) && typeof c.card === 'string' && typeof c.to === 'string')) return shapeIssue('{ cards: [{ card, to }] } | pass');
      return dryRun(g, ask, b, { cards: p.cards });
    }
    case 'revolt': {
      if (!isObj(ans) || !Object.values(ans).every((v) => v === 'lose' || v === 'faith' || v === 'crowns')) return shapeIssue('{ city: lose | faith | crowns }');
      if (Object.keys(ans).some((c) => s.cities[c]?.controller !== b)) return refused(MSG.notYours);
      return dryRun(g, ask, b, ans);
    }
    case 'event-drawer':
      if (typeof ans !== 'string') return shapeIssue(SHAPE.baron);
      return dryRun(g, ask, b, ans);
    case 'event-choice':
      if (typeof ans !== 'string') return shapeIssue(SHAPE.city);
      return dryRun(g, ask, b, ans);
    case 'refuse-law': {
      // "comply" (the default), "refuse" (every Law that levies him), or the list of the Laws he refuses
      const mine = levies(s, b);
      const list = ans === 'comply' ? [] : ans === 'refuse' ? mine : ans;
      if (!strs(list)) return shapeIssue('comply | refuse | [Laws]');
      if ((list as string[]).some((c) => !mine.includes(c))) return issue(fill(MSG.notOption, { what: ['comply', 'refuse', ...mine].join(', ') }));
      return dryRun(g, ask, b, [...new Set(list as string[])]);
    }
    case 'cancel-red-event':
      if (typeof ans !== 'boolean') return shapeIssue('true | false');
      return dryRun(g, ask, b, ans);
    case 'pledge-faith':
      if (!Number.isInteger(ans) || (ans as number) < 0) return shapeIssue(SHAPE.faith);
      return dryRun(g, ask, b, ans);
    default:
      if (ASSEMBLY_KINDS.includes(ask.kind)) return checkAssembly(g, ask, b, ans);
      return shapeIssue(ask.kind);
  }
}

const isVote = (v: unknown): boolean => isObj(v) && optional(v.commit, (n) => Number.isInteger(n) && (n as number) >= 0) && optional(v.declare, (d) => typeof d === 'string');

/** An Assembly answer (#28–#37): its shape and choices, then the Assembly probed with it. */
function checkAssembly(g: WkGame, ask: Ask, b: BaronId, ans: unknown): Validation<unknown> {
  const q = assemblyQuestion(g);
  if (!q || q.decision !== ask.kind) return issue(MSG.closed);
  const among = (v: unknown) => typeof v === 'string' && q.options.includes(v);
  const notOption = () => issue(fill(MSG.notOption, { what: q.options.join(', ') }));
  switch (q.decision) {
    case 'acting-chairman': case 'declare-vote': case 'break-tie': case 'discard-title': case 'assign-office': case 'refuse-decision':
      if (typeof ans !== 'string') return shapeIssue(q.options.join(' | '));
      if (!among(ans)) return notOption();
      break;
    case 'order-of-business':
      if (!strs(ans) || ans.length !== q.options.length || [...ans].sort().join() !== [...q.options].sort().join()) return notOption();
      break;
    case 'personal-motion':
      // a free law (§7.4, house-laws.ts) goes on to the Assembly's own check, which says why it is refused (option off, empty, too long)
      if (!isObj(ans) || !(among(ans.kind) || ans.kind === 'free-law') || !optional(ans.baron, (x) => typeof x === 'string') || !optional(ans.card, (x) => typeof x === 'string')) return shapeIssue(`{ kind: withdraw | pardon | repeal | adjourn | resubmit${q.options.includes('free-law') ? ' | free-law' : ''}, baron?, card?${q.options.includes('free-law') ? ', text?' : ''} }`);
      break;
    case 'commit-votes':
      if (!Number.isInteger(ans) || (ans as number) < 0) return shapeIssue('a whole number of votes, 0 or more');
      break;
    case 'secret-allocation':
      if (q.into === 'allocation' ? !(isObj(ans) && Object.values(ans).every(isVote)) : !isVote(ans)) return shapeIssue(q.into === 'allocation' ? '{ proposal: { commit, declare } }' : '{ commit, declare }');
      if (isObj(ans) && Object.values(ans).some((v) => isObj(v) && v.declare !== undefined && v.declare !== 'abstain' && !['yes', 'no', ...g.wk.players].includes(v.declare as string))) return notOption();
      if (!isObj(ans) || (q.into !== 'allocation' && ans.declare !== undefined && ans.declare !== 'abstain' && !among(ans.declare))) return notOption();
      break;
    default: return shapeIssue(ask.kind);
  }
  try {
    const r = nextAssemblyQuestion(g.wk, mergeAssembly(g.wk, g.flow.pending.assembly ?? {}, q, { [b]: ans }));
    return r && !('decision' in r) ? issue(r.message) : { value: ans, issues: [] };
  } catch {
    return issue(MSG.crashed);
  }
}

/** Why a repeated consent request is refused, naming the baron and the region, in both languages. */
function repeatedMessage(r: ConsentRequest): Localized {
  const place: Localized = isRegion(r.region) ? { fr: region(r.region).name?.fr ?? r.region, en: region(r.region).name?.en ?? r.region } : { fr: r.region, en: r.region };
  const what = fill(r.kind === 'passage' ? MSG.passageIn : MSG.attackIn, { r: place });
  return fill(MSG.consentRepeated, { who: baronData(r.baron)?.name ?? r.baron, what });
}

/** Runs the step on a copy with this answer (the others' defaults); the rules' refusal is the message. */
function dryRun(g: WkGame, ask: Ask, b: BaronId, run: unknown, keep: unknown = run): Validation<unknown> {
  let inputs;
  if (ask.kind === 'use-card') inputs = { card: run as CardAnswer };
  else if (ask.kind === 'launch-expedition') inputs = inputsOf(g, ask, { [b]: run });
  else inputs = inputsOf(g, ask, { [b]: run });
  try {
    const r = runStep(g.wk, inputs);
    if (r.ok) return { value: keep, issues: [] };
    return issue(r.message);
  } catch {
    return issue(MSG.crashed);
  }
}

/** The answer as text (the platform shows it where a structured answer was stored). */
export function answerText(value: unknown): string {
  return value === null || value === DEFAULT ? DEFAULT : typeof value === 'string' ? value : JSON.stringify(value);
}

export type { ValidationIssue };
export const sideFor = sideOf;
