/**
 * What one baron may know of a game of Warrior Knights (rules §2.12, §9.4; style §5): the state
 * with `secret` taken away — the seed, every deck's order, the cards of the action piles and the
 * two neutral cards set aside, the Planning submissions and the setup troop assignments — keeping
 * what the table shows: deck sizes, how many cards each baron put on each pile (`pileCounts`, [P]
 * §9.4), who has submitted (never what). The viewer also sees his own plan and his own troop
 * assignment while they are secret. A plain strip: a property test checks that no pile card, set-
 * aside card or other baron's submission appears in a view.
 * `viewer` null is the public view (a spectator).
 */
import type { BaronId } from './barons.ts';
import { eventCard, type EventColour } from './event-cards.ts';
import type { WkState } from './state.ts';

export interface WkView extends Omit<WkState, 'secret'> {
  viewer: BaronId | null;
  /** `eventTop`: the back colour of the top Event card, public (§2.12, §4.7 step 1). */
  decks: { fate: number; mercenary: number; event: number; proposal: number; piles: number[]; eventTop: EventColour | null };
  /** The viewer's own secret answers while they are still secret. */
  mine: { plan: string[][] | null; troops: Record<string, string> | null; fate: string[] | null };
}

export function viewOf(state: WkState, viewer: BaronId | null): WkView {
  const { secret, ...open } = structuredClone(state);
  return {
    ...open,
    viewer,
    decks: { fate: secret.fateDeck.length, mercenary: secret.mercenaryDeck.length, event: secret.eventDeck.length, proposal: secret.proposalDeck.length, piles: secret.piles.map((p) => p.length), eventTop: secret.eventDeck[0] ? eventCard(secret.eventDeck[0]).colour : null },
    mine: {
      plan: viewer ? secret.plans[viewer] ?? null : null,
      troops: viewer ? secret.troopAssignments[viewer] ?? null : null,
      // §9.3: each side sees its own combat draw before the reveal, nobody else's
      fate: viewer && secret.combatDraws && state.combat
        ? (state.combat.attacker === viewer ? secret.combatDraws.attacker : state.combat.defender === viewer ? secret.combatDraws.defender : null) ?? null
        : null,
    },
  };
}
