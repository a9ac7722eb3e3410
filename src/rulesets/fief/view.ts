/**
 * What one player may know of a game of Fief (rules §11.2; style §5): the state with `secret`
 * taken away (the seed of the dice streams, the order of the decks, the discard piles, the
 * face-down calamity track, the set-aside cards) and the other players' hands, keeping only what
 * the table shows of them: the number of cards in each pile and hand, which calamity slots are
 * filled. With option A.5 (hidden money) the others' ecus are hidden; with A.2 (fog of war) the
 * others' troops show only their number of tokens, not their types. The Tooth of St Géronce's
 * standing answer (A.1, #38a) is its holder's player's own: the others see where the relic is, not
 * when he means to use it.
 *
 * A plain strip: every secret is in one predictable place of the state, so nothing else can leak
 * (a property test checks that no card id a player may not see appears anywhere in his view).
 * `player` null is the public view (a spectator).
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import type { CardId } from './cards.ts';
import type { Family, FiefState, Position, Stack, VillageState } from './state.ts';

/** Another player's troops under fog of war: how many tokens, not which [T §11.2]. */
export interface HiddenStack { player: PlayerId; position: Position; tokens: number }
export type ViewStack = Stack | HiddenStack;
export type ViewVillage = Omit<VillageState, 'stacks'> & { stacks: ViewStack[] };
export type ViewFamily = Omit<Family, 'ecus'> & { ecus: number | null };

export interface FiefView extends Omit<FiefState, 'secret' | 'hands' | 'villages' | 'families'> {
  viewer: PlayerId | null;
  /** The viewer's own hand (null for a spectator). */
  hand: CardId[] | null;
  handSizes: Record<PlayerId, number>;
  piles: { characterDeck: number; eventDeck: number; characterDiscard: number; eventDiscard: number; setAside: number; calamityTrack: boolean[] };
  villages: Record<string, ViewVillage>;
  families: Record<PlayerId, ViewFamily>;
}

export function viewOf(state: FiefState, player: PlayerId | null): FiefView {
  const { secret, hands, villages, families, ...open } = structuredClone(state);
  const fog = state.config.options.fogOfWar;
  const hiddenMoney = state.config.options.hiddenMoney;
  const hide = (st: Stack): ViewStack => (fog && st.player !== player
    ? { player: st.player, position: st.position, tokens: st.groups.reduce((n, g) => n + g.sergeants + g.knights, 0) }
    : st);
  const tooth = open.relics?.GERONCE;
  if (tooth?.resurrect !== undefined && !(player && tooth.holder && state.lords[tooth.holder]?.owner === player)) delete tooth.resurrect;
  return {
    ...open,
    viewer: player,
    hand: player ? [...(hands[player] ?? [])] : null,
    handSizes: Object.fromEntries(Object.entries(hands).map(([p, h]) => [p, h.length])),
    piles: {
      characterDeck: secret.characterDeck.length, eventDeck: secret.eventDeck.length,
      characterDiscard: secret.characterDiscard.length, eventDiscard: secret.eventDiscard.length, setAside: secret.setAside.length,
      calamityTrack: secret.calamityTrack.map((c) => c !== null),
    },
    villages: Object.fromEntries(Object.entries(villages).map(([id, v]) => [id, { ...v, stacks: v.stacks.map(hide) }])),
    families: Object.fromEntries(Object.entries(families).map(([p, f]) => [p, { ...f, ecus: hiddenMoney && p !== player ? null : f.ecus }])),
  };
}
