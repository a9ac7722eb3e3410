/**
 * Warrior Knights as a Ruleset (src/engine/ruleset.ts), following Fief: the state is the rules'
 * state with the flow (flow.ts); a decision is the flow's open question with its §9.2 row's
 * deadline class (decisions.ts) and default (`null`: the rules apply §9.2's default); `validate`
 * is answers.ts's strict check; `resolve` runs the answers and every following step that asks
 * nobody; the view is view.ts's (§9.4) plus the open question; reports are report.ts; the map is
 * mapdoc.ts, with the map orders of the baron asked (map-orders.ts).
 *
 * Host options (§7.4): 2–6 barons; the game length variant `length` (Influence per baron in the
 * reserve: 8, 10, 12 or 15); `maxTurns` ends a game after that turn (0: only the rules end it);
 * `config` overrides the constants table (bounded, constants.ts).
 */
import { withVariants } from '../../engine/host-switches.ts';
import type { ActionInput, AnswerForm, Decision, DeadlineClass, FreeAction, Lang, Localized, Outcome, PlayerId, Ruleset, StandingOption, Validation, ViewDoc } from '../../engine/ruleset.ts';
import { baronData, baronName, seatNamed, type BaronId } from './barons.ts';
import { DESTINATION_NAMES } from './cards.ts';
import { DEFAULT_CONFIG } from './constants.ts';
import { DECISIONS, type DecisionKind } from './decisions.ts';
import { cardName, renderEvent } from './events.ts';
import { proposalCard } from './proposal-cards.ts';
import { city } from './board.ts';
import { choosableCities, modsOf } from './rules/effects.ts';
import { isLevy, levyDue, taxationIncome } from './rules/taxation.ts';
import { mercenary, NATION_NAMES } from './cards.ts';
import { draftDestinations } from './rules/draft.ts';
import { fill } from '../../engine/localize.ts';
import { answer, askOf, ASSEMBLY_KINDS, draftQuestion, idleTurn, levies, watchIdle, assemblyQuestion, openDestinations, startFlow, type Ask, type FlowEvent, type WkGame } from './flow.ts';
import { answerText, checkAnswer, DEFAULT } from './answers.ts';
import { formFor, formOf, fromFormLine } from './forms.ts';
import { wkFormCandidates } from './form-values.ts';
import { firstRoundTrip } from '../../engine/form-values.ts';
import { describeWkAnswer } from './describe.ts';
import { wkMapDoc } from './mapdoc.ts';
import { wkMapUnits } from './map-orders.ts';
import { renderReport } from './report.ts';
import { createGame } from './setup.ts';
import { stepRow, type StepId } from './phases.ts';
import { influenceRanking, influenceWinner } from './rules/arrival.ts';
import { viewOf, type WkView } from './view.ts';
import { tracksSection } from './tracks.ts';
import { applyFree, freeActionsOf, validateFree } from './free.ts';
import { heirSections } from './heirs.ts';
import { HOUSE_LAW_NOTE, houseLawSections } from './house-laws.ts';
import { isEliminated, seatsOf } from './rules/elimination.ts';
import type { Rng } from '../../engine/rng.ts';

export interface WkGameOptions {
  players?: number;
  /** The seats' display names (the platform passes them). */
  lords?: string[];
  /** §7.4 game length: Influence per baron in the reserve. */
  length?: 8 | 10 | 12 | 15;
  maxTurns?: number;
  config?: Record<string, unknown>;
  /** The variants the creation form turned on (host-form.ts), laid over `config.options`. */
  variants?: Record<string, boolean>;
}

export const LENGTHS = [8, 10, 12, 15] as const;

const TITLE: Localized = { fr: 'Warrior Knights', en: 'Warrior Knights' };

const DEADLINE_LABELS: Record<string, Localized> = {
  TURN: { fr: 'tour de jeu', en: 'turn' },
  REPLY: { fr: 'réponse', en: 'reply' },
  BATTLE: { fr: 'combat', en: 'combat' },
};

/** §7.4 option freeFormMotions (house-laws.ts): the proposer may also put a free law to the vote. */
const FREE_MOTION_PROMPT: Localized = {
  fr: `Motion personnelle : withdraw, pardon, repeal, adjourn, resubmit, ou une loi libre (free-law) avec son texte, votée Oui/Non — ${HOUSE_LAW_NOTE.fr}.`,
  en: `Personal Motion: withdraw, pardon, repeal, adjourn, resubmit, or a free law (free-law) with its text, voted Yes/No — ${HOUSE_LAW_NOTE.en}.`,
};
const PROMPTS: Partial<Record<DecisionKind, Localized>> = {
  'event-drawer': { fr: 'Coup du sort : désignez le baron qui tire l’Événement (la couleur du dos est visible).', en: 'Major Event: name the baron who draws the Event (its back colour is visible).' },
  'event-choice': { fr: 'L’Événement vous laisse choisir : quelle cité (que vous contrôlez, non assiégée) ?', en: 'The Event lets you choose: which city (one you control, not besieged)?' },
  'refuse-law': { fr: 'Impôts : une Loi vous prélève. Payez-vous (comply) ou refusez-vous au prix du bannissement (refuse) ?', en: 'Taxation: a Law levies you. Do you pay (comply) or refuse and be banished (refuse)?' },
  'cancel-red-event': { fr: 'Payez-vous la Foi indiquée pour annuler cet Événement rouge (true/false) ?', en: 'Do you pay the Faith shown to cancel this red Event (true/false)?' },
  'pledge-faith': { fr: 'Combien de Foi promettez-vous pour annuler cet Événement bleu (secret jusqu’à la clôture) ?', en: 'How much Faith do you pledge to cancel this blue Event (secret until the window closes)?' },
  'acting-chairman': { fr: 'Absent de l’Assemblée : désignez le président de séance.', en: 'Absent from the Assembly: name the acting Chairman.' },
  'personal-motion': { fr: 'Motion personnelle : withdraw, pardon, repeal, adjourn ou resubmit.', en: 'Personal Motion: withdraw, pardon, repeal, adjourn or resubmit.' },
  'order-of-business': { fr: 'Fixez l’ordre du jour (la liste des propositions).', en: 'Set the order of business (the list of proposals).' },
  'commit-votes': { fr: 'Engagez vos voix (secret, révélé quand tous ont engagé).', en: 'Commit your votes (secret, revealed once everyone has committed).' },
  'declare-vote': { fr: 'Déclarez votre vote.', en: 'Declare your vote.' },
  'break-tie': { fr: 'Égalité : départagez.', en: 'A tie: break it.' },
  'refuse-decision': { fr: 'Acceptez-vous la décision (accept) ou la refusez-vous au prix du bannissement (refuse) ?', en: 'Do you accept the decision (accept) or refuse it and be banished (refuse)?' },
  'discard-title': { fr: 'Trop de Titres : lequel défaussez-vous ?', en: 'Too many Titles: which one do you discard?' },
  'assign-office': { fr: 'Quel noble reçoit la Charge ?', en: 'Which noble receives the Office?' },
  'secret-allocation': { fr: 'Répartissez vos voix en secret ({ commit, declare } par proposition).', en: 'Allocate your votes in secret ({ commit, declare } per proposal).' },
  'assign-troops': { fr: 'Répartissez vos cartes de troupe entre vos nobles et votre forteresse (secret jusqu’à ce que tous aient répondu).', en: 'Assign your troop cards to your nobles and your stronghold (secret until everyone has answered).' },
  'place-stronghold': { fr: 'Placez votre forteresse.', en: 'Place your stronghold.' },
  'place-noble': { fr: 'Placez un de vos nobles.', en: 'Place one of your nobles.' },
  'plan-piles': { fr: 'Préparatifs : posez en secret de 0 à 2 cartes sur chaque pile.', en: 'Planning: secretly put 0 to 2 cards on each pile.' },
  'use-card': { fr: 'Votre carte est révélée : utilisez-la ou déclinez, et choisissez sa zone.', en: 'Your card is revealed: use it or decline, and choose its zone.' },
  'passage-consent': { fr: 'Un baron demande à passer par une région où vous êtes. Le laissez-vous passer ?', en: 'A baron asks to pass through a region where you stand. Do you let him pass?' },
  'attack-consent': { fr: 'Un baron veut attaquer une place dans une région où vous avez une armée. Y consentez-vous ?', en: 'A baron wants to attack a place in a region where you have an army. Do you consent?' },
  'defender-commander': { fr: 'Combat : nommez votre commandant.', en: 'Combat: name your Commander.' },
  'fate-discard': { fr: 'Combat : défaussez des cartes de votre tirage (secret).', en: 'Combat: discard cards from your draw (secret).' },
  'use-ability': { fr: 'Combat : votre commandant use-t-il de son talent ?', en: 'Combat: does your Commander use his ability?' },
  'allocate-casualties': { fr: 'Combat : répartissez vos pertes.', en: 'Combat: allocate your casualties.' },
  retreat: { fr: 'Combat : où se replient vos nobles, et quel mercenaire déserte ?', en: 'Combat: where do your nobles retreat, and which mercenary deserts?' },
  death: { fr: 'Combat : vos nobles tombés — quelles troupes perdez-vous ?', en: 'Combat: your fallen nobles — which troops do you lose?' },
  'city-captured': { fr: 'Vous prenez une cité : la contrôler ou la raser ?', en: 'You take a city: control it or raze it?' },
  'ransom-city': { fr: 'Votre forteresse est tombée : quelle cité cédez-vous en rançon ?', en: 'Your stronghold has fallen: which city do you give as ransom?' },
  'defensive-works': { fr: 'Remparts : réparez ou fortifiez une place (ou rien).', en: 'Ramparts: repair or fortify one place (or nothing).' },
  'troop-maintenance': { fr: 'Soins aux blessés : retirez des pertes d’une armée en payant (ou rien).', en: 'Tending the Wounded: remove casualties from one army, paying (or nothing).' },
  'launch-expedition': { fr: 'Appareillage : lancez-vous une expédition ?', en: 'Setting Sail: do you launch an expedition?' },
  invest: { fr: 'Une expédition part : y investissez-vous ? (le soutien de l’Église peut la bénir)', en: 'An expedition sails: do you invest? (the Church Support holder may bless it)' },
  'pay-wages': { fr: 'Soldes : quelles troupes payez-vous ?', en: 'Wages: which troops do you pay?' },
  'draft-pick': { fr: 'Recrutement de mercenaires : à votre écusson de choisir ({ cards: [{ card, to }] }, ou pass).', en: 'Mercenary Draft: your shield’s turn to pick ({ cards: [{ card, to }] }, or pass).' },
  revolt: { fr: 'Bilan : si une de vos cités se révolte, que faites-vous ?', en: 'Upkeep: if one of your cities revolts, what do you do?' },
  arrivals: { fr: 'Bilan : renforts, transferts et arrivées de vos nobles.', en: 'Upkeep: reinforcements, transfers and your nobles’ arrivals.' },
};

const opt = (value: string, label: Localized) => ({ value, label });

/** G-A64, §9.1 item 9: what the host is told when the inactivity guard pauses the game. */
const IDLE_PAUSE: Localized = {
  fr: 'Warrior Knights : au tour {t}, toutes les questions posées aux barons ont pris leur réponse par défaut faute de réponse (garde d’inactivité, G-A64). La partie est en pause : reprenez-la, confiez des sièges à des robots, ou terminez-la (avec le classement du moment, ou abandonnée).',
  en: 'Warrior Knights: in turn {t}, every question asked of the barons took its default for want of an answer (inactivity guard, G-A64). The game is paused: resume it, hand seats to bots, or close it (with the current ranking, or abandoned).',
};

/**
 * §9.1 item 9 [P G-A64]: the host's actions on a paused game. He may close it "(result: 'abandoned',
 * or the current Influence ranking with the §7.2 tie-breaks — host option)": both are offered, and
 * the host picks one when he closes it — `close` (the ranking) or `abandon` (no result).
 */
const CLOSE = 'close';
const ABANDON = 'abandon';
const HOST_FORMS: Record<Lang, FreeAction[]> = {
  fr: [
    { id: CLOSE, label: 'Clore la partie avec le classement du moment', help: 'La partie s’achève maintenant : le baron qui a le plus d’influence l’emporte, départagé comme en fin de partie (§7.2 : cités, puis couronnes + foi + voix, puis troupes sur le plateau). Irréversible.', fields: [] },
    { id: ABANDON, label: 'Déclarer la partie abandonnée', help: 'La partie s’achève maintenant sans résultat : ni vainqueur ni classement, et elle ne compte pas au classement permanent. Irréversible.', fields: [] },
  ],
  en: [
    { id: CLOSE, label: 'Close the game with the current ranking', help: 'The game ends now: the baron with the most Influence wins, ties broken as at the end of a game (§7.2: cities, then crowns + Faith + votes, then troops on the board). Cannot be undone.', fields: [] },
    { id: ABANDON, label: 'Declare the game abandoned', help: 'The game ends now with no result: no winner, no ranking, and it does not count in the permanent ranking. Cannot be undone.', fields: [] },
  ],
};
const NO_HOST_ACTION: Localized = { fr: 'Cette action de l’hôte n’existe pas, ou la partie est déjà terminée.', en: 'There is no such host action, or the game is over already.' };

/** The close (§9.1 item 9 [P G-A64]): the game over now, the winner and the ranking by §7.2, told to every baron. */
export function closeNow(g: WkGame): { state: WkGame; events: FlowEvent[] } {
  const wk = structuredClone(g.wk);
  const ranking = influenceRanking(wk);
  wk.winner = influenceWinner(wk);
  wk.stage = 'over';
  wk.toAct = [];
  const event: FlowEvent = { t: 'closed', winner: wk.winner, ranking: ranking.map((grp) => grp.map((b) => ({ baron: b, influence: wk.barons[b].influence }))) };
  return { state: { ...g, wk, flow: { ...g.flow, pending: {}, closed: true } }, events: [event] };
}

/**
 * The other close of §9.1 item 9 [P G-A64]: the result "abandoned" — the game over now with no
 * winner and no ranking (`outcome` reason `abandoned`, `finishingOrder` empty: the permanent ranking
 * moves nobody's points), told to every baron.
 */
export function abandonNow(g: WkGame): { state: WkGame; events: FlowEvent[] } {
  const wk = structuredClone(g.wk);
  wk.winner = null;
  wk.stage = 'over';
  wk.toAct = [];
  return { state: { ...g, wk, flow: { ...g.flow, pending: {}, closed: true, abandoned: true } }, events: [{ t: 'abandoned' }] };
}

function choicesOf(g: WkGame, ask: Ask): Decision['choices'] {
  const s = g.wk;
  switch (ask.kind) {
    case 'passage-consent': case 'attack-consent': return [opt('allow', { fr: 'Accorder', en: 'Allow' }), opt('deny', { fr: 'Refuser', en: 'Deny' })];
    case 'city-captured': return [opt('control', { fr: 'La contrôler', en: 'Control it' }), opt('raze', { fr: 'La raser', en: 'Raze it' })];
    case 'use-ability': return [opt('true', { fr: 'Oui', en: 'Yes' }), opt('false', { fr: 'Non', en: 'No' })];
    case 'launch-expedition': return [opt('default', { fr: 'Pas d’expédition', en: 'No expedition' }), ...openDestinations(s).map((d) => opt(d, DESTINATION_NAMES[d]))];
    case 'cancel-red-event': return [opt('true', { fr: 'Payer et annuler', en: 'Pay and cancel' }), opt('false', { fr: 'Ne pas payer', en: 'Don’t pay' })];
    case 'event-drawer': { const who = baronName(g.names); return s.players.map((b) => opt(b, { fr: who(b), en: who(b) })); }
    case 'event-choice': return s.eventPending?.target ? choosableCities(s, s.eventPending.target).map((c) => opt(c, city(c).name)) : undefined;
    case 'refuse-law': return [opt('comply', { fr: 'Payer', en: 'Pay' }), opt('refuse', { fr: 'Refuser (bannissement)', en: 'Refuse (banishment)' })];
    case 'refuse-decision': return [opt('accept', { fr: 'Accepter', en: 'Accept' }), opt('refuse', { fr: 'Refuser (bannissement)', en: 'Refuse (banishment)' })];
    case 'acting-chairman': case 'declare-vote': case 'break-tie': case 'discard-title': case 'assign-office':
      return (assemblyQuestion(g)?.options ?? []).map((o) => opt(o, { fr: o, en: o }));
    default: return undefined;
  }
}

function promptOf(g: WkGame, ask: Ask): Localized {
  const s = g.wk;
  const p = ask.kind === 'personal-motion' && s.config.options.freeFormMotions ? FREE_MOTION_PROMPT : PROMPTS[ask.kind] ?? { fr: ask.kind, en: ask.kind };
  const card = s.current && ask.kind === 'use-card' ? cardName(s.current) : null;
  const t = s.turn > 0 ? { fr: `Tour ${s.turn} — `, en: `Turn ${s.turn} — ` } : { fr: 'Mise en place — ', en: 'Setup — ' };
  const who = baronName(g.names); // the barons as the platform's pages name the players (the seats' names)
  const base: Localized = { fr: `${t.fr}${card ? `${card.fr} : ` : ''}${p.fr}`, en: `${t.en}${card ? `${card.en}: ` : ''}${p.en}` };
  if (ask.kind === 'draft-pick') {
    // the display as the earlier shields left it, the picks so far (public), what this shield may take
    const d = draftQuestion(g);
    if (!d) return base;
    const so = (lang: Lang) => [
      ...d.seen.map((e) => renderEvent(e, lang, who)),
      `${lang === 'fr' ? 'Étal' : 'Display'}: ${d.display.map((id) => `${id} (${NATION_NAMES[mercenary(id).nation][lang]} ${mercenary(id).strength}, ${mercenary(id).wage})`).join(', ')}`,
      lang === 'fr' ? `${who(d.baron)} : ${d.crowns} couronnes, ${d.first ? d.more + 1 : 1} carte(s) au plus (une seule nation) ; destinations : ${draftDestinations(s, d.baron).join(', ')}`
        : `${who(d.baron)}: ${d.crowns} crowns, at most ${d.first ? d.more + 1 : 1} card(s) (one nation); destinations: ${draftDestinations(s, d.baron).join(', ')}`,
    ].join('\n');
    return { fr: `${base.fr}\n${so('fr')}`, en: `${base.en}\n${so('en')}` };
  }
  if (ask.kind === 'plan-piles') {
    // the guided form (forms.ts) puts each card on a pile; typed, the answer is the three piles' card codes
    return {
      fr: `${base.fr}\nDans le formulaire, choisissez une pile pour chaque carte. Réponse tapée : les trois piles, de la 1re à la 3e, avec les codes des cartes de « Votre main », par exemple [["code"],[],["code","code"]] ; « default » : aucune carte.`,
      en: `${base.en}\nIn the form, choose a pile for each card. Typed answer: the three piles, 1st to 3rd, with the card codes of "Your hand", for example [["code"],[],["code","code"]]; "default": no card.`,
    };
  }
  if (ask.kind === 'refuse-law') {
    // what each Law asks of each baron asked (public: cities, Laws and incomes are on the table)
    const dues = (lang: Lang) => ask.players.flatMap((b) => levies(s, b).map((c) => `${who(b)} — ${proposalCard(c).name[lang]} : ${lawDue(s, b, c)}`)).join('\n');
    return { fr: `${base.fr}\n${dues('fr')}`, en: `${base.en}\n${dues('en')}` };
  }
  const q = ASSEMBLY_KINDS.includes(ask.kind) ? assemblyQuestion(g) : null;
  if (!q) return base;
  // the Assembly so far, public events only (commitments appear once revealed), then the proposal and the choices
  const so = (lang: Lang) => [...q.seen.map((e) => renderEvent(e, lang, who)), ...(q.card ? [proposalCard(q.card).name[lang]] : []), `${lang === 'fr' ? 'Choix' : 'Choices'}: ${q.options.join(', ')}`].join('\n');
  return { fr: `${base.fr}\n${so('fr')}`, en: `${base.en}\n${so('en')}` };
}

/** What a Law would take from a baron at this Taxation (rules/taxation.ts: he pays what he can). */
function lawDue(s: WkGame['wk'], b: BaronId, card: string): number {
  const income = taxationIncome(s, b);
  const due = modsOf(s, b).filter((m) => isLevy(m) && m.card === card).reduce((n, m) => n + levyDue(s, b, m, income), 0);
  return Math.min(due, s.barons[b].crowns + income);
}

export type WkPlayerView = WkView & { asked: { kind: DecisionKind; players: BaronId[] } | null };

function namesOf(options: WkGameOptions | undefined, barons: BaronId[]): Partial<Record<BaronId, string>> {
  const lords = options?.lords ?? [];
  return Object.fromEntries(barons.map((b, i) => [b, lords[i] ?? baronData(b).name]));
}

export const warriorKnights: Ruleset<WkGame, unknown, FlowEvent, WkPlayerView, WkGameOptions> = {
  id: 'warrior-knights',
  title: TITLE,
  setup(options, rng: Rng) {
    const players = options?.players ?? options?.lords?.length ?? 4;
    const maxTurns = options?.maxTurns ?? 0;
    if (!Number.isInteger(maxTurns) || maxTurns < 0 || maxTurns > 100) throw new Error('warrior-knights: maxTurns is a whole number from 0 to 100');
    const length = options?.length ?? 10;
    if (!(LENGTHS as readonly number[]).includes(length)) throw new Error(`warrior-knights: the game length is one of ${LENGTHS.join(', ')} Influence per baron (§7.4)`);
    // the creation form's variants (host-form.ts) over the JSON constants' own
    const base = withVariants(options?.config, options?.variants) ?? {};
    const config = { ...base, influence: { ...((base.influence as object) ?? {}), perPlayer: length } };
    const wk = createGame({ players, config }, rng);
    return startFlow(wk, maxTurns, namesOf(options, wk.players));
  },
  // every seat, eliminated barons too (Player elimination, §7.4: `players` holds those still in play)
  players: (g) => seatsOf(g.wk).map((id) => ({ id, name: g.names[id] ?? baronData(id).name })),
  decisions(g) {
    const ask = askOf(g);
    if (!ask) return [];
    const cls = DECISIONS[ask.kind].deadline ?? 'REPLY';
    return [{
      id: ask.id, kind: ask.kind, players: [...ask.players],
      deadline: { kind: 'class', name: cls },
      defaults: Object.fromEntries(ask.players.map((p) => [p, DEFAULT])),
      prompt: promptOf(g, ask),
      ...(choicesOf(g, ask)?.length ? { choices: choicesOf(g, ask) } : {}),
      ...(ask.clock ? { clock: ask.clock } : {}),
      ...(ask.charges ? { charges: ask.charges } : {}), // §9.3: consents run on the card owner's clock
    }];
  },
  validate(g, player, decision, ans) {
    const ask = askOf(g);
    if (!ask || ask.id !== decision) return { value: null, issues: [{ message: 'This question is no longer asked.', text: { fr: 'Cette question n’est plus posée.', en: 'This question is no longer asked.' } }] };
    let a = ans;
    if (typeof a === 'string') { const f = fromFormLine(g, ask, player as BaronId, a); if (f !== undefined) a = f; } // a guided form's line (forms.ts)
    if (typeof a === 'string' && /^[[{]/.test(a.trim())) { try { a = JSON.parse(a); } catch { return { value: null, issues: [{ message: 'Malformed answer: not JSON.', text: { fr: 'Réponse mal formée : ce n’est pas du JSON.', en: 'Malformed answer: not JSON.' } }] }; } }
    if ((ask.kind === 'use-ability' || ask.kind === 'cancel-red-event') && (a === 'true' || a === 'false')) a = a === 'true';
    if ((ask.kind === 'pledge-faith' || ask.kind === 'commit-votes') && typeof a === 'string' && /^\d{1,4}$/.test(a.trim())) a = Number(a.trim());
    const v = checkAnswer(g, ask, player, a);
    return { ...v, issues: v.issues.map((i) => (i.text ? { ...i, text: seatNamed(i.text, g.names) } : i)) }; // the barons as the pages name them (barons.ts)
  },
  resolve(g, submissions) {
    const ask = askOf(g);
    if (!ask) throw new Error('warrior-knights: the game is over');
    const answers = Object.fromEntries(ask.players.map((p) => { const v = submissions.find((x) => x.decision === ask.id && x.player === p)?.value; return [p, v === undefined || v === DEFAULT ? null : v]; }));
    const r = answer(g, answers);
    // [P G-A64] an answer given (a bot's, a standing one, the player's own "default") is activity; a timeout is not
    const acted = submissions.some((x) => x.decision === ask.id && !x.defaulted);
    return { state: watchIdle(g, r.game, acted), events: r.events };
  },
  pauseRequest(before, after) {
    const t = idleTurn(before, after);
    return t === null ? null : fill(IDLE_PAUSE, { t });
  },
  view(g, player) {
    const ask = askOf(g);
    const viewer = player && (g.wk.players as string[]).includes(player) ? player as BaronId : null;
    return { ...viewOf(g.wk, viewer), asked: ask ? { kind: ask.kind, players: [...ask.players] } : null };
  },
  report: (g, events, player, lang) => renderReport(g, events, player, lang),
  // the board (mapdoc.ts) and, for the baron asked, his map orders: the open question's form answers that name a place (map-orders.ts)
  // The map orders where the platform offers them (`pending` given); a drawing alone (page, SVG, PNG, mail) skips the form's dry runs.
  mapDoc: (g, player, lang, pending) => ({ ...wkMapDoc(g.wk, player && (g.wk.players as string[]).includes(player) ? player as BaronId : null, lang, g.names), units: pending !== undefined ? wkMapUnits(g, player, lang) : [] }),
  mapUnits: (g, player, lang) => wkMapUnits(g, player, lang),
  // Crowns given at any time (§4.13, §9.1 item 7, §9.2 #42): the one free action (free.ts), public
  // and, with the "Heir exchange" option (§7.4, #43), heir offers, answers, returns and executions (heirs.ts)
  freeActions: (g, player, lang) => freeActionsOf(g, player, lang),
  validateAction(g, player, action) {
    const v = validateFree(g, player, action);
    return { ...v, issues: v.issues.map((i) => (i.text ? { ...i, text: seatNamed(i.text, g.names) } : i)) }; // the barons as the pages name them
  },
  act: (g, player, value) => applyFree(g, player, value),
  hostActions(g, lang) {
    return warriorKnights.outcome(g) ? [] : HOST_FORMS[lang];
  },
  validateHostAction(g, action: ActionInput): Validation<unknown> {
    if ((action.id !== CLOSE && action.id !== ABANDON) || warriorKnights.outcome(g)) return { value: null, issues: [{ message: NO_HOST_ACTION.en, text: NO_HOST_ACTION }] };
    return { value: { kind: action.id }, issues: [] };
  },
  hostAct(g, value) {
    return (value as { kind?: string } | null)?.kind === ABANDON ? abandonNow(g) : closeNow(g);
  },
  outcome(g): Outcome | null {
    const s = g.wk;
    if (g.flow.abandoned) return { finished: true, winners: [], reason: 'abandoned' };
    if (g.flow.closed) return { finished: true, winners: s.winner ? [s.winner] : [], reason: 'closed' };
    if (s.stage === 'over') return { finished: true, winners: s.winner ? [s.winner] : [], reason: s.winner ? (s.eliminated?.length && s.players.length === 1 ? 'last-standing' : s.log.some((e) => e.t === 'military-victory') ? 'military' : 'influence') : 'none' };
    if (g.flow.capped) { const w = influenceWinner(s); return { finished: true, winners: w ? [w] : [], reason: 'turn-cap' }; }
    return null;
  },
  finishingOrder(g) {
    // abandoned (§9.1 item 9): no places at all, so the permanent ranking moves nobody's points
    if (g.flow.abandoned) return [];
    // the winner first (a military victor may not lead on Influence), then the §7.2 ranking
    const winners = new Set(warriorKnights.outcome(g)?.winners ?? []);
    const groups = influenceRanking(g.wk).map((grp) => grp.filter((b) => !winners.has(b)));
    // Player elimination (§7.4) [P]: the eliminated last, the latest eliminated first
    const out = [...(g.wk.eliminated ?? [])].reverse().map((b) => [b]);
    return [[...winners], ...groups, ...out].filter((x) => x.length > 0);
  },
  stepLabel(g) {
    const ask = askOf(g);
    if (g.wk.stage === 'over' || g.flow.capped) return 'over';
    if (g.wk.turn === 0) return `setup ${g.wk.step}${ask ? ` ${ask.kind}` : ''}`;
    return `turn ${g.wk.turn} ${g.wk.step}${ask ? ` ${ask.kind}` : ''}`;
  },
  // The stored label (`turn 1 A1 commit-votes`) read by players: the turn and the step's own name
  // (phases.ts), « Tour 1 — Action : … »; the question's id stays out (it is the prompt's title).
  localizeLabel(label, lang) {
    const fr = lang === 'fr';
    if (label === 'over') return fr ? 'Partie terminée' : 'Game over';
    const m = /^(?:setup|turn (\d+)) (\S+)(?: \S+)?$/.exec(label);
    if (!m) return label;
    const head = m[1] ? `${fr ? 'Tour' : 'Turn'} ${m[1]}` : (fr ? 'Mise en place' : 'Setup');
    let name: string | null = null;
    try { name = stepRow(m[2] as StepId).name[lang]; } catch { name = null; }
    return name ? `${head} — ${name}` : head;
  },
  presentView(g, player, lang): ViewDoc {
    const s = g.wk, fr = lang === 'fr';
    const cities = (b: BaronId) => Object.values(s.cities).filter((c) => c.controller === b && !c.razed).length;
    // the baron's own name (the one the board's pieces, hands and cards belong to) beside the player who plays him:
    // the seat's name, which the log, the prompts and the map use (barons.ts baronName)
    // every seat; an eliminated baron (Player elimination, §7.4) is marked as such
    const out = (b: BaronId) => (isEliminated(s, b) ? (fr ? ' (éliminé)' : ' (eliminated)') : '');
    const rows = seatsOf(s).map((b) => [`${baronData(b).name}${out(b)}`, g.names[b] ?? '—', baronData(b).colour[lang], String(s.barons[b].crowns), String(s.barons[b].votes), String(s.barons[b].faith), String(s.barons[b].influence), String(cities(b))]);
    const step = stepRow(s.step as StepId);
    const sections: ViewDoc['sections'] = [
      { title: fr ? 'Barons' : 'Barons', kind: 'table', columns: fr ? ['Baron', 'Joueur', 'Couleur', 'Couronnes', 'Voix', 'Foi', 'Influence', 'Cités'] : ['Baron', 'Player', 'Colour', 'Crowns', 'Votes', 'Faith', 'Influence', 'Cities'], rows },
      { title: fr ? 'Tour' : 'Turn', kind: 'kv', rows: [[fr ? 'Tour' : 'Turn', String(s.turn)], [fr ? 'Étape' : 'Step', `${s.step} ${step.name[lang]}`], [fr ? 'Président' : 'Chairman', baronData(s.chairman).name], [fr ? 'Soutien de l’Église' : 'Church Support', baronData(s.church).name], [fr ? 'Réserve d’Influence' : 'Influence reserve', String(s.influenceReserve)], ...(s.eliminated?.length ? [[fr ? 'Éliminés' : 'Eliminated', s.eliminated.map((b) => baronData(b).name).join(', ')] as [string, string]] : [])] },
      tracksSection(s, g.names, lang), // issue 21: the tracks and trigger zones beside the board (tracks.ts)
    ];
    if (s.heirs) sections.push(...heirSections(s, lang)); // the "Heir exchange" option (§7.4, #43): public [P]
    sections.push(...houseLawSections(s, lang)); // the "Free-form Personal Motions" option (§7.4): the free laws in play, public [P]
    if (player && (s.players as string[]).includes(player)) {
      const b = player as BaronId;
      sections.push({ title: fr ? 'Votre main' : 'Your hand', kind: 'kv', rows: s.barons[b].hand.map((c) => [c, cardName(c)[lang]]) });
      const nobles = Object.values(s.nobles).filter((n) => n.baron === b).map((n) => [n.id, n.location.kind === 'off' ? '—' : n.location.region, String(n.troops.length), String(n.casualties), n.ready ? (fr ? 'frais' : 'ready') : (fr ? 'épuisé' : 'exhausted')]);
      sections.push({ title: fr ? 'Vos nobles' : 'Your nobles', kind: 'table', columns: fr ? ['Noble', 'Région', 'Troupes', 'Pertes', 'État'] : ['Noble', 'Region', 'Troops', 'Casualties', 'State'], rows: nobles });
    }
    return { sections };
  },
  deadlineClasses: Object.fromEntries(Object.entries(DEFAULT_CONFIG.deadlines).map(([k, m]) => [k, { label: DEADLINE_LABELS[k]!, minutes: { ...m } } satisfies DeadlineClass])),
  standingOptions(_g, _player, lang): StandingOption[] {
    const fr = lang === 'fr';
    return [
      { id: 'passage', label: fr ? 'Passage par vos régions (n° 6)' : 'Passage through your regions (#6)', help: fr ? 'La réponse donnée d’office à chaque demande de passage.' : 'The answer given at once to every request to pass.', choices: [{ value: 'ask', label: fr ? 'Me demander' : 'Ask me' }, { value: 'allow', label: fr ? 'Toujours accorder' : 'Always allow' }, { value: 'deny', label: fr ? 'Toujours refuser' : 'Always deny' }] },
      { id: 'attack', label: fr ? 'Attaques là où vous avez une armée (n° 7)' : 'Attacks where you have an army (#7)', choices: [{ value: 'ask', label: fr ? 'Me demander' : 'Ask me' }, { value: 'allow', label: fr ? 'Toujours accorder' : 'Always allow' }, { value: 'deny', label: fr ? 'Toujours refuser' : 'Always deny' }] },
      { id: 'revolt', label: fr ? 'Révoltes (n° 39)' : 'Revolts (#39)', help: fr ? 'Si une de vos cités se révolte.' : 'If one of your cities revolts.', choices: [{ value: 'ask', label: fr ? 'Me demander' : 'Ask me' }, { value: 'lose', label: fr ? 'Perdre la cité' : 'Lose the city' }, { value: 'faith', label: fr ? 'Payer en Foi' : 'Pay Faith' }, { value: 'crowns', label: fr ? 'Payer en couronnes' : 'Pay crowns' }] },
      { id: 'wages', label: fr ? 'Soldes (n° 26)' : 'Wages (#26)', choices: [{ value: 'ask', label: fr ? 'Me demander' : 'Ask me' }, { value: 'default', label: fr ? 'Payer les plus gros mercenaires tant que possible' : 'Pay the largest mercenaries while affordable' }] },
    ];
  },
  standingAnswer(g, player, d, standing) {
    if (d.kind === 'passage-consent' && (standing.passage === 'allow' || standing.passage === 'deny')) return standing.passage;
    if (d.kind === 'attack-consent' && (standing.attack === 'allow' || standing.attack === 'deny')) return standing.attack;
    if (d.kind === 'pay-wages' && standing.wages === 'default') return DEFAULT;
    if (d.kind === 'revolt' && ['lose', 'faith', 'crowns'].includes(standing.revolt ?? '')) {
      return Object.fromEntries(Object.values(g.wk.cities).filter((c) => c.controller === player && !c.razed).map((c) => [c.id, standing.revolt]));
    }
    return undefined;
  },
  answerForm(g, player, decision, lang): AnswerForm {
    const ask = askOf(g);
    if (!ask || ask.id !== decision || !(ask.players as string[]).includes(player)) return { groups: [] };
    return formFor(g, ask, player as BaronId, lang);
  },
  answerText: (_g, _player, _decision, value) => answerText(value),
  // issue 21: the stored answer back in the guided form (form-values.ts), for the question still open to him
  formValues(g, player, decision, value) {
    const ask = askOf(g);
    if (!ask || ask.id !== decision || !(ask.players as string[]).includes(player)) return null;
    const form = formOf(g, ask, player as BaronId, 'en');
    return firstRoundTrip(warriorKnights, g, player, decision, value, form, wkFormCandidates(g, ask, player as BaronId, form, value));
  },
  // issue 21: the stored answer told back in words (describe.ts), for the question still open
  describeAnswer(g, player, decision, value, lang) {
    const ask = askOf(g);
    if (!ask || ask.id !== decision || !(ask.players as string[]).includes(player)) return null;
    return describeWkAnswer(g, ask, player as BaronId, value, lang);
  },
};

export type { PlayerId };
export default warriorKnights;
