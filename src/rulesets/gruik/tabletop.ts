/**
 * The tabletop battle as its two players see and arrange it (rules §6.12.1): the battle sheet's
 * facts each side may know (step 1: province, sides, each side's fielded AP budget, its allied
 * contingents with their owners, its §6.2 campaign modifier, how the attacker is found, whether it
 * may retreat into the fortress; the HOTT list to use is the lists' own step), each side's
 * army list (step 3: free text such as a HOTT list, with its AP total ≤ the budget), and the date
 * of the game at the table [P §6.12.1: each side proposes a date, the other accepts it; free text].
 * Lists and dates are free actions of the two sides while the battle waits for its report
 * (phases `battle-report` and `report-confirmation`), stored in the flow's battle
 * (tabletop-table.ts), so a replay agrees. The report and its confirmation or dispute stay the
 * flow's decisions (`battle-report:<id>`, `report-confirmation:<id>`).
 *
 * Fog of war: only the battle's two sides get these actions, sections and notes; until the battle
 * is fought each side reads its own list alone (§6.12.1 step 3: revealed after the battle, flow.ts
 * at S6.3). An action on a battle that is not the player's is refused like one on no battle.
 */
import type { ActionInput, FreeAction, Lang, Localized, PlayerId, Validation, ViewSection } from '../../engine/ruleset.ts';
import { fill, ofName, type TemplateArg } from '../../engine/localize.ts';
import type { GruikFlowEvent, GruikGame, TabletopBattle } from './flow-types.ts';
import type { BattleFacts } from './rules/battle-result.ts';
import { DATE_MAX, emptyTable, LIST_MAX } from './tabletop-table.ts';
import { describeReport, reportFrame, reportLine } from './report-answer.ts';
import { listChecked } from './list-check.ts';
import { joinedForces } from './rules/army-size.ts';
import { hottModifier } from './rules/battle.ts';
import { fortressFriendlyFor, friendlyProvinceFor } from './rules/relations.ts';

type Kind = 'army-list' | 'propose-date' | 'accept-date';
const KINDS: readonly Kind[] = ['army-list', 'propose-date', 'accept-date'];
export interface TableAction { kind: Kind; battle: string; text: string; ap: number }

const M = {
  listLabel: { fr: 'Bataille de {p} : votre liste d’armée', en: 'Battle of {p}: your army list' },
  listHelp: { fr: 'Votre liste pour la table (par exemple une liste HOTT) et son total d’AP, au plus votre budget de {n} AP (§6.12.1). Votre adversaire ne la lit qu’après la bataille ; une nouvelle liste remplace la vôtre.', en: 'Your list for the table (e.g. a HOTT list) and its AP total, at most your budget of {n} AP (§6.12.1). Your opponent reads it only after the battle; a new list replaces yours.' },
  listField: { fr: 'Liste', en: 'List' },
  apField: { fr: 'Total d’AP', en: 'AP total' },
  proposeLabel: { fr: 'Bataille de {p} : proposer une date', en: 'Battle of {p}: propose a date' },
  proposeHelp: { fr: 'Quand jouer la bataille sur table ; votre adversaire accepte votre date ou en propose une autre.', en: 'When to play the battle on the table; your opponent accepts your date or proposes another.' },
  dateField: { fr: 'Date', en: 'Date' },
  acceptLabel: { fr: 'Bataille de {p} : accepter la date proposée par {w} ({d})', en: 'Battle of {p}: accept the date proposed by {w} ({d})' },
  noBattle: { fr: 'Aucune bataille sur table de votre état n’attend cette action.', en: 'No tabletop battle of your state awaits this action.' },
  emptyList: { fr: 'Écrivez votre liste d’armée ({max} caractères au plus).', en: 'Write your army list ({max} characters at most).' },
  badAp: { fr: 'Le total d’AP de la liste est un entier de 1 à votre budget ({n} AP).', en: 'The list’s AP total is a whole number from 1 to your budget ({n} AP).' },
  emptyDate: { fr: 'Écrivez une date ({max} caractères au plus).', en: 'Write a date ({max} characters at most).' },
  noProposal: { fr: 'Votre adversaire n’a proposé aucune date à accepter.', en: 'Your opponent has proposed no date to accept.' },
  listNote: { fr: 'Bataille de {p} : {w} a remis sa liste d’armée.', en: 'Battle of {p}: {w} handed in an army list.' },
  proposeNote: { fr: 'Bataille de {p} : {w} propose de jouer le {d}.', en: 'Battle of {p}: {w} proposes to play on {d}.' },
  agreedNote: { fr: 'Bataille de {p} : date convenue, {d} ({w} a accepté).', en: 'Battle of {p}: date agreed, {d} ({w} accepted).' },
} satisfies Record<string, Localized>;

const place = (g: GruikGame, p: string) => g.gruik.map.provinces.find((x) => x.id === p)?.name ?? p;
const name = (g: GruikGame, st: string) => g.names[st] ?? g.gruik.realms[st]?.name ?? st;
const other = (b: TabletopBattle, st: string) => b.sides.find((x) => x !== st)!;

/** The battles whose table a side may still arrange: accepted by both, not yet reported and confirmed, not disputed. */
function openBattles(g: GruikGame, player: PlayerId): TabletopBattle[] {
  const ph = g.flow.phase;
  if (ph !== 'battle-report' && ph !== 'report-confirmation') return [];
  return g.flow.battles.filter((b) => b.accepted && !b.facts && !b.disputed && b.sides.includes(player));
}

/** The free actions of a side of a tabletop battle: its list, a date to propose, the other's date to accept. */
export function tabletopActions(g: GruikGame, player: PlayerId, lang: Lang): FreeAction[] {
  const out: FreeAction[] = [];
  for (const b of openBattles(g, player)) {
    const vars = { p: place(g, b.province), n: b.fielded[player] ?? 0 };
    out.push({
      id: `army-list:${b.id}`, label: fill(M.listLabel, vars)[lang], help: fill(M.listHelp, vars)[lang],
      fields: [{ name: 'list', label: M.listField[lang], kind: 'text' }, { name: 'ap', label: M.apField[lang], kind: 'integer', min: 1, max: b.fielded[player] ?? 1 }],
    });
    out.push({ id: `propose-date:${b.id}`, label: fill(M.proposeLabel, vars)[lang], help: M.proposeHelp[lang], fields: [{ name: 'date', label: M.dateField[lang], kind: 'text' }] });
    const theirs = b.table?.proposals[other(b, player)];
    if (theirs && b.table?.date !== theirs) out.push({ id: `accept-date:${b.id}`, label: fill(M.acceptLabel, { ...vars, w: name(g, other(b, player)), d: theirs })[lang], fields: [] });
  }
  return out;
}

/**
 * Who may know of a table action (fog of war, §6.12.1): the battle's two sides, no one else (a
 * list or a date in a third player's log would tell him a battle is being arranged). An action on
 * no battle of the player's is refused before, so the actor alone then.
 */
export function tabletopAudience(g: GruikGame, player: PlayerId, value: TableAction): PlayerId[] {
  const b = g.flow.battles.find((x) => x.id === value?.battle && x.sides.includes(player));
  return b ? [...b.sides] : [player];
}

/** Checks a tabletop free action: the battle is the player's and open; the list, AP total and date are sound. */
export function validateTabletopAction(g: GruikGame, player: PlayerId, input: ActionInput): Validation<TableAction> {
  const bad = (m: Localized, vars: Record<string, string | number> = {}): Validation<TableAction> => { const t = fill(m, vars); return { value: null, issues: [{ message: t.en, text: t }] }; };
  const cut = input.id.indexOf(':');
  const kind = input.id.slice(0, cut) as Kind;
  const b = openBattles(g, player).find((x) => x.id === input.id.slice(cut + 1));
  if (cut < 0 || !KINDS.includes(kind) || !b) return bad(M.noBattle);
  const budget = b.fielded[player] ?? 0;
  switch (kind) {
    case 'army-list': {
      const text = String(input.values.list ?? '').trim();
      if (!text || text.length > LIST_MAX) return bad(M.emptyList, { max: LIST_MAX });
      const raw = String(input.values.ap ?? '').trim();
      const ap = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isInteger(ap) || ap < 1 || ap > budget) return bad(M.badAp, { n: budget });
      return { value: { kind, battle: b.id, text, ap }, issues: [] };
    }
    case 'propose-date': {
      const text = String(input.values.date ?? '').trim();
      if (!text || text.length > DATE_MAX) return bad(M.emptyDate, { max: DATE_MAX });
      return { value: { kind, battle: b.id, text, ap: 0 }, issues: [] };
    }
    case 'accept-date': {
      const theirs = b.table?.proposals[other(b, player)];
      if (!theirs) return bad(M.noProposal);
      return { value: { kind, battle: b.id, text: theirs, ap: 0 }, issues: [] };
    }
  }
}

/** Applies a valid tabletop action (pure): stores it in the battle's table and tells both sides, and them alone. */
export function actTabletop(g0: GruikGame, player: PlayerId, v: TableAction): { state: GruikGame; events: GruikFlowEvent[] } {
  const g = structuredClone(g0);
  const b = g.flow.battles.find((x) => x.id === v.battle)!;
  const t = (b.table ??= emptyTable());
  const vars = { p: place(g, b.province), w: name(g, player), d: v.text };
  let text: Localized;
  if (v.kind === 'army-list') {
    const checked = listChecked(g); // J6: with a GM and `listCheck`, the list waits for his check (list-check.ts)
    t.lists[player] = { text: v.text, ap: v.ap, ...(checked ? { pending: true as const } : {}) };
    if (checked) (t.checks ??= {})[player] = (t.checks[player] ?? 0) + 1;
    text = fill(M.listNote, vars);
  }
  else if (v.kind === 'propose-date') { t.proposals[player] = v.text; text = fill(M.proposeNote, vars); }
  else { t.date = v.text; text = fill(M.agreedNote, vars); }
  return { state: g, events: [{ t: 'note', audience: [...b.sides], text }] };
}

const S = {
  title: { fr: 'Bataille sur table : {p}', en: 'Tabletop battle: {p}' },
  sides: { fr: 'Camps', en: 'Sides' },
  vs: { fr: '{a} contre {b}', en: '{a} vs {b}' },
  budget: { fr: 'Budget {w} (AP engagés, §4.7)', en: '{w}’s budget (AP fielded, §4.7)' },
  contingents: { fr: 'Contingents alliés {w}', en: '{w}’s allied contingents' },
  contingent: { fr: '{d} {o} ({ap} AP)', en: '{d} of {o} ({ap} AP)' },
  noContingent: { fr: 'aucun', en: 'none' },
  modifier: { fr: 'Modificateur de campagne {w} (§6.2, D4)', en: '{w}’s campaign modifier (§6.2, D4)' },
  'mod.moved': { fr: 'a marché cette saison', en: 'moved this season' },
  'mod.notControlled': { fr: 'province qu’il ne contrôle pas', en: 'a province it does not control' },
  'mod.enemy': { fr: 'province ennemie', en: 'an enemy province' },
  roll: { fr: 'Attaquant et défenseur (§6.2)', en: 'Attacker and defender (§6.2)' },
  rollHow: { fr: 'tirés sur la table : d6 + modificateur chacun, égalités rejouées ; le compte rendu nomme le défenseur HOTT quand la carte ne fixe pas les rôles (A-18)', en: 'rolled at the table: d6 + modifier each, ties rerolled; the report names the HOTT defender when the map does not settle the roles (A-18)' },
  fortress: { fr: 'Retraite {w} dans la forteresse (§5.9)', en: '{w} may retreat into the fortress (§5.9)' },
  fortressYes: { fr: 'possible (échoue 1 fois sur 3)', en: 'yes (fails 1 time in 3)' },
  fortressNo: { fr: 'impossible', en: 'no' },
  stage: { fr: 'Où en est-elle', en: 'Where it stands' },
  'st.accept': { fr: 'chaque camp accepte la table ou la laisse à l’ABR', en: 'each side accepts the table or leaves it to ABR' },
  'st.refused': { fr: 'résolue par ABR', en: 'resolved by ABR' },
  'st.report': { fr: 'jouez-la ; le vainqueur en rend compte', en: 'play it; the winner reports it' },
  'st.confirm': { fr: '{w} en a rendu compte ; l’autre camp confirme ou conteste', en: '{w} reported it; the other side confirms or disputes' },
  'st.disputed': { fr: 'contestée : le MJ tranche', en: 'disputed: the GM rules' },
  'st.settled': { fr: 'compte rendu confirmé', en: 'report confirmed' },
  mine: { fr: 'Votre liste', en: 'Your list' },
  theirs: { fr: 'Liste de {w}', en: '{w}’s list' },
  none: { fr: 'pas encore remise', en: 'not handed in yet' },
  checking: { fr: 'le MJ la vérifie (J6)', en: 'the GM is checking it (J6)' },
  given: { fr: 'remise ; révélée après la bataille (§6.12.1)', en: 'handed in; revealed after the battle (§6.12.1)' },
  proposed: { fr: 'Date proposée par {w}', en: 'Date proposed by {w}' },
  agreed: { fr: 'Date convenue', en: 'Date agreed' },
} satisfies Record<string, Localized>;

/**
 * The rest of the battle sheet (§6.12.1 step 1), as both sides may know it before the table: each
 * side's allied contingents with their owners (they stand with the army), its campaign modifier of
 * §6.2 (from public facts: its move, the province's control), how the attacker is found, and
 * whether it may retreat into the fortress (control and declared friendships, A-27).
 */
function sheetRows(g: GruikGame, b: TabletopBattle, lang: Lang): [string, string][] {
  const s = g.gruik;
  const L = (m: Localized, vars: Record<string, TemplateArg> = {}) => fill(m, vars)[lang];
  const rows: [string, string][] = [];
  for (const [i, st] of b.sides.entries()) {
    const army = s.armies[b.armies[i]!];
    const allied = army ? joinedForces(s, army.id).filter((x) => x.allied) : [];
    rows.push([L(S.contingents, { w: ofName(name(g, st)) }), allied.length ? allied.map((x) => L(S.contingent, { d: x.id, o: ofName(name(g, (s.detachments[x.id] ?? s.armies[x.id])!.state)), ap: x.ap })).join(', ') : L(S.noContingent)]);
    if (army) {
      const f = { moved: army.moved, ownControl: s.provinces[b.province]?.controller === st, enemyProvince: !friendlyProvinceFor(s, b.province, st) };
      const why = [...(f.moved ? [L(S['mod.moved'])] : []), ...(f.ownControl ? [] : [L(S['mod.notControlled'])]), ...(f.enemyProvince ? [L(S['mod.enemy'])] : [])];
      rows.push([L(S.modifier, { w: ofName(name(g, st)) }), `+${hottModifier(s.config, f)}${why.length ? ` (${why.join(', ')})` : ''}`]);
    }
  }
  rows.push([L(S.roll), L(S.rollHow)]);
  for (const st of b.sides) rows.push([L(S.fortress, { w: ofName(name(g, st)) }), L(fortressFriendlyFor(s, b.province, st) ? S.fortressYes : S.fortressNo)]);
  return rows;
}

/** The board's sections of the tabletop battles of `player` (none for anyone else): the sheet's facts, the lists, the dates. */
export function tabletopSections(g: GruikGame, player: PlayerId | null, lang: Lang): ViewSection[] {
  if (player === null) return [];
  const L = (m: Localized, vars: Record<string, TemplateArg> = {}) => fill(m, vars)[lang];
  return g.flow.battles.filter((b) => b.sides.includes(player)).map((b) => {
    const them = other(b, player), t = b.table;
    const stage = g.flow.phase === 'tabletop-accept' ? L(S['st.accept']) : !b.accepted ? L(S['st.refused']) : b.disputed ? L(S['st.disputed'])
      : b.facts ? L(S['st.settled']) : b.reporter ? L(S['st.confirm'], { w: name(g, b.reporter) }) : L(S['st.report']);
    const rows: [string, string][] = [
      [L(S.sides), L(S.vs, { a: name(g, b.sides[0]), b: name(g, b.sides[1]) })],
      ...b.sides.map((st): [string, string] => [L(S.budget, { w: ofName(name(g, st)) }), `${b.fielded[st] ?? 0} AP`]),
      ...sheetRows(g, b, lang),
      [L(S.stage), stage],
    ];
    if (b.accepted) {
      const mine = t?.lists[player];
      rows.push([L(S.mine), mine ? `${mine.ap} AP — ${mine.text}${mine.pending ? ` (${L(S.checking)})` : ''}` : L(S.none)]);
      rows.push([L(S.theirs, { w: name(g, them) }), t?.lists[them] ? L(S.given) : L(S.none)]);
      for (const st of b.sides) if (t?.proposals[st]) rows.push([L(S.proposed, { w: name(g, st) }), t.proposals[st]!]);
      if (t?.date) rows.push([L(S.agreed), t.date]);
    }
    return { title: L(S.title, { p: place(g, b.province) }), kind: 'kv' as const, rows };
  });
}

const R = {
  example: { fr: 'Le formulaire l’écrit en une ligne (par l’API aussi), par exemple : {l}', en: 'The form writes it as one line (through the API too), for example: {l}' },
} satisfies Record<string, Localized>;

/** A reported battle in words (the confirmation prompt shows it rather than its line): report-answer.ts's words, the reporter's names. */
export function reportSummary(g: GruikGame, b: TabletopBattle, facts: BattleFacts): Localized {
  return describeReport(reportFrame(g.gruik, g.names, b, b.reporter ?? b.sides[0]), facts);
}

/** An example of the battle report's line with this battle's sides (the report prompt's help). */
export function reportExample(g: GruikGame, b: TabletopBattle): Localized {
  const [a, c] = b.sides;
  const l = reportLine(reportFrame(g.gruik, g.names, b, a), { outcome: { kind: 'decisive', winner: a }, onTable: { [a]: Math.min(2, b.fielded[a] ?? 0), [c]: Math.min(8, b.fielded[c] ?? 0) }, elements: [] });
  return fill(R.example, { l });
}

/** The flow's phases of the tabletop workflow (§6.12.1): the offer, the report, its confirmation. */
const TABLE_PHASES: readonly (string | null)[] = ['tabletop-accept', 'battle-report', 'report-confirmation'];

/** A pause that concerns the tabletop battles alone: a table phase, or the GM's wait on their disputes only. */
const battlesOnly = (g: GruikGame) => TABLE_PHASES.includes(g.flow.phase) || (g.flow.phase === 'gm' && g.flow.items.length > 0 && g.flow.items.every((i) => i.source === 'dispute'));

/**
 * `Ruleset.stepAudience` (fog of war, §6.12.1): a resolution step that only moves a tabletop
 * battle's workflow on (from a table phase to a table phase or the GM's wait on its dispute, with no
 * step of SEQ run, the season unchanged) is known to the sides of the battles in play alone, as
 * their lists and dates are (`tabletopAudience`); a step that runs anything else of the season
 * (S6.3 onward) is everyone's. [P] Several battles at once: the sides of all of them (each sees
 * only its own battle's lines in its report).
 */
export function battleStepAudience(before: GruikGame, after: GruikGame): PlayerId[] | null {
  if (!battlesOnly(before) || !battlesOnly(after)) return null;
  if (after.gruik.season !== before.gruik.season || after.flow.next !== before.flow.next) return null;
  const sides = new Set([...before.flow.battles, ...after.flow.battles].flatMap((b) => b.sides));
  return sides.size ? [...sides].sort() : null;
}
