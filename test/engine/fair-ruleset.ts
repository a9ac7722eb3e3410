/**
 * "Fair" (Foire): a small board game made of prompts that exercises every feature of issue 14 —
 * deadline classes, a sequential slot with its own clock, a consent batch interrupting that slot,
 * a parallel sealed bid with a guided form, free actions (gifts, trade offers), standing answers.
 * The platform's tests play it on the site; test/engine/fair.test.ts plays it through the engine.
 * Importing this module registers it (`registerFair`) in this process and in the referee's workers.
 *
 * Rules. 2–4 players, each starts with START_GOLD gold, no goods, no points. ROUNDS rounds (the
 * option `rounds`, 1 to MAX_ROUNDS, makes a longer game for benchmarks):
 *  1. Stalls (`stall`, TURN class, one player at a time in seat order, clock `turn/<round>/<player>`):
 *     the player pitches his stall in one of the fairground's REGIONS, or passes (default). Pitching
 *     costs the region's fee plus 1 gold for each player already there, and gives one good of the
 *     region's kind (kept secret: others see counts only). An empty region: done at once.
 *  2. Consent (`consent`, REPLY class, all the region's occupants at once): "may X set up next to
 *     you?" All yes: X pitches and pays each of them 1 gold. Any no (the default), or X can no
 *     longer pay: the region is barred to X for this slot and X's slot resumes (same clock key).
 *     Each refusal bars one region, so a slot opens at most REGIONS.length consent batches. With
 *     the option `charged`, the batch's time is taken from X's slot clock (`Decision.charges`).
 *  3. Auction (`bid`, REPLY class, everyone at once, secret): a bid of 0..gold and a prize, relic
 *     (RELIC_POINTS) or ribbon (RIBBON_POINTS, and RIBBON_REFUND gold back). Highest positive bid
 *     wins and pays; ties by lot (the step's RNG). Default: 0. Losing bids stay secret.
 *  4. End of round: open offers are cleared; every player receives INCOME gold (not after the last).
 * Free actions at any time: give gold to a player; offer goods for gold to a player (offer #n); the
 * recipient accepts or declines #n; the author withdraws #n. An offer is checked again on acceptance.
 * After the last round each good is worth 1 point and each full set (cloth, spice, wine) SET_BONUS
 * more; the most points win.
 *
 * Secrets are in one place: `hands` (each player's goods) and `offers` (seen by their two parties).
 */
import type {
  ActionInput, AnswerForm, Decision, DeadlineClass, FreeAction, Lang, Localized, MapDoc, Outcome, PlayerId, Resolution,
  Ruleset, StandingOption, Submission, Validation, ValidationIssue, ViewDoc,
} from '../../src/engine/ruleset.ts';
import type { Rng } from '../../src/engine/rng.ts';
import { firstRoundTrip } from '../../src/engine/form-values.ts';
import { registerRuleset, type RulesetEntry } from '../../src/rulesets/index.ts';
import { preloadInWorkers } from '../../src/platform/referee/pool.ts';

export const ROUNDS = 3;
export const MAX_ROUNDS = 1000;
export const START_GOLD = 10;
export const INCOME = 2;
export const RELIC_POINTS = 3;
export const RIBBON_POINTS = 2;
export const RIBBON_REFUND = 1;
export const SET_BONUS = 2;

export type Good = 'cloth' | 'spice' | 'wine';
export const GOODS: readonly Good[] = ['cloth', 'spice', 'wine'];
export type Goods = Record<Good, number>;
const GOOD_NAMES: Record<Good, Localized> = { cloth: { fr: 'drap', en: 'cloth' }, spice: { fr: 'épices', en: 'spice' }, wine: { fr: 'vin', en: 'wine' } };

export type RegionId = 'drapers' | 'spicers' | 'vintners' | 'well' | 'gate';
export interface Region { id: RegionId; name: Localized; good: Good; fee: number; rect: [number, number, number, number] }
export const REGIONS: readonly Region[] = [
  { id: 'drapers', name: { fr: 'Rue des drapiers', en: 'Drapers’ row' }, good: 'cloth', fee: 2, rect: [10, 10, 150, 80] },
  { id: 'spicers', name: { fr: 'Allée des épices', en: 'Spice alley' }, good: 'spice', fee: 3, rect: [170, 10, 150, 80] },
  { id: 'vintners', name: { fr: 'Cour des vignerons', en: 'Vintners’ yard' }, good: 'wine', fee: 3, rect: [330, 10, 160, 80] },
  { id: 'well', name: { fr: 'Le puits', en: 'The well' }, good: 'cloth', fee: 1, rect: [10, 100, 230, 90] },
  { id: 'gate', name: { fr: 'La porte', en: 'The gate' }, good: 'wine', fee: 1, rect: [260, 100, 230, 90] },
];
const regionOf = (id: string): Region | undefined => REGIONS.find((r) => r.id === id);

export type Prize = 'relic' | 'ribbon';
export const PRIZES: readonly Prize[] = ['relic', 'ribbon'];
const PRIZE_NAMES: Record<Prize, Localized> = { relic: { fr: 'la relique', en: 'the relic' }, ribbon: { fr: 'le ruban', en: 'the ribbon' } };

export const DEADLINE_CLASSES: Record<'TURN' | 'REPLY', DeadlineClass> = {
  TURN: { label: { fr: 'Tour', en: 'Turn' }, minutes: { live: 10, daily: 24 * 60, weekly: 72 * 60 } },
  REPLY: { label: { fr: 'Réponse', en: 'Reply' }, minutes: { live: 5, daily: 12 * 60, weekly: 48 * 60 } },
};

export interface FairOptions { lords?: string[]; players?: string[] | number; rounds?: number; charged?: boolean }
export interface FairSeat { id: PlayerId; name: string; gold: number; points: number }
export interface Offer { n: number; from: PlayerId; to: PlayerId; good: Good; count: number; price: number }

export interface FairState {
  round: number;
  /** The number of rounds when the option sets it (ROUNDS otherwise; absent so that a default game's state is unchanged). */
  rounds?: number;
  /** The option `charged`: the consent batch runs on the asking player's clock (`Decision.charges`), as Warrior Knights' consents do (absent: his clock waits). */
  charged?: true;
  phase: 'stall' | 'consent' | 'auction' | 'over';
  seats: FairSeat[];
  /** Secret: each player's goods (others see the total only). */
  hands: Record<PlayerId, Goods>;
  /** Who pitched where this round (public). */
  stalls: Record<RegionId, PlayerId[]>;
  /** The seat whose slot is open (stall and consent phases). */
  seat: number;
  /** Regions refused to the active player in this slot. */
  barred: RegionId[];
  /** The region the consent batch is about. */
  asking: RegionId | null;
  /** Secret to their two parties: the open trade offers. */
  offers: Offer[];
  nextOffer: number;
}

export type FairAnswer =
  | { kind: 'stall'; region: RegionId | 'pass' }
  | { kind: 'consent'; yes: boolean }
  | { kind: 'bid'; amount: number; prize: Prize };

export type FairAction =
  | { kind: 'give'; to: PlayerId; amount: number }
  | { kind: 'offer'; to: PlayerId; good: Good; count: number; price: number }
  | { kind: 'accept' | 'decline' | 'withdraw'; n: number };

export type FairEvent =
  | { type: 'pitch'; round: number; player: PlayerId; region: RegionId; fee: number; paid: Record<PlayerId, number> }
  | { type: 'pass'; round: number; player: PlayerId }
  | { type: 'asked'; round: number; player: PlayerId; region: RegionId; asked: PlayerId[] }
  | { type: 'refused'; round: number; player: PlayerId; region: RegionId; refusers: PlayerId[]; unpaid: boolean }
  | { type: 'auction'; round: number; bids: Record<PlayerId, number>; tied: PlayerId[]; winner: PlayerId | null; paid: number; prize: Prize | null }
  | { type: 'gift'; from: PlayerId; to: PlayerId; amount: number }
  | { type: 'offer'; offer: Offer }
  | { type: 'accepted' | 'declined' | 'withdrawn'; offer: Offer }
  | { type: 'offers-cleared'; round: number; count: number }
  | { type: 'income'; round: number; amount: number }
  | { type: 'end'; winners: PlayerId[]; points: Record<PlayerId, number> };

export interface FairView {
  round: number;
  phase: FairState['phase'];
  you: PlayerId | null;
  seats: (FairSeat & { goods: number })[];
  /** Your goods (null for the public view). */
  hand: Goods | null;
  stalls: Record<RegionId, PlayerId[]>;
  barred: RegionId[];
  asking: RegionId | null;
  /** The offers you made or received. */
  offers: Offer[];
  asked: PlayerId[];
}

// ─────────────────────────────────────────────────────────── helpers

const L = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);
const noGoods = (): Goods => ({ cloth: 0, spice: 0, wine: 0 });
const emptyStalls = (): Record<RegionId, PlayerId[]> => ({ drapers: [], spicers: [], vintners: [], well: [], gate: [] });
const total = (g: Goods): number => GOODS.reduce((a, k) => a + g[k], 0);

function fail<A>(en: string, fr: string, candidates?: string[]): Validation<A> {
  const issue: ValidationIssue = { message: en, text: { en, fr } };
  if (candidates) issue.candidates = candidates;
  return { value: null, issues: [issue] };
}
const ok = <A>(value: A): Validation<A> => ({ value, issues: [] });

function seatOf(state: FairState, id: PlayerId): FairSeat {
  const s = state.seats.find((x) => x.id === id);
  if (!s) throw new Error(`fair: unknown player ${id}`);
  return s;
}
const nameOf = (state: FairState, id: PlayerId): string => state.seats.find((s) => s.id === id)?.name ?? id;
const active = (state: FairState): FairSeat => state.seats[state.seat]!;
const clockOf = (state: FairState): string => `turn/${state.round}/${active(state).id}`;

/** What pitching in `region` costs the active player now: the fee and 1 gold per occupant. */
export function pitchCost(state: FairState, region: Region): number {
  return region.fee + state.stalls[region.id].length;
}

/** The regions the active player may choose now. */
export function openRegions(state: FairState): Region[] {
  const me = active(state);
  return REGIONS.filter((r) => !state.barred.includes(r.id) && pitchCost(state, r) <= me.gold);
}

function scores(state: FairState): Record<PlayerId, number> {
  return Object.fromEntries(state.seats.map((s) => {
    const h = state.hands[s.id]!;
    return [s.id, s.points + total(h) + SET_BONUS * Math.min(...GOODS.map((g) => h[g]))];
  }));
}
function leaders(points: Record<PlayerId, number>): PlayerId[] {
  const top = Math.max(...Object.values(points));
  return Object.keys(points).filter((p) => points[p] === top);
}

function must<T>(v: Validation<T>, what: string): T {
  if (v.value === null || v.issues.length) throw new Error(`fair: invalid ${what}: ${v.issues.map((i) => i.message).join('; ')}`);
  return v.value;
}
function answerOf(subs: Submission<FairAnswer>[], decision: string, player: PlayerId): unknown {
  const s = subs.find((x) => x.decision === decision && x.player === player);
  if (!s) throw new Error(`fair: no answer from ${player} to "${decision}"`);
  return s.value;
}

// ─────────────────────────────────────────────────────────── parsing answers

const words = (answer: string): string[] => answer.trim().toLowerCase().replace(/"/g, '').split(/\s+/).filter(Boolean);

export function parseStall(state: FairState, answer: unknown): Validation<FairAnswer> {
  let key: string;
  if (answer && typeof answer === 'object' && (answer as FairAnswer).kind === 'stall') key = String((answer as { region: string }).region);
  else if (typeof answer === 'string') { const w = words(answer); key = (w[0] === 'stall' || w[0] === 'étal' ? w.slice(1) : w).join(' '); }
  else return fail('expected a region or pass', 'attendu : une place ou passer', [...REGIONS.map((r) => r.id), 'pass']);
  if (key === 'pass' || key === 'passer') return ok({ kind: 'stall', region: 'pass' });
  const region = REGIONS.find((r) => r.id === key || r.name.fr.toLowerCase() === key || r.name.en.toLowerCase() === key);
  if (!region) return fail(`unknown region "${key}"`, `place inconnue « ${key} »`, [...REGIONS.map((r) => r.id), 'pass']);
  if (state.barred.includes(region.id)) return fail(`${region.name.en} refused you this turn`, `${region.name.fr} vous a été refusée ce tour-ci`);
  const cost = pitchCost(state, region);
  if (cost > active(state).gold) return fail(`${region.name.en} costs ${cost} gold, you have ${active(state).gold}`, `${region.name.fr} coûte ${cost} or, vous en avez ${active(state).gold}`);
  return ok({ kind: 'stall', region: region.id });
}

const YES = new Set(['yes', 'y', 'oui', 'o']);
const NO = new Set(['no', 'n', 'non']);
export function parseConsent(answer: unknown): Validation<FairAnswer> {
  if (answer && typeof answer === 'object' && (answer as FairAnswer).kind === 'consent') return ok({ kind: 'consent', yes: (answer as { yes: unknown }).yes === true });
  if (typeof answer === 'boolean') return ok({ kind: 'consent', yes: answer });
  if (typeof answer === 'string') {
    const w = words(answer);
    const k = (w[0] === 'consent' || w[0] === 'accord' ? w.slice(1) : w).join(' ');
    if (YES.has(k)) return ok({ kind: 'consent', yes: true });
    if (NO.has(k)) return ok({ kind: 'consent', yes: false });
  }
  return fail('expected yes or no', 'attendu : oui ou non', ['yes', 'no']);
}

/** A bid: a number, `bid <n> [relic|ribbon]` (the guided form's line) or `{ kind: 'bid', amount, prize }`. */
export function parseBid(answer: unknown, gold: number): Validation<FairAnswer> {
  let amount: unknown = answer;
  let prize: unknown = 'relic';
  if (answer && typeof answer === 'object' && (answer as FairAnswer).kind === 'bid') ({ amount, prize } = answer as { amount: unknown; prize: unknown });
  else if (typeof answer === 'string') {
    const w = words(answer);
    const rest = w[0] === 'bid' || w[0] === 'enchère' || w[0] === 'enchere' ? w.slice(1) : w;
    if (rest.length < 1 || rest.length > 2 || !/^\d+$/.test(rest[0]!)) return fail('a bid is a whole number of gold, then relic or ribbon', 'une enchère est un nombre entier d’or, puis relique ou ruban');
    amount = Number(rest[0]);
    if (rest[1]) prize = rest[1] === 'relique' ? 'relic' : rest[1] === 'ruban' ? 'ribbon' : rest[1];
  }
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) return fail('a bid is a whole number of gold, 0 or more', 'une enchère est un nombre entier d’or, 0 ou plus');
  if (amount > gold) return fail(`a bid of ${amount} is more than your gold (${gold})`, `une enchère de ${amount} dépasse votre trésor (${gold})`);
  if (!PRIZES.includes(prize as Prize)) return fail(`unknown prize "${String(prize)}"`, `lot inconnu « ${String(prize)} »`, [...PRIZES]);
  return ok({ kind: 'bid', amount: amount === 0 ? 0 : amount, prize: prize as Prize });
}

// ─────────────────────────────────────────────────────────── free actions

const posInt = (v: string | undefined): number | null => (v !== undefined && /^\s*\d+\s*$/.test(v) ? Number(v) : null);

export function parseAction(state: FairState, player: PlayerId, action: ActionInput): Validation<FairAction> {
  const me = state.seats.find((s) => s.id === player);
  if (!me) return fail(`unknown player ${player}`, `joueur inconnu ${player}`);
  if (state.phase === 'over') return fail('the game is over', 'la partie est finie');
  const v = action?.values ?? {};
  const other = (id: string | undefined): FairSeat | undefined => state.seats.find((s) => s.id === id && s.id !== player);
  const m = /^(accept|decline|withdraw):(\d+)$/.exec(action?.id ?? '');
  if (m) {
    const kind = m[1] as 'accept' | 'decline' | 'withdraw';
    const offer = state.offers.find((o) => o.n === Number(m[2]));
    const mine = offer && (kind === 'withdraw' ? offer.from === player : offer.to === player);
    if (!offer || !mine) return fail(`no offer #${m[2]} to ${kind}`, `pas d’offre n° ${m[2]} à ce nom`);
    if (kind === 'accept') {
      if (state.hands[offer.from]![offer.good] < offer.count) return fail(`offer #${offer.n}: the seller no longer has the goods`, `offre n° ${offer.n} : le vendeur n’a plus les marchandises`);
      if (me.gold < offer.price) return fail(`offer #${offer.n} costs ${offer.price} gold, you have ${me.gold}`, `l’offre n° ${offer.n} coûte ${offer.price} or, vous en avez ${me.gold}`);
    }
    return ok({ kind, n: offer.n });
  }
  switch (action?.id) {
    case 'give': {
      const to = other(v.to);
      const amount = posInt(v.amount);
      if (!to) return fail('give to whom?', 'donner à qui ?', state.seats.filter((s) => s.id !== player).map((s) => s.id));
      if (amount === null || amount < 1) return fail('give at least 1 gold', 'donnez au moins 1 or');
      if (amount > me.gold) return fail(`you have ${me.gold} gold`, `vous avez ${me.gold} or`);
      return ok({ kind: 'give', to: to.id, amount });
    }
    case 'offer': {
      const to = other(v.to);
      const good = GOODS.find((g) => g === v.good);
      const count = posInt(v.count);
      const price = posInt(v.price);
      if (!to) return fail('offer to whom?', 'offrir à qui ?', state.seats.filter((s) => s.id !== player).map((s) => s.id));
      if (!good) return fail('which goods?', 'quelles marchandises ?', [...GOODS]);
      if (count === null || count < 1) return fail('offer at least 1 good', 'offrez au moins 1 marchandise');
      if (count > state.hands[player]![good]) return fail(`you have ${state.hands[player]![good]} ${good}`, `vous avez ${state.hands[player]![good]} ${GOOD_NAMES[good].fr}`);
      if (price === null) return fail('a price is a whole number of gold', 'un prix est un nombre entier d’or');
      return ok({ kind: 'offer', to: to.id, good, count, price });
    }
    default:
      return fail(`unknown action "${String(action?.id)}"`, `action inconnue « ${String(action?.id)} »`);
  }
}

function applyAction(state: FairState, player: PlayerId, a: FairAction): Resolution<FairState, FairEvent> {
  const s: FairState = structuredClone(state);
  const events: FairEvent[] = [];
  switch (a.kind) {
    case 'give':
      seatOf(s, player).gold -= a.amount;
      seatOf(s, a.to).gold += a.amount;
      events.push({ type: 'gift', from: player, to: a.to, amount: a.amount });
      break;
    case 'offer': {
      const offer: Offer = { n: s.nextOffer, from: player, to: a.to, good: a.good, count: a.count, price: a.price };
      s.nextOffer += 1;
      s.offers.push(offer);
      events.push({ type: 'offer', offer });
      break;
    }
    case 'accept': case 'decline': case 'withdraw': {
      const offer = s.offers.find((o) => o.n === a.n)!;
      s.offers = s.offers.filter((o) => o.n !== a.n);
      if (a.kind === 'accept') {
        s.hands[offer.from]![offer.good] -= offer.count;
        s.hands[offer.to]![offer.good] += offer.count;
        seatOf(s, offer.to).gold -= offer.price;
        seatOf(s, offer.from).gold += offer.price;
      }
      events.push({ type: a.kind === 'accept' ? 'accepted' : a.kind === 'decline' ? 'declined' : 'withdrawn', offer });
      break;
    }
  }
  return { state: s, events };
}

// ─────────────────────────────────────────────────────────── the round

function nextSlot(s: FairState): void {
  s.barred = [];
  s.asking = null;
  s.seat += 1;
  s.phase = s.seat >= s.seats.length ? 'auction' : 'stall';
  if (s.phase === 'auction') s.seat = 0;
}

function pitch(s: FairState, region: Region, events: FairEvent[]): void {
  const me = active(s);
  const paid: Record<PlayerId, number> = {};
  for (const o of s.stalls[region.id]) { seatOf(s, o).gold += 1; paid[o] = 1; }
  me.gold -= pitchCost(s, region);
  s.stalls[region.id].push(me.id);
  s.hands[me.id]![region.good] += 1;
  events.push({ type: 'pitch', round: s.round, player: me.id, region: region.id, fee: region.fee, paid });
  nextSlot(s);
}

function endRound(s: FairState, events: FairEvent[]): void {
  if (s.offers.length) events.push({ type: 'offers-cleared', round: s.round, count: s.offers.length });
  s.offers = [];
  s.stalls = emptyStalls();
  s.seat = 0;
  s.barred = [];
  s.asking = null;
  if (s.round >= (s.rounds ?? ROUNDS)) {
    s.phase = 'over';
    const points = scores(s);
    for (const seat of s.seats) seat.points = points[seat.id]!;
    events.push({ type: 'end', winners: leaders(points), points });
    return;
  }
  for (const seat of s.seats) seat.gold += INCOME;
  events.push({ type: 'income', round: s.round, amount: INCOME });
  s.round += 1;
  s.phase = 'stall';
}

// ─────────────────────────────────────────────────────────── the ruleset

const SEAT_NAMES = ['Aude', 'Bérenger', 'Clothilde', 'Dreux'];

export const fair: Ruleset<FairState, FairAnswer, FairEvent, FairView, FairOptions> = {
  id: 'test/fair',
  title: { fr: 'Foire', en: 'Fair' },
  deadlineClasses: DEADLINE_CLASSES,

  setup(options, _rng) {
    const given = options?.lords ?? options?.players ?? 3;
    const names = typeof given === 'number' ? SEAT_NAMES.slice(0, given) : given;
    if (!Array.isArray(names) || names.length < 2 || names.length > 4) throw new Error('fair: 2 to 4 players');
    if (names.some((n) => typeof n !== 'string' || !n.trim())) throw new Error('fair: every player needs a name');
    const seats = names.map((name, i) => ({ id: `p${i + 1}`, name: name.trim(), gold: START_GOLD, points: 0 }));
    const rounds = options?.rounds;
    if (rounds !== undefined && (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS)) throw new Error(`fair: 1 to ${MAX_ROUNDS} rounds`);
    return {
      round: 1, ...(rounds !== undefined ? { rounds } : {}), ...(options?.charged === true ? { charged: true as const } : {}), phase: 'stall', seats,
      hands: Object.fromEntries(seats.map((s) => [s.id, noGoods()])),
      stalls: emptyStalls(), seat: 0, barred: [], asking: null, offers: [], nextOffer: 1,
    };
  },

  players: (state) => state.seats.map((s) => ({ id: s.id, name: s.name })),

  decisions(state): Decision[] {
    const r = state.round;
    switch (state.phase) {
      case 'stall': {
        const me = active(state);
        return [{
          id: 'stall', kind: 'stall', players: [me.id],
          deadline: { kind: 'class', name: 'TURN' },
          clock: clockOf(state),
          defaults: { [me.id]: 'pass' },
          prompt: { fr: `Manche ${r} : où montez-vous votre étal ? (${me.gold} or)`, en: `Round ${r}: where do you set up your stall? (${me.gold} gold)` },
          choices: [
            ...openRegions(state).map((g) => ({ value: g.id, label: { fr: `${g.name.fr} (${GOOD_NAMES[g.good].fr}, ${pitchCost(state, g)} or)`, en: `${g.name.en} (${GOOD_NAMES[g.good].en}, ${pitchCost(state, g)} gold)` } })),
            { value: 'pass', label: { fr: 'Passer', en: 'Pass' } },
          ],
        }];
      }
      case 'consent': {
        const region = regionOf(state.asking!)!;
        const who = active(state).name;
        const asked = state.stalls[region.id];
        return [{
          id: 'consent', kind: 'consent', players: [...asked],
          deadline: { kind: 'class', name: 'REPLY' },
          ...(state.charged ? { charges: clockOf(state) } : {}),
          defaults: Object.fromEntries(asked.map((p) => [p, 'no'])),
          prompt: {
            fr: `Manche ${r} : ${who} peut-il monter son étal à côté du vôtre (${region.name.fr}) ? Il vous paierait 1 or.`,
            en: `Round ${r}: may ${who} set up his stall next to yours (${region.name.en})? He would pay you 1 gold.`,
          },
          choices: [{ value: 'yes', label: { fr: 'Oui', en: 'Yes' } }, { value: 'no', label: { fr: 'Non', en: 'No' } }],
        }];
      }
      case 'auction':
        return [{
          id: 'bid', kind: 'sealed-bid', players: state.seats.map((s) => s.id),
          deadline: { kind: 'class', name: 'REPLY' },
          defaults: Object.fromEntries(state.seats.map((s) => [s.id, 0])),
          prompt: {
            fr: `Manche ${r} : votre enchère secrète, en or (de 0 à tout votre or), et le lot voulu : la relique (${RELIC_POINTS} points) ou le ruban (${RIBBON_POINTS} points, et ${RIBBON_REFUND} or rendu).`,
            en: `Round ${r}: your sealed bid, in gold (from 0 up to all your gold), and the prize you want: the relic (${RELIC_POINTS} points) or the ribbon (${RIBBON_POINTS} points, and ${RIBBON_REFUND} gold back).`,
          },
        }];
      case 'over':
        return [];
    }
  },

  validate(state, player, decision, answer) {
    const open = fair.decisions(state).find((d) => d.id === decision);
    if (!open) return fail(`no open decision "${decision}"`, `aucune question « ${decision} » ouverte`);
    if (!open.players.includes(player)) return fail(`${player} is not asked "${decision}"`, `${player} n’est pas interrogé`);
    switch (decision) {
      case 'stall': return parseStall(state, answer);
      case 'consent': return parseConsent(answer);
      case 'bid': return parseBid(answer, seatOf(state, player).gold);
      default: return fail(`unknown decision "${decision}"`, `question inconnue « ${decision} »`);
    }
  },

  resolve(state, submissions, rng) {
    const s: FairState = structuredClone(state);
    const events: FairEvent[] = [];
    const r = s.round;
    switch (s.phase) {
      case 'stall': {
        const me = active(s);
        const a = must(parseStall(s, answerOf(submissions, 'stall', me.id)), `stall from ${me.id}`);
        if (a.kind !== 'stall') throw new Error('fair: not a stall answer');
        if (a.region === 'pass') { events.push({ type: 'pass', round: r, player: me.id }); nextSlot(s); break; }
        const region = regionOf(a.region)!;
        if (s.stalls[region.id].length === 0) pitch(s, region, events);
        else {
          s.phase = 'consent';
          s.asking = region.id;
          events.push({ type: 'asked', round: r, player: me.id, region: region.id, asked: [...s.stalls[region.id]] });
        }
        break;
      }
      case 'consent': {
        const region = regionOf(s.asking!)!;
        const refusers = s.stalls[region.id].filter((p) => {
          const a = must(parseConsent(answerOf(submissions, 'consent', p)), `consent from ${p}`);
          return a.kind === 'consent' && !a.yes;
        });
        // The active player may have given gold away meanwhile (a free action): then he cannot pay.
        const unpaid = pitchCost(s, region) > active(s).gold;
        if (!refusers.length && !unpaid) pitch(s, region, events);
        else {
          events.push({ type: 'refused', round: r, player: active(s).id, region: region.id, refusers, unpaid });
          s.barred.push(region.id);
          s.asking = null;
          s.phase = 'stall'; // back to the same slot, same clock
        }
        break;
      }
      case 'auction': {
        const bids: Record<PlayerId, number> = {};
        const prizes: Record<PlayerId, Prize> = {};
        for (const seat of s.seats) {
          const a = must(parseBid(answerOf(submissions, 'bid', seat.id), seat.gold), `bid from ${seat.id}`);
          if (a.kind !== 'bid') throw new Error('fair: not a bid');
          bids[seat.id] = a.amount;
          prizes[seat.id] = a.prize;
        }
        const top = Math.max(...Object.values(bids));
        const tied = top > 0 ? s.seats.filter((x) => bids[x.id] === top).map((x) => x.id) : [];
        const winner = tied.length === 0 ? null : tied.length === 1 ? tied[0]! : rng.pick(tied);
        const prize = winner ? prizes[winner]! : null;
        if (winner) {
          const w = seatOf(s, winner);
          w.gold -= top;
          if (prize === 'relic') w.points += RELIC_POINTS;
          else { w.points += RIBBON_POINTS; w.gold += RIBBON_REFUND; }
        }
        events.push({ type: 'auction', round: r, bids, tied: tied.length > 1 ? tied : [], winner, paid: winner ? top : 0, prize });
        endRound(s, events);
        break;
      }
      case 'over':
        throw new Error('fair: the game is over');
    }
    return { state: s, events };
  },

  view(state, player) {
    const mine = player && state.hands[player] ? { ...state.hands[player]! } : null;
    return {
      round: state.round, phase: state.phase, you: player,
      seats: state.seats.map((s) => ({ ...s, goods: total(state.hands[s.id]!) })),
      hand: mine,
      stalls: structuredClone(state.stalls),
      barred: [...state.barred],
      asking: state.asking,
      offers: player ? state.offers.filter((o) => o.from === player || o.to === player).map((o) => ({ ...o })) : [],
      asked: fair.decisions(state).flatMap((d) => d.players),
    };
  },

  presentView(state, player, lang) {
    const v = fair.view(state, player);
    const sections: ViewDoc['sections'] = [];
    const me = player ? state.seats.find((s) => s.id === player) : undefined;
    if (me && v.hand) {
      sections.push({
        title: L(lang, 'Vous', 'You'), kind: 'kv',
        rows: [[L(lang, 'Or', 'Gold'), String(me.gold)], [L(lang, 'Points', 'Points'), String(me.points)], ...GOODS.map((g): [string, string] => [GOOD_NAMES[g][lang], String(v.hand![g])])],
      });
    }
    sections.push({
      title: L(lang, 'Joueurs', 'Players'), kind: 'table',
      columns: [L(lang, 'Joueur', 'Player'), L(lang, 'Or', 'Gold'), L(lang, 'Points', 'Points'), L(lang, 'Marchandises', 'Goods')],
      rows: v.seats.map((s) => [s.name, String(s.gold), String(s.points), String(s.goods)]),
      ...(player ? { highlight: v.seats.findIndex((s) => s.id === player) } : {}),
    });
    sections.push({
      title: L(lang, `Champ de foire, manche ${v.round}`, `Fairground, round ${v.round}`), kind: 'table',
      columns: [L(lang, 'Place', 'Region'), L(lang, 'Marchandise', 'Good'), L(lang, 'Droit', 'Fee'), L(lang, 'Étals', 'Stalls')],
      rows: REGIONS.map((r) => [r.name[lang], GOOD_NAMES[r.good][lang], String(r.fee), v.stalls[r.id].map((p) => nameOf(state, p)).join(', ') || '—']),
    });
    if (v.offers.length) {
      sections.push({
        title: L(lang, 'Offres', 'Offers'), kind: 'table',
        columns: ['#', L(lang, 'De', 'From'), L(lang, 'À', 'To'), L(lang, 'Marchandise', 'Goods'), L(lang, 'Prix', 'Price')],
        rows: v.offers.map((o) => [String(o.n), nameOf(state, o.from), nameOf(state, o.to), `${o.count} ${GOOD_NAMES[o.good][lang]}`, String(o.price)]),
      });
    }
    return { sections };
  },

  mapDoc(state, player, lang): MapDoc {
    const colors = ['#c0392b', '#2980b9', '#27ae60', '#8e44ad'];
    return {
      width: 500, height: 200, title: L(lang, 'Le champ de foire', 'The fairground'),
      regions: REGIONS.map((r) => {
        const [x, y, w, h] = r.rect;
        const here = state.stalls[r.id];
        return {
          id: r.id, name: r.name[lang], path: `M${x} ${y}h${w}v${h}h${-w}Z`,
          fill: '#f3e5c0', label: [x + w / 2, y + h / 2] as [number, number],
          ...(player && here.includes(player) ? { marks: ['own' as const] } : {}),
          info: {
            title: r.name[lang],
            rows: [[L(lang, 'Marchandise', 'Good'), GOOD_NAMES[r.good][lang]], [L(lang, 'Droit', 'Fee'), String(r.fee)], [L(lang, 'Étals', 'Stalls'), here.map((p) => nameOf(state, p)).join(', ') || '—']] as [string, string][],
          },
        };
      }),
      crossings: [],
      markers: REGIONS.flatMap((r) => state.stalls[r.id].map((p) => ({
        region: r.id, symbol: 'crown' as const, color: colors[state.seats.findIndex((s) => s.id === p)] ?? '#333', title: nameOf(state, p),
      }))),
      legend: state.seats.map((s, i) => ({ label: s.name, color: colors[i] ?? '#333', symbol: 'crown' as const })),
      units: [],
    };
  },

  report(state, events, player, lang) {
    const lines: string[] = [];
    const who = (p: PlayerId): string => (p === player ? L(lang, 'vous', 'you') : nameOf(state, p));
    const goods = (o: Offer): string => `${o.count} ${GOOD_NAMES[o.good][lang]}`;
    for (const e of events) {
      switch (e.type) {
        case 'pitch': {
          const r = regionOf(e.region)!;
          const paidTo = Object.keys(e.paid).map((p) => who(p));
          const extra = paidTo.length ? L(lang, `, 1 or pour ${paidTo.join(', ')}`, `, 1 gold to ${paidTo.join(', ')}`) : '';
          lines.push(L(lang, `- ${e.player === player ? 'Vous montez votre' : `${nameOf(state, e.player)} monte son`} étal : ${r.name.fr} (droit ${e.fee} or${extra}).`,
            `- ${e.player === player ? 'You set up your' : `${nameOf(state, e.player)} sets up his`} stall: ${r.name.en} (fee ${e.fee} gold${extra}).`));
          if (e.player === player) lines.push(L(lang, `- Vous recevez 1 ${GOOD_NAMES[r.good].fr}.`, `- You receive 1 ${GOOD_NAMES[r.good].en}.`));
          break;
        }
        case 'pass':
          lines.push(L(lang, `- ${e.player === player ? 'Vous passez' : `${nameOf(state, e.player)} passe`}.`, `- ${e.player === player ? 'You pass' : `${nameOf(state, e.player)} passes`}.`));
          break;
        case 'asked': {
          const r = regionOf(e.region)!;
          const me = e.player === player;
          const next = e.asked.map(who).join(', ');
          lines.push(L(lang, `- ${me ? 'Vous demandez à monter votre' : `${nameOf(state, e.player)} demande à monter son`} étal à côté de ${next} (${r.name.fr}).`,
            `- ${me ? 'You ask' : `${nameOf(state, e.player)} asks`} to set up next to ${next} (${r.name.en}).`));
          break;
        }
        case 'refused': {
          const r = regionOf(e.region)!;
          const why = e.unpaid ? L(lang, 'faute d’or', 'for want of gold') : L(lang, `refus de ${e.refusers.map(who).join(', ')}`, `refused by ${e.refusers.map(who).join(', ')}`);
          lines.push(L(lang, `- Pas d’étal pour ${who(e.player)} : ${r.name.fr} (${why}).`, `- No stall for ${who(e.player)} at ${r.name.en} (${why}).`));
          break;
        }
        case 'auction': {
          const own = e.bids[player];
          if (own !== undefined) lines.push(L(lang, `- *Votre enchère : ${own} or.*`, `- *Your bid: ${own} gold.*`));
          if (!e.winner) lines.push(L(lang, '- Personne n’enchérit.', '- Nobody bids.'));
          else {
            const tie = e.tied.length ? L(lang, ' (égalité, tranchée au sort)', ' (a tie, broken by lot)') : '';
            lines.push(L(lang, `- **${e.winner === player ? 'Vous remportez' : `${nameOf(state, e.winner)} remporte`}** ${PRIZE_NAMES[e.prize!].fr} pour ${e.paid} or${tie}.`,
              `- **${e.winner === player ? 'You win' : `${nameOf(state, e.winner)} wins`}** ${PRIZE_NAMES[e.prize!].en} for ${e.paid} gold${tie}.`));
          }
          break;
        }
        case 'gift':
          lines.push(L(lang, `- Don : ${who(e.from)} → ${who(e.to)}, ${e.amount} or.`, `- Gift: ${who(e.from)} → ${who(e.to)}, ${e.amount} gold.`));
          break;
        case 'offer': case 'accepted': case 'declined': case 'withdrawn': {
          const o = e.offer;
          if (o.from !== player && o.to !== player) break; // private to its two parties
          const verb = {
            offer: L(lang, 'proposée', 'made'), accepted: L(lang, 'acceptée', 'accepted'), declined: L(lang, 'refusée', 'declined'), withdrawn: L(lang, 'retirée', 'withdrawn'),
          }[e.type];
          lines.push(L(lang, `- *Offre n° ${o.n} ${verb} : ${who(o.from)} → ${who(o.to)}, ${goods(o)} pour ${o.price} or.*`,
            `- *Offer #${o.n} ${verb}: ${who(o.from)} → ${who(o.to)}, ${goods(o)} for ${o.price} gold.*`));
          break;
        }
        case 'offers-cleared':
          lines.push(L(lang, `- Fin de la manche ${e.round} : ${e.count} offre(s) ouverte(s) effacée(s).`, `- End of round ${e.round}: ${e.count} open offer(s) cleared.`));
          break;
        case 'income':
          lines.push(L(lang, `- Fin de la manche ${e.round} : chacun reçoit ${e.amount} or.`, `- End of round ${e.round}: everyone receives ${e.amount} gold.`));
          break;
        case 'end': {
          lines.push(L(lang, `- **Fin de la partie.** Victoire : ${e.winners.map((p) => nameOf(state, p)).join(', ')}.`, `- **Game over.** Winner(s): ${e.winners.map((p) => nameOf(state, p)).join(', ')}.`));
          lines.push('', `| ${L(lang, 'Joueur', 'Player')} | Points |`, '|---|---:|', ...state.seats.map((s) => `| ${s.name} | ${e.points[s.id]} |`));
          break;
        }
      }
    }
    const me = state.seats.find((s) => s.id === player);
    if (me) {
      const h = state.hands[me.id]!;
      lines.push('', L(lang, `Votre trésor : ${me.gold} or, ${me.points} points ; vos marchandises : ${GOODS.map((g) => `${h[g]} ${GOOD_NAMES[g].fr}`).join(', ')}.`,
        `Your treasury: ${me.gold} gold, ${me.points} points; your goods: ${GOODS.map((g) => `${h[g]} ${GOOD_NAMES[g].en}`).join(', ')}.`));
    }
    return lines.join('\n');
  },

  outcome(state): Outcome | null {
    if (state.phase !== 'over') return null;
    return { finished: true, winners: leaders(Object.fromEntries(state.seats.map((s) => [s.id, s.points]))), reason: 'points' };
  },

  stepLabel(state) {
    switch (state.phase) {
      case 'stall': return `round ${state.round}: stall ${active(state).id}`;
      case 'consent': return `round ${state.round}: consent ${active(state).id}`;
      case 'auction': return `round ${state.round}: bids`;
      case 'over': return 'over';
    }
  },

  localizeLabel(label, lang) {
    if (lang === 'en') return label;
    return label.replace(/^round (\d+): /, 'manche $1 : ').replace(/stall /, 'étal ').replace(/consent /, 'accord ').replace(/bids$/, 'enchères').replace(/^over$/, 'fin');
  },

  departure: () => null,

  freeActions(state, player, lang): FreeAction[] {
    if (state.phase === 'over' || !state.hands[player]) return [];
    const others = state.seats.filter((s) => s.id !== player).map((s) => ({ value: s.id, label: s.name }));
    const me = seatOf(state, player);
    const hand = state.hands[player]!;
    const out: FreeAction[] = [];
    if (me.gold > 0) {
      out.push({
        id: 'give', label: L(lang, 'Donner de l’or', 'Give gold'), help: L(lang, 'L’or passe aussitôt au joueur choisi.', 'The gold goes to the chosen player at once.'),
        fields: [
          { name: 'to', label: L(lang, 'À', 'To'), kind: 'choice', options: others },
          { name: 'amount', label: L(lang, 'Or', 'Gold'), kind: 'integer', min: 1, max: me.gold },
        ],
      });
    }
    const held = GOODS.filter((g) => hand[g] > 0);
    if (held.length) {
      out.push({
        id: 'offer', label: L(lang, 'Proposer un marché', 'Offer a trade'),
        help: L(lang, 'Des marchandises contre de l’or ; le joueur accepte ou refuse. Les offres ouvertes s’effacent en fin de manche.', 'Goods for gold; the player accepts or declines. Open offers are cleared at the end of the round.'),
        fields: [
          { name: 'to', label: L(lang, 'À', 'To'), kind: 'choice', options: others },
          { name: 'good', label: L(lang, 'Marchandise', 'Goods'), kind: 'choice', options: held.map((g) => ({ value: g, label: GOOD_NAMES[g][lang] })) },
          { name: 'count', label: L(lang, 'Quantité', 'Count'), kind: 'integer', min: 1, max: Math.max(...held.map((g) => hand[g])) },
          { name: 'price', label: L(lang, 'Prix (or)', 'Price (gold)'), kind: 'integer', min: 0 },
        ],
      });
    }
    for (const o of state.offers) {
      const what = `${o.count} ${GOOD_NAMES[o.good][lang]}, ${o.price} ${L(lang, 'or', 'gold')}`;
      if (o.to === player) {
        out.push({ id: `accept:${o.n}`, label: L(lang, `Accepter l’offre n° ${o.n}`, `Accept offer #${o.n}`), help: `${nameOf(state, o.from)} : ${what}`, fields: [] });
        out.push({ id: `decline:${o.n}`, label: L(lang, `Refuser l’offre n° ${o.n}`, `Decline offer #${o.n}`), fields: [] });
      }
      if (o.from === player) out.push({ id: `withdraw:${o.n}`, label: L(lang, `Retirer l’offre n° ${o.n}`, `Withdraw offer #${o.n}`), help: `${nameOf(state, o.to)} : ${what}`, fields: [] });
    }
    return out;
  },

  validateAction: (state, player, action) => parseAction(state, player, action),

  act(state, player, value, _rng) {
    const v = parseAction(state, player, actionInputOf(value as FairAction));
    return applyAction(state, player, must(v, `action from ${player}`));
  },

  standingOptions(_state, _player, lang): StandingOption[] {
    return [
      {
        id: 'consent', label: L(lang, 'Étals voisins', 'Neighbouring stalls'),
        help: L(lang, 'Votre réponse quand un joueur veut s’installer à côté de vous.', 'Your answer when a player wants to set up next to you.'),
        choices: [{ value: 'ask', label: L(lang, 'Me demander', 'Ask me') }, { value: 'yes', label: L(lang, 'Toujours oui', 'Always yes') }, { value: 'no', label: L(lang, 'Toujours non', 'Always no') }],
        initial: 'ask',
      },
      {
        id: 'pass-auction', label: L(lang, 'Passer les enchères', 'Pass the auctions'),
        help: L(lang, 'Oui : une enchère de 0 est donnée pour vous.', 'Yes: a bid of 0 is given for you.'),
        choices: [{ value: 'no', label: L(lang, 'Non', 'No') }, { value: 'yes', label: L(lang, 'Oui', 'Yes') }],
        initial: 'no',
      },
    ];
  },

  /** Reads only the decision's kind and the standing choices: never the state (so no hidden information). */
  standingAnswer(_state, _player, decision, standing) {
    if (decision.kind === 'consent' && (standing.consent === 'yes' || standing.consent === 'no')) return standing.consent;
    if (decision.kind === 'sealed-bid' && standing['pass-auction'] === 'yes') return 0;
    return undefined;
  },

  answerForm(state, player, decision, lang): AnswerForm {
    switch (decision) {
      case 'stall':
        return { groups: [{ title: L(lang, 'Votre étal', 'Your stall'), entries: [{
          code: 'stall', label: L(lang, 'Monter son étal', 'Set up a stall'), syntax: 'stall <region|pass>',
          fields: [{ name: 'region', label: L(lang, 'Place', 'Region'), kind: 'choice', options: [
            ...openRegions(state).map((r) => ({ value: r.id, label: r.name[lang] })), { value: 'pass', label: L(lang, 'Passer', 'Pass') }] }],
        }] }] };
      case 'consent':
        return { groups: [{ title: L(lang, 'Étal voisin', 'Neighbouring stall'), entries: [{
          code: 'consent', label: L(lang, 'Votre accord', 'Your consent'), syntax: 'consent <yes|no>',
          fields: [{ name: 'answer', label: L(lang, 'Réponse', 'Answer'), kind: 'choice', options: [{ value: 'yes', label: L(lang, 'Oui', 'Yes') }, { value: 'no', label: L(lang, 'Non', 'No') }] }],
        }] }] };
      default: {
        const gold = state.seats.find((s) => s.id === player)?.gold ?? 0;
        return { groups: [{ title: L(lang, 'Enchère secrète', 'Sealed bid'), entries: [{
          code: 'bid', label: L(lang, 'Enchérir', 'Bid'), syntax: 'bid <gold> <relic|ribbon>',
          fields: [
            { name: 'amount', label: L(lang, 'Or', 'Gold'), kind: 'integer', min: 0, max: gold },
            { name: 'prize', label: L(lang, 'Lot', 'Prize'), kind: 'choice', options: PRIZES.map((p) => ({ value: p, label: PRIZE_NAMES[p][lang] })) },
          ],
        }] }] };
      }
    }
  },

  // issue 21: the answer given, back in its form (its one entry; firstRoundTrip checks the line reads back the same)
  formValues(state, player, decision, value) {
    const values: Record<string, string> = value.kind === 'stall' ? { region: value.region }
      : value.kind === 'consent' ? { answer: value.yes ? 'yes' : 'no' } : { amount: String(value.amount), prize: value.prize };
    return firstRoundTrip(fair, state, player, decision, value, fair.answerForm!(state, player, decision, 'en'), [{ code: value.kind, values }]);
  },

  answerText(_state, _player, _decision, value) {
    switch (value.kind) {
      case 'stall': return `stall ${value.region}`;
      case 'consent': return `consent ${value.yes ? 'yes' : 'no'}`;
      case 'bid': return `bid ${value.amount} ${value.prize}`;
    }
  },
};

/** The form values that give back a validated action (`act` checks its value again, like the engine's replay). */
export function actionInputOf(a: FairAction): ActionInput {
  switch (a.kind) {
    case 'give': return { id: 'give', values: { to: a.to, amount: String(a.amount) } };
    case 'offer': return { id: 'offer', values: { to: a.to, good: a.good, count: String(a.count), price: String(a.price) } };
    default: return { id: `${a.kind}:${a.n}`, values: {} };
  }
}

// ─────────────────────────────────────────────────────────── the bot and the registry entry

/** A bot's answer to every kind of decision (legal by construction). */
export function fairBot(state: FairState, player: PlayerId, decision: string, rng: Rng): unknown {
  switch (decision) {
    case 'stall': {
      const open = openRegions(state);
      return open.length && rng.chance(0.8) ? `stall ${rng.pick(open).id}` : 'pass';
    }
    case 'consent': return rng.chance(0.6) ? 'yes' : 'no';
    case 'bid': {
      const gold = seatOf(state, player).gold;
      return `bid ${rng.int(0, Math.min(gold, 5))} ${rng.pick(PRIZES)}`;
    }
    default: throw new Error(`fair: no decision "${decision}"`);
  }
}

export const fairEntry: RulesetEntry<FairState, FairEvent> = {
  ruleset: fair,
  variants: [{ id: 'fairground', name: { fr: 'Champ de foire', en: 'Fairground' }, seats: { min: 2, max: 4, default: 3 } }],
  bot: (state, player, decision, rng) => fairBot(state, player, decision, rng),
  // The same bot from the player's view (the API's): the view holds what fairBot reads (the stalls,
  // the barred regions, everyone's gold); a stall is asked of its active player only, who is the viewer.
  viewBot: (view, player, decision, rng) => {
    const v = view as { seats: { id: PlayerId }[] };
    return fairBot({ ...v, seat: v.seats.findIndex((s) => s.id === player) } as unknown as FairState, player, decision, rng);
  },
  options: (a) => (a.lords ? { lords: a.lords } : { players: a.players ?? 3 }),
  summarize: (state) => `${fair.stepLabel(state)}: ${state.seats.map((s) => `${s.name} ${s.gold}g ${s.points}p`).join(', ')}`,
};

/** Registers Fair in this process and in the referee's worker threads. */
export function registerFair(): void {
  registerRuleset(fairEntry);
  preloadInWorkers(import.meta.url);
}
registerFair();

export default fair;
