/**
 * Gruik's records in both languages (issue 16, words.ts): the ledger causes, the dice lines and the
 * GM items' subjects and briefs. A French report of seasons with rolls, ledger entries and GM items
 * carries none of the English sentences of those tables, and an English one none of the French;
 * every roll purpose the rules write (read from the sources, and rolled in campaigns) has its French.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { replayStates } from '../../src/engine/game.ts';
import type { Localized } from '../../src/engine/ruleset.ts';
import { flowCampaign, type FlowBot } from '../../src/rulesets/gruik/flow-soak.ts';
import type { GruikFlowEvent, GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import { CAUSE, CIVIL_WAR_CAUSE, EFFECT_KIND, FATE_WORD, GM_SUBJECT, PURPOSE } from '../../src/rulesets/gruik/words.ts';
import { loadAllRulesets, getRuleset } from '../../src/rulesets/index.ts';
await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const registry = getRuleset('gruik').bot!;
const bot: FlowBot = (g, p, d, rng) => registry(g, p, d, rng);

/** The literal pieces of the templates in one language that the other language's templates do not hold (≥ 5 characters, with a letter). */
function pieces(tables: Record<string, Localized>[], lang: 'fr' | 'en'): string[] {
  const other = lang === 'fr' ? 'en' : 'fr';
  const all = tables.flatMap((t) => Object.values(t));
  const theirs = all.map((x) => x[other]).join('\n');
  return [...new Set(all.flatMap((x) => x[lang].split(/\{\w+\}/).map((p) => p.trim().replace(/^[(:;,.\s—-]+|[(:;,.\s—-]+$/g, ''))))]
    .filter((p) => p.length >= 5 && /[a-zé]/i.test(p) && !theirs.includes(p));
}
const TABLES = [CAUSE, PURPOSE, GM_SUBJECT, CIVIL_WAR_CAUSE, EFFECT_KIND, FATE_WORD] as Record<string, Localized>[];

test('every roll purpose the rules write is in words.ts, with its French', () => {
  const dir = new URL('../../src/rulesets/gruik/rules/', import.meta.url);
  const found = new Set<string>();
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
    const src = readFileSync(new URL(f, dir), 'utf8');
    for (const m of src.matchAll(/purpose: '([^']+)'/g)) found.add(m[1]!);
    for (const m of src.matchAll(/die\([^,]+, '([^']+)'\)/g)) found.add(m[1]!);
  }
  assert.ok(found.size >= 20, `the purposes are read from the sources (${found.size})`);
  for (const p of found) assert.ok(Object.hasOwn(PURPOSE, p), `purpose "${p}" has its words`);
});

test('a French report of seasons with rolls, ledger lines and GM rulings has no English sentence of those tables, and the English none of the French', () => {
  const c = flowCampaign('words-2', 4, bot, { map: 'anneau', players: 6, gm: false, tabletop: false });
  assert.equal(c.failure, undefined, `no failure: ${c.failure?.error}`);
  const reports = c.game.steps.flatMap((s) => (s.events as GruikFlowEvent[]).filter((e) => e.t === 'season-report').flatMap((e) => Object.entries((e as { reports: Record<string, Localized> }).reports).filter(([k]) => k !== '')));
  // code spans are names, the same in both languages (a roll's `phase|event|index`, the key's hash): not prose
  const prose = (t: string) => t.replace(/`[^`\n]*`/g, '');
  const fr = prose(reports.map(([, r]) => r.fr).join('\n')), en = prose(reports.map(([, r]) => r.en).join('\n'));
  // the reports hold what is checked: rolls, ledger lines, GM rulings
  assert.match(fr, /## Vos jets de dés/, 'rolls in the French reports');
  assert.match(fr, /## Trésor et prestige[\s\S]*— impôts/, 'ledger lines in the French reports');
  assert.match(fr, /## Décisions du MJ/, 'GM rulings in the French reports');
  assert.ok(Object.values(PURPOSE).some((p) => fr.includes(p.fr) && p.fr !== p.en), 'a roll purpose in French');
  const english = pieces(TABLES, 'en'), french = pieces(TABLES, 'fr');
  assert.ok(english.length > 40 && french.length > 40, 'pieces to look for');
  for (const p of english) assert.ok(!fr.includes(p), `the French reports do not hold the English "${p}"`);
  for (const p of french) assert.ok(!en.includes(p), `the English reports do not hold the French "${p}"`);
});

test('the GM items’ subjects, program defaults and briefs are written in each language', () => {
  const c = flowCampaign('words-gm', 4, bot, { map: 'anneau', players: 6, gm: true, tabletop: false });
  assert.equal(c.failure, undefined, `no failure: ${c.failure?.error}`);
  const queue = c.game.state.gruik.gmQueue ?? [];
  assert.ok(queue.length > 0, 'items were raised');
  const english = pieces(TABLES, 'en'), french = pieces(TABLES, 'fr');
  for (const it of queue) {
    for (const p of english) assert.ok(!it.subject.fr.includes(p) && !it.applied.fr.includes(p), `${it.item}: no English "${p}" in its French`);
    for (const p of french) assert.ok(!it.subject.en.includes(p) && !it.applied.en.includes(p), `${it.item}: no French "${p}" in its English`);
  }
  let briefs = 0;
  for (const { state } of replayStates(gruik, c.game)) {
    for (const d of gruik.decisions(state as GruikGame).filter((x) => x.judgment)) {
      briefs++;
      for (const p of english) assert.ok(!d.judgment!.brief.fr.includes(p), `${d.id}: no English "${p}" in the French brief`);
      for (const p of french) assert.ok(!d.judgment!.brief.en.includes(p), `${d.id}: no French "${p}" in the English brief`);
    }
  }
  assert.ok(briefs > 0, 'the GM was asked');
});
