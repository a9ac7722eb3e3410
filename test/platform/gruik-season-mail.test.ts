/**
 * Game of Gruik's season report by mail (rules §3.3 S9, Appendix B; engine `Ruleset.reportMail`),
 * on both databases: a game of two on the §12.7 fixture, a French and an English player, the live
 * pace, no GM, two seasons; each player's prompts are answered with the bot's answers (from his own
 * view) through the games service. Each player receives exactly one season report mail a season, in
 * his language, sent by the mailer to the test SMTP server: an HTML part rendered from the report
 * (no <pre>, headings), a text part with no Markdown syntax, his own map inline and attached (a PNG,
 * as an order-sheet turn's report mail), the link to the report page; his own forces in it and
 * nothing of the other player's (fog of war). The steps between carry no report mail.
 *
 * Fief and Warrior Knights name no step (`reportMail` absent): a human seat among bots, through
 * their first steps, receives the start mail and "your turn" notices only, though every step
 * writes his report.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import { games } from '../../src/platform/games/service.ts';
import { answerPrompt } from '../../src/platform/games/prompts.ts';
import { notifier } from '../../src/platform/notify/service.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { gruik, gruikBot } from '../../src/rulesets/gruik/index.ts';
import { seasonName, type GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { DB_KINDS, playerOf, startTestPlatform, stateOf, waitForStep, type TestPlatform } from './util.ts';
import { newUser, type TestUser } from './users.ts';
await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const SEASONS = 2;
const isSeasonMail = (subject: string) => /^(Rapport de saison|Season report) — /.test(subject);

/** The lines of a report that show a force of `army` with its AP (report.ts "Your forces", flow.ts statusSheet). */
const forceLine = (army: string) => new RegExp(`(Army|Armée) ${army}\\s?: \\d+ AP`);

/**
 * A prompt answered at `step`, or 'moved' when the game went past that step meanwhile (a player's
 * first answer made the step due and the scheduler resolved it, or the bots took a free action).
 */
async function answered(tp: TestPlatform, id: number, step: number, answer: () => Promise<{ ok: boolean; issues: unknown[] }>): Promise<{ ok: boolean; issues: unknown[] } | 'moved'> {
  const r = await answer().catch((e: unknown) => ({ ok: false, issues: [String(e)] }));
  if (r.ok) return r;
  const now = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);
  return now !== step ? 'moved' : r;
}

/** Plays a campaign to its end, each seat of `seats` answering with the bot's answer; `seen` is given each state. Returns the steps played. */
async function playOut(tp: TestPlatform, id: number, seats: string[], seen: (g: GruikGame) => void = () => {}): Promise<number> {
  const ctx = tp.platform.ctx;
  let steps = 0;
  for (let guard = 0; guard < 200; guard++) {
    const row = (await tp.db.one<{ step: number; status: string }>('SELECT step, status FROM games WHERE id = $1', [id]))!;
    if (row.status === 'finished') break;
    const step = Number(row.step);
    const g = await stateOf<GruikGame>(tp, id);
    seen(g);
    for (const d of gruik.decisions(g)) {
      for (const p of d.players.filter((x) => seats.includes(x))) {
        const r = await answered(tp, id, step, () => answerPrompt(ctx, id, p, d.id, gruikBot(g, p, d.id, createRng('test', `${step}/${p}/${d.id}`)), step));
        if (r === 'moved') break;
        assert.ok(r.ok, `${d.id} of ${p}: ${JSON.stringify(r.issues)}`);
      }
    }
    await waitForStep(tp, id, step + 1, 60_000);
    steps = step + 1;
  }
  return steps;
}

for (const kind of DB_KINDS) {
  describe(`Gruik's season report by mail (${kind})`, () => {
    let tp: TestPlatform;
    let aude: TestUser, bert: TestUser;
    before(async () => {
      tp = await startTestPlatform(kind);
      aude = await newUser(tp, `gsm_aude_${kind}`, 'fr');
      bert = await newUser(tp, `gsm_bert_${kind}`, 'en');
    });
    after(async () => { await tp?.close(); });

    test('one season report a season to each player, in his language, HTML and text, his map, nothing of the other’s forces', { timeout: 300_000 }, async () => {
      const ctx = tp.platform.ctx;
      const name = `Saisons ${kind}`;
      const id = await games.create(ctx, {
        ruleset: 'gruik', name, options: { map: 'fixture', gm: false, seasons: SEASONS }, seed: `gruik-season-mail-${kind}`, hostUserId: aude.id, isPrivate: true,
        seats: [{ userId: aude.id, lordName: 'Aude' }, { userId: bert.id, lordName: 'Bert' }], maxPlayers: 2, prompts: { pace: 'live' },
      });
      const pa = await playerOf(tp, id, aude.id);
      const pb = await playerOf(tp, id, bert.id);
      const start = await stateOf<GruikGame>(tp, id);
      const armies = (g: GruikGame, st: string) => Object.values(g.gruik.armies).filter((a) => a.state === st).map((a) => a.id);
      const armiesOf: Record<string, Set<string>> = { [pa]: new Set(armies(start, pa)), [pb]: new Set(armies(start, pb)) };
      assert.ok(armiesOf[pa]!.size > 0 && armiesOf[pb]!.size > 0, 'each state has an army');

      // Both players answer every prompt of theirs with the bot's answer, until the campaign ends.
      const steps = await playOut(tp, id, [pa, pb], (g) => { for (const st of [pa, pb]) for (const a of armies(g, st)) armiesOf[st]!.add(a); });
      const end = await stateOf<GruikGame>(tp, id);
      assert.equal(end.flow.phase, 'over', `the campaign ended (after ${steps} steps)`);
      assert.ok(steps > SEASONS, `more steps than seasons (${steps}): some carry no season report`);

      // Exactly one season report mail a season to each player, named by its season in his language.
      const mailed = await tp.db.query<{ to_addr: string; subject: string }>('SELECT to_addr, subject FROM outbox WHERE to_addr = ANY($1::text[]) ORDER BY id', [[aude.email, bert.email]]);
      const seasons = Array.from({ length: SEASONS }, (_, t) => seasonName(end.gruik, t));
      assert.deepEqual(mailed.filter((m) => m.to_addr === aude.email && isSeasonMail(m.subject)).map((m) => m.subject), seasons.map((s) => `Rapport de saison — ${s.fr} — ${name}`));
      assert.deepEqual(mailed.filter((m) => m.to_addr === bert.email && isSeasonMail(m.subject)).map((m) => m.subject), seasons.map((s) => `Season report — ${s.en} — ${name}`));
      // Besides them, the start mail and "your turn" notices only: no mail for the other steps.
      for (const m of mailed.filter((x) => !isSeasonMail(x.subject))) assert.match(m.subject, /^(Début de partie|Your game begins|À vous de jouer|Your turn|Rappel|Reminder|Dernier rappel|Last reminder) — /, `${m.to_addr}: ${m.subject}`);
      // Each mail is the report of a step that ends a season.
      const seasonSteps = await tp.db.query<{ idx: number }>(`SELECT idx FROM steps WHERE game_id = $1 AND events::text LIKE '%"season-report"%' ORDER BY idx`, [id]);
      assert.equal(seasonSteps.length, SEASONS, 'one step a season carries the season report');

      // As delivered: HTML and text parts, the map inline and attached, his own forces only.
      const pngs: Record<string, Buffer[]> = { [pa]: [], [pb]: [] };
      for (const [u, me, other, lang] of [[aude, pa, pb, 'fr'], [bert, pb, pa, 'en']] as const) {
        for (const [t, s] of seasons.entries()) {
          const subject = lang === 'fr' ? `Rapport de saison — ${s.fr} — ${name}` : `Season report — ${s.en} — ${name}`;
          const mail = await tp.smtp.waitFor((m) => m.to.includes(u.email) && m.subject === subject, 30_000);
          assert.ok(mail.html && !mail.html.includes('<pre'), 'an HTML document, not preformatted text');
          assert.match(mail.html, /<h1>/, 'the report’s headings rendered');
          assert.match(mail.html, /<ol>\s*<li>/, 'the prestige ranking an ordered list…');
          assert.doesNotMatch(mail.html, /<li>\s*<ol/, '…not lists nested in a bulleted one');
          assert.match(mail.html, /src="cid:map@/, 'the map inline');
          const png = mail.attachments.find((x) => x.mimeType === 'image/png');
          assert.ok(png, 'the map attached');
          pngs[me]!.push(png.content);
          assert.ok(!/^#{1,6} /m.test(mail.text) && !mail.text.includes('**') && !mail.text.includes('|---'), 'no Markdown syntax in the text part');
          assert.ok(mail.text.includes(`/games/${id}/reports/${seasonSteps[t]!.idx}`), 'the link to the report page');
          const words = lang === 'fr' ? ['Vos forces', 'Clés des dés (§11.1)', 'Carte politique'] : ['Your forces', 'Dice keys (§11.1)', 'Political map'];
          for (const w of words) assert.ok(mail.text.includes(w) && mail.html.includes(w), `${lang}: “${w}” in both parts`);
          assert.ok(!mail.text.includes(lang === 'fr' ? 'Your forces' : 'Vos forces'), 'one language');
          if (t === SEASONS - 1) assert.match(mail.text, lang === 'fr' ? /La partie est terminée\./ : /The game is over\./);
          // Fog of war: his forces with their AP, never the other's.
          assert.ok([...armiesOf[me]!].some((a) => forceLine(a).test(mail.text)), `${lang}: his own forces`);
          for (const a of armiesOf[other]!) assert.doesNotMatch(mail.text, forceLine(a), `${lang}: nothing of the other’s army ${a}`);
        }
      }
      assert.ok(!pngs[pa]![0]!.equals(pngs[pb]![0]!), 'each player his own map');
    });
  });
}

describe('Gruik’s season report follows the notification settings (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite'); });
  after(async () => { await tp?.close(); });

  test('“nothing”: no season report mail; “daily digest”: a line with the report’s link instead', { timeout: 300_000 }, async () => {
    const ctx = tp.platform.ctx;
    const aude = await newUser(tp, 'gsm_none', 'fr');
    const bert = await newUser(tp, 'gsm_digest', 'en');
    await notifier.setPref(ctx, aude.id, 'reports', 'none');
    await notifier.setPref(ctx, bert.id, 'reports', 'digest');
    const id = await games.create(ctx, {
      ruleset: 'gruik', name: 'Silence', options: { map: 'fixture', gm: false, seasons: 1 }, seed: 'gruik-season-mail-prefs', hostUserId: aude.id, isPrivate: true,
      seats: [{ userId: aude.id, lordName: 'Aude' }, { userId: bert.id, lordName: 'Bert' }], maxPlayers: 2, prompts: { pace: 'live' },
    });
    await playOut(tp, id, [await playerOf(tp, id, aude.id), await playerOf(tp, id, bert.id)]);
    const mailed = await tp.db.query<{ subject: string }>('SELECT subject FROM outbox WHERE to_addr = ANY($1::text[])', [[aude.email, bert.email]]);
    assert.ok(mailed.length > 0, 'they get the other mails');
    assert.deepEqual(mailed.filter((m) => isSeasonMail(m.subject)), [], 'no season report mail');
    const step = await tp.db.one<{ idx: number }>(`SELECT idx FROM steps WHERE game_id = $1 AND events::text LIKE '%"season-report"%'`, [id]);
    const seasons = seasonName((await stateOf<GruikGame>(tp, id)).gruik, 0);
    const lines = await tp.db.query<{ user_id: number; line: string; link: string }>("SELECT user_id, line, link FROM notification_queue WHERE channel = 'reports'");
    assert.deepEqual(lines.map((l) => [Number(l.user_id), l.line, l.link]), [[bert.id, `Season report — ${seasons.en}: your report`, `/games/${id}/reports/${step!.idx}`]]);
  });
});

describe('Fief and Warrior Knights mail no report per step (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite'); });
  after(async () => { await tp?.close(); });

  for (const ruleset of ['fief', 'warrior-knights'] as const) {
    test(`${ruleset}: a human seat among bots gets his reports on the site, never by mail`, { timeout: 300_000 }, async () => {
      assert.equal(getRuleset(ruleset).ruleset.reportMail, undefined, 'the ruleset names no step');
      const ctx = tp.platform.ctx;
      const u = await newUser(tp, `gsm_${ruleset.slice(0, 4)}`, 'fr');
      const id = await games.create(ctx, {
        ruleset, name: `Sans courrier ${ruleset}`, options: ruleset === 'fief' ? { map: 'original' } : {}, seed: `no-mail-${ruleset}`, hostUserId: u.id, isPrivate: true,
        seats: [{ userId: u.id, lordName: 'Aude' }, { userId: null, lordName: 'Bérenger' }, { userId: null, lordName: 'Clothilde' }, { userId: null, lordName: 'Dreux' }],
        maxPlayers: 4, prompts: { pace: 'live' },
      });
      const me = await playerOf(tp, id, u.id);
      const rs = getRuleset(ruleset).ruleset;
      for (let guard = 0; guard < 40; guard++) {
        const step = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);
        if (step >= 8) break;
        const g = await stateOf(tp, id);
        for (const d of rs.decisions(g).filter((x) => x.players.includes(me))) {
          const r = await answered(tp, id, step, () => answerPrompt(ctx, id, me, d.id, d.defaults[me], step));
          if (r === 'moved') break;
          assert.ok(r.ok, `${d.id}: ${JSON.stringify(r.issues)}`);
        }
        await waitForStep(tp, id, step + 1, 60_000);
      }
      const reports = await tp.db.one<{ n: number }>('SELECT count(*)::int AS n FROM reports WHERE game_id = $1 AND player = $2', [id, me]);
      assert.ok(Number(reports!.n) >= 8, `his reports are written (${reports!.n})`);
      const mailed = await tp.db.query<{ subject: string }>('SELECT subject FROM outbox WHERE to_addr = $1 ORDER BY id', [u.email]);
      assert.ok(mailed.some((m) => m.subject.startsWith('Début de partie — ')), 'the start mail');
      for (const m of mailed) assert.match(m.subject, /^(Début de partie|À vous de jouer|Rappel|Dernier rappel) — /, `no report mail: ${m.subject}`);
    });
  }
});
