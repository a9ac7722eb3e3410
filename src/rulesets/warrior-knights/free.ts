/**
 * Warrior Knights' one free action: crowns given at any time (§4.13 "at any time barons may … pay
 * each other crowns"; §9.1 item 7 "a Give crowns action usable at any moment (even while others are
 * being prompted), atomic, irrevocable, logged. Nothing else can be transferred"; §9.2 #42). It
 * goes through the engine's free-action contract as Fief's gifts do (`freeActions`,
 * `validateAction`, `act`): the platform applies it at once as a step of its own, recorded and
 * replayed (engine game.ts `takeAction`, `replay`), and checks the answers already given against
 * the new state (§9.1 item 7, §9.5: "legality of pending prompts is re-validated").
 *
 * - Refused: another action than `give-crowns`, a game over (or closed, or ended by its turn cap),
 *   a giver or receiver who is not a baron of the game, a gift to oneself, an amount that is not a
 *   whole number of at least 1, more than the giver holds. A paused game is refused by the
 *   platform (games/prompts.ts `takeFreeAction`, as for every free action). Allowed from the setup
 *   on (the barons hold their 15 crowns from S8) and during any prompt, the giver's or another's.
 *   The standard rules eliminate nobody (§7.3); with the "Player elimination" variant (§7.4,
 *   rules/elimination.ts) an eliminated baron takes no free action at all (crowns, heirs) and
 *   receives no crowns [P]: he is told so in French and English.
 * - Public (§2.12, §9.4: crowns totals are public [P]): every baron is told who gave how much to
 *   whom (`crowns-given`, events.ts, French and English); `freeActionAudience` is left out (everyone).
 * - Not written in the rules' log (`wk.log`): that log holds the events of the step being run (the
 *   Assembly and the Draft count what they told from it); the step's own events carry the gift.
 * - A gift is activity for the inactivity guard (G-A64): someone is there [P].
 */
import type { ActionInput, FreeAction, Lang, Localized, PlayerId, Validation } from '../../engine/ruleset.ts';
import { fill } from '../../engine/localize.ts';
import type { Rng } from '../../engine/rng.ts';
import { baronData, type BaronId } from './barons.ts';
import { actionCard } from './cards.ts';
import { askOf, type FlowEvent, type WkGame } from './flow.ts';
import { isEliminated } from './rules/elimination.ts';
import { applyHeirAction, botHeirActions, heirActions, isHeirAction, validateHeirAction, type HeirAct } from './heirs.ts';

export const GIVE_CROWNS = 'give-crowns';

export interface Gift { to: BaronId; amount: number }

export type GiftRefusal = 'unknown-action' | 'unknown-action-heirs' | 'over' | 'not-baron' | 'no-baron' | 'self' | 'bad-amount' | 'too-many' | 'stalls' | 'eliminated' | 'eliminated-target';

export const GIFT_REFUSALS: Record<GiftRefusal, Localized> = {
  'unknown-action': { fr: 'Action inconnue : seul le don de couronnes est possible (rien d’autre ne se transmet, §4.13).', en: 'Unknown action: only giving crowns is possible (nothing else can be transferred, §4.13).' },
  'unknown-action-heirs': { fr: 'Action inconnue : on peut donner des couronnes et, avec la variante « Échanges d’héritiers », échanger, rendre ou menacer des héritiers (§4.13, §7.4).', en: 'Unknown action: you may give crowns and, with the "Heir exchange" variant, exchange, return or threaten heirs (§4.13, §7.4).' },
  over: { fr: 'La partie est terminée : plus aucun don.', en: 'The game is over: no more gifts.' },
  'not-baron': { fr: 'Seul un baron de la partie peut donner des couronnes.', en: 'Only a baron of the game may give crowns.' },
  'no-baron': { fr: 'Ce baron n’est pas dans la partie.', en: 'That baron is not in the game.' },
  self: { fr: 'Choisissez un autre baron que vous-même.', en: 'Choose a baron other than yourself.' },
  'bad-amount': { fr: 'Le montant est un nombre entier de couronnes, au moins 1.', en: 'The amount is a whole number of crowns, at least 1.' },
  'too-many': { fr: 'Vous n’avez que {n} couronne(s).', en: 'You have only {n} crown(s).' },
  eliminated: { fr: 'Vous êtes éliminé (variante « Élimination d’un joueur ») : vous ne pouvez plus rien donner ni échanger.', en: 'You are eliminated (the "Player elimination" variant): you can no longer give or exchange anything.' },
  'eliminated-target': { fr: 'Ce baron est éliminé (variante « Élimination d’un joueur ») : il ne reçoit plus rien.', en: 'That baron is eliminated (the "Player elimination" variant): he receives nothing any more.' },
  stalls: { fr: 'Pas maintenant : les recrues déjà choisies dans ce Recrutement ne pourraient plus être payées. Attendez sa fin.', en: 'Not now: the recruits already picked in this Draft could no longer be paid for. Wait until it ends.' },
};

const refuse = (k: GiftRefusal, args: Record<string, string | number> = {}): Validation<never> => {
  const t = fill(GIFT_REFUSALS[k], args);
  return { value: null, issues: [{ message: t.en, text: t }] };
};

const isBaron = (g: WkGame, p: unknown): p is BaronId => typeof p === 'string' && (g.wk.players as string[]).includes(p);
/** The game is over: by the rules, closed by the host, or ended by its turn cap (index.ts `outcome`). */
const over = (g: WkGame): boolean => g.wk.stage === 'over' || !!g.flow.closed || g.flow.capped;

/** The referee's check of a gift (the contract's `validateAction`). */
export function validateGift(g: WkGame, player: PlayerId, action: ActionInput): Validation<Gift> {
  if (action.id !== GIVE_CROWNS) return refuse(g.wk.config.options.heirExchange ? 'unknown-action-heirs' : 'unknown-action');
  return validateCrowns(g, player, action);
}

/** Every free action: crowns, and the heir exchange variant's (heirs.ts) when its option is on. */
export function validateFree(g: WkGame, player: PlayerId, action: ActionInput): Validation<unknown> {
  if (isEliminated(g.wk, player)) return refuse('eliminated'); // §7.4 Player elimination [P]
  let v: Validation<unknown>;
  if (isHeirAction(action.id)) { // refused with « not in play » when the option is off
    const h = validateHeirAction(g, player, action);
    v = h.value === null ? h : { value: { heir: h.value }, issues: [] };
  } else v = validateGift(g, player, action);
  return v.value !== null && !keepsQuestion(g, player, v.value) ? refuse('stalls') : v;
}

/**
 * Crowns moved while a question is open must not leave the game with none: the Mercenary Draft
 * replays the picks already made this Draft (flow.ts `draftQuestion`), and a baron who gave away
 * the crowns for their wages would make that replay fail and the game wait for nothing. Such a
 * move is refused until the Draft is over [P].
 */
function keepsQuestion(g: WkGame, player: PlayerId, value: unknown): boolean {
  if (!askOf(g)) return true;
  const after = applyFree(g, player, value).state;
  return after.wk.stage === 'over' || askOf(after) !== null;
}
export function applyFree(g: WkGame, player: PlayerId, value: unknown): { state: WkGame; events: FlowEvent[] } {
  const h = (value as { heir?: HeirAct }).heir;
  return h ? applyHeirAction(g, player, h) : applyGift(g, player, value);
}
export const freeActionsOf = (g: WkGame, player: PlayerId, lang: Lang): FreeAction[] => [...giftActions(g, player, lang), ...heirActions(g, player, lang)];
export function botFree(g: WkGame, player: PlayerId, rng: Rng, mode: 'answer' | 'spontaneous' = 'answer'): ActionInput[] {
  const gifts = botGifts(g, player, rng, mode);
  return mode === 'spontaneous' && g.wk.config.options.heirExchange ? [...gifts, ...botHeirs(g, player, rng)] : gifts;
}
/** The bots' heir actions (heirs.ts `botHeirActions`) that the whole referee accepts (`validateFree`, the Draft guard included). */
export const botHeirs = (g: WkGame, player: PlayerId, rng: Rng): ActionInput[] =>
  botHeirActions(g, player, rng).filter((a) => validateFree(g, player, a).value !== null);

function validateCrowns(g: WkGame, player: PlayerId, action: ActionInput): Validation<Gift> {
  if (over(g)) return refuse('over');
  if (!isBaron(g, player)) return refuse('not-baron');
  const to = String(action.values?.to ?? '').trim();
  if (isEliminated(g.wk, to)) return refuse('eliminated-target');
  if (!isBaron(g, to)) return refuse('no-baron');
  if (to === player) return refuse('self');
  const raw = String(action.values?.amount ?? '').trim();
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) return refuse('bad-amount');
  const amount = Number(raw), have = g.wk.barons[player].crowns;
  if (amount > have) return refuse('too-many', { n: have });
  return { value: { to, amount }, issues: [] };
}

/** The gift applied (the contract's `act`, on a valid `validateGift` value): atomic, one event. */
export function applyGift(g: WkGame, player: PlayerId, value: unknown): { state: WkGame; events: FlowEvent[] } {
  const { to, amount } = value as Gift;
  const from = player as BaronId;
  const wk = structuredClone(g.wk);
  if (wk.barons[from].crowns < amount) throw new Error('warrior-knights: a gift beyond the giver\'s crowns'); // validateGift comes first
  wk.barons[from].crowns -= amount;
  wk.barons[to].crowns += amount;
  const idle = g.flow.idle ? { ...g.flow.idle, acted: true } : undefined;
  return { state: { ...g, wk, flow: { ...g.flow, ...(idle ? { idle } : {}) } }, events: [{ t: 'crowns-given', from, to, amount }] };
}

/** The form (the contract's `freeActions`): whom, how much; none when he cannot give. */
export function giftActions(g: WkGame, player: PlayerId, lang: Lang): FreeAction[] {
  if (over(g) || !isBaron(g, player)) return [];
  const have = g.wk.barons[player].crowns;
  if (have < 1) return [];
  const fr = lang === 'fr';
  const others = g.wk.players.filter((b) => b !== player).map((b) => ({ value: b, label: `${baronData(b).name}${g.names[b] ? ` — ${g.names[b]}` : ''} (${baronData(b).colour[lang]})` }));
  return [{
    id: GIVE_CROWNS,
    label: fr ? 'Donner des couronnes' : 'Give crowns',
    help: fr ? `À tout moment, même pendant la question d’un autre baron ; aussitôt, sans retour, et su de tous. Vous avez ${have} couronne(s). Rien d’autre ne se donne (ni Foi, ni voix, ni Influence, ni troupes).`
      : `At any time, even during another baron's question; at once, irrevocable, and known to all. You have ${have} crown(s). Nothing else can be given (no Faith, votes, Influence or troops).`,
    fields: [
      { name: 'to', label: fr ? 'À' : 'To', kind: 'choice', options: others },
      { name: 'amount', label: fr ? 'Couronnes' : 'Crowns', kind: 'integer', min: 1, max: have },
    ],
  }];
}

/**
 * The gifts a bot makes now (registry `botActions`), each checked by `validateGift`: between steps
 * (`spontaneous`), when its own card waits for other barons' consent (#6, #7), a crown to each of
 * them now and then (§4.13: "a baron may pay another…"); rarely, alms of a crown or two to the
 * poorest baron when it is rich. Nothing in answer to others' actions (a gift asks nothing).
 * At most one action per baron asked, bounded by the barons.
 */
export function botGifts(g: WkGame, player: PlayerId, rng: Rng, mode: 'answer' | 'spontaneous' = 'answer'): ActionInput[] {
  if (mode !== 'spontaneous' || over(g) || !isBaron(g, player)) return [];
  const s = g.wk, me = player as BaronId, out: ActionInput[] = [];
  const ok = (a: ActionInput) => validateFree(g, me, a).value !== null;
  const ask = askOf(g);
  if (ask && (ask.kind === 'passage-consent' || ask.kind === 'attack-consent') && s.current) {
    const owner = (actionCard(s.current) as { owner?: BaronId }).owner;
    if (owner === me && s.barons[me].crowns >= 4 + ask.players.length && rng.chance(0.5)) {
      for (const b of ask.players) { const a = { id: GIVE_CROWNS, values: { to: b, amount: '1' } }; if (ok(a)) out.push(a); }
      return out;
    }
  }
  if (s.barons[me].crowns >= 12 && rng.chance(0.02)) {
    const poorest = s.players.filter((b) => b !== me).sort((a, b) => s.barons[a].crowns - s.barons[b].crowns || s.players.indexOf(a) - s.players.indexOf(b))[0];
    const a = { id: GIVE_CROWNS, values: { to: poorest ?? '', amount: String(rng.int(1, 2)) } };
    if (poorest && ok(a)) out.push(a);
  }
  return out;
}
