/**
 * Fief's rules for players, in French: our own wording, written from the rules file (rules §1–§8,
 * §11). Numbers come from the constants table (`{name}` slots filled by help/index.ts), never
 * written again in prose (style §3).
 */
import type { HelpPage } from '../../../engine/ruleset.ts';

export const PAGES_FR: HelpPage[] = [
  {
    id: 'overview', title: 'Fief en bref',
    markdown: `Chaque joueur mène une famille de la noblesse sur le plateau de l’édition en ligne : 8 fiefs, 24 villages, 5 évêchés. On gagne des **points de victoire** (PV) en réunissant des titres : chaque titre de fief vaut {vpFief} PV, la couronne {vpKing}, la tiare {vpPope}.

- **Victoire seule** : {soloVp} PV à la fin d’un tour. Avec {allianceMinPlayers} joueurs ou plus, un joueur marié ne peut pas gagner seul.
- **Victoire d’alliance** : deux joueurs unis par un mariage totalisent {allianceVp} PV ensemble.
- Une victoire seule l’emporte sur une alliance ; en cas d’égalité, on départage par la couronne, la tiare, la reine régente, le nombre de titres de fief, d’évêchés, puis de villages. Si rien ne les sépare, ils partagent la victoire.

La victoire n’est examinée qu’en fin de tour (phase 7). Personne n’est éliminé : une famille sans seigneur reçoit de nouveaux seigneurs par les cartes.

Le jeu se joue ici en **questions** : chaque fois que les règles attendent un joueur, le site lui pose une question, avec un délai et une réponse par défaut. Voir « Jouer en ligne ».`,
  },
  {
    id: 'first-turn', title: 'Votre premier tour',
    markdown: `1. **Mise en place.** Chacun à son tour choisit son village de départ ; vous y recevez un seigneur, {startSergeants} sergents, {startKnights} chevalier(s), un château et {startEcus} écus.
2. **Oyez (phase 1).** Proposez un mariage si un autre joueur a un seigneur à marier : c’est la seule façon de s’allier. Les élections d’évêque n’ont lieu que dans un évêché dont tous les villages sont tenus.
3. **Cartes (phase 2).** Défaussez et piochez jusqu’à {maxDraw} cartes ; une carte Seigneur jouée agrandit votre famille (au plus {maxLords} seigneurs). Gardez les cartes ⚡ pour le bon moment.
4. **Revenus (phase 3)** puis **achats (phase 4)** : un sergent coûte {priceSergeant} écu, un chevalier {priceKnight}, un moulin {priceMill}, un château {priceCastle}. Un titre de fief coûte {titlePerVillage} écus par village du fief, quand vous tenez tous ses villages et un château (le roi peut vous en faire grâce).
5. **Mouvements (phase 5).** Un seigneur fait {lordSteps} pas et emmène des troupes. Traverser le village d’un autre joueur demande son accord.
6. **Combats (phase 6).** Déclarez vos batailles là où vos troupes côtoient celles d’un autre ; assiégez les châteaux.
7. **Fin du tour (phase 7).** Victoire examinée, le premier joueur passe à gauche.

Conseil : au premier tour, achetez quelques sergents, avancez vers un village libre de votre fief et proposez un mariage. Les actions libres (dons, échanges) restent possibles à tout moment.`,
  },
  {
    id: 'turn', title: 'Le tour de jeu',
    markdown: `Un tour compte sept phases, toujours dans cet ordre ; dans chacune, les joueurs agissent dans l’ordre du tour à partir du premier joueur, sauf mention contraire.

| Phase | Ce qui s’y passe |
|---|---|
| 1. Oyez, oyez ! | mariages (1.A), élections des évêques (1.B), du pape (1.C), du roi (1.D) |
| 2. Cartes | défausse et pioche (2.A), calamités (2.B), cartes jouées (2.C), reliques (2.D, option) |
| 3. Revenus | villages, moulins, dîmes, taille ; retour des marqueurs |
| 4. Achats | rançons d’abord (4.A), puis troupes, moulins, châteaux, titres (4.B) |
| 5. Mouvements | chaque joueur à son tour ; passages, chevauchées |
| 6. Combats | batailles et sièges de chaque joueur (6.A, 6.B), puis pillage (6.C) |
| 7. Fin du tour | fin des effets du tour, victoire, premier joueur suivant |

Une étape attend les réponses des joueurs concernés ; dès que toutes sont là (ou au délai), elle se résout et la suivante commence.`,
  },
  {
    id: 'marriages', title: 'Mariages, titres et élections',
    markdown: `**Mariage.** En phase 1, chaque joueur peut proposer d’unir une de ses dames non mariées à un seigneur non marié d’un autre joueur (ou l’inverse) ; un homme d’Église ne se marie pas, ni la dame d’Arc. Un joueur n’a qu’un mariage à la fois. Le mariage crée l’alliance : victoire commune, héritage des titres de fief par le conjoint. Il ne prend fin que par la mort d’un époux ou par l’**annulation** du pape, demandée par le joueur d’un des époux.

**Titres.** Un seigneur porte au plus {maxFiefTitles} titres de fief. Évêque, cardinal et pape sont des titres d’Église ; roi, reine et prince héritier des titres royaux.

**Élections.** Chaque élection suit le même pas : candidats déclarés dans l’ordre du tour, puis marqueurs Pour et Blanc posés face cachée, puis révélation. Un joueur donne toutes ses voix au candidat qui porte son marqueur Pour. Voix d’un évêché : {votesSeat} pour le siège, {votesVillage} par autre village tenu, {votesBishop} pour un évêque, {votesCardinal} pour un cardinal ou le pape. Le pape est élu par les cardinaux à la majorité absolue ; le roi à la majorité relative, avec au moins {kingMinVotes} voix.

**Le pape** excommunie un seigneur ({excommunications} fois par tour, un seul excommunié à la fois) : l’excommunié perd ses titres d’Église et ne vote plus. Il peut lever l’excommunication à tout moment, et annuler un mariage à la demande d’un époux.`,
  },
  {
    id: 'cards', title: 'Cartes, calamités et reliques',
    markdown: `Il y a deux pioches : **Personnages** (seigneurs, cardinaux, d’Arc) et **Évènements** (récoltes, beau temps, impôts, cartes ⚡, et les calamités mêlées). Une main ne dépasse jamais {handLimit} cartes.

- **♦ cartes de phase** : jouées à l’étape 2.C (Seigneur, Bonne récolte, Beau temps, Impôt).
- **⚡ cartes surprise** : Révolte, Tunnel, Assassinat, Justice, Embuscade, Cardinal, d’Arc ; jouées au moment où elles comptent, jamais pendant la pioche.
- **Calamités** : piochées, elles vont face cachée sur la piste ; en 2.B chacune frappe l’évêché qu’un dé désigne (mauvais temps, famine, peste).

**Reliques (option).** Cinq reliques reposent aux sièges des évêchés. L’évêque du lieu, un cardinal ou le pape les recueille ; un porteur peut la donner ou la vendre à un seigneur du même village. Une relique n’agit que portée.`,
  },
  {
    id: 'war', title: 'Mouvement, combat, prisonniers',
    markdown: `**Mouvement.** Un seigneur libre fait jusqu’à {lordSteps} pas, avec les troupes qu’il mène. Passer par un village tenu par un autre joueur demande son accord (réponse permanente possible). La **chevauchée** traverse sans s’arrêter, au risque d’un combat.

**Combat.** Une bataille se livre par rounds : chaque camp lance 1 à 3 dés selon ses points de combat (sergent {cpSergeant}, chevalier {cpKnight}), moins la pénalité d’un château ou d’une cité. Les pertes sont choisies par chaque chef de camp. Le vainqueur peut capturer les seigneurs du camp adverse.

**Prisonniers.** Un prisonnier reste aux mains de son geôlier tant que les pièces de celui-ci l’entourent. Il est libéré par rançon (étape 4.A : obligatoire si l’on peut payer), par la volonté du geôlier, par un Tunnel ou quand son geôlier quitte les lieux. Sa rançon vaut {ransomBase} écus plus {ransomPerTitle} par titre.

**Sièges.** Devant un château ou une cité, on pose un engin de siège : le village assiégé ne rapporte plus rien, et l’engin annule la pénalité des remparts à l’assaut suivant.`,
  },
  {
    id: 'diplomacy', title: 'Actions libres et diplomatie',
    markdown: `À tout moment (hors mise en place), sous « Actions libres » de la page de jeu :

- **Donner** : des écus, une carte, un village (à un joueur présent dans ce village), un prisonnier (à son propriétaire : il est libéré ; à un autre joueur qui a des troupes sur place : il lui est confié), une relique (à un seigneur de l’autre joueur dans le même village).
- **Proposer un échange** : ce que vous donnez contre ce que vous demandez. Les cartes se demandent par genre (« une carte Impôt »), jamais en regardant la main d’autrui. L’autre joueur accepte ou refuse ; tout se fait d’un coup ou rien : si l’un n’a plus ce qu’il promettait, rien ne bouge. Une offre sans réponse tombe après {offerPhases} phase(s) ; vous avez au plus {openOffers} offres ouvertes.
- **Libérer un prisonnier**, **recueillir** ou **confier une relique**.
- **Le pape** : excommunier, lever l’excommunication, répondre aux demandes d’annulation. Un joueur demande au plus {annulmentRequests} fois par phase l’annulation d’un même mariage.

**Mode ambassade** (option) : sans la diplomatie libre, échanger ou donner des cartes coûte un jeton Ambassade à celui qui en prend l’initiative ; chaque famille en a {embassy}, jamais renouvelés. L’argent s’échange toujours librement.

Les promesses ne sont pas garanties par l’arbitre : seul ce qu’un échange contient est exécuté.`,
  },
  {
    id: 'online', title: 'Jouer en ligne : questions, délais, réponses permanentes',
    markdown: `Chaque décision des règles est une **question** posée au joueur concerné, avec une **classe de délai** :

| Classe | Usage |
|---|---|
| TURN | votre propre tour d’action (pioche, achats, mouvements, batailles) |
| REPLY | réponses aux autres : passage, mariage, rançon, camp d’une bataille |
| BATTLE | pertes d’un round, suite d’une bataille |
| HOLD | points d’attente pour les cartes surprise |

La longueur de chaque classe dépend de l’allure choisie par l’hôte (en direct, quotidienne, hebdomadaire). Au délai, la réponse par défaut des règles s’applique (refuser, ne rien faire, sergents d’abord…). Pendant qu’on attend d’autres joueurs au milieu de votre tour, votre propre délai est suspendu.

**Écrire ses ordres** : une question à plusieurs ordres (mouvements, achats, batailles, sièges…) se remplit comme une feuille, une ligne par ordre, par le formulaire guidé, la carte ou au clavier : \`move HÉLOÏSE BOURG 2 1\`. Les seigneurs se nomment par leur nom, les villages par le leur (\`ST_FIRMIN\`, ou \`st-firmin\`), en majuscules ou non, avec ou sans accents.

**Réponses permanentes** : toujours laisser passer ou toujours refuser le passage, refuser toute demande en mariage, pertes « sergents d’abord ». Elles ne lisent jamais ce que vous ne pouvez pas savoir.

**Ce que vous voyez** : votre main, le nombre de cartes des autres, les pièces sur le plateau (avec le brouillard de guerre, seulement le nombre de pions des autres), l’argent de chacun (sauf option argent caché).`,
  },
  {
    id: 'options', title: 'Options de l’hôte',
    markdown: `- **Reliques** (A.1) : cinq reliques aux sièges des évêchés.
- **Brouillard de guerre** (A.2) : les troupes des autres se voient comme des pions, sans leur type.
- **Diplomatie libre** (A.3, par défaut) : pas de jetons Ambassade ; sans elle, le mode ambassade s’applique aux échanges de cartes.
- **Premier tour sans calamité** (A.4).
- **Argent caché** (A.5) : seul votre trésor vous est connu.
- **Nombre de tours** : la partie s’arrête après ce tour, sans vainqueur si personne n’a gagné.

Chaque nombre des règles est une constante que l’hôte peut changer, entre un minimum et un maximum.`,
  },
];
