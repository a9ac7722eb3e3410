/**
 * The page of a game of prompts and its log (games/prompt-page.ts), over HTTP on both databases,
 * played on Fair (test/engine/fair-ruleset.ts): my prompt with its choices as buttons; a sequential
 * answer resolves the step and the next player's page asks him; a refused answer says why in the
 * player's language and stores nothing; a parallel prompt says whom it waits for; a trade offered
 * and accepted changes both pages; standing answers saved and applied; one extension per step;
 * the host's pause; a default at a deadline marked "(timeout)" in the log; a private game's pages
 * are its players' only.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import '../engine/fair-ruleset.ts';
import type { FairState } from '../engine/fair-ruleset.ts';
import { games } from '../../src/platform/games/service.ts';
import type { Browser } from './http.ts';
import { pageText } from './http.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { DB_KINDS, playerOf, schedulerPass, startTestPlatform, stateOf, waitForStep, type TestPlatform } from './util.ts';
import { canonicalJson } from '../../src/engine/hash.ts';
import { formLine, isError, type FormEntry, type Ruleset } from '../../src/engine/ruleset.ts';
import { answerPrompt } from '../../src/platform/games/prompts.ts';
import { postedFieldName } from '../../src/platform/games/guided-form.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikGame } from '../../src/rulesets/gruik/flow.ts';

await loadAllRulesets();

const unescaped = (s: string): string => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * The answer form the page filled back with my answer (`data-prefilled`, issue 21) in the prompt
 * `decision`: its entry's code and its fields as a browser posts them (a select's selected option,
 * an input's value; entities decoded); null when no form of the prompt is filled back.
 */
function prefilledForm(html: string, decision: string): { code: string; fields: Record<string, string> } | null {
  const article = new RegExp(`<article class="prompt" id="prompt-${decision.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[\\s\\S]*?</article>`).exec(html)?.[0] ?? '';
  const m = /<form [^>]*class="answer-form" data-code="([^"]*)" data-prefilled="1">([\s\S]*?)<\/form>/.exec(article);
  if (!m) return null;
  const fields: Record<string, string> = {};
  for (const x of m[2]!.matchAll(/<select [^>]*name="(f_[^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) fields[x[1]!] = unescaped(/<option value="([^"]*)" selected>/.exec(x[2]!)?.[1] ?? '');
  for (const x of m[2]!.matchAll(/<input type="(?:number|text)" [^>]*name="(f_[^"]+)"[^>]*value="([^"]*)"/g)) fields[x[1]!] = unescaped(x[2]!);
  return { code: unescaped(m[1]!), fields };
}

const LORDS = ['Aude', 'Bérenger', 'Clothilde'];

for (const kind of DB_KINDS) {
  describe(`the page of a game of prompts (${kind})`, () => {
    let tp: TestPlatform;
    let users: TestUser[] = [];
    let n = 0;

    before(async () => {
      tp = await startTestPlatform(kind);
      users = [await newUser(tp, 'pp_aude'), await newUser(tp, 'pp_berenger', 'en'), await newUser(tp, 'pp_clothilde'), await newUser(tp, 'pp_dreux')];
    });
    after(async () => { await tp?.close(); });

    /** A running Fair game of three (Aude p1, hosting; Bérenger p2, in English; Clothilde p3), and their logged-in browsers. */
    async function fairGame(opts: { isPrivate?: boolean; absentAfter?: number; charged?: boolean } = {}): Promise<{ id: number; b: Browser[] }> {
      const id = await games.create(tp.platform.ctx, {
        ruleset: 'test/fair', name: `Foire ${++n}`, options: opts.charged ? { charged: true } : {}, hostUserId: users[0]!.id, isPrivate: opts.isPrivate ?? true,
        seats: LORDS.map((lordName, i) => ({ userId: users[i]!.id, lordName })), maxPlayers: 3,
        prompts: { pace: 'live', ...(opts.absentAfter ? { absentAfter: opts.absentAfter } : {}) },
      });
      const b = await Promise.all(users.slice(0, 3).map((u) => loggedIn(tp, u)));
      for (const x of b) await x.get(`/games/${id}/play`); // the session's form token
      return { id, b };
    }
    const play = async (b: Browser, id: number) => {
      const r = await b.get(`/games/${id}/play`);
      assert.equal(r.status, 200, pageText(r.text).slice(0, 300));
      return r;
    };
    const sheets = async (id: number) => Number((await tp.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sheets WHERE game_id = $1', [id]))!.n);

    test('my prompt with its choices as buttons; answering resolves the step and the next player is asked', async () => {
      const { id, b } = await fairGame();
      const aude = await play(b[0]!, id);
      assert.match(pageText(aude.text), /Manche 1 : où montez-vous votre étal \? \(10 or\)/);
      for (const c of ['drapers', 'spicers', 'vintners', 'well', 'gate', 'pass']) assert.match(aude.text, new RegExp(`data-choice="${c}"`));
      assert.match(aude.text, /data-live-src="\/games\/\d+\/play\?part=prompt"/);
      assert.match(aude.text, /data-live-game="\d+"/);
      const ber = await play(b[1]!, id);
      assert.match(pageText(ber.text), /Nothing is asked of you for now\. Waiting for: Aude/);
      // The prompt part alone, as live.js fetches it.
      const part = await b[1]!.get(`/games/${id}/play?part=prompt`);
      assert.equal(part.status, 200);
      assert.doesNotMatch(part.text, /<html/);
      assert.match(pageText(part.text), /Waiting for: Aude/);
      // Aude picks the well.
      const r = await b[0]!.post(`/games/${id}/answer`, { decision: 'stall', answer: 'well' });
      assert.equal(r.status, 200);
      assert.equal(r.redirects[0], `/games/${id}/play?done=answer`);
      await waitForStep(tp, id, 1);
      const ber2 = await play(b[1]!, id);
      assert.match(pageText(ber2.text), /Round 1: where do you set up your stall\? \(10 gold\)/);
      assert.match(ber2.text, /data-choice="well"/);
      assert.match(pageText((await play(b[0]!, id)).text), /Rien ne vous est demandé pour l’instant\. En attente de : Bérenger/);
      // Bérenger joins her at the well (the guided form's line): Aude is asked to consent, Bérenger waits.
      const f = await b[1]!.post(`/games/${id}/answer`, { decision: 'stall', code: 'stall', f_region: 'well' });
      assert.equal(f.redirects[0], `/games/${id}/play?done=answer`);
      await waitForStep(tp, id, 2);
      const aude2 = pageText((await play(b[0]!, id)).text);
      assert.match(aude2, /Bérenger peut-il monter son étal à côté du vôtre \(Le puits\) \?/);
      assert.match(pageText((await play(b[1]!, id)).text), /Waiting for: Aude/);
    });

    test('a refused answer says why in my language, keeps what I typed and stores nothing', async () => {
      const { id, b } = await fairGame();
      const r = await b[0]!.post(`/games/${id}/answer`, { decision: 'stall', answer: 'nowhere' });
      assert.equal(r.status, 400);
      assert.match(pageText(r.text), /Réponse refusée : place inconnue « nowhere »/);
      assert.equal(await sheets(id), 0);
      // The form's line, refused: the English player reads English, the typed values stay in the form.
      await b[0]!.post(`/games/${id}/answer`, { decision: 'stall', answer: 'pass' });
      await waitForStep(tp, id, 1);
      const bad = await b[1]!.post(`/games/${id}/answer`, { decision: 'stall', code: 'stall', f_region: 'moon' });
      assert.equal(bad.status, 400);
      assert.match(pageText(bad.text), /Answer refused: unknown region "moon"/);
      assert.match(bad.text, /<fieldset aria-describedby="prompt-stall-error"><legend>/, 'the refused entry is described by the refusal');
      assert.match(bad.text, /name="f_region" id="f-stall-stall-region" required aria-describedby="prompt-stall-error" autofocus/, 'its first field takes the focus');
      // A field left empty, and a prompt not asked of me.
      const empty = await b[1]!.post(`/games/${id}/answer`, { decision: 'stall', code: 'stall', f_region: '' });
      assert.match(pageText(empty.text), /Fill in every field of the form/);
      const notMine = await b[2]!.post(`/games/${id}/answer`, { decision: 'stall', answer: 'pass' });
      assert.equal(notMine.status, 409);
      assert.match(pageText(notMine.text), /Cette question ne vous est pas \(ou plus\) posée/);
      // JSON: the validator's issues.
      const j = await b[1]!.postJson(`/games/${id}/answer`, { decision: 'stall', answer: 'moon' });
      assert.equal(j.status, 400);
      assert.equal(j.json().ok, false);
      assert.match(j.json().issues[0].text.fr, /place inconnue/);
      assert.equal(await sheets(id), 1, 'only Aude\'s pass was stored');
    });

    test('a parallel prompt shows whom it waits for; standing answers saved and applied', async () => {
      const { id, b } = await fairGame();
      // Bérenger passes the auctions by a standing answer, before any auction opens.
      const s = await b[1]!.post(`/games/${id}/standing`, { 's_pass-auction': 'yes', s_consent: 'ask' });
      assert.equal(s.redirects[0], `/games/${id}/play?done=standing`);
      assert.match(s.text, /<option value="yes" selected>Yes<\/option>/);
      const bad = await b[1]!.post(`/games/${id}/standing`, { 's_pass-auction': 'maybe' });
      assert.equal(bad.status, 400);
      assert.match(pageText(bad.text), /Unknown standing answer/);
      for (let i = 0; i < 3; i++) {
        await b[i]!.post(`/games/${id}/answer`, { decision: 'stall', answer: 'pass' });
        await waitForStep(tp, id, i + 1);
      }
      // The sealed bid: everyone is asked; Bérenger's standing answer answered for him.
      const ber = await play(b[1]!, id);
      assert.match(ber.text, /id="prompt-bid"[^>]*data-answered="1"/);
      assert.match(pageText(ber.text), /Your answer: .*\(standing answer\)/);
      assert.match(pageText(ber.text), /Waiting for: Aude, Clothilde/);
      // Aude bids with the guided form; the page shows her answer, still changeable, and whom it waits for.
      const r = await b[0]!.post(`/games/${id}/answer`, { decision: 'bid', code: 'bid', f_amount: '3', f_prize: 'ribbon' });
      assert.equal(r.redirects[0], `/games/${id}/play?done=answer`);
      const t = pageText(r.text);
      assert.match(t, /Votre réponse : bid 3 ribbon/);
      assert.match(t, /En attente de : Clothilde/);
      assert.match(r.text, /data-code="bid"/, 'the form is still there to change the answer');
      // More than her gold: refused, nothing stored in its place.
      const over = await b[0]!.post(`/games/${id}/answer`, { decision: 'bid', code: 'bid', f_amount: '99', f_prize: 'relic' });
      assert.match(pageText(over.text), /une enchère de 99 dépasse votre trésor \(10\)/);
      assert.match(over.text, /name="f_amount" id="[^"]*" required[^>]*value="99"/);
      await b[2]!.post(`/games/${id}/answer`, { decision: 'bid', answer: 'bid 1 relic' });
      await waitForStep(tp, id, 4);
      const st = await stateOf<FairState>(tp, id);
      assert.equal(st.round, 2);
      assert.equal(st.seats[0]!.points, 2, 'Aude won the ribbon');
    });

    test('an answer given comes back in its form (mine only; a standing answer too), and sent back unchanged it is the same answer', async () => {
      const { id, b } = await fairGame();
      await b[1]!.post(`/games/${id}/standing`, { 's_pass-auction': 'yes', s_consent: 'ask' }); // Bérenger: a bid of 0, by a standing answer
      for (let i = 0; i < 3; i++) {
        await b[i]!.post(`/games/${id}/answer`, { decision: 'stall', answer: 'pass' });
        await waitForStep(tp, id, i + 1);
      }
      const blank = await play(b[0]!, id);
      assert.equal(prefilledForm(blank.text, 'bid'), null, 'not answered yet: a blank form');
      assert.match(blank.text, /name="f_amount" id="[^"]*" required[^>]*value=""/);
      // Bérenger's standing answer, in his form.
      assert.deepEqual(prefilledForm((await play(b[1]!, id)).text, 'bid'), { code: 'bid', fields: { f_amount: '0', f_prize: 'relic' } });
      // Aude bids with the form and comes back to the page: her bid in the form, to change it.
      await b[0]!.post(`/games/${id}/answer`, { decision: 'bid', code: 'bid', f_amount: '3', f_prize: 'ribbon' });
      const aude = await play(b[0]!, id);
      const filled = prefilledForm(aude.text, 'bid');
      assert.deepEqual(filled, { code: 'bid', fields: { f_amount: '3', f_prize: 'ribbon' } });
      assert.match(aude.text, /<option value="ribbon" selected>/);
      // Fog: Clothilde's form is blank (nobody's answer but her own fills it).
      const clo = await play(b[2]!, id);
      assert.equal(prefilledForm(clo.text, 'bid'), null);
      assert.doesNotMatch(clo.text, /value="3"|<option value="ribbon" selected>/);
      // The JSON play page gives the same values (formValues), under the same fog.
      const bidJson = async (x: Browser) => {
        const r = await x.get(`/games/${id}/play`, { headers: { accept: 'application/json' } });
        return (r.json().prompts as { id: string; formValues: unknown }[]).find((q) => q.id === 'bid')!;
      };
      assert.deepEqual((await bidJson(b[0]!)).formValues, { code: 'bid', values: { amount: '3', prize: 'ribbon' } });
      assert.deepEqual((await bidJson(b[1]!)).formValues, { code: 'bid', values: { amount: '0', prize: 'relic' } }, 'a standing answer too');
      const cloJson = await bidJson(b[2]!);
      assert.equal(cloJson.formValues, null, 'not answered: nothing filled');
      assert.doesNotMatch(JSON.stringify(cloJson), /"amount"|"values"/, 'nobody else\'s answer');
      // Sent back as it is: accepted, the same answer.
      const before = await tp.db.one<{ text: string; value: unknown }>(`SELECT text, value FROM sheets WHERE game_id = $1 AND player = 'p1' AND decision = 'bid'`, [id]);
      const again = await b[0]!.post(`/games/${id}/answer`, { decision: 'bid', code: filled!.code, ...filled!.fields });
      assert.equal(again.redirects[0], `/games/${id}/play?done=answer`);
      const after = await tp.db.one<{ text: string; value: unknown; ready: boolean }>(`SELECT text, value, ready FROM sheets WHERE game_id = $1 AND player = 'p1' AND decision = 'bid'`, [id]);
      assert.equal(after!.ready, true);
      assert.equal(after!.text, before!.text);
      assert.deepEqual(after!.value, before!.value);
    });

    test('a trade offered and accepted changes both pages', async () => {
      const { id, b } = await fairGame();
      await b[0]!.post(`/games/${id}/answer`, { decision: 'stall', answer: 'drapers' });
      await waitForStep(tp, id, 1);
      const aude = await play(b[0]!, id);
      assert.match(aude.text, /data-action="offer"/);
      const offer = await b[0]!.post(`/games/${id}/act`, { action: 'offer', f_to: 'p2', f_good: 'cloth', f_count: '1', f_price: '2' });
      assert.equal(offer.redirects[0], `/games/${id}/play?done=act`);
      assert.match(offer.text, /data-action="withdraw:1"/);
      const ber = await play(b[1]!, id);
      assert.match(ber.text, /data-action="accept:1"/);
      assert.match(pageText(ber.text), /Accept offer #1/);
      assert.doesNotMatch((await play(b[2]!, id)).text, /data-action="accept:1"/, 'the offer is private to its two parties');
      // A refused action (more gold than he has) keeps the typed values.
      const bad = await b[1]!.post(`/games/${id}/act`, { action: 'give', f_to: 'p1', f_amount: '50' });
      assert.equal(bad.status, 400);
      assert.match(pageText(bad.text), /Action refused: you have 10 gold/);
      assert.match(bad.text, /name="f_amount" id="a-give-amount" required[^>]*value="50"/);
      assert.match(bad.text, /<p class="error" role="alert" id="action-give-error">/, 'the refusal has an id');
      assert.match(bad.text, /name="f_to" id="a-give-to" required aria-describedby="action-give-error" autofocus/, 'the action\u2019s first field is described by it and takes the focus');
      assert.match(bad.text, /id="a-give-amount" required aria-describedby="action-give-error"[^>]*value="50"/);
      const acc = await b[1]!.post(`/games/${id}/act`, { action: 'accept:1' });
      assert.equal(acc.redirects[0], `/games/${id}/play?done=act`);
      const st = await stateOf<FairState>(tp, id);
      assert.equal(st.hands.p2!.cloth, 1);
      assert.equal(st.seats[1]!.gold, 8);
      assert.doesNotMatch((await play(b[1]!, id)).text, /data-action="accept:1"/);
      const audeAfter = pageText((await play(b[0]!, id)).text);
      assert.match(audeAfter, /Offre n° 1 acceptée : vous → Bérenger, 1 drap pour 2 or/);
      // Bérenger's stall prompt is still open, and still his.
      assert.match(pageText((await play(b[1]!, id)).text), /Round 1: where do you set up your stall\?/);
    });

    test('no extension offered on a prompt charged to another player\'s clock (Decision.charges), as on the others', async () => {
      const { id, b } = await fairGame({ charged: true });
      assert.match((await play(b[0]!, id)).text, /id="extend"/, 'her own stall: the button');
      await b[0]!.post(`/games/${id}/answer`, { decision: 'stall', answer: 'well' });
      await waitForStep(tp, id, 1);
      await b[1]!.post(`/games/${id}/answer`, { decision: 'stall', answer: 'well' });
      await waitForStep(tp, id, 2);
      const aude = await play(b[0]!, id);
      assert.match(aude.text, /data-choice="yes"/, 'Aude is asked to consent');
      assert.doesNotMatch(aude.text, /id="extend"/, 'but may not extend it: the time is Bérenger\'s');
      const e = await b[0]!.post(`/games/${id}/extend`, {});
      assert.equal(e.redirects[0], `/games/${id}/play?done=extend-used`, 'a forced press changes nothing');
    });

    test('one extension per step; the host pauses, others may not', async () => {
      const { id, b } = await fairGame();
      const before = (await games.summary(tp.platform.ctx, id))!.deadline!.getTime();
      const e1 = await b[0]!.post(`/games/${id}/extend`, {});
      assert.equal(e1.redirects[0], `/games/${id}/play?done=extend`);
      const after1 = (await games.summary(tp.platform.ctx, id))!.deadline!.getTime();
      assert.equal(after1 - before, 10 * 60_000, 'one TURN at the live pace');
      assert.match(e1.text, /id="extend-used"/);
      const e2 = await b[0]!.post(`/games/${id}/extend`, {});
      assert.equal(e2.redirects[0], `/games/${id}/play?done=extend-used`);
      assert.equal((await games.summary(tp.platform.ctx, id))!.deadline!.getTime(), after1);
      // Bérenger is not asked now: nothing to extend.
      const e3 = await b[1]!.post(`/games/${id}/extend`, {});
      assert.equal(e3.status, 409);
      // Pause: the host only.
      const no = await b[1]!.post(`/games/${id}/pause`, { paused: '1' });
      assert.equal(no.status, 403);
      assert.match(pageText(no.text), /Only the game’s host may do this/);
      const p = await b[0]!.post(`/games/${id}/pause`, { paused: '1' });
      assert.equal(p.redirects[0], `/games/${id}/play?done=paused`);
      assert.match(pageText((await play(b[1]!, id)).text), /The game is paused/);
      const refused = await b[0]!.post(`/games/${id}/answer`, { decision: 'stall', answer: 'pass' });
      assert.match(pageText(refused.text), /La partie est en pause/);
      const j = await b[0]!.postJson(`/games/${id}/pause`, { paused: false });
      assert.deepEqual(j.json(), { ok: true, paused: false });
      assert.doesNotMatch(pageText((await play(b[1]!, id)).text), /The game is paused/);
    });

    test('a default at the deadline is marked "(timeout)" in the log; absent players are flagged', async () => {
      const { id, b } = await fairGame({ absentAfter: 1 });
      await b[0]!.post(`/games/${id}/answer`, { decision: 'stall', answer: 'pass' });
      await waitForStep(tp, id, 1);
      // Bérenger lets his TURN run out: the scheduler applies his default (pass).
      const deadline = (await games.summary(tp.platform.ctx, id))!.deadline!;
      tp.clock.now = new Date(deadline.getTime() + 1000);
      await schedulerPass(tp);
      await waitForStep(tp, id, 2);
      const mine = await b[1]!.get(`/games/${id}/log`);
      assert.equal(mine.status, 200);
      const tm = pageText(mine.text);
      assert.match(tm, /\(timeout\)/);
      assert.match(tm, /Timed out: Bérenger/);
      assert.match(tm, /You pass\./, 'his own report');
      const aude = pageText((await b[0]!.get(`/games/${id}/log`)).text);
      assert.match(aude, /Délai écoulé pour : Bérenger/);
      assert.doesNotMatch(aude, /\(délai écoulé\)/, 'Aude answered herself');
      // Absent after one default: flagged on the page, and the host may open the seat.
      const host = await play(b[0]!, id);
      assert.match(pageText(host.text), /Bérenger absent \(1 défaut de suite\)/);
      assert.match(host.text, /action="\/games\/\d+\/open-seat"/);
      const open = await b[0]!.post(`/games/${id}/open-seat`, { player: 'p2' });
      assert.equal(open.status, 200);
      assert.equal((await tp.db.one<{ status: string }>('SELECT status FROM seats WHERE game_id = $1 AND player = $2', [id, 'p2']))!.status, 'open');
      tp.clock.now = new Date('2026-11-20T12:00:00Z');
    });

    test('the log is paged, 50 steps a page, newest first; others see labels and times only', async () => {
      const { id, b } = await fairGame({ isPrivate: false });
      // 55 gifts of 1 gold back and forth: 55 steps, each a free action.
      for (let i = 0; i < 55; i++) {
        const r = await b[i % 2]!.postJson(`/games/${id}/act`, { action: 'give', values: null, f_to: i % 2 ? 'p1' : 'p2', f_amount: '1' });
        assert.equal(r.json().ok, true, JSON.stringify(r.json()));
      }
      const first = await b[0]!.get(`/games/${id}/log`);
      assert.equal((first.text.match(/class="log-entry"/g) ?? []).length, 50);
      assert.match(first.text, /id="step-55"/);
      assert.doesNotMatch(first.text, /id="step-5"/);
      assert.match(first.text, /href="\/games\/\d+\/log\?before=6" rel="next"/);
      assert.match(pageText(first.text), /Don : vous → Bérenger, 1 or\./);
      const older = await b[0]!.get(`/games/${id}/log?before=6`);
      assert.deepEqual([...older.text.matchAll(/id="step-(\d+)"/g)].map((m) => Number(m[1])), [5, 4, 3, 2, 1]);
      assert.match(older.text, /href="\/games\/\d+\/log" rel="prev"/);
      // A visitor who does not play sees the steps, not the players' lines.
      const dreux = await loggedIn(tp, users[3]!);
      const pub = await dreux.get(`/games/${id}/log`);
      assert.equal(pub.status, 200);
      assert.equal((pub.text.match(/class="log-entry"/g) ?? []).length, 50);
      assert.doesNotMatch(pageText(pub.text), /Don :|Gift:/);
      assert.match(pageText(pub.text), /action libre \(Aude\)/);
    });

    test('a private game: /play, /log and the POSTs are 404 for a non-member; a public game shows its public view', async () => {
      const { id } = await fairGame({ isPrivate: true });
      const dreux = await loggedIn(tp, users[3]!);
      for (const path of ['play', 'play?part=prompt', 'log']) assert.equal((await dreux.get(`/games/${id}/${path}`)).status, 404, path);
      await dreux.get('/games');
      for (const path of ['answer', 'act', 'standing', 'extend', 'vacation', 'pause']) {
        assert.equal((await dreux.post(`/games/${id}/${path}`, { decision: 'stall', answer: 'pass', action: 'give', paused: '1', days: '1' })).status, 404, path);
      }
      const pub = await fairGame({ isPrivate: false });
      const r = await dreux.get(`/games/${pub.id}/play`);
      assert.equal(r.status, 200);
      assert.match(pageText(r.text), /Champ de foire, manche 1/);
      assert.doesNotMatch(r.text, /action="\/games\/\d+\/answer"/);
      assert.equal((await dreux.post(`/games/${pub.id}/answer`, { decision: 'stall', answer: 'pass' })).status, 404);
      assert.equal((await dreux.get(`/games/${pub.id}/log`)).status, 200);
      // A weekly game has no /play; a game of prompts has no order sheet.
      assert.equal((await dreux.get(`/games/${pub.id}/orders`, { follow: false })).location, `/games/${pub.id}/play`);
    });

    test('the creation form offers a ruleset of prompts its pace, class lengths, absence, vacations and bot', async () => {
      const b = await loggedIn(tp, users[3]!);
      const form = await b.get('/games');
      assert.match(form.text, /id="prompt-options" data-kinds="[^"]*test\/fair\/fairground/);
      assert.match(form.text, /name="cls:test\/fair:TURN"[^>]*placeholder="1440"/, 'the class\'s length at the default pace (daily)');
      assert.match(form.text, /<script src="\/static\/create-game.js" defer>/);
      const fields = {
        name: 'Foire du jeudi', map: 'test/fair/fairground', lords: '2', lordName: 'Dreux', password: 'secret', weekday: '5', time: '23:00', timeZone: 'Europe/Paris',
        pace: 'live', 'cls:test/fair:TURN': '15', 'cls:test/fair:REPLY': '', absentAfter: '2', openSeatBot: '1',
      };
      const bad = await b.post('/games', { ...fields, 'cls:test/fair:REPLY': '0' });
      assert.equal(bad.status, 400);
      assert.match(pageText(bad.text), /Réponse : une durée en minutes entières, de 1 à 40320/);
      assert.match(bad.text, /name="cls:test\/fair:TURN"[^>]*value="15"/, 'what was typed is kept');
      const badAbsent = await b.post('/games', { ...fields, absentAfter: '50' });
      assert.match(pageText(badAbsent.text), /Un joueur est absent après 1 à 20 réponses par défaut de suite/);
      const ok = await b.post('/games', fields);
      assert.equal(ok.status, 200, pageText(ok.text).slice(0, 400));
      const id = Number(/^\/games\/(\d+)$/.exec(ok.redirects[0]!)![1]);
      const row = await tp.db.one<{ pace: string; pace_minutes: unknown; absent_after: number; vacations: boolean; open_seat_bot: boolean }>(
        'SELECT pace, pace_minutes, absent_after, vacations, open_seat_bot FROM games WHERE id = $1', [id]);
      const minutes = typeof row!.pace_minutes === 'string' ? JSON.parse(row!.pace_minutes) : row!.pace_minutes;
      assert.deepEqual({ ...row, pace_minutes: minutes }, { pace: 'live', pace_minutes: { TURN: 15 }, absent_after: 2, vacations: false, open_seat_bot: true });
    });

    test('hostile input on every route of the page: below 500, and the game stays sound', async () => {
      const { id, b } = await fairGame();
      const json = await b[0]!.get(`/games/${id}/play`, { headers: { accept: 'application/json' } });
      assert.equal(json.json().prompts[0].id, 'stall');
      assert.deepEqual(json.json().waiting, ['Aude']);
      const odd = ['', ' ', '\u0000', 'x'.repeat(5000), '__proto__', 'constructor', '-1', '1e308', 'NaN', '<script>alert(1)</script>', 'accept:999', 'stall', 'bid'];
      const fields = ['decision', 'answer', 'code', 'action', 'days', 'paused', 'f_to', 'f_amount', 'f___proto__', 's_consent', 's___proto__', 'f_region'];
      let sent = 0;
      for (const path of ['answer', 'act', 'standing', 'extend', 'vacation', 'pause']) {
        for (const [i, v] of odd.entries()) {
          const form = Object.fromEntries(fields.map((f, j) => [f, odd[(i + j) % odd.length]!]));
          for (const r of [await b[i % 3]!.post(`/games/${id}/${path}`, { ...form, decision: i % 2 ? 'stall' : v }), await b[i % 3]!.postJson(`/games/${id}/${path}`, { ...form, values: [v], decision: { v } })]) {
            sent++;
            assert.ok(r.status < 500, `${path} ${JSON.stringify(v).slice(0, 40)}: ${r.status} ${pageText(r.text).slice(0, 200)}`);
          }
        }
        for (const q of ['?part=nope', '?part=', '?part[]=prompt', '?done=__proto__', '?before=-1']) assert.ok((await b[0]!.get(`/games/${id}/play${q}`)).status < 500, q);
        for (const q of ['?before=0', '?before=abc', '?before=99999999999', '?before=1.5']) assert.ok((await b[0]!.get(`/games/${id}/log${q}`)).status < 500, q);
      }
      assert.ok(sent > 100);
      const st = await stateOf<FairState>(tp, id);
      assert.ok(st.seats.every((s) => s.gold <= 10 && s.gold >= 0));
      await b[0]!.post(`/games/${id}/pause`, { paused: '0' });
      await b[0]!.post(`/games/${id}/vacation`, { days: '0' });
    });

    test('vacation: days left, refused beyond the yearly cap', async () => {
      const { id, b } = await fairGame();
      const page1 = pageText((await play(b[0]!, id)).text);
      assert.match(page1, /Cette partie permet les vacances/);
      assert.match(page1, /21 jours de vacances restants cette année \(sur 21\)/);
      const r = await b[0]!.post(`/games/${id}/vacation`, { days: '5' });
      assert.equal(r.redirects[0], `/games/${id}/play?done=vacation`);
      assert.match(pageText(r.text), /En vacances jusqu’au .* 16 jours de vacances restants cette année/);
      const over = await b[0]!.post(`/games/${id}/vacation`, { days: '30' });
      assert.equal(over.status, 400);
      assert.match(pageText(over.text), /De 0 à 21 jours, dans la limite des 21 jours/);
      await b[0]!.post(`/games/${id}/vacation`, { days: '0' });
    });
  });
}

/** Each option of each field of an entry, the other fields at their first option (integers at their minimum): the values by field. */
function fills(e: FormEntry): Record<string, string>[] {
  const first: Record<string, string> = {};
  for (const f of e.fields) first[f.name] = f.kind === 'choice' ? f.options[0]?.value ?? '' : f.kind === 'integer' ? String(f.min ?? 0) : '';
  const out: Record<string, string>[] = e.fields.length ? [] : [{}];
  for (const f of e.fields) for (const v of f.kind === 'choice' ? f.options.map((o) => o.value) : [first[f.name]!]) out.push({ ...first, [f.name]: v });
  return out;
}

describe('answers given come back in the guided form: Fief, Warrior Knights, Game of Gruik (pglite)', () => {
  let tp: TestPlatform;
  // The turn job runs only when the test asks (waitForStep): a step I answered stays open until
  // then, as it does in a game while another player is awaited, so that a question asked of me
  // alone (Fief's are, one player at a time) can be come back to as well.
  before(async () => { tp = await startTestPlatform('pglite', {}, { scheduler: false }); });
  after(async () => { await tp?.close(); });

  /**
   * Two persons (me and another) among bots at the live pace; each question answered by default
   * (the service's answerPrompt), but a question of mine with a guided form of one of `kinds` not
   * checked yet: there, on the page, I give an answer the form writes (its first line the referee
   * accepts that is not a button's), the page read again fills that entry with it, and the form
   * sent back unchanged is the same answer. Returns the kinds checked.
   */
  async function formsComeBack(ruleset: string, login: string, create: (me: number, other: number) => Promise<number>, kinds: string[], guard: number): Promise<string[]> {
    const want = kinds.length;
    const rs = getRuleset(ruleset).ruleset as Ruleset<unknown>;
    const u = await newUser(tp, login);
    const o = await newUser(tp, `${login}_2`);
    const id = await create(u.id, o.id);
    const me = await playerOf(tp, id, u.id);
    const other = await playerOf(tp, id, o.id);
    const b = await loggedIn(tp, u);
    await b.get(`/games/${id}/play`);
    const done: string[] = [];
    for (let i = 0; i < guard && done.length < want; i++) {
      const row = (await tp.db.one<{ step: number; status: string }>('SELECT step, status FROM games WHERE id = $1', [id]))!;
      if (row.status !== 'running') break;
      const g = await stateOf<unknown>(tp, id);
      const ds = rs.decisions(g);
      const d = ds.find((x) => x.players.includes(me) && kinds.includes(x.kind) && !done.includes(x.kind));
      let pick: { e: FormEntry; values: Record<string, string> } | null = null;
      if (d) {
        const buttons = new Set((d.choices ?? []).map((c) => rs.validate(g, me, d.id, c.value).value).filter((x) => x !== null).map((x) => canonicalJson(x)));
        for (const e of rs.answerForm!(g, me, d.id, 'fr').groups.flatMap((x) => x.entries)) for (const values of fills(e)) {
          if (pick) break;
          const line = formLine(e, values);
          const v = line === null ? null : rs.validate(g, me, d.id, line);
          if (v && v.value !== null && !v.issues.some(isError) && !buttons.has(canonicalJson(v.value))) pick = { e, values };
        }
      }
      if (d && pick) {
        const posted = Object.fromEntries(Object.entries(pick.values).map(([k, v]) => [`f_${k}`, v]));
        const r = await b.post(`/games/${id}/answer`, { decision: d.id, code: pick.e.code, ...posted });
        assert.equal(r.redirects[0], `/games/${id}/play?done=answer`, `${d.kind}: ${pageText(r.text).slice(0, 300)}`);
        const stored = await tp.db.one<{ text: string; value: unknown }>('SELECT text, value FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, me, d.id]);
        const filled = prefilledForm((await b.get(`/games/${id}/play`)).text, d.id);
        assert.ok(filled, `${d.kind}: the form is filled back with the answer ${stored?.text}`);
        assert.equal(filled.code, pick.e.code, `${d.kind}: the entry that wrote it`);
        const back = await b.post(`/games/${id}/answer`, { decision: d.id, code: filled.code, ...filled.fields });
        assert.equal(back.redirects[0], `/games/${id}/play?done=answer`, `${d.kind}: sent back unchanged, accepted: ${pageText(back.text).slice(0, 300)}`);
        const again = await tp.db.one<{ value: unknown; ready: boolean }>('SELECT value, ready FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, me, d.id]);
        assert.equal(again!.ready, true);
        assert.equal(canonicalJson(again!.value), canonicalJson(stored!.value), `${d.kind}: the same answer`);
        done.push(d.kind);
      }
      // the rest by default: mine first, then the other's (a step already resolved by mine asks him no more)
      for (const x of ds) for (const p of [me, other]) {
        if (!x.players.includes(p) || (x === d && p === me && pick)) continue;
        try { await answerPrompt(tp.platform.ctx, id, p, x.id, x.defaults[p] ?? null); } catch { /* the step moved on */ }
      }
      await waitForStep(tp, id, Number(row.step) + 1, 60_000);
    }
    return done;
  }

  test('Fief: the purchases and the movement are sheets: a line of the guided form or of the map added, sent, back in the editor, and sent back unchanged the same answer', { timeout: 300_000 }, async () => {
    const u = await newUser(tp, 'fv_fief');
    const o = await newUser(tp, 'fv_fief_2');
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'fief', name: 'Fief formulaires', options: { map: 'original' }, seed: 'fief-site', hostUserId: u.id, isPrivate: true,
      seats: [{ userId: u.id, lordName: 'Aude' }, { userId: o.id, lordName: 'Bérenger' }, { userId: null, lordName: 'Clothilde' }, { userId: null, lordName: 'Dreux' }],
      maxPlayers: 4, prompts: { pace: 'live' },
    });
    const rs = getRuleset('fief').ruleset as Ruleset<unknown>;
    const me = await playerOf(tp, id, u.id);
    const other = await playerOf(tp, id, o.id);
    const b = await loggedIn(tp, u);
    const editor = async () => unescaped(/<textarea name="answer" id="sheet-text"[^>]*>([\s\S]*?)<\/textarea>/.exec((await b.get(`/games/${id}/play`)).text)?.[1] ?? '');
    const done: string[] = [];
    for (let i = 0; i < 200 && done.length < 2; i++) {
      const row = (await tp.db.one<{ step: number; status: string }>('SELECT step, status FROM games WHERE id = $1', [id]))!;
      if (row.status !== 'running') break;
      const g = await stateOf<unknown>(tp, id);
      const ds = rs.decisions(g);
      const d = ds.find((x) => x.players.includes(me) && ['purchases', 'movement'].includes(x.kind) && !done.includes(x.kind));
      let mine = false;
      if (d) {
        assert.equal(d.sheet, true, `${d.kind} is a sheet`);
        const page = await b.get(`/games/${id}/play`);
        assert.match(page.text, /id="sheet-text"/, `${d.kind}: the sheet editor`);
        assert.match(page.text, /data-choice="none"/, `${d.kind}: its “Nothing” button beside the sheet`);
        let line: string | null = null;
        if (d.kind === 'purchases') { // the guided form's “add” (the page without a script): the line appended to the draft
          const form = rs.answerForm!(g, me, d.id, 'fr');
          let pick: { gi: number; ei: number; values: Record<string, string> } | null = null;
          form.groups.forEach((grp, gi) => grp.entries.forEach((e, ei) => {
            for (const values of fills(e)) {
              if (pick) return;
              const l = formLine(e, values);
              const v = l === null ? null : rs.validate(g, me, d.id, l);
              if (v && v.value !== null && !v.issues.some(isError) && (v.value as unknown[]).length === 1) { pick = { gi, ei, values }; line = l; }
            }
          }));
          assert.ok(pick && line, 'a purchase the referee takes');
          const { gi, ei, values } = pick as { gi: number; ei: number; values: Record<string, string> };
          const added = await b.post(`/games/${id}/answer`, { decision: d.id, add: `${gi}:${ei}`, ...Object.fromEntries(Object.entries(values).map(([k, x]) => [postedFieldName(gi, ei, k), x])) });
          assert.equal(added.status, 200, pageText(added.text).slice(0, 300));
        } else { // the map's first move (MapAction.line), as map.js appends it
          const units = rs.mapDoc!(g, me, 'fr', null).units;
          line = units.flatMap((x) => x.actions)[0]?.line ?? null;
          assert.ok(line, `the map offers a move: ${JSON.stringify(units).slice(0, 300)}`);
        }
        const text = d.kind === 'purchases' ? await editor() : `${line}\n`;
        assert.ok(text.includes(line!), `${d.kind}: the line in the sheet (${text})`);
        const r = await b.post(`/games/${id}/answer`, { decision: d.id, answer: text });
        assert.equal(r.redirects[0], `/games/${id}/play?done=answer`, `${d.kind}: ${pageText(r.text).slice(0, 300)}`);
        const stored = await tp.db.one<{ value: unknown; ready: boolean }>('SELECT value, ready FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, me, d.id]);
        assert.equal(stored!.ready, true);
        assert.equal((stored!.value as unknown[]).length, 1, `${d.kind}: one line kept`);
        const back = await editor();
        assert.ok(back.includes(line!.split(' ')[0]!), `${d.kind}: the sheet sent, in the editor (${back})`);
        const again = await b.post(`/games/${id}/answer`, { decision: d.id, answer: back });
        assert.equal(again.redirects[0], `/games/${id}/play?done=answer`);
        const same = await tp.db.one<{ value: unknown }>('SELECT value FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, me, d.id]);
        assert.equal(canonicalJson(same!.value), canonicalJson(stored!.value), `${d.kind}: the same answer`);
        done.push(d.kind);
        mine = true;
      }
      for (const x of ds) for (const p of [me, other]) {
        if (!x.players.includes(p) || (x === d && p === me && mine)) continue;
        try { await answerPrompt(tp.platform.ctx, id, p, x.id, x.defaults[p] ?? null); } catch { /* the step moved on */ }
      }
      await waitForStep(tp, id, Number(row.step) + 1, 60_000);
    }
    assert.deepEqual(done, ['purchases', 'movement']);
  });

  test('Warrior Knights: the stronghold (one choice) and the planning (a pile for each card)', { timeout: 300_000 }, async () => {
    const done = await formsComeBack('warrior-knights', 'fv_wk', (me, other) => games.create(tp.platform.ctx, {
      ruleset: 'warrior-knights', name: 'WK formulaires', options: {}, seed: 'wk-fv', hostUserId: me, isPrivate: true,
      seats: [{ userId: me, lordName: 'Aude' }, { userId: other, lordName: 'Bérenger' }], maxPlayers: 2, prompts: { pace: 'live' },
    }), ['place-stronghold', 'plan-piles'], 200);
    assert.deepEqual(done, ['place-stronghold', 'plan-piles']);
  });

  test('Game of Gruik: the season\'s sheet written with the guided form comes back in the editor, and sent back unchanged is the same answer', async () => {
    const u = await newUser(tp, 'fv_gruik');
    const v = await newUser(tp, 'fv_gruik2', 'en');
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'gruik', name: 'Tourbière formulaires', options: { map: 'fixture', seasons: 2, gm: false }, seed: 'gsite-4', hostUserId: u.id, isPrivate: true,
      seats: [{ userId: u.id, lordName: 'Aëlis' }, { userId: v.id, lordName: 'Borin' }], maxPlayers: 2, prompts: { pace: 'live' },
    });
    const g = await stateOf<GruikGame>(tp, id);
    const me = await playerOf(tp, id, u.id);
    const b = await loggedIn(tp, u);
    await b.get(`/games/${id}/play`);
    // a line of the guided form that the referee takes without error
    let line: string | null = null;
    for (const e of gruik.answerForm!(g, me, 'orders', 'fr').groups.flatMap((x) => x.entries)) for (const values of fills(e)) {
      if (line) break;
      const l = formLine(e, values);
      const x = l === null ? null : gruik.validate(g, me, 'orders', l);
      if (x && x.value !== null && !x.issues.some(isError)) line = l;
    }
    assert.ok(line, 'a line of the guided form');
    const sheet = `${line}\n`;
    const r = await b.post(`/games/${id}/answer`, { decision: 'orders', answer: sheet });
    assert.equal(r.redirects[0], `/games/${id}/play?done=answer`, pageText(r.text).slice(0, 300));
    const stored = await tp.db.one<{ value: unknown }>('SELECT value FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, me, 'orders']);
    const page = await b.get(`/games/${id}/play`);
    const text = unescaped(/<textarea name="answer" id="sheet-text"[^>]*>([\s\S]*?)<\/textarea>/.exec(page.text)?.[1] ?? '');
    assert.equal(text, sheet, 'the sheet sent, in the editor');
    const back = await b.post(`/games/${id}/answer`, { decision: 'orders', answer: text });
    assert.equal(back.redirects[0], `/games/${id}/play?done=answer`);
    const again = await tp.db.one<{ value: unknown; ready: boolean }>('SELECT value, ready FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, me, 'orders']);
    assert.equal(again!.ready, true);
    assert.equal(canonicalJson(again!.value), canonicalJson(stored!.value), 'the same answer');
  });
});
