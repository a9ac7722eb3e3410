/**
 * A GM's own scenario on the creation form (issue 16: "A GM can upload his own scenario when
 * creating a game"; games/host-form.ts, game-pages.ts createGame; the registry's `scenario.check`),
 * on PGlite: "Check the scenario" shows the §12.6 summary and creates nothing; a file breaking an M
 * check is refused with the check and the entity named in the host's language, every other field
 * kept; a text that is not JSON or too long is refused, never a 500; a game created from the §12.7
 * fixture given as a file plays: its second player joins and the play page asks for the orders.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { games } from '../../src/platform/games/service.ts';
import { SCENARIO_MAX_CHARS } from '../../src/platform/games/host-form.ts';
import { pageText } from './http.ts';
import { loggedIn, newUser } from './users.ts';
import { startTestPlatform, type TestPlatform } from './util.ts';

const FIXTURE = readFileSync(new URL('../../src/rulesets/gruik/maps/fixture.json', import.meta.url), 'utf8');

const createForm = (over: Record<string, string>) => ({
  name: 'Ma campagne', map: 'gruik/anneau', lords: '2', lordName: 'Aëlis', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris',
  pace: 'live', absentAfter: '3', ...over,
});

describe('a GM’s own scenario on the creation form (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite'); });
  after(async () => { await tp?.close(); });
  const count = async () => Number((await tp.db.one<{ n: number }>('SELECT count(*)::int AS n FROM games'))!.n);

  test('the form offers it; "Check the scenario" shows the summary and creates nothing', async () => {
    const host = await newUser(tp, 'up_host');
    const b = await loggedIn(tp, host);
    const form = await b.get('/games');
    assert.match(form.text, /name="host\.gruik\.scenario"/, 'a field for the scenario in Gruik’s options');
    assert.match(form.text, /<input type="file" accept="\.json,application\/json" data-scenario-into="host-gruik-scenario"/, 'a file to read into it');
    const before = await count();
    const r = await b.post('/games', createForm({ 'host.gruik.scenario': FIXTURE, preview: 'gruik' }));
    assert.equal(r.status, 200, pageText(r.text).slice(0, 300));
    const text = pageText(r.text);
    assert.match(text, /Le scénario est accepté\./);
    assert.match(text, /Résumé \(§12\.6\)/);
    assert.match(r.text, /<pre class="scenario-summary">[\s\S]*Sylvebrune/, 'the summary names the fixture’s states');
    assert.equal(await count(), before, 'no game created by a check');
    assert.match(r.text, /name="name"[^>]*value="Ma campagne"/, 'the other fields kept');
    const empty = await b.post('/games', createForm({ preview: 'gruik' }));
    assert.equal(empty.status, 400);
    assert.match(pageText(empty.text), /Collez ou lisez d’abord un scénario\./);
  });

  test('a broken file: each error with its check and entity, in the host’s language, nothing lost; not JSON or too long: said, no 500', async () => {
    const host = await newUser(tp, 'up_host2', 'en');
    const b = await loggedIn(tp, host);
    await b.get('/games');
    const file = JSON.parse(FIXTURE) as { states: { id: string; capital: string }[] };
    file.states[0]!.capital = 'nowhere-at-all';
    const before = await count();
    const r = await b.post('/games', createForm({ name: 'Broken', 'host.gruik.scenario': JSON.stringify(file), 'host.gruik.seasons': '7' }));
    assert.equal(r.status, 400, pageText(r.text).slice(0, 300));
    const text = pageText(r.text);
    assert.match(text, /The scenario is refused: \d+ errors?/, 'refused, in English');
    const errors = /<ul class="scenario-errors">([\s\S]*?)<\/ul>/.exec(r.text)?.[1] ?? '';
    assert.match(errors, /M-\d\d/, 'each error names its check');
    assert.match(errors, new RegExp(file.states[0]!.id), 'and the entity concerned');
    assert.match(r.text, /id="host-gruik-scenario"[^>]*aria-invalid="true"/, 'the scenario field marked');
    assert.match(r.text, /name="name"[^>]*value="Broken"/, 'the name kept');
    assert.match(r.text, /id="host-gruik-seasons"[^>]*value="7"/, 'the campaign length kept');
    assert.match(r.text, /nowhere-at-all/, 'the file kept');
    assert.equal(await count(), before, 'no game');
    const notJson = await b.post('/games', createForm({ 'host.gruik.scenario': '{"map": ' }));
    assert.equal(notJson.status, 400);
    assert.match(pageText(notJson.text), /The scenario is not valid JSON: /);
    const long = await b.post('/games', createForm({ 'host.gruik.scenario': `{"x": "${'a'.repeat(SCENARIO_MAX_CHARS)}"}` }));
    assert.equal(long.status, 400);
    assert.match(pageText(long.text), new RegExp(`The scenario is over ${SCENARIO_MAX_CHARS / 1024} kB\\.`));
    // A number of players the file has no variant for: refused at the dry run, with the file's own words.
    const three = await b.post('/games', createForm({ lords: '3', 'host.gruik.scenario': FIXTURE }));
    assert.equal(three.status, 400);
    assert.match(pageText(three.text), /this scenario is for 2 players \(3 asked\)/);
  });

  test('a game started from an uploaded file plays', { timeout: 60_000 }, async () => {
    const host = await newUser(tp, 'up_host3');
    const other = await newUser(tp, 'up_other');
    const b = await loggedIn(tp, host);
    await b.get('/games');
    const r = await b.post('/games', createForm({ name: 'Tourbière à moi', 'host.gruik.scenario': FIXTURE }), { follow: false });
    assert.equal(r.status, 303, pageText(r.text).slice(0, 400));
    const id = Number(/\/games\/(\d+)/.exec(r.location ?? '')?.[1]);
    const row = (await tp.db.one<{ options: unknown }>('SELECT options FROM games WHERE id = $1', [id]))!;
    const options = (typeof row.options === 'string' ? JSON.parse(row.options) : row.options) as Record<string, unknown>;
    assert.ok(options.scenario && typeof options.scenario === 'object', 'the file kept with the game’s options');
    assert.equal(options.map, undefined, 'in place of a map');
    await games.joinPrivate(tp.platform.ctx, id, other.id, 'Borin', 'sesame', null);
    const play = await b.get(`/games/${id}/play`);
    assert.equal(play.status, 200, pageText(play.text).slice(0, 300));
    assert.match(pageText(play.text), /Ordres de la saison/, 'the season’s orders asked');
    assert.match(play.text, /id="sheet-text"/, 'in the sheet editor');
    const game = await b.get(`/games/${id}`);
    assert.equal(game.status, 200, 'the game’s page');
  });
});
