/**
 * Battle communiqués, rules §6.11 [T §6.9] and J21 (§11.4, §11.5): « dans les jours qui suivent, les
 * joueurs ayant participé à la bataille sont tenus d'envoyer chacun un communiqué, de la forme et
 * longueur qu'ils désirent. Ces communiqués sont diffusés à l'ensemble des joueurs. »
 *
 * - A battle is open for communiqués from the step that fought it (S6, `captureBattles`) to the end of
 *   the following season [P §6.11: "in the following days"; a season is the rules' tempo]; its
 *   participants are the two main sides and the owners of the allied contingents joined to their
 *   armies in the province when it was fought [P: « les joueurs ayant participé »].
 * - Each participant publishes at most one communiqué a battle (« chacun un communiqué »), a free
 *   action `communique:<battle id>` with its text, at most `campaign.communiqueMaxChars` characters
 *   [P: the French sets no length; a bound for the reports and the mail].
 * - Published at once to every player and the public (audience [] : « diffusés à l'ensemble des
 *   joueurs »; the battle itself is public, App. B 2), verbatim, and again in the next season report
 *   (App. B 2, S9).
 * - J21 [P §11.4 "optional moderation", §11.5]: with `campaign.communiqueModeration` and a GM
 *   (GM_PRESENT), a communiqué waits in the GM's queue instead, known to its author alone: the GM
 *   publishes it, withholds it, or publishes his edit of it (a free-form ruling: `publish`,
 *   `withhold`, or the edited text). The item is `optional` (judgments.ts): it never holds a step;
 *   whatever step is open when it is raised, its ruling, or its default (publish), applies when that
 *   step resolves, by the platform's turn job at the latest at the step's deadline. Without a GM the
 *   default applies at once.
 *
 * Pure: the book lives in the game's state; rulings are inputs of the step they resolve with.
 */
import type { ActionInput, Decision, FreeAction, JudgmentItem, Lang, Localized, PlayerId, Ruling, RulingSource, Validation, ViewSection } from '../../engine/ruleset.ts';
import { GM_SEAT, rulingNote } from '../../engine/ruleset.ts';
import type { Rng } from '../../engine/rng.ts';
import { fill } from '../../engine/localize.ts';
import type { GmRow } from './gm.ts';
import { joinedForces } from './rules/army-size.ts';
import type { GruikState, ProvinceId, StateId } from './state.ts';

/** A line of a report (flow.ts `GruikFlowEvent`'s `note`); audience [] is public. */
type Note = { t: 'note'; audience: StateId[]; text: Localized };
/**
 * What of the game (flow.ts `GruikGame`) the communiqués read and write, named here so that flow.ts,
 * which calls this module at S6, S9 and each resolution, is not imported back (no circle).
 */
export interface CommGame {
  gruik: GruikState;
  seats: StateId[];
  names: Record<StateId, string>;
  comms?: CommuniqueBook;
  flow: { phase: string | null; rulings: { id: string; row: GmRow; states: StateId[]; value: string; by: RulingSource; what: Localized }[] };
}
type GruikGame = CommGame;

/** A battle fought, open for communiqués. */
export interface CommBattle {
  id: string;
  season: number;
  province: ProvinceId;
  sides: [StateId, StateId];
  winner: StateId | null;
  /** Who may publish: the sides and the owners of allied contingents (sorted). */
  participants: StateId[];
  /** The step that captured it (a GM re-run of that step captures again). */
  step: string;
}

export interface Communique {
  /** `c<n>`, in the order they were posted. */
  id: string;
  battle: string;
  author: StateId;
  /** The text as published (the GM's edit, when he edited it). */
  text: string;
  /** The season it was posted in. */
  posted: number;
  status: 'pending' | 'published' | 'withheld';
  /** How it was published or withheld: `author` (no moderation), or the J21 ruling's source. */
  by?: 'author' | RulingSource;
  /** The GM published his own edit of it. */
  edited?: true;
  /** Shown in a season report already. */
  reported?: true;
}

export interface CommuniqueBook {
  battles: CommBattle[];
  items: Communique[];
  /** The communiqués posted so far (the next one's id is `c<n + 1>`). */
  n?: number;
}

const NAME = 'communique';
/** The J21 item's ruling: these two words, or the edited text. */
export const PUBLISH = 'publish';
export const WITHHOLD = 'withhold';

const M = {
  label: { fr: 'Communiqué sur la bataille de {p} ({s})', en: 'Communiqué on the battle of {p} ({s})' },
  help: { fr: 'Publié tel quel à tous les joueurs et dans le prochain rapport de saison (§6.11), au plus {n} caractères ; un seul par bataille.', en: 'Published verbatim to every player and in the next season report (§6.11), at most {n} characters; one per battle.' },
  helpModerated: { fr: 'Le MJ le relit avant publication (J21) : il peut le publier, le retenir ou le modifier ; sans décision, il est publié. Au plus {n} caractères ; un seul par bataille.', en: 'The GM reads it before it is published (J21): he may publish, withhold or edit it; without his ruling it is published. At most {n} characters; one per battle.' },
  field: { fr: 'Texte du communiqué', en: 'Text of the communiqué' },
  noBattle: { fr: 'pas de communiqué possible : cette bataille n’existe pas, est trop ancienne (une saison après la bataille au plus) ou vous n’y avez pas pris part', en: 'no communiqué possible: this battle does not exist, is too old (one season after the battle at most) or you did not take part in it' },
  twice: { fr: 'vous avez déjà envoyé votre communiqué sur cette bataille (un par participant, §6.11)', en: 'you have already sent your communiqué on this battle (one per participant, §6.11)' },
  empty: { fr: 'le communiqué est vide', en: 'the communiqué is empty' },
  long: { fr: 'le communiqué est trop long : {n} caractères, au plus {max}', en: 'the communiqué is too long: {n} characters, at most {max}' },
  published: { fr: 'Communiqué de {a} sur la bataille de {p} ({s}){e} :', en: 'Communiqué of {a} on the battle of {p} ({s}){e}:' },
  editedNote: { fr: ' — texte modifié par le MJ ({n})', en: ' — text edited by the GM ({n})' },
  pending: { fr: 'Votre communiqué sur la bataille de {p} est transmis au MJ, qui le relit avant publication (J21) ; sans décision de sa part, il sera publié.', en: 'Your communiqué on the battle of {p} has gone to the GM, who reads it before it is published (J21); without his ruling it will be published.' },
  withheld: { fr: 'Votre communiqué sur la bataille de {p} n’est pas publié : le MJ l’a retenu (J21, {n}).', en: 'Your communiqué on the battle of {p} is not published: the GM withheld it (J21, {n}).' },
  section: { fr: 'Communiqués de bataille', en: 'Battle communiqués' },
  yours: { fr: 'Vos communiqués en attente du MJ', en: 'Your communiqués awaiting the GM' },
  decides: { fr: 'communiqué de bataille : le publier, le retenir ou le modifier', en: 'battle communiqué: publish it, withhold it or edit it' },
  brief: { fr: 'Communiqué de {a} sur la bataille de {p} ({s}, {w}). Texte : « {t} »', en: 'Communiqué of {a} on the battle of {p} ({s}, {w}). Text: "{t}"' },
  freeLabel: { fr: '« publish » (publier tel quel), « withhold » (retenir), ou le texte modifié à publier', en: '"publish" (as written), "withhold", or the edited text to publish' },
  playersSee: { fr: 'Le MJ relit un communiqué avant publication.', en: 'The GM is reading a communiqué before it is published.' },
  what: { fr: 'communiqué de bataille', en: 'battle communiqué' },
  vs: { fr: '{a} contre {b}', en: '{a} vs {b}' },
  won: { fr: 'victoire de {w}', en: 'won by {w}' },
  undecided: { fr: 'sans vainqueur', en: 'no winner' },
} satisfies Record<string, Localized>;

const book = (g: GruikGame): CommuniqueBook => (g.comms ??= { battles: [], items: [] });
const pname = (s: GruikState, p: string) => s.map.provinces.find((x) => x.id === p)?.name ?? p;
const rname = (g: GruikGame, st: StateId) => g.names[st] ?? g.gruik.realms[st]?.name ?? st;
const sidesText = (g: GruikGame, b: CommBattle): Localized => fill(M.vs, { a: rname(g, b.sides[0]), b: rname(g, b.sides[1]) });

/** Whether communiqués wait for the GM in this game (J21 on, GM_PRESENT). */
export const moderated = (g: GruikGame): boolean => g.gruik.config.campaign.communiqueModeration && g.gruik.config.gm.present;

/**
 * After a step of S6 (`before` → `g.gruik`): the battles it fought, open for communiqués. Their ids
 * are `<season>:<province>:<side a>:<side b>`, with `:<n>` for a second battle of the same sides there.
 */
export function captureBattles(g: GruikGame, before: GruikState, step: string): void {
  const fresh = (g.gruik.fieldEvents ?? []).slice((before.fieldEvents ?? []).length);
  const battles = fresh.filter((e) => e.t === 'battle');
  if (!battles.length) return;
  const b = book(g);
  const season = g.gruik.season;
  for (const e of battles) {
    if (e.t !== 'battle') continue;
    const base = `${season}:${e.province}:${e.a}:${e.b}`;
    let id = base;
    for (let n = 2; b.battles.some((x) => x.id === id) && n < 100; n++) id = `${base}:${n}`;
    const who = new Set<StateId>([e.a, e.b]);
    // the allied contingents joined to the sides' armies in the province before the battle (their owners took part)
    for (const a of Object.values(before.armies)) {
      if ((a.state !== e.a && a.state !== e.b) || a.location !== e.province) continue;
      for (const f of joinedForces(before, a.id)) {
        const owner = before.detachments[f.id]?.state ?? before.armies[f.id]?.state;
        if (f.allied && owner) who.add(owner);
      }
    }
    b.battles.push({ id, season, province: e.province, sides: [e.a, e.b], winner: e.winner, participants: [...who].sort(), step });
  }
}

/** A GM re-run of `step` (flow.ts `rerunStep`): the battles that step captured are captured again. */
export function recaptureBattles(g: GruikGame, before: GruikState, step: string): void {
  if (!g.comms) return;
  const season = g.gruik.season;
  const posted = new Set(g.comms.items.map((c) => c.battle));
  g.comms.battles = g.comms.battles.filter((b) => b.season !== season || b.step !== step || posted.has(b.id));
  captureBattles(g, before, step);
}

/** At the season's turn: battles older than the season just ended close; settled communiqués reported and older than that are dropped. */
export function closeOldBattles(g: GruikGame): void {
  if (!g.comms) return;
  const keepFrom = g.gruik.season - 1; // the new season's index: battles of the season before stay open
  g.comms.battles = g.comms.battles.filter((b) => b.season >= keepFrom);
  const open = new Set(g.comms.battles.map((b) => b.id));
  g.comms.items = g.comms.items.filter((c) => c.status === 'pending' || !c.reported || open.has(c.battle) || c.posted >= keepFrom);
}

/** The battles `player` may publish a communiqué on now. */
export function communiqueBattles(g: GruikGame, player: PlayerId): CommBattle[] {
  if (g.flow.phase === 'over' || !g.comms || !g.seats.includes(player)) return [];
  return g.comms.battles.filter((b) => b.participants.includes(player) && !g.comms!.items.some((c) => c.battle === b.id && c.author === player));
}

export function communiqueActions(g: GruikGame, player: PlayerId, lang: Lang): FreeAction[] {
  const max = g.gruik.config.campaign.communiqueMaxChars;
  return communiqueBattles(g, player).map((b) => ({
    id: `${NAME}:${b.id}`,
    label: fill(M.label, { p: pname(g.gruik, b.province), s: sidesText(g, b) })[lang],
    help: fill(moderated(g) ? M.helpModerated : M.help, { n: max })[lang],
    fields: [{ name: 'text', label: M.field[lang], kind: 'text', lines: 6 }],
  }));
}

export interface CommuniqueAction { kind: 'communique'; battle: string; text: string }

export const isCommuniqueInput = (input: ActionInput): boolean => input.id.startsWith(`${NAME}:`);
export const isCommuniqueValue = (v: unknown): v is CommuniqueAction => typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === NAME;

/** Checks a communiqué: a battle the player took part in, still open, not yet told by him; a text within the length. */
export function validateCommunique(g: GruikGame, player: PlayerId, input: ActionInput): Validation<CommuniqueAction> {
  const bad = (m: Localized, vars: Record<string, string | number> = {}): Validation<CommuniqueAction> => { const t = fill(m, vars); return { value: null, issues: [{ message: t.en, text: t }] }; };
  const id = input.id.slice(NAME.length + 1);
  const b = g.comms?.battles.find((x) => x.id === id);
  if (!b || g.flow.phase === 'over' || !g.seats.includes(player) || !b.participants.includes(player)) return bad(M.noBattle);
  if (g.comms!.items.some((c) => c.battle === b.id && c.author === player)) return bad(M.twice);
  const text = String(input.values.text ?? '').replace(/\r\n?/g, '\n').trim();
  if (!text) return bad(M.empty);
  const max = g.gruik.config.campaign.communiqueMaxChars;
  if ([...text].length > max) return bad(M.long, { n: [...text].length, max });
  return { value: { kind: NAME, battle: b.id, text }, issues: [] };
}

/** The published text as a Markdown quote (verbatim: each line quoted, so the author's text cannot break the report's layout). */
const quoted = (text: string): string => text.split('\n').map((l) => `> ${l}`).join('\n');

function publishedNote(g: GruikGame, c: Communique, b: CommBattle | undefined): Localized {
  const head = fill(M.published, { a: rname(g, c.author), p: b ? pname(g.gruik, b.province) : c.battle, s: b ? sidesText(g, b) : '', e: c.edited ? fill(M.editedNote, { n: { fr: rulingNote('gm', 'fr'), en: rulingNote('gm', 'en') } }) : '' });
  return { fr: `${head.fr}\n\n${quoted(c.text)}`, en: `${head.en}\n\n${quoted(c.text)}` };
}

/** Posts a communiqué (validated): published at once to all, or to the GM's queue (J21) told to its author alone. */
export function actCommunique<G extends CommGame>(g0: G, player: PlayerId, v: CommuniqueAction): { state: G; events: Note[] } {
  const g = structuredClone(g0);
  const bk = book(g);
  const b = bk.battles.find((x) => x.id === v.battle);
  bk.n = (bk.n ?? 0) + 1;
  const c: Communique = { id: `c${bk.n}`, battle: v.battle, author: player, text: v.text, posted: g.gruik.season, status: 'pending' };
  bk.items.push(c);
  if (moderated(g)) return { state: g, events: [{ t: 'note', audience: [player], text: fill(M.pending, { p: b ? pname(g.gruik, b.province) : v.battle }) }] };
  c.status = 'published';
  c.by = 'author';
  return { state: g, events: [{ t: 'note', audience: [], text: publishedNote(g, c, b) }] };
}

/** Who may know a communiqué was posted (fog): everyone when it is published at once; its author alone while the GM reads it. */
export function communiqueAudience(g: GruikGame, player: PlayerId): PlayerId[] | null {
  return moderated(g) ? [player] : null;
}

const itemId = (g: GruikGame, c: Communique) => `s${c.posted}/J21/${c.id}`;

/** The J21 items open now: one per communiqué waiting for the GM, in any phase; `optional`, so they hold no step. */
export function communiqueJudgments(g: GruikGame): Decision[] {
  if (!g.comms || g.flow.phase === 'over' || !moderated(g)) return [];
  const max = g.gruik.config.campaign.communiqueMaxChars;
  return g.comms.items.filter((c) => c.status === 'pending').map((c) => {
    const b = g.comms!.battles.find((x) => x.id === c.battle);
    const item: JudgmentItem = {
      id: itemId(g, c), row: 'J21', kind: 'optional', decides: M.decides,
      brief: fill(M.brief, { a: rname(g, c.author), p: b ? pname(g.gruik, b.province) : c.battle, s: b ? sidesText(g, b) : '', w: b?.winner ? fill(M.won, { w: rname(g, b.winner) }) : M.undecided, t: c.text }),
      byDefault: PUBLISH, free: { label: M.freeLabel, maxLength: max }, concerns: [c.author], playersSee: M.playersSee,
    };
    // [P] the deadline of a reaction window, the shortest wait of a season at every pace (decisions.ts): the
    // item never makes a step longer; being optional, it holds none, and its default applies when the step resolves.
    return {
      id: `gm:${item.id}`, kind: 'judgment', players: [GM_SEAT], deadline: { kind: 'class', name: 'REACTION' },
      defaults: { [GM_SEAT]: { value: PUBLISH, by: 'default' } satisfies Ruling }, prompt: M.decides, judgment: item,
    };
  });
}

/**
 * The J21 rulings of a resolving step (`ruling(decision)`: the GM's, or absent: the default) for
 * every communiqué waiting; with no GM (or moderation turned off meanwhile), `no-gm`'s default.
 * Published ones go to everyone; a withheld one is told to its author alone.
 */
export function applyCommuniqueRulings(g: GruikGame, ruling: (decision: string) => Ruling | undefined, events: { push(e: Note): unknown }): void {
  if (!g.comms) return;
  for (const c of g.comms.items.filter((x) => x.status === 'pending')) {
    const r: Ruling = moderated(g) ? ruling(`gm:${itemId(g, c)}`) ?? { value: PUBLISH, by: 'default' } : { value: PUBLISH, by: 'no-gm' };
    const b = g.comms.battles.find((x) => x.id === c.battle);
    const value = r.value.trim();
    c.by = r.by;
    g.flow.rulings.push({ id: itemId(g, c), row: 'J21', states: [c.author], value: value === PUBLISH || value === WITHHOLD ? value : 'edit', by: r.by, what: M.what });
    if (value === WITHHOLD) {
      c.status = 'withheld';
      events.push({ t: 'note', audience: [c.author], text: fill(M.withheld, { p: b ? pname(g.gruik, b.province) : c.battle, n: { fr: rulingNote(r.by, 'fr'), en: rulingNote(r.by, 'en') } }) });
      continue;
    }
    if (value !== PUBLISH && value) { c.text = value.slice(0, g.gruik.config.campaign.communiqueMaxChars); c.edited = true; }
    c.status = 'published';
    events.push({ t: 'note', audience: [], text: publishedNote(g, c, b) });
  }
}

/** Whether a step published a communiqué (its step is then everyone's, whatever battle it was about). */
export const publishedCount = (g: GruikGame): number => g.comms?.items.filter((c) => c.status === 'published').length ?? 0;

/** S9 (App. B 2): the communiqués published since the last report, as a section of every report (public); marks them reported. */
export function reportSection(g: GruikGame, lang: Lang): string {
  const fresh = (g.comms?.items ?? []).filter((c) => c.status === 'published' && !c.reported);
  if (!fresh.length) return '';
  const parts = ['', `## ${M.section[lang]}`];
  for (const c of fresh) parts.push('', publishedNote(g, c, g.comms!.battles.find((x) => x.id === c.battle))[lang]);
  return parts.join('\n') + '\n';
}

export function markReported(g: GruikGame): void {
  for (const c of g.comms?.items ?? []) if (c.status === 'published') c.reported = true;
}

/** The page's section: the communiqués of the open battles (published), and the seat's own awaiting the GM. */
export function communiqueSections(g: GruikGame, seat: StateId | null, lang: Lang): ViewSection[] {
  const items = g.comms?.items ?? [];
  const out: ViewSection[] = [];
  const pub = items.filter((c) => c.status === 'published');
  const place = (c: Communique) => { const b = g.comms!.battles.find((x) => x.id === c.battle); return b ? `${pname(g.gruik, b.province)} (${sidesText(g, b)[lang]})` : c.battle; };
  if (pub.length) out.push({ title: M.section[lang], kind: 'table', columns: lang === 'fr' ? ['Bataille', 'Auteur', 'Communiqué'] : ['Battle', 'Author', 'Communiqué'], rows: pub.map((c) => [place(c), rname(g, c.author), c.text]) });
  const mine = seat ? items.filter((c) => c.status === 'pending' && c.author === seat) : [];
  if (mine.length) out.push({ title: M.yours[lang], kind: 'table', columns: lang === 'fr' ? ['Bataille', 'Communiqué'] : ['Battle', 'Communiqué'], rows: mine.map((c) => [place(c), c.text]) });
  return out;
}

const BOT_LINES: Record<'won' | 'lost' | 'other', Localized[]> = {
  won: [
    { fr: 'Nos armes ont triomphé à {p}. Que nos voisins s’en souviennent.', en: 'Our arms triumphed at {p}. Let our neighbours remember it.' },
    { fr: 'Victoire à {p} ! L’ennemi a fui devant nos bannières.', en: 'Victory at {p}! The enemy fled before our banners.' },
  ],
  lost: [
    { fr: 'À {p}, nos troupes ont cédé le terrain en bon ordre. Rien n’est joué.', en: 'At {p} our troops gave ground in good order. Nothing is decided.' },
    { fr: 'Le sort nous fut contraire à {p}. Nous reviendrons.', en: 'Fortune went against us at {p}. We shall return.' },
  ],
  other: [{ fr: 'La bataille de {p} n’a rien tranché. Nos forces restent prêtes.', en: 'The battle of {p} settled nothing. Our forces stand ready.' }],
};
/** How often a bot publishes a communiqué on a battle it fought [ours]. */
const BOT_CHANCE = 0.4;

/**
 * The communiqués a bot seat publishes now (registry `botActions`, the soak): on the battles of the
 * last season, at the orders of the season after them (so it is asked once a battle), sometimes,
 * from its rng; a text in both languages.
 */
export function botCommuniques(g: GruikGame, player: PlayerId, rng: Rng): ActionInput[] {
  const out: ActionInput[] = [];
  if (g.flow.phase !== 'orders') return out;
  for (const b of communiqueBattles(g, player)) {
    if (b.season !== g.gruik.season - 1 || !rng.chance(BOT_CHANCE)) continue;
    const mood = b.winner === null ? 'other' : b.winner === player ? 'won' : b.sides.includes(player) ? 'lost' : 'won';
    const line = fill(rng.pick(BOT_LINES[mood]), { p: pname(g.gruik, b.province) });
    out.push({ id: `${NAME}:${b.id}`, values: { text: `${line.fr}\n${line.en}`.slice(0, g.gruik.config.campaign.communiqueMaxChars) } });
  }
  return out;
}

/** Soak counts: posted, published (verbatim or by ruling), moderated (a J21 ruling), withheld, edited. */
export function communiqueCounts(g: GruikGame): Record<string, number> {
  const items = g.comms?.items ?? [];
  const n = (f: (c: Communique) => boolean) => items.filter(f).length;
  return {
    posted: items.length,
    published: n((c) => c.status === 'published'),
    moderated: n((c) => c.by === 'gm' || c.by === 'default'),
    'moderated-by-gm': n((c) => c.by === 'gm'),
    withheld: n((c) => c.status === 'withheld'),
    edited: n((c) => !!c.edited),
  };
}
