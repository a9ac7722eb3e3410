/**
 * After the fighting (rules §6.6 steps 5–7, §6.9–§6.11): retreats (#13), deaths (#14), the capture
 * of a city (#15: control or raze) and of a stronghold with its ransom (#16). Each function mutates
 * the state it is given (a combat step works on its own copy).
 *
 * Retreat (§6.11, [P G-A34]): one desertion draw per retreating noble (one mercenary card of the
 * drawn nation deserts, his choice, default the smallest); then an adjacent region across a
 * passable edge with no unrazed city and no noble of another baron (his choice, default the first
 * by map order); none: his stronghold's region if it stands and is not besieged; else he dies. A
 * noble in an Overseas region cannot retreat by sea: he dies. Tokens stay; Ready is unchanged [P].
 * A retreating noble left with tokens ≥ troops dies [P G-A35]; one left without troops leaves.
 *
 * Capture (§6.7, §6.9, §6.10, [P G-A29, G-A49]): a city taken is controlled (a fortified city stays
 * fortified when taken from a baron; a neutral city is never fortified) or razed for 3 × its
 * printed income; its siege marker goes. A stronghold taken is razed: the conqueror takes half the
 * loser's crowns, rounded down, and one of the loser's cities, chosen by the loser (default his
 * lowest-income city, then map order), which he may raze; the garrison's mercenaries go back into
 * the deck and its regulars leave the game [P G-A28].
 */
import { fill, type TemplateArg } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import { BOARD, city, passable, region as regionOf, type CityId, type RegionId } from '../board.ts';
import type { BaronId } from '../barons.ts';
import { fate, mercenary } from '../cards.ts';
import type { WkState, Works } from '../state.ts';
import { isMercenary, troopMen } from '../troops.ts';
import { dies, razeLoot, ransomCrowns } from './combat.ts';
import { killNoble, lossSets, maximalLoss } from './death.ts';
import { drawFate } from './fate.ts';
import { streamShuffle, type Shuffle } from './streams.ts';
import { clearSiege, liftAbandonedSieges, liveCity } from './sides.ts';
import { officeMen } from './effects.ts';

export interface AftermathAnswer {
  /** #13: where each retreating noble goes. */
  retreat?: Record<string, RegionId>;
  /** #13, #14: the mercenary card that deserts, per noble. */
  deserter?: Record<string, string>;
  /** #14: the mercenary cards a dead noble loses. */
  lose?: Record<string, string[]>;
}

export type AftermathRefusal = 'bad-retreat' | 'bad-deserter' | 'bad-loss' | 'bad-ransom' | 'bad-capture';
export const AFTERMATH_REFUSALS: Record<AftermathRefusal, Localized> = {
  'bad-retreat': { fr: 'Un noble se retire dans une région voisine sans cité ni noble d’un autre baron : {r}.', en: 'A noble retreats to a neighbouring region with no city and no noble of another baron: {r}.' },
  'bad-deserter': { fr: 'Le déserteur est une carte de mercenaires de la nation tirée, dans l’armée de ce noble.', en: 'The deserter is a mercenary card of the nation drawn, in this noble’s army.' },
  'bad-loss': { fr: 'Les pertes d’un noble mort sont une liste de ses cartes de mercenaires.', en: 'A dead noble’s losses are a list of his mercenary cards.' },
  'bad-ransom': { fr: 'Choisissez l’une de vos cités : {c}.', en: 'Choose one of your cities: {c}.' },
  'bad-capture': { fr: 'Répondez « contrôler » ou « raser » (sans marqueur de contrôle libre, il faut raser).', en: 'Answer “control” or “raze” (without a free control marker, you must raze).' },
};
export type AftermathResult = { ok: true } | { ok: false; reason: AftermathRefusal; message: Localized };
const refuse = (reason: AftermathRefusal, args: Record<string, TemplateArg> = {}): AftermathResult => ({ ok: false, reason, message: fill(AFTERMATH_REFUSALS[reason], args) });

/** The neighbouring regions a noble may retreat to (§6.11, [P G-A34]), in map order. */
export function retreatRegions(s: WkState, nobleId: string): RegionId[] {
  const n = s.nobles[nobleId]!;
  if (n.location.kind !== 'region') return [];
  const from = n.location.region;
  if (regionOf(from).overseas) return [];
  const next = new Set<RegionId>();
  for (const e of BOARD.edges) if (passable(e) && (e.a === from || e.b === from)) next.add(e.a === from ? e.b : e.a);
  const enemy = new Set(Object.values(s.nobles).filter((x) => x.baron !== n.baron && x.location.kind === 'region').map((x) => (x.location as { region: RegionId }).region));
  return BOARD.regions.map((r) => r.id).filter((r) => next.has(r) && !liveCity(s, r) && !enemy.has(r));
}

/** Cards of the nation a Fate card names in a noble's army. */
const ofNation = (s: WkState, nobleId: string, fateId: string | null): string[] =>
  fateId ? s.nobles[nobleId]!.troops.filter((t) => isMercenary(t) && mercenary(t).nation === fate(fateId).nation) : [];
const smallest = (cards: string[]): string => [...cards].sort((a, b) => troopMen(a) - troopMen(b) || (a < b ? -1 : 1))[0]!;

/** Draws the public desertion card of each retreating or dying noble (attacker's first, §6.6 step 6 [P]). */
export function drawDesertions(s: WkState, nobles: readonly string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const id of nobles) {
    const d = drawFate(s.secret.fateDeck);
    s.secret.fateDeck = d.deck;
    out[id] = d.card?.id ?? null;
  }
  return out;
}

/** Does a retreating or dying noble's baron have anything to choose? (a prompt with one legal option is answered by itself, §9.1 item 6) */
export function hasChoice(s: WkState, nobleId: string, fateId: string | null, retreating: boolean): boolean {
  if (retreating) return new Set(ofNation(s, nobleId, fateId).map(troopMen)).size > 1 || retreatRegions(s, nobleId).length > 1;
  // a dead noble (§6.12): a choice only when the deserter or the set of losses changes what his heir
  // keeps (cards of one nation and strength are alike). In a combat his tokens cover his whole army, so
  // every mercenary goes whatever he picks, and nothing is asked (§9.1 item 6: no prompt without a choice)
  const n = s.nobles[nobleId]!;
  if (!n.hasHeir) return false; // every mercenary goes back to the deck whatever he picks
  const mercs = n.troops.filter(isMercenary);
  const kind = (t: string): string => `${mercenary(t).nation}/${troopMen(t)}`;
  const nation = ofNation(s, nobleId, fateId);
  const outcomes = new Set<string>();
  for (const d of nation.length ? nation : [null]) {
    const rest = mercs.filter((t) => t !== d);
    const best = maximalLoss(rest, 100 * n.casualties).reduce((m, t) => m + troopMen(t), 0);
    for (const lost of best > 0 ? lossSets(rest, best, 8) : [[]]) outcomes.add(rest.filter((t) => !lost.includes(t)).map(kind).sort().join(','));
    if (outcomes.size > 1) return true;
  }
  return false;
}

/** Checks the answers of the aftermath before anything is applied. */
export function checkAftermath(s: WkState, retreating: readonly string[], dying: readonly string[], desertion: Record<string, string | null>, a: AftermathAnswer): AftermathResult {
  const dict = (x: unknown): boolean => x === undefined || (typeof x === 'object' && x !== null && !Array.isArray(x));
  if (!dict(a.deserter) || !dict(a.retreat)) return refuse('bad-deserter');
  if (!dict(a.lose) || Object.values(a.lose ?? {}).some((l) => !Array.isArray(l) || l.some((c) => typeof c !== 'string'))) return refuse('bad-loss');
  for (const [id, card] of Object.entries(a.deserter ?? {})) {
    if (![...retreating, ...dying].includes(id) || !ofNation(s, id, desertion[id] ?? null).includes(card)) return refuse('bad-deserter');
  }
  for (const [id, r] of Object.entries(a.retreat ?? {})) {
    if (!retreating.includes(id) || typeof r !== 'string' || !retreatRegions(s, id).includes(r)) return refuse('bad-retreat', { r: retreating.includes(id) ? retreatRegions(s, id).join(', ') || '—' : '—' });
  }
  return { ok: true };
}

/** Retreats, then deaths (§6.6 steps 5–6); the answers were checked (a stale one falls back to the default). */
export function resolveAftermath(s: WkState, retreating: readonly string[], dying: readonly string[], desertion: Record<string, string | null>, a: AftermathAnswer, stream: string, inject?: Shuffle): void {
  const shuffle = inject ?? streamShuffle(s);
  const extraDeaths: string[] = [];
  for (const id of retreating) {
    const n = s.nobles[id]!;
    if (n.location.kind !== 'region') continue;
    // 1. desertion
    const cands = ofNation(s, id, desertion[id] ?? null);
    if (cands.length > 0) {
      const gone = a.deserter?.[id] !== undefined && cands.includes(a.deserter[id]!) ? a.deserter[id]! : smallest(cands);
      n.troops = n.troops.filter((t) => t !== gone);
      s.secret.mercenaryDeck = shuffle(`${stream}/retreat/${id}`, [...s.secret.mercenaryDeck, gone]);
      s.log.push({ t: 'desertion', noble: id, card: gone });
    }
    // 2. movement
    const legal = retreatRegions(s, id);
    const hold = s.strongholds[n.baron];
    const overseas = regionOf(n.location.region).overseas;
    const to = overseas ? null
      : legal.length > 0 ? (a.retreat?.[id] !== undefined && legal.includes(a.retreat[id]!) ? a.retreat[id]! : legal[0]!)
        : hold.region !== null && hold.besiegedBy === null ? hold.region : null;
    s.log.push({ t: 'retreat', noble: id, region: to });
    if (to === null) { extraDeaths.push(id); continue; }
    n.location = { kind: 'region', region: to };
    if (n.troops.length === 0) n.location = { kind: 'off' }; // all deserted: removed, not dead [T §6.12]
    else if (dies(n.troops.reduce((m, t) => m + troopMen(t), 0) + officeMen(s, id), n.casualties, s.config)) extraDeaths.push(id); // [P G-A35]
  }
  for (const id of [...dying, ...extraDeaths]) {
    const n = s.nobles[id]!;
    if (n.location.kind === 'off' && n.troops.length === 0) continue;
    const pre = extraDeaths.includes(id) && !dying.includes(id) ? undefined : { card: desertion[id] ? fate(desertion[id]!) : null };
    const answer = { deserter: a.deserter?.[id], lose: a.lose?.[id] };
    killNoble(s, id, answer, stream, inject, pre);
  }
  liftAbandonedSieges(s);
}

/** A noble's default loss at death (for the prompt): the engine's maximal subset [P G-A52]. */
export const defaultLoss = (s: WkState, nobleId: string): string[] => maximalLoss(s.nobles[nobleId]!.troops.filter(isMercenary), 100 * s.nobles[nobleId]!.casualties);

/** The cities a stronghold's loser may give as ransom (his, unrazed), lowest income first, then map order (#16's default first). */
export function ransomChoices(s: WkState, loser: BaronId): CityId[] {
  return BOARD.cities.filter((c) => s.cities[c.id]!.controller === loser && !s.cities[c.id]!.razed)
    .map((c, i) => ({ c, i })).sort((x, y) => x.c.income - y.c.income || x.i - y.i).map(({ c }) => c.id);
}

/** A stronghold falls (§6.9, [P G-A28, G-A29]): razed, the garrison dissolved, half the loser's crowns to the conqueror. */
export function takeStronghold(s: WkState, conqueror: BaronId, loser: BaronId, stream: string, inject?: Shuffle): number {
  const h = s.strongholds[loser];
  const mercs = h.garrison.filter(isMercenary);
  s.outOfGame.push(...h.garrison.filter((t) => !isMercenary(t)));
  if (mercs.length > 0) s.secret.mercenaryDeck = (inject ?? streamShuffle(s))(`${stream}/garrison/${loser}`, [...s.secret.mercenaryDeck, ...mercs]);
  const works: Works = { kind: 'stronghold', baron: loser };
  clearSiege(s, works, false);
  h.garrison = []; h.casualties = 0; h.breaches = 0; h.region = null;
  s.log.push({ t: 'captured', baron: conqueror, works, how: 'stronghold' });
  const crowns = ransomCrowns(s.barons[loser].crowns);
  s.barons[loser].crowns -= crowns;
  s.barons[conqueror].crowns += crowns;
  return crowns;
}

export function checkRansom(s: WkState, loser: BaronId, c: unknown): AftermathResult {
  const choices = ransomChoices(s, loser);
  return typeof c === 'string' && choices.includes(c) ? { ok: true }
    : refuse('bad-ransom', { c: { fr: choices.map((x) => city(x).name.fr).join(', '), en: choices.map((x) => city(x).name.en).join(', ') } });
}

/** #15: the captor controls or razes the city (he must raze it without a free control marker [P]). */
export function takeCity(s: WkState, captor: BaronId, cityId: CityId, how: 'control' | 'raze' | undefined): AftermathResult {
  if (how !== undefined && how !== 'control' && how !== 'raze') return refuse('bad-capture');
  const st = s.cities[cityId]!;
  const me = s.barons[captor];
  const choice = how ?? (me.controlMarkers > 0 ? 'control' : 'raze');
  if (choice === 'control' && me.controlMarkers <= 0) return refuse('bad-capture');
  const from = st.controller;
  if (from !== null) s.barons[from].controlMarkers++;
  clearSiege(s, { kind: 'city', city: cityId }, false); // [P §6.7] any siege marker on it is removed
  if (choice === 'raze') {
    st.razed = true; st.controller = null; st.fortified = false;
    const loot = razeLoot(cityId, s.config);
    me.crowns += loot;
    s.log.push({ t: 'captured', baron: captor, works: { kind: 'city', city: cityId }, how: 'raze' });
    if (loot > 0) s.log.push({ t: 'crowns', baron: captor, amount: loot });
  } else {
    st.controller = captor;
    me.controlMarkers--;
    if (from === null) st.fortified = false; // [T §6.10] a neutral city is never fortified
    s.log.push({ t: 'captured', baron: captor, works: { kind: 'city', city: cityId }, how: 'control' });
  }
  return { ok: true };
}
