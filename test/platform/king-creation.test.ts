/**
 * The King's creation at join (§15.14) on the platform, on both databases: the platform knows no
 * rule, it renders the ruleset's seat form (engine SeatForm) on the creation and join forms, shows
 * each refusal beside its field in the player's language, stores the checked choice with the seat,
 * and passes every seat's choice to the setup in the options stored with the game, so that the
 * game replays to the same hashes. The lobby carries a candidate's choice into the game it starts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { confirm, joinQueue, lobbyTick } from '../../src/platform/lobby/service.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform, stateOf, playerOf } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';

const nofollow = { follow: false } as const;
const S = (f: string) => `seat.adventurer-kings.${f}`;

for (const kind of DB_KINDS) {
  describe(`King creation at join (${kind})`, () => {
    let tp: TestPlatform;
    let alice: TestUser;
    let bob: TestUser;

    before(async () => {
      tp = await startTestPlatform(kind);
      alice = await newUser(tp, `kc_alice_${kind}`, 'fr');
      bob = await newUser(tp, `kc_bob_${kind}`, 'en');
    });
    after(async () => { await tp?.close(); });

    test('the host and a joining player choose their Kings; errors sit beside their fields; the game replays', async () => {
      const a = await loggedIn(tp, alice);
      const form = await a.get('/games');
      assert.match(form.text, /<fieldset class="seat-form" data-ruleset="adventurer-kings">/);
      assert.match(form.text, /4 niveaux en tout, au plus 2 dans une caractéristique/);
      assert.match(form.text, /name="seat\.adventurer-kings\.race"/);
      assert.match(form.text, /name="seat\.adventurer-kings\.Ta" type="number" inputmode="numeric" step="1" min="0" max="2"/);
      const base = { name: 'Rois choisis', map: 'adventurer-kings/standard', lords: '3', lordName: 'Aliénor', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', early: '1' };

      // A refused choice: the page says so, the field is marked, the values typed are kept.
      const bad = await a.post('/games', { ...base, [S('race')]: 'Elf', [S('Ta')]: '3' }, nofollow);
      assert.equal(bad.status, 400);
      assert.match(bad.text, /Vos choix sont à corriger/);
      assert.match(bad.text, /id="seat-adventurer-kings-Ta"[^>]*value="3"[^>]*aria-invalid="true" aria-describedby="seat-adventurer-kings-Ta-error"/);
      assert.match(bad.text, /id="seat-adventurer-kings-Ta-error">Tactique : de 0 à 2 niveaux/);
      assert.match(bad.text, /<option value="Elf" selected>Elfe<\/option>/);
      assert.equal((bad.text.match(/Vos choix sont à corriger/g) ?? []).length, 1, 'the message is said once, in the King’s fieldset');
      assert.doesNotMatch(bad.text, /id="create-error"/);
      assert.equal((bad.text.match(/ autofocus/g) ?? []).length, 1, 'one field takes the focus');
      assert.match(bad.text, /id="seat-adventurer-kings-Ta"[^>]* autofocus/, 'the first field in error takes it');

      const r = await a.post('/games', { ...base, [S('race')]: 'Elf', [S('alignment')]: 'Druid', [S('sex')]: 'F', [S('Ta')]: '2', [S('Dr')]: '2' }, nofollow);
      assert.equal(r.status, 303, r.text.slice(0, 300));
      const gameId = Number(/\/games\/(\d+)/.exec(r.location ?? '')![1]);

      // Bob's join form: the seat form of this game, in English.
      const b = await loggedIn(tp, bob);
      const join = await b.get(`/games/${gameId}`);
      assert.match(join.text, /action="\/games\/\d+\/join"/);
      assert.match(join.text, /Your choices for this game \(Adventurer Kings\)/);
      assert.match(join.text, /4 levels in all, at most 2 in one characteristic/);
      const five = await b.post(`/games/${gameId}/join`, { lordName: 'Bohémond', password: 'sesame', [S('Me')]: '2', [S('Ar')]: '2', [S('Sp')]: '1' }, nofollow);
      assert.equal(five.status, 400);
      assert.match(five.text, /Your choices need correcting/);
      assert.match(five.text, /id="seat-adventurer-kings-talents-error">5 talent levels asked: 4 at most/);
      const undead = await b.post(`/games/${gameId}/join`, { lordName: 'Bohémond', password: 'sesame', [S('alignment')]: 'Undead' }, nofollow);
      assert.equal(undead.status, 400);
      assert.match(undead.text, /id="seat-adventurer-kings-fallbackAlignment-error">an Undead King names a fallback alignment/);
      assert.match(undead.text, /<option value="Undead" selected>Undead<\/option>/);
      const ok = await b.post(`/games/${gameId}/join`, { lordName: 'Bohémond', password: 'sesame', [S('race')]: 'Dwarf', [S('alignment')]: 'Undead', [S('fallbackAlignment')]: 'Evil', [S('Ne')]: '1', [S('Me')]: '2' }, nofollow);
      assert.equal(ok.status, 303, ok.text.slice(0, 300));

      // A third player joins without choosing: his King is drawn; the game starts.
      const carol = await newUser(tp, `kc_carol_${kind}`, 'fr');
      const c = await loggedIn(tp, carol);
      await c.get(`/games/${gameId}`);
      assert.equal((await c.post(`/games/${gameId}/join`, { lordName: 'Clovis', password: 'sesame' }, nofollow)).status, 303);
      assert.equal((await games.summary(tp.platform.ctx, gameId))!.status, 'running');

      const s = await stateOf<AKState>(tp, gameId);
      const kingOf = async (userId: number) => {
        const p = await playerOf(tp, gameId, userId);
        return s.characters[Object.values(s.kingdoms).find((k) => k.player === p)!.king]!;
      };
      const ka = await kingOf(alice.id);
      assert.deepEqual([ka.name, ka.race, ka.alignment, ka.sex, ka.talent.Ta, ka.talent.Dr], ['Aliénor', 'Elf', 'Druid', 'F', 2, 2]);
      const kb = await kingOf(bob.id);
      assert.deepEqual([kb.name, kb.race, kb.alignment, kb.talent.Me, kb.talent.Wh], ['Bohémond', 'Dwarf', 'Undead', 2, 0]);
      assert.ok(kb.talent.Ne >= 2);
      // The choices are stored in the game's options (in seat order), so a replay sets up the same world.
      const row = await tp.db.one<{ options: { choices?: unknown[] } }>('SELECT options FROM games WHERE id = $1', [gameId]);
      assert.deepEqual(row!.options.choices, [
        { race: 'Elf', alignment: 'Druid', sex: 'F', talents: { Ta: 2, Dr: 2 } },
        { race: 'Dwarf', alignment: 'Undead', fallbackAlignment: 'Evil', talents: { Me: 2, Ne: 1 } },
        null,
      ]);
      const rec = (await games.record(tp.platform.ctx, gameId))!;
      const { createGame } = await import('../../src/engine/game.ts');
      const { adventurerKings } = await import('../../src/rulesets/adventurer-kings/index.ts');
      assert.equal(createGame(adventurerKings, rec.options, rec.seed).initialHash, rec.initialHash, 'the stored options and seed rebuild the same start');
    });

    test('the lobby: the form offers the seat form, a refused choice is marked, the choice reaches the game it starts', async () => {
      const ctx = tp.platform.ctx;
      const dora = await newUser(tp, `kc_dora_${kind}`, 'en');
      const d = await loggedIn(tp, dora);
      const page = await d.get('/lobby');
      assert.match(page.text, /<fieldset class="seat-form" data-ruleset="adventurer-kings">/);
      assert.match(page.text, /Your choices if the game is Adventurer Kings/);
      const bad = await d.post('/lobby/join', { map: 'adventurer-kings/standard', lordName: 'Dora', [S('Sa')]: '7' }, nofollow);
      assert.equal(bad.status, 400);
      assert.match(bad.text, /id="seat-adventurer-kings-Sa-error">Sage: 0 to 2 levels/);
      // A Gloire & Pouvoir request ignores the Adventurer Kings fields.
      assert.equal((await d.post('/lobby/join', { map: 'gloire-et-pouvoir/scandinavia', lordName: 'Dora', [S('Sa')]: '7' }, nofollow)).status, 303);
      assert.equal((await d.post('/lobby/join', { map: 'adventurer-kings/standard', lordName: 'Dora', [S('race')]: 'Orc', [S('Sp')]: '2', [S('Th')]: '2' }, nofollow)).status, 303);
      const mine = await tp.db.one<{ id: number }>(`SELECT id FROM lobby WHERE user_id = $1 AND ruleset = 'adventurer-kings'`, [dora.id]);
      const entries = [mine!.id];
      const users = [dora];
      for (let i = 0; i < 7; i++) {
        const u = await newUser(tp, `kc_lobby_${kind}_${i}`, 'fr');
        users.push(u);
        entries.push(await joinQueue(ctx, u.id, 'adventurer-kings/standard', `Roi ${i + 1}`));
      }
      await lobbyTick(ctx);
      for (const [i, u] of users.entries()) await confirm(ctx, u.id, entries[i]!);
      await lobbyTick(ctx);
      const placed = await tp.db.one<{ game_id: number }>('SELECT game_id FROM lobby WHERE id = $1', [mine!.id]);
      const gameId = Number(placed!.game_id);
      assert.equal((await games.summary(ctx, gameId))!.status, 'running');
      const s = await stateOf<AKState>(tp, gameId);
      const p = await playerOf(tp, gameId, dora.id);
      const king = s.characters[Object.values(s.kingdoms).find((k) => k.player === p)!.king]!;
      assert.deepEqual([king.name, king.race, king.talent.Sp, king.talent.Th], ['Dora', 'Orc', 2, 2]);
    });

    test('AK Europe from the creation form: countries ranked at join, the first free one taken; the hex map shows the authored continent', async () => {
      const a = await loggedIn(tp, alice);
      const form = await a.get('/games');
      assert.match(form.text, /<option value="adventurer-kings\/europe"[^>]*>Adventurer Kings — Rois Aventuriers — AK Europe — un continent de l’an mil, 12 pays/);
      assert.match(form.text, /name="seat\.adventurer-kings\.position"/);
      const r = await a.post('/games', {
        name: 'An mil', map: 'adventurer-kings/europe', lords: '2', lordName: 'Guillaume', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', early: '1',
        [S('position')]: 'france',
      }, nofollow);
      assert.equal(r.status, 303, r.text.slice(0, 300));
      const gameId = Number(/\/games\/(\d+)/.exec(r.location ?? '')![1]);
      const b = await loggedIn(tp, bob);
      const join = await b.get(`/games/${gameId}`);
      assert.match(join.text, /Country wanted \(AK Europe\)/);
      assert.match(join.text, /<option value="byzantium">Byzantine Empire<\/option>/);
      const ok = await b.post(`/games/${gameId}/join`, { lordName: 'Harold', password: 'sesame', [S('position')]: 'france', [S('position2')]: 'england' }, nofollow);
      assert.equal(ok.status, 303, ok.text.slice(0, 300));
      const s = await stateOf<AKState>(tp, gameId);
      assert.equal(s.variant, 'europe');
      const realm = async (userId: number) => { const p = await playerOf(tp, gameId, userId); return Object.values(s.kingdoms).find((k) => k.player === p)!.name; };
      assert.equal(await realm(alice.id), 'Normandie-France');
      assert.equal(await realm(bob.id), 'Angleterre');
      const map = await b.get(`/games/${gameId}/map`);
      assert.equal(map.status, 200);
      assert.match(map.text, /<svg/);
    });

    test('AK Terre and Super AK from the creation form: the empire asked for; the 15 × 30 map is drawn', async () => {
      const a = await loggedIn(tp, alice);
      const form = await a.get('/games');
      assert.match(form.text, /<option value="adventurer-kings\/terre"[^>]*>Adventurer Kings — Rois Aventuriers — AK Terre/);
      assert.match(form.text, /<option value="adventurer-kings\/super"[^>]*>Adventurer Kings — Rois Aventuriers — Super AK/);
      const r = await a.post('/games', {
        name: 'Terre', map: 'adventurer-kings/terre', lords: '2', lordName: 'Hannibal', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', early: '1',
        [S('position')]: 'carthage',
      }, nofollow);
      assert.equal(r.status, 303, r.text.slice(0, 300));
      const gameId = Number(/\/games\/(\d+)/.exec(r.location ?? '')![1]);
      const b = await loggedIn(tp, bob);
      const join = await b.get(`/games/${gameId}`);
      assert.match(join.text, /Empire wanted \(AK Terre\)/);
      const ok = await b.post(`/games/${gameId}/join`, { lordName: 'Scipio', password: 'sesame', [S('position')]: 'rome' }, nofollow);
      assert.equal(ok.status, 303, ok.text.slice(0, 300));
      const s = await stateOf<AKState>(tp, gameId);
      assert.equal(s.variant, 'terre');
      const realm = async (userId: number) => { const p = await playerOf(tp, gameId, userId); return Object.values(s.kingdoms).find((k) => k.player === p)!.name; };
      assert.equal(await realm(alice.id), 'Carthage');
      assert.equal(await realm(bob.id), 'Empire romain');
      const map = await b.get(`/games/${gameId}/map`);
      assert.equal(map.status, 200);
      assert.match(map.text, /<svg/);
      const sup = await a.post('/games', {
        name: 'Super', map: 'adventurer-kings/super', lords: '2', lordName: 'Arthur', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', early: '1',
      }, nofollow);
      assert.equal(sup.status, 303, sup.text.slice(0, 300));
    });

    test('the service refuses a bad choice too (no trust in the page), with the field named', async () => {
      const id = await games.create(tp.platform.ctx, {
        ruleset: 'adventurer-kings', name: 'Service', options: { map: 'standard' }, seats: [{ userId: alice.id, lordName: 'A' }], maxPlayers: 2, isPrivate: true, password: 'sesame',
      });
      await assert.rejects(games.joinPrivate(tp.platform.ctx, id, bob.id, 'B', 'sesame', { race: 'Hobbit' }),
        (e: Error & { code?: string; issues?: { field: string }[] }) => e.code === 'seat-choice' && e.issues?.[0]?.field === 'race');
      assert.equal((await games.summary(tp.platform.ctx, id))!.status, 'forming', 'nothing was written');
      await assert.rejects(games.create(tp.platform.ctx, {
        ruleset: 'adventurer-kings', name: 'Bad host', options: { map: 'standard' }, seats: [{ userId: alice.id, lordName: 'A', choice: { Ta: '9' } }], maxPlayers: 2, isPrivate: true, password: 'sesame',
      }), (e: Error & { code?: string }) => e.code === 'seat-choice');
    });
  });
}
