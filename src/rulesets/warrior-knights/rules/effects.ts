/**
 * The interpreter of the effect DSL (effects.ts; rules G-D09, G-D10, §4.7, §5.6): what a card
 * picks (`pickFor`: Fate draws that must fit, bounded by one pass through the deck [P G-A38], or
 * the affected baron's choice with its default, §9.2 #20), its operations (`applyOps`), the
 * modifiers in play for a baron (`modsOf`: Laws, Titles, Concessions, Offices, lasting events),
 * an Office's free troops (`officeMen`), and banishment with the Chairman's succession (`banish`,
 * §5.7–§5.8, [P G-A55], [P G-A63]).
 *
 * Mutating helpers work on the copy the calling step made. Losses take what the baron has and no
 * more ("or all he has", §10.9). Influence comes from the reserve, and a reserve at 0 makes this
 * the last turn [P G-A57, G-A07]. A noble left with casualty tokens ≥ his men dies [P G-A35]; one
 * left without troops leaves the board (§2.3).
 */
import { BOARD, city, type CityId } from '../board.ts';
import type { BaronId } from '../barons.ts';
import { mercenary, type FateCard, type Nation } from '../cards.ts';
import type { Mod, Op, Pick, Who } from '../effects.ts';
import { eventCard, isEventCard } from '../event-cards.ts';
import { proposalCard } from '../proposal-cards.ts';
import type { WkState } from '../state.ts';
import { isMercenary, troopMen } from '../troops.ts';
import { liftEmptyNobles } from './armies.ts';
import { killNoble } from './death.ts';
import { drawFate } from './fate.ts';
import { streamShuffle, type Shuffle } from './streams.ts';
import { heirDies } from './heirs.ts';

export interface Picked { city?: CityId; noble?: string; nation?: Nation; baron?: BaronId }

/** The cities the target may choose for a `by: 'target'` pick (controlled, not besieged), in map order. */
export function choosableCities(s: WkState, target: BaronId): CityId[] {
  return BOARD.cities.map((c) => c.id).filter((id) => { const c = s.cities[id]!; return c.controller === target && !c.razed && c.besiegedBy === null; });
}

/**
 * Resolves the card's pick. null: nothing fits, the effect fizzles [P G-A38]. `choice` is the
 * baron's answer for a `by: 'target'` pick; an illegal or missing one takes the default (the first
 * legal city in map order).
 */
export function pickFor(s: WkState, pick: Pick | undefined, target: BaronId | null, choice?: unknown): Picked | null {
  if (!pick) return {};
  if (pick.pick === 'city' && pick.by === 'target') {
    if (!target) return null;
    const legal = choosableCities(s, target);
    const id = typeof choice === 'string' && legal.includes(choice) ? choice : legal[0];
    return id ? { city: id } : null;
  }
  const passes = s.config.setup.fateRedrawPasses;
  const nobleAt = (id: string) => s.nobles[id];
  const fits = {
    city: (f: { city: string }) => {
      const c = s.cities[f.city]!;
      if (c.razed) return false;
      if (pick.pick !== 'city') return false;
      if (pick.scope === 'kingdom') return !city(f.city).overseas;
      if (pick.scope === 'own') return target !== null && c.controller === target;
      return true;
    },
    noble: (f: { noble: string }) => {
      const n = nobleAt(f.noble);
      if (!n || !s.players.includes(n.baron) || pick.pick !== 'noble') return false;
      if (pick.scope === 'board') return n.location.kind === 'region';
      if (pick.scope === 'own-board') return n.baron === target && n.location.kind === 'region';
      return n.baron === target && n.hasHeir;
    },
    baron: (f: { baron: BaronId }) => s.players.includes(f.baron),
    nation: () => true,
  }[pick.pick] as (f: FateCard) => boolean;
  const d = drawFate(s.secret.fateDeck, fits, passes);
  s.secret.fateDeck = d.deck;
  if (!d.card) { s.log.push({ t: 'fate-fizzled', need: pick.pick }); return null; }
  const f = d.card;
  const picked: Picked = pick.pick === 'city' ? { city: f.city } : pick.pick === 'noble' ? { noble: f.noble } : pick.pick === 'baron' ? { baron: f.baron } : { nation: f.nation };
  s.log.push({ t: 'fate-picked', what: pick.pick, id: (picked.city ?? picked.noble ?? picked.baron ?? picked.nation)! });
  return picked;
}

/** The barons an operation touches, without those who refused it (§5.7). */
export function whoList(s: WkState, who: Who, target: BaronId | null, exclude: readonly BaronId[] = []): BaronId[] {
  const list = who === 'target' ? (target ? [target] : []) : who === 'all' ? [...s.players] : s.players.filter((b) => b !== target);
  return list.filter((b) => !exclude.includes(b));
}

/** Men a noble leads: his troop cards and his Office's free troops (§10.9). */
export function officeMen(s: WkState, nobleId: string): number {
  const office = s.nobles[nobleId]?.office;
  if (!office) return 0;
  return proposalCard(office).mods.reduce((m, x) => m + (x.mod === 'troops' ? x.men : 0), 0);
}
const nobleMen = (s: WkState, id: string): number => s.nobles[id]!.troops.reduce((m, t) => m + troopMen(t), 0) + officeMen(s, id);

/** [P G-A35] nobles with tokens ≥ men die; then nobles without troops leave the board. */
export function settleArmies(s: WkState, stream: string, inject?: Shuffle): void {
  for (const n of Object.values(s.nobles)) {
    if (n.location.kind !== 'off' && n.casualties > 0 && s.config.combat.casualtyMen * n.casualties >= nobleMen(s, n.id)) killNoble(s, n.id, {}, stream, inject);
  }
  liftEmptyNobles(s);
}

/** Gains or loses a resource; a loss takes what he has and no more. */
function change(s: WkState, b: BaronId, what: 'crowns' | 'votes' | 'faith', n: number): void {
  const me = s.barons[b];
  const delta = n >= 0 ? n : -Math.min(-n, me[what]);
  me[what] += delta;
  s.log.push(delta >= 0 ? { t: what, baron: b, amount: delta } : { t: 'loses', baron: b, what, amount: -delta });
}

/** Influence from the reserve; at 0 this is the last turn [P G-A57, G-A07 as ruled]. */
export function gainInfluence(s: WkState, b: BaronId, n: number): void {
  s.barons[b].influence += n;
  s.influenceReserve = Math.max(0, s.influenceReserve - n);
  s.log.push({ t: 'influence', baron: b, amount: n });
  if (s.influenceReserve === 0) s.lastTurn = true;
}

const controlled = (s: WkState, b: BaronId): CityId[] => Object.values(s.cities).filter((c) => c.controller === b && !c.razed).map((c) => c.id);

function makeNeutral(s: WkState, id: CityId): void {
  const c = s.cities[id]!;
  if (c.controller) { s.barons[c.controller].controlMarkers++; s.log.push({ t: 'city-neutral', city: id }); }
  c.controller = null;
  c.fortified = false;
}

export interface OpsContext {
  /** The card whose operations these are. */
  card: string;
  target: BaronId | null;
  picked: Picked;
  /** Barons who refused the decision (§5.7): it does not apply to them. */
  exclude?: readonly BaronId[];
  /** Stream name prefix for the shuffles (deserters, deaths). */
  stream: string;
  inject?: Shuffle;
}

/** Applies a card's operations, in order. */
export function applyOps(s: WkState, ops: readonly Op[], ctx: OpsContext): void {
  const { target, picked } = ctx;
  const who = (w: Who) => whoList(s, w, target, ctx.exclude);
  for (const op of ops) {
    switch (op.op) {
      case 'crowns': case 'votes': case 'faith':
        for (const b of who(op.who)) change(s, b, op.op, op.n);
        break;
      case 'influence':
        for (const b of who(op.who)) gainInfluence(s, b, op.n);
        break;
      case 'crowns-per-city':
        for (const b of who(op.who)) change(s, b, 'crowns', op.n * controlled(s, b).length);
        break;
      case 'raze': {
        // [T §2.10] the city is razed and every noble in it is killed (TV-08)
        const id = picked.city!;
        makeNeutral(s, id);
        const c = s.cities[id]!;
        c.razed = true; c.breaches = 0; c.besiegedBy = null; c.siegeSince = null;
        s.log.push({ t: 'city-razed', city: id, fate: ctx.card });
        for (const n of Object.values(s.nobles)) {
          if (n.location.kind === 'region' && n.location.region === city(id).region) killNoble(s, n.id, {}, `${ctx.stream}/raze`, ctx.inject);
        }
        break;
      }
      case 'breaches': {
        const c = s.cities[picked.city!]!;
        const before = c.breaches;
        c.breaches = Math.min(c.breaches + op.n, Math.floor(city(c.id).strength / s.config.combat.casualtyMen));
        s.log.push({ t: 'breaches', works: { kind: 'city', city: c.id }, breaches: c.breaches - before });
        break;
      }
      case 'repair-fortify': {
        const c = s.cities[picked.city!]!;
        c.breaches = 0;
        if (c.controller !== null && c.besiegedBy === null) c.fortified = true;
        s.log.push({ t: 'fortified', city: c.id });
        break;
      }
      case 'neutral':
        makeNeutral(s, picked.city!);
        break;
      case 'casualties': {
        const hit = op.on === 'noble' ? [picked.noble!]
          : Object.values(s.nobles).filter((n) => n.location.kind === 'region' && n.location.region === city(picked.city!).region).map((n) => n.id);
        for (const id of hit) {
          if (s.nobles[id]!.location.kind !== 'region') continue;
          s.nobles[id]!.casualties += op.n;
          s.log.push({ t: 'casualties', noble: id, tokens: op.n });
        }
        settleArmies(s, `${ctx.stream}/casualties`, ctx.inject);
        break;
      }
      case 'heal':
        for (const b of who(op.who)) {
          for (const n of Object.values(s.nobles)) if (n.baron === b) n.casualties = 0;
          s.strongholds[b].casualties = 0;
          s.log.push({ t: 'healed', baron: b });
        }
        break;
      case 'no-heir': {
        const n = s.nobles[picked.noble!]!;
        n.hasHeir = false;
        heirDies(s, n.id); // [T §7.4] heir exchange: the heir is dead and no other can exist
        if (!s.lasting.some((l) => l.card === ctx.card)) s.lasting.push({ card: ctx.card, baron: n.baron, noble: n.id, until: 'game' });
        s.log.push({ t: 'no-heir', noble: n.id });
        break;
      }
      case 'desert': {
        const gone: string[] = [];
        for (const b of who(op.who)) {
          for (const n of Object.values(s.nobles)) if (n.baron === b) {
            const leave = n.troops.filter((t) => isMercenary(t) && mercenary(t).nation === picked.nation);
            n.troops = n.troops.filter((t) => !leave.includes(t));
            gone.push(...leave);
          }
          const h = s.strongholds[b];
          const leave = h.garrison.filter((t) => isMercenary(t) && mercenary(t).nation === picked.nation);
          h.garrison = h.garrison.filter((t) => !leave.includes(t));
          gone.push(...leave);
          if (h.garrison.length === 0) h.casualties = 0;
        }
        if (gone.length > 0) {
          s.log.push({ t: 'deserted', cards: gone.length });
          const shuffle = ctx.inject ?? streamShuffle(s);
          s.secret.mercenaryDeck = shuffle(`${ctx.stream}/desert`, [...s.secret.mercenaryDeck, ...gone]);
        }
        settleArmies(s, `${ctx.stream}/desert`, ctx.inject);
        break;
      }
      case 'exhaust': case 'ready':
        for (const b of who(op.who)) {
          for (const n of Object.values(s.nobles)) if (n.baron === b && n.location.kind !== 'off') n.ready = op.op === 'ready';
          s.log.push({ t: op.op === 'ready' ? 'readied' : 'exhausted', baron: b });
        }
        break;
      case 'chairman':
        // [T §5.7] a banished baron can never become Chairman
        if (target && !s.barons[target].banished && s.chairman !== target) { s.chairman = target; s.log.push({ t: 'chairman', baron: target }); }
        break;
      case 'church':
        if (target && s.church !== target) { s.church = target; s.log.push({ t: 'church', baron: target }); }
        break;
      case 'pardon-all':
        for (const b of s.players) if (s.barons[b].banished) { s.barons[b].banished = false; s.log.push({ t: 'pardoned', baron: b }); }
        break;
      case 'lasting':
        if (!s.lasting.some((l) => l.card === ctx.card)) s.lasting.push({ card: ctx.card, baron: op.who === 'target' ? target : null, noble: null, until: op.until });
        break;
      case 'manual':
        s.log.push({ t: 'manual', card: ctx.card });
        break;
    }
  }
}

// ─── Modifiers in play ────────────────────────────────────────────────────────────────────────

export interface ModInPlay { mod: Mod; card: string; source: 'law' | 'title' | 'office' | 'event' }

/** Every modifier that applies to a baron now: Laws (everyone), his Titles and Concessions, his nobles' Offices, lasting events on him or on everyone. */
export function modsOf(s: WkState, b: BaronId): ModInPlay[] {
  const out: ModInPlay[] = [];
  for (const card of s.laws) for (const mod of proposalCard(card).mods) out.push({ mod, card, source: 'law' });
  for (const card of s.barons[b].titles) for (const mod of proposalCard(card).mods) out.push({ mod, card, source: 'title' });
  for (const n of Object.values(s.nobles)) if (n.baron === b && n.office) for (const mod of proposalCard(n.office).mods) if (mod.mod !== 'troops') out.push({ mod, card: n.office, source: 'office' });
  for (const l of s.lasting) {
    if (!isEventCard(l.card)) continue;
    for (const op of eventCard(l.card).ops) if (op.op === 'lasting' && (op.who === 'all' || l.baron === b)) out.push({ mod: op.mod, card: l.card, source: 'event' });
  }
  return out;
}

/** Lasting events that expire now go to the event discard. */
export function expireLasting(s: WkState, until: 'next-taxation' | 'next-assembly'): void {
  const gone = s.lasting.filter((l) => l.until === until);
  s.lasting = s.lasting.filter((l) => l.until !== until);
  s.eventDiscard.push(...gone.map((l) => l.card));
}

/** The baron is absent from the Assembly: a Title or a lasting event keeps him away (§5.1). */
export const isAbsent = (s: WkState, b: BaronId): boolean => modsOf(s, b).some((m) => m.mod.mod === 'absent');

// ─── Banishment (§5.7) and the Chairman's succession (§5.8) ──────────────────────────────────

/**
 * Banishes a baron (no further penalty if he already is, [P G-A24]). A banished Chairman is
 * replaced by the non-banished baron with the most votes other than him, ties by a Fate draw among
 * the tied [P G-A55]; if none exists he keeps the token for his duties outside the Assembly [P G-A63].
 */
export function banish(s: WkState, b: BaronId): void {
  if (s.barons[b].banished) return;
  s.barons[b].banished = true;
  s.log.push({ t: 'banished', baron: b });
  if (s.chairman !== b) return;
  const others = s.players.filter((o) => o !== b && !s.barons[o].banished);
  if (others.length === 0) return;
  const most = Math.max(...others.map((o) => s.barons[o].votes));
  const tied = others.filter((o) => s.barons[o].votes === most);
  let next = tied[0]!;
  if (tied.length > 1) {
    const d = drawFate(s.secret.fateDeck, (f) => tied.includes(f.baron), s.config.setup.fateRedrawPasses);
    s.secret.fateDeck = d.deck;
    if (d.card) next = d.card.baron;
  }
  s.chairman = next;
  s.log.push({ t: 'chairman', baron: next });
}
