/**
 * What must hold in every state of a game of Warrior Knights (for property tests now and soak runs
 * later): crowns, votes, Faith, Influence, shields and casualties never negative; each noble in one
 * place and never on the board without troops (§2.3); each troop card in exactly one place;
 * each action card in exactly one place (hand, pile, zone, the card being resolved, the set-aside
 * neutrals — or, for a neutral card, the neutral set); each Fate and mercenary card once; a
 * city's breaches within its strength; at most one stronghold per region, never with an unrazed
 * city (§2.5); the track's shields within the barons' 8 [P G-A60]; each Event and Proposal card in
 * one place, at most 3 Titles a baron, at most 3 proposals on the agenda (§5); the roles held by
 * barons in play; an eliminated baron (Player elimination, §7.4) with nothing left in play.
 *
 * Returns the violations as sentences (empty: all hold).
 */
import { BOARD, city, cityIn } from './board.ts';
import { baronData, REGULARS } from './barons.ts';
import { baronCards, FATE_DECK, MERCENARIES, NEUTRAL_CARDS } from './cards.ts';
import { EVENT_CARDS } from './event-cards.ts';
import { PROPOSAL_CARDS } from './proposal-cards.ts';
import type { WkState } from './state.ts';
import { lawLength, normalizeLawText } from './house-laws.ts';

export function checkInvariants(s: WkState): string[] {
  const out: string[] = [];
  for (const b of s.players) {
    const st = s.barons[b];
    for (const k of ['crowns', 'votes', 'faith', 'influence', 'shields', 'controlMarkers'] as const) if (st[k] < 0 || !Number.isInteger(st[k])) out.push(`${b} has ${st[k]} ${k}`);
    const onTrack = s.track.filter((x) => x === b).length;
    if (st.shields + onTrack > s.config.setup.shields) out.push(`${b} has ${st.shields + onTrack} shields (at most ${s.config.setup.shields})`);
  }
  if (s.influenceReserve < 0) out.push(`the Influence reserve is ${s.influenceReserve}`);

  // Troop cards: each in exactly one place.
  const where = new Map<string, string[]>();
  const put = (card: string, place: string) => where.set(card, [...(where.get(card) ?? []), place]);
  for (const nb of Object.values(s.nobles)) {
    for (const t of nb.troops) put(t, `noble ${nb.id}`);
    if (nb.casualties < 0) out.push(`noble ${nb.id} has ${nb.casualties} casualties`);
    if (nb.location.kind !== 'off' && nb.troops.length === 0) out.push(`noble ${nb.id} is on the board without troops`);
    if (nb.location.kind !== 'off' && !BOARD.regions.some((r) => r.id === (nb.location as { region: string }).region)) out.push(`noble ${nb.id} is in an unknown region`);
  }
  for (const h of Object.values(s.strongholds)) {
    for (const t of h.garrison) put(t, `stronghold ${h.baron}`);
    if (h.breaches < 0 || h.breaches * s.config.combat.casualtyMen > baronData(h.baron).strongholdStrength) out.push(`stronghold ${h.baron} has ${h.breaches} breaches`);
  }
  for (const [b, cards] of Object.entries(s.unassigned)) for (const t of cards ?? []) put(t, `unassigned ${b}`);
  for (const t of s.display) put(t, 'display');
  for (const t of s.outOfGame) put(t, 'out of the game');
  for (const t of s.secret.mercenaryDeck) put(t, 'mercenary deck');
  const inPlay = new Set(s.players);
  const seats = new Set([...s.players, ...(s.eliminated ?? [])]); // the eliminated's regulars are out of the game (Player elimination)
  for (const t of [...MERCENARIES.map((m) => m.id), ...REGULARS.filter((r) => seats.has(r.baron)).map((r) => r.id)]) {
    const places = where.get(t) ?? [];
    if (places.length !== 1) out.push(`troop card ${t} is in ${places.length} places (${places.join(', ')})`);
    where.delete(t);
  }
  for (const t of where.keys()) out.push(`troop card ${t} does not belong to this game`);

  // Action cards: each in exactly one place (neutral cards not on a pile or aside are in the neutral set).
  const cards = new Map<string, number>();
  const see = (c: string) => cards.set(c, (cards.get(c) ?? 0) + 1);
  for (const b of s.players) s.barons[b].hand.forEach(see);
  for (const z of Object.values(s.zones)) z.forEach(see);
  for (const p of s.secret.piles) p.forEach(see);
  s.secret.neutralAside.forEach(see);
  for (const p of Object.values(s.secret.plans)) for (const pile of p ?? []) for (const c of pile) if (!s.barons[c.split(':')[0] as keyof typeof s.barons]?.hand.includes(c)) out.push(`planned card ${c} is not in its baron’s hand`);
  if (s.current) see(s.current);
  for (const b of s.players) for (const c of baronCards(b)) if ((cards.get(c) ?? 0) !== 1) out.push(`action card ${c} is in ${cards.get(c) ?? 0} places`);
  for (const c of NEUTRAL_CARDS) if ((cards.get(c) ?? 0) > 1) out.push(`neutral card ${c} is in ${cards.get(c)} places`);

  // Fate deck: a cycle holding every card once, but for those a combat holds (drawn in secret, or revealed).
  const held = [...(s.secret.combatDraws?.attacker ?? []), ...(s.secret.combatDraws?.defender ?? []), ...(s.combat?.revealed.attacker ?? []), ...(s.combat?.revealed.defender ?? [])];
  const fate = [...s.secret.fateDeck, ...held].sort();
  if (fate.join() !== FATE_DECK.map((f) => f.id).sort().join()) out.push('the Fate deck does not hold each card once');

  // A combat waits on its card; its private draws exist only while the sides discard (§9.3).
  if (s.combat) {
    if (s.current !== s.combat.card) out.push(`the combat's card ${s.combat.card} is not the card being resolved`);
    if (s.combat.stage === 'done') out.push('a finished combat is still open');
  }
  if (s.secret.combatDraws && s.combat?.stage !== 'discard') out.push('combat draws held outside the discard stage');
  // Event and Proposal cards: each in one place (deck, discard, in play, agenda, a Title, an Office, the event waiting) (§2.10–§2.11, §5.6).
  const deckCards = new Map<string, number>();
  const hold = (c: string) => deckCards.set(c, (deckCards.get(c) ?? 0) + 1);
  [...s.secret.eventDeck, ...s.eventDiscard, ...s.lasting.map((l) => l.card), ...(s.eventPending ? [s.eventPending.card] : [])].forEach(hold);
  [...s.secret.proposalDeck, ...s.agenda, ...s.proposalDiscard, ...s.laws].forEach(hold);
  for (const b of s.players) {
    s.barons[b].titles.forEach(hold);
    if (s.barons[b].titles.length > s.config.assembly.maxTitles) out.push(`${b} holds ${s.barons[b].titles.length} Titles`);
  }
  for (const nb of Object.values(s.nobles)) if (nb.office) hold(nb.office);
  for (const c of [...EVENT_CARDS.map((e) => e.id), ...PROPOSAL_CARDS.map((p) => p.id)]) if ((deckCards.get(c) ?? 0) !== 1) out.push(`card ${c} is in ${deckCards.get(c) ?? 0} places`);
  if (s.agenda.length > s.config.assembly.agendaSlots) out.push(`the agenda holds ${s.agenda.length} proposals`);

  // Cities and strongholds.
  for (const c of Object.values(s.cities)) {
    const data = city(c.id);
    if (c.breaches < 0 || c.breaches * s.config.combat.casualtyMen > data.strength) out.push(`city ${c.id} has ${c.breaches} breaches (strength ${data.strength})`);
    if (c.razed && (c.controller !== null || c.fortified)) out.push(`razed city ${c.id} is controlled or fortified`);
    if (c.controller !== null && !inPlay.has(c.controller)) out.push(`city ${c.id} is controlled by a baron not in the game`);
  }
  const regions = new Set<string>();
  for (const h of Object.values(s.strongholds)) {
    if (!h.region) continue;
    if (regions.has(h.region)) out.push(`two strongholds in ${h.region}`);
    regions.add(h.region);
    const c = cityIn(h.region);
    if (c && !s.cities[c.id]!.razed) out.push(`stronghold of ${h.baron} stands with the unrazed city ${c.id}`);
  }

  // The "Heir exchange" variant (§7.4, heirs.ts): one heir per noble, dead exactly when the noble has no heir, held by a baron in play; a waiting heir held elsewhere keeps its noble off the board.
  if (s.heirs) {
    for (const n of Object.values(s.nobles)) {
      const h = s.heirs[n.id];
      if (!h) { out.push(`noble ${n.id} has no heir record`); continue; }
      if ((h.holder === null) === n.hasHeir) out.push(`heir of ${n.id}: holder ${h.holder} but hasHeir ${n.hasHeir}`);
      if (h.holder !== null && !inPlay.has(h.holder)) out.push(`heir of ${n.id} is held by a baron not in the game`);
      if (h.awaiting && h.holder !== n.baron && n.location.kind !== 'off') out.push(`noble ${n.id} is on the board while its heir is ${h.holder === null ? 'dead' : `held by ${h.holder}`}`);
    }
    for (const o of s.heirOffers ?? []) if (!inPlay.has(o.from) || !inPlay.has(o.to) || o.from === o.to || o.giveCrowns < 0 || o.wantCrowns < 0) out.push(`heir offer #${o.id} is malformed`);
  } else if (s.config.options.heirExchange) out.push('the heir exchange option is on but no heirs are recorded');

  // The "Free-form Personal Motions" variant (§7.4, house-laws.ts): only with the option; bounded; each text kept normalised and within its length; ids unique and numbered below the sequence.
  const free = s.houseLaws ?? [];
  if ((s.houseLaws !== undefined || s.houseLawSeq !== undefined) && !s.config.options.freeFormMotions) out.push('free laws recorded with the option off');
  if (free.length > s.config.assembly.maxHouseLaws) out.push(`${free.length} free laws in play`);
  if (new Set(free.map((l) => l.id)).size !== free.length) out.push('two free laws share an id');
  for (const l of free) {
    const n = Number(/^house-(\d+)$/.exec(l.id)?.[1] ?? NaN);
    if (!(n >= 1 && n <= (s.houseLawSeq ?? 0))) out.push(`free law ${l.id} is not numbered below the sequence`);
    if (l.text === '' || l.text !== normalizeLawText(l.text) || lawLength(l.text) > s.config.assembly.freeLawMaxChars) out.push(`free law ${l.id} has a malformed text`);
    if (!Object.hasOwn(s.barons, l.by)) out.push(`free law ${l.id} was proposed by an unknown baron`);
  }
  // The "Player elimination" variant (§7.4, rules/elimination.ts): an eliminated baron is out of the seats in play, with no
  // noble on the board, no troop, no city, no stronghold, no card in a pile, a zone, his hand or on the track, no Title, no role.
  for (const b of s.eliminated ?? []) {
    if (inPlay.has(b)) out.push(`eliminated ${b} is still in play`);
    for (const n of Object.values(s.nobles)) if (n.baron === b && (n.location.kind !== 'off' || n.troops.length > 0)) out.push(`noble ${n.id} of eliminated ${b} is on the board or leads troops`);
    if (s.strongholds[b].region !== null || s.strongholds[b].garrison.length > 0) out.push(`eliminated ${b} has a stronghold`);
    for (const c of baronCards(b)) if (cards.has(c)) out.push(`card ${c} of eliminated ${b} is still in play`);
    if (s.barons[b].hand.length > 0) out.push(`eliminated ${b} has cards in hand`);
    for (const counts of s.pileCounts) if ((counts[b] ?? 0) > 0) out.push(`eliminated ${b} is counted on a pile`);
    if (s.track.includes(b)) out.push(`eliminated ${b} has a shield on the Mercenary track`);
    if (s.barons[b].titles.length > 0) out.push(`eliminated ${b} holds Titles`);
    if (s.chairman === b || s.church === b) out.push(`eliminated ${b} holds a role`);
    for (const e of Object.values(s.expeditions)) if (e?.stakes.some((x) => x.baron === b)) out.push(`eliminated ${b} has an expedition stake`);
  }
  if (s.eliminated?.length && !s.config.options.playerElimination) out.push('barons are eliminated but the option is off');
  if (!inPlay.has(s.chairman) || !inPlay.has(s.church)) out.push('the Chairman or the Church Support is not a baron in play');
  return out;
}
