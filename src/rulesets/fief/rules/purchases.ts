/**
 * Step 4.B, purchases: rules §7.2 [T §4.0–§4.4, T-FAQ]. In turn order each player makes all his
 * purchases (decision #18, default: buy nothing), in any order, each placed at once; a piece the
 * box no longer holds cannot be bought [T-FAQ].
 * - Troops (§7.2.2): on a village where he has a lord who is not a prisoner (a besieger counts), or
 *   on a castle or city he controls; never in his own besieged castle or city; at most
 *   `limits.newUnitsPerVillage` bought units per village in the phase [T §4.1].
 * - Mill and castle (§7.2.3): on a village he controls (besieged or not [P]), under
 *   `limits.millsPerVillage` mills / with no fortification.
 * - Fief title (§7.2.4): he controls every village of the fief, one castle is there, no city [P G-27],
 *   the title is vacant; the crown goes to one of his lords with fewer than
 *   `family.maxFiefTitlesPerLord` fief titles; a castle of the fief becomes its city; the king or queen
 *   regent may waive the price (#6, default: no waiver, full price).
 * - The purchasable cardinal hat (§7.2.5): given at once to a bishop in play of any family [P G-26];
 *   the pope's prior consent if there is a pope (#5, default refuse) [T §1.5].
 * - Not purchasable (§7.2.6): siege engines [P G-08], cities, bishop, pope and king titles: refused
 *   with the reason.
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import { BOARD, type FiefId, type VillageId } from '../board.ts';
import { CARDINAL_HATS, type FiefState, type LordId, type TitleId } from '../state.ts';
import { turnOrder } from '../turn-order.ts';
import { addTroops } from './pieces.ts';

export type Purchase =
  | { item: 'troops'; village: VillageId; sergeants: number; knights: number }
  | { item: 'mill'; village: VillageId }
  | { item: 'castle'; village: VillageId }
  | { item: 'fief-title'; fief: FiefId; lord: LordId; city?: VillageId; kingWaives?: boolean }
  | { item: 'cardinal'; bishop: LordId; popeConsents?: boolean }
  | { item: 'siege-engine' | 'city' | 'bishop' | 'pope' | 'king' };

export type PurchaseRefusal =
  | 'bad-number' | 'no-money' | 'no-pieces' | 'not-here' | 'besieged' | 'village-cap' | 'not-controlled' | 'mills-full'
  | 'already-fortified' | 'no-supply' | 'unknown' | 'title-held' | 'not-whole-fief' | 'no-castle' | 'has-city' | 'not-your-lord'
  | 'lord-full' | 'not-a-castle' | 'not-a-bishop' | 'already-cardinal' | 'pope-refused'
  | 'engine-not-for-sale' | 'city-not-for-sale' | 'elected-title';

export const PURCHASE_REFUSALS: Record<PurchaseRefusal, Localized> = {
  'bad-number': { fr: 'Indiquez un nombre entier positif ou nul de sergents et de chevaliers, au moins une unité.', en: 'Give a whole number, zero or more, of sergeants and knights, at least one unit.' },
  'no-money': { fr: 'Vous n’avez pas assez d’écus.', en: 'You do not have enough ecus.' },
  'no-pieces': { fr: 'Votre réserve n’a plus assez de ces pions.', en: 'Your reserve does not hold enough of those pieces.' },
  'not-here': { fr: 'Les troupes achetées se placent là où se trouve l’un de vos seigneurs libres, ou dans un château ou une cité que vous contrôlez.', en: 'Bought troops go where one of your free lords stands, or into a castle or city you control.' },
  besieged: { fr: 'Votre château ou cité est assiégé : aucune troupe nouvelle n’y entre.', en: 'Your castle or city is besieged: no new troops may enter it.' },
  'village-cap': { fr: 'Ce village a déjà reçu le nombre maximal d’unités achetées pendant cette phase.', en: 'That village has already received the most bought units allowed in this phase.' },
  'not-controlled': { fr: 'Vous ne contrôlez pas ce village.', en: 'You do not control that village.' },
  'mills-full': { fr: 'Ce village a déjà le nombre maximal de moulins.', en: 'That village already has the most mills allowed.' },
  'already-fortified': { fr: 'Ce village a déjà un château ou une cité.', en: 'That village already has a castle or a city.' },
  'no-supply': { fr: 'La réserve commune n’a plus cette pièce.', en: 'The common supply has none of that piece left.' },
  unknown: { fr: 'Ce village, ce fief ou ce seigneur n’existe pas.', en: 'There is no such village, fief or lord.' },
  'title-held': { fr: 'Ce titre a déjà un titulaire.', en: 'That title already has a holder.' },
  'not-whole-fief': { fr: 'Vous devez contrôler tous les villages du fief.', en: 'You must control every village of the fief.' },
  'no-castle': { fr: 'Le fief doit compter au moins un château.', en: 'The fief must have at least one castle.' },
  'has-city': { fr: 'Le fief a déjà une cité : son titre suit la cité.', en: 'The fief already has a city: its title follows the city.' },
  'not-your-lord': { fr: 'Ce seigneur n’est pas de votre famille.', en: 'That lord is not of your family.' },
  'lord-full': { fr: 'Ce seigneur porte déjà le nombre maximal de titres de fief.', en: 'That lord already holds the most fief titles allowed.' },
  'not-a-castle': { fr: 'La cité doit être l’un de vos châteaux dans ce fief.', en: 'The city must be one of your castles in that fief.' },
  'not-a-bishop': { fr: 'Le chapeau de cardinal se donne à un évêque en jeu.', en: 'The cardinal’s hat goes to a bishop in play.' },
  'already-cardinal': { fr: 'Cet évêque est déjà cardinal, ou le chapeau à acheter est déjà pris.', en: 'That bishop is already a cardinal, or the hat for sale is already taken.' },
  'pope-refused': { fr: 'Le pape n’a pas donné son accord préalable à ce nouveau cardinal.', en: 'The pope has not given his prior consent to this new cardinal.' },
  'engine-not-for-sale': { fr: 'Les engins de siège ne s’achètent pas : chaque famille a les siens, posés gratuitement en déclarant un siège.', en: 'Siege engines are not for sale: each family has its own, placed free when declaring a siege.' },
  'city-not-for-sale': { fr: 'Une cité ne s’achète pas : un château devient cité quand on achète le titre du fief.', en: 'A city cannot be bought: a castle becomes a city when the fief title is bought.' },
  'elected-title': { fr: 'Les titres d’évêque, de pape et de roi ne s’achètent pas : ils s’obtiennent par élection.', en: 'The titles of bishop, pope and king cannot be bought: they are won by election.' },
};

/** Units bought and placed per village in this Purchases phase [T §4.1]. */
export type PlacedThisPhase = Record<VillageId, number>;
export type PurchaseResult = { ok: true; state: FiefState; spent: number; placed: PlacedThisPhase } | { ok: false; reason: PurchaseRefusal };

const ownLord = (s: FiefState, p: PlayerId, id: LordId) => s.lords[id]?.owner === p;
const fiefTitleCount = (s: FiefState, id: LordId) => s.lords[id]!.titles.filter((t) => t.startsWith('FIEF:')).length;
/** A king, or a queen regent, is in play [T §4.3, §1.8.1]. */
const crownInPlay = (s: FiefState) => s.titles.KING.holder !== null || (s.titles.QUEEN.holder !== null && s.titles.QUEEN.regent === true);

/** The player of the king, or of the queen regent: the one who may waive a fief title's price (#6); null without a crown. */
export function crownPlayer(s: FiefState): PlayerId | null {
  const k = s.titles.KING.holder ?? (s.titles.QUEEN.regent === true ? s.titles.QUEEN.holder : null);
  return k ? s.lords[k]?.owner ?? null : null;
}

/** Whether `buyer` holds the crown's waiver (#6) for `fief`, granted by the player who wears it now (free.ts) [§11.6]. */
export function waived(s: FiefState, buyer: PlayerId, fief: FiefId): boolean {
  const king = crownPlayer(s);
  return king !== null && (s.waivers ?? []).some((w) => w.king === king && w.buyer === buyer && w.fief === fief);
}

/** §7.2.2: where `player` may place bought troops. */
export function troopVillages(s: FiefState, player: PlayerId): VillageId[] {
  return BOARD.villageIds.filter((v) => {
    const vs = s.villages[v]!;
    const own = vs.controller === player;
    if (own && vs.fortification && vs.sieges.length > 0) return false; // [T §4.1] not in his besieged castle or city
    const lord = Object.values(s.lords).some((l) => l.owner === player && l.prisonerOf === null && l.at?.village === v);
    return lord || (own && vs.fortification !== null);
  });
}

/** The price of a fief title: `price.fiefTitlePerVillage` × its villages [T §4.3]. */
export const fiefTitlePrice = (s: FiefState, f: FiefId): number => s.config.price.fiefTitlePerVillage * BOARD.fiefs[f]!.size;

/** One purchase. `placed` carries the units placed per village earlier in the phase. */
export function buy(state: FiefState, player: PlayerId, p: Purchase, placed: PlacedThisPhase = {}): PurchaseResult {
  const c = state.config;
  const fam = state.families[player]!;
  switch (p.item) {
    case 'troops': { // §7.2.2 [T §4.1]
      const { sergeants, knights, village } = p;
      if (![sergeants, knights].every((n) => Number.isInteger(n) && n >= 0) || sergeants + knights === 0) return { ok: false, reason: 'bad-number' };
      if (!state.villages[village]) return { ok: false, reason: 'unknown' };
      const cost = sergeants * c.price.sergeant + knights * c.price.knight;
      if (cost > fam.ecus) return { ok: false, reason: 'no-money' };
      if (sergeants > fam.reserve.sergeants || knights > fam.reserve.knights) return { ok: false, reason: 'no-pieces' }; // [T-FAQ] hard limit
      const vs = state.villages[village]!;
      if (vs.controller === player && vs.fortification && vs.sieges.length > 0) return { ok: false, reason: 'besieged' };
      if (!troopVillages(state, player).includes(village)) return { ok: false, reason: 'not-here' };
      if ((placed[village] ?? 0) + sergeants + knights > c.limits.newUnitsPerVillage) return { ok: false, reason: 'village-cap' };
      const s = structuredClone(state);
      s.families[player]!.ecus -= cost;
      addTroops(s, village, player, sergeants, knights); // reinforcements: not struck by plague [T §2.3.3]
      return { ok: true, state: s, spent: cost, placed: { ...placed, [village]: (placed[village] ?? 0) + sergeants + knights } };
    }
    case 'mill':
    case 'castle': { // §7.2.3 [T §4.2]
      const vs = state.villages[p.village];
      if (!vs) return { ok: false, reason: 'unknown' };
      if (vs.controller !== player) return { ok: false, reason: 'not-controlled' }; // besieged is allowed [P]
      const cost = p.item === 'mill' ? c.price.mill : c.price.castle;
      if (p.item === 'mill' && vs.mills >= c.limits.millsPerVillage) return { ok: false, reason: 'mills-full' };
      if (p.item === 'castle' && vs.fortification !== null) return { ok: false, reason: 'already-fortified' };
      if ((p.item === 'mill' ? state.supply.mills : state.supply.castleTiles) <= 0) return { ok: false, reason: 'no-supply' };
      if (cost > fam.ecus) return { ok: false, reason: 'no-money' };
      const s = structuredClone(state);
      s.families[player]!.ecus -= cost;
      if (p.item === 'mill') { s.villages[p.village]!.mills += 1; s.supply.mills -= 1; } else { s.villages[p.village]!.fortification = 'CASTLE'; s.supply.castleTiles -= 1; }
      return { ok: true, state: s, spent: cost, placed };
    }
    case 'fief-title': { // §7.2.4 [T §4.3, P G-27]
      const fief = BOARD.fiefs[p.fief];
      if (!fief || !state.lords[p.lord]) return { ok: false, reason: 'unknown' };
      const title = `FIEF:${p.fief}` as TitleId;
      if (state.titles[title].holder !== null) return { ok: false, reason: 'title-held' };
      if (!fief.villages.every((v) => state.villages[v]!.controller === player)) return { ok: false, reason: 'not-whole-fief' };
      if (fief.villages.some((v) => state.villages[v]!.fortification === 'CITY')) return { ok: false, reason: 'has-city' }; // [P G-27]
      const castles = fief.villages.filter((v) => state.villages[v]!.fortification === 'CASTLE');
      if (castles.length === 0) return { ok: false, reason: 'no-castle' };
      if (!ownLord(state, player, p.lord)) return { ok: false, reason: 'not-your-lord' };
      if (fiefTitleCount(state, p.lord) >= c.family.maxFiefTitlesPerLord) return { ok: false, reason: 'lord-full' }; // [T §1.2]
      const city = p.city ?? castles[0]!; // the buyer's choice; default the first castle in board order [P]
      if (!castles.includes(city)) return { ok: false, reason: 'not-a-castle' };
      // #6 default: no waiver [T-FAQ]; a waiver granted in a trade or gift counts as his yes [§11.6] and is used up.
      const byTrade = waived(state, player, p.fief);
      const cost = crownInPlay(state) && (p.kingWaives === true || byTrade) ? 0 : fiefTitlePrice(state, p.fief);
      if (cost > fam.ecus) return { ok: false, reason: 'no-money' };
      const s = structuredClone(state);
      s.families[player]!.ecus -= cost;
      if (byTrade) s.waivers = s.waivers!.filter((w) => !(w.buyer === player && w.fief === p.fief));
      s.titles[title].holder = p.lord; // the crown on the lord; the fief is governed
      s.lords[p.lord]!.titles.push(title);
      s.villages[city]!.fortification = 'CITY'; // the fief's capital [T §4.3]
      return { ok: true, state: s, spent: cost, placed };
    }
    case 'cardinal': { // §7.2.5 [T §4.4, §1.5, P G-26]
      const bishop = state.lords[p.bishop];
      if (!bishop) return { ok: false, reason: 'unknown' };
      if (!bishop.titles.some((t) => t.startsWith('BISHOP:'))) return { ok: false, reason: 'not-a-bishop' };
      if (state.titles['CARDINAL:BOUGHT'].holder !== null || bishop.titles.some((t) => (CARDINAL_HATS as readonly string[]).includes(t))) return { ok: false, reason: 'already-cardinal' };
      const pope = state.titles.POPE.holder;
      // #5: the pope's prior consent (default refuse); the pope's own player consents by buying [P].
      if (pope && state.lords[pope]!.owner !== player && p.popeConsents !== true) return { ok: false, reason: 'pope-refused' };
      if (c.price.cardinalHat > fam.ecus) return { ok: false, reason: 'no-money' };
      const s = structuredClone(state);
      s.families[player]!.ecus -= c.price.cardinalHat;
      s.titles['CARDINAL:BOUGHT'].holder = p.bishop;
      s.lords[p.bishop]!.titles.push('CARDINAL:BOUGHT');
      // [T §1.8.2] a crown prince who gains a religious title loses the status.
      if (s.titles.CROWN_PRINCE.holder === p.bishop) { s.titles.CROWN_PRINCE.holder = null; s.lords[p.bishop]!.titles = s.lords[p.bishop]!.titles.filter((t) => t !== 'CROWN_PRINCE'); }
      return { ok: true, state: s, spent: c.price.cardinalHat, placed };
    }
    case 'siege-engine': return { ok: false, reason: 'engine-not-for-sale' }; // [P G-08]
    case 'city': return { ok: false, reason: 'city-not-for-sale' }; // [T §4.3] only by flipping
    case 'bishop': case 'pope': case 'king': return { ok: false, reason: 'elected-title' }; // [T §1.3]
    default: return { ok: false, reason: 'unknown' };
  }
}

export interface PurchaseLine { player: PlayerId; bought: Purchase[]; spent: number; refused: { purchase: Purchase; reason: PurchaseRefusal }[] }

/** One player's purchases in order; a refused one is skipped (the prompt would say why and ask again). */
export function makePurchases(state: FiefState, player: PlayerId, list: readonly Purchase[]): { state: FiefState; line: PurchaseLine } {
  let s = state;
  let placed: PlacedThisPhase = {};
  const line: PurchaseLine = { player, bought: [], spent: 0, refused: [] };
  for (const p of list) { // bounded by the answer's length
    const r = buy(s, player, p, placed);
    if (r.ok) { s = r.state; placed = r.placed; line.bought.push(p); line.spent += r.spent; } else line.refused.push({ purchase: p, reason: r.reason });
  }
  return { state: s, line };
}

/** Step 4.B: every player in turn order (#18, default: buy nothing). */
export function runPurchaseStep(state: FiefState, answers: Partial<Record<PlayerId, Purchase[]>> = {}): { state: FiefState; lines: PurchaseLine[] } {
  let s = state;
  const lines: PurchaseLine[] = [];
  for (const p of turnOrder(s.players, s.firstPlayer ?? s.players[0]!)) {
    const r = makePurchases(s, p, answers[p] ?? []);
    s = r.state;
    lines.push(r.line);
  }
  return { state: s, lines };
}
