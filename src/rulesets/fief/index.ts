/**
 * Fief as a Ruleset (src/engine/ruleset.ts), one line per contract method where it can: the state is
 * the rules' state with the flow (flow.ts), a decision is the flow's open question with its
 * §11.4 deadline class and default (decisions.ts, answers.ts), a resolution records its answers and
 * runs the pure steps (turn.ts) whose inputs are complete, the view is view.ts plus the open
 * question, reports are report.ts, the outcome is victory.ts's (step 7.B). The map (`mapDoc`) is
 * mapdoc.ts's, drawn from the player's view alone.
 */
import { withVariants } from '../../engine/host-switches.ts';
import type { AnswerForm, Decision, DeadlineClass, FormField, FormValues, Lang, Localized, Outcome, PlayerId, Ruleset, StandingOption, ViewDoc } from '../../engine/ruleset.ts';
import { BOARD } from './board.ts';
import { cardName } from './cards.ts';
import { DEFAULT_CONFIG } from './constants.ts';
import { DECISIONS, HOLD } from './decisions.ts';
import { holdTakes, surpriseText, momentOf } from './holds.ts';
import { legalSurprises } from './rules/surprise.ts';
import { answerText, checkAnswer, defaultAnswer } from './answers.ts';
import { lordWords } from './words.ts';
import { describeFiefAnswer } from './describe.ts';
import { fiefFormCandidates } from './form-values.ts';
import { firstRoundTrip } from '../../engine/form-values.ts';
import { answer, startFlow, type Ask, type FiefEvent, type FiefGame, type FlowKind } from './flow.ts';
import { renderReport, lordName, playerName, villageName } from './report.ts';
import { createGame, type FiefOptions } from './setup.ts';
import { viewOf, type FiefView } from './view.ts';
import { victoryPoints } from './rules/victory.ts';
import { possibleBattles } from './flow.ts';
import { fiefMapDoc } from './mapdoc.ts';
import { fiefMapTrails, fiefMapUnits } from './map-orders.ts';
import { applyFree, carryFree, diplomacyView, freeActionsOf, isFreeEvent, offerText, validateFree, type FreeEvent } from './free.ts';
import { freeLines } from './free-report.ts';
import { finishingOrder } from './finish.ts';
import { fiefHelp } from './help/index.ts';

/** Host options: the engine passes the seats' names as `lords`; `maxTurns` ends the game after that turn (0: only victory). */
export interface FiefGameOptions extends Partial<FiefOptions> {
  lords?: string[]; maxTurns?: number; map?: string;
  /** The Appendix A options the creation form set (host-form.ts), laid over `config.options`. */
  variants?: Record<string, boolean>;
}

const TITLE: Localized = { fr: 'Fief', en: 'Fief' };

const DEADLINE_LABELS: Record<string, Localized> = {
  TURN: { fr: 'tour de jeu', en: 'turn' },
  REPLY: { fr: 'réponse', en: 'reply' },
  BATTLE: { fr: 'bataille', en: 'battle' },
  HOLD: { fr: 'point d’attente', en: 'hold' },
};

/** §11.3 point 2: each hold point in both languages. */
function holdPointName(point: string, village: string | undefined): Localized {
  const v = village ? villageName(village) : '';
  if (point.endsWith('/vote')) return { fr: 'après les candidatures, avant le vote', en: 'after the candidates, before the vote' };
  if (point.endsWith('/reveal')) return { fr: 'avant le dépouillement', en: 'before the reveal' };
  if (/^5\.A\/[^/]+\/step\/\d+$/.test(point)) return { fr: `après un pas à ${v}, où d’autres joueurs ont des pièces`, en: `after a step into ${v}, where other players have pieces` };
  if (/^5\.A\/[^/]+\/before$/.test(point)) return { fr: 'avant un tour de mouvement', en: 'before a movement slot' };
  const names: Record<string, Localized> = {
    '2.C/before': { fr: 'après les calamités, avant les cartes', en: 'after the calamities, before the cards' },
    '3.A/before': { fr: 'avant les revenus', en: 'before income' },
    '6.C/before': { fr: 'avant le pillage', en: 'before pillage' },
    '7.B/before': { fr: 'avant le décompte de la victoire', en: 'before the victory check' },
    revolt: { fr: `révolte à ${v} : rejoindre (Révolte sur ${v}, Souterrain) ou passer`, en: `revolt at ${v}: join (Revolt on ${v}, Tunnel) or pass` },
    battle: { fr: `bataille à ${v}, avant le round`, en: `battle at ${v}, before the round` },
    'battle-end': { fr: `bataille à ${v}, après le dernier round, avant ses conséquences`, en: `battle at ${v}, after the last round, before its consequences` },
  };
  return names[point] ?? { fr: point, en: point };
}

/** The question's sentence, from what the player may know (its options, public facts). */
function promptOf(g: FiefGame, ask: Ask): Localized {
  const s = g.fief, c = ask.ctx, t = s.cursor.turn;
  const L = (fr: string, en: string): Localized => ({ fr: `Tour ${t} — ${fr}`, en: `Turn ${t} — ${en}` });
  const who = (p: PlayerId, lang: Lang) => playerName(s, p, null, lang);
  switch (c.k) {
    case 'start-village': return { fr: 'Mise en place — choisissez votre village de départ.', en: 'Setup — choose your starting village.' };
    case 'propose-marriage': return L('proposez-vous un mariage ? (« propose <votre seigneur> <son conjoint> » ou « none »)', 'do you propose a marriage? (“propose <your lord> <spouse>” or “none”)');
    case 'accept-marriage': return L(`${who(c.proposer, 'fr')} propose d’unir ${lordName(s, c.proposal.lord)} et ${lordName(s, c.proposal.to)}. Acceptez-vous ?`, `${who(c.proposer, 'en')} proposes to wed ${lordName(s, c.proposal.lord)} and ${lordName(s, c.proposal.to)}. Do you accept?`);
    case 'declare-candidate': { const e = c.election; const fr = e.kind === 'BISHOP' ? `l’évêché ${e.bishopric}` : e.kind === 'POPE' ? 'la papauté' : 'le trône'; const en = e.kind === 'BISHOP' ? `bishopric ${e.bishopric}` : e.kind === 'POPE' ? 'the papacy' : 'the throne'; return L(`présentez-vous un candidat pour ${fr} ?`, `do you put forward a candidate for ${en}?`); }
    case 'place-votes': return L(`placez vos marqueurs, face cachée (« for <candidat> », « blank <candidat> ») — candidats : ${c.candidates.map((x) => lordName(s, x)).join(', ')}.`, `place your markers, face down (“for <candidate>”, “blank <candidate>”) — candidates: ${c.candidates.map((x) => lordName(s, x)).join(', ')}.`);
    case 'pope-consent': return L(`${who(c.buyer, 'fr')} veut acheter un chapeau de cardinal. Y consentez-vous, au nom du pape ?`, `${who(c.buyer, 'en')} wants to buy a cardinal’s hat. Do you consent, as the pope?`);
    case 'king-waiver': return L(`${who(c.buyer, 'fr')} achète un titre de fief. Le roi lui en fait-il grâce du prix ?`, `${who(c.buyer, 'en')} buys a fief title. Does the king waive its price?`);
    case 'discard-draw': return L('défaussez et piochez (« discard <carte> », « draw character|event », ou « stop »).', 'discard and draw (“discard <card>”, “draw character|event”, or “stop”).');
    case 'plague-losses': return L('la peste frappe vos armées : choisissez vos pertes (« lose <village> <sergents> <chevaliers> »).', 'the plague strikes your armies: choose your losses (“lose <village> <sergeants> <knights>”).');
    case 'play-cards': return L('jouez vos cartes de phase (« play <carte> … » ou « none »).', 'play your phase cards (“play <card> …” or “none”).');
    case 'ransom-offer': return L('vos seigneurs prisonniers : faites-vous une offre de rançon ? (« offer <écus> <seigneur>… » ou « none »)', 'your imprisoned lords: do you make a ransom offer? (“offer <ecus> <lord>…” or “none”)');
    case 'accept-ransom': return L(`${who(c.owner, 'fr')} offre ${c.offer.amount} écus pour ${c.offer.prisoners.map((x) => lordName(s, x)).join(', ')}. Acceptez-vous ?`, `${who(c.owner, 'en')} offers ${c.offer.amount} ecus for ${c.offer.prisoners.map((x) => lordName(s, x)).join(', ')}. Do you accept?`);
    case 'purchases': return L('vos achats (une ligne chacun, ou « none »).', 'your purchases (one line each, or “none”).');
    case 'movement': return L('vos mouvements (une ligne par pas, ou « none »).', 'your movements (one line per step, or “none”).');
    case 'pass-consent': return L(`${who(c.mover, 'fr')} veut passer par ${villageName(c.village)}. Le laissez-vous passer ?`, `${who(c.mover, 'en')} wants to pass through ${villageName(c.village)}. Do you let him pass?`);
    case 'after-refusal': return L(`le passage vers ${villageName(c.village)} vous est refusé : revenir d’un pas ou vous arrêter ?`, `passage to ${villageName(c.village)} is refused: go back a step or stop?`);
    case 'raid-fight': return L(`la chevauchée de ${who(c.raider, 'fr')} passe par ${villageName(c.village)} : combattre ou la laisser passer ?`, `${who(c.raider, 'en')}’s raid passes ${villageName(c.village)}: fight or let it pass?`);
    case 'leave-besieged': return L(`${who(c.mover, 'fr')} demande à sortir de ${villageName(c.village)}, que vous assiégez. L’y autorisez-vous ?`, `${who(c.mover, 'en')} asks to leave ${villageName(c.village)}, which you besiege. Do you allow it?`);
    case 'reinforce-besieged': return L(`${who(c.mover, 'fr')} veut renforcer ${villageName(c.village)}, votre fortification assiégée. Ses pièces entrent-elles dans vos murs ?`, `${who(c.mover, 'en')} wants to reinforce ${villageName(c.village)}, your besieged fortification. Do his pieces enter your walls?`);
    case 'fief-heir': return c.dead
      ? L(`${lordName(s, c.lord)} est mort : lequel de vos seigneurs hérite de ses titres de fief (${c.titles.length}) ? (« heir <seigneur> » ou « default »)`, `${lordName(s, c.lord)} has died: which of your lords inherits his fief titles (${c.titles.length})? (“heir <lord>” or “default”)`)
      : L(`${lordName(s, c.lord)} va mourir : lequel de vos seigneurs hérite de ses titres de fief (${c.titles.length}) ? (« heir <seigneur> » ou « default »)`, `${lordName(s, c.lord)} is about to die: which of your lords inherits his fief titles (${c.titles.length})? (“heir <lord>” or “default”)`);
    case 'relic-power': return c.relic === 'ROSELINE'
      ? L(`fin de la phase des cartes : ${lordName(s, c.lord)} porte les Yeux de sainte Roseline. Tentez-vous de chasser les intempéries (${c.cards} carte(s), un dé chacune) ?`, `end of the cards phase: ${lordName(s, c.lord)} carries the Eyes of St Roseline. Do you try to drive the bad weather away (${c.cards} card(s), one die each)?`)
      : L(`fin de la phase des cartes : ${lordName(s, c.lord)} porte les Ossements de sainte Radegonde. Tentez-vous de lever les famines (${c.cards} carte(s), un dé chacune, levée sur ${s.config.relics.radegondeFrom} ou plus) ?`, `end of the cards phase: ${lordName(s, c.lord)} carries the Bones of St Radegonde. Do you try to lift the famines (${c.cards} card(s), one die each, lifted on ${s.config.relics.radegondeFrom} or more)?`);
    case 'declare-battles': return L('déclarez vos batailles (« battle <village> <joueur> » ou « none »).', 'declare your battles (“battle <village> <player>” or “none”).');
    case 'sieges': return L('vos sièges (« siege <village> », « lift <village> » ou « none »).', 'your sieges (“siege <village>”, “lift <village>” or “none”).');
    case 'join-side': return c.mode === 'offer'
      ? L(`bataille à ${villageName(c.village)} entre ${who(c.attacker, 'fr')} et ${who(c.defender, 'fr')} : rejoignez-vous un camp ?`, `battle at ${villageName(c.village)} between ${who(c.attacker, 'en')} and ${who(c.defender, 'en')}: do you join a side?`)
      : L(`bataille à ${villageName(c.village)} : acceptez-vous ces alliés (${Object.keys(c.offers ?? {}).map((p) => who(p, 'fr')).join(', ')}) ?`, `battle at ${villageName(c.village)}: do you accept these allies (${Object.keys(c.offers ?? {}).map((p) => who(p, 'en')).join(', ')})?`);
    case 'loss-allocation': return L(`${c.raid ? 'bataille de la chevauchée' : 'bataille'} à ${villageName(c.village)}, round ${c.round} : répartissez vos pertes.`, `${c.raid ? 'raid battle' : 'battle'} at ${villageName(c.village)}, round ${c.round}: allocate your losses.`);
    case 'capture': return L(`${c.raid ? 'bataille de la chevauchée' : 'bataille'} à ${villageName(c.village)}, round ${c.round} : vous capturez ${c.lords.map((x) => lordName(s, x)).join(', ')}. En épargnez-vous ?`, `${c.raid ? 'raid battle' : 'battle'} at ${villageName(c.village)}, round ${c.round}: you capture ${c.lords.map((x) => lordName(s, x)).join(', ')}. Do you spare any?`);
    case 'switch-or-leave': return L(`${c.raid ? 'bataille de la chevauchée' : 'bataille'} à ${villageName(c.village)}, fin du round ${c.round} : ${c.raid ? 'rester ou partir ?' : 'rester, changer de camp ou partir ?'}`, `${c.raid ? 'raid battle' : 'battle'} at ${villageName(c.village)}, end of round ${c.round}: ${c.raid ? 'stay or leave?' : 'stay, switch sides or leave?'}`);
    case 'end-of-round': return L(`${c.raid ? 'bataille de la chevauchée' : 'bataille'} à ${villageName(c.village)}, fin du round ${c.round} : continuer, vous rendre ou proposer d’arrêter ?`, `${c.raid ? 'raid battle' : 'battle'} at ${villageName(c.village)}, end of round ${c.round}: continue, surrender or propose a stop?`);
    case 'accept-stop': return L(`${c.raid ? 'bataille de la chevauchée' : 'bataille'} à ${villageName(c.village)} : l’autre camp propose d’arrêter. Acceptez-vous ?`, `${c.raid ? 'raid battle' : 'battle'} at ${villageName(c.village)}: the other side proposes a stop. Do you accept?`);
    case 'pillage': return L('pillez-vous des moulins ? (« pillage <village> <nombre> » ou « none »)', 'do you pillage mills? (“pillage <village> <count>” or “none”)');
    // §11.3 point 3: the same sentence for every player, whatever he holds.
    case 'hold': { const n = holdPointName(c.point, c.village); return L(`point d’attente (${n.fr}) : jouez une carte surprise (« play <carte> … ») ou passez (« pass »).`, `hold point (${n.en}): play a surprise card (“play <card> …”) or pass (“pass”).`); }
    case 'revolt-losses': return L(`la révolte à ${villageName(c.village)} frappe vos troupes : choisissez vos pertes (« lose <sergents> <chevaliers> »).`, `the revolt at ${villageName(c.village)} strikes your troops: choose your losses (“lose <sergeants> <knights>”).`);
    case 'card-consent': return L(`${who(c.player, 'fr')} joue une carte Cardinal sur ${lordName(s, c.bishop)}. Y consentez-vous, au nom du pape ?`, `${who(c.player, 'en')} plays a Cardinal card on ${lordName(s, c.bishop)}. Do you consent, as the pope?`);
    case 'placement-consent': if (c.freed) return L(`${lordName(s, c.freed)}, seigneur de ${who(c.player, 'fr')}, est libéré et aucun village n’est libre : l’accueillez-vous dans l’un de vos villages (${Object.values(c.villages).flat().map(villageName).join(', ')}) ? Sinon il reste libre où il est.`, `${lordName(s, c.freed)}, ${who(c.player, 'en')}’s lord, is freed and no village is free: do you host him in one of your villages (${Object.values(c.villages).flat().map(villageName).join(', ')})? If nobody does, he stays free where he is.`);
      return L(`${who(c.player, 'fr')} met un nouveau seigneur en jeu et aucun village n’est libre : l’accueillez-vous dans l’un de vos villages (${Object.values(c.villages).flat().map(villageName).join(', ')}) ?`, `${who(c.player, 'en')} brings a new lord into play and no village is free: do you host him in one of your villages (${Object.values(c.villages).flat().map(villageName).join(', ')})?`);
    case 'calming': return L(`une révolte éclate à ${villageName(c.village)} : tentez-vous de la calmer ? (« calm <seigneur> … » ou « none »${c.both?.length ? ' ; « calm <seigneur> cardinal » pour l’évêque qui est aussi cardinal' : ''})`, `a revolt breaks out at ${villageName(c.village)}: do you try to calm it? (“calm <lord> …” or “none”${c.both?.length ? '; “calm <lord> cardinal” for the bishop who is also a cardinal' : ''})`);
    case 'revolt-target': return L(`votre révolte à ${villageName(c.village)} : dans quel ordre frappe-t-elle ${c.players.map((p) => who(p, 'fr')).join(', ')} ? (« order <joueur> … » ou « default »)`, `your revolt at ${villageName(c.village)}: in which order does it strike ${c.players.map((p) => who(p, 'en')).join(', ')}? (“order <player> …” or “default”)`);
  }
}

const yesNo: Decision['choices'] = [{ value: 'yes', label: { fr: 'Oui', en: 'Yes' } }, { value: 'no', label: { fr: 'Non', en: 'No' } }];
const none = { value: 'none', label: { fr: 'Rien', en: 'Nothing' } };

/** The buttons of a question whose answer is a choice (none for answers with fields: see `answerForm`). */
function choicesOf(g: FiefGame, ask: Ask): Decision['choices'] {
  const s = g.fief, c = ask.ctx;
  switch (c.k) {
    case 'start-village': return c.villages.map((v) => ({ value: v, label: { fr: villageName(v), en: villageName(v) } }));
    case 'hold': return [{ value: 'pass', label: { fr: 'Passer', en: 'Pass' } }];
    case 'calming': return [{ value: 'none', label: { fr: 'Ne rien tenter', en: 'No attempt' } }];
    case 'fief-heir': return [{ value: 'default', label: { fr: 'Par défaut (le moins titré, puis le plus ancien)', en: 'Default (fewest titles, then seniority)' } }, ...c.heirs.map((l) => ({ value: l, label: { fr: lordName(s, l), en: lordName(s, l) } }))];
    case 'revolt-target': return [{ value: 'default', label: { fr: 'L’ordre par défaut', en: 'The default order' } }];
    case 'propose-marriage': return [{ value: 'none', label: { fr: 'Aucun mariage', en: 'No marriage' } }, ...c.pairs.slice(0, 30).map((m) => ({ value: `propose ${m.lord} ${m.to}`, label: { fr: `${lordName(s, m.lord)} et ${lordName(s, m.to)}`, en: `${lordName(s, m.lord)} and ${lordName(s, m.to)}` } }))];
    case 'declare-candidate': return [{ value: 'none', label: { fr: 'Pas de candidat', en: 'No candidate' } }, ...c.lords.map((l) => ({ value: l, label: { fr: lordName(s, l), en: lordName(s, l) } }))];
    case 'accept-marriage': case 'pope-consent': case 'king-waiver': case 'accept-ransom': case 'leave-besieged': case 'reinforce-besieged': case 'accept-stop': case 'placement-consent': case 'card-consent': case 'relic-power': return yesNo;
    case 'pass-consent': return [{ value: 'allow', label: { fr: 'Laisser passer', en: 'Let pass' } }, { value: 'refuse', label: { fr: 'Refuser', en: 'Refuse' } }];
    case 'after-refusal': return [{ value: 'back', label: { fr: 'Revenir', en: 'Go back' } }, { value: 'stop', label: { fr: 'S’arrêter', en: 'Stop' } }];
    case 'raid-fight': return [{ value: 'fight', label: { fr: 'Combattre', en: 'Fight' } }, { value: 'pass', label: { fr: 'Laisser passer', en: 'Let pass' } }];
    case 'switch-or-leave': return c.raid ? [{ value: 'stay', label: { fr: 'Rester', en: 'Stay' } }, { value: 'leave', label: { fr: 'Partir', en: 'Leave' } }] : [{ value: 'stay', label: { fr: 'Rester', en: 'Stay' } }, { value: 'switch', label: { fr: 'Changer de camp', en: 'Switch sides' } }, { value: 'leave', label: { fr: 'Partir', en: 'Leave' } }];
    case 'end-of-round': return [{ value: 'continue', label: { fr: 'Continuer', en: 'Continue' } }, { value: 'surrender', label: { fr: 'Se rendre', en: 'Surrender' } }, { value: 'stop', label: { fr: 'Proposer d’arrêter', en: 'Propose a stop' } }];
    case 'join-side': return c.mode === 'offer' ? [{ value: 'attacker', label: { fr: 'Avec l’attaquant', en: 'With the attacker' } }, { value: 'defender', label: { fr: 'Avec le défenseur', en: 'With the defender' } }, { value: 'none', label: { fr: 'Rester à l’écart', en: 'Stay out' } }]
      : [{ value: 'none', label: { fr: 'Aucun allié', en: 'No ally' } }, { value: Object.keys(c.offers ?? {}).join(' '), label: { fr: 'Tous', en: 'All of them' } }];
    case 'capture': return [{ value: 'all', label: { fr: 'Tous capturer', en: 'Capture all' } }, ...c.lords.map((l) => ({ value: `spare ${l}`, label: { fr: `Épargner ${lordName(s, l)}`, en: `Spare ${lordName(s, l)}` } }))];
    case 'loss-allocation': return undefined; // its form lists each legal allocation (answerForm)
    case 'discard-draw': return [{ value: 'stop', label: { fr: 'Ne rien piocher', en: 'Draw nothing' } }, { value: 'draw event', label: { fr: 'Piocher un Évènement', en: 'Draw an Event' } }, { value: 'draw character', label: { fr: 'Piocher un Personnage', en: 'Draw a Character' } }];
    case 'play-cards': case 'purchases': case 'movement': case 'declare-battles': case 'sieges': case 'pillage': case 'ransom-offer': case 'place-votes': case 'plague-losses':
      return [{ ...none, label: { fr: 'Rien', en: 'Nothing' } }];
  }
}

const opt = (v: string, label: string) => ({ value: v, label });

/** The guided form of a question with fields: its legal options, as the referee accepts them. */
function formOf(g: FiefGame, ask: Ask, player: PlayerId, lang: Lang): AnswerForm {
  const s = g.fief, c = ask.ctx;
  const fr = lang === 'fr';
  const myLords = s.families[player]!.lords.filter((id) => s.lords[id]!.at && s.lords[id]!.prisonerOf === null);
  const lordOpt = (l: string) => opt(lordWords(s, l), lordName(s, l)); // the line names him (answers.ts lordWords)
  const lordField = (name = 'lord', label = fr ? 'Seigneur' : 'Lord'): FormField => ({ name, label, kind: 'choice', options: myLords.map((l) => lordOpt(l)) });
  const villageField = (vs: readonly string[], name = 'village'): FormField => ({ name, label: fr ? 'Village' : 'Village', kind: 'choice', options: vs.map((v) => opt(v, villageName(v))) });
  const entry = (code: string, label: string, syntax: string, fields: FormField[]) => ({ code, label, syntax, fields });
  const one = (title: string, entries: ReturnType<typeof entry>[]): AnswerForm => ({ groups: [{ title, entries }] });
  const int = (name: string, label: string, max?: number): FormField => ({ name, label, kind: 'integer', min: 0, ...(max !== undefined ? { max } : {}) });
  switch (c.k) {
    case 'purchases': return one(fr ? 'Achats' : 'Purchases', [
      entry('troops', fr ? 'Troupes' : 'Troops', 'troops <village> <sergeants> <knights>', [villageField(BOARD.villageIds), int('s', fr ? 'Sergents' : 'Sergeants'), int('k', fr ? 'Chevaliers' : 'Knights')]),
      entry('mill', fr ? 'Moulin' : 'Mill', 'mill <village>', [villageField(BOARD.villageIds.filter((v) => s.villages[v]!.controller === player))]),
      entry('castle', fr ? 'Château' : 'Castle', 'castle <village>', [villageField(BOARD.villageIds.filter((v) => s.villages[v]!.controller === player))]),
      entry('title', fr ? 'Titre de fief' : 'Fief title', 'title <fief> <lord>', [{ name: 'fief', label: 'Fief', kind: 'choice', options: BOARD.fiefIds.map((f) => opt(f, BOARD.fiefs[f]!.name)) }, lordField()]),
    ]);
    case 'movement': {
      const adj = [...new Set(myLords.flatMap((l) => BOARD.adjacent[s.lords[l]!.at!.village] ?? []))];
      return one(fr ? 'Mouvements' : 'Movement', [entry('move', fr ? 'Un pas' : 'One step', 'move <lord> <to> <sergeants> <knights>', [lordField(), villageField(adj, 'to'), int('s', fr ? 'Sergents' : 'Sergeants'), int('k', fr ? 'Chevaliers' : 'Knights')])]);
    }
    case 'declare-battles': {
      const b = possibleBattles(s, player);
      return one(fr ? 'Batailles' : 'Battles', [entry('battle', fr ? 'Bataille' : 'Battle', 'battle <village> <player>', [villageField([...new Set(b.map((x) => x.village))]), { name: 'defender', label: fr ? 'Contre' : 'Against', kind: 'choice', options: [...new Set(b.map((x) => x.defender))].map((p) => opt(p, playerName(s, p, null, lang))) }])]);
    }
    case 'sieges': return one(fr ? 'Sièges' : 'Sieges', [
      entry('siege', fr ? 'Assiéger' : 'Besiege', 'siege <village>', [villageField(BOARD.villageIds.filter((v) => s.villages[v]!.fortification && s.villages[v]!.controller !== player))]),
      entry('lift', fr ? 'Lever un siège' : 'Lift a siege', 'lift <village>', [villageField(BOARD.villageIds.filter((v) => s.villages[v]!.sieges.some((x) => x.besieger === player)))]),
    ]);
    case 'pillage': return one(fr ? 'Pillage' : 'Pillage', [entry('pillage', fr ? 'Piller' : 'Pillage', 'pillage <village> <count>', [villageField(Object.keys(c.mills)), int('n', fr ? 'Moulins' : 'Mills')])]);
    case 'play-cards': return one(fr ? 'Cartes' : 'Cards', [entry('play', fr ? 'Jouer une carte' : 'Play a card', 'play <card>', [{ name: 'card', label: fr ? 'Carte' : 'Card', kind: 'choice', options: s.hands[player]!.map((x) => opt(x, cardName(x)[lang])) }])]);
    case 'discard-draw': return one(fr ? 'Pioche' : 'Draw', [
      entry('discard', fr ? 'Défausser' : 'Discard', 'discard <card>', [{ name: 'card', label: fr ? 'Carte' : 'Card', kind: 'choice', options: s.hands[player]!.map((x) => opt(x, cardName(x)[lang])) }]),
      entry('draw', fr ? 'Piocher' : 'Draw', 'draw character|event', [{ name: 'deck', label: fr ? 'Pioche' : 'Deck', kind: 'choice', options: [opt('event', fr ? 'Évènements' : 'Events'), opt('character', fr ? 'Personnages' : 'Characters')] }]),
    ]);
    case 'place-votes': return one(fr ? 'Vote' : 'Vote', [
      entry('for', fr ? 'Marqueur Pour' : 'For marker', 'for <candidate>', [{ name: 'lord', label: fr ? 'Candidat' : 'Candidate', kind: 'choice', options: c.candidates.map((l) => lordOpt(l)) }]),
      entry('blank', fr ? 'Marqueur Blanc' : 'Blank marker', 'blank <candidate>', [{ name: 'lord', label: fr ? 'Candidat' : 'Candidate', kind: 'choice', options: c.candidates.map((l) => lordOpt(l)) }]),
    ]);
    case 'ransom-offer': return one(fr ? 'Rançon' : 'Ransom', [entry('offer', fr ? 'Offre' : 'Offer', 'offer <ecus> <lord>', [int('amount', fr ? 'Écus' : 'Ecus'), { name: 'lord', label: fr ? 'Prisonnier' : 'Prisoner', kind: 'choice', options: c.prisoners.map((l) => lordOpt(l)) }])]);
    case 'plague-losses': return one(fr ? 'Peste' : 'Plague', [entry('lose', fr ? 'Pertes' : 'Losses', 'lose <village> <sergeants> <knights>', [villageField((c.armies[player] ?? []).map((a) => a.village)), int('s', fr ? 'Sergents' : 'Sergeants'), int('k', fr ? 'Chevaliers' : 'Knights')])]);
    case 'loss-allocation': {
      const o = c.options[player];
      if (!o) return { groups: [] };
      if (o.kill > 0) return one(fr ? 'Pertes' : 'Losses', [entry('kill', fr ? 'Seigneur tué' : 'Lord killed', 'kill <lord>', [{ name: 'lord', label: fr ? 'Seigneur' : 'Lord', kind: 'choice', options: o.lords.map((l) => lordOpt(l)) }])]);
      return { groups: [{ title: fr ? 'Pertes' : 'Losses', entries: o.choices.map((x) => entry(`lose ${x.sergeants} ${x.knights}`, fr ? `${x.sergeants} sergent(s), ${x.knights} chevalier(s)` : `${x.sergeants} sergeant(s), ${x.knights} knight(s)`, `lose ${x.sergeants} ${x.knights}`, [])) }] };
    }
    case 'hold': { // his own legal plays only (§11.3 point 3: nothing of another's hand)
      const plays = legalSurprises(s, player, momentOf(c, g.flow.revolt)).filter((x) => (!x.needs || c.moment === 'hold') && holdTakes(c.moment, x.play, c.point)).slice(0, 40); // a Cardinal needing #5: the pope is asked within the hold
      return { groups: [{ title: fr ? 'Cartes surprise' : 'Surprise cards', entries: [entry('pass', fr ? 'Passer' : 'Pass', 'pass', []), ...plays.map((x) => { const line = lordWords(s, surpriseText(x.play)); return entry(line, `${cardName(x.play.card)[lang]} — ${line}`, line, []); })] }] };
    }
    case 'revolt-losses': return { groups: [{ title: fr ? 'Pertes' : 'Losses', entries: c.choices.map((x) => entry(`lose ${x.sergeants} ${x.knights}`, fr ? `${x.sergeants} sergent(s), ${x.knights} chevalier(s)` : `${x.sergeants} sergeant(s), ${x.knights} knight(s)`, `lose ${x.sergeants} ${x.knights}`, [])) }] };
    case 'calming': { // [P G-19] a cardinal who is also the bishop there chooses which way he tries
      const both = (c.both ?? []).filter((l) => (c.lords[player] ?? []).includes(l));
      return one(fr ? 'Calmer la révolte' : 'Calm the revolt', [
        entry('calm', fr ? 'Tenter (l’évêque comme évêque)' : 'Try (the bishop as the bishop)', 'calm <lord>', [{ name: 'lord', label: fr ? 'Seigneur' : 'Lord', kind: 'choice', options: (c.lords[player] ?? []).map((l) => lordOpt(l)) }]),
        ...(both.length ? [entry('calm-cardinal', fr ? 'Tenter comme cardinal (sans risque de mort, payant)' : 'Try as a cardinal (no risk of death, at a price)', 'calm <lord> cardinal', [{ name: 'lord', label: fr ? 'Seigneur' : 'Lord', kind: 'choice', options: both.map((l) => lordOpt(l)) }])] : []),
      ]);
    }
    default: return { groups: [] };
  }
}

/**
 * The questions answered by a list, one line an item (answers.ts `lines`): the prompt page edits
 * them as a sheet (engine `Decision.sheet`): the guided form and the map add lines, a draft is kept
 * as it is written, and at the deadline its lines without error are played. Their "Nothing"
 * button stays, beside the sheet.
 */
export const SHEET_KINDS: ReadonlySet<string> = new Set(['purchases', 'movement', 'declare-battles', 'sieges', 'pillage', 'play-cards', 'place-votes', 'plague-losses', 'discard-draw']);

function openAsk(g: FiefGame): Ask | null { return g.flow.stage === 'over' ? null : g.flow.current; }

export const fief: Ruleset<FiefGame, unknown, FiefEvent | FreeEvent, FiefView & { asked: { kind: FlowKind; players: PlayerId[] } | null; scores: Record<PlayerId, number>; diplomacy: ReturnType<typeof diplomacyView> }, FiefGameOptions> = {
  id: 'fief',
  title: TITLE,
  setup(options, rng) {
    const names = options?.names ?? options?.lords;
    const players = options?.players ?? names?.length ?? 4;
    const maxTurns = options?.maxTurns ?? 0;
    if (!Number.isInteger(maxTurns) || maxTurns < 0 || maxTurns > 200) throw new Error('fief: maxTurns is a whole number from 0 to 200');
    // the creation form's Appendix A options (host-form.ts) over the JSON constants' own
    const config = withVariants(options?.config as Record<string, unknown> | undefined, options?.variants);
    return startFlow(createGame({ players, ...(names ? { names } : {}), ...(config !== undefined ? { config } : {}) }, rng), maxTurns);
  },
  players: (g) => g.fief.players.map((id) => ({ id, name: g.fief.families[id]!.name })),
  decisions(g) {
    const ask = openAsk(g);
    if (!ask) return [];
    const row = ask.kind === 'start-village' ? null : ask.kind === 'hold' ? HOLD : DECISIONS[ask.kind];
    return [{
      id: ask.id, kind: ask.kind, players: [...ask.players],
      deadline: { kind: 'class', name: row?.deadline ?? 'TURN' },
      defaults: Object.fromEntries(ask.players.map((p) => [p, defaultAnswer(ask, p)])),
      prompt: promptOf(g, ask),
      ...(choicesOf(g, ask)?.length ? { choices: choicesOf(g, ask) } : {}),
      // A list of lines (several steps, purchases, battles…) is written as a sheet on the prompt page.
      ...(SHEET_KINDS.has(ask.kind) ? { sheet: true } : {}),
      // §11.1.6: the mover's TURN clock pauses while others answer his consent batch, and resumes for his #21.
      ...(ask.kind === 'movement' || ask.kind === 'after-refusal' ? { clock: `${g.fief.cursor.turn}/5.A/${ask.players[0]}` } : {}),
      // The soak counts a raid battle's questions (#26–#31, its holds) apart as well: `raid <kind>`.
      ...(/^5\.A\/[^/]+\/\d+\/(r\d+|after)\//.test(ask.id) ? { tally: `raid ${ask.kind}` } : {}),
      // #13 asked after the fact (flow.ts `placing`): for a card at a hold outside a battle, or for a free action's release.
      ...(ask.kind === 'placement-consent' && /\/hold\/\d+\/free\//.test(ask.id) ? { tally: 'hold placement-consent' } : {}),
      ...(ask.kind === 'placement-consent' && /\/act\/free\//.test(ask.id) ? { tally: 'release placement-consent' } : {}),
    }];
  },
  validate(g, player, decision, ans) {
    const ask = openAsk(g);
    if (!ask || ask.id !== decision) return { value: null, issues: [{ message: 'This question is no longer asked.', text: { fr: 'Cette question n’est plus posée.', en: 'This question is no longer asked.' } }] };
    return checkAnswer(g, ask, player, ans === null ? defaultAnswer(ask, player) : ans); // engine convention: null is the default said explicitly (ruleset.ts `validate`)
  },
  resolve(g, submissions) {
    const ask = openAsk(g);
    if (!ask) throw new Error('fief: the game is over');
    const answers = Object.fromEntries(ask.players.map((p) => { const v = submissions.find((x) => x.decision === ask.id && x.player === p)?.value ?? defaultAnswer(ask, p); return [p, v === 'none' ? null : v]; })); // 'none': no proposal, no candidate, no offer
    const r = answer(g, answers);
    const c = carryFree(g, r.game); // free.ts: offers and requests kept, or lapsed
    return { state: c.game, events: [...r.events, ...c.events] };
  },
  view(g, player) {
    const ask = openAsk(g);
    return { ...viewOf(g.fief, player), asked: ask ? { kind: ask.kind, players: [...ask.players] } : null, scores: Object.fromEntries(g.fief.players.map((p) => [p, victoryPoints(g.fief, p)])), diplomacy: diplomacyView(g, player) };
  },
  report(g, events, player, lang) {
    const free = freeLines(g.fief, events.filter(isFreeEvent), player, lang);
    const rest = events.filter((e): e is FiefEvent => !isFreeEvent(e));
    if (!free.length) return renderReport(g.fief, rest, player, lang);
    return rest.length ? `${renderReport(g.fief, rest, player, lang)}\n${free.map((l) => `- ${l}`).join('\n')}` : free.map((l) => `- ${l}`).join('\n');
  },
  // The board as the player may know it, with his map orders for the question open to him (map-orders.ts)
  // where the platform offers them (`pending` given; a drawing alone — page, SVG, PNG, mail — skips their dry runs).
  mapDoc: (g, player, lang, pending) => ({ ...fiefMapDoc(g.fief, player, lang), units: player && pending !== undefined ? fiefMapUnits(g, player, lang, pending) : [] }),
  mapUnits: (g, player, lang, pending) => fiefMapUnits(g, player, lang, pending),
  mapTrails: (g, player, lang, pending) => fiefMapTrails(g, player, lang, pending),
  outcome(g) {
    if (g.flow.stage !== 'over') return null;
    const w = g.fief.winners ?? [];
    return { finished: true, winners: w, reason: w.length ? (w.length > 1 ? 'alliance' : 'solo') : 'turn-cap' } satisfies Outcome;
  },
  finishingOrder: (g) => finishingOrder(g.fief),
  freeActions: (g, player, lang) => freeActionsOf(g, player, lang),
  validateAction: (g, player, action) => validateFree(g, player, action),
  act(g, player, value) { const r = applyFree(g, player, value); return { state: r.game, events: r.events }; },
  /** The Tooth's standing answer (#38a) is its holder's own (view.ts): its step is his alone; every other free action is public. */
  freeActionAudience(_g, player, value) { return (value as { k?: string } | null)?.k === 'tooth' ? [player] : null; },
  help: (lang) => fiefHelp(lang),
  stepLabel(g) {
    const ask = openAsk(g);
    if (g.flow.stage === 'setup') return `setup ${ask?.players[0] ?? ''}`.trim();
    if (!ask) return 'over';
    return `turn ${g.fief.cursor.turn} ${g.flow.step} ${ask.kind}`;
  },
  localizeLabel(label, lang) {
    if (lang === 'en') return label;
    return label.replace(/^turn (\d+)/, 'tour $1').replace(/^setup/, 'mise en place').replace(/^over$/, 'terminée');
  },
  presentView(g, player, lang): ViewDoc {
    const s = g.fief, fr = lang === 'fr';
    const rows = s.players.map((p) => {
      const f = s.families[p]!;
      const money = s.config.options.hiddenMoney && p !== player ? '?' : String(f.ecus);
      return [playerName(s, p, null, lang), money, String(f.lords.length), String(BOARD.villageIds.filter((v) => s.villages[v]!.controller === p).length), String(victoryPoints(s, p)), String(s.hands[p]!.length)];
    });
    const sections: ViewDoc['sections'] = [
      { title: fr ? 'Familles' : 'Families', kind: 'table', columns: fr ? ['Joueur', 'Écus', 'Seigneurs', 'Villages', 'Points', 'Cartes'] : ['Player', 'Ecus', 'Lords', 'Villages', 'Points', 'Cards'], rows },
    ];
    if (player) {
      const mine = s.families[player]!.lords.map((id) => { const l = s.lords[id]!; return [l.name, l.at ? villageName(l.at.village) : '—', l.prisonerOf ? (fr ? 'prisonnier' : 'prisoner') : '', l.titles.join(', ')]; });
      sections.push({ title: fr ? 'Vos seigneurs' : 'Your lords', kind: 'table', columns: fr ? ['Seigneur', 'Village', 'État', 'Titres'] : ['Lord', 'Village', 'State', 'Titles'], rows: mine });
      sections.push({ title: fr ? 'Votre main' : 'Your hand', kind: 'kv', rows: s.hands[player]!.map((c) => [c, cardName(c)[lang]]) });
      const d = diplomacyView(g, player); // free.ts: the offers he is party to, nobody else's
      if (d.offers.length) sections.push({ title: fr ? 'Offres en cours' : 'Open offers', kind: 'kv', rows: d.offers.map((o) => [o.from === player ? (fr ? 'faite' : 'made') : (fr ? 'reçue' : 'received'), offerText(s, o, lang)]) });
    }
    sections.push({ title: fr ? 'Tour' : 'Turn', kind: 'kv', rows: [[fr ? 'Tour' : 'Turn', String(s.cursor.turn)], [fr ? 'Étape' : 'Step', g.flow.step], [fr ? 'Premier joueur' : 'First player', s.firstPlayer ? playerName(s, s.firstPlayer, null, lang) : '—']] });
    return { sections };
  },
  deadlineClasses: Object.fromEntries(Object.entries(DEFAULT_CONFIG.deadlines).map(([k, m]) => [k, { label: DEADLINE_LABELS[k]!, minutes: { ...m } } satisfies DeadlineClass])),
  standingOptions(_g, _player, lang): StandingOption[] {
    const fr = lang === 'fr';
    return [
      { id: 'consent', label: fr ? 'Passage par vos villages (#20)' : 'Passage through your villages (#20)', help: fr ? 'La réponse donnée d’office à chaque demande de passage.' : 'The answer given at once to every request to pass.', choices: [{ value: 'ask', label: fr ? 'Me demander' : 'Ask me' }, { value: 'allow', label: fr ? 'Toujours laisser passer' : 'Always let pass' }, { value: 'refuse', label: fr ? 'Toujours refuser' : 'Always refuse' }] },
      { id: 'marriage', label: fr ? 'Propositions de mariage (#2)' : 'Marriage proposals (#2)', choices: [{ value: 'ask', label: fr ? 'Me demander' : 'Ask me' }, { value: 'decline', label: fr ? 'Toujours refuser' : 'Always decline' }] },
      { id: 'losses', label: fr ? 'Pertes au combat (#26)' : 'Battle losses (#26)', choices: [{ value: 'ask', label: fr ? 'Me demander' : 'Ask me' }, { value: 'sergeants', label: fr ? 'Les sergents d’abord' : 'Sergeants first' }] },
      // §11.3 point 3: auto-pass is the player's own choice, never inferred from his hand.
      { id: 'holds', label: fr ? 'Points d’attente (§11.3)' : 'Hold points (§11.3)', help: fr ? 'Passer d’office à chaque point d’attente (cartes surprise).' : 'Pass at once at every hold point (surprise cards).', choices: [{ value: 'ask', label: fr ? 'Me demander' : 'Ask me' }, { value: 'pass', label: fr ? 'Toujours passer' : 'Always pass' }] },
    ];
  },
  standingAnswer(_g, _player, d, standing) {
    if (d.kind === 'pass-consent' && (standing.consent === 'allow' || standing.consent === 'refuse')) return standing.consent;
    if (d.kind === 'accept-marriage' && standing.marriage === 'decline') return 'no';
    if (d.kind === 'loss-allocation' && standing.losses === 'sergeants') return {};
    if (d.kind === 'hold' && standing.holds === 'pass') return 'pass';
    return undefined;
  },
  answerForm(g, player, decision, lang) {
    const ask = openAsk(g);
    if (!ask || ask.id !== decision) return { groups: [] };
    return formOf(g, ask, player, lang);
  },
  // issue 21: the stored answer back in the guided form (form-values.ts), for the question still open to him
  formValues(g, player, decision, value) {
    const ask = openAsk(g);
    if (!ask || ask.id !== decision || !ask.players.includes(player)) return null;
    const form = formOf(g, ask, player, 'en');
    // the form's lord fields hold the lords' names (formOf `lordOpt`), the answer their ids
    const named = function* (cs: Iterable<FormValues>): Iterable<FormValues> { for (const c of cs) yield { ...c, values: Object.fromEntries(Object.entries(c.values).map(([k, v]) => [k, k === 'lord' ? lordWords(g.fief, v) : v])) }; };
    return firstRoundTrip(fief, g, player, decision, value, form, named(fiefFormCandidates(ask, form, value)));
  },
  answerText(g, _player, decision, value) {
    const ask = openAsk(g);
    return lordWords(g.fief, answerText(ask && ask.id === decision ? ask.kind : 'movement', value)); // lords by name, as the form writes them
  },
  // issue 21: the stored answer told back in words (describe.ts), for the question still open to him
  describeAnswer(g, player, decision, value, lang) {
    const ask = openAsk(g);
    if (!ask || ask.id !== decision || !ask.players.includes(player)) return null;
    return describeFiefAnswer(g, ask, player, value, lang);
  },
};

export default fief;
