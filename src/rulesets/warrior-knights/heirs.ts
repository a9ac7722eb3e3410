/**
 * The "Heir exchange" variant (rules §7.4 and the French « Échanges d'héritiers »; §9.2 #43; G-A48),
 * a host option (`config.options.heirExchange`, off by default: with it off nothing here is stored
 * and no game changes its course).
 *
 * - State (`WkState.heirs`): each noble's heir, a token with its `holder` (its own baron at setup,
 *   [T] « chaque noble a un héritier en début de partie ») or `null` when the heir is dead; `null`
 *   goes with `hasHeir: false` (the *No Heir* / *Line Extinct* events kill it, [T] « son héritier est
 *   mort et il ne peut en avoir d'autre »). `awaiting`: the noble has died and its heir has not yet
 *   entered the board. [P] The token stands for the line's heir: it is not used up when the heir
 *   enters (the source gives one slip per noble and never takes it away).
 * - Public [P]: who holds which heir, and every offer, are public (the rules are silent; §9.2 #43
 *   hides nothing, its "hidden" column is "—"); private talk stays in the chat.
 * - Free actions (at any time, atomic, like crowns, free.ts): `heir-offer` (one heir and/or crowns
 *   against one heir and/or crowns, [P] one heir a side keeps the form simple), `heir-answer`
 *   (accept or decline: the two-sided consent of #43, G-A48 "atomic offers accepted by both
 *   parties"), `heir-return` (give an heir one holds back to its baron), `heir-execute` (holder
 *   only, an enemy noble's heir: « menacer de le tuer »; the noble's line ends).
 * - Offers expire at the end of the turn if unanswered (§9.2 #43 default "offers expire"; [P] the
 *   end of the turn: `expireOffers`, called by arrival.ts `endTurn`). The state rules (setup, the
  heir's death, the waiting noble, expiry) are in rules/heirs.ts, which the turn's rules import.
 * - The effect (§7.4: "a dead noble stays off the board while its heir is held by another baron or
 *   dead"): `heirWaits`; arrival.ts leaves such a noble off, and lets it enter at the first Upkeep
 *   after its heir is given back (the next point the rules let heirs enter, §6.12 step 4).
 */
import type { ActionInput, FreeAction, Lang, Localized, PlayerId, Validation, ViewDoc } from '../../engine/ruleset.ts';
import { fill } from '../../engine/localize.ts';
import type { Rng } from '../../engine/rng.ts';
import { baronData, noble, type BaronId } from './barons.ts';
import type { FlowEvent, WkGame } from './flow.ts';
import type { HeirOffer, WkState } from './state.ts';
import { heirWaits } from './rules/heirs.ts';
import { isMercenary } from './troops.ts';
import { streamShuffle } from './rules/streams.ts';


export const HEIR_OFFER = 'heir-offer';
export const HEIR_ANSWER = 'heir-answer';
export const HEIR_RETURN = 'heir-return';
export const HEIR_EXECUTE = 'heir-execute';
export const HEIR_ACTIONS: readonly string[] = [HEIR_OFFER, HEIR_ANSWER, HEIR_RETURN, HEIR_EXECUTE];

// ─── The free actions ─────────────────────────────────────────────────────────────────────────

export type HeirRefusal = 'off' | 'over' | 'not-baron' | 'no-baron' | 'self' | 'not-held' | 'not-theirs' | 'empty' | 'bad-amount' | 'too-many'
  | 'no-offer' | 'bad-answer' | 'stale' | 'own-line' | 'at-home' | 'dead-heir';

export const HEIR_REFUSALS: Record<HeirRefusal, Localized> = {
  off: { fr: 'La variante « Échanges d’héritiers » n’est pas en jeu dans cette partie.', en: 'The "Heir exchange" variant is not in play in this game.' },
  over: { fr: 'La partie est terminée : plus aucun échange.', en: 'The game is over: no more exchanges.' },
  'not-baron': { fr: 'Seul un baron de la partie peut échanger des héritiers.', en: 'Only a baron of the game may exchange heirs.' },
  'no-baron': { fr: 'Ce baron n’est pas dans la partie.', en: 'That baron is not in the game.' },
  self: { fr: 'Choisissez un autre baron que vous-même.', en: 'Choose a baron other than yourself.' },
  'not-held': { fr: 'Vous ne détenez pas cet héritier (ou il est mort).', en: 'You do not hold that heir (or it is dead).' },
  'not-theirs': { fr: 'Ce baron ne détient pas cet héritier (ou il est mort).', en: 'That baron does not hold that heir (or it is dead).' },
  empty: { fr: 'Une offre donne quelque chose (un héritier ou des couronnes) et demande quelque chose.', en: 'An offer gives something (an heir or crowns) and asks for something.' },
  'bad-amount': { fr: 'Les couronnes sont un nombre entier, 0 ou plus.', en: 'Crowns are a whole number, 0 or more.' },
  'too-many': { fr: '{b} n’a que {n} couronne(s).', en: '{b} has only {n} crown(s).' },
  'no-offer': { fr: 'Aucune offre en cours ne vous est faite sous ce numéro (elle a pu expirer à la fin du tour).', en: 'No open offer to you has that number (it may have expired at the end of the turn).' },
  'bad-answer': { fr: 'Répondez « accepter » ou « refuser ».', en: 'Answer "accept" or "decline".' },
  stale: { fr: 'Cette offre ne peut plus se faire : un héritier ou des couronnes promis ne sont plus là.', en: 'This offer can no longer be carried out: a promised heir or crowns are no longer there.' },
  'own-line': { fr: 'C’est l’héritier d’un de vos nobles : on ne menace que l’héritier d’un noble adverse.', en: 'That is the heir of one of your own nobles: only an enemy noble’s heir can be threatened.' },
  'at-home': { fr: 'Cet héritier est déjà auprès de son baron.', en: 'That heir is already with its baron.' },
  'dead-heir': { fr: 'Cet héritier est mort.', en: 'That heir is dead.' },
};

export type HeirAct =
  | { kind: 'offer'; to: BaronId; give: string | null; giveCrowns: number; want: string | null; wantCrowns: number }
  | { kind: 'answer'; offer: number; accept: boolean }
  | { kind: 'return'; heir: string }
  | { kind: 'execute'; heir: string };

const refuse = (k: HeirRefusal, args: Record<string, string | number> = {}): Validation<HeirAct> => {
  const t = fill(HEIR_REFUSALS[k], args);
  return { value: null, issues: [{ message: t.en, text: t }] };
};
const isBaron = (s: WkState, p: unknown): p is BaronId => typeof p === 'string' && (s.players as string[]).includes(p);
const over = (g: WkGame): boolean => g.wk.stage === 'over' || !!g.flow.closed || g.flow.capped;
const holds = (s: WkState, b: BaronId, heir: string | null): boolean => heir === null || (!!s.heirs && Object.hasOwn(s.heirs, heir) && s.heirs[heir]!.holder === b);
const crowns = (raw: unknown): number | null => {
  const t = String(raw ?? '').trim();
  if (t === '') return 0;
  return /^\d{1,6}$/.test(t) ? Number(t) : null;
};
/** An offer can still be carried out: each side holds what it promised. */
const feasible = (s: WkState, o: HeirOffer): boolean =>
  holds(s, o.from, o.give) && holds(s, o.to, o.want) && s.barons[o.from].crowns >= o.giveCrowns && s.barons[o.to].crowns >= o.wantCrowns;

export function isHeirAction(id: string): boolean { return HEIR_ACTIONS.includes(id); }

/** The referee's check of an heir action (the contract's `validateAction`, through free.ts). */
export function validateHeirAction(g: WkGame, player: PlayerId, action: ActionInput): Validation<HeirAct> {
  const s = g.wk, v = action.values ?? {};
  if (!s.config.options.heirExchange || !s.heirs) return refuse('off');
  if (over(g)) return refuse('over');
  if (!isBaron(s, player)) return refuse('not-baron');
  const me = player;
  const heirOf = (k: string): string | null => { const t = String(v[k] ?? '').trim(); return t === '' ? null : t; };
  switch (action.id) {
    case HEIR_OFFER: {
      const to = String(v.to ?? '').trim();
      if (!isBaron(s, to)) return refuse('no-baron');
      if (to === me) return refuse('self');
      const give = heirOf('give'), want = heirOf('want');
      const giveCrowns = crowns(v.giveCrowns), wantCrowns = crowns(v.wantCrowns);
      if (giveCrowns === null || wantCrowns === null) return refuse('bad-amount');
      if (!holds(s, me, give)) return refuse('not-held');
      if (!holds(s, to, want)) return refuse('not-theirs');
      if ((give === null && giveCrowns === 0) || (want === null && wantCrowns === 0)) return refuse('empty');
      if (giveCrowns > s.barons[me].crowns) return refuse('too-many', { b: baronData(me).name, n: s.barons[me].crowns });
      return { value: { kind: 'offer', to, give, giveCrowns, want, wantCrowns }, issues: [] };
    }
    case HEIR_ANSWER: {
      const id = Number(String(v.offer ?? '').trim());
      const o = (s.heirOffers ?? []).find((x) => x.id === id && x.to === me && x.turn === s.turn);
      if (!o) return refuse('no-offer');
      const a = String(v.answer ?? '').trim();
      if (a !== 'accept' && a !== 'decline') return refuse('bad-answer');
      if (a === 'accept' && !feasible(s, o)) return refuse('stale');
      return { value: { kind: 'answer', offer: id, accept: a === 'accept' }, issues: [] };
    }
    case HEIR_RETURN:
    case HEIR_EXECUTE: {
      const heir = heirOf('heir') ?? '';
      if (!Object.hasOwn(s.heirs, heir)) return refuse('not-held');
      if (s.heirs[heir]!.holder === null) return refuse('dead-heir');
      if (s.heirs[heir]!.holder !== me) return refuse('not-held');
      const own = s.nobles[heir]!.baron === me;
      if (action.id === HEIR_RETURN) return own ? refuse('at-home') : { value: { kind: 'return', heir }, issues: [] };
      return own ? refuse('own-line') : { value: { kind: 'execute', heir }, issues: [] };
    }
    default: return refuse('off');
  }
}

/** The action applied (the contract's `act`, on a valid value): atomic, public events. */
export function applyHeirAction(g: WkGame, player: PlayerId, value: unknown): { state: WkGame; events: FlowEvent[] } {
  const a = value as HeirAct, me = player as BaronId;
  const wk = structuredClone(g.wk);
  const heirs = wk.heirs!;
  const events: FlowEvent[] = [];
  switch (a.kind) {
    case 'offer': {
      const id = (wk.heirOfferSeq ?? 0) + 1;
      wk.heirOfferSeq = id;
      wk.heirOffers = [...(wk.heirOffers ?? []), { id, turn: wk.turn, from: me, to: a.to, give: a.give, giveCrowns: a.giveCrowns, want: a.want, wantCrowns: a.wantCrowns }];
      events.push({ t: 'heir-offered', id, from: me, to: a.to, give: a.give, giveCrowns: a.giveCrowns, want: a.want, wantCrowns: a.wantCrowns });
      break;
    }
    case 'answer': {
      const o = wk.heirOffers!.find((x) => x.id === a.offer)!;
      wk.heirOffers = wk.heirOffers!.filter((x) => x.id !== a.offer);
      if (a.accept) {
        if (!feasible(wk, o)) throw new Error('warrior-knights: an heir trade no longer feasible'); // validateHeirAction comes first
        if (o.give) heirs[o.give]!.holder = o.to;
        if (o.want) heirs[o.want]!.holder = o.from;
        wk.barons[o.from].crowns += o.wantCrowns - o.giveCrowns;
        wk.barons[o.to].crowns += o.giveCrowns - o.wantCrowns;
      }
      events.push({ t: a.accept ? 'heir-trade' : 'heir-declined', id: o.id, from: o.from, to: o.to });
      break;
    }
    case 'return': {
      const to = wk.nobles[a.heir]!.baron;
      heirs[a.heir]!.holder = to;
      events.push({ t: 'heir-returned', noble: a.heir, from: me, to });
      break;
    }
    case 'execute': {
      const n = wk.nobles[a.heir]!;
      heirs[a.heir]!.holder = null;
      n.hasHeir = false;
      // [P] a dead noble whose heir was waiting to enter: §6.12 step 4's "without an heir" now applies
      if (heirs[a.heir]!.awaiting && n.location.kind === 'off' && n.troops.length > 0) {
        const mercs = n.troops.filter(isMercenary);
        wk.outOfGame.push(...n.troops.filter((t) => !isMercenary(t)));
        n.troops = [];
        n.casualties = 0;
        if (mercs.length) wk.secret.mercenaryDeck = streamShuffle(wk)(`turn/${wk.turn}/heir-executed/${n.id}`, [...wk.secret.mercenaryDeck, ...mercs]);
      }
      events.push({ t: 'heir-executed', noble: a.heir, by: me });
      break;
    }
  }
  const idle = g.flow.idle ? { ...g.flow.idle, acted: true } : undefined;
  return { state: { ...g, wk, flow: { ...g.flow, ...(idle ? { idle } : {}) } }, events };
}

const nobleLabel = (id: string): string => noble(id).name;

/** The game page's sections (index.ts `presentView`): who holds each noble's heir, and the open offers. Public [P]. */
export function heirSections(s: WkState, lang: Lang): ViewDoc['sections'] {
  const fr = lang === 'fr';
  const rows = Object.values(s.nobles).map((n) => {
    const h = s.heirs![n.id]!;
    const holder = h.holder === null ? (fr ? 'mort' : 'dead') : h.holder === n.baron ? (fr ? 'auprès de son baron' : 'with its baron') : baronData(h.holder).name;
    return [noble(n.id).name, baronData(n.baron).name, holder, heirWaits(s, n) ? (fr ? 'le noble est mort : il attend son héritier' : 'the noble is dead: waiting for his heir') : h.awaiting ? (fr ? 'entre au prochain Bilan' : 'enters at the next Upkeep') : '—'];
  });
  const out: ViewDoc['sections'] = [{ title: fr ? 'Héritiers' : 'Heirs', kind: 'table', columns: fr ? ['Noble', 'Baron', 'Héritier détenu par', 'Retour'] : ['Noble', 'Baron', 'Heir held by', 'Return'], rows }];
  const offers = (s.heirOffers ?? []).filter((o) => o.turn === s.turn);
  if (offers.length) {
    const side = (heir: string | null, c: number) => [heir ? noble(heir).name : '', c > 0 ? `${c} ${fr ? 'couronne(s)' : 'crown(s)'}` : ''].filter(Boolean).join(' + ') || (fr ? 'rien' : 'nothing');
    out.push({ title: fr ? 'Offres d’héritiers en cours' : 'Open heir offers', kind: 'table', columns: fr ? ['N°', 'De', 'À', 'Donne', 'Demande'] : ['#', 'From', 'To', 'Gives', 'Asks'], rows: offers.map((o) => [String(o.id), baronData(o.from).name, baronData(o.to).name, side(o.give, o.giveCrowns), side(o.want, o.wantCrowns)]) });
  }
  return out;
}

/** The forms (the contract's `freeActions`): none with the option off. */
export function heirActions(g: WkGame, player: PlayerId, lang: Lang): FreeAction[] {
  const s = g.wk;
  if (!s.config.options.heirExchange || !s.heirs || over(g) || !isBaron(s, player)) return [];
  const fr = lang === 'fr', me = player;
  const held = Object.entries(s.heirs).filter(([, h]) => h.holder === me).map(([id]) => id);
  const alive = Object.entries(s.heirs).filter(([, h]) => h.holder !== null && h.holder !== me);
  const baronLabel = (b: BaronId) => `${baronData(b).name}${g.names[b] ? ` — ${g.names[b]}` : ''} (${baronData(b).colour[lang]})`;
  const out: FreeAction[] = [{
    id: HEIR_OFFER,
    label: fr ? 'Proposer un échange d’héritiers' : 'Offer an heir exchange',
    help: fr ? 'Un héritier que vous détenez et/ou des couronnes, contre un héritier qu’il détient et/ou des couronnes. Il accepte ou refuse ; sans réponse, l’offre expire à la fin du tour. Public.'
      : 'An heir you hold and/or crowns, for an heir he holds and/or crowns. He accepts or declines; unanswered, the offer expires at the end of the turn. Public.',
    fields: [
      { name: 'to', label: fr ? 'À' : 'To', kind: 'choice', options: s.players.filter((b) => b !== me).map((b) => ({ value: b, label: baronLabel(b) })) },
      { name: 'give', label: fr ? 'Vous donnez l’héritier' : 'You give the heir', kind: 'choice', optional: true, options: held.map((id) => ({ value: id, label: nobleLabel(id) })) },
      { name: 'giveCrowns', label: fr ? 'Vous donnez des couronnes' : 'You give crowns', kind: 'integer', min: 0, max: s.barons[me].crowns, optional: true },
      { name: 'want', label: fr ? 'Vous demandez l’héritier' : 'You ask for the heir', kind: 'choice', optional: true, options: alive.map(([id, h]) => ({ value: id, label: `${nobleLabel(id)} (${baronData(h.holder!).name})` })) },
      { name: 'wantCrowns', label: fr ? 'Vous demandez des couronnes' : 'You ask for crowns', kind: 'integer', min: 0, optional: true },
    ],
  }];
  const mine = (s.heirOffers ?? []).filter((o) => o.to === me && o.turn === s.turn);
  if (mine.length) out.push({
    id: HEIR_ANSWER,
    label: fr ? 'Répondre à une offre d’héritiers' : 'Answer an heir offer',
    fields: [
      { name: 'offer', label: fr ? 'Offre' : 'Offer', kind: 'choice', options: mine.map((o) => ({ value: String(o.id), label: `#${o.id} — ${baronData(o.from).name}` })) },
      { name: 'answer', label: fr ? 'Réponse' : 'Answer', kind: 'choice', options: [{ value: 'accept', label: fr ? 'Accepter' : 'Accept' }, { value: 'decline', label: fr ? 'Refuser' : 'Decline' }] },
    ],
  });
  const hostages = held.filter((id) => s.nobles[id]!.baron !== me);
  if (hostages.length) {
    const opts = hostages.map((id) => ({ value: id, label: `${nobleLabel(id)} (${baronData(s.nobles[id]!.baron).name})` }));
    out.push({ id: HEIR_RETURN, label: fr ? 'Rendre un héritier à son baron' : 'Give an heir back to its baron', fields: [{ name: 'heir', label: fr ? 'Héritier' : 'Heir', kind: 'choice', options: opts }] });
    out.push({
      id: HEIR_EXECUTE, label: fr ? 'Exécuter un héritier' : 'Execute an heir',
      help: fr ? 'Sans retour : la lignée de ce noble s’éteint ; mort, il ne reviendra pas.' : 'Irrevocable: the noble’s line ends; once dead, he will not come back.',
      fields: [{ name: 'heir', label: fr ? 'Héritier' : 'Heir', kind: 'choice', options: opts }],
    });
  }
  return out;
}

/**
 * A bot's heir actions now (registry `botActions`, spontaneous mode only), each checked: it
 * accepts an offer that gives it back one of its own heirs, a ransom (crowns from a baron for his
 * own noble's heir it holds: it gives the heir back), or a fair one (an heir for an heir, or crowns
 * for crowns it can spare), and declines the others; now and then it ransoms a hostage heir it
 * holds (2 crowns) or gives it back outright, offers 3 crowns to buy back one of its own heirs held
 * elsewhere, and rarely offers to swap an heir with a baron (hostages, §7.4). It never executes.
 * One action per call (each validated on the state the previous one left).
 */
export function botHeirActions(g: WkGame, player: PlayerId, rng: Rng): ActionInput[] {
  const s = g.wk;
  if (!s.config.options.heirExchange || !s.heirs || over(g) || !isBaron(s, player)) return [];
  const me = player, out: ActionInput[] = [];
  for (const o of (s.heirOffers ?? []).filter((x) => x.to === me && x.turn === s.turn).slice(0, 3)) {
    const getsOwn = o.give !== null && s.nobles[o.give]!.baron === me;
    const fair = (o.give !== null) === (o.want !== null) && o.wantCrowns <= o.giveCrowns + 2 && o.wantCrowns <= s.barons[me].crowns / 2;
    // a ransom: crowns offered by a baron for his own noble's heir that the bot holds
    const ransom = o.give === null && o.want !== null && s.nobles[o.want]!.baron === o.from && o.wantCrowns === 0 && o.giveCrowns >= 2;
    const ok = feasible(s, o) && (getsOwn ? o.wantCrowns <= s.barons[me].crowns : ransom ? rng.chance(0.8) : fair && rng.chance(0.7));
    out.push({ id: HEIR_ANSWER, values: { offer: String(o.id), answer: ok ? 'accept' : 'decline' } });
  }
  const hostages = Object.entries(s.heirs).filter(([id, h]) => h.holder === me && s.nobles[id]!.baron !== me).map(([id]) => id);
  if (hostages.length && rng.chance(0.05)) {
    // ransom: ask the heir's baron a few crowns for it, or give it back outright
    const id = rng.pick(hostages), owner = s.nobles[id]!.baron;
    out.push(rng.chance(0.5) && s.barons[owner].crowns >= 3
      ? { id: HEIR_OFFER, values: { to: owner, give: id, wantCrowns: '2' } }
      : { id: HEIR_RETURN, values: { heir: id } });
  } else if (rng.chance(0.05) && s.barons[me].crowns >= 5) {
    // buy back one of its own heirs held by another baron
    const away = Object.entries(s.heirs).filter(([id, h]) => h.holder !== null && h.holder !== me && s.nobles[id]!.baron === me).map(([id]) => id);
    if (away.length) { const id = rng.pick(away); out.push({ id: HEIR_OFFER, values: { to: s.heirs[id]!.holder!, giveCrowns: '3', want: id } }); }
  } else if (rng.chance(0.01)) {
    const others = s.players.filter((b) => b !== me);
    const them = rng.pick(others);
    const mine = Object.entries(s.heirs).filter(([id, h]) => h.holder === me && s.nobles[id]!.baron === me).map(([id]) => id);
    const theirs = Object.entries(s.heirs).filter(([id, h]) => h.holder === them && s.nobles[id]!.baron === them).map(([id]) => id);
    if (mine.length && theirs.length) out.push({ id: HEIR_OFFER, values: { to: them, give: rng.pick(mine), want: rng.pick(theirs) } });
  }
  return out.slice(0, 1); // one at a time: each is validated on the state the previous one left
}
