/**
 * Issue 20 (memory): the server loads a ruleset on first use. At start it has loaded none (the
 * lobby's lists come from the catalog); reading a game loads that game's ruleset, and only it.
 * The game is created by another process, so that this one has loaded nothing before it reads it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { configFromEnv } from '../../src/platform/config.ts';
import { openTestPostgres, type Db } from '../../src/platform/db/index.ts';
import { withRulesets } from '../../src/platform/db/rulesets.ts';
import { startPlatform, type Platform } from '../../src/platform/main.ts';
import { gameKinds, getRuleset, loadedRulesets } from '../../src/rulesets/index.ts';
import { PG_URL } from './util.ts';

const schema = `t_lazy_${process.pid}_${Date.now().toString(36)}`;
let db: Db;
let platform: Platform;
let gameId: number;

before(async () => {
  db = await openTestPostgres(PG_URL, schema);
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  gameId = Number(execFileSync(process.execPath, ['--import', 'tsx', 'test/platform/lazy-rulesets-child.ts'], { encoding: 'utf8', env: { ...process.env, CHILD_DB_URL: url.toString() }, timeout: 120_000 }).trim());
  platform = await startPlatform({ ...configFromEnv({}), port: 0, dataDir: ':memory:', demo: false }, { db, scheduler: false });
});
after(async () => {
  await platform?.close();
  await db?.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
  await db?.close();
});

test('at start the server has loaded no ruleset; the catalog still lists every kind of game', async () => {
  assert.ok(Number.isInteger(gameId) && gameId > 0, `the other process created a game (${gameId})`);
  assert.deepEqual(loadedRulesets(), [], 'no ruleset loaded at start');
  assert.ok(gameKinds().some((k) => k.ruleset === 'adventurer-kings') && gameKinds().some((k) => k.ruleset === 'gruik'), 'the kinds of game come from the catalog');
  assert.throws(() => getRuleset('gloire-et-pouvoir'), /not loaded yet/, 'a path that forgot to load a ruleset is named as such');
  const help = await fetch(`${platform.url}/ranking`);
  assert.equal(help.status, 200, 'the rankings page (every ruleset named) needs no ruleset loaded');
  assert.deepEqual(loadedRulesets(), [], 'still none after a page that only names them');
});

test('the first read of a game loads its ruleset, and only it', async () => {
  const r = await fetch(`${platform.url}/games/${gameId}`);
  const body = await r.text();
  assert.equal(r.status, 200, `the game page is served: ${body.slice(0, 300)}`);
  assert.match(body, /Partie paresseuse/, 'it is the game');
  assert.deepEqual(loadedRulesets(), ['gloire-et-pouvoir'], 'its ruleset is loaded, no other');
  const map = await fetch(`${platform.url}/games/${gameId}/map`);
  assert.equal(map.status, 200, 'its map is drawn');
  assert.deepEqual(loadedRulesets(), ['gloire-et-pouvoir'], 'still only its ruleset');
});

test('a row naming an id outside the catalog loads nothing and is returned as read', async () => {
  const rows = await withRulesets(db).query<{ ruleset: string }>("SELECT 'overall' AS ruleset UNION ALL SELECT 'fair-test'");
  assert.deepEqual(rows.map((x) => x.ruleset), ['overall', 'fair-test'], 'the rows come back');
  assert.deepEqual(loadedRulesets(), ['gloire-et-pouvoir'], 'nothing more is loaded');
  await withRulesets(db).one("SELECT 'warrior-knights' AS ruleset");
  assert.ok(loadedRulesets().includes('warrior-knights'), 'a row of a catalog ruleset loads it');
});
