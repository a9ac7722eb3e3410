/**
 * The order sheet (rules S4.1, §15.12): a text a player can write by hand, and the structured
 * answer (`AKSheet`) the turn executes.
 *
 * The text form, one entry per line (keywords in French or English, any case, accents optional;
 * `#` starts a comment):
 *
 *     TRAITES 5 7                 (TREATIES; TOUS / ALL)
 *     RUPTURES 4                  (BREAKS; TOUS / ALL)
 *     VOTE                        (call a vote next turn, S5.6.2)
 *     CAPITALE Brocéliande        (CAPITAL, turn 1 only, §2.3)
 *     HERITIER Ta 2, Me 1         (HEIR: the Royal Heir's talents, G-11; optionally
 *                                 SEXE F / SEX F and HUMEUR Prudent / TEMPER Cautious)
 *     PERSO 3 Strahd              (CHAR: the character the next lines are for; the label is cross-checked, G-38)
 *     NOM Strahd le Noir          (NAME, turn 1 only)
 *     1 MO 207
 *     2 SE 82 / CA-HA, CA-FI, FI, ME, ME, FL      (the encounter plan after '/')
 *     5 CA BL 208
 *     SPECIAL FL, CA-SP, CA-TE, FI, ME            (the special plan, G-37)
 *
 * An order line is `<phase 1..5> <code> <arguments>`; arguments are split on spaces and commas
 * (a quoted text stays one argument) and given to the order's spec (orders/<code>.ts). A label in
 * parentheses after a number (`GI 31 (Baguette de feu) à 25`) is checked against the names that
 * number has (G-38) and otherwise ignored. Every bad line yields one issue; the valid lines are kept.
 */
import type { Localized, ValidationIssue } from '../../../engine/ruleset.ts';
import { normalizeName } from '../../../engine/names.ts';
import type { AKState, Character, Tactic, Temperament } from '../state.ts';
import { CHAR_CODES, TEMPERAMENTS } from '../state.ts';
import type { AKSheet, CharacterOrders, SlotOrder } from '../turn/context.ts';
import { formatPlan, readPlan } from './plans.ts';
import { ACTION_CODES, orderSpec } from './index.ts';

export const PHASES = 5;

/** Temperaments as a sheet may name them (French or English, folded). */
const TEMPER_FR: Record<Temperament, string> = { Cowardly: 'Couard', Cautious: 'Prudent', Brave: 'Brave', Berserk: 'Berserk' };
const HEIR_TEMPERS: Record<string, Temperament> = {
  COUARD: 'Cowardly', COWARDLY: 'Cowardly', PRUDENT: 'Cautious', CAUTIOUS: 'Cautious', BRAVE: 'Brave', BERSERK: 'Berserk',
};

export function emptySheet(): AKSheet {
  return { treaties: [], breaks: [], callVote: false, characters: {} };
}

export function emptyOrders(): CharacterOrders {
  return { phases: [null, null, null, null, null] };
}

/** `slotLines`: the text line of each kept action order, by `<character>/<phase>` (for warnings). */
export interface SheetResult { sheet: AKSheet; issues: ValidationIssue[]; slotLines?: Record<string, number> }

// ─────────────────────────────────────────────────────────────── messages

function issue(line: number | undefined, text: Localized): ValidationIssue {
  return { ...(line !== undefined ? { line } : {}), message: text.en, text };
}
const M = {
  noChar: (id: string): Localized => ({ fr: `aucun personnage n° ${id}`, en: `no character number ${id}` }),
  notYours: (id: number): Localized => ({ fr: `le personnage ${id} n’est pas à votre service`, en: `character ${id} is not in your service` }),
  dead: (id: number): Localized => ({ fr: `le personnage ${id} est mort`, en: `character ${id} is dead` }),
  tooEarly: (id: number, p: number): Localized => ({
    fr: `le personnage ${id} ne peut recevoir d’ordres qu’à partir de la phase ${p}`,
    en: `character ${id} can be given orders only from phase ${p}`,
  }),
  twice: (p: number): Localized => ({ fr: `deux ordres pour la phase ${p} : le premier est gardé`, en: `two orders for phase ${p}: the first one is kept` }),
  noBlock: { fr: 'ordre sans personnage : écrivez d\'abord « PERSO n »', en: 'order without a character: write "CHAR n" first' },
  unknownCode: (c: string): Localized => ({
    fr: `ordre inconnu « ${c} » (ordres : ${ACTION_CODES.join(' ')})`,
    en: `unknown order "${c}" (orders: ${ACTION_CODES.join(' ')})`,
  }),
  unknownLine: (t: string): Localized => ({ fr: `ligne incomprise : « ${t} »`, en: `line not understood: "${t}"` }),
  noPlanNeeded: (c: string): Localized => ({ fr: `l’ordre ${c} n’a pas de plan de rencontre : plan ignoré`, en: `order ${c} takes no encounter plan: plan ignored` }),
  planMissing: (c: string): Localized => ({
    fr: `l’ordre ${c} demande un plan de rencontre : le plan spécial sera utilisé`,
    en: `order ${c} needs an encounter plan: the special plan will be used`,
  }),
  secondSpecial: (id: number): Localized => ({
    fr: `deux plans spéciaux pour le personnage ${id} : le premier est utilisé (G-37)`,
    en: `two special plans for character ${id}: the first one is used (G-37)`,
  }),
  label: (id: string, label: string, names: string[]): Localized => ({
    fr: `attention : « ${label} » ne correspond pas au n° ${id}${names.length ? ` (${names.join(', ')})` : ''} ; l'ordre suit le numéro`,
    en: `warning: "${label}" does not match number ${id}${names.length ? ` (${names.join(', ')})` : ''}; the order follows the number`,
  }),
  king: (n: string): Localized => ({ fr: `pas de Roi n° ${n}`, en: `no King number ${n}` }),
  turnOne: { fr: 'les noms ne se changent qu\'au tour 1', en: 'names can be changed in turn 1 only' },
  heir: (t: string): Localized => ({ fr: `caractéristique d’héritier incomprise : « ${t} »`, en: `heir characteristic not understood: "${t}"` }),
  badPlan: (e: Localized): Localized => e,
};

// ─────────────────────────────────────────────────────────────── lexing

const fold = (w: string): string => w.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();

const KEYWORDS: Record<string, string> = {
  TRAITES: 'treaties', TRAITE: 'treaties', TREATIES: 'treaties', TREATY: 'treaties',
  RUPTURES: 'breaks', RUPTURE: 'breaks', BREAKS: 'breaks', BREAK: 'breaks',
  VOTE: 'vote',
  CAPITALE: 'capital', CAPITAL: 'capital',
  HERITIER: 'heir', HEIR: 'heir',
  PERSO: 'char', PERSONNAGE: 'char', CHAR: 'char', CHARACTER: 'char',
  NOM: 'name', NAME: 'name',
  SPECIAL: 'special', 'PLAN-SPECIAL': 'special',
  PLAN: 'plan',
};
const ALL_WORDS = new Set(['TOUS', 'TOUT', 'ALL']);
const YES = new Set(['OUI', 'YES', 'O', 'Y']);
const NO = new Set(['NON', 'NO', 'N']);

/** Splits on spaces and commas, keeping a double-quoted text as one token (without its quotes). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|«\s*([^»]*?)\s*»|([^\s,]+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

/** Removes `(labels)` and returns them with the token they follow. */
export function stripLabels(text: string): { text: string; labels: { after: string; label: string }[] } {
  const labels: { after: string; label: string }[] = [];
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') { const j = text.indexOf('"', i + 1); const end = j < 0 ? text.length : j + 1; out += text.slice(i, end); i = end; continue; }
    if (c === '(') {
      const j = text.indexOf(')', i + 1);
      const end = j < 0 ? text.length : j;
      const before = out.trimEnd().split(/[\s,]+/).pop() ?? '';
      labels.push({ after: before, label: text.slice(i + 1, end).trim() });
      out += ' ';
      i = end + 1;
      continue;
    }
    out += c;
    i++;
  }
  return { text: out, labels };
}

/** A whole text in double quotes (as the guided form writes a value with spaces) loses them. */
function unquote(text: string): string {
  const m = /^"([^"]*)"$/.exec(text.trim());
  return m ? m[1]! : text;
}

/** Splits `order / plan` at the first slash outside quotes. */
function splitPlan(text: string): { order: string; plan: string | null } {
  let q = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') q = !q;
    else if (c === '/' && !q) return { order: text.slice(0, i).trim(), plan: text.slice(i + 1).trim() };
  }
  return { order: text.trim(), plan: null };
}

/** Names a number may stand for, for the G-38 label check. */
/**
 * The names a number may stand for, as far as this kingdom knows (G-38): its own characters and
 * those it has seen, its characters' items, the sites it knows, provinces it knows, and the
 * kingdoms (public). A number it knows nothing of has no name here, so the label check can never
 * tell a player the name, or even the existence, of something hidden from him.
 */
function namesOf(s: AKState, kingdom: number, id: number): string[] {
  const names: string[] = [];
  const kn = s.knowledge[kingdom];
  const c = s.characters[id];
  if (c && c.kingdom === kingdom) names.push(c.name);
  else if (kn?.characters[id]) names.push(kn.characters[id]!.name);
  const it = s.items[id];
  if (it && it.holder !== undefined && s.characters[it.holder]?.kingdom === kingdom) names.push(it.name);
  if (kn?.sites[id]) names.push(kn.sites[id]!.name);
  const p = s.provinces[id];
  if (p?.name && (p.owner === kingdom || (kn?.provinces[id]?.pct ?? 0) > 0)) names.push(p.name);
  const k = s.kingdoms[id]; if (k) names.push(k.name);
  return names;
}

/** Whether a written label matches a name: same letters, or an abbreviation of it (G-38). */
export function labelMatches(label: string, names: string[]): boolean {
  const l = normalizeName(label);
  if (!l) return true;
  return names.some((n) => { const k = normalizeName(n); return k === l || k.startsWith(l) || l.startsWith(k); });
}

function checkLabels(s: AKState, kingdom: number, labels: { after: string; label: string }[], line: number, issues: ValidationIssue[]): void {
  for (const { after, label } of labels) {
    if (!/^\d+$/.test(after) || !label) continue;
    const names = namesOf(s, kingdom, Number(after));
    // Nothing known under that number: nothing to check against (and nothing to give away).
    if (names.length && !labelMatches(label, names)) issues.push(issue(line, M.label(after, label, names)));
  }
}

// ─────────────────────────────────────────────────────────────── parsing

interface Block { id: number | null; line: number }
interface RawOrder { line: number; char: number; phase: number; code: string; args: string[]; plan: string | null; text: string }

/** Orders in this sheet that bring a character under the kingdom's control (HI, CA CH, CA RE): target → phase. */
function controlTargets(orders: RawOrder[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const o of orders) {
    let target: string | undefined;
    if (o.code === 'HI') target = o.args[0];
    else if (o.code === 'CA' && ['RE', 'CH'].includes(fold(o.args[0] ?? ''))) target = o.args[1];
    if (target && /^\d+$/.test(target)) {
      const id = Number(target);
      out.set(id, Math.min(out.get(id) ?? 99, o.phase));
    }
  }
  return out;
}

function parseKings(s: AKState, kingdom: number, words: string[], line: number, issues: ValidationIssue[]): number[] | 'all' {
  if (words.some((w) => ALL_WORDS.has(fold(w)))) return 'all';
  const out: number[] = [];
  for (const w of words) {
    const n = Number(w);
    if (!Number.isInteger(n) || !s.kingdoms[n] || n === kingdom) { issues.push(issue(line, M.king(w))); continue; }
    if (!out.includes(n)) out.push(n);
  }
  return out.sort((a, b) => a - b);
}

/** Parses a text order sheet for a kingdom against the state at the start of the turn. */
export function parseSheet(s: AKState, kingdom: number, text: string): SheetResult {
  const sheet = emptySheet();
  const issues: ValidationIssue[] = [];
  const lines = text.split(/\r?\n/);
  let block: Block | null = null;
  const raw: RawOrder[] = [];
  const specials: { char: number; line: number; text: string }[] = [];
  const plans: { char: number; line: number; text: string }[] = [];
  const renames: { char: number; line: number; name: string }[] = [];
  const blocks: Block[] = [];

  lines.forEach((full, i) => {
    const line = i + 1;
    const body = full.replace(/#.*$/, '').trim();
    if (!body) return;
    const { text: noLabels, labels } = stripLabels(body);
    const first = noLabels.trim().split(/\s+/)[0] ?? '';
    let head = fold(first).replace(/[:.]$/, '');
    let rest = noLabels.trim().slice(first.length).trim();
    if (head === 'PLAN' && /^SP[EÉ]CIAL\b/i.test(fold(rest))) { head = 'SPECIAL'; rest = rest.slice(rest.split(/\s+/)[0]!.length).trim(); }
    // `3.1 MO 207` (character 3, phase 1) and `3.SPECIAL FL, ME`: one line naming its character (the guided form writes these).
    const inline = /^(\d+)\.([1-5]|SPECIAL)$/.exec(head);
    if (inline) {
      // Any number: whether it names someone, and whose, is told as for any character not in service.
      const id = Number(inline[1]);
      block = { id, line };
      blocks.push(block);
      head = inline[2]!;
    }
    const phaseHead = /^(?:P|PHASE)?([1-5])[:.)]?$/.exec(head);
    if (head === 'PHASE' && /^[1-5]\b/.test(rest)) { const p = rest[0]!; rest = rest.slice(1).trim(); head = p; }
    const kw = KEYWORDS[head];
    if (phaseHead || /^[1-5]$/.test(head)) {
      const phase = Number(phaseHead ? phaseHead[1] : head);
      if (!block) { issues.push(issue(line, M.noBlock)); return; }
      if (block.id === null) { issues.push(issue(line, M.noChar('?'))); return; }
      checkLabels(s, kingdom, labels, line, issues);
      let { order, plan } = splitPlan(rest);
      const tokens = tokenize(order);
      let code = fold(tokens[0] ?? '');
      const dash = /^([A-Z]{2})-(.+)$/.exec(code);
      if (dash) code = dash[1]!;
      // A plan order may carry its plan as a final quoted text instead of after '/'.
      const quoted = /"([^"]*)"\s*$/.exec(order);
      if (plan === null && quoted && orderSpec(code)?.plan) { plan = quoted[1]!; order = order.slice(0, quoted.index).trim(); }
      const words = tokenize(order);
      const args = words.slice(1);
      if (dash) args.unshift(dash[2]!);
      if (!orderSpec(code)) { issues.push(issue(line, M.unknownCode(words[0] ?? ''))); return; }
      raw.push({ line, char: block.id, phase, code, args, plan, text: [code, ...args.map((a) => (/[\s,]/.test(a) || a === '' ? `"${a}"` : a))].join(' ') });
      return;
    }
    switch (kw) {
      case 'treaties': sheet.treaties = parseKings(s, kingdom, tokenize(rest), line, issues); return;
      case 'breaks': sheet.breaks = parseKings(s, kingdom, tokenize(rest), line, issues); return;
      case 'vote': {
        const w = tokenize(rest).map(fold);
        if (w.length === 0 || YES.has(w[0]!)) sheet.callVote = true;
        else if (NO.has(w[0]!)) sheet.callVote = false;
        else if ((w[0] === 'POUR' || w[0] === 'FOR') && w[1] && s.kingdoms[Number(w[1])]) sheet.voteFor = Number(w[1]);
        else issues.push(issue(line, M.unknownLine(body)));
        return;
      }
      case 'capital':
        if (s.turn !== 1) { issues.push(issue(line, M.turnOne)); return; }
        if (rest) sheet.capitalName = rest.replace(/^"|"$/g, '').trim();
        return;
      case 'heir': {
        const t = tokenize(rest);
        const out: Record<string, number> = {};
        for (let j = 0; j < t.length; j += 2) {
          const word = fold(t[j]!);
          if (word === 'SEXE' || word === 'SEX') {
            const v = fold(t[j + 1] ?? '');
            if (v === 'M' || v === 'F') { sheet.heirSex = v; continue; }
            issues.push(issue(line, M.heir(`${t[j]} ${t[j + 1] ?? ''}`.trim()))); return;
          }
          if (word === 'HUMEUR' || word === 'TEMPER' || word === 'TEMPERAMENT') {
            const v = fold(t[j + 1] ?? '');
            const temper = HEIR_TEMPERS[v];
            if (temper) { sheet.heirTemperament = temper; continue; }
            issues.push(issue(line, M.heir(`${t[j]} ${t[j + 1] ?? ''}`.trim()))); return;
          }
          const code = CHAR_CODES.find((c) => c.toUpperCase() === word);
          const n = Number(t[j + 1]);
          if (!code || !Number.isInteger(n) || n < 1) { issues.push(issue(line, M.heir(`${t[j]} ${t[j + 1] ?? ''}`.trim()))); return; }
          out[code] = (out[code] ?? 0) + n;
        }
        if (Object.keys(out).length) sheet.heirTalents = out;
        return;
      }
      case 'char': {
        const t = tokenize(rest);
        const idText = t[0] ?? '';
        const id = /^\d+$/.test(idText) ? Number(idText) : NaN;
        if (!Number.isInteger(id) || id <= 0) { issues.push(issue(line, M.noChar(idText))); block = { id: null, line }; return; }
        block = { id, line };
        blocks.push(block);
        // G-38 label: checked against the names this kingdom knows for that number only.
        const label = [...t.slice(1), ...labels.map((l) => l.label)].join(' ');
        const known = namesOf(s, kingdom, id).filter((n) => n === s.characters[id]?.name || n === s.knowledge[kingdom]?.characters[id]?.name);
        if (label && known.length && !labelMatches(label, known)) issues.push(issue(line, M.label(idText, label, known)));
        return;
      }
      case 'name':
        if (!block || block.id === null) { issues.push(issue(line, M.noBlock)); return; }
        if (s.turn !== 1) { issues.push(issue(line, M.turnOne)); return; }
        renames.push({ char: block.id, line, name: rest.replace(/^"|"$/g, '').trim() });
        return;
      case 'special':
        if (!block || block.id === null) { issues.push(issue(line, M.noBlock)); return; }
        specials.push({ char: block.id, line, text: unquote(rest) });
        return;
      case 'plan':
        if (!block || block.id === null) { issues.push(issue(line, M.noBlock)); return; }
        plans.push({ char: block.id, line, text: unquote(rest) });
        return;
      default:
        issues.push(issue(line, M.unknownLine(body)));
    }
  });

  // A PLAN line goes with the last order of its character written before it that takes a plan and has none.
  for (const p of plans) {
    const target = [...raw].reverse().find((o) => o.char === p.char && o.line < p.line && orderSpec(o.code)!.plan && o.plan === null);
    if (target) target.plan = p.text;
    else issues.push(issue(p.line, M.unknownLine(`PLAN ${p.text}`)));
  }

  // Characters this sheet brings under control (hired, charmed, resurrected): orders from the next phase (S4.2 item 9).
  const control = controlTargets(raw.filter((o) => {
    const c = s.characters[o.char];
    return c && c.kingdom === kingdom && c.alive;
  }));

  const seen = new Set<string>();
  const slotLines: Record<string, number> = {};
  for (const o of raw) {
    const c = s.characters[o.char];
    // A number that names nobody reads like a character not in service (no probing of numbers).
    if (!c) { issues.push(issue(o.line, M.notYours(o.char))); continue; }
    const pending = control.get(c.id);
    const mine = c.kingdom === kingdom;
    if (!mine && pending === undefined) { issues.push(issue(o.line, M.notYours(c.id))); continue; }
    if (mine && !c.alive && pending === undefined) { issues.push(issue(o.line, M.dead(c.id))); continue; }
    const from = pending !== undefined && (!mine || !c.alive) ? pending + 1 : c.orderableFrom;
    if (o.phase < from) { issues.push(issue(o.line, M.tooEarly(c.id, from))); continue; }
    const key = `${c.id}/${o.phase}`;
    if (seen.has(key)) { issues.push(issue(o.line, M.twice(o.phase))); continue; }
    const spec = orderSpec(o.code)!;
    const r = spec.parse(o.args, { s, char: c, phase: o.phase });
    if ('error' in r) { issues.push(issue(o.line, r.error)); continue; }
    const slot: SlotOrder = { code: spec.code, value: r.value, text: o.text };
    if (o.plan !== null) {
      if (!spec.plan) issues.push(issue(o.line, M.noPlanNeeded(spec.code)));
      else {
        const p = readPlan(s, c, o.plan, false);
        for (const e of p.errors) issues.push(issue(o.line, e));
        slot.plan = p.plan;
      }
    } else if (spec.plan && !isPlanOptional(spec.code, o.args, c)) {
      issues.push(issue(o.line, M.planMissing(spec.code)));
    }
    seen.add(key);
    slotLines[key] = o.line;
    (sheet.characters[c.id] ??= emptyOrders()).phases[o.phase - 1] = slot;
  }

  const specialDone = new Set<number>();
  for (const sp of specials) {
    const c = s.characters[sp.char];
    if (!c) { issues.push(issue(sp.line, M.notYours(sp.char))); continue; }
    if (specialDone.has(c.id)) { issues.push(issue(sp.line, M.secondSpecial(c.id))); continue; }
    if (c.kingdom !== kingdom && !control.has(c.id)) { issues.push(issue(sp.line, M.notYours(c.id))); continue; }
    specialDone.add(c.id);
    const p = readPlan(s, c, sp.text, true);
    for (const e of p.errors) issues.push(issue(sp.line, e));
    (sheet.characters[c.id] ??= emptyOrders()).special = p.plan;
  }
  for (const r of renames) {
    const c = s.characters[r.char];
    if (!c || c.kingdom !== kingdom) { issues.push(issue(r.line, M.notYours(r.char))); continue; }
    if (r.name) (sheet.characters[c.id] ??= emptyOrders()).rename = r.name;
  }
  issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { sheet, issues, slotLines };
}

/** PU on oneself (patrol) and every other plan order need a plan; none is optional today. */
function isPlanOptional(_code: string, _args: string[], _c: Character): boolean {
  return false;
}

// ─────────────────────────────────────────────────────────────── structured answers

/** A structured answer: an `AKSheet`-like object whose slots give their text (and plan). */
export function isStructuredSheet(answer: unknown): answer is Partial<AKSheet> {
  return typeof answer === 'object' && answer !== null && !Array.isArray(answer) && ('characters' in answer || 'treaties' in answer || 'breaks' in answer || 'callVote' in answer);
}

/**
 * Parses a structured answer by writing it as text and reading that back, so that it is checked
 * exactly like a typed sheet (issues then refer to the lines of `formatSheet`'s text).
 */
export function parseStructured(s: AKState, kingdom: number, answer: Partial<AKSheet>): SheetResult & { text: string } {
  const text = formatSheet(normaliseStructured(answer), 'en');
  const r = parseSheet(s, kingdom, text);
  if (answer.caretaker === true) r.sheet.caretaker = true;
  return { ...r, text };
}

function normaliseStructured(a: Partial<AKSheet>): AKSheet {
  const sheet: AKSheet = {
    treaties: a.treaties ?? [], breaks: a.breaks ?? [], callVote: a.callVote === true, characters: {},
    ...(a.capitalName ? { capitalName: a.capitalName } : {}),
    ...(a.heirTalents ? { heirTalents: a.heirTalents } : {}),
    ...(a.heirSex === 'M' || a.heirSex === 'F' ? { heirSex: a.heirSex } : {}),
    ...(a.heirTemperament && TEMPERAMENTS.includes(a.heirTemperament) ? { heirTemperament: a.heirTemperament } : {}),
  };
  const vf = (a as { voteFor?: number }).voteFor;
  if (typeof vf === 'number') sheet.voteFor = vf;
  for (const [id, raw] of Object.entries(a.characters ?? {})) {
    const co = raw as Partial<CharacterOrders> & { phases?: unknown[] };
    const phases = ((co.phases ?? []) as unknown[]).slice(0, PHASES).map((p): SlotOrder | null => {
      if (p === null || p === undefined || p === '') return null;
      if (typeof p === 'string') return { code: fold(p.split(/\s+/)[0] ?? '') as SlotOrder['code'], value: null, text: p };
      const o = p as Partial<SlotOrder>;
      return { code: (o.code ?? '') as SlotOrder['code'], value: o.value ?? null, text: o.text ?? String(o.code ?? ''), ...(o.plan ? { plan: o.plan } : {}) };
    });
    while (phases.length < PHASES) phases.push(null);
    sheet.characters[Number(id)] = { phases, ...(co.special ? { special: co.special } : {}), ...(co.rename ? { rename: co.rename } : {}) };
  }
  return sheet;
}

// ─────────────────────────────────────────────────────────────── formatting

const WORDS = {
  fr: { treaties: 'TRAITES', breaks: 'RUPTURES', all: 'TOUS', vote: 'VOTE', voteFor: 'VOTE POUR', capital: 'CAPITALE', heir: 'HERITIER', char: 'PERSO', name: 'NOM', special: 'SPECIAL' },
  en: { treaties: 'TREATIES', breaks: 'BREAKS', all: 'ALL', vote: 'VOTE', voteFor: 'VOTE FOR', capital: 'CAPITAL', heir: 'HEIR', char: 'CHAR', name: 'NAME', special: 'SPECIAL' },
};

/** The text of a sheet (in the keywords of `lang`), which `parseSheet` reads back to the same sheet. */
export function formatSheet(sheet: AKSheet, lang: 'fr' | 'en' = 'fr', s?: AKState): string {
  const w = WORDS[lang];
  const out: string[] = [];
  const kings = (v: number[] | 'all') => (v === 'all' ? w.all : v.join(' '));
  if (sheet.treaties === 'all' || sheet.treaties.length) out.push(`${w.treaties} ${kings(sheet.treaties)}`);
  if (sheet.breaks === 'all' || sheet.breaks.length) out.push(`${w.breaks} ${kings(sheet.breaks)}`);
  if (sheet.callVote) out.push(w.vote);
  const vf = sheet.voteFor;
  if (typeof vf === 'number') out.push(`${w.voteFor} ${vf}`);
  if (sheet.capitalName) out.push(`${w.capital} ${sheet.capitalName}`);
  const heir = [
    ...CHAR_CODES.filter((c) => sheet.heirTalents?.[c]).map((c) => `${c} ${sheet.heirTalents![c]}`),
    ...(sheet.heirSex ? [`${lang === 'fr' ? 'SEXE' : 'SEX'} ${sheet.heirSex}`] : []),
    ...(sheet.heirTemperament ? [`${lang === 'fr' ? 'HUMEUR' : 'TEMPER'} ${lang === 'fr' ? TEMPER_FR[sheet.heirTemperament] : sheet.heirTemperament}`] : []),
  ];
  if (heir.length) out.push(`${w.heir} ${heir.join(', ')}`);
  const ids = Object.keys(sheet.characters).map(Number).sort((a, b) => a - b);
  for (const id of ids) {
    const co = sheet.characters[id]!;
    const name = s?.characters[id]?.name;
    out.push(`${w.char} ${id}${name ? ` ${quoteIfNeeded(name)}` : ''}`);
    if (co.rename) out.push(`${w.name} ${co.rename}`);
    co.phases.forEach((p, i) => {
      if (!p) return;
      out.push(`${i + 1} ${p.text}${p.plan ? ` / ${formatPlan(p.plan)}` : ''}`);
    });
    if (co.special) out.push(`${w.special} ${formatPlan(co.special)}`);
  }
  return out.join('\n');
}

function quoteIfNeeded(name: string): string {
  return /[#/(),"]/.test(name) ? `"${name.replace(/"/g, '')}"` : name;
}

export type { Tactic };
