/**
 * The map orders of the prompt page (engine `MapUnit`/`MapAction.form`): for the question open to
 * a baron, his pieces on the map with the answers of its guided form (forms.ts `formOf`) that name
 * a place, so that "forms, maps and the referee agree" — each action is an option of the form,
 * never an answer of its own:
 *
 * - `use-card`, entry `order` (#5, #8, a military or improvisation card, §6.1–§6.5): one unit per
 *   noble the card can order, at his region; each option of the entry becomes an action of the
 *   noble that moves (at the region he arrives in) or of every noble of the army that attacks
 *   where it stands (at that region).
 * - `place-stronghold` (S14, setup): the stronghold, not on the board yet, as one unit standing at
 *   the first region offered; an action per region the form offers.
 * - `retreat` (#13, §6.11), entry `aftermath`: each of his retreating nobles with a choice of
 *   region, at the combat's region; an action per region. The entry has a field per choice of each
 *   of his nobles: an action fills them all (its noble's retreat as clicked, every other field at
 *   its first option, as the form shows it unfilled), and is kept only when the referee reads that
 *   line without error (`checkAnswer`).
 *
 * The other questions with a form do not name a place (votes, cards, consents, the Draft's shields,
 * the expedition's destinations beyond the board); `place-noble` is answered by the prompt's
 * buttons, which a map action cannot fill. Fog (§9.4): everything comes from the baron's own form,
 * built from what he may know; the labels are the form's. Nothing for a baron not asked.
 */
import { formLine, type FormEntry, type Lang, type MapAction, type MapUnit } from '../../engine/ruleset.ts';
import { noble, type BaronId } from './barons.ts';
import { BOARD, cityIn } from './board.ts';
import { checkAnswer } from './answers.ts';
import { askOf, type Ask, type WkGame } from './flow.ts';
import { formFor, fromFormLine } from './forms.ts';

const regionName = (id: string, lang: Lang): string => cityIn(id)?.name[lang] ?? BOARD.regions.find((r) => r.id === id)?.name?.[lang] ?? id;
const nobleName = (id: string): string => { try { return noble(id).name; } catch { return id; } };
const parse = (v: string): unknown => { try { return JSON.parse(v); } catch { return null; } };

/** The entry of the open question's form with this code, or null. */
function entryOf(g: WkGame, ask: Ask, b: BaronId, lang: Lang, code: string): FormEntry | null {
  return formFor(g, ask, b, lang).groups.flatMap((x) => x.entries).find((e) => e.code === code) ?? null;
}

/** The units, in order of first appearance, each with its actions (built up by `add`). */
function collector() {
  const units = new Map<string, MapUnit>();
  return {
    add(id: string, label: string, region: string, action: MapAction): void {
      const u = units.get(id) ?? { id, label, region, actions: [] };
      units.set(id, u);
      u.actions.push(action);
    },
    list: (): MapUnit[] => [...units.values()],
  };
}

/** #5/#8: the card's moves and attacks, by the noble who moves or the army that attacks where it stands. */
function cardOrders(g: WkGame, ask: Ask, b: BaronId, lang: Lang): MapUnit[] {
  const e = entryOf(g, ask, b, lang, 'order');
  const field = e?.fields[0];
  if (!e || field?.kind !== 'choice') return [];
  const s = g.wk, out = collector();
  const where = (id: string): string | null => { const n = s.nobles[id]; return n && n.baron === b && n.location.kind === 'region' ? n.location.region : null; };
  const unit = (id: string, action: MapAction): void => {
    const at = where(id);
    if (at) out.add(id, `${nobleName(id)} (${regionName(at, lang)})`, at, action);
  };
  for (const o of field.options) {
    const a = parse(o.value) as { moves?: { noble: string; path: string[] }[]; attack?: { armies: string[] } } | null;
    const values = { [field.name]: o.value };
    const action = (region: string): MapAction => ({ region, code: e.code, label: o.label, line: formLine(e, values)!, form: { decision: ask.id, code: e.code, values } });
    const move = a?.moves?.[0];
    if (move && move.path.length) unit(move.noble, action(move.path[move.path.length - 1]!));
    else if (a?.attack?.armies.length) {
      const at = where(a.attack.armies[0]!);
      if (at) for (const id of a.attack.armies) unit(id, action(at));
    }
  }
  return out.list();
}

/** S14: the stronghold to place, standing at the first region offered (it is on no region yet). */
function strongholdOrders(g: WkGame, ask: Ask, b: BaronId, lang: Lang): MapUnit[] {
  const e = entryOf(g, ask, b, lang, 'stronghold');
  const field = e?.fields[0];
  if (!e || field?.kind !== 'choice' || !field.options.length) return [];
  const fr = lang === 'fr', out = collector();
  const regions = field.options.map((o) => ({ o, region: parse(o.value) })).filter((x): x is { o: typeof x.o; region: string } => typeof x.region === 'string'); // each value is the region as JSON
  for (const { o, region } of regions) {
    const values = { [field.name]: o.value };
    out.add('stronghold', fr ? 'Votre forteresse (à placer)' : 'Your stronghold (to place)', regions[0]!.region, {
      region, code: e.code, label: fr ? `Placer la forteresse : ${regionName(region, lang)}` : `Place the stronghold: ${regionName(region, lang)}`, line: formLine(e, values)!, form: { decision: ask.id, code: e.code, values },
    });
  }
  return out.list();
}

/** #13: each retreating noble of his with a choice of region; the entry's other fields at their first option. */
function retreatOrders(g: WkGame, ask: Ask, b: BaronId, lang: Lang): MapUnit[] {
  const e = entryOf(g, ask, b, lang, 'aftermath');
  if (!e) return [];
  const fr = lang === 'fr', s = g.wk, out = collector();
  const first: Record<string, string> = {};
  for (const f of e.fields) if (f.kind === 'choice' && f.options[0]) first[f.name] = f.options[0].value;
  for (const f of e.fields) {
    if (f.kind !== 'choice' || !f.name.startsWith('retreat-')) continue;
    const id = f.name.slice('retreat-'.length);
    const n = s.nobles[id];
    if (!n || n.baron !== b || n.location.kind !== 'region') continue;
    const at = n.location.region;
    for (const o of f.options) {
      const to = (parse(o.value) as { retreat?: Record<string, string> } | null)?.retreat?.[id];
      if (!to) continue;
      const values = { ...first, [f.name]: o.value };
      const line = formLine(e, values);
      const answer = line === null ? undefined : fromFormLine(g, ask, b, line);
      if (line === null || answer === undefined || checkAnswer(g, ask, b, answer).issues.length) continue; // the referee's word
      out.add(id, `${nobleName(id)} (${regionName(at, lang)})`, at, {
        region: to, code: e.code, label: fr ? `${nobleName(id)} se retire vers ${regionName(to, lang)}` : `${nobleName(id)} retreats to ${regionName(to, lang)}`, line, form: { decision: ask.id, code: e.code, values },
      });
    }
  }
  return out.list();
}

/** The map orders of baron `player` for the question open to him (none when he is not asked, or is no baron). */
export function wkMapUnits(g: WkGame, player: string | null, lang: Lang): MapUnit[] {
  if (!player || !(g.wk.players as string[]).includes(player)) return [];
  const ask = askOf(g);
  if (!ask || !(ask.players as string[]).includes(player)) return [];
  const b = player as BaronId;
  switch (ask.kind) {
    case 'use-card': return cardOrders(g, ask, b, lang);
    case 'place-stronghold': return strongholdOrders(g, ask, b, lang);
    case 'retreat': return retreatOrders(g, ask, b, lang);
    default: return [];
  }
}
