/**
 * A sheet decision on the prompt page (`Decision.sheet`, games/prompt-page.ts sheetBlock), over HTTP
 * on both databases, played on Gruik's §12.7 fixture, whose season orders are a text sheet: the
 * page shows the sheet editor filled with the blank sheet (`orderTemplate`) and the guided form
 * (`answerForm`, sheetForm); a sheet with one bad line is kept as typed but not sent, the other
 * lines' value stored, the error shown with its line number in the player's language (French and
 * English); a guided form entry posted without a script appends its line to the sheet and keeps it
 * as a draft; the autosave's JSON draft answers the issues; a good sheet is the answer.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formLine, type FormEntry } from '../../src/engine/ruleset.ts';
import { games } from '../../src/platform/games/service.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikGame } from '../../src/rulesets/gruik/flow.ts';
import type { GruikSheet } from '../../src/rulesets/gruik/sheet-types.ts';
import { pageText } from './http.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { DB_KINDS, stateOf, type TestPlatform, startTestPlatform } from './util.ts';

/** The text of the page's sheet (the textarea's content, entities decoded). */
function sheetOf(html: string): string | null {
  const m = /<textarea name="answer" id="sheet-text"[^>]*>([\s\S]*?)<\/textarea>/.exec(html);
  if (!m) return null;
  return m[1]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

for (const kind of DB_KINDS) {
  describe(`a sheet decision on the prompt page (${kind})`, () => {
    let tp: TestPlatform;
    let users: TestUser[] = [];
    let n = 0;
    before(async () => {
      tp = await startTestPlatform(kind);
      users = [await newUser(tp, 'ps_elfe'), await newUser(tp, 'ps_dwarf', 'en')];
    });
    after(async () => { await tp?.close(); });

    /** A running Gruik fixture game (the elves in French, the dwarves in English) at its first orders. */
    async function gruikGame() {
      const id = await games.create(tp.platform.ctx, {
        ruleset: 'gruik', name: `Tourbière ${++n}`, options: { map: 'fixture', seasons: 2, gm: false }, seed: 'gsite-4', hostUserId: users[0]!.id, isPrivate: true,
        seats: [{ userId: users[0]!.id, lordName: 'Aëlis' }, { userId: users[1]!.id, lordName: 'Borin' }], maxPlayers: 2, prompts: { pace: 'live' },
      });
      const g = await stateOf<GruikGame>(tp, id);
      assert.ok(gruik.decisions(g).some((d) => d.id === 'orders' && d.sheet), 'the game opens with the season’s orders, a sheet');
      const b = await Promise.all(users.map((u) => loggedIn(tp, u)));
      for (const x of b) await x.get(`/games/${id}/play`); // the session's form token
      return { id, b, g };
    }
    const sheetRow = async (id: number, player: string) => tp.db.one<{ text: string; ready: boolean; value: unknown; issues: unknown }>(
      'SELECT text, ready, value, issues FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, player, 'orders']);
    const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

    test('the editor: the blank sheet in a textarea, the guided form’s entries as “add”, no one-line field', async () => {
      const { id, b, g } = await gruikGame();
      const r = await b[0]!.get(`/games/${id}/play`);
      assert.equal(r.status, 200);
      const text = sheetOf(r.text);
      assert.ok(text !== null, 'a textarea for the sheet');
      assert.equal(text.trim(), gruik.orderTemplate!(g, 'elves', 'fr').trim(), 'filled with the blank sheet, in French');
      assert.doesNotMatch(r.text, /<input type="text" name="answer"/, 'no one-line answer field');
      assert.match(r.text, /<button type="submit" class="add" name="add" value="0:0"/, 'the guided form’s entries add a line');
      assert.match(r.text, /\/static\/orders\.js/, 'the sheet editor’s script');
      assert.match(r.text, /id="sheet-editor" data-live-keep="/, 'kept as typed while the live part refreshes');
      const part = await b[0]!.get(`/games/${id}/play?part=prompt`);
      assert.ok(sheetOf(part.text) !== null, 'the live prompt part carries the editor too');
    });

    test('a sheet with one bad line: kept as typed, not sent, the good lines’ value stored, the error by its line number in the player’s language', async () => {
      const { id, b } = await gruikGame();
      const typed = 'deplacer A1 rives\nmove A1 nowhere-at-all\ndeclarer "Paix aux nains"';
      const r = await b[0]!.post(`/games/${id}/answer`, { decision: 'orders', answer: typed });
      assert.equal(r.status, 400, 'not taken as the answer');
      const page = pageText(r.text);
      assert.match(page, /Feuille gardée mais pas envoyée : Ligne 2 : /, 'the refusal says which line, in French');
      assert.match(r.text, /<button type="button" class="issue" data-line="2">/, 'the issue listed beside the sheet by its line');
      assert.doesNotMatch(r.text, /data-line="[13]"/, 'the other lines have no issue');
      assert.equal(sheetOf(r.text), typed, 'what he typed is kept in the sheet');
      const row = await sheetRow(id, 'elves');
      assert.ok(row, 'the sheet is kept');
      assert.equal(row.ready, false, 'but not sent: the step does not count it as an answer');
      assert.equal(row.text, typed, 'as typed');
      const value = json<GruikSheet>(row.value);
      assert.deepEqual(value.moves?.map((m) => [m.force, m.path.join()]), [['elves:A1', 'rives']], 'the good move kept');
      assert.deepEqual(value.orders?.declarations, ['Paix aux nains'], 'the declaration kept');
      assert.equal((await stateOf<GruikGame>(tp, id)).flow.phase, 'orders', 'the step waits');
      // The page read again shows the kept sheet, its issue and that it is a draft.
      const again = await b[0]!.get(`/games/${id}/play`);
      assert.equal(sheetOf(again.text), typed, 'the kept sheet on the page');
      assert.match(pageText(again.text), /Brouillon enregistré, pas encore envoyé/);
      assert.match(again.text, /data-line="2"/, 'its issue');
      // In English for the dwarves.
      const en = await b[1]!.post(`/games/${id}/answer`, { decision: 'orders', answer: '# my orders\nmove A1 nowhere-at-all' });
      assert.equal(en.status, 400);
      assert.match(pageText(en.text), /Sheet kept but not sent: Line 2: /, 'in English, line 2 (the comment is line 1)');
      // The sheet mended and sent: the answer, ready.
      const ok = await b[0]!.post(`/games/${id}/answer`, { decision: 'orders', answer: 'deplacer A1 rives\ndeclarer "Paix aux nains"' });
      assert.equal(ok.status, 200, pageText(ok.text).slice(0, 300));
      assert.equal(ok.redirects[0], `/games/${id}/play?done=answer`);
      assert.equal((await sheetRow(id, 'elves'))!.ready, true, 'sent');
      assert.match(pageText((await b[0]!.get(`/games/${id}/play`)).text), /Feuille envoyée \(2 lignes\)/);
    });

    test('a guided form entry without a script appends its line and keeps the sheet as a draft; the autosave answers the issues', async () => {
      const { id, b, g } = await gruikGame();
      const form = gruik.answerForm!(g, 'elves', 'orders', 'fr');
      // The first entry whose fields are choices or optional: each required field at its first option.
      let pick: { gi: number; ei: number; e: FormEntry } | null = null;
      form.groups.forEach((grp, gi) => grp.entries.forEach((e, ei) => {
        if (!pick && e.fields.some((f) => f.kind === 'choice') && e.fields.every((f) => f.optional || (f.kind === 'choice' && f.options.length))) pick = { gi, ei, e };
      }));
      assert.ok(pick, 'an entry to fill');
      const { gi, ei, e } = pick as { gi: number; ei: number; e: FormEntry };
      const values: Record<string, string> = {};
      const fields: Record<string, string> = {};
      for (const f of e.fields) if (!f.optional && f.kind === 'choice') { values[f.name] = f.options[0]!.value; fields[`g${gi}_${ei}_${f.name}`] = f.options[0]!.value; }
      const line = formLine(e, values)!;
      const r = await b[0]!.post(`/games/${id}/answer`, { decision: 'orders', answer: 'declarer "Paix"\n', add: `${gi}:${ei}`, ...fields });
      assert.equal(r.status, 200);
      assert.equal(sheetOf(r.text), `declarer "Paix"\n${line}\n`, 'the line appended to the sheet as posted');
      assert.match(pageText(r.text), new RegExp(`Ligne ajoutée à la feuille : ${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      const row = await sheetRow(id, 'elves');
      assert.equal(row?.ready, false, 'a draft, not the answer');
      assert.deepEqual(json<unknown[]>(row?.issues).filter((i) => (i as { severity?: string }).severity !== 'warning'), [], 'the form’s line is accepted');
      // A required field left empty: said, and the sheet kept as typed.
      const first = e.fields.find((f) => !f.optional)!;
      const empty = await b[0]!.post(`/games/${id}/answer`, { decision: 'orders', answer: 'declarer "Paix"', add: `${gi}:${ei}`, ...fields, [`g${gi}_${ei}_${first.name}`]: '' });
      assert.equal(empty.status, 400);
      assert.match(pageText(empty.text), /Remplissez chaque champ du formulaire\./);
      assert.equal(sheetOf(empty.text), 'declarer "Paix"', 'the sheet as it was');
      // The autosave (orders.js): a JSON draft, answered with its issues by line.
      const d = await b[0]!.postJson(`/games/${id}/answer`, { decision: 'orders', answer: 'deplacer A1 rives\nmove A1 nowhere-at-all', draft: '1' }, { headers: { accept: 'application/json' } });
      assert.equal(d.status, 200);
      const body = d.json<{ ok: boolean; kept: boolean; ready: boolean; issues: { line?: number }[] }>();
      assert.equal(body.kept, true);
      assert.equal(body.ready, false);
      assert.deepEqual([...new Set(body.issues.map((i) => i.line))], [2], 'the issue on line 2');
      assert.equal((await sheetRow(id, 'elves'))?.text, 'deplacer A1 rives\nmove A1 nowhere-at-all', 'the draft stored');
    });
  });
}
