/**
 * Lords by name in Fief's lines (answers.ts `readWords`, `lordWords`): the guided form, the map and
 * the stored answer's text write `move HÉLOÏSE BOURG 0 0`, never the lord's id (`LORD_F_06#1`);
 * the referee reads the name in any case, with or without its accents, the village likewise, and
 * still reads the id; a line it cannot read is echoed with the names the player wrote.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson } from '../../src/engine/hash.ts';
import { createRng } from '../../src/engine/rng.ts';
import { formLine } from '../../src/engine/ruleset.ts';
import { answerText } from '../../src/rulesets/fief/answers.ts';
import { lordWords, readWords } from '../../src/rulesets/fief/words.ts';
import { botAnswer } from '../../src/rulesets/fief/bot.ts';
import type { FiefGame, FlowKind } from '../../src/rulesets/fief/flow.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import type { MoveCommand } from '../../src/rulesets/fief/rules/movement.ts';
import { playBotGames } from './fixture.ts';

const ID = /LORD_[MF]_\d+#\d+/;
const plain = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

test('the form, the map and the answer\'s text name the lords; each line reads back as the answer with the ids', { timeout: 120_000 }, () => {
  const seen: Record<string, number> = {};
  playBotGames([[3, 'names-3'], [5, 'names-5']], 2, (g, d, p, value) => {
    // every entry with a lord field: the options are names, and each line names him and is accepted as the id
    for (const e of fief.answerForm!(g, p, d.id, 'fr').groups.flatMap((x) => x.entries)) {
      assert.doesNotMatch(e.code, ID, `${d.kind}: the entry's line names no id`);
      const lord = e.fields.find((f) => f.name === 'lord');
      if (!lord) continue;
      for (const o of lord.kind === 'choice' ? lord.options : []) {
        assert.doesNotMatch(o.value, ID, `${d.kind}: the option ${o.label} is his name`);
        assert.equal(o.value, o.label, `${d.kind}: the line says what the list shows`);
      }
      seen[`form ${d.kind}`] = (seen[`form ${d.kind}`] ?? 0) + 1;
    }
    for (const u of fief.mapUnits!(g, p, 'fr', null)) for (const a of u.actions) assert.doesNotMatch(a.line ?? '', ID, `map line ${a.line}`);
    // the bot's answer as text: names, read back the same (as typed in lower case without accents too)
    const v = fief.validate(g, p, d.id, value);
    if (v.value !== null && !v.issues.length && value !== null && typeof value === 'object') {
      const text = fief.answerText!(g, p, d.id, v.value);
      assert.doesNotMatch(text, ID, `${d.kind}: “${text}”`);
      const ids = fief.validate(g, p, d.id, answerText(d.kind as FlowKind, v.value)); // the same text with the ids
      for (const typed of [text, plain(text)]) {
        const back = fief.validate(g, p, d.id, typed);
        assert.deepEqual(back.issues, ids.issues, `${d.kind}: “${typed}” accepted as the ids are`);
        assert.equal(canonicalJson(back.value), canonicalJson(ids.value), `${d.kind}: “${typed}” reads as the answer`);
      }
      if (d.kind === 'movement' && (v.value as MoveCommand[]).length) seen['movement text'] = (seen['movement text'] ?? 0) + 1;
    }
    return v.value ?? value;
  }, 2000);
  for (const k of ['form purchases', 'form movement', 'movement text']) assert.ok((seen[k] ?? 0) > 0, `${k} reached: ${JSON.stringify(seen)}`);
});

test('a lord\'s id is still read, a name in any case or spelling of accents is his id, a village in any case; a bad line echoes the names', () => {
  let g: FiefGame = fief.setup({ players: 3, maxTurns: 2 }, createRng('names-read', 'setup'));
  for (let guard = 0; guard < 500 && fief.decisions(g)[0]?.kind !== 'movement'; guard++) {
    const d = fief.decisions(g)[0]!;
    g = fief.resolve(g, d.players.map((p, i) => ({ player: p, decision: d.id, value: botAnswer(g, p, d.id, createRng('names-read', `${guard}/${p}`)), order: i })), createRng('names-read', `r${guard}`)).state;
  }
  const d = fief.decisions(g)[0]!;
  assert.equal(d.kind, 'movement');
  const p = d.players[0]!;
  const s = g.fief;
  const id = s.families[p]!.lords.find((l) => s.lords[l]!.at && s.lords[l]!.prisonerOf === null)!;
  const l = s.lords[id]!;
  const to = fief.mapUnits!(g, p, 'en', null).find((u) => u.id === id)!.actions.find((a) => a.code === 'move' && a.line!.endsWith(' 0 0'))!.region;
  const want = fief.validate(g, p, d.id, `move ${id} ${to} 0 0`);
  assert.deepEqual(want.issues, [], 'the id is read');
  assert.deepEqual((want.value as MoveCommand[])[0]!.lead, id);
  for (const typed of [`move ${l.name} ${to} 0 0`, `move ${plain(l.name)} ${to.toLowerCase()} 0 0`, `aller ${l.name.toLowerCase()} ${to.replace(/_/g, '-').toLowerCase()}`]) {
    const v = fief.validate(g, p, d.id, typed);
    assert.deepEqual(v.issues, [], `“${typed}” read`);
    assert.equal((v.value as MoveCommand[])[0]!.lead, id, `“${typed}”: ${l.name} is ${id}`);
    assert.equal((v.value as MoveCommand[])[0]!.to, to);
  }
  assert.equal(readWords(s, `move ${plain(l.name)} x`), `move ${id} x`);
  assert.equal(lordWords(s, `move ${id} x`), `move ${l.name} x`);
  assert.equal(lordWords(s, 'move LORD_M_99#999 x'), 'move LORD_M_99#999 x', 'an id of no living lord stays as it is');
  const bad = fief.validate(g, p, d.id, `move ${plain(l.name)}`);
  assert.equal(bad.issues.length, 1);
  assert.equal(bad.issues[0]!.text!.en, `Line not understood: “move ${l.name}”.`, 'echoed with his name');
  assert.doesNotMatch(bad.issues[0]!.text!.fr, ID);
});

test('formLine of each lord option gives the line the referee reads as that lord', () => {
  let g: FiefGame = fief.setup({ players: 4, maxTurns: 1 }, createRng('names-form', 'setup'));
  for (let guard = 0; guard < 500 && fief.decisions(g)[0]?.kind !== 'movement'; guard++) {
    const d = fief.decisions(g)[0]!;
    g = fief.resolve(g, d.players.map((p, i) => ({ player: p, decision: d.id, value: botAnswer(g, p, d.id, createRng('names-form', `${guard}/${p}`)), order: i })), createRng('names-form', `r${guard}`)).state;
  }
  const d = fief.decisions(g)[0]!;
  const p = d.players[0]!;
  const entry = fief.answerForm!(g, p, d.id, 'en').groups[0]!.entries.find((e) => e.code === 'move')!;
  let read = 0;
  const choices = (name: string) => { const f = entry.fields.find((x) => x.name === name)!; return f.kind === 'choice' ? f.options : []; };
  for (const o of choices('lord')) {
    for (const t of choices('to')) {
      const line = formLine(entry, { lord: o.value, to: t.value, s: '0', k: '0' })!;
      const v = fief.validate(g, p, d.id, line);
      if (v.issues.length) continue; // not his neighbour: refused for that, not for the name
      assert.equal(g.fief.lords[(v.value as MoveCommand[])[0]!.lead]!.name, o.value, `“${line}”`);
      read++;
    }
  }
  assert.ok(read > 0, 'some step read');
});
