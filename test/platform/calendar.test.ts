/**
 * Calendar feeds (issue 18, games/calendar.ts and calendar-page.ts), on both databases, through
 * the site's pages and feeds (a logged-in client, the feed fetched as a calendar application does):
 * - the feed parses (a strict reading of RFC 5545's lines: CRLF, folding at 75 octets, nesting,
 *   one UID/DTSTAMP/DTSTART/SEQUENCE per event, a VTIMEZONE for each TZID used), and a weekly game
 *   in Europe/Paris holds its deadline at 23:00 local on both sides of the October change: the
 *   instant read back through the feed's own VTIMEZONE is the deadline in UTC (21:00Z, then 22:00Z);
 * - a moved deadline (an extension) keeps the UID and bumps SEQUENCE and DTSTAMP; nothing moved,
 *   nothing bumped; a resolved step and an ended game drop their events;
 * - games of prompts list only the player's own waiting prompts (another player's never), with the
 *   site's two reminders as alarms;
 * - the public feed: on by default for a public game, off for a private one, the host's checkbox
 *   (nobody else's) turns it on and off, 404 when off; it names no player and no prompt;
 * - the private feed's token: created, renewed (the old URL is 404), turned off (404); any other
 *   token is 404.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import '../engine/fair-ruleset.ts';
import { games } from '../../src/platform/games/service.ts';
import { extendDeadline } from '../../src/platform/games/prompts.ts';
import { vtimezone, wallClock } from '../../src/platform/games/calendar.ts';
import { LAST_MAX_MINUTES } from '../../src/platform/games/prompt-reminders.ts';
import type { Browser } from './http.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { DB_KINDS, startTestPlatform, waitForStep, type TestPlatform } from './util.ts';

// ───────────────────────────────────────────────────────────── a strict reading of iCalendar

interface Prop { name: string; params: Record<string, string>; value: string }
interface Comp { name: string; props: Prop[]; comps: Comp[] }

/** Parses an iCalendar text, failing on anything RFC 5545 forbids that we could write by mistake. */
function parseIcs(text: string): Comp {
  assert.ok(text.endsWith('\r\n'), 'ends with CRLF');
  const raw = text.slice(0, -2).split('\r\n');
  for (const l of raw) {
    assert.ok(!/[\r\n]/.test(l), `a bare CR or LF in ${JSON.stringify(l)}`);
    assert.ok(Buffer.byteLength(l, 'utf8') <= 75, `line over 75 octets: ${l}`);
  }
  const lines: string[] = [];
  for (const l of raw) {
    if (l.startsWith(' ') || l.startsWith('\t')) { assert.ok(lines.length, 'a continuation first'); lines[lines.length - 1] += l.slice(1); } else lines.push(l);
  }
  const stack: Comp[] = [{ name: '', props: [], comps: [] }];
  for (const l of lines) {
    const m = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^;:,]*))*):(.*)$/.exec(l);
    assert.ok(m, `not a content line: ${l}`);
    const params: Record<string, string> = {};
    for (const p of m[2]!.split(';').slice(1)) { const eq = p.indexOf('='); params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1); }
    const name = m[1]!.toUpperCase();
    const top = stack[stack.length - 1]!;
    if (name === 'BEGIN') { const c: Comp = { name: m[3]!, props: [], comps: [] }; top.comps.push(c); stack.push(c); continue; }
    if (name === 'END') { assert.equal(top.name, m[3], `END:${m[3]} closes ${top.name}`); stack.pop(); continue; }
    top.props.push({ name, params, value: m[3]! });
  }
  assert.equal(stack.length, 1, 'every BEGIN has its END');
  const root = stack[0]!.comps;
  assert.equal(root.length, 1);
  const cal = root[0]!;
  assert.equal(cal.name, 'VCALENDAR');
  assert.equal(one(cal, 'VERSION').value, '2.0');
  assert.ok(one(cal, 'PRODID').value);
  for (const e of cal.comps.filter((c) => c.name === 'VEVENT')) {
    for (const p of ['UID', 'DTSTAMP', 'DTSTART', 'SEQUENCE']) one(e, p);
    assert.match(one(e, 'DTSTAMP').value, /^\d{8}T\d{6}Z$/, 'DTSTAMP in UTC');
    const tzid = one(e, 'DTSTART').params.TZID;
    if (tzid) assert.ok(cal.comps.some((c) => c.name === 'VTIMEZONE' && one(c, 'TZID').value === tzid), `a VTIMEZONE for ${tzid}`);
    else assert.match(one(e, 'DTSTART').value, /Z$/, 'a start without TZID is in UTC');
  }
  return cal;
}

function one(c: Comp, name: string): Prop {
  const all = c.props.filter((p) => p.name === name);
  assert.equal(all.length, 1, `${c.name} has one ${name} (has ${all.length})`);
  return all[0]!;
}

const events = (cal: Comp): Comp[] => cal.comps.filter((c) => c.name === 'VEVENT');
const unescape = (v: string): string => v.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');

/** 20261023T230000 → the same wall-clock time as a UTC number (for arithmetic on local times). */
function wall(v: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z?$/.exec(v);
  assert.ok(m, `a date-time: ${v}`);
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}
const offset = (v: string): number => { const m = /^([+-])(\d{2})(\d{2})$/.exec(v)!; return (m[1] === '-' ? -1 : 1) * (+m[2]! * 60 + +m[3]!) * 60_000; };

/**
 * The instant of an event's start, read through the feed's own VTIMEZONE (not the test's time-zone
 * data): the local time minus the offset of the observance in force then (the first reading that
 * agrees with itself, as RFC 5545 takes the first of a repeated local time).
 */
function startOf(cal: Comp, e: Comp): Date {
  const p = one(e, 'DTSTART');
  if (!p.params.TZID) return new Date(wall(p.value));
  const tz = cal.comps.find((c) => c.name === 'VTIMEZONE' && one(c, 'TZID').value === p.params.TZID)!;
  const onsets = tz.comps.map((o) => ({ at: wall(one(o, 'DTSTART').value) - offset(one(o, 'TZOFFSETFROM').value), to: offset(one(o, 'TZOFFSETTO').value) }))
    .sort((a, b) => a.at - b.at);
  const inForce = (t: number) => [...onsets].reverse().find((o) => o.at <= t);
  const local = wall(p.value);
  const readings = [...new Set(onsets.map((o) => o.to))].map((off) => local - off).filter((t) => inForce(t)?.to === local - t).sort((a, b) => a - b);
  assert.ok(readings.length, `the VTIMEZONE covers ${p.value}`);
  return new Date(readings[0]!);
}

/** TRIGGER:-PT1H30M → seconds before the start. */
function triggerSeconds(v: string): number {
  const m = /^-P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(v);
  assert.ok(m, `a relative trigger before the start: ${v}`);
  return (+(m[1] ?? 0)) * 86400 + (+(m[2] ?? 0)) * 3600 + (+(m[3] ?? 0)) * 60 + (+(m[4] ?? 0));
}

// ───────────────────────────────────────────────────────────── the tests

const PARIS = { weekday: 5, time: '23:00', timeZone: 'Europe/Paris', everyDays: 7 };

test('the VTIMEZONE read back gives every instant of two years in five zones, as the site\'s time-zone data does', () => {
  for (const tz of ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC']) {
    const fmt = (d: Date) => d.toISOString().replace(/[-:]/g, '').slice(0, 15);
    const starts: string[] = [];
    const instants: Date[] = [];
    // Every 7 hours and 13 minutes through 2026 and 2027: every hour of the day, both sides of each change.
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += (7 * 60 + 13) * 60_000) {
      const w = wallClock(new Date(t), tz);
      if (!w) continue; // the second occurrence of a repeated hour: written in UTC instead
      starts.push(`BEGIN:VEVENT\r\nUID:${t}\r\nDTSTAMP:20260101T000000Z\r\nSEQUENCE:0\r\nDTSTART;TZID=${tz}:${fmt(w)}\r\nEND:VEVENT`);
      instants.push(new Date(t));
    }
    const cal = parseIcs(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${vtimezone(tz, 2025, 2028)}\r\n${starts.join('\r\n')}\r\nEND:VCALENDAR\r\n`);
    const ev = events(cal);
    assert.equal(ev.length, instants.length);
    for (const [i, e] of ev.entries()) assert.equal(startOf(cal, e).toISOString(), instants[i]!.toISOString(), `${tz} ${one(e, 'DTSTART').value}`);
  }
});

for (const kind of DB_KINDS) {
  describe(`calendar feeds (${kind})`, () => {
    let tp: TestPlatform;
    let users: TestUser[] = [];
    let n = 0;

    before(async () => {
      tp = await startTestPlatform(kind, {}, { scheduler: false });
      users = [await newUser(tp, 'cal_aude'), await newUser(tp, 'cal_berenger', 'en'), await newUser(tp, 'cal_clothilde')];
    });
    after(async () => { await tp?.close(); });

    /** The user's private feed URL (path), created from his account page. */
    async function privateFeed(b: Browser): Promise<string> {
      await b.get('/account'); // the session's form token
      const r = await b.post('/account/calendar', { action: 'create' });
      assert.equal(r.status, 200);
      assert.equal(r.path, '/account?calendar=create');
      const url = /id="calendar-url"[^>]*value="([^"]+)"/.exec(r.text)?.[1];
      assert.ok(url, 'the account page shows the feed URL');
      const u = new URL(url);
      assert.match(u.pathname, /^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      assert.match(r.text, /href="webcal:\/\//);
      return u.pathname;
    }

    async function feed(path: string, status = 200): Promise<Comp | null> {
      const r = await fetch(new URL(path, tp.url));
      const text = await r.text();
      assert.equal(r.status, status, `${path}: ${text.slice(0, 200)}`);
      if (status !== 200) return null;
      assert.match(r.headers.get('content-type') ?? '', /^text\/calendar; charset=utf-8/);
      return parseIcs(text);
    }

    test('a weekly game in Europe/Paris: 23:00 local on both sides of the October change, one event per step, gone when the game ends', async () => {
      tp.clock.now = new Date('2026-10-16T12:00:00Z');
      const b = await loggedIn(tp, users[0]!);
      const path = await privateFeed(b);
      const id = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: `Automne ${++n}`, options: { map: 'scandinavia' }, seed: `cal-${n}`, schedule: PARIS, reminderHours: 24,
        seats: [{ userId: users[0]!.id, lordName: 'Arnulf' }, { userId: null, lordName: 'Robot' }, { userId: null, lordName: 'Robotte' }],
      });
      let cal = (await feed(path))!;
      let ev = events(cal);
      assert.equal(ev.length, 1);
      const before = ev[0]!;
      assert.equal(one(before, 'DTSTART').params.TZID, 'Europe/Paris');
      assert.equal(one(before, 'DTSTART').value, '20261023T230000', 'Friday 23:00, Paris time');
      assert.equal(startOf(cal, before).toISOString(), '2026-10-23T21:00:00.000Z', 'in summer time: UTC+2');
      const row = await tp.db.one<{ deadline: Date }>('SELECT deadline FROM games WHERE id = $1', [id]);
      assert.equal(startOf(cal, before).getTime(), new Date(row!.deadline).getTime(), 'the stored deadline');
      assert.equal(one(before, 'SEQUENCE').value, '0');
      assert.match(unescape(one(before, 'SUMMARY').value), new RegExp(`^Automne ${n} — ordres du `));
      assert.ok(unescape(one(before, 'DESCRIPTION').value).includes(`/games/${id}/orders`));
      // The site's reminder: reminder_hours before the deadline.
      const alarms = before.comps.filter((c) => c.name === 'VALARM');
      assert.deepEqual(alarms.map((a) => triggerSeconds(one(a, 'TRIGGER').value)), [24 * 3600]);
      assert.equal(one(alarms[0]!, 'ACTION').value, 'DISPLAY');

      // The turn resolves at the deadline; the next deadline falls after the change to winter time.
      tp.clock.now = new Date('2026-10-23T21:00:01Z');
      await waitForStep(tp, id, 1);
      cal = (await feed(path))!;
      ev = events(cal);
      assert.equal(ev.length, 1, 'the resolved step\'s event is gone, the next one is there');
      const next = ev[0]!;
      assert.notEqual(one(next, 'UID').value, one(before, 'UID').value, 'a new step, a new event');
      assert.equal(one(next, 'DTSTART').value, '20261030T230000', 'still 23:00, Paris time');
      assert.equal(startOf(cal, next).toISOString(), '2026-10-30T22:00:00.000Z', 'in winter time: UTC+1');

      // The game ends: its events leave the feed.
      await tp.db.query(`UPDATE games SET status = 'finished' WHERE id = $1`, [id]);
      assert.equal(events((await feed(path))!).length, 0);
    });

    test('games of prompts: only my waiting prompts; a moved deadline keeps its UID and bumps SEQUENCE', async () => {
      tp.clock.now = new Date('2026-11-20T12:00:00Z');
      const [aude, ber] = await Promise.all([loggedIn(tp, users[0]!), loggedIn(tp, users[1]!)]);
      const [pa, pb] = [await privateFeed(aude), await privateFeed(ber)];
      const id = await games.create(tp.platform.ctx, {
        ruleset: 'test/fair', name: `Foire ${++n}`, options: {}, hostUserId: users[0]!.id, isPrivate: true, maxPlayers: 2,
        seats: [{ userId: users[0]!.id, lordName: 'Aude' }, { userId: users[1]!.id, lordName: 'Bérenger' }],
        prompts: { pace: 'daily', vacations: false },
      });
      const g = (await tp.db.one<{ deadline: Date; asked_at: Date }>('SELECT deadline, asked_at FROM games WHERE id = $1', [id]))!;
      let cal = (await feed(pa))!;
      let mine = events(cal).filter((e) => one(e, 'UID').value.startsWith(`g${id}-`));
      assert.equal(mine.length, 1, 'Aude is asked where to set up her stall');
      const ev = mine[0]!;
      const uid = one(ev, 'UID').value;
      assert.equal(startOf(cal, ev).getTime(), new Date(g.deadline).getTime());
      assert.equal(one(ev, 'SEQUENCE').value, '0');
      assert.match(unescape(one(ev, 'DESCRIPTION').value), /Manche 1 : où montez-vous votre étal \?/);
      assert.ok(unescape(one(ev, 'DESCRIPTION').value).includes(`/games/${id}/play`));
      // The reminders the site mails: half-time, and the last hour (a day's prompt).
      const span = (new Date(g.deadline).getTime() - new Date(g.asked_at).getTime()) / 1000;
      assert.deepEqual(ev.comps.filter((c) => c.name === 'VALARM').map((a) => triggerSeconds(one(a, 'TRIGGER').value)).sort((a, b) => a - b),
        [LAST_MAX_MINUTES * 60, span / 2]);
      // Bérenger is asked nothing: no event of this game, and nothing of Aude's prompt.
      const berText = await (await fetch(new URL(pb, tp.url))).text();
      assert.ok(!berText.includes(`g${id}-`), 'no event of the game in Bérenger\'s feed');
      assert.ok(!/stall|étal/i.test(berText), 'no word of Aude\'s prompt');

      // Fetched again, nothing moved: nothing bumped.
      tp.clock.now = new Date(tp.clock.now.getTime() + 60_000);
      cal = (await feed(pa))!;
      assert.equal(one(events(cal).find((e) => one(e, 'UID').value === uid)!, 'SEQUENCE').value, '0');
      const stamp0 = one(events(cal).find((e) => one(e, 'UID').value === uid)!, 'DTSTAMP').value;

      // Aude extends the deadline: the same event, moved, SEQUENCE 1, stamped when it moved.
      tp.clock.now = new Date(tp.clock.now.getTime() + 60_000);
      const ext = await extendDeadline(tp.platform.ctx, id, 'p1');
      assert.ok(ext.extended);
      cal = (await feed(pa))!;
      mine = events(cal).filter((e) => one(e, 'UID').value.startsWith(`g${id}-`));
      assert.equal(mine.length, 1, 'updated, not added');
      assert.equal(one(mine[0]!, 'UID').value, uid);
      assert.equal(one(mine[0]!, 'SEQUENCE').value, '1');
      assert.equal(startOf(cal, mine[0]!).getTime(), ext.deadline!.getTime());
      assert.notEqual(one(mine[0]!, 'DTSTAMP').value, stamp0);
      assert.equal(wall(one(mine[0]!, 'DTSTAMP').value), tp.clock.now.getTime());
      cal = (await feed(pa))!;
      assert.equal(one(events(cal).find((e) => one(e, 'UID').value === uid)!, 'SEQUENCE').value, '1', 'read again: unchanged');

      // Aude answers: her prompt is no longer waiting; Bérenger's turn shows in his feed only.
      await aude.get(`/games/${id}/play`);
      const r = await aude.post(`/games/${id}/answer`, { decision: 'stall', answer: 'drapers' });
      assert.ok(r.status < 400, `answer: ${r.status}`);
      await waitForStep(tp, id, 1);
      assert.ok(!events((await feed(pa))!).some((e) => one(e, 'UID').value.startsWith(`g${id}-`)), 'answered: gone from Aude\'s feed');
      const berCal = (await feed(pb))!;
      const berEv = events(berCal).filter((e) => one(e, 'UID').value.startsWith(`g${id}-`));
      assert.equal(berEv.length, 1);
      assert.match(unescape(one(berEv[0]!, 'DESCRIPTION').value), /Round 1: where do you set up your stall\?/, 'in his language');
      assert.notEqual(one(berEv[0]!, 'UID').value, uid);
    });

    test('the public feed: on for a public game, off for a private one, the host\'s checkbox; no player in it', async () => {
      tp.clock.now = new Date('2026-11-20T12:00:00Z');
      const [host, other] = [await loggedIn(tp, users[0]!), await loggedIn(tp, users[2]!)];
      const mk = (isPrivate: boolean) => games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: `Publique ${++n}`, options: { map: 'scandinavia' }, seed: `calp-${n}`, schedule: PARIS, isPrivate, hostUserId: users[0]!.id,
        seats: [{ userId: users[0]!.id, lordName: 'Arnulf' }, { userId: null, lordName: 'Robot' }, { userId: null, lordName: 'Robotte' }],
      });
      const pub = await mk(false);
      const priv = await mk(true);
      let cal = (await feed(`/games/${pub}/calendar.ics`))!;
      assert.equal(events(cal).length, 1);
      assert.equal(one(events(cal)[0]!, 'UID').value, `g${pub}-s1@localhost`);
      const text = await (await fetch(new URL(`/games/${pub}/calendar.ics?lang=en`, tp.url))).text();
      assert.match(text, /deadline of turn 1|deadline of /i);
      assert.ok(!/Arnulf|Robot|cal_aude/.test(text), 'no player named');
      await feed(`/games/${priv}/calendar.ics`, 404);

      // The game page: the host sees the checkbox; another visitor only the feed.
      const page = await host.get(`/games/${pub}`);
      assert.match(page.text, /name="publish" value="1" checked/);
      assert.ok(page.text.includes(`/games/${pub}/calendar.ics?lang=fr`));
      const seen = await other.get(`/games/${pub}`);
      assert.ok(!seen.text.includes('name="publish"'));
      assert.ok(seen.text.includes(`/games/${pub}/calendar.ics`));

      // Only the host may change it.
      assert.equal((await other.post(`/games/${pub}/calendar`, {})).status, 404);
      await feed(`/games/${pub}/calendar.ics`);
      assert.equal((await host.post(`/games/${pub}/calendar`, {})).path, `/games/${pub}`);
      await feed(`/games/${pub}/calendar.ics`, 404);
      await host.post(`/games/${priv}/calendar`, { publish: '1' });
      assert.equal(events((await feed(`/games/${priv}/calendar.ics`))!).length, 1);
      for (const bad of ['/games/0/calendar.ics', '/games/999999/calendar.ics', '/games/abc/calendar.ics', '/games/1e3/calendar.ics']) await feed(bad, 404);
    });

    test('the private feed\'s token: renewed (the old URL is 404), turned off (404); any other token is 404', async () => {
      const b = await loggedIn(tp, users[2]!);
      const first = await privateFeed(b);
      await feed(first);
      const renewed = await b.post('/account/calendar', { action: 'renew' });
      assert.equal(renewed.path, '/account?calendar=renew');
      const second = new URL(/id="calendar-url"[^>]*value="([^"]+)"/.exec(renewed.text)![1]!).pathname;
      assert.notEqual(second, first);
      await feed(first, 404);
      await feed(second);
      const off = await b.post('/account/calendar', { action: 'off' });
      assert.ok(!/id="calendar-url"/.test(off.text));
      await feed(second, 404);
      for (const bad of ['/calendar/x.ics', `/calendar/${'A'.repeat(43)}.ics`, `/calendar/${second.slice(10, 53)}`, '/calendar/%2e%2e%2fetc.ics', `/calendar/${'A'.repeat(90)}.ics`]) await feed(bad, 404);
      assert.equal((await b.post('/account/calendar', { action: 'bogus' })).status, 400);
    });
  });
}
