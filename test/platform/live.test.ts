/**
 * Live pages (issue 14, "live when online"): the hub on both databases (a subscriber receives a
 * published event; a private event reaches its player only); the Server-Sent Events stream over
 * real HTTP (a non-member gets the public events only, a private game's stream is 404 for
 * outsiders, too many streams are refused); two platforms on one PostgreSQL schema (an event
 * published by one reaches a stream held by the other, through LISTEN/NOTIFY); presence while a
 * stream is open; a LISTEN connection that drops and comes back; a server that closes with a stream open; and the page script (live.js) in Chromium.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { configFromEnv } from '../../src/platform/config.ts';
import { openDb } from '../../src/platform/db/index.ts';
import { games } from '../../src/platform/games/service.ts';
import { channelOf, createLiveHub, type LiveEvent } from '../../src/platform/live/hub.ts';
import { onlineOn } from '../../src/platform/live/presence.ts';
import { MAX_STREAMS } from '../../src/platform/live/routes.ts';
import { startPlatform } from '../../src/platform/main.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { logIn, loggedIn, newUser } from './users.ts';
import { DB_KINDS, PG_URL, startTestPlatform, testDb, type TestPlatform } from './util.ts';

/** Polls `check` until it holds (a few seconds at most). */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A Server-Sent Events client over fetch: the events read so far, by name. */
interface Stream { status: number; events: { event: string; data: string }[]; ended: boolean; close(): void; next(pred: (e: { event: string; data: string }) => boolean, what: string): Promise<void> }

async function openStream(base: string, path: string, cookies = ''): Promise<Stream> {
  const ac = new AbortController();
  const res = await fetch(base + path, { headers: { accept: 'text/event-stream', cookie: cookies }, signal: ac.signal });
  const s: Stream = {
    status: res.status, events: [], ended: false,
    close: () => ac.abort(),
    next: (pred, what) => until(what, () => s.events.some(pred)),
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) { await res.text(); s.ended = true; return s; }
  void (async () => {
    const dec = new TextDecoder();
    let buf = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += dec.decode(chunk, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('data: ')) ev.data += line.slice(6);
          }
          if (block.split('\n').some((l) => l.startsWith('event: ') || l.startsWith('data: '))) s.events.push(ev);
        }
      }
    } catch { /* aborted */ }
    s.ended = true;
  })();
  await s.next((e) => e.event === 'ready', 'the stream is ready');
  return s;
}

const gameEvents = (s: Stream): LiveEvent[] => s.events.filter((e) => e.event === 'game').map((e) => JSON.parse(e.data) as LiveEvent);

/** Two players (logged in) and three bots in a running Gloire & Pouvoir game. */
async function setup(tp: TestPlatform, tag: string, isPrivate = false) {
  const u1 = await newUser(tp, `${tag}a`);
  const u2 = await newUser(tp, `${tag}b`);
  const id = await games.create(tp.platform.ctx, {
    ruleset: 'gloire-et-pouvoir', name: `Live ${tag}`, options: { map: 'scandinavia' }, isPrivate,
    seats: [{ userId: u1.id, lordName: 'Harald' }, { userId: u2.id, lordName: 'Olaf' }, { userId: null, lordName: 'Sven' }, { userId: null, lordName: 'Knut' }, { userId: null, lordName: 'Erik' }],
  });
  const seat1 = (await games.seatOf(tp.platform.ctx, id, u1.id))!.player;
  return { id, u1, u2, seat1, b1: await loggedIn(tp, u1), b2: await loggedIn(tp, u2) };
}

for (const kind of DB_KINDS) {
  describe(`live hub on ${kind}`, () => {
    test('a subscriber receives a published event; a private event reaches its player only', async () => {
      const db = await testDb(kind);
      const hub = await createLiveHub(db);
      try {
        const got: Record<string, LiveEvent[]> = { p1: [], p2: [], anon: [], other: [] };
        hub.subscribe(7, 'P1', (e) => got.p1!.push(e));
        hub.subscribe(7, 'P2', (e) => got.p2!.push(e));
        hub.subscribe(7, null, (e) => got.anon!.push(e));
        const off = hub.subscribe(8, 'P1', (e) => got.other!.push(e));
        await hub.publish(7, { kind: 'answer', player: 'P1' });
        await hub.publish(7, { kind: 'step', step: 3 });
        await until('the public event reaches everyone', () => got.p2!.length === 1 && got.anon!.length === 1 && got.p1!.length === 2);
        assert.deepEqual(got.p1, [{ kind: 'answer', player: 'P1' }, { kind: 'step', step: 3 }]);
        assert.deepEqual(got.p2, [{ kind: 'step', step: 3 }]);
        assert.deepEqual(got.anon, [{ kind: 'step', step: 3 }]);
        assert.deepEqual(got.other, []);
        off();
        await hub.publish(8, { kind: 'chat' });
        await hub.publish(7, { kind: 'chat' });
        await until('the last event arrives', () => got.anon!.length === 2);
        assert.deepEqual(got.other, [], 'an unsubscribed function hears nothing');
      } finally { await hub.close(); await db.close(); }
    });

    test('over HTTP: a member gets his private events, a non-member only public ones; a private game is 404 for outsiders', async () => {
      const tp = await startTestPlatform(kind, {}, { scheduler: false });
      try {
        const g = await setup(tp, `h${kind[1]}`);
        const anon = await openStream(tp.url, `/games/${g.id}/live`);
        const s1 = await openStream(tp.url, `/games/${g.id}/live`, g.b1.cookieHeader());
        const s2 = await openStream(tp.url, `/games/${g.id}/live`, g.b2.cookieHeader());
        assert.equal(s1.status, 200);
        assert.deepEqual([...await onlineOn(tp.platform.ctx, g.id, [g.u1.id, g.u2.id])].sort(), [g.u1.id, g.u2.id].sort(), 'both players are online');
        await tp.platform.ctx.live.publish(g.id, { kind: 'answer', player: g.seat1 });
        await tp.platform.ctx.live.publish(g.id, { kind: 'step', step: 1 });
        for (const s of [anon, s1, s2]) await s.next((e) => e.event === 'game' && e.data.includes('"step"'), 'the public event');
        assert.deepEqual(gameEvents(s1), [{ kind: 'answer', player: g.seat1 }, { kind: 'step', step: 1 }]);
        assert.deepEqual(gameEvents(s2), [{ kind: 'step', step: 1 }]);
        assert.deepEqual(gameEvents(anon), [{ kind: 'step', step: 1 }]);
        for (const s of [anon, s1, s2]) s.close();

        const p = await setup(tp, `p${kind[1]}`, true);
        const outsider = await loggedIn(tp, await newUser(tp, `o${kind[1]}`));
        assert.equal((await openStream(tp.url, `/games/${p.id}/live`)).status, 404);
        assert.equal((await openStream(tp.url, `/games/${p.id}/live`, outsider.cookieHeader())).status, 404);
        assert.equal((await openStream(tp.url, '/games/999999/live')).status, 404);
        const member = await openStream(tp.url, `/games/${p.id}/live`, p.b2.cookieHeader());
        assert.equal(member.status, 200);
        member.close();
      } finally { await tp.close(); }
    });
  });
}

describe('live pages on PostgreSQL', () => {
  test('a dropped LISTEN connection is opened again: subscribers are told to resync, and events flow again', async () => {
    const db = await testDb('postgres');
    const hub = await createLiveHub(db);
    try {
      const got: LiveEvent[] = [];
      hub.subscribe(1, null, (e) => got.push(e));
      const schema = (await db.one<{ s: string }>('SELECT current_schema() AS s'))!.s;
      const killed = await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`, [`LISTEN "${channelOf(schema)}"`]);
      assert.equal(killed.length, 1, 'the listening connection is found');
      await until('the hub listens again', () => got.some((e) => e.kind === 'resync'));
      await hub.publish(1, { kind: 'step', step: 9 });
      await until('events flow again', () => got.some((e) => e.step === 9));
    } finally { await hub.close(); await db.close(); }
  });

  test('two platforms on one schema: an event published by one reaches a stream held by the other', async () => {
    const a = await startTestPlatform('postgres', {}, { scheduler: false });
    const schema = (await a.db.one<{ s: string }>('SELECT current_schema() AS s'))!.s;
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const dbB = await openDb({ url: url.toString() });
    const b = await startPlatform({ ...configFromEnv({}), port: 0, dataDir: ':memory:', smtpUrl: null, demo: false, trustProxy: 1 }, { db: dbB, now: () => a.clock.now, scheduler: false });
    // A third platform in another schema must hear nothing.
    const c = await startTestPlatform('postgres', {}, { scheduler: false });
    try {
      const g = await setup(a, 'x');
      const onB = await openStream(b.url, `/games/${g.id}/live`, g.b1.cookieHeader());
      const heardC: LiveEvent[] = [];
      c.platform.ctx.live.subscribe(g.id, g.seat1, (e) => heardC.push(e));
      await a.platform.ctx.live.publish(g.id, { kind: 'answer', player: g.seat1, step: 2 });
      await onB.next((e) => e.event === 'game', 'the event crosses processes');
      assert.deepEqual(gameEvents(onB), [{ kind: 'answer', player: g.seat1, step: 2 }]);
      // Published on B, heard on A too (the publisher's own process goes through NOTIFY as well).
      const onA = await openStream(a.url, `/games/${g.id}/live`, g.b2.cookieHeader());
      await b.ctx.live.publish(g.id, { kind: 'chat' });
      await onA.next((e) => e.event === 'game', 'the event from B');
      await onB.next((e) => e.event === 'game' && e.data.includes('chat'), 'B hears its own event');
      assert.deepEqual(heardC, [], 'another schema hears nothing');
      onA.close(); onB.close();
    } finally { await b.close(); await dbB.close(); await a.close(); await c.close(); }
  });

  test('presence while a stream is open, gone after it closes; too many streams are refused', async () => {
    const tp = await startTestPlatform('postgres', {}, { scheduler: false });
    try {
      const g = await setup(tp, 'pr');
      const ctx = tp.platform.ctx;
      assert.deepEqual([...await onlineOn(ctx, g.id)], []);
      const s1 = await openStream(tp.url, `/games/${g.id}/live`, g.b1.cookieHeader());
      const s1bis = await openStream(tp.url, `/games/${g.id}/live`, g.b1.cookieHeader());
      assert.deepEqual([...await onlineOn(ctx, g.id)], [g.u1.id]);
      assert.deepEqual([...await onlineOn(ctx, g.id, [g.u2.id])], []);
      s1.close();
      await until('the client sees its stream end', () => s1.ended);
      await new Promise((r) => setTimeout(r, 200)); // the server's cleanup of that stream (nothing to wait on from here)
      assert.deepEqual([...await onlineOn(ctx, g.id, [g.u1.id, g.u2.id])], [g.u1.id], 'still online in his other tab');
      s1bis.close();
      await until('presence is gone', async () => (await onlineOn(ctx, g.id)).size === 0);
      // A row left by a dead process no longer counts after a minute.
      await tp.db.query(`INSERT INTO presence(user_id, game_id, instance, seen_at) VALUES ($1, $2, 'dead', $3)`, [g.u2.id, g.id, new Date(tp.clock.now.getTime() - 61_000)]);
      assert.equal((await onlineOn(ctx, g.id)).size, 0);

      const many: { close(): void }[] = [];
      for (let i = 0; i < MAX_STREAMS; i++) many.push(await openStream(tp.url, `/games/${g.id}/live`, g.b2.cookieHeader()));
      const refused = await fetch(`${tp.url}/games/${g.id}/live`, { headers: { cookie: g.b2.cookieHeader() } });
      assert.equal(refused.status, 429);
      assert.match(await refused.text(), new RegExp(String(MAX_STREAMS)));
      for (const s of many) s.close();
    } finally { await tp.close(); }
  });

  test('the server closes with a stream open; the stream ends', async () => {
    const tp = await startTestPlatform('postgres', {}, { scheduler: false });
    const g = await setup(tp, 'cl');
    const s = await openStream(tp.url, `/games/${g.id}/live`, g.b1.cookieHeader());
    const closed = await Promise.race([tp.close().then(() => 'closed'), new Promise((r) => setTimeout(() => r('hung'), 5000))]);
    assert.equal(closed, 'closed');
    await until('the client sees the end', () => s.ended);
  });
});

describe('live.js in Chromium', { skip: BROWSER_SKIP }, () => {
  test('an event reaches the page: a suzerain:live event, and each data-live-src element refetched', async () => {
    const tp = await startTestPlatform('pglite', {}, { scheduler: false });
    const browser = await launchBrowser();
    try {
      const g = await setup(tp, 'bw');
      const errors: string[] = [];
      const page = watchErrors(await browser.newPage(), errors);
      await logIn(page, tp.url, g.u1);
      await page.goto(`${tp.url}/games/${g.id}`);
      // The page as a live page would be: the marker, a refreshed element, the script (same origin, as the CSP wants).
      await page.evaluate((id) => {
        document.body.setAttribute('data-live-game', String(id));
        const box = document.createElement('div');
        box.id = 'box';
        box.setAttribute('data-live-src', `/games/${id}`);
        box.textContent = 'stale';
        document.body.append(box);
        (window as any).liveSeen = [];
        (window as any).liveUpdated = 0;
        document.addEventListener('suzerain:live', (e) => (window as any).liveSeen.push((e as CustomEvent).detail));
        document.addEventListener('suzerain:live-updated', () => (window as any).liveUpdated++);
        const s = document.createElement('script');
        s.src = '/static/live.js';
        document.head.append(s);
      }, g.id);
      await until('the page holds a stream', async () => (await onlineOn(tp.platform.ctx, g.id)).has(g.u1.id));
      // Once open, the stream's parts are fetched again (what happened before it opened): wait for
      // that refresh, then make the box stale again so only the published event can refresh it.
      await page.waitForFunction(() => (window as any).liveUpdated >= 1);
      await page.evaluate(() => { document.getElementById('box')!.textContent = 'stale'; });
      await tp.platform.ctx.live.publish(g.id, { kind: 'answer', player: g.seat1, step: 4 });
      await tp.platform.ctx.live.publish(g.id, { kind: 'answer', player: 'someone-else' });
      await page.waitForFunction(() => (window as any).liveSeen.length >= 1);
      await page.waitForFunction(() => document.getElementById('box')!.textContent!.includes('Live bw'));
      assert.deepEqual(await page.evaluate(() => (window as any).liveSeen), [{ kind: 'answer', player: g.seat1, step: 4 }]);
      assert.deepEqual(errors, []);
      await page.screenshot({ path: '/tmp/live-page.png' });
    } finally { await browser.close(); await tp.close(); }
  });
});
