/** The Adventurer Kings order sheet: the §15.12 sample (TV-49), per-line errors, keywords, structured answers. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatSheet, parseSheet, parseStructured } from '../../src/rulesets/adventurer-kings/orders/sheet.ts';
import { SAMPLE_SHEET, sampleState } from './sheet-fixture.ts';

const codes = (sheet: ReturnType<typeof parseSheet>['sheet'], id: number) => sheet.characters[id]!.phases.map((p) => p?.code ?? null);
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.startsWith(needle)) + 1;

test('TV-49 the §15.12 sample sheet parses to the expected structure', () => {
  const s = sampleState();
  const { sheet, issues } = parseSheet(s, 1, SAMPLE_SHEET);
  // Kingdom orders: treaty with King 5, break with King 4, no vote called.
  assert.deepEqual(sheet.treaties, [5]);
  assert.deepEqual(sheet.breaks, [4]);
  assert.equal(sheet.callVote, false);
  // Strahd: MO 207, SE 82 with its plan, MO 208, PI 25,26, CA BL 208.
  assert.deepEqual(codes(sheet, 3), ['MO', 'SE', 'MO', 'PI', 'CA']);
  assert.deepEqual(sheet.characters[3]!.phases[1]!.plan, [
    { code: 'CA', arg: 'HA' }, { code: 'CA', arg: 'FI' }, { code: 'FI' }, { code: 'ME' }, { code: 'ME' }, { code: 'FL' },
  ]);
  assert.equal(sheet.characters[3]!.phases[3]!.text, 'PI 25 26');
  // Strahd's special plan starts with FL: he refuses duels and never challenges.
  assert.deepEqual(sheet.characters[3]!.special?.map((t) => t.arg ? `${t.code}-${t.arg}` : t.code), ['FL', 'CA-SP', 'CA-TE', 'FI', 'ME']);
  // Rainulf: TR 33, CA RE 33, then trains Sage.
  assert.deepEqual(codes(sheet, 25), ['TR', 'CA', 'PR', 'PR', 'PR']);
  assert.deepEqual(sheet.characters[25]!.special, [{ code: 'FL' }]);
  // Riose: RE FL,FL pour 52, MO 307, MO 308, EX, EX; the first of his two special plans is used (G-37).
  assert.deepEqual(codes(sheet, 52), ['RE', 'MO', 'MO', 'EX', 'EX']);
  assert.equal(sheet.characters[52]!.phases[0]!.text, 'RE FL FL pour 52');
  assert.deepEqual(sheet.characters[52]!.special?.map((t) => t.arg ? `${t.code}-${t.arg}` : t.code), ['FL', 'CA-TE', 'FI', 'ME']);
  // Alain (33), dead, resurrected by Rainulf in phase 2: orders from phase 3 only.
  assert.deepEqual(codes(sheet, 33), [null, null, 'PR', 'PR', 'PR']);
  // The one issue: Riose's ambiguous second special plan, reported on its line.
  assert.deepEqual(issues.map((i) => i.line), [lineOf(SAMPLE_SHEET, 'SPECIAL CA-FI')], JSON.stringify(issues));
  assert.match(issues[0]!.text!.fr, /deux plans spéciaux/);
  assert.match(issues[0]!.message, /first one is used/);
});

test('TV-49 Alain cannot take orders before the phase after his resurrection; without the CA RE he takes none', () => {
  const s = sampleState();
  const early = SAMPLE_SHEET.replace('PERSO 33 Alain\n', 'PERSO 33 Alain\n2 PR SA\n');
  const r = parseSheet(s, 1, early);
  const line = lineOf(early, '2 PR SA');
  assert.ok(r.issues.some((i) => i.line === line && /phase 3/.test(i.message)), JSON.stringify(r.issues));
  assert.deepEqual(codes(r.sheet, 33), [null, null, 'PR', 'PR', 'PR']);
  const noRes = SAMPLE_SHEET.replace('2 CA RE 33', '2 PR SA');
  const r2 = parseSheet(s, 1, noRes);
  assert.equal(r2.sheet.characters[33]?.phases.some((p) => p !== null) ?? false, false);
  assert.ok(r2.issues.some((i) => /dead/.test(i.message)));
});

test('a malformed line yields one issue on its line and never loses the rest of the sheet', () => {
  const s = sampleState();
  const text = ['PERSO 3 Strahd', '1 MO 207', '2 ZZ 12', '3 MO 208', 'BLABLA', '4 PR Ta', '4 PR Me', 'TRAITES 5 99'].join('\n');
  const { sheet, issues } = parseSheet(s, 1, text);
  assert.deepEqual(codes(sheet, 3), ['MO', null, 'MO', 'PR', null]);
  assert.deepEqual(sheet.treaties, [5]);
  assert.deepEqual(issues.map((i) => i.line), [3, 5, 7, 8]);
  for (const i of issues) assert.ok(i.text?.fr && i.text?.en && i.message === i.text.en);
  assert.match(issues[0]!.text!.fr, /ordre inconnu « ZZ »/);
  assert.match(issues[2]!.message, /two orders for phase 4/);
  assert.match(issues[3]!.message, /no King number 99/);
});

test('orders for another kingdom\'s character, or before any character, are line errors', () => {
  const s = sampleState();
  const { sheet, issues } = parseSheet(s, 1, ['1 MO 207', 'PERSO 40 Vashti', '1 PR Ta', 'PERSO 999', '1 PR Ta'].join('\n'));
  assert.deepEqual(sheet.characters, {});
  // A number that names nobody reads exactly like another kingdom's character (no probing of numbers).
  assert.deepEqual(issues.map((i) => i.line), [1, 3, 5]);
  assert.match(issues[1]!.message, /not in your service/);
  assert.equal(issues[2]!.message.replace('999', 'N'), issues[1]!.message.replace('40', 'N'));
});

test('G-38 labels are checked only against names the kingdom knows: an unknown number gets no verdict', () => {
  const s = sampleState();
  // Character 40 is another kingdom's and unseen: whatever the label, nothing is said of it.
  const unseen = parseSheet(s, 1, 'PERSO 40 Vashti\nSPECIAL FL');
  const wrong = parseSheet(s, 1, 'PERSO 40 Quelquun\nSPECIAL FL');
  assert.deepEqual(unseen.issues.map((i) => i.message), wrong.issues.map((i) => i.message));
  assert.ok(!JSON.stringify(wrong.issues).includes(s.characters[40]!.name), 'his name is never quoted');
  // One's own character: a wrong label is a warning that quotes his name.
  const own = parseSheet(s, 1, 'PERSO 3 Zorglub\n1 PR Ta');
  assert.equal(own.issues.length, 1);
  assert.match(own.issues[0]!.message, /Strahd/);
});

test('English keywords and French keywords read the same; ALL/TOUS; VOTE', () => {
  const s = sampleState();
  const en = parseSheet(s, 1, ['TREATIES ALL', 'BREAKS 4', 'VOTE', 'CHARACTER 3 Strahd', 'P1 MO 207', 'SPECIAL FL, ME'].join('\n'));
  const fr = parseSheet(s, 1, ['Traités tous', 'ruptures 4', 'vote oui', 'perso 3 strahd', '1 mo 207', 'spécial FL, ME'].join('\n'));
  assert.deepEqual(en.issues, []);
  assert.deepEqual(fr.issues, []);
  assert.deepEqual(en.sheet, fr.sheet);
  assert.equal(en.sheet.treaties, 'all');
  assert.equal(en.sheet.callVote, true);
});

test('G-38 a label that does not match the number is a warning; the order follows the number', () => {
  const s = sampleState();
  const { sheet, issues } = parseSheet(s, 1, ['PERSO 3 Dracula', '1 MO 207', 'PERSO 25 (Rainulf)', '1 PR Ta'].join('\n'));
  assert.deepEqual(codes(sheet, 3), ['MO', null, null, null, null]);
  assert.deepEqual(issues.map((i) => i.line), [1]);
  assert.match(issues[0]!.text!.fr, /Dracula/);
});

test('the guided form\'s one-line orders: `3.1 MO 207`, a plan as the final quoted text, `3.SPECIAL`', () => {
  const s = sampleState();
  const r = parseSheet(s, 1, ['3.1 MO 207', '3.2 SE 82 "CA-FI, ME, FL"', '3.SPECIAL "FL, ME"'].join('\n'));
  assert.deepEqual(r.issues, []);
  assert.deepEqual(codes(r.sheet, 3), ['MO', 'SE', null, null, null]);
  assert.deepEqual(r.sheet.characters[3]!.phases[1]!.plan, [{ code: 'CA', arg: 'FI' }, { code: 'ME' }, { code: 'FL' }]);
  assert.deepEqual(r.sheet.characters[3]!.special, [{ code: 'FL' }, { code: 'ME' }]);
});

test('formatSheet writes a sheet that reads back to the same sheet (fr and en); structured answers validate alike', async () => {
  const { adventurerKings } = await import('../../src/rulesets/adventurer-kings/index.ts');
  const s = sampleState();
  const { sheet } = parseSheet(s, 1, SAMPLE_SHEET);
  for (const lang of ['fr', 'en'] as const) {
    const text = formatSheet(sheet, lang, s);
    const again = parseSheet(s, 1, text);
    assert.deepEqual(again.issues, [], text);
    assert.deepEqual(again.sheet, sheet);
  }
  // A JSON answer: slots given by their text.
  const structured = parseStructured(s, 1, {
    treaties: [5], breaks: [], callVote: true,
    characters: { 3: { phases: ['MO 207', { code: 'SE', text: 'SE 82', plan: [{ code: 'ME' }], value: null }, null, null, null] } } as never,
  });
  assert.deepEqual(structured.issues, []);
  assert.deepEqual(codes(structured.sheet, 3), ['MO', 'SE', null, null, null]);
  assert.equal(structured.sheet.callVote, true);
  // Through the Ruleset: a stored sheet's answer text validates back to it.
  const v = adventurerKings.validate(s, 'p1', 'orders', SAMPLE_SHEET);
  assert.ok(v.value);
  const text = adventurerKings.answerText!(s, 'p1', 'orders', v.value);
  assert.deepEqual(adventurerKings.validate(s, 'p1', 'orders', text).value, v.value);
  assert.deepEqual(adventurerKings.validate(s, 'p1', 'orders', v.value).value, v.value);
});

test('G-11 the Royal Heir line: talents, sex and temperament in French or English; a bad word is a line error', () => {
  const s = sampleState();
  const fr = parseSheet(s, 1, 'HERITIER Ta 2, Me 1, SEXE F, HUMEUR Prudent');
  assert.deepEqual(fr.issues, []);
  assert.deepEqual([fr.sheet.heirTalents, fr.sheet.heirSex, fr.sheet.heirTemperament], [{ Ta: 2, Me: 1 }, 'F', 'Cautious']);
  const en = parseSheet(s, 1, 'HEIR SEX M, TEMPER berserk');
  assert.deepEqual(en.issues, []);
  assert.deepEqual([en.sheet.heirTalents, en.sheet.heirSex, en.sheet.heirTemperament], [undefined, 'M', 'Berserk']);
  for (const lang of ['fr', 'en'] as const) {
    const back = parseSheet(s, 1, formatSheet(fr.sheet, lang, s));
    assert.deepEqual([back.sheet.heirTalents, back.sheet.heirSex, back.sheet.heirTemperament], [{ Ta: 2, Me: 1 }, 'F', 'Cautious'], lang);
  }
  const bad = parseSheet(s, 1, 'HERITIER SEXE X\nVOTE');
  assert.equal(bad.issues.length, 1);
  assert.equal(bad.issues[0]!.line, 1);
  assert.equal(bad.sheet.callVote, true, 'the next line is kept');
});
