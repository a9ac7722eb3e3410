/**
 * The host options of the board games in the site's creation form (registry `hostForm`; issues 15
 * and 21): Fief's Appendix A options and Warrior Knights' game length and §7.4 variants are offered
 * as fields of their own, a bad value is refused beside its field in the host's language, and the
 * choices reach the game: stored with it, and in the rules' configuration once it starts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { fiefHostOptions } from '../../src/rulesets/fief/host-form.ts';
import { wkHostOptions } from '../../src/rulesets/warrior-knights/host-form.ts';
import { warriorKnights } from '../../src/rulesets/warrior-knights/index.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { createRng } from '../../src/engine/rng.ts';
import { pageText } from './http.ts';
import { loggedIn, newUser } from './users.ts';
import { startTestPlatform, stateOf, type TestPlatform } from './util.ts';

const createForm = (over: Record<string, string>) => ({
  name: 'Partie à options', lords: '3', lordName: 'Aude', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris',
  pace: 'live', absentAfter: '3', ...over,
});
const optionsOf = async (tp: TestPlatform, id: number) => {
  const row = (await tp.db.one<{ options: unknown }>('SELECT options FROM games WHERE id = $1', [id]))!;
  return (typeof row.options === 'string' ? JSON.parse(row.options) : row.options) as Record<string, unknown>;
};

test('the forms’ values as options, and the rules’ setup lays them over the JSON constants', () => {
  assert.deepEqual(wkHostOptions({}), { options: { length: 10 } }, 'the defaults: the standard length, no variant');
  assert.deepEqual(wkHostOptions({ length: '12', heirExchange: 'yes', playerElimination: 'no' }), { options: { length: 12, variants: { heirExchange: true } } });
  assert.ok('issues' in wkHostOptions({ length: '11' }) && 'issues' in wkHostOptions({ freeFormMotions: 'perhaps' }));
  assert.deepEqual(fiefHostOptions({ relics: 'yes', freeDiplomacy: 'yes', hiddenMoney: 'no' }), { options: { variants: { relics: true } } }, 'only what differs from the table');
  assert.deepEqual(fiefHostOptions({ freeDiplomacy: 'no' }), { options: { variants: { freeDiplomacy: false } } }, 'embassies');
  const wk = warriorKnights.setup({ players: 3, length: 12, variants: { heirExchange: true }, config: { options: { lawOfTheStrongest: true } } }, createRng('h', 'setup')) as WkGame;
  assert.deepEqual([wk.wk.config.options.heirExchange, wk.wk.config.options.lawOfTheStrongest, wk.wk.config.influence.perPlayer], [true, true, 12]);
  const f = fief.setup({ players: 3, variants: { relics: true, freeDiplomacy: false }, config: { options: { hiddenMoney: true } } }, createRng('h', 'setup')) as FiefGame;
  assert.deepEqual([f.fief.config.options.relics, f.fief.config.options.freeDiplomacy, f.fief.config.options.hiddenMoney], [true, false, true]);
});

describe('the board games’ host options on the site (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite'); });
  after(async () => { await tp?.close(); });

  test('Fief and Warrior Knights offer their options in the creation form; a bad one is refused beside its field; the chosen ones reach the game', { timeout: 180_000 }, async () => {
    const host = await newUser(tp, 'board_host');
    const b = await loggedIn(tp, host);
    const form = await b.get('/games');
    assert.match(form.text, /<fieldset class="host-form" data-ruleset="fief">/);
    assert.match(form.text, /<fieldset class="host-form" data-ruleset="warrior-knights">/);
    const text = pageText(form.text);
    for (const label of ['Reliques (A.1)', 'Brouillard de guerre (A.2)', 'Diplomatie (A.3)', 'Trésors cachés (A.5)', 'Durée de la partie (Influence par baron, §7.4)', 'Échanges d’héritiers', 'Élimination d’un joueur', 'Motions personnelles libres', 'Loi du plus fort']) assert.ok(text.includes(label), label);

    const bad = await b.post('/games', createForm({ map: 'warrior-knights/original', 'host.warrior-knights.length': '11' }));
    assert.equal(bad.status, 400);
    assert.match(pageText(bad.text), /Une durée parmi 8, 10, 12 et 15\./);
    assert.match(bad.text, /id="host-warrior-knights-length"[^>]*aria-invalid="true"/, 'beside its field');

    const wk = await b.post('/games', createForm({ map: 'warrior-knights/original', 'host.warrior-knights.length': '8', 'host.warrior-knights.playerElimination': 'yes', 'host.warrior-knights.freeFormMotions': 'yes' }), { follow: false });
    assert.equal(wk.status, 303, pageText(wk.text).slice(0, 300));
    const wkId = Number(/\/games\/(\d+)/.exec(wk.location ?? '')?.[1]);
    const wo = await optionsOf(tp, wkId);
    assert.deepEqual({ length: wo.length, variants: wo.variants }, { length: 8, variants: { playerElimination: true, freeFormMotions: true } });

    const fi = await b.post('/games', createForm({ map: 'fief/original', 'host.fief.relics': 'yes', 'host.fief.freeDiplomacy': 'no', 'host.fief.fogOfWar': 'no' }), { follow: false });
    assert.equal(fi.status, 303, pageText(fi.text).slice(0, 300));
    const fiId = Number(/\/games\/(\d+)/.exec(fi.location ?? '')?.[1]);
    assert.deepEqual((await optionsOf(tp, fiId)).variants, { relics: true, freeDiplomacy: false });

    // the other seats taken, the game starts: the rules play with them
    for (const id of [wkId, fiId]) for (const k of [2, 3]) {
      const u = await newUser(tp, `board_p${id}_${k}`);
      await games.joinPrivate(tp.platform.ctx, id, u.id, `Joueur ${k}`, 'sesame', null);
    }
    for (const id of [wkId, fiId]) assert.equal((await tp.db.one<{ status: string }>('SELECT status FROM games WHERE id = $1', [id]))!.status, 'running');
    const gw = await stateOf<WkGame>(tp, wkId);
    assert.deepEqual([gw.wk.config.options.playerElimination, gw.wk.config.options.freeFormMotions, gw.wk.config.options.heirExchange, gw.wk.config.influence.perPlayer], [true, true, false, 8]);
    const gf = await stateOf<FiefGame>(tp, fiId);
    assert.deepEqual([gf.fief.config.options.relics, gf.fief.config.options.freeDiplomacy, gf.fief.config.options.fogOfWar], [true, false, false]);
  });
});
