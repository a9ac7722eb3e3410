/**
 * Test givens for Fief: a set-up game on the original board, with lords added from the Character
 * deck (so every card stays in one place), titles given, and marriages made, keeping the state's
 * invariants. Players of the rules' examples map to seats: FRANCK P1, INGRID P2, OLIVIER P3, SABINE P4.
 */
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import { cardKind } from '../../src/rulesets/fief/cards.ts';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';
import { newLord, setupGame } from '../../src/rulesets/fief/setup.ts';
import type { FiefState, LordId, TitleId } from '../../src/rulesets/fief/state.ts';
import type { Decision, Submission } from '../../src/engine/ruleset.ts';
import { botAnswer } from '../../src/rulesets/fief/bot.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { fief } from '../../src/rulesets/fief/index.ts';

export const FRANCK = 'P1', INGRID = 'P2', OLIVIER = 'P3', SABINE = 'P4';

/** A game just set up (turn 1), `players` seats, first player P1. */
export function given(players: number, seed: string | number = 'fixture'): FiefState {
  return { ...setupGame({ players }, createRng(seed, 'setup')), firstPlayer: 'P1' };
}

/** Adds a lord of `gender` to `player`'s family from the Character deck, at his first lord's village; returns his id. */
export function addLord(s: FiefState, player: string, gender: 'M' | 'F' = 'M'): LordId {
  const i = s.secret.characterDeck.findIndex((c) => cardKind(c) === 'LORD' && c.startsWith(`LORD_${gender}_`));
  assert.ok(i >= 0, 'no Lord card of that gender left in the deck');
  const [card] = s.secret.characterDeck.splice(i, 1);
  const lord = newLord(s, card!, player);
  s.nextLordSerial += 1;
  const first = s.lords[s.families[player]!.lords[0]!];
  lord.at = first?.at ? structuredClone(first.at) : null;
  s.lords[lord.id] = lord;
  s.families[player]!.lords.push(lord.id);
  return lord.id;
}

/** Gives titles to a lord. */
export function giveTitles(s: FiefState, lord: LordId, ...titles: TitleId[]): void {
  for (const t of titles) {
    assert.equal(s.titles[t].holder, null, `${t} is already held`);
    s.titles[t].holder = lord;
    s.lords[lord]!.titles.push(t);
  }
}

/** The `i`-th lord of a player's family (adding lords as needed). */
export function lordOf(s: FiefState, player: string, i = 0, gender: 'M' | 'F' = 'M'): LordId {
  while (s.families[player]!.lords.length <= i) addLord(s, player, gender);
  return s.families[player]!.lords[i]!;
}

/** Marries two lords of two players. */
export function marry(s: FiefState, a: LordId, b: LordId): void {
  s.lords[a]!.spouse = b;
  s.lords[b]!.spouse = a;
}

export function assertValid(s: FiefState): void {
  assert.deepEqual(checkInvariants(s), []);
}

/** `player` occupies `village` with one sergeant from his reserve and controls it. */
export function occupy(s: FiefState, player: string, village: string): void {
  s.families[player]!.reserve.sergeants -= 1;
  s.villages[village]!.stacks.push({ player, position: { kind: 'CENTER' }, groups: [{ sergeants: 1, knights: 0, steps: 0, plagued: false }] });
  s.villages[village]!.controller = player;
}

/** Builds `n` mills on a village from the supply. */
export function mills(s: FiefState, village: string, n: number): void {
  s.villages[village]!.mills += n;
  s.supply.mills -= n;
}

/** Takes the first card of `kind` out of the Event deck and lays it beside bishopric `b`. */
export function lay(s: FiefState, kind: string, b: 1 | 2 | 3 | 4 | 5): string {
  const i = s.secret.eventDeck.findIndex((c) => cardKind(c) === kind);
  const [card] = s.secret.eventDeck.splice(i, 1);
  (kind === 'GOOD_HARVEST' || kind === 'FAIR_WEATHER' ? s.bishoprics[b].bonuses : s.bishoprics[b].calamities).push(card!);
  return card!;
}

/** Dice as the rules' vectors give them, in the order asked (`log` keeps the stream names); runs out loudly. */
export function dice(values: number[], log: string[] = []): (stream: string) => number {
  const left = [...values];
  return (name) => { log.push(name); const v = left.shift(); assert.ok(v !== undefined, `no die left for ${name}`); return v; };
}

/** The village of a player's first lord (his starting village in a fresh game). */
export const villageOf = (s: FiefState, p: string): string => s.lords[s.families[p]!.lords[0]!]!.at!.village;

/** Takes the first card of `kind` out of the Event deck into a player's hand. */
export function toHand(s: FiefState, p: string, kind: string): string {
  const i = s.secret.eventDeck.findIndex((c) => cardKind(c) === kind);
  assert.ok(i >= 0, `no ${kind} left in the deck`);
  const [card] = s.secret.eventDeck.splice(i, 1);
  s.hands[p]!.push(card!);
  return card!;
}

/**
 * Bot games played through the ruleset (setup, decisions, resolve), one per `[players, seed]`,
 * `maxTurns` turns each: `visit` sees each bot answer before it is played and may return another
 * value to play instead (undefined: the bot's). Bounded by `guard` questions a game.
 */
export function playBotGames(games: readonly (readonly [number, string])[], maxTurns: number, visit: (g: FiefGame, d: Decision, player: string, value: unknown) => unknown, guard = 3000): void {
  for (const [players, seed] of games) {
    let g: FiefGame = fief.setup({ players, maxTurns }, createRng(seed, 'setup'));
    for (let i = 0; i < guard && g.flow.stage !== 'over'; i++) {
      const d = fief.decisions(g)[0];
      if (!d) break;
      const subs: Submission<unknown>[] = d.players.map((p, order) => {
        const bot = botAnswer(g, p, d.id, createRng(seed, `${i}/${p}`));
        const value = visit(g, d, p, bot);
        return { player: p, decision: d.id, value: value === undefined ? bot : value, order };
      });
      g = fief.resolve(g, subs, createRng(seed, `r${i}`)).state;
    }
  }
}
