/**
 * A state's text order sheet → `GruikSheet` (sheet-types.ts; rules §2.12, §3.3 S3–S6), with one
 * issue per bad line (the others kept). Grammar: docs/gruik.md "Order sheets" and help.ts.
 *
 * Three passes: the lines are read; the organisation orders (S3.6, §4.5, §7.7) are carried out in
 * sheet order on a scratch state by the rules' own acts (rules/organisation.ts), so that a
 * detachment created by `detach A1 4 as D2` can be moved, embarked or sent raiding further down;
 * then every other line is read against that scratch state. Legality is the rules' own:
 * `moveRefusal` (§5.2), `navalOrderRefusal` (§7), S3.1's `validateOrders` (diplomacy, cessions,
 * raids, sieges, appointments, releases), S3.5's `applyMoney` (the debt cap: a warning, as the gifts
 * the state receives are counted at S3.5 [P A-37]). Names resolve through names.ts, from the view.
 */
import { fill, type TemplateArg } from '../../../engine/localize.ts';
import type { Lang, Localized } from '../../../engine/ruleset.ts';
import { indexMap } from '../map.ts';
import type { ForceOrder, MoneyOrder, StateOrders } from '../season-types.ts';
import type { GruikSheet, ReactionPolicy } from '../sheet-types.ts';
import type { GruikState, StateId } from '../state.ts';
import { validateOrders } from '../rules/diplomacy.ts';
import { moveRefusal, MOVE_REFUSALS, type MoveOrder, type MoveRefusal } from '../rules/movement.ts';
import { navalOrderRefusal, NAVAL_REFUSALS, type NavalAction, type NavalOrder, type NavalPolicy, type NavalRefusal } from '../rules/naval-orders.ts';
import { organiseForces } from '../rules/organisation.ts';
import type { RetreatOption } from '../rules/retreat.ts';
import { withdrawingForces } from '../rules/sortie.ts';
import { applyMoney } from '../rules/treasury.ts';
import { Names, type NameKind } from './names.ts';
import {
  inner, isWord, orderOf, parseDecimal, parseInteger, SHEET_LIMITS, SHEET_MESSAGES, tokenize, WHAT,
  type InnerWord, type OrderWord, type SheetMessage, type Token,
} from './words.ts';
import { nameProblem, resolveName } from '../../../engine/names.ts';
import { NOUNS, ORDER_WORDS } from './words.ts';

export interface SheetIssue { line: number; severity: 'error' | 'warning'; message: Localized; candidates?: string[] }
export interface ParsedSheet { sheet: GruikSheet; issues: SheetIssue[] }

/** Highest interception or battle ratio a policy may name [P]. */
export const MAX_POLICY_RATIO = 100;

/** A line that cannot be read further: its issue. */
class LineError extends Error {
  constructor(readonly issue: Omit<SheetIssue, 'line'>) { super(issue.message.en); }
}
const fail = (key: SheetMessage, args: Record<string, TemplateArg> = {}): never => { throw new LineError({ severity: 'error', message: fill(SHEET_MESSAGES[key], args) }); };
const refusedBy = (message: Localized): never => { throw new LineError({ severity: 'error', message }); };

/** Reading one line's tokens, with the names of the state. */
class Cursor {
  i = 0;
  constructor(readonly tokens: Token[], readonly names: Names, readonly lang: Lang) {}
  get done(): boolean { return this.i >= this.tokens.length; }
  peek(): Token | undefined { return this.tokens[this.i]; }
  private last(): string { return this.tokens[this.i - 1]?.text ?? this.tokens[0]?.text ?? ''; }
  take(what: Localized): Token {
    const t = this.tokens[this.i];
    if (!t || (t.text === ',' && !t.quoted)) fail('missing', { what, after: this.last() });
    this.i++;
    return t!;
  }
  name(kind: NameKind, what: Localized): string {
    const t = this.take(what);
    const r = this.names.resolve(kind, t.text);
    if (!r.ok) throw new LineError({ severity: 'error', message: r.message, candidates: r.candidates });
    return r.id;
  }
  integer(): number {
    const t = this.take(WHAT.number);
    const n = parseInteger(t.text);
    return n ?? fail('not-integer', { word: t.text });
  }
  decimal(): number {
    const t = this.take(WHAT.number);
    const n = parseDecimal(t.text);
    return n ?? fail('not-number', { word: t.text });
  }
  text(order: string): string {
    const t = this.tokens[this.i];
    if (!t || !t.quoted) fail('need-quotes', { order });
    this.i++;
    if (t!.text.length > SHEET_LIMITS.textChars) fail('too-long', { max: SHEET_LIMITS.textChars });
    return t!.text;
  }
  /** The next token is one of these words (consumed), or undefined (not consumed). */
  accept<W extends InnerWord>(...words: W[]): W | undefined {
    const w = words.find((x) => isWord(this.peek(), x));
    if (w) this.i++;
    return w;
  }
  expect<W extends InnerWord>(...words: W[]): W {
    const w = this.accept(...words);
    if (w) return w;
    const t = this.peek();
    const list: Localized = { en: words.map((x) => `"${inner(x, 'en')}"`).join(' or '), fr: words.map((x) => `« ${inner(x, 'fr')} »`).join(' ou ') };
    if (!t) return fail('missing', { what: list, after: this.last() });
    return fail('expected', { list, word: t.text });
  }
  skipCommas(): void { while (this.peek()?.text === ',' && !this.peek()!.quoted) this.i++; }
  end(): void {
    this.skipCommas();
    const t = this.peek();
    if (t) fail('extra', { word: t.text });
  }
}

interface Line { n: number; order: OrderWord; cur: Cursor }

const ORG: ReadonlySet<OrderWord> = new Set(['detach', 'resize', 'recall', 'ally', 'join', 'demand', 'split', 'merge', 'transfer', 'combine']);

/**
 * Refusals that hang on relations or control, which S3 may change before the step that moves
 * (friendships declared or cancelled at S3.2 by any state, cessions at S3.3): the line is kept with
 * a warning, and S4.1 or S5 checks it again on the state of its step [P]. Every other refusal (a
 * limit, an adjacency, a force that cannot move) stands whatever S3 does: the line is refused.
 */
const RELATIONAL_MOVE: ReadonlySet<MoveRefusal> = new Set(['not-friendly', 'not-clear']);
const RELATIONAL_NAVAL: ReadonlySet<NavalRefusal> = new Set(['detachment-alone', 'raid-coast', 'raid-friend', 'raid-protected', 'blockade', 'port']);

/** Parses a state's sheet. Never throws on any text; every problem is an issue on its line. */
export function parseSheet(state: GruikState, stateId: StateId, text: string, lang: Lang): ParsedSheet {
  const issues: SheetIssue[] = [];
  const names = new Names(state, stateId);
  const keywordEntries = (Object.keys(ORDER_WORDS) as OrderWord[]).map((k) => ({ names: [ORDER_WORDS[k].en, ORDER_WORDS[k].fr], value: k, label: ORDER_WORDS[k][lang] }));
  const lines: Line[] = [];
  const raw = String(text ?? '').split(/\r\n|\r|\n/);
  for (const [i, l] of raw.entries()) {
    const n = i + 1;
    if (n > SHEET_LIMITS.lines) { issues.push({ line: n, severity: 'error', message: fill(SHEET_MESSAGES['too-many-lines'], { max: SHEET_LIMITS.lines }) }); break; }
    if (l.length > SHEET_LIMITS.lineChars) { issues.push({ line: n, severity: 'error', message: fill(SHEET_MESSAGES['line-too-long'], { max: SHEET_LIMITS.lineChars }) }); continue; }
    const { tokens, unclosed } = tokenize(l);
    if (unclosed) { issues.push({ line: n, severity: 'error', message: SHEET_MESSAGES.unclosed }); continue; }
    if (tokens.length === 0) continue;
    const first = tokens[0]!;
    const order = first.quoted ? undefined : orderOf(first.text);
    if (!order) {
      const r = resolveName(first.text, keywordEntries, NOUNS.order);
      const candidates = r.ok ? [r.label] : r.candidates;
      issues.push({ line: n, severity: 'error', message: r.ok ? nameProblem('unknown', NOUNS.order, first.text, candidates) : r.text, candidates });
      continue;
    }
    const cur = new Cursor(tokens, names, lang);
    cur.i = 1;
    lines.push({ n, order, cur });
  }

  const b = new Builder(state, stateId, names, lang);
  const run = (l: Line) => {
    try { b.line(l); } catch (e) {
      if (e instanceof LineError) issues.push({ line: l.n, ...e.issue });
      else throw e;
    }
  };
  for (const l of lines) if (ORG.has(l.order)) run(l);
  for (const l of lines) if (!ORG.has(l.order)) run(l);
  issues.push(...b.finish());
  issues.sort((x, y) => x.line - y.line);
  return { sheet: b.sheet(), issues };
}

/** Gathers the orders line by line, checking each with the rules. */
class Builder {
  scratch: GruikState;
  orders: StateOrders = {};
  moves: MoveOrder[] = [];
  naval: NavalOrder[] = [];
  postures: NonNullable<GruikSheet['postures']> = {};
  retreat: NonNullable<GruikSheet['retreat']> = {};
  reactions: ReactionPolicy[] = [];
  sovereign: string[] = [];
  disband?: string;
  sorties: string[] = [];
  withdraw: string[] = [];
  relief: NonNullable<GruikSheet['relief']> = {};
  consent: NonNullable<GruikSheet['sortieConsent']> = {};
  contingents: NonNullable<GruikSheet['contingents']> = {};
  /** For duplicates: (kind, subject) → line. */
  seen = new Map<string, number>();
  moneyLines = new Map<MoneyOrder, number>();
  fleetLines = new Map<string, number>();
  treatyCount = 0;
  /** Lines kept with a warning. */
  warnings: SheetIssue[] = [];
  readonly ix;

  constructor(readonly state: GruikState, readonly st: StateId, readonly names: Names, readonly lang: Lang) {
    this.scratch = structuredClone(state);
    this.ix = indexMap(state.map);
  }

  private once(kind: string, subject: string, n: number, what: string): void {
    const k = `${kind}\u0000${subject}`;
    const before = this.seen.get(k);
    if (before !== undefined) fail('twice', { line: before, what });
    this.seen.set(k, n);
  }

  /** Runs S3.1's validation on this one order; its refusal becomes the line's issue. */
  private s31(partial: StateOrders): void {
    const v = validateOrders(this.scratch, { [this.st]: partial });
    const r = v.refused[0];
    if (r && r.t === 'refused') refusedBy(r.message);
  }

  private push<K extends keyof StateOrders>(key: K, item: NonNullable<StateOrders[K]> extends (infer T)[] ? T : never): void {
    ((this.orders[key] ??= [] as never) as unknown[]).push(item);
  }

  line({ n, order, cur }: Line): void {
    const kw = cur.tokens[0]!.text;
    switch (order) {
      // ── S3.6 organisation (§4.5, §7.2, §7.7), carried out on the scratch state ──
      case 'detach': {
        const army = cur.name('army', WHAT.army);
        const ap = cur.integer();
        let given: string | undefined;
        if (cur.accept('as')) given = cur.take(WHAT.detachment).text;
        cur.end();
        const made = this.organise({ kind: 'detach', army, ap });
        if (made && given !== undefined) {
          const short = this.names.label('detachment', made);
          if (given.toLowerCase() !== short.toLowerCase() && given !== made) {
            this.undoLast();
            this.names.forget(made);
            fail('detach-name', { id: short, given });
          }
        }
        return;
      }
      case 'resize': { const detachment = cur.name('detachment', WHAT.detachment); const ap = cur.integer(); cur.end(); this.organise({ kind: 'resize', detachment, ap }); return; }
      case 'recall': { const detachment = cur.name('detachment', WHAT.detachment); cur.end(); this.organise({ kind: 'recall', detachment }); return; }
      case 'ally': {
        const army = cur.name('army', WHAT.army);
        const host = cur.name('host', WHAT.army);
        const ap = cur.integer();
        const forced = !!cur.accept('forced');
        cur.end();
        this.organise({ kind: 'ally', army, host, ap, ...(forced ? { forced: true } : {}) });
        return;
      }
      case 'join': { const force = cur.name('force', WHAT.force); const host = cur.name('host', WHAT.army); cur.end(); this.organise({ kind: 'join', force, host }); return; }
      // [P §4.5.4, A-63] a master's forced-ally demand: `demand <tributary> <own army>`
      case 'demand': { const tributary = cur.name('state', WHAT.state); const host = cur.name('host', WHAT.army); cur.end(); this.organise({ kind: 'demand-ally', tributary, host }); return; }
      case 'split': { const fleet = cur.name('fleet', WHAT.fleet); const ships = cur.integer(); cur.end(); this.organise({ kind: 'split-fleet', fleet, ships }); return; }
      case 'merge': { const into = cur.name('fleet', WHAT.fleet); const from = cur.name('fleet', WHAT.fleet); cur.end(); this.organise({ kind: 'merge-fleets', into, from }); return; }
      case 'transfer': { const from = cur.name('fleet', WHAT.fleet); const to = cur.name('fleet', WHAT.fleet); const ships = cur.integer(); cur.end(); this.organise({ kind: 'exchange-ships', from, to, ships }); return; }
      case 'combine': {
        const fleet = cur.name('fleet', WHAT.fleet);
        const other = cur.take(WHAT.fleet).text;
        // [P] the partner's fleet is another state's, which this state does not see: written state:Fn and checked at S3.6 only
        const m = /^(.+):F(\d+)$/i.exec(other);
        const example = `${[...this.names.ids('state')].find((x) => x !== this.st) ?? 'state'}:F1`;
        if (!m) fail('combine-fleet', { example });
        const owner = this.names.resolve('state', m![1]!);
        if (!owner.ok) throw new LineError({ severity: 'error', message: owner.message, candidates: owner.candidates });
        cur.expect('commander');
        const commander = cur.name('state', WHAT.state);
        cur.end();
        this.push('forces', { kind: 'combine-fleets', fleet, with: `${owner.id}:F${Number(m![2])}`, commander });
        return;
      }
      // ── S4.1 moves (§5.2, §5.3) ──
      case 'move': {
        const force = cur.name('force', WHAT.force);
        const path: string[] = [];
        while (!cur.done && !isWord(cur.peek(), 'joinArmy') && !isWord(cur.peek(), 'leaveAfter')) { path.push(cur.name('province', WHAT.province)); cur.skipCommas(); }
        if (path.length === 0) fail('missing', { what: WHAT.provinces, after: cur.tokens[1]!.text });
        let joins: string | undefined, leaveAfter: number | undefined;
        for (let k = 0; k < 2 && !cur.done; k++) {
          const w = cur.expect('joinArmy', 'leaveAfter');
          if (w === 'joinArmy') joins = cur.name('host', WHAT.army); else leaveAfter = cur.integer();
        }
        cur.end();
        const o: MoveOrder = { force, path, ...(joins !== undefined ? { joins } : {}), ...(leaveAfter !== undefined ? { leaveAfter } : {}) };
        this.once('move', force, n, this.names.label('force', force));
        const why = this.moves.some((x) => x.force === force) ? { reason: 'repeated' as const, message: MOVE_REFUSALS.repeated } : moveRefusal(this.scratch, o, this.ix);
        if (why && RELATIONAL_MOVE.has(why.reason)) this.warnings.push({ line: n, severity: 'warning', message: why.message });
        else if (why) { this.seen.delete(`move\u0000${force}`); refusedBy(why.message); }
        this.moves.push(o);
        return;
      }
      // ── S5 fleets (§7.14, §7.15) ──
      case 'fleet': return this.fleetLine(n, cur);
      case 'policy': return this.policyLine(n, cur, kw);
      // ── S3.5 money (§8.6) ──
      case 'gift': {
        const amount = cur.integer();
        cur.expect('to');
        const to = cur.name('state', WHAT.state);
        const note = cur.peek()?.quoted ? cur.text(kw) : undefined;
        cur.end();
        return this.money(n, { kind: 'gift', to, amount, ...(note !== undefined ? { note } : {}) });
      }
      case 'ships': {
        const ships = cur.integer();
        const at = cur.accept('at') ? cur.name('province', WHAT.province) : undefined;
        cur.end();
        return this.money(n, { kind: 'ships', ships, ...(at !== undefined ? { at } : {}) });
      }
      case 'effort': { const army = cur.name('army', WHAT.army); const amount = cur.integer(); cur.end(); return this.money(n, { kind: 'effort', army, amount }); }
      case 'prestige': { const province = cur.name('province', WHAT.province); cur.end(); return this.money(n, { kind: 'prestige', province }); }
      case 'pillage': { const province = cur.name('province', WHAT.province); cur.end(); return this.money(n, { kind: 'pillage', province }); }
      // ── S3.1–S3.4 diplomacy and tributaries (§1.5, §8.3, §8.4, §8.7) ──
      case 'friend': case 'unfriend': {
        const x = cur.name('state', WHAT.state);
        cur.end();
        const key = order === 'friend' ? 'declare' : 'cancel';
        this.once('friendship', x, n, this.names.label('state', x));
        this.s31({ friendship: { [key]: [x] } });
        const f = (this.orders.friendship ??= {});
        (f[key] ??= []).push(x);
        return;
      }
      case 'cede': {
        const province = cur.name('province', WHAT.province);
        cur.expect('to');
        const to = cur.name('state', WHAT.state);
        const own = !!cur.accept('ownership'); // [P A-22] "transfer ownership": with the recipient's accept-ownership, the GM approves
        cur.end();
        this.once('cede', province, n, this.names.label('province', province));
        this.s31({ cessions: [{ province, to }] });
        this.push('cessions', { province, to, ...(own ? { transferOwnership: true } : {}) });
        return;
      }
      case 'vassal': case 'master': {
        const x = cur.name('state', WHAT.state);
        cur.end();
        this.once(order, '', n, kw);
        if (order === 'vassal') { this.s31({ offerVassalage: x }); this.orders.offerVassalage = x; } else this.orders.masterChoice = x;
        return;
      }
      case 'accept-vassal': case 'free': case 'attack': {
        const x = cur.name('state', WHAT.state);
        cur.end();
        this.once(order, x, n, this.names.label('state', x));
        const key = order === 'free' ? 'freeTributaries' : order === 'attack' ? 'attack' : 'acceptVassals';
        // an attack on a declared friend stands when an earlier line of the sheet breaks that friendship
        this.s31({ [key]: [x], ...(order === 'attack' && this.orders.friendship?.cancel?.length ? { friendship: { cancel: [...this.orders.friendship.cancel] } } : {}) });
        this.push(key, x);
        return;
      }
      case 'rate': {
        const tributary = cur.name('state', WHAT.state);
        const rate = cur.decimal();
        cur.end();
        this.once('rate', tributary, n, this.names.label('state', tributary));
        this.s31({ tributeRates: [{ tributary, rate }] });
        this.push('tributeRates', { tributary, rate });
        return;
      }
      case 'yoke': { cur.end(); this.once('yoke', '', n, kw); this.s31({ throwOffYoke: true }); this.orders.throwOffYoke = true; return; }
      case 'appoint': { const army = cur.name('army', WHAT.army); cur.end(); this.once('appoint', army, n, this.names.label('army', army)); this.s31({ appointGenerals: [army] }); this.push('appointGenerals', army); return; }
      case 'release': { const c = cur.name('character', WHAT.character); cur.end(); this.once('release', c, n, c); this.s31({ releasePrisoners: [c] }); this.push('releasePrisoners', c); return; }
      case 'create-army': { cur.end(); this.once('create-army', '', n, kw); this.orders.createArmy = true; return; }
      case 'accept-ownership': { cur.end(); this.once('accept-ownership', '', n, kw); this.orders.acceptOwnership = true; return; } // [P A-22] the recipient's tick
      // ── S7 raids and sieges (§8.1, §8.2) ──
      case 'raid': {
        const forces: string[] = [];
        const rest = cur.tokens.slice(cur.i).filter((t) => t.quoted || t.text !== ',');
        if (rest.length < 2) fail('missing', { what: rest.length === 0 ? WHAT.force : WHAT.state, after: cur.tokens[cur.tokens.length - 1]!.text });
        while (cur.tokens.slice(cur.i).filter((t) => t.quoted || t.text !== ',').length > 1) {
          const id = this.raidForce(cur);
          if (forces.includes(id)) fail('twice', { line: n, what: this.names.label('force', id) });
          forces.push(id);
          cur.skipCommas();
        }
        const target = cur.name('state', WHAT.state);
        cur.end();
        this.once('raid', target, n, this.names.label('state', target));
        this.s31({ raids: [{ target, forces }] });
        this.push('raids', { target, forces });
        return;
      }
      case 'besiege': case 'surrender': case 'abandon': {
        const p = cur.name('province', WHAT.province);
        cur.end();
        this.once(order, p, n, this.names.label('province', p));
        this.s31({ [order]: [p] });
        this.push(order, p);
        return;
      }
      // ── S6.1 sorties and relief (§8.1.5, A-61, J14): checked from what the state knows (control is public, its own forces) ──
      case 'sortie': case 'withdraw': {
        const p = cur.name('province', WHAT.province);
        cur.end();
        const label = this.state.map.provinces.find((x) => x.id === p)?.name ?? p;
        this.once(order, p, n, label);
        // a sortie needs an army in the fortress; a withdrawal any force of the garrison, detachments included [T §8.4]
        const mine = this.state.provinces[p]?.controller === this.st && (order === 'withdraw' ? withdrawingForces(this.scratch, p, this.st).length > 0 : Object.values(this.scratch.armies).some((a) => a.state === this.st && a.location === p && a.inFortress));
        if (!mine) { this.seen.delete(`${order}\u0000${p}`); fail(order === 'sortie' ? 'sortie-where' : 'withdraw-where', { p: label }); }
        (order === 'sortie' ? this.sorties : this.withdraw).push(p);
        return;
      }
      case 'relief': case 'consent': {
        const p = cur.name('province', WHAT.province);
        const choice = order === 'relief' ? cur.expect('retreatTo', 'pin', 'all', 'auto') : cur.expect('yes', 'no');
        cur.end();
        const label = this.state.map.provinces.find((x) => x.id === p)?.name ?? p;
        this.once(order, p, n, label);
        if (this.state.provinces[p]?.controller === this.st) { this.seen.delete(`${order}\u0000${p}`); fail('siege-own', { p: label }); }
        if (order === 'consent') this.consent[p] = choice === 'yes';
        else this.relief[p] = choice === 'retreatTo' ? 'retreat' : choice as 'pin' | 'all' | 'auto';
        return;
      }
      case 'contingent': {
        const p = cur.name('province', WHAT.province);
        const ap = cur.integer();
        cur.end();
        const label = this.state.map.provinces.find((x) => x.id === p)?.name ?? p;
        this.once('contingent', p, n, label);
        const max = Math.min(this.state.config.siege.reliefContingentMax, this.state.config.detachment.max);
        if (this.state.provinces[p]?.controller !== this.st) { this.seen.delete(`contingent\u0000${p}`); fail('contingent-where', { p: label }); }
        if (ap < 1 || ap > max) { this.seen.delete(`contingent\u0000${p}`); fail('contingent-size', { max }); }
        this.contingents[p] = ap;
        return;
      }
      case 'no-siege': { const a = cur.name('army', WHAT.army); cur.end(); this.once('no-siege', a, n, this.names.label('army', a)); this.push('noSiege', a); return; }
      // ── S6 battle (§5.8, §5.9, §6.4) and the reactions (§5.6) ──
      case 'posture': {
        const a = cur.name('army', WHAT.army);
        const w = cur.expect('engage', 'avoid');
        cur.end();
        this.once('posture', a, n, this.names.label('army', a));
        this.postures[a] = w === 'engage' ? 'engage' : 'avoid';
        return;
      }
      case 'retreat': {
        const f = cur.name('force', WHAT.force);
        const opts: RetreatOption[] = [];
        cur.skipCommas();
        if (cur.done) fail('missing', { what: WHAT.option, after: cur.tokens[1]!.text });
        while (!cur.done) {
          const w = cur.expect('byLand', 'bySea', 'fortress');
          if (w === 'byLand') opts.push({ kind: 'land', to: cur.name('province', WHAT.province) });
          else if (w === 'bySea') opts.push({ kind: 'sea', fleet: cur.name('fleet', WHAT.fleet) });
          else opts.push({ kind: 'fortress' });
          cur.skipCommas();
        }
        this.once('retreat', f, n, this.names.label('force', f));
        this.retreat[f] = opts;
        return;
      }
      case 'react': {
        const force = cur.name('force', WHAT.force);
        const to = cur.accept('toward') ? cur.name('province', WHAT.province) : undefined;
        let when: string[] | undefined;
        if (cur.accept('when')) {
          when = [];
          while (!cur.done) { when.push(cur.name('province', WHAT.province)); cur.skipCommas(); }
          if (when.length === 0) fail('missing', { what: WHAT.provinces, after: inner('when', this.lang) });
        }
        cur.end();
        this.once('react', force, n, this.names.label('force', force));
        this.reactions.push({ force, ...(to !== undefined ? { to } : {}), ...(when ? { when } : {}) });
        return;
      }
      case 'sovereign': { const a = cur.name('army', WHAT.army); cur.end(); this.once('sovereign', a, n, this.names.label('army', a)); this.sovereign.push(a); return; }
      case 'disband': { const a = cur.name('army', WHAT.army); cur.end(); this.once('disband', '', n, kw); this.disband = a; return; }
      // ── S3.7 texts (§8.11) ──
      case 'declare': case 'rumour': {
        const t = cur.text(kw);
        cur.end();
        this.push(order === 'declare' ? 'declarations' : 'rumours', t);
        return;
      }
      case 'treaty': {
        const t = cur.text(kw);
        cur.expect('with');
        const others: string[] = [];
        while (!cur.done) { const x = cur.name('state', WHAT.state); if (x !== this.st && !others.includes(x)) others.push(x); cur.skipCommas(); }
        if (others.length === 0) fail('treaty-alone', { with: inner('with', this.lang) });
        this.treatyCount += 1;
        this.push('treaties', { id: treatyId(this.state, this.st, this.treatyCount), text: t, signatories: [this.st, ...others] });
        return;
      }
      case 'confirm': { const id = cur.name('treaty', WHAT.treaty); cur.end(); this.once('confirm', id, n, id); this.push('confirmTreaties', id); return; }
    }
  }

  /** A raiding force: an own army or detachment, or an own fleet. */
  private raidForce(cur: Cursor): string {
    const t = cur.peek()!;
    const asFleet = this.names.resolve('fleet', t.text);
    if (asFleet.ok) { cur.i++; return asFleet.id; }
    return cur.name('force', WHAT.force);
  }

  // the organisation order carried out now on the scratch state; its refusal is the line's
  private history: { scratch: GruikState; count: number }[] = [];
  private organise(o: ForceOrder): string | undefined {
    const before = Object.keys(this.scratch.detachments);
    const fleetsBefore = Object.keys(this.scratch.fleets);
    const events = this.scratch.seasonEvents?.length ?? 0;
    const t = organiseForces(this.scratch, { [this.st]: { forces: [o] } });
    const e = (t.seasonEvents ?? []).slice(events).find((x) => x.t === 'refused');
    if (e && e.t === 'refused') refusedBy(e.message);
    this.history.push({ scratch: this.scratch, count: (this.orders.forces ?? []).length });
    this.scratch = t;
    this.push('forces', o);
    const made = Object.keys(t.detachments).find((d) => !before.includes(d));
    if (made) this.names.addOwn('detachment', made);
    for (const f of Object.keys(t.fleets)) if (!fleetsBefore.includes(f) && t.fleets[f]!.state === this.st) this.names.addFleet(f);
    return made;
  }
  private undoLast(): void {
    const h = this.history.pop();
    if (!h) return;
    this.scratch = h.scratch;
    this.orders.forces = (this.orders.forces ?? []).slice(0, h.count);
    if (this.orders.forces.length === 0) delete this.orders.forces;
  }

  private money(n: number, o: MoneyOrder): void {
    this.push('money', o);
    this.moneyLines.set(o, n);
  }

  private navalOf(fleet: string, n: number): NavalOrder {
    let o = this.naval.find((x) => x.fleet === fleet);
    if (!o) { o = { fleet, actions: [] }; this.naval.push(o); }
    this.fleetLines.set(fleet, this.fleetLines.get(fleet) ?? n);
    return o;
  }

  private fleetLine(n: number, cur: Cursor): void {
    const fleet = cur.name('fleet', WHAT.fleet);
    const actions: NavalAction[] = [];
    let end: NavalOrder['end'];
    const actionWords: InnerWord[] = ['sail', 'embark', 'land', 'raid', 'end'];
    const stop = () => cur.done || actionWords.some((w) => isWord(cur.peek(), w));
    while (!cur.done) {
      const w = cur.expect(...actionWords);
      if (w === 'sail') actions.push({ do: 'move', to: cur.name('zone', WHAT.zone) });
      else if (w === 'embark') {
        const forces: string[] = [];
        while (!stop()) { forces.push(cur.name('force', WHAT.force)); cur.skipCommas(); }
        if (forces.length === 0) fail('missing', { what: WHAT.force, after: inner('embark', this.lang) });
        actions.push({ do: 'embark', forces });
      } else if (w === 'land') {
        const at = cur.name('province', WHAT.province);
        const forces: string[] = [];
        while (!stop()) { forces.push(cur.name('force', WHAT.force)); cur.skipCommas(); }
        actions.push({ do: 'disembark', at, ...(forces.length ? { forces } : {}) });
      } else if (w === 'raid') actions.push({ do: 'raid', at: cur.name('province', WHAT.province) });
      else {
        end = {};
        while (!cur.done) {
          const e = cur.expect('coast', 'port', 'blockade');
          if (e === 'coast') end.coast = cur.name('province', WHAT.province);
          else if (e === 'blockade') end.blockade = cur.name('province', WHAT.province);
          else { end.port = true; if (!cur.done && !['coast', 'blockade'].some((x) => isWord(cur.peek(), x as InnerWord))) end.coast = cur.name('province', WHAT.province); }
        }
        if (Object.keys(end).length === 0) fail('missing', { what: { en: '"coast", "port" or "blockade"', fr: '« cote », « port » ou « blocus »' }, after: inner('end', this.lang) });
      }
      cur.skipCommas();
    }
    this.once('fleet', fleet, n, this.names.label('fleet', fleet));
    const draft: NavalOrder = { fleet, actions, ...(end ? { end } : {}) };
    const why = navalOrderRefusal(this.scratch, draft, this.st, this.ix);
    if (why && RELATIONAL_NAVAL.has(why.reason)) this.warnings.push({ line: n, severity: 'warning', message: why.message });
    else if (why) { this.seen.delete(`fleet\u0000${fleet}`); refusedBy(why.message); }
    const o = this.navalOf(fleet, n);
    o.actions = actions;
    if (end) o.end = end;
  }

  private policyLine(n: number, cur: Cursor, kw: string): void {
    const fleet = cur.name('fleet', WHAT.fleet);
    const p: Partial<NavalPolicy> = {};
    const ratio = () => { const r = cur.decimal(); if (!(r > 0 && r <= MAX_POLICY_RATIO)) fail('bad-ratio', { max: MAX_POLICY_RATIO }); return r; };
    const words: InnerWord[] = ['intercept', 'ifIntercepted', 'pursue', 'straits', 'ask'];
    while (!cur.done) {
      const w = cur.expect(...words);
      if (w === 'intercept') {
        const a = cur.accept('always', 'never');
        p.interceptIf = a ?? { maxEnemyRatio: ratio() };
      } else if (w === 'ifIntercepted') {
        const r = cur.expect('battle', 'retreatTo', 'continue', 'stay', 'port', 'battleIf');
        if (r === 'battleIf') {
          const at = ratio();
          cur.expect('else');
          const e = cur.expect('retreatTo', 'continue', 'port');
          p.onIntercepted = { battleIfRatioAtLeast: at, else: e === 'retreatTo' ? 'retreat' : e };
        } else p.onIntercepted = r === 'retreatTo' ? 'retreat' : r;
      } else if (w === 'pursue') p.pursueAfterWin = cur.expect('yes', 'no') === 'yes';
      else if (w === 'ask') p.ask = cur.expect('yes', 'no') === 'yes'; // [P §7.15] interactive naval rounds (flow.ts `naval-round`)
      else p.blockStraits = cur.expect('block', 'allow') === 'block';
      cur.skipCommas();
    }
    if (Object.keys(p).length === 0) fail('empty-policy', { list: words.map((x) => inner(x, this.lang)).join(', ') });
    this.once('policy', fleet, n, `${kw} ${this.names.label('fleet', fleet)}`);
    if (!this.scratch.fleets[fleet] || this.scratch.fleets[fleet]!.state !== this.st) refusedBy(NAVAL_REFUSALS['unknown-fleet']);
    this.navalOf(fleet, n).policy = p;
  }

  /** The checks that need every line: the money orders together (S3.5, A-37). */
  finish(): SheetIssue[] {
    const out: SheetIssue[] = [...this.warnings];
    const money = this.orders.money ?? [];
    if (money.length === 0) return out;
    const r = applyMoney(this.scratch, { [this.st]: money });
    const drop = new Set<MoneyOrder>();
    for (const x of r.refused) {
      const line = this.moneyLines.get(x.order) ?? 0;
      if (x.refusal.reason === 'debt-cap') out.push({ line, severity: 'warning', message: x.refusal.message });
      else { out.push({ line, severity: 'error', message: x.refusal.message }); drop.add(x.order); }
    }
    this.orders.money = money.filter((o) => !drop.has(o));
    if (this.orders.money.length === 0) delete this.orders.money;
    return out;
  }

  sheet(): GruikSheet {
    const out: GruikSheet = {};
    const o = this.orders;
    if (o.friendship) {
      const f: NonNullable<StateOrders['friendship']> = {};
      if (o.friendship.declare?.length) f.declare = o.friendship.declare;
      if (o.friendship.cancel?.length) f.cancel = o.friendship.cancel;
      o.friendship = f;
    }
    if (Object.keys(o).length) out.orders = o;
    if (this.moves.length) out.moves = this.moves;
    if (this.naval.length) out.naval = this.naval;
    if (Object.keys(this.postures).length) out.postures = this.postures;
    if (Object.keys(this.retreat).length) out.retreat = this.retreat;
    if (this.reactions.length) out.reactions = this.reactions;
    if (this.sovereign.length) out.sovereignPresent = this.sovereign;
    if (this.disband !== undefined) out.disband = this.disband;
    if (this.sorties.length) out.sorties = this.sorties;
    if (Object.keys(this.relief).length) out.relief = this.relief;
    if (Object.keys(this.consent).length) out.sortieConsent = this.consent;
    if (Object.keys(this.contingents).length) out.contingents = this.contingents;
    if (this.withdraw.length) out.withdraw = this.withdraw;
    return out;
  }
}

/** The id of the k-th treaty a state submits this season (the sheet's order; stable from print to parse). */
export function treatyId(s: GruikState, st: StateId, k: number): string {
  return `${st}:${s.season}:T${k}`;
}
