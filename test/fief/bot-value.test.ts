/**
 * What a trade is worth to a bot (bot-value.ts, §11.6) and the bots' answers to offers (free.ts
 * `botFreeActions`): the value function's sense (a lord is worth more to his owner than his ransom,
 * a castle adds its price, a village next to one's holdings is worth more, a Character card more
 * than an Event card), and a property over states of random bot games: a bot never accepts a
 * trade of a clearly lower value for it (tradeValue < 0), while it does accept fair ones.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, type GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { loadAllRulesets, botAnswers, getRuleset } from '../../src/rulesets/index.ts';
import { cardKindValue, prisonerValue, tradeValue, villageValue } from '../../src/rulesets/fief/bot-value.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { botFreeActions, freeOf, validateFree } from '../../src/rulesets/fief/free.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { ransomOf } from '../../src/rulesets/fief/rules/ransoms.ts';
import { CARD_KIND_ORDER, CARD_KINDS } from '../../src/rulesets/fief/cards.ts';
import { arena, fortify, station } from './arena.ts';
import { giveTitles } from './fixture.ts';
await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

test('bot value: a lord is worth more to his owner than his ransom, which is what he is worth to his jailer; titles add', () => {
  const s = arena(4, 'value');
  const l = s.families.P2!.lords[0]!;
  s.lords[l]!.prisonerOf = 'P1';
  assert.equal(prisonerValue(s, 'P1', l), ransomOf(s, l), 'to the jailer: the ransom');
  assert.ok(prisonerValue(s, 'P2', l) > ransomOf(s, l), 'to the owner: more than the ransom');
  const before = prisonerValue(s, 'P2', l);
  giveTitles(s, l, 'FIEF:F_BLAYE');
  assert.ok(prisonerValue(s, 'P2', l) > before, 'a titled lord is worth more');
});

test('bot value: a village’s castle and mills add their price; next to one’s holdings it is worth more; a Character card more than another', () => {
  const s = arena(4, 'value-v');
  station(s, 'P2', 'CHAROLLES', 1, 0);
  const bare = villageValue(s, 'P1', 'CHAROLLES');
  fortify(s, 'CHAROLLES');
  assert.equal(villageValue(s, 'P1', 'CHAROLLES'), bare + s.config.price.castle, 'a castle adds its price');
  station(s, 'P1', 'BLAYE', 1, 0); // BLAYE is CHAROLLES's neighbour and in its fief
  assert.ok(villageValue(s, 'P1', 'CHAROLLES') > bare + s.config.price.castle, 'next to its holdings');
  const kinds = CARD_KIND_ORDER.filter((k) => CARD_KINDS[k].family !== 'calamity');
  for (const k of kinds) assert.ok(cardKindValue(k) > 0, `${k} is worth something`);
  assert.ok(cardKindValue('LORD') > cardKindValue('TAX'), 'a Lord card is worth more than a Tax');
});

test('bot value: a trade’s worth is what one gets less what one gives, seen from either side', () => {
  const s = arena(4, 'value-t');
  const o = { from: 'P1', to: 'P2', give: { ecus: 5, cards: [], villages: [], prisoners: [], relics: [] }, get: { ecus: 2, cardKinds: [], villages: [], prisoners: [], relics: [] } };
  assert.equal(tradeValue(s, 'P2', o), 3);
  assert.equal(tradeValue(s, 'P1', o), -3);
  assert.equal(tradeValue(s, 'P3', o), 0, 'nothing to a third player');
});

/** States of a bot game (every few steps), for the property below. */
function states(players: number, seed: string): FiefGame[] {
  const entry = getRuleset('fief');
  let g = createGame(fief, { players, maxTurns: 2 }, seed) as GameRecord<FiefGame>;
  const out: FiefGame[] = [];
  for (let i = 0; i < 400 && fief.decisions(g.state).length > 0; i++) {
    g = botAnswers(entry, g, []) as GameRecord<FiefGame>;
    g = advance(fief, g, { useDefaults: true });
    if (g.state.flow.stage === 'turn' && i % 9 === 0) out.push(g.state);
  }
  return out;
}

/** A random offer from `from` to `to` (money, cards, villages, prisoners, relics asked or given), or null when the referee refuses it. */
function randomOffer(g: FiefGame, from: string, to: string, rng: ReturnType<typeof createRng>): Record<string, string> | null {
  const s = g.fief;
  const v: Record<string, string> = { to };
  if (rng.chance(0.6)) v.give_ecus = String(rng.int(0, Math.min(8, s.families[from]!.ecus)));
  if (rng.chance(0.6)) v.ask_ecus = String(rng.int(0, 8));
  if (rng.chance(0.3) && s.hands[from]!.length) v.give_card = rng.pick(s.hands[from]!);
  if (rng.chance(0.3)) v.ask_card = rng.pick(CARD_KIND_ORDER.filter((k) => CARD_KINDS[k].family !== 'calamity'));
  const theirs = Object.values(s.lords).filter((l) => l.prisonerOf === to);
  if (theirs.length && rng.chance(0.5)) v.ask_prisoner = rng.pick(theirs).id;
  const held = Object.values(s.lords).filter((l) => l.prisonerOf === from && l.owner === to);
  if (held.length && rng.chance(0.5)) v.give_prisoner = rng.pick(held).id;
  const villages = Object.entries(s.villages).filter(([, x]) => x.controller === to).map(([id]) => id);
  if (villages.length && rng.chance(0.3)) v.ask_village = rng.pick(villages);
  return validateFree(g, from, { id: 'offer', values: v }).value !== null ? v : null;
}

test('property: over states of random bot games, a bot never accepts a trade of a clearly lower value for it, and accepts fair ones', { timeout: 300_000 }, () => {
  let unfair = 0, accepted = 0;
  for (const [players, seed] of [[3, 'bv-a'], [4, 'bv-b'], [6, 'bv-c']] as const) {
    for (const g0 of states(players, seed)) {
      const rng = createRng(seed, `offers/${g0.fief.cursor.turn}/${g0.fief.cursor.step}`);
      for (let k = 0; k < 12; k++) {
        const [from, to] = rng.shuffle(g0.fief.players);
        const values = randomOffer(g0, from!, to!, rng);
        if (!values) continue;
        const made = fief.act!(g0, from!, validateFree(g0, from!, { id: 'offer', values }).value!, createRng('bv', 'act'));
        const g = made.state as FiefGame;
        const offer = freeOf(g).offers.at(-1)!;
        const worth = tradeValue(g.fief, to!, offer);
        for (let r = 0; r < 4; r++) {
          const acts = botFreeActions(g, to!, createRng(seed, `answer/${k}/${r}`));
          const took = acts.some((a) => a.id === 'accept' && a.values.offer === String(offer.id));
          if (worth < 0) assert.ok(!took, `the bot ${to} accepted a trade worth ${worth} to it: ${JSON.stringify(offer)}`);
          if (took) accepted++;
        }
        if (worth < 0) unfair++;
      }
    }
  }
  assert.ok(unfair > 0, `some random offers were unfair to the bot (${unfair})`);
  assert.ok(accepted > 0, `the bots accept fair offers (${accepted})`);
});
