/**
 * The goods of a trade offer (§11.6), apart from free.ts so that what reads them (bot-value.ts)
 * need not import the free actions.
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import type { FiefId, VillageId } from './board.ts';
import type { CardId, CardKind, RelicId } from './cards.ts';
import type { LordId } from './state.ts';

/**
 * What one side of a gift or trade moves. `waivers`: the king's waiver (#6) of these fief titles'
 * price, given by the king's (or queen regent's) player to the other side, used by his purchase in
 * step 4.B (§11.6 "combined offers", rules/purchases.ts `waived`).
 */
export interface Goods { ecus: number; cards: CardId[]; villages: VillageId[]; prisoners: LordId[]; relics: RelicId[]; waivers?: FiefId[] }
/**
 * What is asked of the other side: cards by kind, never by his hand; `leave`: his leave to recover
 * these relics from a seat he occupies (A.1 [T §11.1], by one of the asker's lords standing there).
 */
export interface Wanted { ecus: number; cardKinds: CardKind[]; villages: VillageId[]; prisoners: LordId[]; relics: RelicId[]; leave?: RelicId[]; waivers?: FiefId[] }

export interface Offer { id: number; from: PlayerId; to: PlayerId; give: Goods; get: Wanted; made: number }
