/**
 * The season report, rules Appendix B [T §3.1.7, §6.9, §15, §17; P layout] and §3.3 S9: one state's
 * report of the season as a Markdown document, in French or English. A composer (style §1): it
 * gathers the events every step left in the state — S6's `fieldEvents` (events.ts), the
 * `seasonEvents` of S0/S3/S7/S8 (season-events.ts) and S5's `navalLog` (naval-events.ts) — keeping
 * only those whose audience is public or includes the reader (fog of war), then the public
 * situation (political map, prestige ranking, titles) and the reader's private sheet (own forces,
 * treasury ledger, movement report, the rolls that concern him, captives, annexation counters: for each
 * province the reader owns and another holds, and each it holds and another owns, the seasons counted
 * toward annexation and the season at whose end it falls due — to the owner and the controller only).
 * `viewer` null: the public report only. Rumours never name their author (the event has none).
 *
 * Not in it: pending decisions and deadlines, GM rulings, the battle communiqués (flow.ts adds them
 * at S9, communique.ts) and army lists of tabletop battles (tabletop-table.ts).
 */
import { fill } from '../../engine/localize.ts';
import { rulingNote, type Lang, type Localized } from '../../engine/ruleset.ts';
import { render } from './events.ts';
import { navalRecordsFor, renderNaval } from './naval-events.ts';
import { eventsFor, renderSeasonEvent } from './season-events.ts';
import { ownedProvinces, titleFor } from './rules/titles.ts';
import { seasonOf, type GruikState, type StateId } from './state.ts';
import { purposeText } from './words.ts';
import { rollKey } from './rules/dice.ts';

/** One line of the report with who may read it; `audience` [] is public. */
export interface ReportLine { section: Section; audience: StateId[]; text: Localized }

type Section = 'battles' | 'sea' | 'season' | 'map' | 'ranking' | 'forces' | 'ledger' | 'movement' | 'rolls' | 'captives';

const HEAD: Record<Section, Localized> = {
  battles: { fr: 'Batailles et retraites', en: 'Battles and retreats' },
  sea: { fr: 'Sur mer', en: 'At sea' },
  season: { fr: 'Événements de la saison', en: 'Events of the season' },
  map: { fr: 'Carte politique', en: 'Political map' },
  ranking: { fr: 'Classement du prestige et titres', en: 'Prestige ranking and titles' },
  forces: { fr: 'Vos forces', en: 'Your forces' },
  ledger: { fr: 'Trésor et prestige', en: 'Treasury and prestige' },
  movement: { fr: 'Rapport de mouvement', en: 'Movement report' },
  rolls: { fr: 'Vos jets de dés', en: 'Your dice rolls' },
  captives: { fr: 'Captifs et annexions', en: 'Captives and annexations' },
};
const ORDER: Section[] = ['battles', 'sea', 'season', 'map', 'ranking', 'forces', 'ledger', 'movement', 'rolls', 'captives'];
const SEASON: Record<string, Localized> = {
  spring: { fr: 'Printemps', en: 'Spring' }, summer: { fr: 'Été', en: 'Summer' }, autumn: { fr: 'Automne', en: 'Autumn' }, winter: { fr: 'Hiver', en: 'Winter' },
};

const both = (s: GruikState, f: (lang: Lang) => string): Localized => ({ fr: f('fr'), en: f('en') });
const visible = (audience: readonly StateId[], viewer: StateId | null) => audience.length === 0 || (viewer !== null && audience.includes(viewer));

/** Every line one reader may see, in Appendix B's order. */
export function reportLines(s: GruikState, viewer: StateId | null): ReportLine[] {
  const out: ReportLine[] = [];
  const name = (st: StateId | null) => (st ? s.realms[st]?.name ?? st : '—');
  const pname = (p: string) => s.map.provinces.find((x) => x.id === p)?.name ?? p;
  // Public and shared events of the season (App. B 2–11), each only to its audience.
  for (const e of s.fieldEvents ?? []) if (visible(e.audience, viewer)) out.push({ section: 'battles', audience: e.audience, text: both(s, (l) => render(s, e, l)) });
  for (const e of navalRecordsFor(s.navalLog ?? [], viewer)) out.push({ section: 'sea', audience: e.audience, text: both(s, (l) => renderNaval(s, e, l)) });
  for (const e of eventsFor(s.seasonEvents ?? [], viewer)) out.push({ section: 'season', audience: e.audience, text: both(s, (l) => renderSeasonEvent(s, e, l)) });
  // 12. Political map: controller and owner of every province.
  for (const p of s.map.provinces) {
    const ps = s.provinces[p.id];
    if (ps) out.push({ section: 'map', audience: [], text: fill({ fr: '{p} : propriétaire {o}, contrôle {c}', en: '{p}: owner {o}, controller {c}' }, { p: p.name, o: name(ps.owner), c: name(ps.controller) }) });
  }
  // 13–14. Prestige ranking and titles (ties by name, §11.2 spirit: a stable order).
  const realms = Object.values(s.realms).filter((r) => r.kind !== 'rebels').sort((a, b) => b.prestige - a.prestige || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  realms.forEach((r, i) => {
    const title = titleFor(ownedProvinces(s, r.id));
    out.push({ section: 'ranking', audience: [], text: fill({ fr: '{n}. {name} — prestige {p}{t}', en: '{n}. {name} — prestige {p}{t}' }, { n: i + 1, name: r.name, p: r.prestige, t: title ? fill({ fr: ' — {t}', en: ' — {t}' }, { t: title }) : '' }) });
  });
  if (viewer === null || !s.realms[viewer]) return out;
  const me: StateId[] = [viewer];
  // Private: own forces with AP and modifiers.
  for (const a of Object.values(s.armies).filter((x) => x.state === viewer).sort((x, y) => (x.id < y.id ? -1 : 1))) {
    const where = typeof a.location === 'string' ? (a.location === 'captured' ? { fr: 'capturée', en: 'captured' } : { fr: pname(a.location), en: pname(a.location) }) : { fr: `à bord de ${a.location.embarkedOn}`, en: `aboard ${a.location.embarkedOn}` };
    out.push({ section: 'forces', audience: me, text: fill({ fr: 'Armée {id} : {ap} AP, modificateur {mod}, {w}', en: 'Army {id}: {ap} AP, modifier {mod}, {w}' }, { id: a.id, ap: a.currentAP, mod: a.mod, w: where }) });
  }
  for (const d of Object.values(s.detachments).filter((x) => x.state === viewer).sort((x, y) => (x.id < y.id ? -1 : 1))) {
    out.push({ section: 'forces', audience: me, text: fill({ fr: 'Détachement {id} : {ap} AP', en: 'Detachment {id}: {ap} AP' }, { id: d.id, ap: d.ap }) });
  }
  for (const f of Object.values(s.fleets).filter((x) => x.state === viewer).sort((x, y) => (x.id < y.id ? -1 : 1))) {
    const z = s.map.seaZones.find((x) => x.id === f.zone)?.name ?? f.zone;
    out.push({ section: 'forces', audience: me, text: fill({ fr: 'Flotte {id} : {n} navires, {z}', en: 'Fleet {id}: {n} ships, {z}' }, { id: f.id, n: f.ships, z }) });
  }
  // Private: treasury and prestige ledger of the season.
  const realm = s.realms[viewer]!;
  out.push({ section: 'ledger', audience: me, text: fill({ fr: 'Trésor : {t} gruikors ; prestige : {p}', en: 'Treasury: {t} gruikors; prestige: {p}' }, { t: realm.treasury, p: realm.prestige }) });
  for (const l of s.ledger.filter((x) => x.state === viewer && x.season === s.season)) {
    out.push({ section: 'ledger', audience: me, text: fill({ fr: '{what} {d} — {cause} {rule}', en: '{what} {d} — {cause} {rule}' }, { what: l.what === 'treasury' ? { fr: 'Trésor', en: 'Treasury' } : { fr: 'Prestige', en: 'Prestige' }, d: l.delta > 0 ? `+${l.delta}` : String(l.delta), cause: l.cause, rule: l.rule }) });
  }
  // Private: the movement report (§5.6.1: no sizes).
  for (const t of s.movementReport[viewer] ?? []) {
    out.push({ section: 'movement', audience: me, text: both(s, (l) => render(s, { t: 'sighted', audience: me, code: t.code, state: t.state, kind: t.kind, from: t.from, to: t.to }, l)) });
  }
  // Private: the rolls that concern this state (§11.1), public rolls included.
  for (const r of s.rollLog.filter((x) => x.season === s.season && visible(x.audience, viewer))) {
    // its name `phase|event|index` too: with the season's key once revealed, `suzerain dice roll` recomputes it (§11.1)
    const line = fill({ fr: '{phase} — {purpose} : d{sides} = {face} {rule} — `{key}`', en: '{phase} — {purpose}: d{sides} = {face} {rule} — `{key}`' }, { phase: r.phase, purpose: { fr: purposeText(r.purpose, 'fr'), en: purposeText(r.purpose, 'en') }, sides: r.sides, face: r.face, rule: r.rule, key: rollKey(r.phase, r.event, r.index) });
    // §11.3: an overridden roll says so, with the face the season key gives (anyone can check it once the key is revealed).
    const gm = r.keyed === undefined ? null : fill({ fr: ' — {note} (la clé donnait {k})', en: ' — {note} (the key gave {k})' }, { note: { fr: rulingNote('gm', 'fr'), en: rulingNote('gm', 'en') }, k: r.keyed });
    out.push({ section: 'rolls', audience: r.audience, text: gm ? { fr: line.fr + gm.fr, en: line.en + gm.en } : line });
  }
  // Private: captives held and lost; annexation counters of own provinces.
  for (const c of Object.values(s.characters).filter((x) => x.status === 'captive' && (x.state === viewer || x.captor === viewer))) {
    out.push({ section: 'captives', audience: me, text: fill({ fr: '{c} ({st}) captif de {by}', en: '{c} ({st}) held by {by}' }, { c: c.name, st: name(c.state), by: name(c.captor ?? null) }) });
  }
  // App. B "annexation counters" [T §10; P §8.3]: annexed at S8 of season controlSince + ANNEX_SEASONS, the season of
  // capture not counted; to the owner and to the controller only (each knows its own; a third state reads the public map).
  const annex = s.config.treasury.annexSeasons;
  const when = (t: number): Localized => { const w = seasonOf(t, s.config.calendar.startYear); return fill({ fr: '{s} {y}', en: '{s} {y}' }, { s: SEASON[w.season]!, y: w.year }); };
  for (const p of s.map.provinces) {
    const ps = s.provinces[p.id];
    if (!ps || !ps.controller || ps.controller === ps.owner) continue;
    const rebels = s.realms[ps.controller]?.kind === 'rebels'; // [P §8.7] rebels never annex
    const counted = Math.min(annex, Math.max(0, s.season - ps.controlSince)), at = when(ps.controlSince + annex);
    const args = { p: p.name, c: name(ps.controller), o: name(ps.owner), since: when(ps.controlSince), n: counted, of: annex, at };
    if (ps.owner === viewer) {
      out.push({ section: 'captives', audience: me, text: rebels
        ? fill({ fr: '{p} : tenue par {c} depuis {since} (les rebelles n’annexent pas)', en: '{p}: held by {c} since {since} (rebels do not annex)' }, args)
        : fill({ fr: '{p} : tenue par {c} depuis {since} — annexion : {n} saison(s) sur {of}, à la fin de {at} si vous ne la reprenez pas', en: '{p}: held by {c} since {since} — annexation: {n} season(s) of {of}, at the end of {at} unless you retake it' }, args) });
    } else if (ps.controller === viewer) {
      out.push({ section: 'captives', audience: me, text: fill({ fr: '{p} (propriétaire {o}) : tenue depuis {since} — annexion : {n} saison(s) sur {of}, à la fin de {at} si vous la gardez', en: '{p} (owner {o}): held since {since} — annexation: {n} season(s) of {of}, at the end of {at} if you keep it' }, args) });
    }
  }
  return out;
}

/** One state's report of the season (or the public one, `viewer` null) as Markdown in one language. */
export function seasonReport(s: GruikState, viewer: StateId | null, lang: Lang): string {
  const when = seasonOf(s.season, s.config.calendar.startYear);
  const who = viewer && s.realms[viewer] ? s.realms[viewer]!.name : (lang === 'fr' ? 'rapport public' : 'public report');
  const lines = reportLines(s, viewer);
  const parts = [`# ${SEASON[when.season]![lang]} ${when.year} — ${who}`];
  for (const sec of ORDER) {
    const here = lines.filter((l) => l.section === sec);
    if (here.length === 0) continue;
    // The ranking's lines start with their rank (« 1. … »): an ordered list of their own, not items of a bulleted one.
    parts.push('', `## ${HEAD[sec][lang]}`, '', ...here.map((l) => (sec === 'ranking' ? l.text[lang] : `- ${l.text[lang]}`)));
  }
  return parts.join('\n') + '\n';
}
