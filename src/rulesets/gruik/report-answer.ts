/**
 * The tabletop battle's report (rules §6.12.1 step 4, §6.5–§6.10) as one line of text and as a
 * guided form, so that no player types JSON: the result (§6.5 decisive, §6.7 nightfall or agreed
 * stop, §6.8 unfinished, §6.9 mutual demoralisation), the AP each side lost on the table (0 to
 * what it fielded), the general elements destroyed (§6.4, in close combat or at range), the
 * loser's retreat (§5.9, §6.10; or the side leaving the field at nightfall) and the HOTT defender
 * when the map does not settle the campaign roles (§6.2, A-18).
 *
 * Syntax, one line (English keywords written, French read too, accents and case ignored; the parts
 * after the result in any order, commas free; a side by its id, its realm's or its player's name):
 *
 *   report win elves lost elves 2 dwarves 8 general dwarves close retreat marche defender dwarves
 *   (French: rapport victoire elves pertes elves 2 dwarves 8 general dwarves melee retraite marche defenseur dwarves)
 *
 * Results: `win <side>` (decisive), `extrapolated <side>` (§6.8 b: unfinished, that side was
 * winning), `unfinished drawn|dice|none` (§6.8 a, c, no agreement), `nightfall [leaves <side>]`,
 * `stop fortress|abandon|withdraw|none` (§6.7 outcomes 1–3, no agreement), `mutual` (§6.9).
 * Retreats: `retreat fortress`, `retreat <province>` (a land neighbour of the battle's province),
 * `retreat sea <fleet>` (one of the reporter's fleets on its coast). `none` leaves the report to
 * the other side. The JSON of the API and bots is read by answers.ts; both give `BattleFacts`.
 *
 * What the form offers comes from what the reporter may know: the two sides and their fielded AP
 * (the battle sheet), the public map's neighbours, his own fleets. A retreat the rules refuse when
 * S6.3 applies the report falls back to the retreating side's own order (battle-result.ts).
 */
import { fill, ofName } from '../../engine/localize.ts';
import { normalizeName, resolveName } from '../../engine/names.ts';
import type { AnswerForm, FormField, FormValues, Lang, Localized, ValidationIssue, Validation } from '../../engine/ruleset.ts';
import type { BattleOutcome } from './rules/battle.ts';
import type { BattleFacts } from './rules/battle-result.ts';
import type { RetreatOption } from './rules/retreat.ts';
import type { GruikState, StateId } from './state.ts';
import { shortId } from './sheet/names.ts';
import { tokenize, type Token } from './sheet/words.ts';

/** What a report's line and form are built from: the battle sheet's facts and what the reporter may know. */
export interface ReportFrame {
  sides: [StateId, StateId];
  fielded: Record<StateId, number>;
  province: { id: string; name: string };
  /** The names each side is read by (the first is shown: its player's name; then its id, its realm's name). */
  names: Record<StateId, string[]>;
  /** The land retreats offered: the battle province's land neighbours (public map). */
  neighbours: { id: string; name: string }[];
  /** The reporter's own fleets on the province's coast (a retreat by sea, §5.8). */
  fleets: { id: string; short: string }[];
}

/** The frame of `player`'s report of battle `b` (its sides, fielded AP, province). */
export function reportFrame(s: GruikState, seatNames: Record<StateId, string>, b: { sides: [StateId, StateId]; fielded: Record<StateId, number>; province: string }, player: StateId): ReportFrame {
  const p = s.map.provinces.find((x) => x.id === b.province);
  const names = Object.fromEntries(b.sides.map((st) => [st, [...new Set([seatNames[st] ?? s.realms[st]?.name ?? st, st, s.realms[st]?.name ?? st])]]));
  const neighbours = (p?.landNeighbours ?? []).map((id) => ({ id, name: s.map.provinces.find((x) => x.id === id)?.name ?? id }));
  const fleets = Object.values(s.fleets).filter((f) => f.state === player && f.coast === b.province && f.ships > 0).map((f) => ({ id: f.id, short: shortId(player, f.id) })).sort((x, y) => (x.id < y.id ? -1 : 1));
  return { sides: b.sides, fielded: b.fielded, province: { id: b.province, name: p?.name ?? b.province }, names, neighbours, fleets };
}

// ─── words ─────────────────────────────────────────────────────────────────────────────────────

/** The line's words, English first (written), French and other spellings read. */
const W = {
  report: ['report', 'rapport'],
  none: ['none', 'aucun', 'aucune', 'default', 'defaut'],
  win: ['win', 'victoire', 'decisive'],
  extrapolated: ['extrapolated', 'extrapolee'],
  unfinished: ['unfinished', 'inachevee'],
  nightfall: ['nightfall', 'nuit'],
  stop: ['stop', 'arret'],
  mutual: ['mutual', 'demoralisation', 'mutuelle'],
  leaves: ['leaves', 'quitte'],
  lost: ['lost', 'pertes', 'perdus'],
  general: ['general'],
  retreat: ['retreat', 'retraite'],
  defender: ['defender', 'defenseur'],
  close: ['close', 'melee', 'corpsacorps'],
  range: ['range', 'distance'],
  fortress: ['fortress', 'forteresse'],
  sea: ['sea', 'mer'],
  drawn: ['drawn', 'nulle', 'nondecisive'],
  dice: ['dice', 'des'],
  abandon: ['abandon', 'abandonne'],
  withdraw: ['withdraw', 'retrait'],
  noAgreement: ['none', 'aucun', 'aucune'],
} as const;
type Word = keyof typeof W;
const is = (t: Token | undefined, w: Word) => !!t && !t.quoted && (W[w] as readonly string[]).includes(normalizeName(t.text));
const PARTS = ['lost', 'general', 'retreat', 'defender'] as const;
type Part = (typeof PARTS)[number];
const partOf = (t: Token | undefined): Part | undefined => PARTS.find((p) => is(t, p));

const STOP = { fortress: 'attackedToFortress', abandon: 'attackedAbandons', withdraw: 'attackerWithdraws', noAgreement: 'none' } as const;
const UNFINISHED = { drawn: 'nonDecisive', dice: 'diceOff', noAgreement: 'none' } as const;
/** Each agreement's word on the line. */
const STOP_WORD: Record<string, string> = { attackedToFortress: 'fortress', attackedAbandons: 'abandon', attackerWithdraws: 'withdraw', none: 'none' };
const UNFINISHED_WORD: Record<string, string> = { nonDecisive: 'drawn', diceOff: 'dice', none: 'none' };

const MAX_ELEMENTS = 4;

const M = {
  report: { fr: 'Compte rendu de bataille : {m}', en: 'Battle report: {m}' },
  outcome: { fr: 'le résultat vient d’abord : victoire, extrapolee, inachevee, nuit, arret ou demoralisation (en anglais win, extrapolated, unfinished, nightfall, stop, mutual), pas « {w} ».', en: 'the result comes first: win, extrapolated, unfinished, nightfall, stop or mutual (French victoire, extrapolee, inachevee, nuit, arret, demoralisation), not "{w}".' },
  noOutcome: { fr: 'le résultat manque (par exemple « victoire {a} »).', en: 'the result is missing (e.g. "win {a}").' },
  stopHow: { fr: '{w} : forteresse, abandon, retrait ou aucun (l’issue convenue, §6.7).', en: '{w}: fortress, abandon, withdraw or none (the outcome agreed, §6.7).' },
  unfinishedHow: { fr: '{w} : nulle, des ou aucun (l’accord sur une partie inachevée, §6.8) ; « extrapolee <camp> » si un camp l’emportait.', en: '{w}: drawn, dice or none (the agreement on an unfinished game, §6.8); "extrapolated <side>" if one side was winning.' },
  side: { fr: '{w} : {m}', en: '{w}: {m}' },
  missingSide: { fr: '{w} : il manque le camp ({a} ou {b}).', en: '{w}: the side is missing ({a} or {b}).' },
  lostAp: { fr: 'pertes {s} : un entier de 0 aux AP engagés ({n}), pas « {v} ».', en: 'lost {s}: a whole number from 0 to the AP fielded ({n}), not "{v}".' },
  lostMissing: { fr: 'pertes : les AP perdus sur la table par chaque camp, par exemple « pertes {a} 2 {b} 8 » ; il manque {s}.', en: 'lost: the AP each side lost on the table, e.g. "lost {a} 2 {b} 8"; {s} is missing.' },
  twice: { fr: '« {w} » est donné deux fois.', en: '"{w}" is given twice.' },
  element: { fr: 'general {s} : melee ou distance (l’élément de général détruit au corps à corps ou à distance, §6.4).', en: 'general {s}: close or range (the general element destroyed in close combat or at range, §6.4).' },
  elements: { fr: 'general : au plus {n} éléments de général détruits.', en: 'general: at most {n} general elements destroyed.' },
  retreatWhere: { fr: 'retraite : forteresse, mer <flotte> ou une province voisine de {p} ({list}), pas « {w} ».', en: 'retreat: fortress, sea <fleet> or a province next to {p} ({list}), not "{w}".' },
  retreatFleet: { fr: 'retraite mer : {f} n’est pas une de vos flottes sur la côte de {p}{list}.', en: 'retreat sea: {f} is not one of your fleets on the coast of {p}{list}.' },
  unexpected: { fr: '« {w} » inattendu : après le résultat viennent pertes, general, retraite, defenseur.', en: 'unexpected "{w}": after the result come lost, general, retreat, defender.' },
  // the form
  group: { fr: 'Compte rendu de la bataille de {p} (§6.12.1)', en: 'Report of the battle of {p} (§6.12.1)' },
  entry: { fr: 'Le résultat joué sur la table', en: 'The result played on the table' },
  noneEntry: { fr: 'Laisser le compte rendu à l’autre camp', en: 'Leave the report to the other side' },
  fOutcome: { fr: 'Résultat', en: 'Result' },
  fLost: { fr: 'AP perdus sur la table par {w} (0 à {n})', en: 'AP lost on the table by {w} (0 to {n})' },
  fGeneral: { fr: 'Élément de général {w} détruit', en: '{w}’s general element destroyed' },
  close: { fr: 'au corps à corps', en: 'in close combat' },
  range: { fr: 'à distance', en: 'at range' },
  fRetreat: { fr: 'Retraite du vaincu (ou du camp qui quitte le terrain à la nuit) ; vide : ses consignes de retraite (§5.9)', en: 'Retreat of the loser (or of the side leaving the field at nightfall); empty: its retreat orders (§5.9)' },
  toFortress: { fr: 'dans la forteresse de {p} (échoue 1 fois sur 3)', en: 'into the fortress of {p} (fails 1 time in 3)' },
  toLand: { fr: 'vers {p}', en: 'to {p}' },
  toSea: { fr: 'par mer, avec la flotte {f}', en: 'by sea, with fleet {f}' },
  fDefender: { fr: 'Défenseur HOTT, si la carte ne fixe pas les rôles (§6.2, A-18)', en: 'HOTT defender, if the map does not settle the roles (§6.2, A-18)' },
  // the words told back
  win: { fr: 'victoire décisive {w}', en: 'decisive victory of {w}' },
  extrapolated: { fr: 'partie inachevée, {w} l’emportait : pertes extrapolées (§6.8 b)', en: 'unfinished game, {w} was winning: losses extrapolated (§6.8 b)' },
  'unfinished.diceOff': { fr: 'partie inachevée et très serrée : départagée aux dés (§6.8 c)', en: 'unfinished game, very close: settled by dice (§6.8 c)' },
  'unfinished.nonDecisive': { fr: 'partie inachevée, traitée comme non décisive (§6.8 a)', en: 'unfinished game, treated as non-decisive (§6.8 a)' },
  'unfinished.none': { fr: 'partie inachevée, sans accord : le moindre pourcentage de pertes l’emporte (§6.8)', en: 'unfinished game, no agreement: the lower share of losses wins (§6.8)' },
  nightfall: { fr: 'la nuit tombe, les deux camps restent (§6.7)', en: 'nightfall, both sides stay (§6.7)' },
  nightfallLeaver: { fr: 'la nuit tombe, {w} quitte le terrain (§6.7)', en: 'nightfall, {w} leaves the field (§6.7)' },
  'stop.attackedToFortress': { fr: 'arrêt convenu : l’attaqué se retire dans la forteresse (§6.7, 1)', en: 'agreed stop: the attacked side withdraws into the fortress (§6.7, 1)' },
  'stop.attackedAbandons': { fr: 'arrêt convenu : l’attaqué abandonne la province (§6.7, 2)', en: 'agreed stop: the attacked side abandons the province (§6.7, 2)' },
  'stop.attackerWithdraws': { fr: 'arrêt convenu : l’attaquant se retire (§6.7, 3)', en: 'agreed stop: the attacker withdraws (§6.7, 3)' },
  'stop.none': { fr: 'arrêt sans accord sur l’issue : l’attaquant se retire (§6.7)', en: 'stopped without agreeing on the outcome: the attacker withdraws (§6.7)' },
  mutual: { fr: 'démoralisation mutuelle (§6.9)', en: 'mutual demoralisation (§6.9)' },
  lostSaid: { fr: 'AP perdus sur la table : {l}', en: 'AP lost on the table: {l}' },
  elementsSaid: { fr: 'éléments de général détruits : {l}', en: 'general elements destroyed: {l}' },
  retreatSaid: { fr: 'retraite : {r}', en: 'retreat: {r}' },
  defenderSaid: { fr: 'défenseur HOTT : {w}', en: 'HOTT defender: {w}' },
  leftToOther: { fr: 'vous laissez le compte rendu à l’autre camp', en: 'you leave the report to the other side' },
} satisfies Record<string, Localized>;
type Msg = keyof typeof M;

const said = (k: Msg, args: Record<string, string | number | Localized> = {}): Localized => fill(M[k], args);
const side = (f: ReportFrame, st: StateId) => f.names[st]?.[0] ?? st;

// ─── reading ───────────────────────────────────────────────────────────────────────────────────

/**
 * Reads a report line. Each bad part is an issue in French and English (« Compte rendu de bataille :
 * pertes dwarves : … »), the others still read; the value only when every part is sound.
 */
export function parseReportLine(f: ReportFrame, text: string): Validation<BattleFacts | 'none'> {
  const issues: ValidationIssue[] = [];
  const bad = (k: Msg, args: Record<string, string | number | Localized> = {}, candidates: string[] = []) => {
    const m = fill(M.report, { m: said(k, args) });
    issues.push({ message: m.en, text: m, ...(candidates.length ? { candidates } : {}) });
  };
  const { tokens: all, unclosed } = tokenize(text);
  const t = all.filter((x) => x.quoted || x.text !== ',');
  const [a, b] = f.sides;
  if (!unclosed && t.length === 1 && is(t[0], 'none')) return { value: 'none', issues: [] };
  let i = is(t[0], 'report') ? 1 : 0;
  const skip = () => { while (i < t.length && !partOf(t[i])) i++; };
  const entries = f.sides.map((st) => ({ names: f.names[st] ?? [st], value: st, label: side(f, st) }));
  const readSide = (w: string): StateId | null => {
    const x = t[i];
    if (!x || partOf(x)) { bad('missingSide', { w, a: side(f, a), b: side(f, b) }); return null; }
    i++;
    const r = resolveName(x.text, entries, { fr: 'camp', en: 'side' });
    if (!r.ok) { bad('side', { w, m: r.text }, r.candidates); return null; }
    return r.value;
  };

  // the result
  let outcome: BattleOutcome | null = null;
  const o = t[i];
  if (!o) bad('noOutcome', { a: side(f, a) });
  else if (partOf(o)) bad('noOutcome', { a: side(f, a) });
  else {
    i++;
    if (is(o, 'win')) { const w = readSide(o.text); if (w) outcome = { kind: 'decisive', winner: w }; }
    else if (is(o, 'extrapolated')) { const w = readSide(o.text); if (w) outcome = { kind: 'unfinished', agreement: 'winnerExtrapolated', winner: w }; }
    else if (is(o, 'unfinished')) {
      const k = (Object.keys(UNFINISHED) as (keyof typeof UNFINISHED)[]).find((x) => is(t[i], x));
      if (k) { i++; outcome = { kind: 'unfinished', agreement: UNFINISHED[k] }; } else bad('unfinishedHow', { w: o.text });
    } else if (is(o, 'nightfall')) {
      if (is(t[i], 'leaves')) { const w = t[i]!.text; i++; const l = readSide(w); if (l) outcome = { kind: 'nightfall', leaver: l }; }
      else outcome = { kind: 'nightfall' };
    } else if (is(o, 'stop')) {
      const k = (Object.keys(STOP) as (keyof typeof STOP)[]).find((x) => is(t[i], x));
      if (k) { i++; outcome = { kind: 'agreedStop', agreement: STOP[k] }; } else bad('stopHow', { w: o.text });
    } else if (is(o, 'mutual')) outcome = { kind: 'mutualDemoralisation' };
    else bad('outcome', { w: o.text });
    if (outcome && t[i] && !partOf(t[i])) bad('unexpected', { w: t[i]!.text });
    skip();
  }

  // the parts
  const onTable: Record<StateId, number> = {};
  const elements: BattleFacts['elements'] = [];
  let loserRetreat: RetreatOption | undefined;
  let hottDefender: StateId | undefined;
  const seen = new Set<Part>();
  while (i < t.length) {
    const x = t[i]!;
    const part = partOf(x);
    i++;
    if (!part) { bad('unexpected', { w: x.text }); skip(); continue; }
    if (seen.has(part) && part !== 'general') { bad('twice', { w: x.text }); skip(); continue; }
    seen.add(part);
    switch (part) {
      case 'lost':
        while (i < t.length && !partOf(t[i])) {
          const st = readSide(x.text);
          if (!st) { skip(); break; }
          const v = t[i] && !partOf(t[i]) ? t[i]!.text : '';
          if (v) i++;
          const n = /^\d{1,3}$/.test(v) ? Number(v) : NaN;
          if (!Number.isInteger(n) || n > (f.fielded[st] ?? 0)) { bad('lostAp', { s: side(f, st), n: f.fielded[st] ?? 0, v }); continue; }
          if (Object.hasOwn(onTable, st)) { bad('twice', { w: `${x.text} ${side(f, st)}` }); continue; }
          onTable[st] = n;
        }
        break;
      case 'general': {
        const st = readSide(x.text);
        if (!st) { skip(); break; }
        const k = is(t[i], 'close') ? true : is(t[i], 'range') ? false : null;
        if (k === null) { bad('element', { s: side(f, st) }); skip(); break; }
        i++;
        if (elements.length >= MAX_ELEMENTS) { bad('elements', { n: MAX_ELEMENTS }); break; }
        elements.push({ state: st, inCloseCombat: k });
        break;
      }
      case 'retreat': {
        const y = t[i];
        const list = f.neighbours.map((n) => n.name).join(', ');
        if (!y || partOf(y)) { bad('retreatWhere', { p: f.province.name, list, w: '' }); break; }
        i++;
        if (is(y, 'fortress')) { loserRetreat = { kind: 'fortress' }; break; }
        if (is(y, 'sea')) {
          const z = t[i] && !partOf(t[i]) ? t[i]!.text : '';
          if (z) i++;
          const fl = f.fleets.find((q) => normalizeName(q.short) === normalizeName(z) || normalizeName(q.id) === normalizeName(z));
          if (!fl) { bad('retreatFleet', { f: z || '—', p: f.province.name, list: f.fleets.length ? ` (${f.fleets.map((q) => q.short).join(', ')})` : '' }); break; }
          loserRetreat = { kind: 'sea', fleet: fl.id };
          break;
        }
        const r = resolveName(y.text, f.neighbours.map((n) => ({ names: [n.id, n.name], value: n.id, label: n.id })), { fr: 'province', en: 'province', fem: true });
        if (!r.ok) { bad('retreatWhere', { p: f.province.name, list, w: y.text }, r.candidates); break; }
        loserRetreat = { kind: 'land', to: r.value };
        break;
      }
      case 'defender': { const st = readSide(x.text); if (st) hottDefender = st; else skip(); break; }
    }
  }
  if (outcome && !issues.length) for (const st of f.sides) if (!Object.hasOwn(onTable, st)) { bad('lostMissing', { a: side(f, a), b: side(f, b), s: side(f, st) }); break; }
  if (!outcome || issues.length) return { value: null, issues: issues.length ? issues : [] };
  // general elements in the sides' order, as the form writes them
  elements.sort((p, q) => f.sides.indexOf(p.state) - f.sides.indexOf(q.state));
  return { value: { outcome, onTable, elements, ...(loserRetreat ? { loserRetreat } : {}), ...(hottDefender ? { hottDefender } : {}) }, issues: [] };
}

// ─── writing ───────────────────────────────────────────────────────────────────────────────────

/** The result's word(s) on the line, and its option value in the form (the same). */
function outcomeWords(o: BattleOutcome): string {
  switch (o.kind) {
    case 'decisive': return `win ${o.winner}`;
    case 'nightfall': return o.leaver ? `nightfall leaves ${o.leaver}` : 'nightfall';
    case 'agreedStop': return `stop ${STOP_WORD[o.agreement]}`;
    case 'unfinished': return o.agreement === 'winnerExtrapolated' ? `extrapolated ${o.winner}` : `unfinished ${UNFINISHED_WORD[o.agreement]}`;
    case 'mutualDemoralisation': return 'mutual';
  }
}
const retreatWords = (f: ReportFrame, r: RetreatOption): string => (r.kind === 'fortress' ? 'fortress' : r.kind === 'land' ? r.to : `sea ${f.fleets.find((q) => q.id === r.fleet)?.short ?? r.fleet}`);

/** The line of a report (what the form writes for it). */
export function reportLine(f: ReportFrame, v: BattleFacts | 'none'): string {
  if (v === 'none') return 'none';
  const parts = [`report ${outcomeWords(v.outcome)}`, `lost ${f.sides.map((st) => `${st} ${v.onTable[st] ?? 0}`).join(' ')}`];
  for (const e of v.elements) parts.push(`general ${e.state} ${e.inCloseCombat ? 'close' : 'range'}`);
  if (v.loserRetreat) parts.push(`retreat ${retreatWords(f, v.loserRetreat)}`);
  if (v.hottDefender) parts.push(`defender ${v.hottDefender}`);
  return parts.join(' ');
}

/** Every result the form offers, with its words told back. */
function outcomes(f: ReportFrame): BattleOutcome[] {
  const [a, b] = f.sides;
  return [
    { kind: 'decisive', winner: a }, { kind: 'decisive', winner: b },
    { kind: 'unfinished', agreement: 'winnerExtrapolated', winner: a }, { kind: 'unfinished', agreement: 'winnerExtrapolated', winner: b },
    { kind: 'unfinished', agreement: 'diceOff' }, { kind: 'unfinished', agreement: 'nonDecisive' }, { kind: 'unfinished', agreement: 'none' },
    { kind: 'nightfall' }, { kind: 'nightfall', leaver: a }, { kind: 'nightfall', leaver: b },
    { kind: 'agreedStop', agreement: 'attackedToFortress' }, { kind: 'agreedStop', agreement: 'attackedAbandons' }, { kind: 'agreedStop', agreement: 'attackerWithdraws' }, { kind: 'agreedStop', agreement: 'none' },
    { kind: 'mutualDemoralisation' },
  ];
}

/** A result in words (« victoire décisive de Aëlis »). */
export function outcomeSaid(f: ReportFrame, o: BattleOutcome): Localized {
  switch (o.kind) {
    case 'decisive': return said('win', { w: ofName(side(f, o.winner)) });
    case 'nightfall': return o.leaver ? said('nightfallLeaver', { w: side(f, o.leaver) }) : M.nightfall;
    case 'agreedStop': return M[`stop.${o.agreement}`];
    case 'unfinished': return o.agreement === 'winnerExtrapolated' ? said('extrapolated', { w: side(f, o.winner ?? '') }) : M[`unfinished.${o.agreement}`];
    case 'mutualDemoralisation': return M.mutual;
  }
}
const cap = (x: string) => x.charAt(0).toUpperCase() + x.slice(1);

/** The guided form of a report: the result, each side's AP lost and general element, the retreat, the HOTT defender; or « none ». */
export function reportForm(f: ReportFrame, lang: Lang): AnswerForm {
  const [a, b] = f.sides;
  const fields: FormField[] = [
    { name: 'outcome', label: M.fOutcome[lang], kind: 'choice', verbatim: true, options: outcomes(f).map((o) => ({ value: outcomeWords(o), label: cap(outcomeSaid(f, o)[lang]) })) },
    { name: 'lost1', label: said('fLost', { w: side(f, a), n: f.fielded[a] ?? 0 })[lang], kind: 'integer', min: 0, max: f.fielded[a] ?? 0, prefix: `lost ${a}` },
    { name: 'lost2', label: said('fLost', { w: side(f, b), n: f.fielded[b] ?? 0 })[lang], kind: 'integer', min: 0, max: f.fielded[b] ?? 0, prefix: b },
    ...f.sides.map((st, n): FormField => ({ name: `general${n + 1}`, label: said('fGeneral', { w: ofName(side(f, st)) })[lang], kind: 'choice', optional: true, prefix: `general ${st}`, options: [{ value: 'close', label: M.close[lang] }, { value: 'range', label: M.range[lang] }] })),
    {
      name: 'retreat', label: M.fRetreat[lang], kind: 'choice', optional: true, verbatim: true, prefix: 'retreat',
      options: [
        { value: 'fortress', label: said('toFortress', { p: f.province.name })[lang] },
        ...f.neighbours.map((n) => ({ value: n.id, label: said('toLand', { p: n.name })[lang] })),
        ...f.fleets.map((q) => ({ value: `sea ${q.short}`, label: said('toSea', { f: q.short })[lang] })),
      ],
    },
    { name: 'defender', label: M.fDefender[lang], kind: 'choice', optional: true, prefix: 'defender', options: f.sides.map((st) => ({ value: st, label: side(f, st) })) },
  ];
  return {
    groups: [{
      title: said('group', { p: f.province.name })[lang],
      entries: [
        { code: 'report', label: M.entry[lang], syntax: 'report <result> lost <side> <AP> <side> <AP> [general <side> close|range] [retreat fortress|<province>|sea <fleet>] [defender <side>]', fields },
        { code: 'none', label: M.noneEntry[lang], syntax: 'none', fields: [] },
      ],
    }],
  };
}

/** The form's entry and values that write this report (checked by `firstRoundTrip`); null when it names two elements of one side. */
export function reportFormValues(f: ReportFrame, v: BattleFacts | 'none'): FormValues | null {
  if (v === 'none') return { code: 'none', values: {} };
  const values: Record<string, string> = { outcome: outcomeWords(v.outcome), lost1: String(v.onTable[f.sides[0]] ?? 0), lost2: String(v.onTable[f.sides[1]] ?? 0) };
  for (const [n, st] of f.sides.entries()) {
    const els = v.elements.filter((e) => e.state === st);
    if (els.length > 1) return null;
    if (els[0]) values[`general${n + 1}`] = els[0].inCloseCombat ? 'close' : 'range';
  }
  if (v.loserRetreat) values.retreat = retreatWords(f, v.loserRetreat);
  if (v.hottDefender) values.defender = v.hottDefender;
  return { code: 'report', values };
}

/** A report in words: the result, the AP lost, the elements, the retreat, the defender. */
export function describeReport(f: ReportFrame, v: BattleFacts | 'none'): Localized {
  if (v === 'none') return M.leftToOther;
  const parts: Localized[] = [outcomeSaid(f, v.outcome), said('lostSaid', { l: f.sides.map((st) => `${side(f, st)} ${v.onTable[st] ?? 0}`).join(', ') })];
  if (v.elements.length) {
    const l = (lang: Lang) => v.elements.map((e) => `${side(f, e.state)} (${(e.inCloseCombat ? M.close : M.range)[lang]})`).join(', ');
    parts.push(said('elementsSaid', { l: { fr: l('fr'), en: l('en') } }));
  }
  if (v.loserRetreat) {
    const r = v.loserRetreat;
    const where = r.kind === 'fortress' ? said('toFortress', { p: f.province.name }) : r.kind === 'land' ? said('toLand', { p: f.neighbours.find((n) => n.id === r.to)?.name ?? r.to }) : said('toSea', { f: f.fleets.find((q) => q.id === r.fleet)?.short ?? r.fleet });
    parts.push(said('retreatSaid', { r: where }));
  }
  if (v.hottDefender) parts.push(said('defenderSaid', { w: side(f, v.hottDefender) }));
  const join = (lang: Lang) => parts.map((p) => p[lang]).join(lang === 'fr' ? ' ; ' : '; ');
  return { fr: join('fr'), en: join('en') };
}
