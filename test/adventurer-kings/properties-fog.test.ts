/**
 * Fog of war over RANDOM ORDER SHEETS (arbitraries.ts): after every random turn, each kingdom's
 * report (`report`, French and English), view (`view`), laid-out view (`presentView`) and map
 * (`mapDoc`) in both languages never show
 *   - the name of a site the kingdom does not know (S8.3: sites are learnt by exploration);
 *   - the name of a province it neither owns nor knows at 1 % or more (G-50);
 *   - the exact tax base of a province it neither owns nor knows at 100 % (G-56), in the view and
 *     in the map's info panel (the only places a province's tax base is given as a figure);
 *   - a foreign kingdom's treasury (view: only its own kingdom record);
 *   - another kingdom's order text: the unique junk token each kingdom puts in its sheet (in
 *     junk lines, labels, comments, bad codes and free order arguments) never reaches another
 *     kingdom's report or view.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Lang } from '../../src/engine/ruleset.ts';
import { adventurerKings } from '../../src/rulesets/adventurer-kings/index.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { junkToken, playScenario, scenarioArb, type TurnPlayed } from './arbitraries.ts';

const SEED = 777_2024;
/** AK_PROP_SCALE=10 multiplies the runs (and AK_PROP_SEED changes the seed) for a longer bug hunt. */
const SCALE = Number(process.env.AK_PROP_SCALE ?? 1);
const SEED_SHIFT = Number(process.env.AK_PROP_SEED ?? 0);
const LANGS: Lang[] = ['fr', 'en'];

/** Everything kingdom `k` reads after a turn: its view, and its report, laid-out view and map in both languages. */
function readings(t: TurnPlayed, k: number) {
  const s = t.after;
  const player = s.kingdoms[k]!.player;
  const view = adventurerKings.view(s, player);
  const per = LANGS.map((lang) => ({
    lang,
    report: adventurerKings.report(s, t.events, player, lang),
    doc: adventurerKings.presentView!(s, player, lang),
    map: adventurerKings.mapDoc!(s, player, lang),
  }));
  const texts: { where: string; text: string }[] = [{ where: 'view', text: JSON.stringify(view) }];
  for (const x of per) {
    texts.push({ where: `report/${x.lang}`, text: x.report }, { where: `presentView/${x.lang}`, text: JSON.stringify(x.doc) }, { where: `mapDoc/${x.lang}`, text: JSON.stringify(x.map) });
  }
  return { view, per, texts };
}

const words = (s: string) => s.normalize('NFC');
const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name as a whole word (a province "Arac" is not in "characters"). */
const wordRe = (name: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(name.toLowerCase().normalize('NFC'))}(?![\\p{L}\\p{N}])`, 'u');

/**
 * Names the kingdom may legitimately read (its own and public ones, and those it knows): a hidden
 * name is only checked when it is not one of these and not a part of one (two sites may share a
 * name; a site may be named like a hero).
 */
function allowedNames(s: AKState, k: number): string[] {
  const know = s.knowledge[k]!;
  const out: string[] = [];
  for (const id of Object.keys(know.sites)) out.push(know.sites[Number(id)]!.name, s.sites[Number(id)]?.name ?? '');
  for (const c of Object.values(s.characters)) out.push(c.name);
  for (const c of Object.values(know.characters)) out.push(c.name);
  for (const kd of Object.values(s.kingdoms)) out.push(kd.name);
  for (const it of Object.values(s.items)) out.push(it.name);
  for (const p of Object.values(s.provinces)) {
    const known = p.owner === k || (know.provinces[p.id]?.pct ?? 0) >= 1;
    if (p.name && known) out.push(p.name);
  }
  return out.filter(Boolean).map((n) => n.toLowerCase());
}

function hiddenNames(s: AKState, k: number): { what: string; name: string }[] {
  const know = s.knowledge[k]!;
  const allowed = allowedNames(s, k);
  const joined = allowed.join('\n');
  const ok = (n: string) => wordRe(n).test(joined);
  const out: { what: string; name: string }[] = [];
  for (const x of Object.values(s.sites)) if (!know.sites[x.id] && x.name.length >= 4 && !ok(x.name)) out.push({ what: `unknown site ${x.id}`, name: x.name });
  for (const p of Object.values(s.provinces)) {
    const known = p.owner === k || (know.provinces[p.id]?.pct ?? 0) >= 1;
    if (p.name && !known && !ok(p.name)) out.push({ what: `province ${p.id} known at ${know.provinces[p.id]?.pct ?? 0} %`, name: p.name });
  }
  return out;
}

function checkFog(t: TurnPlayed): void {
  const s = t.after;
  const kingdoms = Object.values(s.kingdoms).map((kd) => kd.id).sort((a, b) => a - b);
  // At the source: an event carrying a kingdom's order text goes to that kingdom alone.
  t.events.forEach((e, i) => {
    const json = JSON.stringify(e).toLowerCase();
    for (const j of kingdoms) {
      if (json.includes(junkToken(j).toLowerCase())) assert.ok(e.to.every((x) => x === j), `event ${i} ${e.t} carries kingdom ${j}'s order text to ${JSON.stringify(e.to)}: ${JSON.stringify(e)}`);
    }
  });
  for (const k of kingdoms) {
    const { view: v, per, texts } = readings(t, k);
    const lower = texts.map((x) => ({ where: x.where, text: words(x.text).toLowerCase() }));
    // Other kingdoms' orders.
    for (const j of kingdoms) {
      if (j === k) continue;
      const tok = junkToken(j).toLowerCase();
      for (const x of lower) {
        const at = x.text.indexOf(tok);
        assert.ok(at < 0, `kingdom ${k}'s ${x.where} shows kingdom ${j}'s order text: …${x.text.slice(Math.max(0, at - 120), at + 40)}…`);
      }
    }
    // Hidden names (one alternation of all of them per text, then the culprit named).
    const hidden = hiddenNames(s, k);
    if (hidden.length) {
      const any = new RegExp(`(?<![\\p{L}\\p{N}])(?:${hidden.map((h) => escape(h.name.toLowerCase().normalize('NFC'))).join('|')})(?![\\p{L}\\p{N}])`, 'u');
      for (const x of lower) {
        const m = any.exec(x.text);
        const h = m && hidden.find((y) => y.name.toLowerCase().normalize('NFC') === m[0]);
        assert.ok(!m, `kingdom ${k}'s ${x.where} names ${h?.what} ("${m?.[0]}"): …${x.text.slice(Math.max(0, (m?.index ?? 0) - 120), (m?.index ?? 0) + 40)}…`);
      }
    }
    // The view: exact tax only for own or 100 % provinces; only its own treasury.
    for (const pv of Object.values(v.provinces)) {
      const pct = s.knowledge[k]!.provinces[pv.id]?.pct ?? 0;
      const own = s.provinces[pv.id]!.owner === k;
      if (pv.tax !== undefined) assert.ok(own || pct >= 100, `kingdom ${k}'s view gives the tax base ${pv.tax} of province ${pv.id} (not owned, known at ${pct} %)`);
      if (pct === 0 && !own) {
        assert.ok(pv.terrain === undefined && pv.owner === undefined && pv.band === undefined && pv.name === undefined && pv.sites.length === 0,
          `kingdom ${k}'s view describes province ${pv.id}, known at 0 %: ${JSON.stringify(pv)}`);
      }
    }
    assert.equal(v.me?.kingdom.id, k);
    // Treasuries: only in its own kingdom record.
    assert.ok(!/treasury/i.test(JSON.stringify({ ...v, me: { ...v.me, kingdom: null } })), `kingdom ${k}'s view carries a treasury outside its own kingdom record`);
    assert.ok(!JSON.stringify(v.kings).includes('treasury'), `kingdom ${k}'s list of Kings carries a treasury`);
    for (const c of v.me!.characters) assert.equal(c.kingdom, k, `kingdom ${k}'s view lists foreign character ${c.id} as its own`);
    for (const a of v.me!.armies) assert.equal(a.kingdom, k, `kingdom ${k}'s view lists foreign army ${a.id} as its own`);
    // The map's info panel: a figure on the tax row only where the view gives the exact tax.
    for (const { lang, map, doc } of per) {
      for (const r of map.regions) {
        const id = Number(r.id);
        const taxRow = r.info.rows.find(([key]) => /imposition|tax base/i.test(key));
        const pv = v.provinces[id];
        if (taxRow) assert.ok(pv?.tax !== undefined && taxRow[1] === String(pv.tax), `kingdom ${k}'s map (${lang}) gives the tax base of ${id}: ${taxRow[1]} (view: ${pv?.tax})`);
      }
      // presentView's Income column: a figure only for exact taxes.
      const known = doc.sections.find((x) => x.kind === 'table' && /Provinces connues|Known provinces/.test(x.title));
      if (known && known.kind === 'table') {
        for (const row of known.rows) {
          const id = Number(/(\d+)\)?$/.exec(row[0]!)?.[1]);
          if (/^\d+$/.test(row[5]!)) assert.equal(row[5], String(v.provinces[id]?.tax), `kingdom ${k}'s province table (${lang}) gives ${row[5]} as the income of ${id}`);
        }
      }
    }
    // The report's treasury figures: the only treasuries named are its own (header and treasury section).
    for (const { lang, report } of per) {
      for (const j of kingdoms) {
        if (j === k) continue;
        const name = s.kingdoms[j]!.name;
        const re = new RegExp(`(trésor|treasury)[^\\n]{0,40}${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\n]{0,40}(trésor|treasury)`, 'i');
        assert.ok(!re.test(report), `kingdom ${k}'s report (${lang}) speaks of kingdom ${j}'s treasury: ${re.exec(report)?.[0]}`);
      }
    }
  }
}

test('5. fog of war: no kingdom reads another\'s orders, unknown sites or provinces, foreign exact taxes or treasuries', () => {
  let checked = 0;
  fc.assert(fc.property(scenarioArb(3), (sc) => {
    playScenario(sc, (t) => { checkFog(t); checked++; });
  }), { seed: SEED + SEED_SHIFT, numRuns: Math.round(40 * SCALE), includeErrorInReport: true });
  assert.ok(checked >= 40);
});
