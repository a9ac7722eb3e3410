/**
 * The prose turn report of one kingdom (G-98, S8.6), in French or English, from the events of
 * the resolved turn whose audience includes it, and from what it may know (view.ts). A Markdown
 * document (the contract of `report` in engine/ruleset.ts): headings, one line per paragraph (the
 * reader's screen wraps it), lists, GFM tables; the platform renders it as HTML or plain text.
 *
 *   title and header (King, alignment, treasury)
 *   warnings (rejected orders, steward's turn) — at the top (G-98)
 *   Chronicle, season by season: a varied opening, one paragraph per own character (in the
 *     order they acted), the kingdom's other news, then the battle narratives
 *   Visions (Clairvoyance), General Spy Report (kept apart from the narratives, §5.7),
 *   Diplomatic Report, Treasury (the statement line by line: provinces, Heroes, armies),
 *   Imperial Offices (% of leader), Discoveries, own characters, armies, known provinces with
 *   their income (§2.2, §5.8), known sites, and the next year's order sheet outline.
 */
import type { Lang, PlayerId } from '../../../engine/ruleset.ts';
import type { AKEvent } from '../events.ts';
import type { AKState } from '../state.ts';
import { kingdomOfPlayer, playerView, type AKView } from '../view.ts';
import { makeEnv } from './env.ts';
import { renderEvent } from './messages.ts';
import { ALIGNMENT_NAMES, L, OFFICE_NAMES, RELATION_NAMES, deFr, ecus, nameOf } from './names.ts';
import { quietSeason, seasonName, seasonOpening } from './seasons.ts';
import { sectionOf, type Section } from './sections.ts';
import { armiesTable, charactersTable, provincesTable, sitesTable, treasuryTable } from './tables.ts';
import type { RenderEnv } from './types.ts';
import { inventionName } from '../world/inventions.ts';

/**
 * One paragraph on one line: the report is Markdown, wrapped by the reader's screen, never by
 * the referee (runs of spaces and line breaks inside a sentence become one space).
 */
export function para(text: string): string {
  return text.replace(/[ \t\r\n]+/g, ' ').trim();
}

/** The turn the events tell of: the `turn-start` event's, else the one just played. */
export function reportTurn(s: AKState, events: AKEvent[]): number {
  const start = events.find((e) => e.t === 'turn-start' && typeof e.turn === 'number');
  return start ? (start.turn as number) : Math.max(1, s.turn - 1);
}

interface Rendered { e: AKEvent; text: string; section: Section; /** Clairvoyance: the character watched. */ seer?: number }

export function renderReport(s: AKState, events: AKEvent[], player: PlayerId, lang: Lang): string {
  const k = kingdomOfPlayer(s, player);
  if (k === null) return L(lang, 'Vous ne régnez sur aucun royaume dans cette partie.', 'You rule no kingdom in this game.');
  const kd = s.kingdoms[k]!;
  const env = makeEnv(s, k, lang);
  // The step after the end of the game (§12.3): who entered Valhalla, and nothing else.
  if (events.length && events.every((e) => e.t.startsWith('valhalla-'))) {
    const lines = events.filter((e) => Array.isArray(e.to) && e.to.includes(k)).map((e) => para(renderEvent(e, env))).filter((x) => x);
    return [`# Adventurer Kings — Valhalla — ${L(lang, `Royaume ${deFr(kd.name)}`, `Kingdom of ${kd.name}`)}`, ...lines].join('\n\n') + '\n';
  }
  const v = playerView(s, player);
  const turn = reportTurn(s, events);
  const mine: Rendered[] = [];
  const failed = new Set<string>();
  const dead = new Set<number>();
  for (const e of events) {
    if (!Array.isArray(e.to) || !e.to.includes(k)) continue;
    const text = renderEvent(e, env);
    // The same order that failed for the same reason (a dead hero's standing orders) is told once a year.
    // Nor the orders of a character whose death the report has already told.
    if (e.t === 'order-failed') { if (failed.has(text) || dead.has(e.who as number)) continue; failed.add(text); }
    if (e.t === 'character-died' && typeof e.id === 'number') dead.add(e.id);
    // An event that carries a battle number belongs to that battle's narrative, whatever its kind.
    // Seen through Clairvoyance (§4.2c): the kingdom's visions of that character, an appendix of the chronicle.
    const vision = Array.isArray(e.visions) ? (e.visions as { kingdom: number; character: number }[]).find((x) => x.kingdom === k) : undefined;
    if (text && vision) { mine.push({ e, text, section: 'vision', seer: vision.character }); continue; }
    if (text) mine.push({ e, text, section: typeof e.battle === 'number' && sectionOf(e.t) === 'chronicle' ? 'battle' : sectionOf(e.t) });
  }
  const out: string[] = [];
  const kingName = s.characters[kd.king]?.name ?? '';
  out.push(`# Adventurer Kings — ${L(lang, 'Année', 'Year')} ${turn} — ${L(lang, `Royaume ${deFr(kd.name)}`, `Kingdom of ${kd.name}`)}`);
  out.push(L(lang,
    `${kingName}, Roi n° ${k} · alignement ${nameOf(ALIGNMENT_NAMES, kd.alignment, lang)} · trésor ${ecus(kd.treasury, lang)}`,
    `${kingName}, King no. ${k} · alignment ${nameOf(ALIGNMENT_NAMES, kd.alignment, lang)} · treasury ${ecus(kd.treasury, lang)}`));
  if (kd.eliminated) out.push(L(lang, '**Votre royaume a disparu.**', '**Your kingdom has fallen.**'));
  if (s.finished) out.push(finishedLine(s, k, env));

  const warnings = mine.filter((r) => r.section === 'warning');
  if (warnings.length) out.push(`## ${L(lang, 'Avertissements', 'Warnings')}`, list(warnings.map((r) => r.text)));

  out.push(`## ${L(lang, 'Chronique', 'Chronicle')}`);
  const pre = mine.filter((r) => r.e.phase <= 0 && (r.section === 'chronicle'));
  if (pre.length) out.push(para(pre.map((r) => r.text).join(' ')));
  for (let phase = 1; phase <= 5; phase++) out.push(...seasonBlock(mine, phase, turn, k, env));
  const late = mine.filter((r) => r.e.phase >= 6 && (r.section === 'chronicle' || r.section === 'battle'));
  if (late.length) out.push(`### ${seasonName(6, lang)}`, ...paragraphs(late, k, env));

  const visions = mine.filter((r) => r.section === 'vision');
  if (visions.length) {
    out.push(`## ${L(lang, 'Visions', 'Visions')}`);
    const seers = [...new Set(visions.map((r) => r.seer ?? 0))].sort((a, b) => a - b);
    for (const c of seers) {
      const of = visions.filter((r) => (r.seer ?? 0) === c);
      if (c) out.push(`### ${L(lang, `Visions ${deFr(env.character(c))}`, `Visions of ${env.character(c)}`)}`);
      out.push(...bySeason(of, lang));
    }
  }

  out.push(`## ${L(lang, 'Rapport général d’espionnage', 'General Spy Report')}`);
  const spy = mine.filter((r) => r.section === 'spy');
  out.push(...(spy.length ? bySeason(spy, lang) : [L(lang, 'Vos espions n’ont rien rapporté cette année.', 'Your spies reported nothing this year.')]));

  out.push(`## ${L(lang, 'Rapport diplomatique', 'Diplomatic Report')}`);
  const dip = mine.filter((r) => r.section === 'diplomacy');
  if (dip.length) out.push(list(dip.map((r) => r.text)));
  out.push(diplomacy(v, k, lang));

  out.push(`## ${L(lang, 'Trésor', 'Treasury')}`);
  const tre = mine.filter((r) => r.section === 'treasury');
  // The statement, line by line (start, each province, each Hero, each army, end), then the year's other treasury news.
  out.push(treasuryTable(s, v, events, lang));
  if (tre.length) out.push(list(tre.map((r) => r.text)));

  out.push(`## ${L(lang, 'Charges impériales', 'Imperial Offices')}`);
  const off = mine.filter((r) => r.section === 'offices');
  if (off.length) out.push(list(off.map((r) => r.text)));
  out.push(L(lang, 'Votre rang dans la course à chaque charge, en % du meneur :', 'Your standing in each office race, as a % of the leader:'));
  const colon = lang === 'fr' ? ' : ' : ': ';
  out.push(list(v.me!.offices.map((o) => `${OFFICE_NAMES[o.office][lang]}${colon}${o.pct === null ? L(lang, 'personne n’a encore de mérite', 'nobody has merit yet') : `${o.pct} %`}`)));
  if (v.me!.titles) {
    // Super AK (§14.3): a character appears once he has a title's minimum and half its leader's points.
    const who = (id: number) => v.me!.characters.find((c) => c.id === id)?.name ?? String(id);
    out.push(v.me!.titles.length
      ? `${L(lang, 'Titres royaux que vos personnages peuvent revendiquer, en % du meneur :', 'Royal Titles your characters may claim, as a % of the leader:')}\n\n${list(v.me!.titles.map((t) => `${t.name[lang]}${colon}${who(t.char)} (${t.pct} %)`))}`
      : L(lang, 'Aucun de vos personnages ne peut encore revendiquer de Titre royal.', 'None of your characters may claim a Royal Title yet.'));
    const al = nameOf(ALIGNMENT_NAMES, kd.alignment, lang);
    out.push(L(lang, `Points de victoire tenus par les rois de votre alignement (${al}) : ${v.me!.alignmentVp ?? 0}.`, `Victory points held by the Kings of your alignment (${al}): ${v.me!.alignmentVp ?? 0}.`));
    const fellows = v.me!.alignmentKings ?? [];
    out.push(fellows.length
      ? L(lang, `Les autres rois de votre alignement : ${fellows.join(', ')} (vous ignorez où ils règnent et qui les joue).`, `The other Kings of your alignment: ${fellows.join(', ')} (you know neither where they reign nor who plays them).`)
      : L(lang, 'Aucun autre roi de votre alignement ne règne encore.', 'No other King of your alignment reigns any more.'));
  }

  out.push(`## ${L(lang, 'Découvertes', 'Discoveries')}`);
  const disc = mine.filter((r) => r.section === 'discovery');
  if (disc.length) out.push(list(disc.map((r) => r.text)));
  out.push(kd.inventions.length
    ? `${L(lang, 'Vos découvertes, par ordre de priorité d’échange :', 'Your discoveries, in exchange-priority order:')}\n\n${kd.inventions.map((x, i) => `${i + 1}. ${inventionName(x, lang)}`).join('\n')}`
    : L(lang, 'Vos sages n’ont encore rien découvert.', 'Your sages have discovered nothing yet.'));

  out.push(`## ${L(lang, 'Vos personnages', 'Your characters')}`, charactersTable(s, v, lang));
  out.push(`## ${L(lang, 'Vos armées', 'Your armies')}`, armiesTable(s, v, lang));
  out.push(`## ${L(lang, 'Provinces connues', 'Known provinces')}`, provincesTable(s, v, lang));
  out.push(`## ${L(lang, 'Lieux connus', 'Known sites')}`, sitesTable(s, v, lang));
  if (!s.finished && !kd.eliminated) out.push(`## ${L(lang, `Feuille d’ordres de l’année ${s.turn}`, `Order sheet for year ${s.turn}`)}`, sheetStub(v, lang));
  return `${out.join('\n\n')}\n`;
}

function list(items: string[]): string {
  return items.map((x) => `- ${para(x)}`).join('\n');
}

/** One season of the chronicle: opening, own characters' paragraphs, other news, battles. */
function seasonBlock(mine: Rendered[], phase: number, turn: number, k: number, env: RenderEnv): string[] {
  const here = mine.filter((r) => r.e.phase === phase && (r.section === 'chronicle' || r.section === 'battle'));
  const out = [`### ${seasonName(phase, env.lang)}`];
  const opening = seasonOpening(turn, phase, k, env.lang);
  if (!here.length) return [...out, para(`${opening} ${quietSeason(turn, phase, k, env.lang)}`)];
  out.push(para(opening));
  out.push(...paragraphs(here, k, env));
  return out;
}

/** Fields of an event that may name a character it concerns, in order of precedence. */
const ACTOR_FIELDS = ['who', 'a', 'c', 'att', 'character', 'target', 'victim', 'def', 'b', 'defender', 'opponent'] as const;

/** A season's (or the year's end) events as paragraphs: one per own character, the rest, then each battle. */
function paragraphs(here: Rendered[], k: number, env: RenderEnv): string[] {
  const out: string[] = [];
  const own = (id: unknown) => typeof id === 'number' && env.s.characters[id]?.kingdom === k;
  // The own character an event is about: its actor, else the one it befalls (an encounter another began).
  // Sides of an encounter are refs `{ kind: 'character', id }`; the blow-by-blow events of an
  // encounter follow its opening, so they go with the character whose encounter it is.
  const ownOf = (e: AKEvent): number | null => {
    for (const f of ACTOR_FIELDS) {
      const x = e[f] as unknown;
      if (own(x)) return x as number;
      if (x && typeof x === 'object' && (x as { kind?: unknown }).kind === 'character' && own((x as { id?: unknown }).id)) return (x as { id: number }).id;
    }
    return null;
  };
  const chronicle = here.filter((r) => r.section === 'chronicle');
  const byChar = new Map<number, string[]>();
  const other: string[] = [];
  let last: number | null = null;
  for (const r of chronicle) {
    let id = ownOf(r.e);
    if (id === null && last !== null && /^enc-/.test(r.e.t)) id = last;
    if (r.e.t === 'enc-start' || id !== null) last = id;
    if (id !== null) {
      if (!byChar.has(id)) byChar.set(id, []);
      byChar.get(id)!.push(r.text);
    } else other.push(r.text);
  }
  // One paragraph per character; his name leads it in bold unless his first sentence already opens with it.
  for (const [id, texts] of byChar) {
    const name = env.character(id);
    const body = pronouns(texts.join(' '), name, env.s.characters[id]?.sex === 'F', env.lang);
    out.push(para(body.slice(0, name.length + 30).includes(name) ? body : `**${name}.** ${body}`));
  }
  if (other.length) out.push(para(other.join(' ')));
  // Battles: one narrative per battle (its number, else its place), in the order they were fought.
  const battles = new Map<string, { at: number | null; texts: string[] }>();
  for (const r of here.filter((x) => x.section === 'battle')) {
    const at = typeof r.e.at === 'number' ? r.e.at : null;
    // Without a battle number, an event joins the last battle fought at its place this season.
    const sameplace = [...battles.entries()].reverse().find(([, b]) => b.at === at)?.[0];
    const key = typeof r.e.battle === 'number' ? `b${r.e.battle}` : sameplace ?? `p${at}`;
    if (!battles.has(key)) battles.set(key, { at, texts: [] });
    battles.get(key)!.texts.push(r.text);
  }
  for (const { at, texts } of battles.values()) {
    const where = at === null ? '' : env.province(at);
    const title = env.lang === 'fr' ? `Bataille${where ? ` à ${where}` : ''}` : `Battle${where ? ` in ${where}` : ''}`;
    // The narrative's own opening often announces the battle again ("Bataille à X !"): the heading says it once.
    const first = texts[0]!.replace(new RegExp(`^${escapeRe(title)}\\s*!\\s*`), '');
    out.push(`#### ${title}`, para([first, ...texts.slice(1)].filter(Boolean).join(' ')));
  }
  return out;
}

/**
 * A paragraph about one character reads like a story, not a list: when two sentences in a row open
 * with his name, the second opens with « Il » / « Elle » (He / She) instead. Every other one only,
 * so that the name comes back often enough to keep clear who acts.
 */
export function pronouns(text: string, name: string, fem: boolean, lang: Lang): string {
  if (!name) return text;
  const sentences = text.split(/(?<=[.!?»])\s+(?=[A-ZÀ-ÖØ-Þ«*])/u);
  const opens = (x: string) => x.startsWith(`${name} `) && /^\p{Ll}/u.test(x.slice(name.length + 1));
  const pron = lang === 'fr' ? (fem ? 'Elle' : 'Il') : fem ? 'She' : 'He';
  let prevNamed = false;
  return sentences.map((x) => {
    if (opens(x)) {
      if (prevNamed) { prevNamed = false; return `${pron} ${x.slice(name.length + 1)}`; }
      prevNamed = true;
      return x;
    }
    prevNamed = false;
    return x;
  }).join(' ');
}

/** A section's events, each with its season. */
function bySeason(rs: Rendered[], lang: Lang): string[] {
  return [list(rs.map((r) => `${seasonName(r.e.phase, lang)} — ${r.text}`))];
}

function diplomacy(v: AKView, k: number, lang: Lang): string {
  const rows = v.kings.filter((x) => x.kingdom !== k).map((x) => {
    const rel = x.relation ? RELATION_NAMES[x.relation][lang] : '—';
    const al = x.alignment ? L(lang, `, alignement ${ALIGNMENT_NAMES[x.alignment].fr}`, `, alignment ${ALIGNMENT_NAMES[x.alignment].en}`) : '';
    const gone = x.eliminated ? L(lang, ' (disparu)', ' (fallen)') : '';
    return lang === 'fr'
      ? `Roi ${x.kingdom}, ${x.king}, royaume ${deFr(x.name)}${al}${gone} : ${rel}`
      : `King ${x.kingdom}, ${x.king}, kingdom of ${x.name}${al}${gone}: ${rel}`;
  });
  if (!rows.length) return L(lang, 'Vous êtes seul au monde.', 'You are alone in the world.');
  return `${L(lang, 'Vos relations avec chaque Roi :', 'Your relations with each King:')}\n\n${list(rows)}`;
}

function finishedLine(s: AKState, k: number, env: RenderEnv): string {
  const f = s.finished!;
  const won = f.winners.includes(k);
  const emperor = f.emperor !== null ? env.character(f.emperor) : null;
  if (env.lang === 'fr') {
    return `**La partie est terminée${emperor ? ` : ${emperor} est couronné Empereur du Monde` : ''}. ${won ? 'Votre royaume compte parmi les vainqueurs.' : 'Votre royaume n’est pas parmi les vainqueurs.'}**`;
  }
  return `**The game is over${emperor ? `: ${emperor} is crowned Emperor of the World` : ''}. ${won ? 'Your kingdom is among the winners.' : 'Your kingdom is not among the winners.'}**`;
}


/**
 * The order-sheet outline for the next turn (G-98 §9): the kingdom's lines, then each character's
 * block with its five seasons and the special plan — as a list (the sheet itself is written on
 * the order page or with the command line), not a fenced block.
 */
function sheetStub(v: AKView, lang: Lang): string {
  const lines = [L(lang, '- Royaume : `TRAITES` *rois*, `RUPTURES` *rois*, `VOTE`', '- Kingdom: `TREATIES` *kings*, `BREAKS` *kings*, `VOTE`')];
  for (const c of v.me!.characters.filter((x) => x.alive)) {
    lines.push(`- \`${L(lang, 'PERSO', 'CHAR')} ${c.id}\` ${c.name}${L(lang, ' : saisons 1 à 5, puis `SPECIAL`', ': seasons 1 to 5, then `SPECIAL`')}`);
  }
  return lines.join('\n');
}

function escapeRe(x: string): string {
  return x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
