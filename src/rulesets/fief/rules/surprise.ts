/**
 * Surprise cards (⚡), rules §6.5 [T §9.0, §10.0] with §11.3 (timing), as pure rules: each card
 * played at a moment the rules allow, checked with a typed refusal in French and English, its
 * effect applied, the card discarded (or put in play: d'Arc beside her lady, a Cardinal card under
 * its hat).
 *
 * Entry points for the flow (flow.ts):
 * - `checkSurprise(state, player, play, moment)`: the refusal, or null. `SURPRISE_REFUSALS` holds
 *   both languages. A refusal tells only the player who tried (§11.3 point 1).
 * - `playSurprise(state, player, play, moment)`: the card played and its effect, or the refusal.
 * - `legalSurprises(state, player, moment)`: every play open to him now (prompts, bots).
 * - The Revolt's "join revolt" window [P G-19]: `openRevolt` (the first card, its player chooses
 *   the order of the attacked later, #36), `joinRevolt` (more Revolt cards on the same village by
 *   anyone, or a Tunnel to cancel the walls), `closeRevolt` (the cards still in hand resolved
 *   together by revolt.ts `resolveRevolt` with the calming answers #38, then discarded).
 * - 2.A: `playInsteadOfDiscard(state, player, plays)`: ⚡ cards played in the player's discard
 *   sub-step instead of being discarded [T-FAQ]; turn.ts hands it to `runDrawStep`.
 *
 * Moments (§11.3): 'draw' (the draw sub-step of 2.A: nothing [T §2.4, T-FAQ]), 'discard' (2.A,
 * instead of discarding), 'hold' (any hold point or unlocked moment), 'battle' (a battle's hold
 * points, with its sides: Ambush and the attackers' Tunnel too, battle-surprises.ts), 'revolt-window'
 * (only Revolt cards on that village and a Tunnel [P G-19]), 'resolving' (a resolution under way:
 * every surprise is refused, the no-surprise-on-surprise lock).
 *
 * The cards [T §9.1, §9.2, §10.1–§10.5]:
 * - d'Arc: on an unmarried lady of any family (a prisoner too); she is d'Arc until she dies.
 * - Cardinal: on any bishop not yet a cardinal; the hat of the card (`CARDINAL_n` → `CARDINAL:n`,
 *   else the first free card hat [P]); the pope's prior consent when a pope is in play and is not
 *   the card's player (#5, default refuse); a crown prince loses the status [T §1.8.2].
 * - Assassination: any lord of another family, king, queen, pope and prisoners included — the only
 *   way to kill a prisoner (seed §6.2.4); one of the player's own lords is the sponsor and bears the
 *   assassin marker until he dies; a player with no lord cannot play it [P G-39].
 * - Justice: on a sponsor (any family, the player's own too [P G-39]), not a prisoner (seed §6.2.4,
 *   issue 15: the French over G-22), never the king, the queen, the crown prince or the pope.
 * - Tunnel, at any time: a prisoner freed without ransom, with any other prisoners of the same
 *   village the player names [P G-38]; each placed by the cascade (#12, the owner's village, default
 *   the first of the highest level; where only a consent would do, #13 through `freeing`, else free
 *   where he stands [P G-57]).
 *   In a movement step the Tunnel is movement.ts's `tunnel` flag; in a battle, battle-surprises.ts;
 *   in a revolt, `joinRevolt`.
 * - Ambush: battle moments only (battle-surprises.ts, TV-46).
 * Deaths go through `killLord` (#39 heirs and the Tooth of St Géronce #38a as answers).
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import { BOARD, type VillageId } from '../board.ts';
import { CARD_KINDS, cardKind, type CardId } from '../cards.ts';
import { CARDINAL_HATS, type CardinalHat, type FiefState, type LordId, type TitleId } from '../state.ts';
import { applyBattleSurprise, battleSurpriseRefusal, BATTLE_SURPRISE_REFUSALS, type BattleContext, type BattleSurpriseRefusal } from './battle-surprises.ts';
import type { D6 } from './dice.ts';
import { killLord } from './kill-lord.ts';
import { checkRevolt, resolveRevolt, REVOLT_REFUSALS, revoltCauses, type RevoltAnswers, type RevoltCard, type RevoltCause, type RevoltOutcome } from './revolt.ts';
import { freeAndPlace, type Freeing } from './settle.ts';

/** A Revolt's "join revolt" window [P G-19]: the cards committed so far, and the Tunnel if one was added. */
export interface RevoltWindow { village: VillageId; cards: RevoltCard[]; tunnel: { player: PlayerId; card: CardId } | null }

export type Moment =
  | { kind: 'draw' } | { kind: 'discard' } | { kind: 'hold' } | { kind: 'resolving' }
  | { kind: 'battle'; battle: BattleContext }
  | { kind: 'revolt-window'; window: RevoltWindow };

type Heirs = Partial<Record<TitleId, LordId>>;
export type SurprisePlay =
  | { card: CardId; darc: LordId }
  | { card: CardId; cardinal: LordId; popeConsents?: boolean }
  | { card: CardId; assassinate: LordId; sponsor: LordId; heirs?: Heirs; geronce?: boolean }
  | { card: CardId; justice: LordId; heirs?: Heirs; geronce?: boolean }
  | { card: CardId; free: LordId; also?: readonly LordId[]; places?: Partial<Record<LordId, VillageId>> }
  | { card: CardId; revolt: VillageId; cause: RevoltCause }
  | { card: CardId; revoltTunnel: true }
  | { card: CardId; ambush: LordId }
  | { card: CardId; battleTunnel: true };

export type SurpriseRefusal =
  | 'during-draw' | 'locked' | 'not-in-hand' | 'not-a-surprise' | 'wrong-card' | 'wrong-moment' | 'unknown-lord'
  | 'not-a-lady' | 'married' | 'darc-in-play'
  | 'not-a-bishop' | 'already-cardinal' | 'no-hat' | 'pope-refused'
  | 'own-family' | 'no-sponsor'
  | 'not-a-sponsor' | 'prisoner' | 'untouchable'
  | 'not-a-prisoner' | 'other-village'
  | 'no-cause' | 'own-tax' | 'other-revolt' | 'tunnel-already'
  | Exclude<BattleSurpriseRefusal, 'not-in-hand' | 'wrong-card' | 'tunnel-already'>;

export const SURPRISE_REFUSALS: Record<SurpriseRefusal, Localized> = {
  'during-draw': { fr: 'Aucune carte surprise ne se joue pendant la pioche.', en: 'No surprise card may be played while cards are being drawn.' },
  locked: { fr: 'Une résolution est en cours : rejouez votre carte quand elle sera finie.', en: 'A resolution is under way: play your card again once it is over.' },
  'not-in-hand': REVOLT_REFUSALS['not-in-hand'],
  'not-a-surprise': { fr: 'Cette carte n’est pas une carte surprise.', en: 'That card is not a surprise card.' },
  'wrong-card': { fr: 'Cette carte ne produit pas cet effet.', en: 'That card does not have this effect.' },
  'wrong-moment': { fr: 'Cette carte ne se joue pas ainsi en ce moment.', en: 'That card cannot be played this way at this moment.' },
  'unknown-lord': { fr: 'Ce seigneur n’est pas en jeu.', en: 'That lord is not in play.' },
  'not-a-lady': { fr: 'd’Arc se joue sur une dame.', en: 'd’Arc is played on a lady.' },
  married: { fr: 'Cette dame est mariée : d’Arc ne se joue que sur une dame non mariée.', en: 'That lady is married: d’Arc is played only on an unmarried lady.' },
  'darc-in-play': { fr: 'Une dame d’Arc est déjà en jeu.', en: 'A d’Arc lady is already in play.' },
  'not-a-bishop': { fr: 'Le chapeau de cardinal ne va qu’à un évêque.', en: 'The cardinal’s hat goes only to a bishop.' },
  'already-cardinal': { fr: 'Ce seigneur est déjà cardinal.', en: 'That lord is already a cardinal.' },
  'no-hat': { fr: 'Il ne reste aucun chapeau de cardinal libre.', en: 'No cardinal’s hat is left.' },
  'pope-refused': { fr: 'Le pape n’a pas donné son accord préalable à ce nouveau cardinal.', en: 'The pope has not given his prior consent to this new cardinal.' },
  'own-family': { fr: 'On n’assassine pas un seigneur de sa propre famille.', en: 'You cannot assassinate a lord of your own family.' },
  'no-sponsor': { fr: 'Il faut nommer l’un de vos seigneurs comme commanditaire.', en: 'You must name one of your own lords as the sponsor.' },
  'not-a-sponsor': { fr: 'Ce seigneur n’a commandité aucun assassinat.', en: 'That lord has sponsored no assassination.' },
  prisoner: { fr: 'Un prisonnier ne peut être tué que par un Assassinat.', en: 'A prisoner can be killed only by an Assassination.' },
  untouchable: { fr: 'La Justice n’atteint ni le roi, ni la reine, ni le prince héritier, ni le pape.', en: 'Justice does not reach the king, the queen, the crown prince or the pope.' },
  'not-a-prisoner': { fr: 'Ce seigneur n’est pas prisonnier.', en: 'That lord is not a prisoner.' },
  'other-village': { fr: 'Les autres prisonniers délivrés doivent être dans le même village.', en: 'The other prisoners freed must be in the same village.' },
  'no-cause': REVOLT_REFUSALS['no-cause'],
  'own-tax': REVOLT_REFUSALS['own-tax'],
  'other-revolt': { fr: 'Cette révolte porte sur un autre village.', en: 'This revolt is about another village.' },
  'tunnel-already': { fr: 'Un Souterrain sert déjà ici.', en: 'A Tunnel is already in use here.' },
  'not-engaged': BATTLE_SURPRISE_REFUSALS['not-engaged'],
  'not-opposing': BATTLE_SURPRISE_REFUSALS['not-opposing'],
  'not-attacking': BATTLE_SURPRISE_REFUSALS['not-attacking'],
};

export type SurpriseEffect =
  | { kind: 'darc'; lady: LordId }
  | { kind: 'cardinal'; bishop: LordId; hat: CardinalHat }
  | { kind: 'assassination'; target: LordId; sponsor: LordId; died: boolean }
  | { kind: 'justice'; target: LordId; died: boolean }
  | { kind: 'freed'; lords: { lord: LordId; at: VillageId | null }[] }
  | { kind: 'revolt-window'; window: RevoltWindow }
  | { kind: 'battle'; play: SurprisePlay };

export type SurpriseResult = { ok: true; state: FiefState; effect: SurpriseEffect } | { ok: false; reason: SurpriseRefusal };

const ROYAL_OR_PAPAL: readonly TitleId[] = ['KING', 'QUEEN', 'CROWN_PRINCE', 'POPE'];
const isHat = (t: TitleId): t is CardinalHat => (CARDINAL_HATS as readonly TitleId[]).includes(t);

/** The hat a Cardinal card brings: its own (`CARDINAL_2` → `CARDINAL:2`) if free, else the first free card hat [P]. */
function hatFor(s: FiefState, card: CardId): CardinalHat | null {
  const own = `CARDINAL:${card.replace(/^CARDINAL_/, '')}` as CardinalHat;
  const free = (h: CardinalHat) => h !== 'CARDINAL:BOUGHT' && s.titles[h] && s.titles[h].holder === null && s.titles[h].card === null;
  if ((CARDINAL_HATS as readonly string[]).includes(own) && free(own)) return own;
  return CARDINAL_HATS.find(free) ?? null;
}

const battleOnly = (p: SurprisePlay) => 'ambush' in p || 'battleTunnel' in p;
const windowOnly = (p: SurprisePlay) => 'revoltTunnel' in p;
const kindOfPlay = (p: SurprisePlay) =>
  'darc' in p ? 'DARC' : 'cardinal' in p ? 'CARDINAL' : 'assassinate' in p ? 'ASSASSINATION' : 'justice' in p ? 'JUSTICE'
    : 'free' in p || 'revoltTunnel' in p || 'battleTunnel' in p ? 'TUNNEL' : 'revolt' in p ? 'REVOLT' : 'AMBUSH';

/** May `player` play this surprise now? null when he may. */
export function checkSurprise(s: FiefState, player: PlayerId, play: SurprisePlay, moment: Moment): SurpriseRefusal | null {
  if (moment.kind === 'draw') return 'during-draw'; // [T §2.4, T-FAQ]
  if (moment.kind === 'resolving') return 'locked'; // §11.3 point 1
  if (!(s.hands[player] ?? []).includes(play.card)) return 'not-in-hand';
  let kind;
  try { kind = cardKind(play.card); } catch { return 'not-in-hand'; }
  if (CARD_KINDS[kind].timing !== 'surprise') return 'not-a-surprise';
  if (kind !== kindOfPlay(play)) return 'wrong-card';
  // The window relaxes the lock for Revolt cards on its village and a Tunnel only [P G-19].
  if (moment.kind === 'revolt-window') {
    if ('revolt' in play) { if (play.revolt !== moment.window.village) return 'other-revolt'; }
    else if ('revoltTunnel' in play) { if (moment.window.tunnel) return 'tunnel-already'; return null; }
    else return 'locked';
  } else if (windowOnly(play)) return 'wrong-moment';
  if (battleOnly(play)) {
    if (moment.kind !== 'battle') return 'wrong-moment';
    const sp = 'ambush' in play ? { player, card: play.card, ambush: play.ambush } : { player, card: play.card, tunnel: true as const };
    return battleSurpriseRefusal(s, moment.battle, sp);
  }
  if ('darc' in play) { // §6.5.1 [T §9.1]
    const l = s.lords[play.darc];
    if (!l) return 'unknown-lord';
    if (l.gender !== 'F') return 'not-a-lady';
    if (l.spouse) return 'married';
    if (s.darcCard !== null || Object.values(s.lords).some((x) => x.darc)) return 'darc-in-play';
    return null;
  }
  if ('cardinal' in play) { // §6.5.2 [T §9.2, §1.5]
    const l = s.lords[play.cardinal];
    if (!l) return 'unknown-lord';
    if (!l.titles.some((t) => t.startsWith('BISHOP:'))) return 'not-a-bishop';
    if (l.titles.some(isHat)) return 'already-cardinal';
    if (!hatFor(s, play.card)) return 'no-hat';
    const pope = s.titles.POPE.holder;
    if (pope && s.lords[pope]?.owner !== player && play.popeConsents !== true) return 'pope-refused'; // #5 default refuse
    return null;
  }
  if ('assassinate' in play) { // §6.5.4 [T §10.3, §6.2.4, P G-39]
    const t = s.lords[play.assassinate];
    if (!t) return 'unknown-lord';
    if (t.owner === player) return 'own-family';
    const sponsor = s.lords[play.sponsor];
    if (!sponsor || sponsor.owner !== player) return 'no-sponsor';
    return null;
  }
  if ('justice' in play) { // §6.5.4 [T §10.4, seed §6.2.4]
    const t = s.lords[play.justice];
    if (!t) return 'unknown-lord';
    if (!t.assassinSponsor) return 'not-a-sponsor';
    if (t.titles.some((x) => ROYAL_OR_PAPAL.includes(x))) return 'untouchable';
    if (t.prisonerOf !== null) return 'prisoner'; // the French over [P G-22] (issue 15)
    return null;
  }
  if ('free' in play) { // §6.5.5 [T §10.2.3, P G-38]
    const t = s.lords[play.free];
    if (!t) return 'unknown-lord';
    if (t.prisonerOf === null || !t.at) return 'not-a-prisoner';
    for (const id of play.also ?? []) {
      const o = s.lords[id];
      if (!o) return 'unknown-lord';
      if (o.prisonerOf === null) return 'not-a-prisoner';
      if (o.at?.village !== t.at.village) return 'other-village';
    }
    return null;
  }
  // A Revolt [T §10.1, P G-20] (TV-23).
  const r = checkRevolt(s, play.revolt, { player, card: play.card, cause: play.cause });
  if (r === 'not-a-revolt') return 'wrong-card';
  return r;
}

/** Plays a surprise card: its effect, the card discarded or put in play. */
/**
 * `freeing`: the #13 answers for the prisoners a Tunnel frees, or an Assassination or Justice frees
 * by killing their jailer's last piece, and where the choices they open are recorded (settle.ts):
 * inside a battle the answers of its replay; at a hold outside a battle only the record (the play
 * acts at once, the flow asks afterwards, flow.ts `placing`); without it, the default (the cascade,
 * else free where he stands [P G-57]).
 */
export function playSurprise(state: FiefState, player: PlayerId, play: SurprisePlay, moment: Moment, freeing?: Freeing): SurpriseResult {
  const refused = checkSurprise(state, player, play, moment);
  if (refused) return { ok: false, reason: refused };
  if ('revolt' in play) { // the card stays in hand, committed, until the window closes
    const card: RevoltCard = { player, card: play.card, cause: play.cause };
    const window: RevoltWindow = moment.kind === 'revolt-window'
      ? { ...moment.window, cards: [...moment.window.cards.filter((c) => c.card !== play.card), card] }
      : { village: play.revolt, cards: [card], tunnel: null };
    return { ok: true, state, effect: { kind: 'revolt-window', window } };
  }
  if ('revoltTunnel' in play) { // checked: only in a window; the card stays in hand, committed, until it closes
    const window = moment.kind === 'revolt-window' ? moment.window : { village: '', cards: [], tunnel: null };
    return { ok: true, state, effect: { kind: 'revolt-window', window: { ...window, tunnel: { player, card: play.card } } } };
  }
  const s = structuredClone(state);
  const spend = () => { s.hands[player] = s.hands[player]!.filter((c) => c !== play.card); };
  if ('ambush' in play || 'battleTunnel' in play) {
    applyBattleSurprise(s, 'ambush' in play ? { player, card: play.card, ambush: play.ambush } : { player, card: play.card, tunnel: true });
    return { ok: true, state: s, effect: { kind: 'battle', play } };
  }
  if ('darc' in play) {
    spend();
    s.lords[play.darc]!.darc = true;
    s.darcCard = play.card; // beside her lord card [T §9.1]
    return { ok: true, state: s, effect: { kind: 'darc', lady: play.darc } };
  }
  if ('cardinal' in play) {
    spend();
    const hat = hatFor(s, play.card)!;
    s.titles[hat].holder = play.cardinal;
    s.titles[hat].card = play.card; // under its hat [T §1.5]
    s.lords[play.cardinal]!.titles.push(hat);
    // [T §1.8.2] a crown prince who gains a religious title loses the status.
    if (s.titles.CROWN_PRINCE.holder === play.cardinal) { s.titles.CROWN_PRINCE.holder = null; s.lords[play.cardinal]!.titles = s.lords[play.cardinal]!.titles.filter((t) => t !== 'CROWN_PRINCE'); }
    return { ok: true, state: s, effect: { kind: 'cardinal', bishop: play.cardinal, hat } };
  }
  if ('assassinate' in play) {
    spend();
    s.secret.eventDiscard.push(play.card);
    s.lords[play.sponsor]!.assassinSponsor = true; // [P G-39] until he dies
    const died = killLord(s, play.assassinate, 'assassination', play.heirs, play.geronce, freeing); // #13 for the prisoners he held, inside a battle
    return { ok: true, state: s, effect: { kind: 'assassination', target: play.assassinate, sponsor: play.sponsor, died } };
  }
  if ('justice' in play) {
    spend();
    s.secret.eventDiscard.push(play.card);
    const died = killLord(s, play.justice, 'justice', play.heirs, play.geronce, freeing); // beheaded; his Lord card discarded; #13 as above
    return { ok: true, state: s, effect: { kind: 'justice', target: play.justice, died } };
  }
  // A Tunnel frees prisoners [T §10.2.3, P G-38].
  spend();
  s.secret.eventDiscard.push(play.card);
  const lords = [play.free, ...(play.also ?? []).filter((id) => id !== play.free)];
  const freed = lords.map((lord) => ({ lord, at: freeAndPlace(s, lord, play.places?.[lord], freeing) })); // #13 where only a consent would place him
  return { ok: true, state: s, effect: { kind: 'freed', lords: freed } };
}

// ─── The Revolt's window [T §10.1, P G-19] ─────────────────────────────────────────────────────

/** The first Revolt card: opens the "join revolt" window (the flow holds it as a frame). */
export function openRevolt(state: FiefState, player: PlayerId, play: { card: CardId; revolt: VillageId; cause: RevoltCause }, moment: Moment = { kind: 'hold' }): { ok: true; window: RevoltWindow } | { ok: false; reason: SurpriseRefusal } {
  if (moment.kind === 'revolt-window') return { ok: false, reason: 'locked' };
  const r = playSurprise(state, player, play, moment);
  return r.ok ? { ok: true, window: (r.effect as { window: RevoltWindow }).window } : r;
}

/** Another Revolt card on the same village, or a Tunnel against the walls, while the window is open. */
export function joinRevolt(state: FiefState, window: RevoltWindow, player: PlayerId, play: { card: CardId; revolt: VillageId; cause: RevoltCause } | { card: CardId; revoltTunnel: true }): { ok: true; window: RevoltWindow } | { ok: false; reason: SurpriseRefusal } {
  if (window.cards.some((c) => c.card === play.card) || window.tunnel?.card === play.card) return { ok: false, reason: 'not-in-hand' }; // committed already
  const r = playSurprise(state, player, play, { kind: 'revolt-window', window });
  return r.ok ? { ok: true, window: (r.effect as { window: RevoltWindow }).window } : r;
}

/**
 * The window closes: the cards still held and still legal are resolved together (revolt.ts: calming
 * #38, dice, the attacked in the first card's player's order #36, losses #37), the Tunnel discarded
 * if one was added. A card traded away or no longer legal meanwhile simply drops out.
 */
export function closeRevolt(state: FiefState, window: RevoltWindow, answers: Omit<RevoltAnswers, 'tunnel'>, d6: D6, combatDie: D6): { state: FiefState; outcome: RevoltOutcome; cards: RevoltCard[] } {
  const cards = window.cards.filter((c, i) => window.cards.findIndex((x) => x.card === c.card) === i && checkRevolt(state, window.village, c) === null);
  const tunnel = window.tunnel && (state.hands[window.tunnel.player] ?? []).includes(window.tunnel.card) ? window.tunnel : null;
  let s = state;
  if (tunnel) {
    s = structuredClone(state);
    s.hands[tunnel.player] = s.hands[tunnel.player]!.filter((c) => c !== tunnel.card);
    s.secret.eventDiscard.push(tunnel.card);
  }
  if (cards.length === 0) return { state: s, outcome: { calming: [], dice: [], damage: 0, attacked: [], wipedOut: false, lordsKilled: [], heirChoices: [], freedChoices: [], destroyed: { mills: 0, castle: false } }, cards };
  const r = resolveRevolt(s, window.village, cards, { ...answers, tunnel: tunnel !== null }, d6, combatDie);
  return { ...r, cards };
}

// ─── What a player may play now ────────────────────────────────────────────────────────────────

/**
 * Every surprise play open to `player` at `moment` (for prompts and bots): one entry per card and
 * target. Assassination names his first lord as sponsor (he may name another); a Cardinal needing
 * the pope's consent is listed with `popeConsents: true` and `needs: 'pope-consent'`.
 */
export function legalSurprises(s: FiefState, player: PlayerId, moment: Moment): { play: SurprisePlay; needs?: 'pope-consent' }[] {
  const out: { play: SurprisePlay; needs?: 'pope-consent' }[] = [];
  const lords = Object.values(s.lords);
  const ok = (play: SurprisePlay) => checkSurprise(s, player, play, moment) === null;
  for (const card of s.hands[player] ?? []) {
    let kind;
    try { kind = cardKind(card); } catch { continue; }
    const candidates: SurprisePlay[] = [];
    if (kind === 'DARC') for (const l of lords) candidates.push({ card, darc: l.id });
    if (kind === 'CARDINAL') for (const l of lords) {
      if (ok({ card, cardinal: l.id })) out.push({ play: { card, cardinal: l.id } });
      else if (ok({ card, cardinal: l.id, popeConsents: true })) out.push({ play: { card, cardinal: l.id, popeConsents: true }, needs: 'pope-consent' });
    }
    const sponsor = s.families[player]?.lords[0];
    if (kind === 'ASSASSINATION' && sponsor) for (const l of lords) candidates.push({ card, assassinate: l.id, sponsor });
    if (kind === 'JUSTICE') for (const l of lords) candidates.push({ card, justice: l.id });
    if (kind === 'TUNNEL') {
      for (const l of lords) candidates.push({ card, free: l.id });
      candidates.push({ card, revoltTunnel: true }, { card, battleTunnel: true });
    }
    if (kind === 'REVOLT') for (const v of BOARD.villageIds) for (const cause of revoltCauses(s, v, player)) candidates.push({ card, revolt: v, cause });
    if (kind === 'AMBUSH') for (const l of lords) candidates.push({ card, ambush: l.id });
    for (const play of candidates) if (ok(play)) out.push({ play });
  }
  return out;
}

// ─── 2.A: a ⚡ card played instead of being discarded [T-FAQ] ───────────────────────────────────

export interface DiscardPlayLine { play: SurprisePlay; refused: SurpriseRefusal | null; effect?: SurpriseEffect }

/**
 * In his 2.A slot, before his draws, the player plays ⚡ cards instead of discarding them [T-FAQ].
 * `freeing`: #13 for the lords a Tunnel (or a jailer's death) frees, as in a battle: the answers so
 * far and the choices recorded, the flow asking `2.A/free/<lord>` before the step runs.
 * A Revolt needs its window and goes through openRevolt / closeRevolt in the flow: here it is
 * refused ('wrong-moment'). Each play is checked on the state left by the previous one.
 */
export function playInsteadOfDiscard(state: FiefState, player: PlayerId, plays: readonly SurprisePlay[] = [], freeing?: Freeing): { state: FiefState; lines: DiscardPlayLine[] } {
  let s = state;
  const lines: DiscardPlayLine[] = [];
  for (const play of plays.slice(0, s.config.family.handLimit)) { // a hand holds at most handLimit cards
    if ('revolt' in play) { lines.push({ play, refused: 'wrong-moment' }); continue; }
    const r = playSurprise(s, player, play, { kind: 'discard' }, freeing); // #13 as the flow asked it (the step is replayed)
    if (r.ok) { s = r.state; lines.push({ play, refused: null, effect: r.effect }); } else lines.push({ play, refused: r.reason });
  }
  return { state: s, lines };
}
