/**
 * Phase 2, Action (rules §4.2–§4.4): the reveal loop (pile 1, then 2, then 3; `revealNext`), a
 * baron card's resolution by its owner (`resolveBaronCard`, §9.2 #5), the discard into a trigger
 * zone (§4.2.2) and the triggers (§4.2.4), queued first in, first out with `>=` [P G-A58].
 *
 * Runs today: Levy Taxes, Recruit Troops (the free shield), Political Manoeuvres, Serve the
 * Church, Improvisation's +2 crowns, +1 vote, paid shield, move or combat, Military Operations'
 * moves with their §6.4 transfers (movement.ts, transfers.ts) and its combat (engage.ts; the
 * combat's stages come back through `resumeCombat`, battle.ts), every card's decline (Military
 * Operations discarded to Wages or Assembly [P G-A14]) and the neutral Uncertain Times; Defensive Works,
 * Troop Maintenance and the Expedition wait as `current` for the barons' answers (neutral.ts);
 * the Major Event waits for the Church holder's answer (major-event.ts).
 * Everything else
 * throws StepNotImplemented with its step (phases.ts). A queued special phase runs first
 * (special-phases.ts): the next reveal waits until it has (§4.2.4 "resolved immediately and
 * completely").
 */
import { fill } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import type { BaronId } from '../barons.ts';
import { actionCard, BARON_CARD_TYPES, MERCENARY_TRACK, ZONES, type Zone } from '../cards.ts';
import { draftShields, zoneThreshold } from '../constants.ts';
import { own, type WkState } from '../state.ts';
import { chairmanOrder } from '../turn-order.ts';
import { runCombat, type CombatAnswers } from './battle.ts';
import { engage, type CombatSetup } from './engage.ts';
import type { Permissions } from './movement.ts';
import { liftAbandonedSieges } from './sides.ts';
import { applyCardMove, type CardMove } from './transfers.ts';
import { moment, streamShuffle, type Shuffle } from './streams.ts';

// ─── A1: reveal ───────────────────────────────────────────────────────────────────────────────

/** Reveals the next card (§4.2.1). A neutral card resolves at once; a baron card waits for its owner. At the end of pile 3: Upkeep. */
export function revealNext(s: WkState, inject?: Shuffle): WkState {
  if (s.stage !== 'action' || s.current !== null) throw new Error('revealNext: no card to reveal now');
  if (s.pendingPhases.length > 0) throw new Error('revealNext: a special phase is waiting (runPendingPhase)');
  const out = structuredClone(s);
  while (out.pile < out.secret.piles.length && out.secret.piles[out.pile]!.length === 0) out.pile++;
  if (out.pile >= out.secret.piles.length) {
    out.stage = 'upkeep';
    out.step = 'U1';
    out.toAct = [];
    return out;
  }
  const card = out.secret.piles[out.pile]!.shift()!;
  out.log.push({ t: 'card-revealed', card, pile: out.pile });
  const info = actionCard(card);
  if (!info.neutral) {
    const owner = info.owner;
    out.pileCounts[out.pile]![owner] = (out.pileCounts[out.pile]![owner] ?? 1) - 1;
    out.current = card;
    out.toAct = [owner];
    out.step = STEP_OF[info.type];
    return out;
  }
  out.pileCounts[out.pile]!.neutral = (out.pileCounts[out.pile]!.neutral ?? 1) - 1;
  switch (info.type) {
    case 'uncertain-times': {
      // [T §4.4] shuffle the whole Fate deck; the stream is named by the card's place in the turn.
      const shuffle = inject ?? streamShuffle(out);
      out.secret.fateDeck = shuffle(`${moment(out)}/fate`, out.secret.fateDeck);
      out.step = 'A11';
      return out; // the card returns to the neutral set: the next Planning reshuffles all 8 [T §2.9]
    }
    case 'major-event': out.current = card; out.toAct = [out.church]; out.step = 'A8'; return out; // the Church holder first (major-event.ts)
    // The barons answer these (rules/neutral.ts): Defensive Works and Troop Maintenance everyone at once, the Expedition the Chairman first.
    case 'defensive-works': out.current = card; out.toAct = chairmanOrder(out.players, out.chairman); out.step = 'A9'; return out;
    case 'maintenance': out.current = card; out.toAct = chairmanOrder(out.players, out.chairman); out.step = 'A10'; return out;
    case 'expedition': out.current = card; out.toAct = [out.chairman]; out.step = 'A12'; return out;
  }
}

const STEP_OF = { levy: 'A2', recruit: 'A3', manoeuvres: 'A4', church: 'A5', military: 'A6', improvisation: 'A7' } as const;

// ─── A2–A7: the owner's answer (§9.2 #5) ──────────────────────────────────────────────────────

export type CardAnswer =
  | { use: false; zone?: Zone }
  | {
    use: true; zone?: Zone; space?: number; option?: 'crowns' | 'vote' | 'move' | 'combat' | 'shield';
    /** Military Operations (all into one region) or Improvisation (one noble): the moves with their transfers (§6.4), and the consents gathered (#6). */
    moves?: CardMove[]; permissions?: Permissions; combat?: boolean;
    /** #8: the combat the card engages (Military Operations after its moves; Improvisation's 'combat' option), with the consents of #7. */
    attack?: CombatSetup;
  };

export type ActionRefusal = 'no-card' | 'not-yours' | 'bad-zone' | 'bad-space' | 'no-shield' | 'cannot-pay' | 'bad-option' | 'bad-move' | 'bad-combat' | 'in-combat' | 'improvisation-one' | 'not-improvisation';

export const ACTION_REFUSALS: Record<ActionRefusal, Localized> = {
  'no-card': { fr: 'Aucune carte n’attend de décision.', en: 'No card is waiting for a decision.' },
  'not-yours': { fr: 'Cette carte n’est pas la vôtre.', en: 'This card is not yours.' },
  'bad-zone': { fr: 'Cette carte ne peut aller que dans : {zones}.', en: 'This card can only go to: {zones}.' },
  'bad-space': { fr: 'Choisissez une case libre de la piste dont le numéro ne dépasse pas {n}.', en: 'Choose an empty track space whose number is at most {n}.' },
  'no-shield': { fr: 'Vous n’avez plus d’écusson libre.', en: 'You have no free shield left.' },
  'cannot-pay': { fr: 'Cette case coûte {n} et vous ne pouvez pas la payer.', en: 'This space costs {n} and you cannot pay it.' },
  'bad-option': { fr: 'Choisissez une des options de la carte.', en: 'Choose one of the card’s options.' },
  'bad-move': { fr: 'Ce mouvement n’est pas permis.', en: 'This move is not allowed.' },
  'bad-combat': { fr: 'Ce combat n’est pas permis.', en: 'This combat is not allowed.' },
  'improvisation-one': { fr: 'Improvisation : une seule option (couronnes, voix, déplacer un noble, un combat, ou un écusson payé sur une case), avec ses seuls champs ; pas de zone, la carte revient en main.', en: 'Improvisation: exactly one option (crowns, vote, move one noble, one combat, or a paid shield on a space), with its own fields only; no zone, the card returns to hand.' },
  'not-improvisation': { fr: 'Seule l’Improvisation a des options ; cette carte n’en a pas.', en: 'Only Improvisation has options; this card has none.' },
  'in-combat': { fr: 'Un combat est en cours : répondez à son étape.', en: 'A combat is under way: answer its stage.' },
};

export type ActionResult = { ok: true; state: WkState } | { ok: false; reason: ActionRefusal; message: Localized };

/** The zones a card may go to after this answer (§4.2.2; Military Operations [P G-A14]). */
export function allowedZones(type: keyof typeof BARON_CARD_TYPES): readonly Zone[] {
  return BARON_CARD_TYPES[type].zones;
}

/** §9.2 #5: the allowed zone with the fewest cards; ties Taxes → Wages → Assembly. */
export function defaultZone(s: WkState, zones: readonly Zone[]): Zone | null {
  let best: Zone | null = null;
  for (const z of ZONES) if (zones.includes(z) && (best === null || s.zones[z].length < s.zones[best].length)) best = z;
  return best;
}

/** §9.2 #5's default answer for the card waiting. */
export function defaultAnswer(s: WkState): CardAnswer {
  const info = actionCard(s.current!);
  if (info.neutral) throw new Error('defaultAnswer: a neutral card has no owner');
  switch (info.type) {
    case 'levy': case 'manoeuvres': case 'church': return { use: true };
    case 'improvisation': return { use: true, option: 'crowns' };
    case 'recruit': case 'military': return { use: false };
  }
}

/** Empty track spaces a baron may put a shield on: blank, or numbered ≤ N (§2.6 [I]). */
export function freeSpaces(s: WkState): number[] {
  const n = s.players.length;
  return MERCENARY_TRACK.map((sp, i) => ({ sp, i })).filter(({ sp, i }) => s.track[i] === null && (sp.label === null || sp.label <= n)).map(({ i }) => i);
}

/** Distinct regions holding at least one of the baron's nobles, not at sea (Levy Taxes, §4.3). */
export const levyRegions = (s: WkState, b: BaronId): number =>
  new Set(Object.values(s.nobles).filter((x) => x.baron === b && x.location.kind === 'region').map((x) => (x.location as { region: string }).region)).size;

/**
 * [T §2.8, §4.3] Improvisation is "exactly one of" five options, and the card returns to hand: an
 * answer names its option (the default names +2 crowns, §9.2 #5) and carries that option's fields
 * alone (a space for the shield, one move, one attack; the consents the flow gathered aside); no
 * zone, no Military Operations flag. A decline carries nothing. The fields each option allows:
 */
const IMPROVISATION_FIELDS: Record<NonNullable<Extract<CardAnswer, { use: true }>['option']>, readonly string[]> = {
  crowns: [], vote: [], shield: ['space'], move: ['moves'], combat: ['attack'],
};

/** An Improvisation answer that is not exactly one option with its own fields (null: well formed). */
export function improvisationStray(answer: CardAnswer): ActionRefusal | null {
  // `permissions` are the consents the flow gathered (#6), never the baron's own (answers.ts ownPart)
  const keys = Object.keys(answer).filter((k) => k !== 'use' && k !== 'permissions' && (answer as Record<string, unknown>)[k] !== undefined);
  if (!answer.use) return keys.length ? 'improvisation-one' : null;
  const allowed = answer.option ? IMPROVISATION_FIELDS[answer.option] : undefined;
  if (!allowed) return 'improvisation-one';
  return keys.every((k) => k === 'option' || allowed.includes(k)) ? null : 'improvisation-one';
}

export function resolveBaronCard(s: WkState, baron: BaronId, given?: CardAnswer): ActionResult {
  const bad = (reason: ActionRefusal, args: Record<string, string | number> = {}): ActionResult => ({ ok: false, reason, message: fill(ACTION_REFUSALS[reason], args) });
  if (s.stage !== 'action' || s.current === null) return bad('no-card');
  if (s.combat) return bad('in-combat'); // the card's combat answers through resumeCombat
  const card = s.current;
  const info = actionCard(card);
  if (info.neutral || info.owner !== baron) return bad(info.neutral ? 'no-card' : 'not-yours');
  const answer = given ?? defaultAnswer(s);
  if (info.type === 'improvisation') { const stray = improvisationStray(answer); if (stray) return bad(stray); }
  else if (answer.use && answer.option !== undefined) return bad('not-improvisation'); // an option belongs to Improvisation alone
  const out = structuredClone(s);
  const me = out.barons[baron];
  const c = out.config;
  let zones = allowedZones(info.type);
  if (answer.use) {
    switch (info.type) {
      case 'levy': {
        const gain = levyRegions(out, baron) * c.actions.levyPerRegion;
        me.crowns += gain;
        out.log.push({ t: 'crowns', baron, amount: gain });
        break;
      }
      case 'recruit': {
        // [T §2.8] a free shield on an empty space numbered ≤ N
        if (me.shields <= 0) return bad('no-shield');
        const space = answer.space ?? freeSpaces(out)[0]; // [P] the leftmost free space when he names none
        if (space === undefined || !freeSpaces(out).includes(space)) return bad('bad-space', { n: out.players.length });
        out.track[space] = baron;
        me.shields--;
        break;
      }
      case 'manoeuvres': {
        me.votes += c.actions.manoeuvresVotes;
        out.log.push({ t: 'votes', baron, amount: c.actions.manoeuvresVotes });
        // [T §4.3] strictly more votes than every other baron → Chairman; a banished baron never
        if (!me.banished && out.players.every((o) => o === baron || out.barons[o].votes < me.votes) && out.chairman !== baron) {
          out.chairman = baron;
          out.log.push({ t: 'chairman', baron });
        }
        break;
      }
      case 'church': {
        me.faith += c.actions.churchFaith;
        out.log.push({ t: 'faith', baron, amount: c.actions.churchFaith });
        // [T §4.3] strictly more Faith than every other baron → Church Support; ties: the holder keeps it
        if (out.players.every((o) => o === baron || out.barons[o].faith < me.faith) && out.church !== baron) {
          out.church = baron;
          out.log.push({ t: 'church', baron });
        }
        break;
      }
      case 'military': {
        // [T §4.3] one region R: Ready nobles move into it, each by its own route (§6.4 transfers on
        // the way, transfers.ts); then one combat in R if he wishes (engage.ts); all flipped at the end
        if (answer.combat && !answer.attack) return bad('bad-option');
        const moves = answer.moves ?? [];
        const dest = new Set(moves.map((m) => m.path[m.path.length - 1]));
        if (dest.size > 1 || new Set(moves.map((m) => m.noble)).size !== moves.length) return bad('bad-option');
        for (const m of moves) {
          const check = applyCardMove(out, baron, m, answer.permissions);
          if (!check.ok) return { ok: false, reason: 'bad-move', message: check.message };
        }
        liftAbandonedSieges(out);
        if (answer.attack) {
          zones = moves.length > 0 ? ['wages', 'assembly'] : ['assembly']; // [T §4.2.2] attack only → Assembly; both → his choice
          if (answer.zone !== undefined && !zones.includes(answer.zone)) return bad('bad-zone', { zones: zones.join(', ') });
          const r = Array.isArray(answer.attack.armies) ? answer.attack.armies.map((id) => own(out.nobles, id)?.location).find((l) => l?.kind === 'region') : undefined;
          if (moves.length > 0 && (!r || r.kind !== 'region' || !dest.has(r.region))) return bad('bad-option'); // the card's one region
          return startCombat(out, baron, card, answer.attack, moves.map((m) => m.noble), answer.zone ?? null, zones);
        }
        for (const m of moves) out.nobles[m.noble]!.ready = false; // [T §6.1] flipped once the card is resolved
        if (moves.length > 0) zones = ['wages']; // [T §4.2.2] move only → Wages
        break;
      }
      case 'improvisation': {
        if (answer.option === 'crowns') { me.crowns += c.actions.improvisationCrowns; out.log.push({ t: 'crowns', baron, amount: c.actions.improvisationCrowns }); }
        else if (answer.option === 'vote') { me.votes += c.actions.improvisationVotes; out.log.push({ t: 'votes', baron, amount: c.actions.improvisationVotes }); } // [P G-A15] never moves the Chairman
        else if (answer.option === 'shield') {
          // [T §2.8 (e)] a shield on an empty allowed space, paying the cost printed under it
          if (me.shields <= 0) return bad('no-shield');
          const space = answer.space;
          if (space === undefined || !freeSpaces(out).includes(space)) return bad('bad-space', { n: out.players.length });
          const cost = MERCENARY_TRACK[space]!.cost;
          if (me.crowns < cost) return bad('cannot-pay', { n: cost });
          me.crowns -= cost;
          out.track[space] = baron;
          me.shields--;
        } else if (answer.option === 'move') {
          // [T §2.8 (c)] one Ready noble moves, then is exhausted
          const m = answer.moves?.[0];
          if (!m || (answer.moves?.length ?? 0) !== 1) return bad('bad-option');
          const check = applyCardMove(out, baron, m, answer.permissions);
          if (!check.ok) return { ok: false, reason: 'bad-move', message: check.message };
          out.nobles[m.noble]!.ready = false;
          liftAbandonedSieges(out);
        } else if (answer.option === 'combat') {
          // [T §2.8 (d)] one combat, no move; the participants exhausted (engage.ts)
          if (!answer.attack || (answer.moves?.length ?? 0) > 0) return bad('bad-option');
          return startCombat(out, baron, card, answer.attack, [], null, []);
        }
        else return bad('bad-option');
        break;
      }
    }
  } else {
    out.log.push({ t: 'declined', card });
  }
  return closeCard(out, baron, card, answer.zone, zones);
}

/** The card leaves (§4.2.2): Improvisation back to hand, the others to an allowed zone; then the triggers. Mutates `out`. */
function closeCard(out: WkState, baron: BaronId, card: string, zone: Zone | undefined | null, zones: readonly Zone[]): ActionResult {
  const bad = (reason: ActionRefusal, args: Record<string, string | number> = {}): ActionResult => ({ ok: false, reason, message: fill(ACTION_REFUSALS[reason], args) });
  const info = actionCard(card);
  out.current = null;
  out.combat = null;
  out.toAct = [out.chairman];
  out.step = 'A1';
  if (info.type === 'improvisation') {
    out.barons[baron].hand.push(card);
    out.log.push({ t: 'to-hand', card });
  } else {
    const z = zone ?? defaultZone(out, zones);
    if (!z || !zones.includes(z)) return bad('bad-zone', { zones: zones.join(', ') });
    out.zones[z].push(card);
    out.log.push({ t: 'discarded', card, zone: z });
  }
  if (out.stage !== 'over') queueTriggers(out); // over: the last baron standing won (rules/elimination.ts)
  return { ok: true, state: out };
}

/** Zones for a card whose combat has ended: Military Operations to the Assembly, or Wages/Assembly if it also moved [T §4.2.2]. */
const combatZones = (card: string, moved: number): readonly Zone[] =>
  actionCard(card).type === 'improvisation' ? [] : moved > 0 ? ['wages', 'assembly'] : ['assembly'];

function startCombat(out: WkState, baron: BaronId, card: string, setup: CombatSetup, moved: string[], zone: Zone | null, zones: readonly Zone[]): ActionResult {
  const r = engage(out, baron, card, setup, moved, zone);
  if (!r.ok) return { ok: false, reason: 'bad-combat', message: r.message };
  if (r.state.combat?.stage !== 'done') return { ok: true, state: r.state };
  return closeCard(r.state, baron, card, zone, zones);
}

/**
 * The combat waiting on a Military Operations or Improvisation card (A6, A7): runs its stage with
 * the answers (rules/battle.ts); when it ends, the card is discarded as its use says.
 */
export function resumeCombat(s: WkState, answers?: CombatAnswers, inject?: Shuffle): ActionResult {
  if (!s.combat || s.current === null) return { ok: false, reason: 'no-card', message: ACTION_REFUSALS['no-card'] };
  const r = runCombat(s, answers, inject);
  if (!r.ok) return { ok: false, reason: 'bad-combat', message: r.message };
  const f = r.state.combat!;
  if (f.stage !== 'done') return { ok: true, state: r.state };
  return closeCard(r.state, f.attacker, f.card, f.zone, combatZones(f.card, f.moved.length));
}

/**
 * §4.2.4: a zone with 2N cards fires its phase; N + 1 shields fire the Draft. Recruit Troops can
 * fire both: the discard is checked first, so Wages comes before the Draft (TV-03, TV-04). Each
 * fires once while pending [P G-A58].
 */
export function queueTriggers(s: WkState): void {
  const n = s.players.length;
  const byZone: Record<Zone, 'taxation' | 'wages' | 'assembly'> = { taxes: 'taxation', wages: 'wages', assembly: 'assembly' };
  for (const z of ZONES) {
    if (s.zones[z].length >= zoneThreshold(s.config, n) && !s.pendingPhases.includes(byZone[z])) {
      s.pendingPhases.push(byZone[z]);
      s.log.push({ t: 'triggered', phase: byZone[z] });
    }
  }
  if (s.track.filter((x) => x !== null).length >= draftShields(s.config, n) && !s.pendingPhases.includes('draft')) {
    s.pendingPhases.push('draft');
    s.log.push({ t: 'triggered', phase: 'draft' });
  }
}
