/**
 * What must hold in every state of a game of Fief, whatever happened (for property tests now and
 * soak runs later): each card in exactly one place, each lord in one family and on at most one
 * village, troops and buildings adding up to what the box holds (reserves and supply, rules §2.2,
 * §2.3, hard limits [T-FAQ], [P G-46]), money never negative [P G-07], hands within the limit,
 * titles held by one lord each and matching his list, control only by a player present or by the
 * family governing the fief [T §5.1].
 *
 * Returns the violations as sentences (empty: all hold).
 */
import { BOARD } from './board.ts';
import { deckCards, type CardId } from './cards.ts';
import type { FiefState, TitleId } from './state.ts';

export function checkInvariants(s: FiefState): string[] {
  const out: string[] = [];
  const c = s.config;

  // Cards: each in exactly one place.
  const where = new Map<CardId, string[]>();
  const put = (card: CardId, place: string) => { where.set(card, [...(where.get(card) ?? []), place]); };
  const { seed: _seed, ...piles } = s.secret;
  for (const [k, pile] of Object.entries(piles)) for (const card of pile) if (card) put(card, k);
  for (const [p, hand] of Object.entries(s.hands)) for (const card of hand) put(card, `hand of ${p}`);
  for (const fam of Object.values(s.families)) for (const id of fam.lords) { const l = s.lords[id]; if (l) put(l.card, `family board of ${fam.player}`); }
  for (const [t, st] of Object.entries(s.titles)) if (st.card) put(st.card, `title ${t}`);
  if (s.darcCard) put(s.darcCard, 'd’Arc');
  for (const [b, st] of Object.entries(s.bishoprics)) for (const card of [...st.calamities, ...st.bonuses]) put(card, `bishopric ${b}`);
  for (const card of [...deckCards('character', c), ...deckCards('event', c)]) {
    const places = where.get(card) ?? [];
    if (places.length !== 1) out.push(`card ${card} is in ${places.length} places (${places.join(', ')})`);
    where.delete(card);
  }
  for (const card of where.keys()) out.push(`card ${card} is not in the game’s decks`);

  // Lords: one family each, within the family limit; on a real village.
  const seenLord = new Set<string>();
  for (const fam of Object.values(s.families)) {
    if (fam.lords.length > c.family.maxLords) out.push(`${fam.player} has ${fam.lords.length} lords (at most ${c.family.maxLords})`);
    for (const id of fam.lords) {
      if (seenLord.has(id)) out.push(`lord ${id} is in two families`);
      seenLord.add(id);
      if (s.lords[id]?.owner !== fam.player) out.push(`lord ${id} is listed by ${fam.player} but owned by ${s.lords[id]?.owner}`);
    }
  }
  for (const l of Object.values(s.lords)) {
    if (!seenLord.has(l.id)) out.push(`lord ${l.id} belongs to no family`);
    if (l.at && !BOARD.villages[l.at.village]) out.push(`lord ${l.id} stands on unknown village ${l.at.village}`);
  }

  // Troops and money.
  for (const fam of Object.values(s.families)) {
    const p = fam.player;
    let sergeants = 0, knights = 0;
    for (const v of Object.values(s.villages)) for (const st of v.stacks) if (st.player === p) for (const g of st.groups) {
      if (g.sergeants < 0 || g.knights < 0) out.push(`${p} has a negative troop group`);
      sergeants += g.sergeants; knights += g.knights;
    }
    if (sergeants + fam.reserve.sergeants !== c.reserve.sergeants || fam.reserve.sergeants < 0) out.push(`${p}: ${sergeants} sergeants on the board + ${fam.reserve.sergeants} in reserve ≠ ${c.reserve.sergeants}`);
    if (knights + fam.reserve.knights !== c.reserve.knights || fam.reserve.knights < 0) out.push(`${p}: ${knights} knights on the board + ${fam.reserve.knights} in reserve ≠ ${c.reserve.knights}`);
    const engines = Object.values(s.villages).reduce((n, v) => n + v.sieges.filter((g) => g.besieger === p).length, 0);
    if (engines + fam.reserve.siegeEngines !== c.reserve.siegeEngines || fam.reserve.siegeEngines < 0) out.push(`${p}: siege engines do not add up`);
    if (!Number.isInteger(fam.ecus) || fam.ecus < 0) out.push(`${p} has ${fam.ecus} ecus`);
    if (fam.embassy < 0 || fam.taxMarkers < 0) out.push(`${p} has negative tokens`);
    const markersOut = Object.values(s.taille).filter((x) => x === p).length + (s.papalTithe === p ? 1 : 0)
      + Object.values(s.bishoprics).reduce((n, b) => n + b.tithes.filter((t) => t.player === p).length, 0);
    if (markersOut + fam.taxMarkers !== c.reserve.taxMarkers) out.push(`${p}: ${markersOut} tax markers out + ${fam.taxMarkers} held ≠ ${c.reserve.taxMarkers}`);
    if ((s.hands[p]?.length ?? 0) > c.family.handLimit) out.push(`${p} holds ${s.hands[p]!.length} cards (at most ${c.family.handLimit})`);
  }

  // Buildings.
  const forts = Object.values(s.villages).filter((v) => v.fortification).length;
  if (forts + s.supply.castleTiles !== c.supply.castleTiles || s.supply.castleTiles < 0) out.push(`castle tiles: ${forts} on the board + ${s.supply.castleTiles} in supply ≠ ${c.supply.castleTiles}`);
  const mills = Object.values(s.villages).reduce((n, v) => n + v.mills, 0);
  if (mills + s.supply.mills !== c.supply.mills || s.supply.mills < 0) out.push(`mills: ${mills} on the board + ${s.supply.mills} in supply ≠ ${c.supply.mills}`);

  // Villages: stacks well formed; control by a player present, or by the governing family.
  for (const [id, v] of Object.entries(s.villages)) {
    if (v.mills > c.limits.millsPerVillage || v.mills < 0) out.push(`${id} has ${v.mills} mills`);
    const keys = new Set<string>();
    for (const st of v.stacks) {
      const key = `${st.player}/${JSON.stringify(st.position)}`;
      if (keys.has(key)) out.push(`${id} has two stacks of ${key}`);
      keys.add(key);
      if (st.groups.every((g) => g.sergeants + g.knights === 0)) out.push(`${id} has an empty stack of ${st.player}`);
    }
    if (v.controller) {
      const present = v.stacks.some((st) => st.player === v.controller) || Object.values(s.lords).some((l) => l.owner === v.controller && l.prisonerOf === null && l.at?.village === id);
      const holder = s.titles[`FIEF:${BOARD.villages[id]!.fief}` as TitleId]?.holder;
      const governs = holder ? s.lords[holder]?.owner === v.controller : false;
      if (!present && !governs) out.push(`${id} is controlled by ${v.controller}, who is neither there nor governs its fief`);
    }
  }

  // Titles: one holder each, matching the holder's list.
  for (const [t, st] of Object.entries(s.titles)) {
    if (st.holder && !s.lords[st.holder]?.titles.includes(t as TitleId)) out.push(`title ${t} held by ${st.holder}, who does not list it`);
  }
  for (const l of Object.values(s.lords)) for (const t of l.titles) if (s.titles[t]?.holder !== l.id) out.push(`${l.id} lists ${t}, held by ${s.titles[t]?.holder ?? 'nobody'}`);

  // d'Arc: at most one lady, unmarried; the card in play beside exactly one lady [T §9.1].
  const darcs = Object.values(s.lords).filter((l) => l.darc);
  if (darcs.length > 1 || (s.darcCard !== null && darcs.length !== 1)) out.push(`${darcs.length} d’Arc ladies with the card ${s.darcCard ? 'in play' : 'not in play'}`);
  for (const l of darcs) if (l.gender !== 'F' || l.spouse) out.push(`${l.id} is d’Arc but not an unmarried lady`);

  // Relics (A.1): never destroyed; each carried by a living lord, or lying on a village, or out of the game [T §11.1].
  if (s.relics) for (const [r, st] of Object.entries(s.relics)) {
    if (st.removed) { if (st.holder || st.village) out.push(`relic ${r} is out of the game but still placed`); continue; }
    if (st.holder ? !s.lords[st.holder] || st.village !== null : !st.village || !BOARD.villages[st.village]) out.push(`relic ${r} is nowhere (holder ${st.holder}, village ${st.village})`);
    if (r !== 'GERONCE' && st.resurrect) out.push(`relic ${r} has the Tooth's standing answer`);
  }
  return out;
}
