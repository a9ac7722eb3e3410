/**
 * Warrior Knights at a table of three persons in Chromium (issue 21): Aude (violet, French),
 * Bérenger (green, English) and Clothilde (yellow, French), each in his own browser context,
 * signed in, play the first turn through the prompt page. Seed `wk-table-206`, found by
 * scripts/wk-table-seed.ts (every answer is the bot's, drawn from createRng(seed,
 * `wk-table/<decision>/<baron>`), so the game goes where the search saw it go):
 * - planning: each baron puts each card of his hand on a pile (or keeps it) with his page's guided form; before the reveal no
 *   other baron's page shows his cards (fog, §9.4);
 * - a battle between two barons (§6.5, §6.6): Aude's Military Operations moves her square noble
 *   onto Clothilde's nobles and attacks them, chosen in her page's guided form (« Aliénor de Mauve →
 *   r1c5, bataille — Ottokar Goldhain »); Clothilde names her Commander (#9) on her page;
 *   both draw their Fate cards privately and each discards on her own page, no other page showing
 *   her draw (#10); Aude uses her Commander's ability (#11) and Clothilde places her casualties
 *   (#12) on their pages;
 * - Bérenger's assault on the neutral city of Corvanne, ordered from his page's guided form, his
 *   Fate draw kept and his ability used there;
 * - the Assembly: each baron commits his votes and declares on his page; the vote's outcome is
 *   shown to each in his language;
 * - crowns: while Clothilde's card question is open on her page, Bérenger gives her crowns from
 *   his; her open page shows the gift.
 * The questions of no interest here (setup, other cards, defensive works) are answered with the
 * same bot answers over HTTP, as wk-gift does. Screenshots: test/artifacts/wk-table-*.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { createRng } from '../../src/engine/rng.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { askOf, type Ask, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import { warriorKnights } from '../../src/rulesets/warrior-knights/index.ts';
import { baronName, type BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { defaultCommander } from '../../src/rulesets/warrior-knights/rules/battle.ts';
import { BATTLE_VALUE, renderEvent, type WkEvent } from '../../src/rulesets/warrior-knights/events.ts';
import { fate } from '../../src/rulesets/warrior-knights/cards.ts';
import { pageText } from './http.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { loggedIn, logIn, newUser } from './users.ts';
import { startTestPlatform, stateOf, waitForStep, type TestPlatform } from './util.ts';

await loadAllRulesets();

const SEED = 'wk-table-206';
/** The seats as the seed draws the barons: Aude the attacker, Clothilde the defender, Bérenger the third baron (he assaults a neutral city). */
const AUDE: BaronId = 'violet', BERENGER: BaronId = 'green', CLOTHILDE: BaronId = 'yellow';
const ARTIFACTS = new URL('../artifacts/', import.meta.url);
const shot = (p: Page, name: string) => p.screenshot({ path: fileURLToPath(new URL(`wk-table-${name}.png`, ARTIFACTS)), fullPage: true });

/** The bot's answer as the seed search drew it. */
const botOf = (g: WkGame, b: string, ask: Ask): unknown => botAnswer(g, b, ask.id, createRng(SEED, `wk-table/${ask.id}/${b}`));
/** An answer as the page's text field (or an HTTP post) carries it. */
const asText = (v: unknown): string => v === null || v === undefined ? 'default' : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

describe('three barons play a turn of Warrior Knights in the browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  before(async () => { tp = await startTestPlatform('pglite'); chromium = await launchBrowser(); mkdirSync(fileURLToPath(ARTIFACTS), { recursive: true }); });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('planning, a battle between two barons with Fate draws, an Assembly vote and crowns given during another baron\'s prompt, each on the barons\' pages', { timeout: 300_000 }, async () => {
    const users = [await newUser(tp, 'wkt_aude'), await newUser(tp, 'wkt_berenger', 'en'), await newUser(tp, 'wkt_clothilde')];
    const lords = ['Aude', 'Bérenger', 'Clothilde'];
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'warrior-knights', name: 'WK table', options: {}, seed: SEED, hostUserId: users[0]!.id, isPrivate: true,
      seats: users.map((u, i) => ({ userId: u.id, lordName: lords[i]! })), maxPlayers: 3, prompts: { pace: 'live' },
    });
    const seats = await tp.db.query<{ player: string; user_id: number }>('SELECT player, user_id FROM seats WHERE game_id = $1', [id]);
    const userOf = new Map(seats.map((s) => [s.player, users.find((u) => u.id === Number(s.user_id))!]));
    assert.deepEqual([userOf.get(AUDE)?.login, userOf.get(BERENGER)?.login, userOf.get(CLOTHILDE)?.login], ['wkt_aude', 'wkt_berenger', 'wkt_clothilde'], 'the seats the seed search assumed');
    const langOf: Record<string, 'fr' | 'en'> = { [AUDE]: 'fr', [BERENGER]: 'en', [CLOTHILDE]: 'fr' };
    const BARONS = [AUDE, BERENGER, CLOTHILDE];

    const errors: string[] = [];
    const pages = new Map<string, Page>();
    for (const b of BARONS) {
      const c = await chromium.newContext({ viewport: { width: 1100, height: 900 } });
      const p = watchErrors(await c.newPage(), errors);
      await logIn(p, tp.url, userOf.get(b)!);
      pages.set(b, p);
    }
    const play = async (b: string): Promise<Page> => { const p = pages.get(b)!; await p.goto(`${tp.url}/games/${id}/play`); return p; };
    const stepNow = async () => Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);
    const clients = new Map<string, Awaited<ReturnType<typeof loggedIn>>>();
    /** An answer posted over HTTP (the questions of no interest here). */
    const post = async (b: string, ask: Ask, v: unknown) => {
      if (!clients.has(b)) clients.set(b, await loggedIn(tp, userOf.get(b)!));
      const c = clients.get(b)!;
      await c.get(`/games/${id}/play`); // the page's form token
      const r = await c.post(`/games/${id}/answer`, { decision: ask.id, answer: asText(v) });
      assert.equal(r.status, 200, `${ask.kind} of ${b}: ${pageText(r.text).slice(0, 300)}`);
    };
    /** Sends the form `submit` is in and waits for the answer page. */
    // The page may reload itself once as the live channel reports the step just resolved (prompt.js),
    // emptying a form being filled: the form is then filled and sent again (at most 3 times).
    const send = async (p: Page, fillAndClick: () => Promise<void>) => {
      for (let i = 0; ; i++) {
        try { await Promise.all([p.waitForURL(/\/play\?done=/, { timeout: 15_000 }), fillAndClick()]); return; } catch (e) { if (i >= 2) throw e; }
      }
    };
    /** The baron answers on his page: a choice button, a guided form whose option is the answer, the votes field, or the text field. */
    const onPage = async (b: string, ask: Ask, v: unknown, opts: { firstOption?: boolean } = {}): Promise<boolean> => {
      const p = await play(b);
      const art = p.locator(`article[id="prompt-${ask.id}"]`);
      assert.equal(await art.count(), 1, `${ask.kind}: the question is on ${b}'s page`);
      if (v !== null && /^[\w-]+$/.test(asText(v))) {
        const btn = art.locator(`button[data-choice="${asText(v)}"]`);
        if (await btn.count() === 1) { await send(p, () => btn.click()); return true; }
      }
      if (ask.kind === 'plan-piles') { // the guided form: a pile chosen for each card he plans, the others left blank (kept)
        const hand = (await stateOf<WkGame>(tp, id)).wk.barons[b as BaronId].hand;
        const piles = v as string[][];
        const expected = `piles ${hand.flatMap((c, i) => { const k = piles.findIndex((x) => x.includes(c)); return k < 0 ? [] : [`${i} ${k + 1}`]; }).join(' ')}`;
        // the page may reload itself (a live step) while the selects are being set, and a half-filled form
        // is then sent: the stored answer is checked, and the form filled again (3 tries)
        for (let tries = 0; ; tries++) {
          const f = (await play(b)).locator(`article[id="prompt-${ask.id}"] form[data-code="piles"]`);
          const chosen = Object.fromEntries(hand.flatMap((c, i) => { const k = piles.findIndex((x) => x.includes(c)); return k < 0 ? [] : [[`f_p${i}`, String(k + 1)]]; }));
          // the selects set and the form sent in one go, as a player's clicks would leave them
          await send(p, () => f.evaluate((form, sel) => {
            for (const [n, x] of Object.entries(sel)) (form.querySelector(`[name="${n}"]`) as HTMLSelectElement).value = x;
            (form as HTMLFormElement).requestSubmit();
          }, chosen));
          const row = await tp.db.one<{ text: string }>('SELECT text FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, b, ask.id]);
          if (row?.text === expected) return true;
          if (tries >= 2) assert.fail(`${b}'s piles sent as «${row?.text}», not «${expected}»`);
        }
      }
      if (ask.kind === 'commit-votes') {
        const f = art.locator('form[data-code="commit"]');
        await send(p, async () => { await f.locator('[name="f_n"]').fill(asText(v)); await f.locator('button[type="submit"]').click(); });
        return true;
      }
      for (const f of await art.locator('form[data-code]').all()) {
        const sel = f.locator('select');
        if (await sel.count() !== 1) continue;
        const values = await sel.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
        const hit = opts.firstOption ? values.find((x) => x !== '') : values.find((x) => { try { return same(JSON.parse(x), v); } catch { return x === v; } });
        if (hit === undefined) continue;
        await send(p, async () => { await sel.selectOption(hit); await f.locator('button[type="submit"]').click(); });
        return true;
      }
      const field = art.locator('input[name="answer"]');
      if (await field.count() === 1) {
        await send(p, async () => { await field.fill(asText(v)); await art.locator('form.answer-form button[type="submit"]').click(); });
        return true;
      }
      return false;
    };
    const logText = async (b: string): Promise<string> => { const p = pages.get(b)!; await p.goto(`${tp.url}/games/${id}/log`); return p.locator('main').innerText(); };

    const done = { fogChecked: false, battleOrder: false, commander: false, drawFog: false, battleDiscards: 0, ability: false, allocated: false, assault: false, fateKept: false, commits: 0, declares: 0, gift: false };
    const events = (g: WkGame) => g.wk.log as WkEvent[];
    const drawLine = { fr: /Votre tirage : .+\(au moins \d à défausser\)/, en: /Your draw: .+\(discard at least \d\)/ };
    for (let guard = 0; guard < 120 && !done.gift; guard++) {
      const g = await stateOf<WkGame>(tp, id);
      const ask = askOf(g);
      assert.ok(ask && g.wk.turn < 2, `a question of the first turn is open (at ${g.wk.step})`);
      const step = await stepNow();
      const voted = events(g).some((e) => e.t === 'vote-result');
      const battle = g.wk.combat && g.wk.combat.stage !== 'done' && g.wk.combat.kind === 'battle' ? g.wk.combat : null;
      if (voted && done.allocated && ask!.kind === 'use-card' && same(ask!.players, [CLOTHILDE])) {
        // crowns given by Bérenger while Clothilde's card question is open on her page
        const recv = await play(CLOTHILDE);
        assert.match(await recv.locator('#prompt-part').innerText(), /Tour 1/, 'her question is open on her page');
        const giver = await play(BERENGER);
        const have = { giver: g.wk.barons[BERENGER].crowns, recv: g.wk.barons[CLOTHILDE].crowns };
        const form = giver.locator('form[data-action="give-crowns"]');
        await send(giver, async () => {
          await form.scrollIntoViewIfNeeded();
          await form.locator('[name="f_to"]').selectOption(CLOTHILDE);
          await form.locator('[name="f_amount"]').fill('2');
          await form.locator('button[type="submit"]').click();
        });
        const g1 = await stateOf<WkGame>(tp, id);
        assert.deepEqual([g1.wk.barons[BERENGER].crowns, g1.wk.barons[CLOTHILDE].crowns], [have.giver - 2, have.recv + 2], 'the crowns moved at once');
        assert.equal(askOf(g1)?.id, ask!.id, 'her question is still open');
        const from = baronName(g1.names)(BERENGER), to = baronName(g1.names)(CLOTHILDE); // the seats' names, as the log gives them
        const end = Date.now() + 20_000;
        for (;;) { // her page, left open, shows it (live, else on a reload)
          if ((await recv.locator('main').innerText()).includes(`${from} donne 2 couronnes à ${to}.`)) break;
          if (Date.now() > end) assert.fail('the gift is not shown on Clothilde\'s open page');
          await recv.waitForTimeout(300);
          if (Date.now() > end - 10_000) await recv.reload();
        }
        await shot(recv, 'gift-receiver');
        assert.match(await recv.locator('#prompt-part').innerText(), /Tour 1/, 'her question is still on her page');
        assert.ok((await logText(BERENGER)).includes(`${from} gives ${to} 2 crowns.`), 'the giver reads it in English');
        // she then answers her question on her page
        assert.ok(await onPage(CLOTHILDE, askOf(await stateOf<WkGame>(tp, id))!, { use: false }), 'she declines her card on the page');
        await waitForStep(tp, id, step + 2, 60_000); // the gift's step, then her answer's
        done.gift = true;
        break;
      }
      if (ask!.kind === 'fate-discard' && battle) {
        // fog (§9.4): each side sees its own draw alone; the third baron sees neither
        const draws = g.wk.secret.combatDraws!;
        const cardsOf = (b: string) => (b === battle.attacker ? draws.attacker : draws.defender);
        for (const o of BARONS) {
          const p = await play(o);
          const lines = (await p.locator('main').innerText()).split('\n').filter((l) => /Votre tirage|Your draw/.test(l));
          const html = await p.content();
          if (ask!.players.includes(o)) {
            assert.equal(lines.length, 1, `${o}'s page shows one draw, his own: ${lines.join(' / ')}`);
            assert.match(lines[0]!, drawLine[langOf[o]!], `${o}'s own draw, in his language`);
            const values = cardsOf(o).map((c) => BATTLE_VALUE[fate(c).battle]![langOf[o]!]).join(', ');
            assert.ok(lines[0]!.includes(`${langOf[o] === 'fr' ? 'Votre tirage : ' : 'Your draw: '}${values} (`), `${o}'s page shows his own cards (${values}), not the other side's: ${lines[0]}`);
          } else assert.deepEqual(lines, [], `${o}, outside the battle, sees no draw`);
          for (const b of ask!.players.filter((x) => x !== o)) for (const c of cardsOf(b)) assert.ok(!html.includes(c), `${o}'s page shows ${b}'s private card ${c}`);
        }
        done.drawFog = true;
      }
      for (const b of ask!.players) {
        const v = botOf(g, b, ask!);
        let browser = false;
        if (ask!.kind === 'plan-piles' && g.wk.turn === 1) {
          const before = await (await play(b)).locator(`article[id="prompt-${ask!.id}"]`).innerText();
          assert.ok(before.includes(langOf[b] === 'fr' ? 'choisissez une pile pour chaque carte' : 'choose a pile for each card'), `the planning prompt says how to use its form in ${b}'s language: ${before}`);
          browser = await onPage(b, ask!, v);
          const mine = (v as string[][]).flat();
          assert.ok(mine.length > 0, `${b} plans cards`);
          // the last baron's answer closes the planning (his cards are then revealed pile by pile): the others are checked
          if (b !== ask!.players.at(-1)) {
            const own = await pages.get(b)!.locator(`article[id="prompt-${ask!.id}"]`).innerText();
            // his answer as the form sent it: each card put on a pile, as its place in his hand and the pile
            const line = `piles ${g.wk.barons[b as BaronId].hand.flatMap((c, i) => { const k = (v as string[][]).findIndex((x) => x.includes(c)); return k < 0 ? [] : [`${i} ${k + 1}`]; }).join(' ')}`;
            // told back in words (describeAnswer: each card's name and its pile, in his language), not as the form's line
            const words = warriorKnights.describeAnswer!(g, b, ask!.id, warriorKnights.validate(g, b, ask!.id, line).value, langOf[b]!);
            assert.ok(words && own.includes(words) && !own.includes(line), `${b}'s own page shows his piles as answered, in words («${words}»): ${own}`);
            // fog: the other barons' pages, before the reveal, never show his cards
            for (const o of ask!.players.filter((x) => x !== b)) {
              const html = await (await play(o)).content();
              for (const c of mine) assert.ok(!html.includes(c), `${o}'s page shows ${b}'s planned card ${c} before the reveal`);
            }
            if (b === AUDE) {
              const journal = await pages.get(AUDE)!.locator('main').innerText();
              assert.ok(/Mise en place/.test(journal) && !/Tour 0/.test(journal), 'the setup\'s reports are headed “Mise en place”, not “Tour 0”');
              await shot(pages.get(AUDE)!, 'planning-own'); await shot(await play(BERENGER), 'planning-other');
            }
            done.fogChecked = true;
          }
        } else if (ask!.kind === 'use-card' && (v as { attack?: { kind: string } })?.attack) {
          browser = await onPage(b, ask!, v); // the guided form's "order" choice, when it offers this order
          const kind = (v as { attack: { kind: string; target: string } }).attack;
          if (b === BERENGER && kind.kind === 'assault' && !done.assault) { assert.ok(browser, 'Bérenger orders his assault from his page'); done.assault = true; }
          if (b === AUDE && kind.kind === 'battle' && kind.target === CLOTHILDE) { assert.ok(browser, `Aude orders her move and battle from her page: ${JSON.stringify(v)}`); done.battleOrder = true; }
        } else if (ask!.kind === 'defender-commander' && battle) {
          // #9: the bot keeps the default, the noble leading the largest army: she picks him in the form
          const p = await play(b);
          assert.match(await p.locator(`article[id="prompt-${ask!.id}"]`).innerText(), /Votre commandant/, 'her #9 on her page, in French');
          await shot(p, 'battle-commander');
          browser = await onPage(b, ask!, v ?? defaultCommander(g.wk, battle.defenders));
          done.commander = browser;
        } else if (ask!.kind === 'fate-discard') {
          // #10: each side on its own page; the bot keeps the default discard, first in the list
          if (battle && b === battle.attacker) await shot(await play(b), 'fate-discard');
          browser = await onPage(b, ask!, v, v === null ? { firstOption: true } : {});
          if (battle && browser) done.battleDiscards++;
          if (!battle && b === BERENGER) done.fateKept = browser;
        } else if (ask!.kind === 'allocate-casualties' && battle) {
          // #12: the default placement is the form's first choice
          const p = await play(b);
          assert.match(await p.locator(`article[id="prompt-${ask!.id}"]`).innerText(), /Répartir \d perte/, 'her #12 on her page, in French');
          await shot(p, 'battle-casualties');
          browser = await onPage(b, ask!, v, v === null ? { firstOption: true } : {});
          done.allocated = browser;
        } else if (ask!.kind === 'use-ability' || ask!.kind === 'commit-votes' || ask!.kind === 'declare-vote' || ask!.kind === 'refuse-decision') {
          browser = await onPage(b, ask!, v);
          if (ask!.kind === 'use-ability' && battle && browser) done.ability = true;
          if (ask!.kind === 'commit-votes' && browser) done.commits++;
          if (ask!.kind === 'declare-vote' && browser) done.declares++;
        }
        assert.ok(browser || !['plan-piles', 'commit-votes', 'declare-vote', 'defender-commander', 'fate-discard', 'use-ability', 'allocate-casualties'].includes(ask!.kind), `${ask!.kind} of ${b} answered on the page`);
        if (!browser) await post(b, ask!, v);
      }
      await waitForStep(tp, id, step + 1, 60_000);
    }
    assert.ok(done.fogChecked && done.battleOrder && done.commander && done.drawFog && done.battleDiscards === 2 && done.ability && done.allocated && done.assault && done.fateKept && done.gift, JSON.stringify(done));
    assert.ok(done.commits >= 3 && done.declares >= 1, `votes committed and declared on the pages: ${JSON.stringify(done)}`);

    // the battle, the Fate draws and the vote's outcome, in each baron's log, in his language
    const g = await stateOf<WkGame>(tp, id);
    const battles = events(g).filter((e) => e.t === 'combat-engaged' && e.kind === 'battle' && e.attacker === AUDE && e.defender === CLOTHILDE);
    const results = events(g).filter((e) => e.t === 'battle-result' && e.attacker === AUDE);
    const revealed = events(g).filter((e) => e.t === 'fate-revealed');
    const votes = events(g).filter((e) => e.t === 'vote-result');
    assert.ok(battles.length === 1 && results.length === 1, 'Aude fought Clothilde\'s nobles in a battle, to a result');
    assert.ok(revealed.filter((e) => e.t === 'fate-revealed' && (e.baron === AUDE || e.baron === CLOTHILDE)).length >= 2 && votes.length >= 1, 'both sides\' Fate cards revealed and a vote held');
    for (const b of BARONS) {
      const text = await logText(b);
      // the log names the barons by the seats' names, as the rest of the pages (barons.ts baronName)
      for (const e of [...battles, ...results, ...revealed, ...votes]) assert.ok(text.includes(renderEvent(e, langOf[b]!, baronName(g.names))), `${b}'s log shows “${renderEvent(e, langOf[b]!, baronName(g.names))}”`);
      await shot(pages.get(b)!, `log-${b}`);
    }
    assert.deepEqual(errors, [], 'no script error');
  });
});
