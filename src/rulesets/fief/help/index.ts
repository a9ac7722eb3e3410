/**
 * Fief's help for players (the `Ruleset.help` hook, issue 13 §5; issue 15 "Around it"): the rules
 * written for players (pages-fr.ts, pages-en.ts, our own wording), the first-turn guide, the
 * decision reference and the glossary.
 *
 * The decision reference walks the flow's own list of questions (flow.ts FLOW_KINDS), so a new
 * kind of question cannot be left out (a test checks it): for each, the §11.4 row (number, rule,
 * deadline class, default on timeout) comes from decisions.ts, and the answer's syntax is the one
 * answers.ts reads. The free actions (free.ts) follow, with the command line's `key=value` form.
 * Every number in the pages comes from the constants table (style §3).
 */
import type { HelpBook, Lang, Localized, OrderHelp } from '../../../engine/ruleset.ts';
import { fillSlots, helpPerLang } from '../../../engine/help.ts';
import { DEFAULT_CONFIG as C } from '../constants.ts';
import { DECISIONS, HOLD } from '../decisions.ts';
import { FLOW_KINDS, type FlowKind } from '../flow.ts';
import { PAGES_EN } from './pages-en.ts';
import { PAGES_FR } from './pages-fr.ts';

/** The numbers the pages show, from the constants table. */
export const HELP_SLOTS: Record<string, string> = {
  vpFief: String(C.vp.fiefTitle), vpKing: String(C.vp.king), vpPope: String(C.vp.pope),
  soloVp: String(C.victory.soloVp), allianceVp: String(C.victory.allianceVp), allianceMinPlayers: String(C.victory.allianceMinPlayers),
  startSergeants: String(C.start.sergeants), startKnights: String(C.start.knights), startEcus: String(C.start.ecus),
  maxDraw: String(C.draw.maxCards), maxLords: String(C.family.maxLords), handLimit: String(C.family.handLimit), maxFiefTitles: String(C.family.maxFiefTitlesPerLord),
  priceSergeant: String(C.price.sergeant), priceKnight: String(C.price.knight), priceMill: String(C.price.mill), priceCastle: String(C.price.castle), titlePerVillage: String(C.price.fiefTitlePerVillage),
  lordSteps: String(C.movement.lordSteps), cpSergeant: String(C.combat.cpSergeant), cpKnight: String(C.combat.cpKnight),
  ransomBase: String(C.ransom.base), ransomPerTitle: String(C.ransom.perTitle),
  votesSeat: String(C.church.votesSeat), votesVillage: String(C.church.votesVillage), votesBishop: String(C.church.votesBishop), votesCardinal: String(C.church.votesCardinal),
  kingMinVotes: String(C.church.kingMinVotes), excommunications: String(C.church.excommunicationsPerTurn),
  offerPhases: String(C.diplomacy.offerPhases), openOffers: String(C.diplomacy.openOffers), annulmentRequests: String(C.diplomacy.annulmentRequestsPerPhase), embassy: String(C.reserve.embassy),
};

interface Ref { label: Localized; syntax: string; example: string; summary: Localized }
const r = (fr: string, en: string, syntax: string, example: string, sfr: string, sen: string): Ref => ({ label: { fr, en }, syntax, example, summary: { fr: sfr, en: sen } });

/** Each question of the flow: what to answer, in the syntax answers.ts reads. */
export const QUESTIONS: Partial<Record<FlowKind, Ref>> = {
  hold: r('Point d’attente', 'Hold point', 'pass | play <card> <use> …', 'play ASSASSINATION_1 assassinate JEANNE sponsor FRANÇOIS', 'Chacun est interrogé, qu’il ait une carte surprise ou non, avec la même phrase ; votre formulaire ne montre que vos propres cartes jouables. Une carte jouée rouvre le point d’attente ; un tour où tous passent le clôt. Usages : darc, cardinal, assassinate … sponsor …, justice, free, revolt <village> <cause>, tunnel, ambush.', 'Everyone is asked, card or not, with the same sentence; your form shows only your own playable cards. A card played reopens the hold; a round where everyone passes closes it. Uses: darc, cardinal, assassinate … sponsor …, justice, free, revolt <village> <cause>, tunnel, ambush.'),
  calming: r('Calmer une révolte', 'Calm a revolt', 'calm <lord> [cardinal] … | none', 'calm FRANÇOIS', 'L’évêque du lieu puis les cardinaux peuvent tenter d’apaiser les révoltés, en payant.', 'The local bishop, then the cardinals, may try to calm the rebels, at a cost.'),
  'revolt-target': r('Ordre des attaqués', 'Order of the attacked', 'order <player> … | default', 'order P2 P3', 'Quand plusieurs familles ont des troupes au village révolté, le joueur de la première carte choisit qui subit les dégâts d’abord.', 'When several families have troops in the revolted village, the first card’s player chooses who takes the damage first.'),
  'revolt-losses': r('Pertes dues à la révolte', 'Losses to the revolt', 'lose <sergeants> <knights> | none', 'lose 2 1', 'Une des répartitions que la question énumère ; sans réponse, les sergents d’abord.', 'One of the allocations the question lists; without an answer, sergeants first.'),
  'placement-consent': r('Accueillir un seigneur', 'Host a lord', 'yes | no', 'no', 'Aucun village n’est libre pour le nouveau seigneur d’un autre joueur, ou pour son seigneur libéré : l’accueillez-vous dans l’un des vôtres ? Si personne ne l’accueille, la carte Seigneur reste en main, et le seigneur libéré reste libre là où il était détenu.', 'No village is free for another player’s new lord, or for his freed lord: do you host him in one of yours? If nobody does, the Lord card stays in hand, and the freed lord stays free where he was held.'),
  'start-village': r('Village de départ', 'Starting village', '<village>', 'BLAYE', 'Votre premier seigneur, vos troupes et votre château s’installent dans ce village libre.', 'Your first lord, your troops and your castle settle in this free village.'),
  'propose-marriage': r('Proposer un mariage', 'Propose a marriage', 'propose <your lord> <spouse> | none', 'none', 'Une proposition par tour, parmi les couples possibles que la question énumère.', 'One proposal a turn, among the possible couples the question lists.'),
  'accept-marriage': r('Accepter un mariage', 'Accept a marriage', 'yes | no', 'yes', 'Accepter crée l’alliance entre vos deux familles.', 'Accepting makes the alliance between your two families.'),
  'declare-candidate': r('Déclarer un candidat', 'Declare a candidate', '<lord> | none', 'none', 'Un candidat par joueur et par élection, parmi vos seigneurs éligibles.', 'One candidate per player and election, among your eligible lords.'),
  'place-votes': r('Placer ses marqueurs', 'Place your markers', 'for <candidate> / blank <candidate> | abstain', 'abstain', 'Le marqueur Pour donne toutes vos voix à ce candidat ; Blanc ne compte pour rien. Posés face cachée.', 'The For marker gives all your votes to that candidate; Blank counts for nothing. Placed face down.'),
  'pope-consent': r('Consentement du pape', 'The pope’s consent', 'yes | no', 'no', 'Le pape accepte ou non un nouveau cardinal.', 'The pope agrees or not to a new cardinal.'),
  'king-waiver': r('Grâce du roi', 'The king’s waiver', 'yes | no', 'no', 'Le roi peut faire grâce du prix d’un titre de fief.', 'The king may waive a fief title’s price.'),
  'discard-draw': r('Défausser et piocher', 'Discard and draw', 'discard <card> / draw character|event | stop', 'draw event', 'Une ligne par carte défaussée ou piochée, dans la limite du tour.', 'One line per card discarded or drawn, within the turn’s limit.'),
  'plague-losses': r('Pertes de la peste', 'Plague losses', 'lose <village> <sergeants> <knights>', 'lose BLAYE 1 0', 'La peste réduit de moitié une armée ; vous choisissez les pions perdus.', 'The plague halves an army; you choose the tokens lost.'),
  'play-cards': r('Jouer des cartes', 'Play cards', 'play <card> … | none', 'none', 'Vos cartes de phase (♦), en un seul passage.', 'Your phase cards (♦), in one pass.'),
  'ransom-offer': r('Offre de rançon', 'Ransom offer', 'offer <ecus> <lord>… | none', 'none', 'Offrir moins que la rançon ; sans offre, la rançon entière est payée si vous le pouvez.', 'Offer less than the ransom; without an offer, the full ransom is paid if you can.'),
  'accept-ransom': r('Accepter une rançon', 'Accept a ransom', 'yes | no', 'no', 'Le geôlier accepte ou non l’offre réduite.', 'The jailer accepts the reduced offer or not.'),
  purchases: r('Achats', 'Purchases', 'troops <village> <s> <k> / mill <village> / castle <village> / title <fief> <lord> | none', 'none', 'Une ligne par achat.', 'One line per purchase.'),
  movement: r('Mouvements', 'Movement', 'move <lord> <to> <sergeants> <knights> [raid] [with <lord>] | none', 'none', 'Une ligne par pas ; les troupes suivent leur seigneur.', 'One line per step; troops follow their lord.'),
  'pass-consent': r('Laisser passer', 'Let pass', 'allow | refuse', 'refuse', 'Un autre joueur veut traverser votre village.', 'Another player wants to pass through your village.'),
  'after-refusal': r('Après un refus', 'After a refusal', 'back | stop', 'stop', 'Revenir d’un pas ou s’arrêter là.', 'Go back a step or stop there.'),
  'raid-fight': r('Arrêter une chevauchée', 'Stop a raid', 'fight | pass', 'fight', 'Combattre la chevauchée qui traverse, ou la laisser passer.', 'Fight the raid riding through, or let it pass.'),
  'leave-besieged': r('Sortie d’un assiégé', 'Leaving a siege', 'yes | no', 'no', 'Le joueur qui assiège permet ou non une sortie.', 'The besieger allows a besieged player’s pieces out or not.'),
  'fief-heir': r('Héritier des titres de fief', 'Heir of the fief titles', 'heir <lord> | default', 'default', 'Un de vos seigneurs titrés va mourir d’un Assassinat ou de la Justice, ou meurt dans une bataille, de la peste ou dans une révolte : vous choisissez lequel de vos seigneurs hérite de ses fiefs ; par défaut, le moins titré puis le plus ancien.', 'One of your titled lords is about to die of an Assassination or of Justice, or dies in a battle, of the plague or in a revolt: you choose which of your lords inherits his fiefs; by default, the one with the fewest titles, then the earliest in play.'),
  'relic-power': r('Relique de fin de phase', 'End-of-phase relic', 'yes | no', 'no', 'Option des reliques : le porteur des Yeux de sainte Roseline ou des Ossements de sainte Radegonde tente ou non, un dé par calamité, de chasser les intempéries ou de lever les famines.', 'Relics option: the bearer of the Eyes of St Roseline or the Bones of St Radegonde tries or not, one die per calamity, to drive the bad weather away or lift the famines.'),
  'reinforce-besieged': r('Renforts dans vos murs', 'Reinforcements inside your walls', 'yes | no', 'no', 'Un autre joueur entre dans votre fortification assiégée : ses pièces passent-elles vos murs ? Sans accord, elles restent à l’entrée.', 'Another player steps into your besieged fortification: do his pieces come inside your walls? Without your consent they stay at the entrance.'),
  'declare-battles': r('Déclarer des batailles', 'Declare battles', 'battle <village> <player> | none', 'none', 'Une bataille par village, contre un joueur présent.', 'One battle per village, against a player present.'),
  'join-side': r('Choisir un camp', 'Choose a side', 'attacker | defender | none (offer); accept <player>… | none (leader)', 'none', 'Les autres joueurs présents offrent leur aide ; les chefs de camp l’acceptent.', 'Other players present offer help; the side leaders accept it.'),
  'loss-allocation': r('Répartir les pertes', 'Allocate losses', 'lose <sergeants> <knights> | kill <lord>', 'lose 1 0', 'Parmi les répartitions possibles que le formulaire énumère.', 'Among the possible allocations the form lists.'),
  capture: r('Capturer', 'Capture', 'capture all | spare <lord>…', 'capture all', 'Le vainqueur capture les seigneurs vaincus, sauf ceux qu’il épargne.', 'The winner captures the beaten lords, but those he spares.'),
  'switch-or-leave': r('Rester, changer de camp, partir', 'Stay, switch, leave', 'stay | switch | leave', 'stay', 'Un allié engagé choisit à la fin de chaque round (dans la bataille d’une chevauchée : rester ou partir).', 'An engaged ally chooses at the end of each round (in a raid’s battle: stay or leave).'),
  'end-of-round': r('Fin de round', 'End of round', 'continue | surrender | stop', 'continue', 'Continuer, se rendre ou proposer d’arrêter.', 'Continue, surrender or propose a stop.'),
  'accept-stop': r('Accepter l’arrêt', 'Accept a stop', 'yes | no', 'no', 'L’autre chef accepte ou non d’arrêter la bataille.', 'The other leader agrees to stop the battle or not.'),
  sieges: r('Sièges', 'Sieges', 'siege <village> / lift <village> | none', 'none', 'Assiéger un château ou une cité tenus par un autre, ou lever un siège.', 'Besiege a castle or city another player holds, or lift a siege.'),
  pillage: r('Pillage', 'Pillage', 'pillage <village> <mills> | none', 'none', 'Piller les moulins d’un village où vous êtes.', 'Pillage the mills of a village where you are.'),
};

/** The free actions (free.ts), as the command line writes them: `--action <id> key=value…`. */
const ACTIONS: { id: string; n: string; ref: Ref }[] = [
  { id: 'give', n: '42', ref: r('Donner', 'Give', 'give to=<player> [ecus=<n>] [card=<card>] [village=<village>] [prisoner=<lord>] [relic=<relic>] [waiver=<fief>]', 'give to=P2 ecus=2', 'Aussitôt, sans accord de l’autre. Un village à un joueur présent, un prisonnier à son propriétaire (libéré) ou à un joueur qui a des troupes sur place ; le joueur du roi peut faire grâce du prix d’un titre de fief (#6).', 'At once, without the other’s agreement. A village to a player present, a prisoner to his owner (released) or to a player with troops there; the king’s player may waive a fief title’s price (#6).') },
  { id: 'offer', n: '41', ref: r('Proposer un échange', 'Offer a trade', 'offer to=<player> [give_ecus=…] [give_card=…] [give_village=…] [give_prisoner=…] [give_relic=…] [ask_ecus=…] [ask_card=<kind>] [ask_village=…] [ask_prisoner=…] [ask_relic=…] [ask_leave=<relic>] [give_waiver=<fief>] [ask_waiver=<fief>]', 'offer to=P2 give_ecus=3 ask_card=TAX', 'Tout ou rien à l’acceptation ; les deux côtés sont vérifiés à nouveau. La grâce du roi (#6) se donne ou se demande avec le reste : l’achat du titre en 4.B ne coûte alors rien.', 'All or nothing at acceptance; both sides are checked again. The king’s waiver (#6) is given or asked with the rest: the title’s purchase in 4.B then costs nothing.') },
  { id: 'accept', n: '41', ref: r('Accepter une offre', 'Accept an offer', 'accept offer=<n>', 'accept offer=1', 'L’échange a lieu d’un coup, ou rien ne bouge.', 'The trade happens at once, or nothing moves.') },
  { id: 'decline', n: '41', ref: r('Refuser une offre', 'Decline an offer', 'decline offer=<n>', 'decline offer=1', 'Le défaut d’une offre sans réponse.', 'The default of an unanswered offer.') },
  { id: 'withdraw', n: '41', ref: r('Retirer une offre', 'Withdraw an offer', 'withdraw offer=<n>', 'withdraw offer=1', 'L’auteur retire son offre.', 'The offerer takes his offer back.') },
  { id: 'release', n: '42', ref: r('Libérer un prisonnier', 'Release a prisoner', 'release lord=<lord>', 'release lord=FRANÇOIS', 'Le prisonnier est replacé par la cascade de placement.', 'The prisoner is placed by the placement cascade.') },
  { id: 'excommunicate', n: '8', ref: r('Excommunier', 'Excommunicate', 'excommunicate lord=<lord>', 'excommunicate lord=FRANÇOIS', 'Le joueur du pape seulement.', 'The pope’s player only.') },
  { id: 'lift', n: '8', ref: r('Lever l’excommunication', 'Lift the excommunication', 'lift', 'lift', 'À tout moment.', 'At any time.') },
  { id: 'request-annulment', n: '7', ref: r('Demander une annulation', 'Ask for an annulment', 'request-annulment lord=<your married lord>', 'request-annulment lord=JEANNE', 'Le pape répond ; sans réponse, la demande tombe (refus).', 'The pope answers; unanswered, the request lapses (refused).') },
  { id: 'annul', n: '7', ref: r('Annuler un mariage', 'Annul a marriage', 'annul request=<n>', 'annul request=1', 'Le joueur du pape, sur une demande ouverte.', 'The pope’s player, on an open request.') },
  { id: 'refuse-annulment', n: '7', ref: r('Refuser une annulation', 'Refuse an annulment', 'refuse-annulment request=<n>', 'refuse-annulment request=1', 'Le joueur du pape.', 'The pope’s player.') },
  { id: 'relic', n: 'A.1', ref: r('Recueillir une relique', 'Pick up a relic', 'relic lord=<lord> relic=<relic>', 'relic lord=FRANÇOIS relic=GRAIL', 'À son siège : l’évêque du lieu, un cardinal ou le pape ; laissée par un mort : le premier seigneur.', 'At its seat: the local bishop, a cardinal or the pope; left by a dead carrier: the first lord.') },
  { id: 'pass-title', n: '§4.0', ref: r('Transmettre un second titre', 'Pass on a second title', 'pass-title title=<FIEF:…> to=<lord>', 'pass-title title=FIEF:F_SIGY to=JEANNE', 'Un seigneur qui porte deux titres de fief garde le plus important et transmet l’autre à un seigneur de sa famille (jamais pendant le placement des votes).', 'A lord with two fief titles keeps the more important and passes the other to a lord of his family (never while votes are placed).') },
  { id: 'lift-siege', n: '§4.0', ref: r('Lever un siège', 'Lift a siege', 'lift-siege village=<village>', 'lift-siege village=BLAYE', 'L’assiégeant y met fin quand il veut ; l’engin revient dans sa réserve.', 'The besieger ends it when he wishes; the engine goes back to his reserve.') },
  { id: 'hand-relic', n: 'A.1', ref: r('Confier une relique', 'Hand over a relic', 'hand-relic relic=<relic> to=<lord>', 'hand-relic relic=GRAIL to=JEANNE', 'À un autre seigneur du même village ; pour la vendre, une offre d’échange.', 'To another lord in the same village; to sell it, a trade offer.') },
  { id: 'tooth', n: '38a', ref: r('La Dent de saint Géronce', 'The Tooth of St Géronce', 'tooth answer=own-family|none|<lord>,<lord>…', 'tooth answer=own-family', 'Son porteur dit d’avance qui elle ramène à la vie, aussitôt après sa mort : tout seigneur de sa famille, ceux qu’il nomme, ou personne (le défaut). Lui seul le sait.', 'Its carrier says beforehand whom it brings back to life right after his death: any lord of his family, the lords he names, or nobody (the default). He alone knows.') },
];

const DEADLINE: Record<string, Localized> = {
  TURN: { fr: 'délai TURN', en: 'TURN deadline' }, REPLY: { fr: 'délai REPLY', en: 'REPLY deadline' },
  BATTLE: { fr: 'délai BATTLE', en: 'BATTLE deadline' }, HOLD: { fr: 'délai HOLD', en: 'HOLD deadline' },
};

function questionEntry(kind: FlowKind, lang: Lang): OrderHelp {
  const q = QUESTIONS[kind] ?? r(kind, kind, kind, '', '', ''); // every kind the flow asks has its row (help.test.ts)
  const row = kind === 'start-village' ? null : kind === 'hold' ? HOLD : DECISIONS[kind];
  const when = row ? `#${row.n}, ${row.rule}, ${DEADLINE[row.deadline ?? 'TURN']![lang]}` : (lang === 'fr' ? 'mise en place, §3.10' : 'setup, §3.10');
  const dflt = row ? (lang === 'fr' ? ` Par défaut : ${row.byDefault}.` : ` Default: ${row.byDefault}.`) : '';
  return { code: kind, label: q.label[lang], syntax: q.syntax, when, summary: q.summary[lang] + dflt, example: q.example, errors: [] };
}

function actionEntry(a: (typeof ACTIONS)[number], lang: Lang): OrderHelp {
  const ref = a.n.startsWith('A') ? `option ${a.n}` : a.n.startsWith('§') ? a.n : `#${a.n}`;
  const when = lang === 'fr' ? `action libre, à tout moment (${ref})` : `free action, at any time (${ref})`;
  return { code: a.id, label: a.ref.label[lang], syntax: a.ref.syntax, when, summary: a.ref.summary[lang], example: a.ref.example, errors: [] };
}

const GLOSSARY: Record<Lang, { title: string; entries: [string, string][] }[]> = {
  fr: [
    { title: 'Le jeu', entries: [['PV', 'points de victoire : titres de fief, couronne, tiare'], ['écu', 'la monnaie'], ['sergent', 'fantassin, 1 point de combat'], ['chevalier', 'cavalier, 3 points de combat'], ['fief', 'baronnie, comté ou duché : un groupe de villages'], ['évêché', 'un des cinq groupes de villages de l’Église ; son siège donne plus de voix'], ['cité', 'le château d’un fief titré'], ['taille', 'l’impôt levé sur un fief'], ['dîme', 'l’impôt d’Église sur un évêché']] },
    { title: 'Cartes', entries: [['♦', 'carte de phase, jouée en 2.C'], ['⚡', 'carte surprise, jouée au moment choisi'], ['calamité', 'mauvais temps, famine ou peste'], ['Ambassade', 'jeton du mode ambassade : un échange de cartes']] },
    { title: 'En ligne', entries: [['TURN, REPLY, BATTLE, HOLD', 'classes de délai des questions'], ['#n', 'numéro d’une décision au catalogue §11.4 des règles'], ['réponse permanente', 'réponse donnée d’office à un genre de question'], ['action libre', 'don, échange, pouvoir du pape, relique : à tout moment'], ['A.1 … A.5', 'options de l’hôte (reliques, brouillard, diplomatie libre, premier tour, argent caché)']] },
  ],
  en: [
    { title: 'The game', entries: [['VP', 'victory points: fief titles, crown, tiara'], ['ecu', 'the money'], ['sergeant', 'foot soldier, 1 combat point'], ['knight', 'horseman, 3 combat points'], ['fief', 'barony, county or duchy: a group of villages'], ['bishopric', 'one of the Church’s five groups of villages; its seat gives more votes'], ['city', 'the castle of a titled fief'], ['taille', 'the tax levied on a fief'], ['tithe', 'the Church’s tax on a bishopric']] },
    { title: 'Cards', entries: [['♦', 'phase card, played at 2.C'], ['⚡', 'surprise card, played at the chosen moment'], ['calamity', 'bad weather, famine or plague'], ['Embassy', 'embassy mode’s token: one card exchange']] },
    { title: 'Online', entries: [['TURN, REPLY, BATTLE, HOLD', 'the questions’ deadline classes'], ['#n', 'a decision’s number in the rules’ §11.4 catalogue'], ['standing answer', 'an answer given at once to a kind of question'], ['free action', 'gift, trade, the pope’s powers, relics: at any time'], ['A.1 … A.5', 'host options (relics, fog, free diplomacy, first turn, hidden money)']] },
  ],
};

export const fiefHelp = helpPerLang((lang: Lang): HelpBook => {
  const pages = (lang === 'fr' ? PAGES_FR : PAGES_EN).map((p) => ({ ...p, markdown: fillSlots(p.markdown, HELP_SLOTS) }));
  return {
    pages,
    firstTurn: 'first-turn',
    orders: {
      intro: lang === 'fr'
        ? 'Chaque question que le site vous pose, dans l’ordre du tour, avec sa réponse écrite (boutons et formulaires écrivent la même chose), son délai et sa réponse par défaut ; puis les actions libres.'
        : 'Each question the site asks you, in the turn’s order, with its written answer (buttons and forms write the same), its deadline and its default; then the free actions.',
      entries: [...FLOW_KINDS.map((k) => questionEntry(k, lang)), ...ACTIONS.map((a) => actionEntry(a, lang))],
    },
    glossary: GLOSSARY[lang].map((g) => ({ title: g.title, entries: g.entries.map(([term, meaning]) => ({ term, meaning })) })),
  };
});

export const HELP_ACTION_IDS = ACTIONS.map((a) => a.id);
