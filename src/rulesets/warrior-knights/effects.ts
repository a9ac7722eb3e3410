/**
 * The effect DSL of the Event and Proposal cards (rules G-D09, G-D10, §10.8–§10.9): a card's effect
 * is DATA — what it picks (by a Fate draw or by the affected baron's choice), then a list of
 * operations, each a small record, and the lasting modifiers that Laws, Titles, Concessions,
 * Offices and lasting events carry. rules/effects.ts interprets it; content-check.ts validates it
 * (every id resolves, blue events aim at nobody but through the Fate deck, no `manual` escape hatch
 * in shipped content [P §10.8]). Every operation is bounded by the state (a list of barons, nobles
 * or cities), never loops on its own.
 *
 * Foundation-level: imports nothing of the ruleset.
 */
import type { Localized } from '../../engine/ruleset.ts';

/**
 * Whom an operation touches: `target` the affected baron (the drawer of a red or green event, the
 * baron a Fate card picked, the baron the Assembly designated); `all` every baron in the game;
 * `others` every baron but the target.
 */
export type Who = 'target' | 'all' | 'others';

/**
 * What the card picks before its operations, and how (§4.7 step 4: "if the card requires Fate
 * draws to determine a target, draw them first"). `by: 'fate'` draws Fate cards until one fits
 * (at most one pass, [P G-A38]; none fits: the effect fizzles); `by: 'target'` is the affected
 * baron's choice (§9.2 #20), whose default is the first fitting item in map (or seat) order.
 * Scopes: `unrazed` any unrazed city; `kingdom` an unrazed Kingdom city; `own` a city the target
 * controls / a noble of the target; `board` a noble on the board (not at sea).
 */
export type Pick =
  | { pick: 'city'; by: 'fate'; scope: 'unrazed' | 'kingdom' | 'own' }
  | { pick: 'city'; by: 'target'; scope: 'own' }
  | { pick: 'noble'; by: 'fate'; scope: 'board' | 'own-board' | 'own' }
  | { pick: 'baron'; by: 'fate' }
  | { pick: 'nation'; by: 'fate' };

/** How long a lasting event stays in play (§4.7 step 6 [P]): until a phase has used it once, or for the game. */
export type Until = 'next-taxation' | 'next-assembly' | 'game';

/**
 * A lasting modifier: read by Taxation (§4.5) and by the Assembly's vote grant and attendance (§5.1–§5.2).
 * - `income` ±n crowns at each Taxation (a loss never below 0);
 * - `faith-income` +n Faith at each Taxation;
 * - `per-city` n crowns per controlled city at each Taxation, paid to the bank (a Law's levy: pays
 *   what he can; may be refused at the cost of banishment, §5.7, #38);
 * - `share` pays percent % of his Taxation income, rounded down (a Law's levy, as `per-city`);
 * - `fortified-income` / `port-income` +n crowns per controlled fortified / port city at Taxation;
 * - `grant` ±n votes at each Assembly's grant (never below 0);
 * - `absent` does not attend the Assembly (§5.1 "prevented by a Title");
 * - `troops` an Office's free troops: men, wage 0, loyal, counted toward the circle noble's 400
 *   (§10.9), leaving with the Office.
 */
export type Mod =
  | { mod: 'income'; n: number }
  | { mod: 'faith-income'; n: number }
  | { mod: 'per-city'; n: number }
  | { mod: 'share'; percent: number }
  | { mod: 'fortified-income'; n: number }
  | { mod: 'port-income'; n: number }
  | { mod: 'grant'; n: number }
  | { mod: 'absent' }
  | { mod: 'troops'; men: number };

/**
 * One operation. Amounts are signed: a loss takes what the baron has and no more (the card's
 * "inability to comply" rule, §10.9: he pays what he can). The picked item is the one of `Pick`.
 */
export type Op =
  | { op: 'crowns' | 'votes' | 'faith'; who: Who; n: number }
  /** +n Influence from the reserve [P G-A57]; may end the game (G-A07). */
  | { op: 'influence'; who: Who; n: number }
  /** n crowns per city the baron controls. */
  | { op: 'crowns-per-city'; who: Who; n: number }
  /** The picked city is razed; every noble in its region dies (the text's Fire, TV-08). */
  | { op: 'raze' }
  /** The picked city: n breaches (never beyond its strength). */
  | { op: 'breaches'; n: number }
  /** The picked city: its breaches repaired, then fortified if controlled and not besieged. */
  | { op: 'repair-fortify' }
  /** The picked city turns neutral: no controller, unfortified, breaches kept (as a lost revolt). */
  | { op: 'neutral' }
  /** Casualty tokens: on the picked noble's army, or on every noble in the picked city's region. A noble with tokens ≥ troops dies [P G-A35]. */
  | { op: 'casualties'; on: 'noble' | 'city-region'; n: number }
  /** Every casualty token of the baron's armies removed. */
  | { op: 'heal'; who: Who }
  /** The picked noble has no heir from now on (E-NOHEIR, §6.12). */
  | { op: 'no-heir' }
  /** Every mercenary card of the picked nation in the baron's armies deserts into the Mercenary deck. */
  | { op: 'desert'; who: Who }
  /** Every noble of the baron on the board becomes Exhausted / Ready. */
  | { op: 'exhaust' | 'ready'; who: Who }
  /** The Chairman / Church Support token goes to the target (said explicitly, §10.9, G-A15/G-A16). A banished baron never chairs. */
  | { op: 'chairman' | 'church' }
  /** Every banished baron is pardoned (he attends the following Assemblies, §5.7). */
  | { op: 'pardon-all' }
  /** The card stays in play with this modifier on the target (or everyone, `who: 'all'`) until it expires. */
  | { op: 'lasting'; who: 'target' | 'all'; mod: Mod; until: Until }
  /** Not automatable: prompts the players or the host (§9.5). Refused in shipped content [P §10.8]. */
  | { op: 'manual'; text: Localized };

export interface CardTexts { name: Localized; text: Localized }
