/**
 * Valhalla (seed §12.3, rules file S5.6.4, [P G-94]): who enters at the end of a game (the winning
 * King, or a character bringing 20 VP after alignment reductions; one per kingdom), the decision
 * his player answers, and the visits of Valhalla's heroes (each alignment Good to Evil once every
 * 5 turns, a visitor of that alignment beside one of its Kings, 1 action then one more every 2
 * turns), replayed to the same hashes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { advance, createGame, replay, submit, type GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { LocalizedError } from '../../src/engine/constants.ts';
import { RULESETS, botAnswers, loadAllRulesets } from '../../src/rulesets/index.ts';
import { adventurerKings, VALHALLA_DECISION } from '../../src/rulesets/adventurer-kings/index.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import type { AKEvent } from '../../src/rulesets/adventurer-kings/events.ts';
import type { AKState, Alignment, ValhallaHero } from '../../src/rulesets/adventurer-kings/state.ts';
import { createCtx } from '../../src/rulesets/adventurer-kings/turn/turn.ts';
import { resolveTurn } from '../../src/rulesets/adventurer-kings/turn/turn.ts';
import { entrantsOf } from '../../src/rulesets/adventurer-kings/valhalla/entry.ts';
import { validateValhalla, type ValhallaAnswer } from '../../src/rulesets/adventurer-kings/valhalla/answer.ts';
import { actionsIn, VISITED, visitsForNextTurn } from '../../src/rulesets/adventurer-kings/valhalla/visits.ts';
import { LEGENDS } from '../../src/rulesets/adventurer-kings/valhalla/roster.ts';
import { createItem } from '../../src/rulesets/adventurer-kings/world/items.ts';
import { levels } from './fixture.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const entry = RULESETS['adventurer-kings']!;
const CFG = resolveConfig({});

/** A set-up game whose Kings have the given alignments (kingdoms 1..n). */
function game(alignments: Alignment[], valhalla?: ValhallaHero[], seed = 'vh'): AKState {
  return adventurerKings.setup({ kings: alignments.map((alignment) => ({ alignment })), ...(valhalla ? { valhalla } : {}) }, createRng(seed, 'setup'));
}

/** A Hero of kingdom k beside his King, with merit in the given offices (enough to hold them). */
function hero(s: AKState, k: number, offices: string[], items: string[] = []): number {
  const king = s.characters[s.kingdoms[k]!.king]!;
  const id = s.next.character++;
  s.characters[id] = {
    ...structuredClone(king), id, name: `Hero${id}`, role: 'HeroInService', merit: Object.fromEntries(offices.map((o) => [o, 100_000])), items: [], wage: 1, loyal: true,
  };
  for (const kind of items) s.characters[id]!.items.push(createItem(s, kind, createRng('i', String(id)), { holder: id }).id);
  return id;
}

function finish(s: AKState, emperor: number | null, winners: number[]): AKState {
  s.finished = { reason: 'turn-limit', emperor, winners, scores: {} };
  return s;
}

test('§12.3 entry: the winning King enters; a Hero bringing 20 VP after reductions enters; 17 VP (Druid under a Good Emperor, 15 %) does not', () => {
  const s = game(['Good', 'Good', 'Druid', 'Evil']);
  const h1 = hero(s, 1, ['Marshal', 'Defender']); // 10 + 10 = 20 VP, same alignment as the Emperor: 20
  hero(s, 3, ['Priest', 'ArchMage']); // 20 raw, one level from Good: × 85 % = 17
  hero(s, 4, ['Chancellor', 'Admiral']); // 20 raw, four levels from Good: × (100 − 4 × 12) % = 10.4
  s.kingdoms[2]!.treasury = 1000; // the Treasurer is King 2 (a King's office): Emperor 20 + 10
  finish(s, 2, [2]);
  const list = entrantsOf(s, CFG);
  assert.deepEqual(list.map((e) => [e.kingdom, e.character, e.vp, e.winningKing]), [[1, h1, 20, false], [2, s.kingdoms[2]!.king, 30, true]]);
});

test('§12.3 one per kingdom: the one with the most VP; at equal VP the winning King', () => {
  const s = game(['Good', 'Good']);
  const big = hero(s, 1, ['Marshal', 'Priest', 'ArchMage', 'Admiral']); // 40, more than his King (the Treasurer: 10)
  const tie = hero(s, 2, ['Chancellor', 'Defender']); // 20, like the Emperor King of kingdom 2
  s.kingdoms[1]!.treasury = 1000;
  finish(s, 2, [2]);
  const list = entrantsOf(s, CFG);
  assert.deepEqual(list.map((e) => [e.kingdom, e.character]), [[1, big], [2, s.kingdoms[2]!.king]]);
  assert.ok(!list.some((e) => e.character === tie));
  assert.equal(new Set(list.map((e) => e.kingdom)).size, list.length);
});

test('§12.3 entry: a dead character never enters, whatever his VP', () => {
  const s = game(['Good', 'Evil']);
  const h = hero(s, 1, ['Marshal', 'Defender', 'Chancellor', 'Priest', 'ArchMage', 'Admiral']);
  s.characters[h]!.alive = false;
  finish(s, null, []);
  assert.ok(!entrantsOf(s, CFG).some((e) => e.character === h));
});

test('the decision: text lines (FR and EN keywords), the item he takes among his own, limits of the constants, the default', () => {
  const s = game(['Good', 'Good']);
  const h = hero(s, 1, ['Marshal', 'Defender', 'Chancellor', 'Priest', 'ArchMage', 'Admiral'], ['magic-sword', 'excalibur']);
  finish(s, 2, [2]);
  s.valhalla!.pending = entrantsOf(s, CFG);
  const e = s.valhalla!.pending.find((x) => x.character === h)!;
  const [sword, excalibur] = s.characters[h]!.items;
  assert.equal(e.items[0], excalibur, 'an artifact is the default item');
  const ok = validateValhalla(s, e.player, `VALHALLA OUI\nOBJET ${sword}\nDESCRIPTION Un grand\nDESCRIPTION guerrier.\nHISTOIRE Il naquit.\nSTORY Il mourut.`);
  assert.deepEqual(ok.issues, []);
  assert.deepEqual(ok.value, { valhalla: true, accept: true, item: sword, description: 'Un grand guerrier.', story: 'Il naquit.\nIl mourut.' });
  assert.equal(validateValhalla(s, e.player, 'VALHALLA NO').value!.accept, false);
  const badItem = validateValhalla(s, e.player, 'ITEM 99999');
  assert.match(badItem.issues[0]!.text!.fr, /ne porte pas l’objet « 99999 »/);
  assert.equal(badItem.issues[0]!.line, 1);
  const long = validateValhalla(s, e.player, `DESCRIPTION ${'x'.repeat(CFG.valhalla.descriptionMax + 1)}`);
  assert.match(long.issues[0]!.text!.en, new RegExp(`at most ${CFG.valhalla.descriptionMax}`));
  assert.match(validateValhalla(s, e.player, 'BONJOUR').issues[0]!.text!.fr, /ligne inconnue/);
  // Control characters and bidirectional overrides are removed; the text stays plain.
  assert.equal(validateValhalla(s, e.player, 'DESCRIPTION a\u0007b\u202Ec').value!.description, 'a b c');
  // Another player has nothing to answer.
  assert.match(validateValhalla(s, 'nobody', '').issues[0]!.text!.en, /none of your characters/);
  const d = adventurerKings.decisions(s);
  assert.equal(d[0]!.id, VALHALLA_DECISION);
  assert.deepEqual(d[0]!.defaults[e.player], { valhalla: true, accept: true, item: excalibur, description: '', story: '' });
  assert.equal(adventurerKings.outcome(s), null, 'the game waits for the answers before it is over');
});

test('fast-check: any text answer validates without throwing, within its limits', () => {
  const s = game(['Good', 'Good']);
  hero(s, 1, ['Marshal', 'Defender', 'Chancellor', 'Priest', 'ArchMage', 'Admiral'], ['magic-sword']);
  finish(s, 2, [2]);
  s.valhalla!.pending = entrantsOf(s, CFG);
  const p = s.valhalla!.pending[0]!.player;
  fc.assert(fc.property(fc.string({ maxLength: 3000 }), fc.constantFrom('DESCRIPTION ', 'HISTOIRE ', 'OBJET ', 'VALHALLA ', ''), (text, kw) => {
    const v = validateValhalla(s, p, kw + text);
    assert.ok(v.value);
    assert.ok(v.value.description.length <= CFG.valhalla.descriptionMax && v.value.story.length <= CFG.valhalla.storyMax);
    assert.ok(!/[\u0000-\u0009\u000B-\u001F]/.test(v.value.description + v.value.story));
  }), { numRuns: 200 });
});

test('[P G-94] actions of a visitor: 1 in his first turn, one more every 2 turns, 5 at most', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => actionsIn(CFG.valhalla, n)), [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  assert.equal(actionsIn(CFG.valhalla, 40), 5);
});

/** The end of turn `turn − 1` in a state, for the visits of `turn`. */
function visitsFor(s: AKState, turn: number) {
  s.turn = turn - 1;
  const ctx = createCtx(s, {}, createRng('unused', 'x'));
  visitsForNextTurn(ctx);
  return ctx.events;
}

test('§12.3 schedule: each alignment Good to Evil receives one visit every 5 turns, by a hero of its alignment, beside one of its Kings; special alignments none', () => {
  const s = game(['Good', 'Druid', 'Neutral', 'Pagan', 'Evil', 'Divine', 'Undead', 'Good']);
  const byTurn: Record<number, AKEvent[]> = {};
  for (let t = 2; t <= 16; t++) byTurn[t] = visitsFor(s, t).filter((e) => e.t === 'valhalla-visit');
  for (const t of [5, 10, 15]) {
    const visits = byTurn[t]!;
    assert.deepEqual(visits.map((e) => e.alignment), [...VISITED], `turn ${t}: one visit per alignment, Good to Evil`);
    for (const e of visits) {
      const k = e.to[0]!;
      assert.equal(s.kingdoms[k]!.alignment, e.alignment);
      const c = s.characters[e.who!];
      // He has left by now if his stay is over; while he stays he stands beside the King.
      if (c) assert.equal(c.role, 'ValhallaVisitor');
    }
  }
  for (const t of [2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 16]) assert.deepEqual(byTurn[t], [], `turn ${t}: no visit`);
  // Divine and Undead Kings receive none (§13.1).
  const all = Object.values(byTurn).flat();
  assert.ok(!all.some((e) => ['Divine', 'Undead'].includes(s.kingdoms[e.to[0]!]!.alignment)));
});

test('a visitor appears beside the King with his item; he leaves when the next visit comes, taking his item', () => {
  const s = game(['Good']);
  const king = s.characters[s.kingdoms[1]!.king]!;
  const ev = visitsFor(s, 5).filter((e) => e.t === 'valhalla-visit');
  assert.equal(ev.length, 1);
  const v = s.characters[ev[0]!.who!]!;
  assert.equal(v.province, king.province);
  assert.equal(v.kingdom, 1);
  const legend = LEGENDS.find((l) => l.name === v.name)!;
  assert.equal(legend.alignment, 'Good');
  const item = s.valhalla!.visits[0]!.item!;
  assert.equal(s.items[item]!.kind, legend.item!.kind);
  assert.equal(s.items[item]!.holder, v.id);
  // Something he was given passes to his King when he goes.
  const gift = createItem(s, 'magic-bow', createRng('g', 'g'), { holder: v.id });
  v.items.push(gift.id);
  for (let t = 6; t <= 9; t++) visitsFor(s, t);
  assert.ok(s.characters[v.id], 'he stays 5 turns');
  const out = visitsFor(s, 10);
  assert.ok(out.some((e) => e.t === 'valhalla-departs' && e.who === v.id));
  assert.equal(s.characters[v.id], undefined);
  assert.equal(s.items[item], undefined, 'his own item leaves with him');
  assert.equal(s.items[gift.id]!.holder, king.id);
  assert.ok(king.items.includes(gift.id));
});

test('a roster hero given in the options visits; the roster is a snapshot in the state; a bad roster is refused in both languages', () => {
  const mine: ValhallaHero = {
    key: 'hero:1', name: 'Sigrun', sex: 'F', race: 'Dwarf', alignment: 'Evil', temperament: 'Brave', talent: levels({ Me: 4 }),
    item: { kind: 'magic-sword' }, description: 'La dernière des Nains noirs.', story: 'Elle tint le col.', placedBy: 'alice',
  };
  const s = game(['Evil'], [mine]);
  assert.deepEqual(s.valhalla!.roster.find((h) => h.key === 'hero:1'), mine);
  const seen = new Set<string>();
  for (let t = 5; t <= 60; t += 5) for (const e of visitsFor(s, t)) if (e.t === 'valhalla-visit') seen.add(e.name as string);
  assert.ok(seen.has('Sigrun') && seen.has('Morvrax le Sans-Tombe'), [...seen].join());
  assert.throws(() => game(['Good'], [{ ...mine, talent: levels({ Me: 12 }) }]), (e: unknown) => e instanceof LocalizedError && /talents/.test(e.localized.fr) && /talents/.test(e.localized.en));
  assert.throws(() => game(['Good'], 'x' as unknown as ValhallaHero[]), LocalizedError);
});

test('§12.3 a visitor takes one action in his first turn: his other orders fail with the reason', () => {
  const s = game(['Good', 'Evil']);
  visitsFor(s, 5);
  s.turn = 5;
  const visitor = Object.values(s.characters).find((c) => c.role === 'ValhallaVisitor' && c.kingdom === 1)!;
  const text = `PERSO ${visitor.id}\n1 PR Me\n2 PR Me\n3 PR Me`;
  const sheet = adventurerKings.validate(s, s.kingdoms[1]!.player, 'orders', text).value!;
  // Said at entry: the orders beyond his action will be cancelled.
  const warned = adventurerKings.warnings!(s, s.kingdoms[1]!.player, 'orders', sheet, text);
  assert.deepEqual(warned.map((w) => w.line), [3, 4]);
  assert.match(warned[0]!.text!.fr, /visiteur du Valhalla, n’agit que 1 fois cette année/);
  const r = resolveTurn(s, { 1: sheet as never }, createRng('t', '5'));
  const failed = r.events.filter((e) => e.t === 'order-failed' && e.who === visitor.id);
  assert.equal(failed.length, 2);
  assert.match((failed[0]!.reason as { fr: string }).fr, /n’a que 1 action ce tour/);
});

test('a bot game to its end: the entrants are asked, the default puts them in Valhalla, and a replay gives the same hashes and the same visitors', () => {
  const play = (seed: string) => {
    let g = createGame(entry.ruleset, entry.options({ players: 5, config: { kingdom: { victory: { maxTurns: 7 } } } }), seed) as GameRecord<AKState>;
    while (!entry.ruleset.outcome(g.state) && g.steps.length < 10) g = advance(entry.ruleset, botAnswers(entry, g), { useDefaults: true }) as GameRecord<AKState>;
    return g;
  };
  const g = play('valhalla-replay');
  const labels = g.steps.map((st) => st.label);
  assert.equal(labels.at(-1), 'valhalla');
  const visits = g.steps.flatMap((st) => (st.events as AKEvent[]).filter((e) => e.t === 'valhalla-visit').map((e) => `${e.name}@${e.to[0]}`));
  assert.ok(visits.length > 0, 'visitors came at turn 5');
  const entered = g.state.valhalla!.entered!;
  assert.ok(entered.length >= 1, 'the winning King at least');
  assert.ok(entered.some((e) => g.state.finished!.winners.includes(Number(Object.values(g.state.kingdoms).find((k) => k.player === e.player)!.id))));
  assert.deepEqual(entry.ruleset.outcome(g.state)?.finished, true);
  const r = replay(entry.ruleset, g);
  assert.ok(r.ok, JSON.stringify(r.mismatches));
  const again = play('valhalla-replay');
  assert.deepEqual(again.steps.map((st) => st.hash), g.steps.map((st) => st.hash));
  // The report of the last step says who entered, in both languages.
  const p = entered[0]!.player;
  assert.match(entry.ruleset.report(g.state, g.steps.at(-1)!.events, p, 'fr'), /entre au Valhalla/);
  assert.match(entry.ruleset.report(g.state, g.steps.at(-1)!.events, p, 'en'), /enters Valhalla/);
});

test('a player who answers: his text and item go with his hero; one who declines stays out', () => {
  const s = game(['Good', 'Good']);
  const h = hero(s, 1, ['Marshal', 'Defender', 'Chancellor', 'Priest', 'ArchMage', 'Admiral'], ['magic-sword']);
  finish(s, 2, [2]);
  s.valhalla!.pending = entrantsOf(s, CFG);
  let g: GameRecord<AKState> = { format: 'suzerain/game@1', ruleset: 'adventurer-kings', options: {}, seed: 'x', initialHash: '', state: s, steps: [], pending: [], nextOrder: 1 } as unknown as GameRecord<AKState>;
  g = submit(entry.ruleset, g, s.kingdoms[1]!.player, VALHALLA_DECISION, 'VALHALLA OUI\nDESCRIPTION Le <b>héros</b>\nHISTOIRE Première ligne\nHISTOIRE Seconde').game;
  g = submit(entry.ruleset, g, s.kingdoms[2]!.player, VALHALLA_DECISION, { valhalla: true, accept: false, item: null, description: '', story: '' } satisfies ValhallaAnswer).game;
  g = advance(entry.ruleset, g, { useDefaults: true });
  const entered = g.state.valhalla!.entered!;
  assert.equal(entered.length, 1);
  assert.equal(entered[0]!.hero.name, s.characters[h]!.name);
  assert.equal(entered[0]!.hero.description, 'Le <b>héros</b>', 'kept as plain text: the platform escapes it');
  assert.equal(entered[0]!.hero.story, 'Première ligne\nSeconde');
  assert.deepEqual(entered[0]!.hero.item, { kind: 'magic-sword' });
  assert.ok((g.steps.at(-1)!.events as AKEvent[]).some((e) => e.t === 'valhalla-declined'));
  assert.deepEqual(entry.ruleset.outcome(g.state), { finished: true, winners: [s.kingdoms[2]!.player], reason: 'turn-limit' });
});
