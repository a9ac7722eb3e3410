/**
 * The annexation counters of the season report (rules Appendix B, private report; §8.3 [T §10]):
 * the owner of a province another holds and its holder each read the seasons counted toward
 * annexation (the season of capture not counted) and the season at whose end it falls due; a
 * rebel-held capital never falls due; a third state reads none of it (fog of war: it has only the
 * public map); after S8.3's annexation the counter is gone and the annexation is public.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { setControl } from '../../src/rulesets/gruik/rules/conquest.ts';
import { enterCivilWar } from '../../src/rulesets/gruik/rules/civil-war.ts';
import { annexations } from '../../src/rulesets/gruik/rules/end-of-season.ts';
import { reportLines, seasonReport } from '../../src/rulesets/gruik/report.ts';
import { fixture } from './fixture.ts';

const counters = (s: ReturnType<typeof fixture>, viewer: string | null) => reportLines(s, viewer).filter((l) => l.section === 'captives' && /annex/.test(l.text.en));

test('App. B: the dwarves took Rives-Claires in Autumn 67 (season 2); in Spring 68 (season 4) both sides read 2 of 8 seasons, due at the end of Autumn 69; the fens read nothing', () => {
  const s = fixture();
  s.season = 2;
  setControl(s, 'rives', 'dwarves');
  s.season = 4;
  const [elves] = counters(s, 'elves');
  assert.equal(elves!.text.en, 'Rives-Claires: held by Thanat d’Enclumegarde since Autumn 67 — annexation: 2 season(s) of 8, at the end of Autumn 69 unless you retake it');
  assert.equal(elves!.text.fr, 'Rives-Claires : tenue par Thanat d’Enclumegarde depuis Automne 67 — annexion : 2 saison(s) sur 8, à la fin de Automne 69 si vous ne la reprenez pas');
  assert.deepEqual(elves!.audience, ['elves']);
  const [dwarves] = counters(s, 'dwarves');
  assert.equal(dwarves!.text.en, 'Rives-Claires (owner Royaume de Sylvebrune): held since Autumn 67 — annexation: 2 season(s) of 8, at the end of Autumn 69 if you keep it');
  assert.deepEqual(dwarves!.audience, ['dwarves']);
  assert.deepEqual(counters(s, 'fens'), [], 'a third state: only the public map');
  assert.deepEqual(counters(s, null), [], 'nor the public report');
  assert.ok(seasonReport(s, 'dwarves', 'fr').includes('## Captifs et annexions'));
  // S8.3 of season 10 (Autumn 69): annexed; the counter is gone, the annexation is public
  s.season = 10;
  const t = annexations(s);
  assert.equal(t.provinces.rives!.owner, 'dwarves');
  assert.deepEqual(counters(t, 'dwarves'), []);
  assert.deepEqual(counters(t, 'elves'), []);
  assert.ok(seasonReport(t, 'fens', 'en').includes('Annexation: Rives-Claires now belongs to Thanat d’Enclumegarde.'));
});

test('App. B: a capital held by the rebels shows no annexation date (rebels never annex, §8.7)', () => {
  const s = fixture();
  s.season = 3;
  assert.equal(enterCivilWar(s, 'elves', 'catastrophe', 'S0.3'), true);
  const lines = reportLines(s, 'elves').filter((l) => l.section === 'captives');
  assert.equal(lines.length, 1);
  assert.match(lines[0]!.text.en, /^Sylvebrune: held by the rebels of .* since Winter 67 \(rebels do not annex\)$|^Sylvebrune: held by .* since Winter 67 \(rebels do not annex\)$/);
});

test('property: counters are read by the owner and the holder only, and count min(8, seasons since capture) toward the due season', () => {
  const PROVINCES = ['sylve', 'rives', 'coudre', 'hautval', 'enclume', 'roc', 'marche', 'gouffre', 'tourbe', 'ilot'];
  fc.assert(fc.property(fc.array(fc.record({ p: fc.constantFrom(...PROVINCES), to: fc.constantFrom('elves', 'dwarves', 'fens'), at: fc.nat(6) }), { maxLength: 6 }), fc.nat(7), (takes, later) => {
    const s = fixture();
    for (const x of [...takes].sort((a, b) => a.at - b.at)) { s.season = x.at; setControl(s, x.p, x.to); }
    s.season = Math.max(0, ...takes.map((x) => x.at)) + later;
    for (const viewer of ['elves', 'dwarves', 'fens']) {
      const mine = counters(s, viewer);
      const expected = PROVINCES.filter((p) => { const ps = s.provinces[p]!; return ps.controller !== ps.owner && (ps.owner === viewer || ps.controller === viewer); });
      assert.equal(mine.length, expected.length, viewer);
      for (const l of mine) assert.deepEqual(l.audience, [viewer]);
      for (const p of expected) {
        const ps = s.provinces[p]!;
        const n = Math.min(8, s.season - ps.controlSince);
        const name = s.map.provinces.find((x) => x.id === p)!.name;
        assert.ok(mine.some((l) => l.text.en.startsWith(name) && l.text.en.includes(`annexation: ${n} season(s) of 8`)), `${viewer} ${p} ${n}`);
      }
    }
  }), { numRuns: 60 });
});
