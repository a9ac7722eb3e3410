/**
 * Issue 13 §4, "forms and the map agree with the referee", for both rulesets:
 *
 * - property: on states reached by bots (random seeds, a few turns), every choice the guided form
 *   offers (each entry, each option of each field, the other fields at their first option or
 *   bound) and every action the map offers writes a line the validator accepts, without error;
 * - Gloire & Pouvoir: the map reads the sheet being written (turn 1: a knight has no men until
 *   this turn's ARM; with an ARM line in the sheet the map offers ATT, and the levy-then-attack
 *   sheet passes without warning);
 * - Adventurer Kings: no MO into a sea hex for a character leading armies without fleets;
 *   the guided form writes RE with its « pour » and no quotes;
 * - warnings at entry, in both languages (ATT out of reach, ARM beyond the treasury, AK MO
 *   without a route), and they never refuse a line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { advance, createGame, type GameRecord } from '../../src/engine/game.ts';
import { formLine, isError, withWarnings, type FormEntry, type FormField, type Ruleset } from '../../src/engine/ruleset.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { gloireEtPouvoir as gp } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import { adventurerKings as ak } from '../../src/rulesets/adventurer-kings/index.ts';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { neighbours } from '../../src/rulesets/adventurer-kings/world/geometry.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

/** A game after `turns` turns of bots' play. */
function played<S>(id: string, options: unknown, seed: string, turns: number): GameRecord<S> {
  const entry = getRuleset(id);
  let g = createGame(entry.ruleset, options, seed) as GameRecord;
  for (let i = 0; i < turns && entry.ruleset.decisions(g.state).length; i++) {
    g = advance(entry.ruleset, botAnswers(entry, g), { useDefaults: true });
  }
  return g as GameRecord<S>;
}

/** What a player types in the free text fields (a plan, a password, a name). */
const TEXT_SAMPLES: Record<string, string> = { plan: 'FL, ME', password: 'pw', name: 'Nouveau Nom' };

/** A value for each field: the option or bound asked for `f`, the first option or the lower bound for the others. */
function fill(entry: FormEntry, vary: FormField | null, option: string | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of entry.fields) {
    if (f === vary && option !== null) { values[f.name] = option; continue; }
    if (f.kind === 'choice') values[f.name] = f.options[0]?.value ?? '';
    else if (f.kind === 'integer') values[f.name] = String(f.min ?? 1);
    else values[f.name] = f.optional ? '' : TEXT_SAMPLES[f.name] ?? 'Nouveau';
  }
  return values;
}

/** Every line the guided form can write with one field varied over its choices. */
function formLines(entries: FormEntry[]): string[] {
  const lines: string[] = [];
  for (const e of entries) {
    const first = formLine(e, fill(e, null, null));
    if (first !== null) lines.push(first);
    for (const f of e.fields) {
      if (f.kind !== 'choice') continue;
      for (const o of f.options) { const l = formLine(e, fill(e, f, o.value)); if (l !== null) lines.push(l); }
    }
  }
  return [...new Set(lines)];
}

function errorsOf<S>(rs: Ruleset<S>, s: S, player: string, text: string) {
  return rs.validate(s, player, 'orders', text).issues.filter(isError);
}


test('G&P: every choice of the guided form and of the map is accepted by the validator (bots\u2019 games, random seeds)', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 3 }), (seed, turns) => {
    const g = played<GPState>('gloire-et-pouvoir', { map: 'scandinavia', lords: ['Ana', 'Bert', 'Cid', 'Dora'] }, `forms-${seed}`, turns);
    const s = g.state;
    if (s.finished) return;
    for (const lord of gp.decisions(s)[0]!.players) {
      const form = gp.answerForm!(s, lord, 'orders', 'fr');
      for (const line of formLines(form.groups.flatMap((gr) => gr.entries))) {
        assert.deepEqual(errorsOf(gp, s, lord, line), [], `form line "${line}" refused (seed ${seed}, turn ${s.turn})`);
      }
      for (const u of gp.mapDoc!(s, lord, 'en').units) {
        for (const a of u.actions) {
          const line = a.line.split('{n}').join(String(a.ask?.value ?? a.ask?.min ?? 1));
          assert.deepEqual(errorsOf(gp, s, lord, line), [], `map line "${line}" refused (seed ${seed})`);
          // And the referee's phases, played ahead, would not cancel it.
          assert.deepEqual(withWarnings(gp, s, lord, 'orders', line, gp.validate(s, lord, 'orders', line)), [], `map line "${line}" warned (seed ${seed})`);
          if (a.ask?.max !== undefined) assert.deepEqual(errorsOf(gp, s, lord, a.line.split('{n}').join(String(a.ask.max))), []);
        }
      }
    }
  }), { numRuns: 5 });
});

test('AK: every choice of the guided form and of the map is accepted by the validator (bots\u2019 games, random seeds)', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 2 }), (seed, turns) => {
    const g = played<AKState>('adventurer-kings', { players: 3 }, `forms-${seed}`, turns);
    const s = g.state;
    if (s.finished) return;
    for (const player of ak.decisions(s)[0]!.players) {
      const form = ak.answerForm!(s, player, 'orders', 'en');
      assert.equal(form.layout, 'picker');
      for (const line of formLines(form.groups.flatMap((gr) => gr.entries))) {
        // An action line stands under its character's block: the form's code is `<char>.<phase> …`.
        assert.deepEqual(errorsOf(ak, s, player, line), [], `form line "${line}" refused (seed ${seed}, turn ${s.turn})`);
      }
      for (const u of ak.mapDoc!(s, player, 'fr').units) {
        for (const a of u.actions) {
          const line = a.line.split('{n}').join('1');
          assert.deepEqual(errorsOf(ak, s, player, line), [], `map line "${line}" refused (seed ${seed})`);
          assert.deepEqual(withWarnings(ak, s, player, 'orders', line, ak.validate(s, player, 'orders', line)), [], `map line "${line}" warned (seed ${seed})`);
        }
      }
    }
    // A counterexample found once: the form offered US for a War Banner (combat use only, US-n in a plan).
  }), { numRuns: 3, examples: [[998528, 1]] });
});

test('G&P turn 1: the map reads the sheet — no ATT before a levy, ATT once ARM is in the sheet, and the levy-then-attack sheet has no warning', () => {
  const s = createGame(gp, { map: 'scandinavia', lords: ['Ana', 'Bert', 'Cid'] }, 'levy').state as GPState;
  const lord = 'L1';
  const before = gp.mapDoc!(s, lord, 'en').units[0]!;
  assert.ok(!before.actions.some((a) => a.code === 'ATT'), 'no men yet: no attack offered');
  const arm = before.actions.find((a) => a.code === 'ARM')!;
  const levy = arm.line.split('{n}').join('1000');
  const sheet = gp.validate(s, lord, 'orders', levy);
  assert.deepEqual(sheet.issues, []);
  const after = gp.mapDoc!(s, lord, 'en', sheet.value).units[0]!;
  const att = after.actions.find((a) => a.code === 'ATT');
  assert.ok(att, 'after ARM in the sheet, the map offers ATT');
  assert.ok(att.ask!.max! > 0, 'with the men levied');
  const text = `${levy}\n${att.line.split('{n}').join('0')}`;
  const v = gp.validate(s, lord, 'orders', text);
  assert.deepEqual(withWarnings(gp, s, lord, 'orders', null, v), [], 'levy then attack: accepted, no warning');
});

test('G&P warnings at entry, in both languages: ATT out of reach (certain), ARM beyond the treasury (may), an attack without men; lines kept', () => {
  const s = createGame(gp, { map: 'scandinavia', lords: ['Ana', 'Bert', 'Cid'] }, 'warn').state as GPState;
  const lord = 'L1';
  const k = Object.values(s.knights).find((x) => x.lord === lord)!;
  const home = k.location;
  const far = Object.values(s.territories).find((t) => t.owner !== lord && t.id !== home && !gp.mapDoc!(s, lord, 'en').units[0]!.actions.some((a) => a.region === t.id))!;
  const text = [`ARM ${home} 999999 ${k.id}`, `ATT ${k.id} ${far.id}`].join('\n');
  const v = gp.validate(s, lord, 'orders', text);
  assert.deepEqual(v.issues, [], 'both lines are valid orders');
  assert.equal(v.value!.lines.length, 2, 'and both are kept');
  const w = withWarnings(gp, s, lord, 'orders', null, v);
  assert.deepEqual(w.map((i) => [i.line, i.severity]), [[1, 'warning'], [2, 'warning']]);
  assert.match(w[0]!.text!.en, /may be cancelled: not enough money/);
  assert.match(w[0]!.text!.fr, /risque d’être annulé : trésor insuffisant/);
  // Line 1 fails for want of money: the knight has no men, so line 2 is said to fail for that.
  assert.match(w[1]!.text!.en, /will cancel|may be cancelled/);
  assert.match(w[1]!.text!.fr, /annulera|risque/);
  // With the men levied, the far attack is refused for being out of reach, for certain.
  const ok = gp.validate(s, lord, 'orders', [`ARM ${home} 1000 ${k.id}`, `ATT ${k.id} ${far.id}`].join('\n'));
  const w2 = withWarnings(gp, s, lord, 'orders', null, ok);
  assert.deepEqual(w2.map((i) => [i.line, i.text!.en]), [[2, 'the referee will cancel this order: this land is not adjacent']]);
  assert.equal(w2[0]!.text!.fr, 'le juge annulera cet ordre : cette terre n’est pas voisine');
});

test('G&P warnings keep the fog: a transfer to a knight the lord cannot see gets no warning either way', () => {
  const s = createGame(gp, { map: 'scandinavia', lords: ['Ana', 'Bert', 'Cid'] }, 'fog').state as GPState;
  const lord = 'L1';
  const k = Object.values(s.knights).find((x) => x.lord === lord)!;
  const other = Object.values(s.knights).find((x) => x.lord === 'L2')!;
  const lines = (to: string) => [`ARM ${k.location} 1000 ${k.id}`, `TSF ${k.id} "Bert/${to}" 10`].join('\n');
  const real = withWarnings(gp, s, lord, 'orders', null, gp.validate(s, lord, 'orders', lines(other.name)));
  const ghost = withWarnings(gp, s, lord, 'orders', null, gp.validate(s, lord, 'orders', lines('Nobody At All')));
  assert.deepEqual(real.map((i) => i.text), ghost.map((i) => i.text), 'an existing and a non-existent receiver read alike');
});

test('AK: the map offers no MO into the sea to a character leading armies without fleets', () => {
  let checked = 0;
  for (const seed of ['sea-1', 'sea-2', 'sea-3', 'sea-4']) {
    const s = createGame(ak, { players: 4 }, seed).state as AKState;
    for (const player of ak.decisions(s)[0]!.players) {
      for (const u of ak.mapDoc!(s, player, 'en').units) {
        const c = s.characters[Number(u.id)]!;
        const led = Object.values(s.armies).filter((a) => a.leader === c.id && a.status === 'Led' && a.province === c.province);
        const hasFleet = led.some((a) => a.type === 'FL');
        const seaNext = neighbours(c.province).filter((p) => s.provinces[p]?.terrain === 'Sea');
        if (!led.length || hasFleet || !seaNext.length) continue;
        for (const p of seaNext) {
          assert.ok(!u.actions.some((a) => a.code === 'MO' && a.region === String(p)), `${c.name}'s armies cannot enter sea hex ${p}`);
          checked++;
          // Fog of war: the same hex, unexplored, is offered (the map must not tell it is sea).
          const fogged = structuredClone(s);
          const k = fogged.kingdoms[c.kingdom!]!;
          if (fogged.provinces[p]!.owner === k.id) continue;
          delete fogged.knowledge[k.id]!.provinces[p];
          const unit = ak.mapDoc!(fogged, player, 'en').units.find((x) => x.id === u.id)!;
          assert.ok(unit.actions.some((a) => a.code === 'MO' && a.region === String(p)), `unexplored hex ${p} is offered`);
          const text = `PERSO ${c.id} ${c.name}\n1 MO ${p}`;
          const v = ak.validate(fogged, player, 'orders', text);
          assert.deepEqual(withWarnings(ak, fogged, player, 'orders', text, v), [], 'and no warning tells what lies there');
        }
      }
    }
  }
  assert.ok(checked > 0, 'some army-leading character stands by the sea');
});

test('AK guided form: RE, DI, LE, GI and CA have structured fields; RE writes « pour » without quotes and is accepted', () => {
  const s = createGame(ak, { players: 3 }, 'form').state as AKState;
  const player = ak.decisions(s)[0]!.players[0]!;
  const form = ak.answerForm!(s, player, 'orders', 'fr');
  const entries = form.groups.flatMap((g) => g.entries);
  const re = entries.find((e) => / RE$/.test(e.code))!;
  assert.deepEqual(re.fields.map((f) => [f.name, f.kind, f.prefix]), [['types', 'choice', undefined], ['commander', 'choice', 'pour']]);
  const line = formLine(re, { types: 'BO', commander: 'GC' })!;
  assert.match(line, /^\d+\.1 RE BO pour GC$/);
  assert.deepEqual(errorsOf(ak, s, player, line), []);
  for (const code of ['RE', 'DI', 'LE', 'GI']) {
    for (const e of entries.filter((x) => x.code.endsWith(` ${code}`))) assert.ok(e.fields.every((f) => f.kind !== 'text'), `${e.code} has no free text`);
  }
  for (const e of entries.filter((x) => / CA [A-Z]{2}$/.test(x.code))) assert.ok(e.fields.every((f) => f.kind === 'choice'), `${e.code}: the target is a choice`);
  // Groups are per character and season, in sections: the picker shows one entry at a time.
  assert.ok(form.groups.every((g) => g.section));
});

test('AK warnings at entry: MO with no practicable route is said in both languages, and the line is kept', () => {
  for (const seed of ['sea-1', 'sea-2', 'sea-3', 'sea-4']) {
    const s = createGame(ak, { players: 4 }, seed).state as AKState;
    for (const player of ak.decisions(s)[0]!.players) {
      const k = Object.values(s.kingdoms).find((x) => x.player === player)!;
      for (const c of Object.values(s.characters).filter((x) => x.kingdom === k.id && x.alive)) {
        const led = Object.values(s.armies).filter((a) => a.leader === c.id && a.status === 'Led' && a.province === c.province);
        if (!led.length || led.some((a) => a.type === 'FL')) continue;
        const sea = neighbours(c.province).find((p) => s.provinces[p]?.terrain === 'Sea');
        if (sea === undefined) continue;
        const text = `PERSO ${c.id} ${c.name}\n1 MO ${sea}`;
        const v = ak.validate(s, player, 'orders', text);
        assert.deepEqual(v.issues.filter(isError), []);
        const w = withWarnings(ak, s, player, 'orders', text, v).filter((i) => i.severity === 'warning');
        assert.equal(w.length, 1);
        assert.equal(w[0]!.line, 2);
        assert.match(w[0]!.text!.en, /no practicable route/);
        assert.match(w[0]!.text!.fr, /aucun chemin praticable/);
        return;
      }
    }
  }
  assert.fail('no army by the sea in these seeds');
});
