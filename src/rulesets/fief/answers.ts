/**
 * The answers to the flow's questions (flow.ts), kind by kind: the §11.4 default, the text syntax
 * a player types or a form writes (one order per line), and the check against the question's
 * options and the rules' own refusals (named, in French and English; every option and message
 * comes from what the player may know: the question's options, his hand, his own pieces).
 * A structured value (what `validate` returns, and what bots give) is accepted as it stands and
 * checked the same way.
 */
import type { Localized, PlayerId, Validation, ValidationIssue } from '../../engine/ruleset.ts';
import { BOARD, type VillageId } from './board.ts';
import { cardKind, type Deck } from './cards.ts';
import type { Ask, FiefGame, FlowKind } from './flow.ts';
import { committedInBattles, stateForAsk } from './flow.ts';
import { AS_CARDINAL, holdTakes, momentOf, parseSurprise, surpriseText } from './holds.ts';
import { checkSurprise, SURPRISE_REFUSALS, type SurprisePlay } from './rules/surprise.ts';
import { BATTLE_REFUSALS, battleRefusal } from './rules/battle.ts';
import { PILLAGE_REFUSALS, pillageRefusal, SIEGE_REFUSALS, siegeRefusal } from './rules/combat-phase.ts';
import { discardCards, drawOne, DRAW_REFUSALS, type DrawCount } from './rules/draw.ts';
import { MARRIAGE_REFUSALS, checkProposal } from './rules/marriage.ts';
import { MOVE_REFUSALS, runMovement, type MoveCommand } from './rules/movement.ts';
import { playCard, PLAY_REFUSALS, type CardPlay } from './rules/play-cards.ts';
import { placementOptions } from './rules/placement.ts';
import { makePurchases, PURCHASE_REFUSALS, type Purchase } from './rules/purchases.ts';
import { checkOffer, OFFER_REFUSALS } from './rules/ransoms.ts';
import type { FiefState, LordId } from './state.ts';
import { lordWords, readWords } from './words.ts';

export const ANSWER_REFUSALS = {
  'not-asked': { fr: 'Cette question ne vous est pas posée.', en: 'You are not asked this question.' },
  'yes-no': { fr: 'Répondez oui ou non.', en: 'Answer yes or no.' },
  'not-a-choice': { fr: 'Ce choix n’est pas proposé : {choices}.', en: 'That is not one of the choices: {choices}.' },
  'bad-line': { fr: 'Ligne incomprise : « {line} ».', en: 'Line not understood: “{line}”.' },
  'bad-number': { fr: 'Un nombre entier positif ou nul est attendu.', en: 'A whole number, zero or more, is expected.' },
  'not-a-pair': { fr: 'Ce mariage n’est pas possible (voyez la liste des propositions).', en: 'That marriage is not possible (see the list of proposals).' },
  'not-eligible': { fr: 'Ce seigneur ne peut pas être votre candidat à ce titre.', en: 'That lord may not be your candidate for this title.' },
  'not-a-candidate': { fr: 'Un marqueur de vote se place sur un candidat déclaré.', en: 'A vote marker goes on a declared candidate.' },
  'not-struck': { fr: 'Aucune de vos armées de ce village n’est frappée par la peste.', en: 'None of your armies in that village is struck by the plague.' },
  'wrong-loss': { fr: 'Les pertes doivent faire exactement {loss} pions, parmi ceux que vous avez.', en: 'The losses must be exactly {loss} tokens, among those you have.' },
  'not-a-loss': { fr: 'Ces pertes ne font pas partie des répartitions possibles.', en: 'Those losses are not one of the possible allocations.' },
  'wrong-kill': { fr: 'Désignez exactement {n} de vos seigneurs présents.', en: 'Name exactly {n} of your lords present.' },
  'not-capturable': { fr: 'Ce seigneur n’est pas parmi ceux que vous capturez.', en: 'That lord is not among those you capture.' },
  'not-your-prisoner': { fr: 'Ce seigneur n’est pas l’un de vos seigneurs prisonniers.', en: 'That lord is not one of your imprisoned lords.' },
  'not-an-offer': { fr: 'Ce joueur n’a pas offert de rejoindre votre camp.', en: 'That player did not offer to join your side.' },
  'no-mills': { fr: 'Vous ne pouvez pas piller autant de moulins dans ce village.', en: 'You cannot pillage that many mills in that village.' },
  'not-a-calmer': { fr: 'Seuls votre évêque de cet évêché et vos cardinaux libres peuvent tenter de calmer cette révolte (« cardinal » : seulement pour un cardinal qui en est aussi l’évêque).', en: 'Only your bishop of that bishopric and your free cardinals may try to calm this revolt (“cardinal”: only for a cardinal who is also its bishop).' },
  'not-attacked': { fr: 'Nommez des joueurs qui ont des troupes dans ce village, chacun une fois.', en: 'Name players who have troops in that village, each once.' },
  'card-twice': { fr: 'Une même carte ne se défausse et ne se joue pas à la fois.', en: 'A card cannot be both discarded and played.' },
} satisfies Record<string, Localized>;
type AnswerRefusal = keyof typeof ANSWER_REFUSALS;

const fillL = (t: Localized, args: Record<string, string | number> = {}): Localized => ({
  fr: t.fr.replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? '')),
  en: t.en.replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? '')),
});
const issue = (text: Localized, line?: number): ValidationIssue => ({ message: text.en, text, ...(line !== undefined ? { line } : {}) });
const refuse = (r: AnswerRefusal, args?: Record<string, string | number>, line?: number): ValidationIssue => issue(fillL(ANSWER_REFUSALS[r], args), line);
const ok = <A>(value: A, issues: ValidationIssue[] = []): Validation<A> => ({ value, issues });
const fail = <A>(...issues: ValidationIssue[]): Validation<A> => ({ value: null, issues });

// ─── Defaults (§11.4, the "default on timeout" column) ─────────────────────────────────────────

/** The catalogue's default for one player on one question (it validates: a test checks it). */
export function defaultAnswer(ask: Ask, player: PlayerId): unknown {
  switch (ask.kind) {
    case 'start-village': return ask.ctx.k === 'start-village' ? ask.ctx.villages[0] ?? '' : ''; // first free village in board order [P]
    case 'propose-marriage': case 'declare-candidate': case 'ransom-offer': return 'none'; // none (the engine keeps no null answer)
    case 'accept-marriage': case 'pope-consent': case 'king-waiver': case 'accept-ransom': case 'leave-besieged': case 'reinforce-besieged': case 'accept-stop': case 'placement-consent': case 'relic-power': return false; // decline / refuse / not used
    case 'place-votes': return {}; // abstain
    case 'discard-draw': return { discard: [], draws: [] }; // stop
    case 'plague-losses': return {}; // sergeants first (the step's default)
    case 'play-cards': case 'purchases': case 'movement': case 'declare-battles': return []; // nothing
    case 'sieges': return {}; // existing sieges continue, no new one
    case 'pass-consent': return 'refuse';
    case 'after-refusal': return 'stop';
    case 'raid-fight': return 'fight';
    case 'join-side': return ask.ctx.k === 'join-side' && ask.ctx.mode === 'accept' ? [] : 'none';
    case 'loss-allocation': return {}; // sergeants first / untitled first (the battle's default)
    case 'capture': return []; // capture all
    case 'switch-or-leave': return 'stay';
    case 'end-of-round': return 'continue';
    case 'pillage': return {};
    case 'hold': return 'pass'; // [§11.3] pass
    case 'calming': return []; // #38 no attempt
    case 'fief-heir': return 'default'; // #39 the fewest fief titles, then seniority
    case 'revolt-target': return []; // #36 the controller first, then turn order
    case 'revolt-losses': return {}; // #37 sergeants first
    default: return null;
  }
}

// ─── Text ──────────────────────────────────────────────────────────────────────────────────────

const YES = new Set(['yes', 'y', 'oui', 'o', 'true', 'accept', 'accepter', 'allow', 'autoriser']);
const NO = new Set(['no', 'n', 'non', 'false', 'refuse', 'refuser', 'decline', 'none', 'aucun']);
const NONE = new Set(['', 'none', 'aucun', 'aucune', 'rien', 'nothing', 'pass', 'passer', 'stop', 'abstain', 's’abstenir', 'abstention']);

/** The lines of a text answer, each split into lower-cased keyword and the rest of its words. */
function lines(text: string): { n: number; words: string[] }[] {
  return text.split(/\r?\n|;/).map((l, i) => ({ n: i + 1, words: l.trim().split(/\s+/).filter(Boolean) })).filter((l) => l.words.length > 0 && !l.words[0]!.startsWith('#'));
}
const nat = (w: string | undefined): number | null => (w !== undefined && /^\d{1,4}$/.test(w) ? Number(w) : null);
const isText = (x: unknown): x is string => typeof x === 'string';
const choiceOf = <T extends string>(answer: unknown, allowed: readonly T[], aliases: Record<string, T> = {}): T | null => {
  if (!isText(answer)) return null;
  const k = answer.trim().toLowerCase();
  return (allowed as readonly string[]).includes(k) ? (k as T) : aliases[k] ?? null;
};
function yesNo(answer: unknown): Validation<boolean> {
  if (typeof answer === 'boolean') return ok(answer);
  if (isText(answer)) { const k = answer.trim().toLowerCase(); if (YES.has(k)) return ok(true); if (NO.has(k)) return ok(false); }
  return fail(refuse('yes-no'));
}

// ─── The check, kind by kind ───────────────────────────────────────────────────────────────────

/** Checks a player's answer to the open question: the value the referee keeps, and the issues (named, both languages). A typed answer may name lords and villages as a player does (`readWords`); its messages name them back so. */
export function checkAnswer(g: FiefGame, ask: Ask, player: PlayerId, answer: unknown): Validation<unknown> {
  if (!ask.players.includes(player)) return fail(refuse('not-asked'));
  const s = stateForAsk(g, ask);
  if (!isText(answer)) return checkValue(g, s, ask, player, answer);
  const r = checkValue(g, s, ask, player, readWords(s, answer));
  const named = (t: string): string => lordWords(s, t);
  return { value: r.value, issues: r.issues.map((i) => ({ ...i, message: named(i.message), ...(i.text ? { text: { fr: named(i.text.fr), en: named(i.text.en) } } : {}) })) };
}

function checkValue(g: FiefGame, s: FiefState, ask: Ask, player: PlayerId, answer: unknown): Validation<unknown> {
  const c = ask.ctx;
  switch (c.k) {
    case 'start-village': {
      const v = isText(answer) ? BOARD.villageIds.find((x) => x.toLowerCase() === answer.trim().toLowerCase()) : undefined;
      return v && c.villages.includes(v) ? ok(v) : fail(refuse('not-a-choice', { choices: c.villages.join(', ') }));
    }
    case 'propose-marriage': {
      if (answer === null || (isText(answer) && NONE.has(answer.trim().toLowerCase()))) return ok('none');
      let m: { lord: string; to: string } | null = null;
      if (isText(answer)) { const w = answer.trim().split(/\s+/); if (w[0]?.toLowerCase() === 'propose' || w[0]?.toLowerCase() === 'proposer') w.shift(); if (w.length === 2) m = { lord: w[0]!, to: w[1]! }; }
      else if (answer && typeof answer === 'object') m = answer as { lord: string; to: string };
      if (!m || !isText(m.lord) || !isText(m.to)) return fail(refuse('bad-line', { line: String(answer) }));
      const why = checkProposal(s, player, m);
      if (why) return fail(issue(MARRIAGE_REFUSALS[why]));
      return c.pairs.some((x) => x.lord === m!.lord && x.to === m!.to) ? ok({ lord: m.lord, to: m.to }) : fail(refuse('not-a-pair'));
    }
    case 'accept-marriage': case 'pope-consent': case 'king-waiver': case 'accept-ransom': case 'leave-besieged': case 'reinforce-besieged': case 'accept-stop': case 'placement-consent': case 'card-consent': case 'relic-power':
      return yesNo(answer);
    case 'declare-candidate': {
      if (answer === null || (isText(answer) && NONE.has(answer.trim().toLowerCase()))) return ok('none');
      return isText(answer) && c.lords.includes(answer.trim()) ? ok(answer.trim()) : fail(refuse('not-eligible'));
    }
    case 'place-votes': {
      let v: { for?: string; blank?: string } = {};
      if (isText(answer)) {
        for (const l of lines(answer)) {
          const [k, x] = l.words;
          if (NONE.has(k!.toLowerCase())) continue;
          if (['for', 'pour'].includes(k!.toLowerCase()) && x) v.for = x;
          else if (['blank', 'blanc'].includes(k!.toLowerCase()) && x) v.blank = x;
          else return fail(refuse('bad-line', { line: l.words.join(' ') }, l.n));
        }
      } else if (answer && typeof answer === 'object') v = answer as typeof v;
      for (const x of [v.for, v.blank]) if (x !== undefined && !c.candidates.includes(x)) return fail(refuse('not-a-candidate'));
      return ok({ ...(v.for ? { for: v.for } : {}), ...(v.blank ? { blank: v.blank } : {}) });
    }
    case 'discard-draw': {
      let v: { discard: string[]; draws: Deck[] } = { discard: [], draws: [] };
      const issues: ValidationIssue[] = [];
      if (isText(answer)) {
        for (const l of lines(answer)) {
          const [k, x] = l.words;
          const key = k!.toLowerCase();
          if (NONE.has(key)) continue;
          if (['discard', 'défausser', 'defausser'].includes(key) && x) v.discard.push(x);
          else if (['play', 'jouer'].includes(key)) continue; // read below
          else if (['draw', 'piocher'].includes(key) && x && ['character', 'personnage', 'event', 'évènement', 'evenement'].includes(x.toLowerCase())) v.draws.push(x.toLowerCase().startsWith('p') || x.toLowerCase().startsWith('c') ? 'character' : 'event');
          else issues.push(refuse('bad-line', { line: l.words.join(' ') }, l.n));
        }
      } else if (answer && typeof answer === 'object') v = { discard: [...((answer as typeof v).discard ?? [])], draws: [...((answer as typeof v).draws ?? [])] };
      let t = s;
      // [T-FAQ] ⚡ cards played instead of being discarded (a Revolt opens its window at once, flow.ts).
      const surprises: SurprisePlay[] = [];
      if (isText(answer)) for (const l of lines(answer)) if (['play', 'jouer'].includes(l.words[0]!.toLowerCase())) { const x = parseSurprise(l.words.join(' '), 'hold'); if (x && x !== 'pass') surprises.push(x); }
      if (!isText(answer) && answer && typeof answer === 'object') for (const x of ((answer as { surprises?: unknown[] }).surprises ?? [])) { const y = parseSurprise(x, 'hold'); if (y && y !== 'pass') surprises.push(y); else return fail(refuse('bad-line', { line: JSON.stringify(x) })); }
      for (const x of surprises) {
        if (v.discard.includes(x.card)) return fail(refuse('card-twice'));
        const why = checkSurprise(s, player, x, { kind: 'discard' });
        if (why) return fail(issue(SURPRISE_REFUSALS[why]));
      }
      if (v.discard.length) { const r = discardCards(t, player, v.discard); if (!r.ok) return fail(issue(DRAW_REFUSALS[r.reason])); t = r.state; }
      for (const x of surprises) t = { ...t, hands: { ...t.hands, [player]: t.hands[player]!.filter((c) => c !== x.card) } }; // played: out of the hand before the draws
      // The draws are checked for their counts only (what they would bring is nobody's to know).
      let count: DrawCount = { cards: 0, characters: 0 };
      const draws: Deck[] = [];
      for (const d of v.draws) {
        if (d !== 'character' && d !== 'event') { issues.push(refuse('bad-line', { line: String(d) })); break; }
        const r = drawOne(t, player, d, count);
        if (!r.ok) { issues.push(issue(DRAW_REFUSALS[r.reason])); break; }
        t = r.state; count = r.count; draws.push(d);
      }
      return ok({ discard: v.discard, draws, ...(surprises.length ? { surprises } : {}) }, issues);
    }
    case 'plague-losses': {
      const mine = c.armies[player] ?? [];
      const out: Record<VillageId, { sergeants: number; knights: number }> = {};
      const items: [string, number | null, number | null, number?][] = [];
      if (isText(answer)) for (const l of lines(answer)) { if (NONE.has(l.words[0]!.toLowerCase())) continue; const w = l.words[0]!.toLowerCase() === 'lose' || l.words[0]!.toLowerCase() === 'perdre' ? l.words.slice(1) : l.words; items.push([w[0] ?? '', nat(w[1]), nat(w[2]), l.n]); }
      else if (answer && typeof answer === 'object') for (const [v, x] of Object.entries(answer as Record<string, { sergeants: number; knights: number }>)) items.push([v, Number.isInteger(x?.sergeants) ? x.sergeants : null, Number.isInteger(x?.knights) ? x.knights : null]);
      const issues: ValidationIssue[] = [];
      for (const [v, sg, kn, n] of items) {
        const army = mine.find((a) => a.village === v);
        if (!army) { issues.push(refuse('not-struck', {}, n)); continue; }
        if (sg === null || kn === null || sg + kn !== army.loss || sg > army.have.sergeants || kn > army.have.knights) { issues.push(refuse('wrong-loss', { loss: army.loss }, n)); continue; }
        out[v] = { sergeants: sg, knights: kn };
      }
      return ok(out, issues);
    }
    case 'play-cards': {
      const plays: CardPlay[] = [];
      const issues: ValidationIssue[] = [];
      if (isText(answer)) for (const l of lines(answer)) { if (NONE.has(l.words[0]!.toLowerCase())) continue; const p = parsePlay(l.words); if (p) plays.push(p); else issues.push(refuse('bad-line', { line: l.words.join(' ') }, l.n)); }
      else if (Array.isArray(answer)) plays.push(...(answer as CardPlay[]));
      let t = s;
      const kept: CardPlay[] = [];
      // #13: the controllers' consent is asked after; the check assumes it given (the step applies the answers).
      const isLord = (p: CardPlay): boolean => { try { return cardKind(p.card) === 'LORD'; } catch { return false; } };
      const probe = (p: CardPlay): CardPlay => (isLord(p) ? { ...p, consents: Object.keys(placementOptions(t, player).consentFrom) } as CardPlay : p);
      plays.forEach((p, i) => { const r = playCard(t, player, probe(p)); if (r.ok) { t = r.state; kept.push(p); } else issues.push(issue(PLAY_REFUSALS[r.reason], i + 1)); });
      return ok(kept, issues);
    }
    case 'ransom-offer': {
      if (answer === null || (isText(answer) && NONE.has(answer.trim().toLowerCase()))) return ok('none');
      let offer: { prisoners: LordId[]; amount: number } | null = null;
      if (isText(answer)) { const w = answer.trim().split(/\s+/); if (['offer', 'offrir'].includes(w[0]!.toLowerCase())) w.shift(); const amount = nat(w[0]); if (amount !== null && w.length > 1) offer = { amount, prisoners: w.slice(1) }; }
      else if (answer && typeof answer === 'object') offer = answer as unknown as { prisoners: LordId[]; amount: number };
      if (!offer || !Array.isArray(offer.prisoners)) return fail(refuse('bad-line', { line: String(answer) }));
      if (offer.prisoners.some((id) => !c.prisoners.includes(id))) return fail(refuse('not-your-prisoner'));
      const why = checkOffer(s, player, offer);
      return why ? fail(issue(OFFER_REFUSALS[why])) : ok({ prisoners: [...offer.prisoners], amount: offer.amount });
    }
    case 'purchases': {
      const list: Purchase[] = [];
      const issues: ValidationIssue[] = [];
      if (isText(answer)) for (const l of lines(answer)) { if (NONE.has(l.words[0]!.toLowerCase())) continue; const p = parsePurchase(l.words); if (p) list.push(p); else issues.push(refuse('bad-line', { line: l.words.join(' ') }, l.n)); }
      else if (Array.isArray(answer)) list.push(...(answer as Purchase[]));
      // The consents (#5, #6) are asked after; the check assumes them given, the step applies the answers.
      const probe = list.map((p) => (p.item === 'cardinal' ? { ...p, popeConsents: true } : p));
      const r = makePurchases(s, player, probe);
      const refused = new Set(r.line.refused.map((x) => x.purchase));
      probe.forEach((p, i) => { const x = r.line.refused.find((y) => y.purchase === p); if (x) issues.push(issue(PURCHASE_REFUSALS[x.reason], i + 1)); });
      return ok(list.filter((_, i) => !refused.has(probe[i]!)), issues);
    }
    case 'movement': {
      const cmds: MoveCommand[] = [];
      const issues: ValidationIssue[] = [];
      if (isText(answer)) for (const l of lines(answer)) { if (NONE.has(l.words[0]!.toLowerCase())) continue; const m = parseMove(l.words); if (m) cmds.push(m); else issues.push(refuse('bad-line', { line: l.words.join(' ') }, l.n)); }
      else if (Array.isArray(answer)) cmds.push(...(answer as MoveCommand[]).map((m) => ({ ...m })));
      const everyone = Object.fromEntries(s.players.map((q) => [q, { [player]: 'allow' as const }])); // consents are asked after: checked as given
      const r = runMovement(s, player, cmds.map((m) => ({ ...m, besiegerPermits: true })), { permissions: everyone });
      const kept: MoveCommand[] = [];
      cmds.forEach((m, i) => { const x = r.line.refused.find((y) => sameCmd(y.command, m)); if (x && x.reason !== 'besieged') issues.push(issue(MOVE_REFUSALS[x.reason], i + 1)); else kept.push(m); });
      return ok(kept, issues);
    }
    case 'pass-consent': { const v = choiceOf(answer, ['allow', 'refuse'] as const, { yes: 'allow', oui: 'allow', autoriser: 'allow', no: 'refuse', non: 'refuse', refuser: 'refuse' }); return v ? ok(v) : fail(refuse('not-a-choice', { choices: 'allow, refuse' })); }
    case 'after-refusal': { const v = choiceOf(answer, ['back', 'stop'] as const, { retour: 'back', 'arrêt': 'stop', arret: 'stop' }); return v ? ok(v) : fail(refuse('not-a-choice', { choices: 'back, stop' })); }
    case 'raid-fight': { const v = choiceOf(answer, ['fight', 'pass'] as const, { combattre: 'fight', laisser: 'pass' }); return v ? ok(v) : fail(refuse('not-a-choice', { choices: 'fight, pass' })); }
    case 'switch-or-leave': { // §8.3 [T §5.2]: in a raid's battle the defender's allies may leave, never switch sides
      if (c.raid) { const v = choiceOf(answer, ['stay', 'leave'] as const, { rester: 'stay', partir: 'leave' }); return v ? ok(v) : fail(refuse('not-a-choice', { choices: 'stay, leave' })); }
      const v = choiceOf(answer, ['stay', 'switch', 'leave'] as const, { rester: 'stay', changer: 'switch', partir: 'leave' }); return v ? ok(v) : fail(refuse('not-a-choice', { choices: 'stay, switch, leave' }));
    }
    case 'end-of-round': { const v = choiceOf(answer, ['continue', 'surrender', 'stop'] as const, { continuer: 'continue', rendre: 'surrender', 'arrêter': 'stop', arreter: 'stop' }); return v ? ok(v) : fail(refuse('not-a-choice', { choices: 'continue, surrender, stop' })); }
    case 'declare-battles': {
      const out: { village: VillageId; defender: PlayerId }[] = [];
      const issues: ValidationIssue[] = [];
      const items: { village: string; defender: string; n?: number }[] = [];
      if (isText(answer)) for (const l of lines(answer)) { if (NONE.has(l.words[0]!.toLowerCase())) continue; const w = ['battle', 'bataille'].includes(l.words[0]!.toLowerCase()) ? l.words.slice(1) : l.words; if (w.length === 2) items.push({ village: w[0]!, defender: w[1]!.toUpperCase(), n: l.n }); else issues.push(refuse('bad-line', { line: l.words.join(' ') }, l.n)); }
      else if (Array.isArray(answer)) items.push(...(answer as { village: string; defender: string }[]));
      const fought: VillageId[] = [];
      items.forEach((d, i) => { const why = battleRefusal(s, player, d.village, d.defender, { fought }); if (why) issues.push(issue(BATTLE_REFUSALS[why], d.n ?? i + 1)); else { fought.push(d.village); out.push({ village: d.village, defender: d.defender }); } });
      return ok(out, issues);
    }
    case 'sieges': {
      const v: { declare: VillageId[]; end: VillageId[] } = { declare: [], end: [] };
      const issues: ValidationIssue[] = [];
      if (isText(answer)) for (const l of lines(answer)) { const [k, x] = l.words; const key = k!.toLowerCase(); if (NONE.has(key)) continue; if (['siege', 'siège', 'assiéger', 'assieger'].includes(key) && x) v.declare.push(x); else if (['lift', 'lever'].includes(key) && x) v.end.push(x); else issues.push(refuse('bad-line', { line: l.words.join(' ') }, l.n)); }
      else if (answer && typeof answer === 'object') { v.declare.push(...((answer as typeof v).declare ?? [])); v.end.push(...((answer as typeof v).end ?? [])); }
      const declare = v.declare.filter((x, i) => { const why = siegeRefusal(s, player, x); if (why) issues.push(issue(SIEGE_REFUSALS[why], i + 1)); return !why; });
      const end = v.end.filter((x) => s.villages[x]?.sieges.some((g) => g.besieger === player));
      return ok({ declare, end }, issues);
    }
    case 'join-side': {
      if (c.mode === 'offer') { const v = choiceOf(answer, ['attacker', 'defender', 'none'] as const, { attaquant: 'attacker', 'défenseur': 'defender', defenseur: 'defender', aucun: 'none' }); return v ? ok(v) : fail(refuse('not-a-choice', { choices: 'attacker, defender, none' })); }
      let list: string[] = [];
      if (isText(answer)) { const w = answer.trim().split(/[\s,]+/).filter(Boolean); if (!(w.length === 1 && NONE.has(w[0]!.toLowerCase()))) list = w.filter((x) => !['accept', 'accepter'].includes(x.toLowerCase())).map((x) => x.toUpperCase()); }
      else if (Array.isArray(answer)) list = answer.map(String);
      const offered = Object.keys(c.offers ?? {});
      if (list.some((x) => !offered.includes(x))) return fail(refuse('not-an-offer'));
      return ok([...new Set(list)]);
    }
    case 'loss-allocation': {
      const o = c.options[player];
      if (!o) return fail(refuse('not-asked'));
      let v: { sergeants?: number; knights?: number; killed?: string[] } = {};
      if (isText(answer)) {
        const w = answer.trim().split(/\s+/).filter(Boolean);
        const key = (w[0] ?? '').toLowerCase();
        if (w.length === 0 || NONE.has(key)) return ok({});
        if (['kill', 'tuer'].includes(key)) v = { killed: w.slice(1) };
        else { const x = ['lose', 'perdre'].includes(key) ? w.slice(1) : w; const a = nat(x[0]), b = nat(x[1]); if (a === null || b === null) return fail(refuse('bad-number')); v = { sergeants: a, knights: b }; }
      } else if (answer && typeof answer === 'object') v = answer as typeof v;
      if (v.killed) {
        if (o.kill === 0 || v.killed.length !== o.kill || new Set(v.killed).size !== v.killed.length || v.killed.some((id) => !o.lords.includes(id))) return fail(refuse('wrong-kill', { n: o.kill }));
        return ok({ killed: [...v.killed] });
      }
      if (v.sergeants === undefined && v.knights === undefined) return ok({});
      if (!o.choices.some((x) => x.sergeants === v.sergeants && x.knights === v.knights)) return fail(refuse('not-a-loss'));
      return ok({ sergeants: v.sergeants, knights: v.knights });
    }
    case 'capture': {
      let list: string[] = [];
      if (isText(answer)) { const w = answer.trim().split(/[\s,]+/).filter(Boolean); const key = (w[0] ?? '').toLowerCase(); if (!(w.length === 0 || ['all', 'tous', 'capture', 'capturer'].includes(key) || NONE.has(key))) list = ['spare', 'épargner', 'epargner'].includes(key) ? w.slice(1) : w; }
      else if (Array.isArray(answer)) list = answer.map(String);
      if (list.some((id) => !c.lords.includes(id))) return fail(refuse('not-capturable'));
      return ok([...new Set(list)]);
    }
    case 'hold': { // §11.3: pass, or one surprise play checked at the hold's moment; a refusal is told to him alone
      const play = parseSurprise(answer, c.moment);
      if (play === null) return fail(refuse('bad-line', { line: String(answer) }));
      if (play === 'pass') return ok('pass');
      if (!holdTakes(c.moment, play, c.point)) return fail(issue(SURPRISE_REFUSALS['wrong-moment']));
      if (c.moment === 'battle' && committedInBattles(g.flow.answers, player).includes(play.card)) return fail(issue(SURPRISE_REFUSALS['not-in-hand']));
      const why = checkSurprise(s, player, play, momentOf(c, g.flow.revolt));
      if (why === 'pope-refused' && c.moment === 'hold' && checkSurprise(s, player, { ...play, popeConsents: true } as SurprisePlay, { kind: 'hold' }) === null) return ok(play); // #5 is asked within the hold
      return why ? fail(issue(SURPRISE_REFUSALS[why])) : ok(play);
    }
    case 'calming': { // #38; a cardinal who is also the bishop there says which way he tries (`calm <lord> cardinal`, else as the bishop) [P G-19]
      let list: string[] = [];
      if (isText(answer)) {
        const w = answer.trim().split(/[\s,]+/).filter(Boolean);
        if (!(w.length === 0 || (w.length === 1 && NONE.has(w[0]!.toLowerCase())))) {
          for (const x of ['calm', 'calmer'].includes(w[0]!.toLowerCase()) ? w.slice(1) : w) {
            const k = x.toLowerCase();
            if (['as', 'comme', 'en'].includes(k)) continue;
            if (k === 'cardinal' && list.length) list[list.length - 1] = AS_CARDINAL + list.at(-1)!.replace(AS_CARDINAL, '');
            else if (['bishop', 'évêque', 'eveque'].includes(k) && list.length) list[list.length - 1] = list.at(-1)!.replace(AS_CARDINAL, '');
            else list.push(x);
          }
        }
      } else if (Array.isArray(answer)) list = answer.map(String);
      const mine = c.lords[player] ?? [];
      if (list.some((id) => !mine.includes(id.replace(AS_CARDINAL, '')) || (id.startsWith(AS_CARDINAL) && !(c.both ?? []).includes(id.slice(AS_CARDINAL.length))))) return fail(refuse('not-a-calmer'));
      return ok([...new Set(list)]);
    }
    case 'revolt-losses': { // #37: one of the allocations offered, or the default
      let v: { sergeants?: number; knights?: number } = {};
      if (isText(answer)) { const w = answer.trim().split(/\s+/).filter(Boolean); if (w.length === 0 || NONE.has(w[0]!.toLowerCase())) return ok({}); const x = ['lose', 'perdre'].includes(w[0]!.toLowerCase()) ? w.slice(1) : w; const a = nat(x[0]), b = nat(x[1]); if (a === null || b === null) return fail(refuse('bad-number')); v = { sergeants: a, knights: b }; }
      else if (answer && typeof answer === 'object') v = answer as typeof v;
      if (v.sergeants === undefined && v.knights === undefined) return ok({});
      if (!c.choices.some((x) => x.sergeants === v.sergeants && x.knights === v.knights)) return fail(refuse('not-a-loss'));
      return ok({ sergeants: v.sergeants, knights: v.knights });
    }
    case 'fief-heir': { // #39: one of the lords offered, or the default
      const w = isText(answer) ? answer.trim().replace(/^(heir|héritier|heritier)\s+/i, '') : '';
      if (['default', 'défaut', 'defaut', 'none', ''].includes(w.toLowerCase())) return ok('default');
      return c.heirs.includes(w) ? ok(w) : fail(refuse('not-a-choice', { choices: ['default', ...c.heirs].join(', ') }));
    }
    case 'revolt-target': { // #36
      let list: string[] = [];
      if (isText(answer)) { const w = answer.trim().split(/[\s,]+/).filter(Boolean); if (!(w.length === 0 || (w.length === 1 && (NONE.has(w[0]!.toLowerCase()) || ['default', 'défaut', 'defaut'].includes(w[0]!.toLowerCase()))))) list = (['order', 'ordre'].includes(w[0]!.toLowerCase()) ? w.slice(1) : w).map((x) => x.toUpperCase()); }
      else if (Array.isArray(answer)) list = answer.map(String);
      if (new Set(list).size !== list.length || list.some((p) => !c.players.includes(p))) return fail(refuse('not-attacked'));
      return ok(list);
    }
    case 'pillage': {
      const out: Record<VillageId, number> = {};
      const issues: ValidationIssue[] = [];
      const items: [string, number | null, number?][] = [];
      if (isText(answer)) for (const l of lines(answer)) { if (NONE.has(l.words[0]!.toLowerCase())) continue; const w = ['pillage', 'piller'].includes(l.words[0]!.toLowerCase()) ? l.words.slice(1) : l.words; items.push([w[0] ?? '', nat(w[1] ?? '1'), l.n]); }
      else if (answer && typeof answer === 'object') for (const [v, n] of Object.entries(answer as Record<string, number>)) items.push([v, Number.isInteger(n) ? n : null]);
      for (const [v, n, line] of items) {
        if (n === null) { issues.push(refuse('bad-number', {}, line)); continue; }
        const why = pillageRefusal(s, player, v, n);
        if (why) issues.push(issue(PILLAGE_REFUSALS[why], line)); else if (n > 0) out[v] = n;
      }
      return ok(out, issues);
    }
  }
}

const sameCmd = (a: MoveCommand, b: MoveCommand): boolean => a.lead === b.lead && a.to === b.to && (a.sergeants ?? 0) === (b.sergeants ?? 0) && (a.knights ?? 0) === (b.knights ?? 0);

/** `play <card> [at <village>] [on <bishopric>] [taille <fief>] [tithe <bishopric> bishop|cardinal] [papal] [prince]`. */
function parsePlay(w: string[]): CardPlay | null {
  const x = ['play', 'jouer'].includes(w[0]!.toLowerCase()) ? w.slice(1) : w;
  const card = x[0];
  if (!card) return null;
  const p: Record<string, unknown> = { card };
  for (let i = 1; i < x.length; i++) {
    const k = x[i]!.toLowerCase();
    if (['at', 'à', 'a'].includes(k) && x[i + 1]) p.village = x[++i];
    else if (['on', 'sur'].includes(k) && nat(x[i + 1]) !== null) p.bishopric = nat(x[++i]);
    else if (k === 'taille' && x[i + 1]) p.taille = x[++i];
    else if (['tithe', 'dîme', 'dime'].includes(k) && nat(x[i + 1]) !== null) { p.tithe = nat(x[++i]); p.as = (x[i + 1] ?? '').toLowerCase().startsWith('c') ? 'CARDINAL' : 'BISHOP'; if (x[i + 1]) i++; }
    else if (['papal', 'papale'].includes(k)) p.papalTithe = true;
    else if (['prince', 'dauphin'].includes(k)) p.crownPrince = true;
    else return null;
  }
  return p as unknown as CardPlay;
}

/** `troops <village> <sergeants> <knights>` · `mill <village>` · `castle <village>` · `title <fief> <lord> [city]` · `cardinal <bishop>`. */
function parsePurchase(w: string[]): Purchase | null {
  const k = w[0]!.toLowerCase();
  if (['troops', 'troupes'].includes(k) && w[1] && nat(w[2]) !== null) return { item: 'troops', village: w[1], sergeants: nat(w[2])!, knights: nat(w[3]) ?? 0 };
  if (['mill', 'moulin'].includes(k) && w[1]) return { item: 'mill', village: w[1] };
  if (['castle', 'château', 'chateau'].includes(k) && w[1]) return { item: 'castle', village: w[1] };
  if (['title', 'titre'].includes(k) && w[1] && w[2]) return { item: 'fief-title', fief: w[1], lord: w[2], ...(w[3] ? { city: w[3] } : {}) };
  if (k === 'cardinal' && w[1]) return { item: 'cardinal', bishop: w[1] };
  return null;
}

/** `move <lead> <to> [<sergeants> [<knights>]] [raid] [tunnel] [reinforce] [with <lord>]… [prisoner <lord>]… [control <player>]`. */
function parseMove(w: string[]): MoveCommand | null {
  const x = ['move', 'aller', 'déplacer', 'deplacer'].includes(w[0]!.toLowerCase()) ? w.slice(1) : w;
  if (x.length < 2) return null;
  const m: MoveCommand & { companions: LordId[]; prisoners: LordId[] } = { lead: x[0]!, to: x[1]!, companions: [], prisoners: [] };
  let i = 2;
  if (nat(x[i]) !== null) { m.sergeants = nat(x[i++])!; if (nat(x[i]) !== null) m.knights = nat(x[i++])!; }
  for (; i < x.length; i++) {
    const k = x[i]!.toLowerCase();
    if (['raid', 'chevauchée', 'chevauchee'].includes(k)) m.raid = true;
    else if (['tunnel', 'souterrain'].includes(k)) m.tunnel = true;
    else if (['reinforce', 'renfort', 'renforcer'].includes(k)) m.reinforce = true; // #34
    else if (['with', 'avec'].includes(k) && x[i + 1]) m.companions.push(x[++i]!);
    else if (['prisoner', 'prisonnier'].includes(k) && x[i + 1]) m.prisoners.push(x[++i]!);
    else if (['control', 'contrôle', 'controle'].includes(k) && x[i + 1]) m.control = x[++i]!.toUpperCase();
    else return null;
  }
  const out: MoveCommand = { lead: m.lead, to: m.to, ...(m.sergeants !== undefined ? { sergeants: m.sergeants } : {}), ...(m.knights !== undefined ? { knights: m.knights } : {}), ...(m.raid ? { raid: true } : {}), ...(m.tunnel ? { tunnel: true } : {}), ...(m.reinforce ? { reinforce: true } : {}), ...(m.companions.length ? { companions: m.companions } : {}), ...(m.prisoners.length ? { prisoners: m.prisoners } : {}), ...(m.control ? { control: m.control } : {}) };
  return out;
}

/** The text of a kept answer (what the log and the page show back). */
export function answerText(kind: FlowKind, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
  switch (kind) {
    case 'propose-marriage': { const m = value as { lord: string; to: string }; return `propose ${m.lord} ${m.to}`; }
    case 'place-votes': { const v = value as { for?: string; blank?: string }; return [v.for ? `for ${v.for}` : '', v.blank ? `blank ${v.blank}` : ''].filter(Boolean).join('\n') || 'abstain'; }
    case 'discard-draw': { const v = value as { discard: string[]; draws: string[]; surprises?: SurprisePlay[] }; return [...v.discard.map((c) => `discard ${c}`), ...(v.surprises ?? []).map(surpriseText), ...v.draws.map((d) => `draw ${d}`)].join('\n') || 'stop'; }
    case 'ransom-offer': { const o = value as { amount: number; prisoners: string[] }; return `offer ${o.amount} ${o.prisoners.join(' ')}`; }
    case 'purchases': return (value as Purchase[]).map((p) => p.item === 'troops' ? `troops ${p.village} ${p.sergeants} ${p.knights}` : p.item === 'mill' || p.item === 'castle' ? `${p.item} ${p.village}` : p.item === 'fief-title' ? `title ${p.fief} ${p.lord}${p.city ? ` ${p.city}` : ''}` : p.item === 'cardinal' ? `cardinal ${p.bishop}` : p.item).join('\n') || 'none';
    case 'play-cards': return (value as Record<string, unknown>[]).map((p) => ['play', p.card, ...(p.village ? ['at', p.village] : []), ...(p.bishopric !== undefined ? ['on', p.bishopric] : []), ...(p.taille ? ['taille', p.taille] : []), ...(p.tithe !== undefined ? ['tithe', p.tithe, p.as === 'CARDINAL' ? 'cardinal' : 'bishop'] : []), ...(p.papalTithe ? ['papal'] : []), ...(p.crownPrince ? ['prince'] : [])].join(' ')).join('\n') || 'none';
    case 'movement': return (value as MoveCommand[]).map((m) => `move ${m.lead} ${m.to} ${m.sergeants ?? 0} ${m.knights ?? 0}${m.raid ? ' raid' : ''}${m.tunnel ? ' tunnel' : ''}${m.reinforce ? ' reinforce' : ''}${(m.companions ?? []).map((x) => ` with ${x}`).join('')}${(m.prisoners ?? []).map((x) => ` prisoner ${x}`).join('')}`).join('\n') || 'none';
    case 'declare-battles': return (value as { village: string; defender: string }[]).map((b) => `battle ${b.village} ${b.defender}`).join('\n') || 'none';
    case 'sieges': { const v = value as { declare?: string[]; end?: string[] }; return [...(v.declare ?? []).map((x) => `siege ${x}`), ...(v.end ?? []).map((x) => `lift ${x}`)].join('\n') || 'none'; }
    case 'pillage': return Object.entries(value as Record<string, number>).map(([v, n]) => `pillage ${v} ${n}`).join('\n') || 'none';
    case 'plague-losses': return Object.entries(value as Record<string, { sergeants: number; knights: number }>).map(([v, x]) => `lose ${v} ${x.sergeants} ${x.knights}`).join('\n') || 'none';
    case 'loss-allocation': { const v = value as { sergeants?: number; knights?: number; killed?: string[] }; return v.killed ? `kill ${v.killed.join(' ')}` : v.sergeants !== undefined ? `lose ${v.sergeants} ${v.knights}` : 'none'; }
    case 'capture': return (value as string[]).length ? `spare ${(value as string[]).join(' ')}` : 'capture all';
    case 'join-side': return Array.isArray(value) ? (value.length ? `accept ${value.join(' ')}` : 'none') : String(value);
    case 'hold': return surpriseText(value as SurprisePlay);
    case 'calming': return (value as string[]).length ? `calm ${(value as string[]).map((x) => (x.startsWith(AS_CARDINAL) ? `${x.slice(AS_CARDINAL.length)} cardinal` : x)).join(' ')}` : 'none';
    case 'revolt-target': return (value as string[]).length ? `order ${(value as string[]).join(' ')}` : 'default';
    case 'revolt-losses': { const v = value as { sergeants?: number; knights?: number }; return v.sergeants !== undefined ? `lose ${v.sergeants} ${v.knights}` : 'none'; }
    default: return JSON.stringify(value);
  }
}
