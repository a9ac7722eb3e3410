/**
 * The Revolt card (⚡), rules §6.5.3 [T §10.1, §1.4, §1.5] with [P G-19] and [P G-20], as a pure
 * resolution for the surprise protocol to come (the "join revolt" window, the hold points and the
 * prompts #36–#38 are the protocol's; their answers are inputs here, with the §11.4 defaults):
 * - a legal target: a village taxed (taille on its fief, tithe on its bishopric, the papal tithe on a
 *   governed bishopric [P G-20]) or starving (Famine on its bishopric); a player may not cite a tax
 *   he played himself [T-ex §10.1];
 * - calming, card by card: the bishop of the bishopric (not a prisoner) first, d6 ≥
 *   `church.bishopCalmFrom` calms, else he dies and the card stands; then the cardinals in turn order,
 *   `church.cardinalCalmCost` per card (or once, `cardinalCalmCostPerCard` false), d6 ≥
 *   `church.cardinalCalmFrom` calms, a failure costs no life; one attempt per card [P G-19] (#38,
 *   default: no attempt);
 * - dice = cards left − the fortification penalty (none with a Tunnel), at least 0; 0 dice: no
 *   effect [T §10.1 note]; damage = the dice + `combat.revoltBonusPerDie` per die [T-ex §10.1];
 * - the players present are attacked in the order the first card's player chooses (#36, default:
 *   the controller first, then turn order); each loses troops by the standard allocation (#37,
 *   default sergeants first); what is left after a player's last troop goes to the next [P G-19];
 * - no troop left in the village (or none there at all): every lord present dies, prisoners included
 *   [T §10.1 « prisonniers compris »], mills and castle go back to the supply, a city stands.
 * Dice: named streams `turn/T/revolt/V/…`; tests inject them (`combatDie` returns a die's face).
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import { BOARD, type VillageId } from '../board.ts';
import { cardKind, type CardId } from '../cards.ts';
import { CARDINAL_HATS, type FiefState, type LordId, type TitleId } from '../state.ts';
import { turnOrder } from '../turn-order.ts';
import { lossOutcome } from './combat.ts';
import type { D6 } from './dice.ts';
import { killWithHeir, type HeirChoice } from './kill-lord.ts';
import type { FreedChoice } from './settle.ts';
import { refreshControl, removeTroops, troopsOf } from './pieces.ts';

export type RevoltCause = 'taille' | 'tithe' | 'papal-tithe' | 'famine';
export interface RevoltCard { player: PlayerId; card: CardId; cause: RevoltCause }

export type RevoltRefusal = 'not-in-hand' | 'not-a-revolt' | 'no-cause' | 'own-tax';
export const REVOLT_REFUSALS: Record<RevoltRefusal, Localized> = {
  'not-in-hand': { fr: 'Vous n’avez pas cette carte en main.', en: 'You do not hold that card.' },
  'not-a-revolt': { fr: 'Cette carte n’est pas une Révolte.', en: 'That card is not a Revolt.' },
  'no-cause': { fr: 'Ce village n’est ni taxé ni affamé pour cette cause : pas de révolte possible.', en: 'That village is neither taxed nor starving for that cause: no revolt is possible.' },
  'own-tax': { fr: 'Vous ne pouvez pas soulever un village contre un impôt que vous avez levé vous-même.', en: 'You cannot raise a village against a tax you levied yourself.' },
};

/** §6.5.3 [P G-20]: the causes a player may cite against a village now. */
export function revoltCauses(s: FiefState, village: VillageId, player: PlayerId): RevoltCause[] {
  const v = BOARD.villages[village]!;
  const out: RevoltCause[] = [];
  const taille = s.taille[v.fief];
  if (taille && taille !== player) out.push('taille');
  if (s.bishoprics[v.bishopric].tithes.some((t) => t.player !== player)) out.push('tithe');
  if (s.papalTithe && s.papalTithe !== player && s.titles[`BISHOP:${v.bishopric}`].holder !== null) out.push('papal-tithe');
  if (s.bishoprics[v.bishopric].calamities.some((c) => cardKind(c) === 'FAMINE')) out.push('famine');
  return out;
}

/** May this card be played against this village for this cause (TV-23)? */
export function checkRevolt(s: FiefState, village: VillageId, r: RevoltCard): RevoltRefusal | null {
  if (!(s.hands[r.player] ?? []).includes(r.card)) return 'not-in-hand';
  if (cardKind(r.card) !== 'REVOLT') return 'not-a-revolt';
  if (revoltCauses(s, village, r.player).includes(r.cause)) return null;
  const v = BOARD.villages[village]!;
  const own = (r.cause === 'taille' && s.taille[v.fief] === r.player) || (r.cause === 'tithe' && s.bishoprics[v.bishopric].tithes.some((t) => t.player === r.player)) || (r.cause === 'papal-tithe' && s.papalTithe === r.player);
  return own ? 'own-tax' : 'no-cause';
}

export interface RevoltAnswers {
  /** #38: the bishop tries to calm (default no). */
  bishopTries?: boolean;
  /** #38: the cardinals (lords) who try, in any order (turn order is applied) (default none). */
  cardinalsTry?: LordId[];
  /** A Tunnel played in the window cancels the fortification penalty [T §10.1, §10.2]. */
  tunnel?: boolean;
  /** #36: the order of the players attacked (default the controller, then turn order). */
  attackOrder?: PlayerId[];
  /** #37: each attacked player's losses when not all his troops go (default sergeants first). */
  losses?: Partial<Record<PlayerId, { sergeants: number; knights: number }>>;
  /** #39: the heir each dead lord's owner named (dead lord → heir of all his fief titles); missing: the default. */
  heirs?: Partial<Record<LordId, LordId>>;
  /** #13: the controllers who agreed to host each freed lord whose placement needed a consent (present once asked). */
  agreed?: Partial<Record<LordId, readonly PlayerId[]>>;
}

export interface RevoltOutcome {
  calming: { card: CardId; by: LordId; as: 'bishop' | 'cardinal'; d6: number; calmed: boolean; paid: number }[];
  dice: number[];
  damage: number;
  attacked: { player: PlayerId; lost: { sergeants: number; knights: number } }[];
  wipedOut: boolean;
  lordsKilled: LordId[];
  /** #39: the deaths that opened a choice of heir, in order (the flow asks each owner, then resolves again). */
  heirChoices: HeirChoice[];
  /** #13: the freed lords (a dead jailer's prisoners) whose placement needed a consent, in order. */
  freedChoices: FreedChoice[];
  destroyed: { mills: number; castle: boolean };
}

const isCardinal = (s: FiefState, id: LordId) => s.lords[id]!.titles.some((t) => (CARDINAL_HATS as readonly TitleId[]).includes(t));

/** Resolves revolt cards played together on a village (checked with checkRevolt). d6 for calming, combatDie for the revolt's dice (a face). */
export function resolveRevolt(state: FiefState, village: VillageId, cards: readonly RevoltCard[], a: RevoltAnswers, d6: D6, combatDie: D6): { state: FiefState; outcome: RevoltOutcome } {
  const s = structuredClone(state);
  const c = s.config;
  const name = `turn/${s.cursor.turn}/revolt/${village}`;
  const out: RevoltOutcome = { calming: [], dice: [], damage: 0, attacked: [], wipedOut: false, lordsKilled: [], heirChoices: [], freedChoices: [], destroyed: { mills: 0, castle: false } };
  for (const r of cards) s.hands[r.player] = s.hands[r.player]!.filter((x) => x !== r.card);
  // 1. Calming, one card at a time [T §1.4, §1.5, P G-19].
  const b = BOARD.villages[village]!.bishopric;
  const order = turnOrder(s.players, s.firstPlayer ?? s.players[0]!);
  const cardinals = (a.cardinalsTry ?? []).filter((id) => s.lords[id] && isCardinal(s, id) && s.lords[id]!.prisonerOf === null)
    .sort((x, y) => order.indexOf(s.lords[x]!.owner) - order.indexOf(s.lords[y]!.owner));
  const deaths = { heirs: a.heirs ?? {}, choices: out.heirChoices, agreed: a.agreed ?? {}, freed: out.freedChoices };
  const paidOnce = new Set<LordId>();
  let standing = 0;
  cards.forEach((r, i) => {
    const bishop = s.titles[`BISHOP:${b}` as TitleId].holder;
    if (a.bishopTries && bishop && s.lords[bishop] && s.lords[bishop]!.prisonerOf === null) {
      const roll = d6(`${name}/card/${i}/bishop`);
      const calmed = roll >= c.church.bishopCalmFrom;
      out.calming.push({ card: r.card, by: bishop, as: 'bishop', d6: roll, calmed, paid: 0 });
      if (!calmed) { if (killWithHeir(s, bishop, 'calming', deaths)) out.lordsKilled.push(bishop); standing++; } // [T §1.4] the bishop dies, the revolt goes ahead
      return;
    }
    for (const id of cardinals) {
      const fam = s.families[s.lords[id]?.owner ?? '']!;
      if (!s.lords[id] || !fam) continue;
      const cost = c.church.cardinalCalmCostPerCard || !paidOnce.has(id) ? c.church.cardinalCalmCost : 0; // [P G-19]
      if (cost > fam.ecus) continue; // cannot pay: cannot try
      fam.ecus -= cost;
      paidOnce.add(id);
      const roll = d6(`${name}/card/${i}/cardinal/${id}`);
      const calmed = roll >= c.church.cardinalCalmFrom;
      out.calming.push({ card: r.card, by: id, as: 'cardinal', d6: roll, calmed, paid: cost });
      if (!calmed) standing++; // no death [T §1.5]
      return;
    }
    standing++;
  });
  for (const r of cards) s.secret.eventDiscard.push(r.card); // 7. the cards are discarded
  // 2–3. Dice [T §10.1].
  const v = s.villages[village]!;
  const penalty = a.tunnel ? 0 : v.fortification === 'CITY' ? c.combat.cityPenalty : v.fortification === 'CASTLE' ? c.combat.castlePenalty : 0;
  const n = Math.max(0, standing - penalty);
  if (n === 0) return { state: s, outcome: out }; // no effect, no bonus [T §10.1 note]
  // 4. Damage: the faces, plus the bonus per die [T-ex §10.1].
  for (let i = 0; i < n; i++) out.dice.push(combatDie(`${name}/die/${i}`));
  out.damage = out.dice.reduce((x, y) => x + y, 0) + c.combat.revoltBonusPerDie * n;
  // 5. The players attacked, in the chosen order [T §10.1, P G-19]; lords absorb nothing.
  const present = [...new Set(v.stacks.map((st) => st.player))];
  const dflt = [...present].sort((x, y) => (x === v.controller ? -1 : y === v.controller ? 1 : order.indexOf(x) - order.indexOf(y)));
  const chosen = (a.attackOrder ?? []).filter((p) => present.includes(p));
  const attackOrder = [...chosen, ...dflt.filter((p) => !chosen.includes(p))];
  let left = out.damage;
  for (const p of attackOrder) { // bounded by the players present
    if (left <= 0) break;
    const have = troopsOf(s, village, p);
    const lo = lossOutcome({ sergeants: have.sergeants, knights: have.knights, lords: [] }, left, c);
    if (lo.allTroops) {
      removeTroops(s, village, p, have.sergeants, have.knights);
      out.attacked.push({ player: p, lost: have });
      left -= have.sergeants * c.combat.damageSergeant + have.knights * c.combat.damageKnight;
      continue;
    }
    const want = a.losses?.[p];
    const pick = lo.choices.find((x) => want && x.sergeants === want.sergeants && x.knights === want.knights)
      ?? [...lo.choices].sort((x, y) => x.knights - y.knights)[0]!; // #37 default: sergeants first
    removeTroops(s, village, p, pick.sergeants, pick.knights);
    out.attacked.push({ player: p, lost: { sergeants: pick.sergeants, knights: pick.knights } });
    left = 0;
  }
  // 6. No troop left: every lord present dies, prisoners included; mills and castle destroyed [T §10.1].
  if (s.villages[village]!.stacks.length === 0) {
    out.wipedOut = true;
    // Prisoners first: a jailer's death would free them (§8.5.1) before the revolt reached them.
    const there = Object.values(s.lords).filter((x) => x.at?.village === village).sort((x, y) => Number(y.prisonerOf !== null) - Number(x.prisonerOf !== null));
    for (const l of there) if (s.lords[l.id]?.at?.village === village && killWithHeir(s, l.id, 'revolt', deaths)) out.lordsKilled.push(l.id); // #39: the owner's heir if he named one
    const vs = s.villages[village]!;
    out.destroyed = { mills: vs.mills, castle: vs.fortification === 'CASTLE' };
    s.supply.mills += vs.mills; vs.mills = 0;
    if (vs.fortification === 'CASTLE') { vs.fortification = null; s.supply.castleTiles += 1; } // a city stands
  }
  refreshControl(s, village);
  return { state: s, outcome: out };
}

/** The game's combat die: a d6 on a named stream read through the constants' faces [P G-02]. */
export const facesOf = (s: FiefState, d6: D6): D6 => (stream) => s.config.combat.dieFaces[d6(stream) - 1]!;
