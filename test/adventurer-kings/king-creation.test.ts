/**
 * The King's creation at join (§15.14): « Indiquez pour votre Roi : race, alignement, tempérament,
 * sexe et 4 niveaux de talent, au plus 2 dans une caractéristique ». The ruleset's seat form (the
 * engine hook the platform renders), its limits read from the constants table, its errors tied to
 * their fields in both languages, and the choice reaching the setup: same seed and same choices
 * give the same game, to the hash.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createGame } from '../../src/engine/game.ts';
import { hashState } from '../../src/engine/hash.ts';
import { createRng } from '../../src/engine/rng.ts';
import { adventurerKings } from '../../src/rulesets/adventurer-kings/index.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { CHAR_CODES } from '../../src/rulesets/adventurer-kings/state.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const form = adventurerKings.seatForm!;
const fieldsOf = (issues: { field: string }[]) => issues.map((i) => i.field).sort();

describe('the seat form of Adventurer Kings (§15.14)', () => {
  test('fields: race, alignment, fallback, temperament, sex and one talent per characteristic, 0..2, each with "at random"', () => {
    for (const lang of ['fr', 'en'] as const) {
      const f = form.fields(lang, { map: 'standard' });
      assert.deepEqual(f.filter((x) => !x.group).map((x) => x.name), ['race', 'alignment', 'fallbackAlignment', 'temperament', 'sex']);
      // AK Europe adds the country (§14.2); a form for a game not chosen yet offers it too.
      assert.equal(form.fields(lang, { map: 'europe' })[0]!.name, 'position');
      assert.equal(form.fields(lang)[0]!.name, 'position');
      const talents = f.filter((x) => x.group === 'talents');
      assert.deepEqual(talents.map((x) => x.name), [...CHAR_CODES]);
      for (const t of talents) assert.ok(t.kind === 'integer' && t.min === 0 && t.max === 2);
      const race = f.find((x) => x.name === 'race')!;
      assert.ok(race.kind === 'choice' && race.options[0]!.value === '' && race.options.length === 5);
    }
    assert.match(form.groups!('fr').talents!.help!, /4 niveaux en tout, au plus 2 dans une caractéristique/);
    assert.match(form.groups!('en').talents!.help!, /4 levels in all, at most 2 in one characteristic/);
  });

  test('the limits come from the host\'s constants', () => {
    const options = { config: { world: { kingTalentLevels: 6, kingTalentMaxPer: 3 } } };
    assert.equal((form.fields('en', options).find((x) => x.name === 'Ta') as { max: number }).max, 3);
    assert.match(form.groups!('en', options).talents!.help!, /6 levels in all, at most 3/);
    assert.deepEqual(form.check({ Ta: '3', Dr: '3' }, options).issues, []);
    assert.deepEqual(fieldsOf(form.check({ Ta: '3', Dr: '3' }).issues), ['Dr', 'Ta']);
  });

  test('a legal King: French or English names, ids, any case; empty fields are left to the draw', () => {
    const r = form.check({ race: 'elfe', alignment: 'Druide', temperament: 'brave', sex: 'F', Ta: '2', Dr: '1', Ma: '', Na: '0' });
    assert.deepEqual(r.issues, []);
    assert.deepEqual(r.value, { race: 'Elf', alignment: 'Druid', temperament: 'Brave', sex: 'F', talents: { Ta: 2, Dr: 1 } });
    assert.equal(form.check({}).value, null);
    // A JSON client may send numbers.
    assert.deepEqual(form.check({ Ta: 2 as unknown as string, Dr: 1 as unknown as string }).value, { talents: { Ta: 2, Dr: 1 } });
    assert.equal(form.check({ race: '', Ta: '0' }).value, null);
  });

  test('the rules\' limits, each error on its field, in both languages', () => {
    const over = form.check({ Ta: '3' });
    assert.deepEqual(fieldsOf(over.issues), ['Ta']);
    assert.match(over.issues[0]!.text.fr, /Tactique : de 0 à 2 niveaux/);
    assert.match(over.issues[0]!.text.en, /Tactics: 0 to 2 levels/);
    const five = form.check({ Ta: '2', Ma: '2', Dr: '1' });
    assert.deepEqual(fieldsOf(five.issues), ['talents']);
    assert.match(five.issues[0]!.text.fr, /5 niveaux de talent demandés : 4 au plus/);
    assert.deepEqual(fieldsOf(form.check({ Ta: 'deux', Me: '-1', Ar: '1.5' }).issues), ['Ar', 'Me', 'Ta']);
    const race = form.check({ race: 'Hobbit' });
    assert.deepEqual(fieldsOf(race.issues), ['race']);
    assert.match(race.issues[0]!.text.fr, /« Hobbit » n’est pas un choix possible ; choisissez parmi : Humain, Elfe, Nain, Orque/);
    assert.match(race.issues[0]!.text.en, /choose among: Human, Elf, Dwarf, Orc/);
    // §13.1: a special alignment needs an ordinary fallback; §13.2–13.3: the locked college.
    assert.deepEqual(fieldsOf(form.check({ alignment: 'Undead' }).issues), ['fallbackAlignment']);
    assert.deepEqual(fieldsOf(form.check({ alignment: 'Undead', fallbackAlignment: 'Divine' }).issues), ['fallbackAlignment']);
    assert.deepEqual(form.check({ alignment: 'Undead', fallbackAlignment: 'Evil' }).issues, []);
    const locked = form.check({ alignment: 'Divine', fallbackAlignment: 'Good', Ne: '1' });
    assert.deepEqual(fieldsOf(locked.issues), ['Ne']);
    assert.match(locked.issues[0]!.text.fr, /un Roi Divin ne peut mettre aucun niveau en Nécromancie/);
    assert.deepEqual(fieldsOf(form.check({ alignment: 'Undead', fallbackAlignment: 'Evil', Wh: '2' }).issues), ['Wh']);
  });
});

describe('the choice reaches the setup', () => {
  const entry = getRuleset('adventurer-kings');
  const elf = { race: 'Elf', alignment: 'Druid', temperament: 'Cautious', sex: 'F', talents: { Ta: 2, Dr: 2 } };
  const undead = { alignment: 'Undead', fallbackAlignment: 'Evil', talents: { Ne: 1 } };

  test('each seat\'s King is as chosen; a seat without a choice is drawn from the seed', () => {
    const g = createGame(adventurerKings, entry.options({ lords: ['Aliénor', 'Bohémond', 'Bot'], choices: [elf, undead, null] }), 'kings');
    const s = g.state as AKState;
    const k1 = s.characters[1]!;
    assert.equal(k1.name, 'Aliénor');
    assert.deepEqual([k1.race, k1.alignment, k1.temperament, k1.sex], ['Elf', 'Druid', 'Cautious', 'F']);
    assert.equal(k1.talent.Ta, 2);
    assert.equal(k1.talent.Dr, 2);
    assert.equal(CHAR_CODES.reduce((n, c) => n + k1.talent[c], 0), 4);
    assert.equal(s.provinces[s.kingdoms[1]!.capital]!.race, 'Elf', 'the capital\'s people is the King\'s race (G-02)');
    const k2 = s.characters[2]!;
    assert.equal(k2.alignment, 'Undead');
    assert.ok(k2.talent.Ne >= 2, 'one level chosen, +1 for an Undead King (§13.3)');
    assert.equal(CHAR_CODES.reduce((n, c) => n + k2.talent[c], 0), 5, 'three more levels drawn at random, plus the Undead bonus');
    assert.equal(k2.talent.Wh, 0);
    assert.ok(['Good', 'Druid', 'Neutral', 'Pagan', 'Evil'].includes(s.characters[3]!.alignment), 'the bot\'s King is drawn');
  });

  test('the second Undead King takes his fallback (§13.1)', () => {
    const s = createGame(adventurerKings, entry.options({ lords: ['A', 'B'], choices: [undead, { ...undead, fallbackAlignment: 'Pagan' }] }), 'fallback').state as AKState;
    assert.deepEqual([s.characters[1]!.alignment, s.characters[2]!.alignment], ['Undead', 'Pagan']);
  });

  test('determinism: same seed and same choices give the same hash; another choice another world', () => {
    const opts = entry.options({ lords: ['A', 'B', 'C'], choices: [elf, null, undead] });
    const a = createGame(adventurerKings, opts, 'seed-1');
    const b = createGame(adventurerKings, JSON.parse(JSON.stringify(opts)), 'seed-1');
    assert.equal(a.initialHash, b.initialHash);
    assert.equal(hashState(a.state), hashState(b.state));
    const c = createGame(adventurerKings, entry.options({ lords: ['A', 'B', 'C'], choices: [{ ...elf, race: 'Dwarf' }, null, undead] }), 'seed-1');
    assert.notEqual(c.initialHash, a.initialHash);
    // Without choices the game is as before this hook: no `choices` key in the options.
    assert.deepEqual(entry.options({ lords: ['A', 'B'], choices: [null, null] }), { lords: ['A', 'B'] });
  });

  test('a stored choice that the form would refuse is refused by the setup, in both languages', () => {
    for (const bad of [{ race: 'Hobbit' }, { talents: { Ta: 3 } }, { talents: { Zz: 1 } }, { colour: 'red' }, 'Elf']) {
      assert.throws(() => adventurerKings.setup(entry.options({ lords: ['A', 'B'], choices: [bad as never, null] }) as never, createRng('x', 'setup')),
        (e: Error & { localized?: { fr: string; en: string } }) => !!e.localized?.fr && !!e.localized.en);
    }
  });
});
