/**
 * The prose turn report (G-98, S8.6): its structure, its audience (a kingdom reads only its own
 * events and what it may know, S8.5), and every renderer of every domain in both languages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { AKEvent } from '../../src/rulesets/adventurer-kings/events.ts';
import { renderReport } from '../../src/rulesets/adventurer-kings/report/render.ts';
import { ALL_MESSAGES, MESSAGE_TABLES, fallbackLine, renderEvent } from '../../src/rulesets/adventurer-kings/report/messages.ts';
import { makeEnv } from '../../src/rulesets/adventurer-kings/report/env.ts';
import { seasonOpening } from '../../src/rulesets/adventurer-kings/report/seasons.ts';
import { sectionOf } from '../../src/rulesets/adventurer-kings/report/sections.ts';
import { armyName, ordinal, theArmy } from '../../src/rulesets/adventurer-kings/report/names.ts';
import { fixture, SECRETS_OF_2 } from './report-fixture.ts';
import { sampleEvents } from './report-samples.ts';

const ev = (t: string, phase: number, to: number[], data: Record<string, unknown> = {}): AKEvent => ({ t, phase, to, ...data });

function turnEvents(): AKEvent[] {
  return [
    ev('turn-start', 0, [1, 2], { turn: 3 }),
    ev('season', 1, [1, 2], { season: 1 }),
    ev('order-failed', 1, [1], { who: 2, at: 306, order: 'MO 307', reason: { fr: 'la province est trop loin', en: 'the province is too far' } }),
    ev('order-failed', 1, [2], { who: 4, at: 307, order: 'SE 2 Zzyzx', reason: { fr: 'secret de Mordred', en: 'Mordred secret' } }),
    ev('season', 2, [1, 2], { season: 2 }),
    ev('battle-line', 2, [1], { at: 305 }),
    ev('spy-report', 3, [1], { at: 307 }),
    ev('treaty-made', 6, [1], {}),
    ev('income', 6, [1], {}),
    ev('order-invalid', 0, [1], { line: 4, order: 'XX 12', reason: { fr: 'code inconnu', en: 'unknown code' } }),
    ev('caretaker', 0, [2], {}),
  ];
}

test('the report has its sections in order, the seasons named, and each character in a paragraph', () => {
  const s = fixture();
  const fr = renderReport(s, turnEvents(), 'p1', 'fr');
  const en = renderReport(s, turnEvents(), 'p1', 'en');
  const order = (text: string, parts: string[]) => {
    let at = -1;
    for (const p of parts) { const i = text.indexOf(p, at + 1); assert.ok(i > at, `"${p}" after position ${at} in:\n${text}`); at = i; }
  };
  order(fr, ['# Adventurer Kings — Année 3 — Royaume de Logres', '## Avertissements', '## Chronique', '### Printemps', '### Début d’été', '### Fin d’été', '### Automne', '### Début d’hiver',
    '## Rapport général d’espionnage', '## Rapport diplomatique', '## Trésor', '## Charges impériales', '## Découvertes', '## Vos personnages', '## Vos armées', '## Provinces connues', '## Lieux connus', '## Feuille d’ordres de l’année 4']);
  order(en, ['# Adventurer Kings — Year 3 — Kingdom of Logres', '## Warnings', '## Chronicle', '### Spring', '### Early Summer', '### Late Summer', '### Autumn', '### Early Winter',
    '## General Spy Report', '## Diplomatic Report', '## Treasury', '## Imperial Offices', '## Discoveries', '## Your characters', '## Your armies', '## Known provinces', '## Known sites', '## Order sheet for year 4']);
  assert.match(fr, /\n\nTilden ne put exécuter son ordre « MO 307 » : la province est trop loin\./);
  assert.match(en, /\n\nTilden could not carry out the order "MO 307": the province is too far\./);
  assert.match(fr, /Ordre refusé \(ligne 4\) « XX 12 » : code inconnu\./);
  assert.match(fr, /#### Bataille à Brocéliande \(305\)/);
  assert.match(fr, /Roi 2, Morgane, royaume d’Avalon : Neutre/);
  // Without the year's treasury statement, the treasury now and what the provinces will bring.
  assert.match(fr, /\| \*\*Trésor actuel\*\* \| \*\*23\*\* \|/);
  assert.match(fr, /\| Impôts de Brocéliande \(305\) \(fin d’année\) \| \+10 \|/);
  assert.match(fr, /- `PERSO 1` Arthur[\s\S]*\n- `PERSO 2` Tilden/);
  assert.ok(!fr.includes('```'), 'no fenced block');
  assert.match(fr, /\| 1 \| Arthur \| Roi \| Humain \| Bon \| Brave \| Brocéliande \(305\) \| Excalibur \(1\) \| — \|/);
  assert.match(fr, /\| 10 \| Légion \(LE\) \| Humains \| Moyen \| Arthur \| Brocéliande \(305\) \| 0 \|/);
  assert.match(fr, /\| 1 \| Le Tombeau de Roi Pêcheur \| Brocéliande \(305\) \| un grand Vampire \| La légende parle d’un riche trésor \| — \|/);
  // The spy report stands apart, with its season; quiet seasons say so.
  assert.match(fr, /## Rapport général d’espionnage\n\n- Fin d’été — /);
  for (const text of [fr, en]) for (const bad of ['undefined', '[object Object]', 'NaN']) assert.ok(!text.includes(bad), `${bad} in\n${text}`);
});

test('a kingdom reads only the events addressed to it, and nothing of what it may not know (S8.5)', () => {
  const s = fixture();
  for (const lang of ['fr', 'en'] as const) {
    const r1 = renderReport(s, turnEvents(), 'p1', lang);
    for (const secret of [...SECRETS_OF_2, 'intendant', 'steward']) assert.ok(!r1.includes(secret), `${secret} in kingdom 1's report`);
    const r2 = renderReport(s, turnEvents(), 'p2', lang);
    assert.ok(r2.includes('Mordred'), 'kingdom 2 reads its own events');
    assert.ok(!r2.includes('MO 307'), 'kingdom 2 does not read kingdom 1’s failed order');
  }
});

test('property: a report never contains a marker of an event its kingdom is not in the audience of', () => {
  const s = fixture();
  const kinds = [...Object.keys(ALL_MESSAGES), 'no-such-kind', 'spy-thing', 'battle-thing', 'treaty-thing'];
  const arb = fc.array(fc.record({
    t: fc.constantFrom(...kinds), phase: fc.integer({ min: 0, max: 6 }), to: fc.subarray([1, 2]), marker: fc.integer({ min: 100000, max: 999999 }),
  }), { maxLength: 12 });
  fc.assert(fc.property(arb, fc.constantFrom<'fr' | 'en'>('fr', 'en'), (raw, lang) => {
    const events: AKEvent[] = raw.map((r) => ({ t: r.t, phase: r.phase, to: r.to, order: `X${r.marker}`, reason: { fr: `R${r.marker}`, en: `R${r.marker}` } }));
    const text = renderReport(s, events, 'p1', lang);
    for (const e of events) {
      if (!e.to.includes(1)) {
        const m = String(e.order).slice(1);
        if (!events.some((o) => o.to.includes(1) && String(o.order).slice(1) === m)) assert.ok(!text.includes(m), `marker ${m} leaked`);
      }
    }
  }), { numRuns: 60 });
});

test('an unknown event kind renders a neutral line, in both languages', () => {
  const s = fixture();
  const e = ev('mysterious-omen', 2, [1], { who: 2, at: 305 });
  assert.equal(renderEvent(e, makeEnv(s, 1, 'fr')), 'Un événement (mysterious-omen) eut lieu, concernant Tilden, à Brocéliande (305).');
  assert.equal(renderEvent(e, makeEnv(s, 1, 'en')), 'An event (mysterious-omen) took place, concerning Tilden, in Brocéliande (305).');
  assert.equal(fallbackLine(ev('x', 1, [1]), makeEnv(s, 1, 'en')), 'An event (x) took place.');
});

test('names as the reader knows them: unseen foreigners stay unknown, unknown provinces are numbers', () => {
  const s = fixture();
  const env = makeEnv(s, 1, 'fr');
  assert.equal(env.character(1), 'Arthur');
  assert.equal(env.character(3), 'Morgane', 'Kings are public (G-04)');
  assert.equal(env.character(5), 'Gauvain', 'seen (G-100)');
  assert.equal(env.character(4), 'un personnage inconnu (n° 4)');
  assert.equal(makeEnv(s, 1, 'en').character(4), 'an unknown character (#4)');
  assert.equal(env.province(305), 'Brocéliande (305)');
  assert.equal(env.province(310), '310', 'kingdom 1 does not know 310: not its name');
  assert.equal(makeEnv(s, 2, 'fr').province(310), 'Valtenebre (310)');
  assert.equal(env.kingdomName(2), 'le royaume d’Avalon (Roi 2)');
  assert.equal(makeEnv(s, 1, 'en').kingdomName(1), 'the kingdom of Logres (King 1)');
});

test('battle prose names armies by number and type (§1.1 extract)', () => {
  assert.equal(armyName(197, 'LE', 'en'), '197th Legion');
  assert.equal(armyName(197, 'LE', 'fr'), '197e Légion');
  assert.equal(theArmy(117, 'DR', 'fr'), 'le 117e Dragon');
  assert.equal(theArmy(194, 'PH', 'fr'), 'la 194e Phalange');
  assert.equal(theArmy(194, 'PH', 'en'), 'the 194th Phalanx');
  assert.equal(ordinal(1, 'fr', true), '1re');
  assert.equal(ordinal(1, 'fr'), '1er');
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 111].map((n) => ordinal(n, 'en')), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '111th']);
});

test('season openings vary with the turn, are reproducible, and recall the season before', () => {
  const a = seasonOpening(3, 2, 1, 'en');
  assert.equal(a, seasonOpening(3, 2, 1, 'en'));
  const all = new Set<string>();
  for (let turn = 1; turn <= 12; turn++) for (const k of [1, 2, 3]) all.add(seasonOpening(turn, 2, k, 'fr'));
  assert.ok(all.size >= 4, `only ${all.size} variants`);
  for (let phase = 1; phase <= 5; phase++) {
    for (const lang of ['fr', 'en'] as const) {
      const t = seasonOpening(7, phase, 2, lang);
      assert.match(t, /^[A-ZÀ-Ý].*\.$/u);
      assert.ok(!t.includes('undefined'));
    }
  }
});

test('sections: spy, battle, diplomacy, treasury, offices and discoveries kinds go to their sections', () => {
  assert.equal(sectionOf('spy-report'), 'spy');
  assert.equal(sectionOf('battle-line'), 'battle');
  assert.equal(sectionOf('treaty-made'), 'diplomacy');
  assert.equal(sectionOf('income'), 'treasury');
  assert.equal(sectionOf('office-standing'), 'offices');
  assert.equal(sectionOf('invention-found'), 'discovery');
  assert.equal(sectionOf('order-failed'), 'chronicle');
  assert.equal(sectionOf('move'), 'chronicle');
});

test('every renderer of every domain writes clean prose in both languages on a sample event', () => {
  const s = fixture();
  const samples = sampleEvents();
  const missing: string[] = [];
  const bad: string[] = [];
  const claims = new Map<string, number>();
  for (const table of Object.values(MESSAGE_TABLES)) for (const kind of Object.keys(table)) claims.set(kind, (claims.get(kind) ?? 0) + 1);
  for (const [domain, table0] of Object.entries(MESSAGE_TABLES)) {
    // A kind two domains claim is rendered by the composed renderer (its samples come from both emitters).
    const table: typeof table0 = Object.fromEntries(Object.keys(table0).map((k) => [k, claims.get(k)! > 1 ? ALL_MESSAGES[k]! : table0[k]!]));
    for (const kind of Object.keys(table)) {
      const list = samples[kind];
      if (!list?.length) { missing.push(`${domain}:${kind}`); continue; }
      for (const e of list) {
        for (const lang of ['fr', 'en'] as const) {
          let text: unknown;
          try { text = table[kind]!(e, makeEnv(s, 1, lang)); } catch (err) { bad.push(`${domain}:${kind} ${lang}: throws ${(err as Error).message}`); continue; }
          if (typeof text !== 'string') { bad.push(`${domain}:${kind} ${lang}: not a string`); continue; }
          for (const re of [/undefined/, /\[object Object\]/, /\bNaN\b/, /\bnull\b/, /\{\w+\}/]) if (re.test(text)) bad.push(`${domain}:${kind} ${lang}: ${re} in "${text}"`);
        }
      }
    }
  }
  assert.deepEqual(missing, [], 'kinds without a sample event in report-samples.ts');
  assert.deepEqual(bad, []);
});

test('no two domains describe the same event kind', () => {
  const seen = new Map<string, string>();
  const dup: string[] = [];
  for (const [domain, table] of Object.entries(MESSAGE_TABLES)) {
    for (const kind of Object.keys(table)) {
      if (seen.has(kind)) dup.push(`${kind}: ${seen.get(kind)} and ${domain}`);
      seen.set(kind, domain);
    }
  }
  assert.deepEqual(dup, []);
});

test('battle narratives: one per battle number, with the events that carry it, under the season', () => {
  const s = fixture();
  const events: AKEvent[] = [
    ev('battle-x', 2, [1], { at: 305, battle: 1 }),
    ev('battle-y', 2, [1], { at: 305, battle: 1 }),
    ev('omen-x', 2, [1], { at: 305, battle: 1 }),
    ev('battle-x', 2, [1], { at: 304, battle: 2 }),
    ev('battle-x', 3, [2], { at: 310, battle: 3 }),
  ];
  const text = renderReport(s, events, 'p1', 'en');
  const summer = text.slice(text.indexOf('### Early Summer'), text.indexOf('### Late Summer'));
  assert.match(summer, /#### Battle in Brocéliande \(305\)\n\nAn event \(battle-x\) took place, in Brocéliande \(305\)\. An event \(battle-y\)[^#]*An event \(omen-x\)/);
  assert.match(summer, /#### Battle in 304/);
  assert.ok(!text.includes('310'), 'a battle kingdom 1 did not see');
});

test('a kind two domains claim renders either emitter’s data cleanly (while the clash lasts)', () => {
  const s = fixture();
  const claimed = Object.entries(MESSAGE_TABLES).flatMap(([, t]) => Object.keys(t));
  const twice = [...new Set(claimed.filter((k, i) => claimed.indexOf(k) !== i))];
  const samples = sampleEvents();
  for (const kind of twice) {
    for (const e of samples[kind] ?? []) {
      for (const lang of ['fr', 'en'] as const) {
        const text = renderEvent(e, makeEnv(s, 1, lang));
        assert.ok(!/undefined|NaN|\[object Object\]/.test(text), `${kind} ${lang}: ${text}`);
      }
    }
  }
  const world = ev('site-event', 2, [1], { who: 2, at: 305, site: 1, kind: 'spring', gain: 'Me' });
  assert.equal(renderEvent(world, makeEnv(s, 1, 'en')), 'A magic spring welled up there. Tilden came out stronger: +1 Melee.');
});

test('an encounter’s blow-by-blow goes in the paragraph of the own character it befalls; elision before vowel names', () => {
  const s = fixture();
  s.characters[2]!.name = 'Aeia';
  const T = { id: 2, kind: 'character', name: 'Aeia' };
  const M = { id: 0, kind: 'monster', name: 'Ogre' };
  const events: AKEvent[] = [
    ev('order-failed', 2, [1], { who: 1, order: 'MO 999', reason: { fr: 'nulle part', en: 'nowhere' } }),
    ev('random-encounter', 2, [1], { who: 2, at: 306, monster: 'Ogre' }),
    ev('enc-start', 2, [1], { at: 306, a: M, b: T, cause: 'random' }),
    ev('enc-miss', 2, [1], { att: M, def: T, how: 'melee' }),
    ev('odd-thing', 2, [1], {}),
  ];
  const fr = renderReport(s, events, 'p1', 'fr');
  const summer = fr.slice(fr.indexOf('### Début d’été'), fr.indexOf('### Fin d’été'));
  const paras = summer.split('\n\n').map((p) => p.replace(/\n/g, ' '));
  const aeia = paras.find((p) => p.includes('Ogre'))!;
  assert.ok(aeia.includes('tomba sur l’Ogre'), aeia);
  assert.ok(!aeia.includes('face à'), 'a random encounter is told once');
  assert.ok(/esquiva|para|vide/.test(aeia), 'the miss follows its encounter');
  assert.ok(!aeia.includes('Arthur'), 'Arthur has his own paragraph');
  assert.ok(paras.some((p) => p.startsWith('Un événement (odd-thing)')), 'other news stand apart');
  assert.ok(!/ de A/.test(fr.replace(/Adventurer/g, '')), 'de + vowel name is elided');
});

test('Clairvoyance (§4.2c): what a kingdom saw of a watched character is told under "Visions of …", not in its chronicle', () => {
  const s = fixture();
  const T = { id: 2, kind: 'character', name: s.characters[2]!.name };
  const M = { id: 0, kind: 'monster', name: 'Ogre' };
  const seen = ev('enc-miss', 3, [1, 2], { att: M, def: T, how: 'melee', visions: [{ kingdom: 1, character: 2 }] });
  for (const lang of ['fr', 'en'] as const) {
    const text = renderReport(s, [seen], 'p1', lang);
    const heading = lang === 'fr' ? `### Visions ${/^[AEIOUY]/.test(T.name) ? 'd’' : 'de '}${T.name}` : `### Visions of ${T.name}`;
    assert.ok(text.includes(heading), `${lang}: ${text}`);
    const chronicle = text.slice(text.indexOf(lang === 'fr' ? '## Chronique' : '## Chronicle'), text.indexOf('## Visions'));
    assert.ok(!chronicle.includes('Ogre'), 'not in the chronicle');
    assert.ok(text.slice(text.indexOf('## Visions')).includes('Ogre'), 'in the visions');
  }
  // Without the vision mark the same event is an ordinary chronicle line.
  const plain = renderReport(s, [{ ...seen, visions: undefined }], 'p1', 'en');
  assert.ok(!plain.includes('## Visions'));
});

test('a battle\'s losses are told side by side: ours, then the enemy\'s (or attackers and defenders for a bystander)', () => {
  const s = fixture();
  const destroyed = [{ id: 210, type: 'PH', side: 'A' }, { id: 46, type: 'WE', side: 'D' }, { id: 48, type: 'GA', side: 'D' }];
  const result = (to: number[], attackers: number[], defenders: number[] = []) => ev('battle-result', 2, to, { at: 305, battle: 1, winner: 'A', attackers, defenders, destroyed, reduced: [], columns: ['A'] });
  const fr = renderEvent(result([1], [1]), makeEnv(s, 1, 'fr'));
  assert.match(fr, /Nous perdîmes la 210e Phalange\. L’ennemi perdit les 46e Garous et la 48e Garnison\./);
  const en = renderEvent(result([1], [1]), makeEnv(s, 1, 'en'));
  assert.match(en, /We lost the 210th Phalanx\. The enemy lost the 46th Weres and the 48th Garrison\./);
  const defender = renderEvent(result([1], [2], [1]), makeEnv(s, 1, 'en'));
  assert.match(defender, /We lost the 46th Weres and the 48th Garrison\. The enemy lost the 210th Phalanx\./);
  const bystander = renderEvent(result([1], [2], [3]), makeEnv(s, 1, 'fr'));
  assert.match(bystander, /Les assaillants perdirent la 210e Phalange\. Les défenseurs perdirent les 46e Garous et la 48e Garnison\./);
});
