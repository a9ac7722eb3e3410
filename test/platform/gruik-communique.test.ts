/**
 * Game of Gruik's battle communiqués on the site, on PostgreSQL (rules §6.11; J21, §11.4: the GM's
 * optional moderation; communique.ts). A two-player game of the §12.7 fixture at the live pace with
 * a GM and `communiqueModeration`, two battles of the season put in its state (as S6 leaves them):
 *
 * - the elves post a communiqué from the play page's form (a free action); one too long is refused
 *   in French beside the form; the step keeps its deadline (an optional GM item changes no player's
 *   prompt); the GM's queue holds a J21 item (optional); the dwarves' page and reports show nothing
 *   of it while it waits;
 * - the GM withholds it from his page, and edits the dwarves' one; a third, the elves' second, gets
 *   no ruling;
 * - the players answer their orders: the turn job resolves the step (the optional items hold it not),
 *   applies the GM's two rulings and the default of the third (published), and closes the items
 *   (ruled, ruled, default). The dwarves' report shows the edited text and the third, never the
 *   withheld one; the elves are told theirs was withheld.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { answerPrompt } from '../../src/platform/games/prompts.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import type { GruikGame } from '../../src/rulesets/gruik/flow.ts';
import type { CommBattle } from '../../src/rulesets/gruik/communique.ts';
import { pageText } from './http.ts';
import { loggedIn, newUser, type TestUser as U } from './users.ts';
import { stateOf, startTestPlatform, waitForStep, type TestPlatform } from './util.ts';
await loadAllRulesets();

const TOURBE = '0:tourbe:elves:dwarves';
const MARCHE = '0:marche:dwarves:elves';
const battle = (id: string, province: string, winner: string): CommBattle => ({ id, season: 0, province, sides: id.split(':').slice(2) as [string, string], winner, participants: ['dwarves', 'elves'], step: 'S6.3' });

describe('Gruik communiqués on the site (postgres)', () => {
  let tp: TestPlatform;
  let users: U[] = [];
  let gameId = 0;
  before(async () => {
    tp = await startTestPlatform('postgres');
    users = [await newUser(tp, 'comm_elfe'), await newUser(tp, 'comm_dwarf', 'en'), await newUser(tp, 'comm_gm')];
    gameId = await games.create(tp.platform.ctx, {
      ruleset: 'gruik', name: 'Les Communiqués', options: { map: 'fixture', seasons: 3, gm: true, communiqueModeration: true }, seed: 'comm-site', hostUserId: users[0]!.id, isPrivate: true,
      seats: [{ userId: users[0]!.id, lordName: 'Aëlis' }, { userId: users[1]!.id, lordName: 'Borin' }], maxPlayers: 2, prompts: { pace: 'live' }, gm: { login: users[2]!.login },
    });
    const g = await stateOf<GruikGame>(tp, gameId);
    assert.equal(g.flow.phase, 'orders', 'the game waits for the orders');
    assert.equal(g.gruik.config.campaign.communiqueModeration, true, 'the host option reached the constants');
    g.comms = { battles: [battle(TOURBE, 'tourbe', 'elves'), battle(MARCHE, 'marche', 'dwarves')], items: [] };
    await tp.db.query('UPDATE games SET state = $2 WHERE id = $1', [gameId, JSON.stringify(g)]);
  });
  after(async () => { await tp?.close(); });

  const gameRow = async () => (await tp.db.one<{ step: number; deadline: Date | null }>('SELECT step, deadline FROM games WHERE id = $1', [gameId]))!;
  const items = () => tp.db.query<{ decision: string; kind: string; status: string; closed_at: Date | null }>('SELECT decision, kind, status, closed_at FROM gm_items WHERE game_id = $1 ORDER BY decision', [gameId]);

  test('a player posts from the page, the GM withholds one and edits another, the third is published by default when the step resolves', { timeout: 180_000 }, async () => {
    const elves = await loggedIn(tp, users[0]!);
    const dwarves = await loggedIn(tp, users[1]!);
    const gm = await loggedIn(tp, users[2]!);
    const play = await elves.get(`/games/${gameId}/play`);
    assert.match(play.text, new RegExp(`data-action="communique:${TOURBE}"`), 'the form of the communiqué on the play page');
    assert.match(pageText(play.text), /Communiqué sur la bataille de Tourbière/);

    // Too long: refused in the player's language, nothing stored.
    const long = await elves.post(`/games/${gameId}/act`, { action: `communique:${TOURBE}`, f_text: 'x'.repeat(2001) });
    assert.equal(long.status, 400);
    assert.match(pageText(long.text), /trop long : 2001 caractères, au plus 2000/);

    const { step: step0, deadline: deadline0 } = await gameRow();
    const posted = await elves.post(`/games/${gameId}/act`, { action: `communique:${TOURBE}`, f_text: 'Les nains ont fui comme des lapins.' }, { follow: false });
    assert.equal(posted.status, 303, pageText(posted.text).slice(0, 300));
    const after1 = await gameRow();
    assert.equal(Number(after1.step), Number(step0) + 1, 'a step of its own');
    assert.equal(after1.deadline?.getTime(), deadline0?.getTime(), 'the step keeps its deadline: the GM’s optional item changes no player’s prompt');
    let rows = await items();
    assert.deepEqual(rows.map((r) => [r.decision, r.kind, r.status]), [['gm:s0/J21/c1', 'optional', 'pending']], 'the J21 item in the GM’s queue');
    // fog: the dwarves know nothing of it while it waits; its author sees it waiting
    assert.doesNotMatch((await dwarves.get(`/games/${gameId}/play`)).text, /lapins/);
    const dwarfReports = await tp.db.query<{ text_en: string }>('SELECT text_en FROM reports WHERE game_id = $1 AND player = $2', [gameId, 'dwarves']);
    assert.ok(!dwarfReports.some((r) => /lapins/.test(r.text_en)), 'no report of it for the other side');
    assert.match(pageText((await elves.get(`/games/${gameId}/play`)).text), /lapins/, 'its author sees it waiting');
    const queue = await gm.get(`/games/${gameId}/gm`);
    assert.equal(queue.status, 200);
    assert.match(pageText(queue.text), /J21/);
    assert.match(pageText(queue.text), /lapins/, 'the GM reads it in the item’s brief');

    // The dwarves post theirs on the other battle; the elves a second one there.
    const d = await dwarves.post(`/games/${gameId}/act`, { action: `communique:${MARCHE}`, f_text: 'Borin salutes the brave elves.' }, { follow: false });
    assert.equal(d.status, 303);
    const e2 = await elves.post(`/games/${gameId}/act`, { action: `communique:${MARCHE}`, f_text: 'We shall return to Marche-Grise.' }, { follow: false });
    assert.equal(e2.status, 303);
    rows = await items();
    assert.deepEqual(rows.map((r) => r.decision), ['gm:s0/J21/c1', 'gm:s0/J21/c2', 'gm:s0/J21/c3']);

    // The GM: withholds the first, edits the second, leaves the third.
    const st = Number((await gameRow()).step);
    const w = await gm.post(`/games/${gameId}/gm/rule`, { decision: 'gm:s0/J21/c1', ruling: 'withhold', reason: 'insulting', step: String(st) }, { follow: false });
    assert.equal(w.status, 303, pageText(w.text).slice(0, 300));
    // The edit is a text to write (a text area), as long as a communiqué may be: one over the
    // bound (2,000) is refused with its reason and comes back whole in the form; one of 1,500
    // (over the 1,000 the platform once cut rulings to, silently) is kept whole.
    const queue2 = await gm.get(`/games/${gameId}/gm`);
    assert.match(queue2.text, /<textarea id="gm-gm-s0-J21-c2-free" name="ruling" maxlength="2000"/, 'a text area for the edit');
    const tooLong = `${'Borin salutes the brave elves of Sylvebrune. '.repeat(45)}The end.`; // 2,033 characters
    const refused = await gm.post(`/games/${gameId}/gm/rule`, { decision: 'gm:s0/J21/c2', ruling: tooLong, reason: 'names', step: String(st) }, { follow: false });
    assert.equal(refused.status, 400);
    assert.match(pageText(refused.text), /2000/, 'the bound given as the reason');
    assert.ok(refused.text.includes(`${tooLong}</textarea>`), 'the GM\'s text comes back whole');
    const edit = `${'Borin salutes the brave elves of Sylvebrune. '.repeat(33)}The end.`; // 1,493 characters
    const ed = await gm.post(`/games/${gameId}/gm/rule`, { decision: 'gm:s0/J21/c2', ruling: edit, reason: 'names', step: String(st) }, { follow: false });
    assert.equal(ed.status, 303, pageText(ed.text).slice(0, 300));
    assert.equal((await gameRow()).step, st, 'the rulings wait for the step (inputs of its resolution)');

    // The players answer: the step resolves at once (optional items hold it not).
    assert.ok((await answerPrompt(tp.platform.ctx, gameId, 'elves', 'orders', 'default')).ok);
    assert.ok((await answerPrompt(tp.platform.ctx, gameId, 'dwarves', 'orders', 'default')).ok);
    await waitForStep(tp, gameId, st + 1);
    const g = await stateOf<GruikGame>(tp, gameId);
    const byId = Object.fromEntries(g.comms!.items.map((c) => [c.id, c]));
    assert.deepEqual([byId.c1!.status, byId.c1!.by], ['withheld', 'gm']);
    assert.deepEqual([byId.c2!.status, byId.c2!.by, byId.c2!.text, byId.c2!.edited], ['published', 'gm', edit.trim(), true]);
    assert.deepEqual([byId.c3!.status, byId.c3!.by], ['published', 'default'], 'the default publishes the one the GM left');
    rows = await items();
    assert.deepEqual(rows.map((r) => r.status), ['ruled', 'ruled', 'default']);
    assert.ok(rows.every((r) => r.closed_at !== null), 'all closed');
    const reports = async (player: string) => (await tp.db.query<{ text_fr: string; text_en: string }>('SELECT text_fr, text_en FROM reports WHERE game_id = $1 AND player = $2 AND idx > $3', [gameId, player, st])).map((r) => `${r.text_fr}\n${r.text_en}`).join('\n');
    const dw = await reports('dwarves');
    assert.match(dw, /brave elves of Sylvebrune/, 'the edited text');
    assert.ok(dw.includes('Sylvebrune. The end.'), 'the edited text to its last words');
    assert.match(dw, /text edited by the GM \(GM ruling\)/);
    assert.match(dw, /We shall return to Marche-Grise/, 'the one published by default');
    assert.doesNotMatch(dw, /lapins/, 'never the withheld one');
    assert.match(await reports('elves'), /le MJ l’a retenu \(J21, décision du MJ\)/, 'its author is told');
  });
});
