/**
 * Les règles d’Adventurer Kings écrites pour les joueurs (issue 13 §5), en français : un résumé de
 * la spécification (/work/shared/rules/adventurer-kings.md, règles d’origine dans les seeds), sans
 * ses tables de combat. Les chiffres viennent de la table des constantes (valeurs par défaut :
 * l’hôte d’une partie peut les changer).
 */
import type { HelpPage } from '../../../engine/ruleset.ts';
import { DEFAULT_CONFIG } from '../config.ts';
import { SUPER_CONFIG } from '../world/super.ts';
import { ROYAL_TITLES } from '../kingdom/titles.ts';

const W = DEFAULT_CONFIG.world;
const K = DEFAULT_CONFIG.kingdom;
const V = DEFAULT_CONFIG.valhalla;
const E = DEFAULT_CONFIG.encounters;
/** Super AK's world constants (its delta over the defaults) and the number of Royal Titles. */
const SW = { ...DEFAULT_CONFIG.world, ...SUPER_CONFIG.world };
const TITLE_COUNT = ROYAL_TITLES.length;

export const PAGES_FR: HelpPage[] = [
  {
    id: 'overview',
    title: 'Le jeu en bref',
    markdown: `Le monde fut gouverné par un Empereur ; puis vinrent les âges sombres. Vous êtes un **Roi** qui veut rebâtir l’Empire sous son règne. Tout ce que vous faites, vous le faites par vos **personnages** : votre Roi et vos **Héros**. Ils mènent des armées à la conquête des provinces, ou partent à l’aventure affronter les monstres qui gardent des lieux pleins de trésors.

## Ce que vous avez au départ

- une province, votre **capitale**, entièrement explorée, qui rapporte ${W.capitalTax} écus par an ;
- un trésor de ${W.startTreasury} écus ;
- quelques armées de qualité Moyenne ;
- votre Roi et deux Héros.

En rejoignant une partie, vous choisissez votre Roi : race, alignement, tempérament, sexe et ${W.kingTalentLevels} niveaux de talent, au plus ${W.kingTalentMaxPer} dans une caractéristique (ce que vous laissez vide est tiré au hasard). Race et alignement sont affaire de goût ; la Tactique gagne les batailles, deux niveaux de Marche forcée permettent à l’infanterie d’attaquer une deuxième province dans l’année, et un Roi qui n’est pas Humain a intérêt à prendre un peu de Druidisme, car la moitié du monde environ est humaine.

Les provinces voisines de votre capitale sont connues à 1 % : leur terrain, leur peuple, leur maître éventuel et les armées qu’on peut y recruter. Le reste du monde est à découvrir : vous ne voyez que ce que vos personnages ont exploré, espionné ou envahi.

## Le monde

162 provinces hexagonales, 18 colonnes sur 9 rangées ; les calottes polaires bordent le nord et le sud, et le monde fait le tour d’est en ouest (les colonnes 18 et 1 se touchent). Une province porte un numéro : rangée × 100 + colonne (207 : rangée 2, colonne 7). La moitié environ est de la **mer** ; le reste est plaine, forêt, montagne, jungle ou désert, peuplé d’Humains, d’Elfes, de Nains, d’Orques… Chaque province rapporte de 0 à 10 écus d’impôt par an (**pauvre** 0–2, **prospère** 3–6, **riche** 7–10).

## Comment gagner

À la fin de la partie, huit **Charges Impériales** vont aux personnages qui ont le plus de mérite dans chacune ; elles valent des **points de victoire** (20 pour l’Empereur du Monde, 10 pour les autres). L’**Empereur du Monde** est le Roi qui a la plus grande base d’impôt. La partie s’arrête quand un Roi (ou une alliance, par un vote) contrôle plus de ${K.victory.thresholdPct} % de l’impôt du monde à la fin d’une année ; à partir de l’année ${K.victory.declineFromTurn}, ce seuil baisse de ${K.victory.declinePerTurn} % par an jusqu’à ${K.victory.floorPct} %.

## Les pages de cette aide

- [L’année et la feuille d’ordres](turn) ;
- [Personnages, aventures et magie](characters) ;
- [Armées et batailles](armies) ;
- [Diplomatie, finances et victoire](kingdom) ;
- [Votre première année](first-turn), pas à pas ;
- [Les mondes](variants) : AK Europe, Super AK, AK Terre ;
- la [référence des ordres](orders) et le [glossaire](glossary) (codes des caractéristiques, des armées, des tactiques et des sorts).
`,
  },
  {
    id: 'turn',
    title: 'L’année et la feuille d’ordres',
    markdown: `Un tour est une **année** de cinq **saisons**, les phases 1 à 5 : printemps, début d’été, fin d’été, automne, début d’hiver. Chaque personnage fait **une action par saison**, donc au plus cinq par an. Il n’y a pas d’ordre conditionnel (« si… alors… ») : chaque saison a son ordre.

## La feuille d’ordres

Sur la page **Ordres** de la partie, l’éditeur guidé écrit pour vous un texte, une entrée par ligne :

\`\`\`
TRAITES 5 7
PERSO 3 (Strahd)
1 MO 207
2 SE 82 / CA-FI, ME, FL
5 PR Ta
SPECIAL FL, ME
\`\`\`

- \`PERSO n\` : les lignes suivantes sont les ordres du personnage n ; le nom entre parenthèses est vérifié (une erreur de numéro est signalée).
- \`<phase> <code> <paramètres>\` : l’ordre de cette saison (voir la [référence des ordres](orders)).
- Après « / », le **plan de rencontre** de l’ordre (SE, PU, EN, TR) : les tactiques à essayer dans l’ordre.
- \`SPECIAL\` : le plan de rencontre spécial du personnage, pour quand on le surprend et pour le duel avant une bataille ; il reste d’une année à l’autre.
- Au niveau du royaume : \`TRAITES\`, \`RUPTURES\`, \`VOTE\`, et la première année \`CAPITALE\` et \`NOM\`.

## Dans quel ordre

1. Toutes les actions de la phase 1 de tous les personnages, puis toutes celles de la phase 2, et ainsi de suite.
2. Dans une phase, les personnages agissent par **initiative** décroissante : la somme de leurs talents, la Marche forcée (Ma) comptant trois fois. Ceux qui défendent (DE, patrouille) agissent en dernier ; un poursuivant agit juste après celui qu’il poursuit.
3. Les **batailles** se livrent à la fin de la phase, une fois que tous ont agi.
4. Les traités, ruptures et votes prennent effet à la fin de l’année ; les impôts sont perçus, puis les Héros et les armées payés.

Un personnage engagé, charmé ou ressuscité ne reçoit des ordres qu’à partir de la phase qui suit.

## Ce que l’arbitre vérifie

À la saisie : la forme de chaque ligne (codes, numéros, plans). À l’exécution : tout le reste (la province est-elle voisine, le personnage présent…). Un ordre qui échoue est raconté dans votre rapport. Un joueur qui n’envoie rien voit ses personnages se défendre.
`,
  },
  {
    id: 'characters',
    title: 'Personnages, aventures et magie',
    markdown: `## Les caractéristiques

Chaque personnage a quinze caractéristiques, chacune avec un **talent** (le niveau qui sert) et une **aptitude** (le niveau que l’entraînement atteint sans trop de peine) ; le tableau de vos personnages les montre sous la forme « talent/aptitude ». Les niveaux vont en général de 0 à 4.

| Groupe | Codes |
|---|---|
| Martiales | Ta Tactique, Ma Marche forcée, Na Marine, Ar Tir à l’arc, Me Mêlée |
| Magie | Wh Magie blanche, Ps Magie psychique, Il Illusionnisme, El Magie élémentaire, Ne Nécromancie |
| Annexes | Sa Sagesse, Dr Druidisme, Sp Espionnage, Ex Exploration, Th Vol |

- **Ta** rend plus fortes les armées menées ; **Ma** les fait aller plus loin ; **Na** sert sur mer.
- **Ar** et **Me** servent dans les rencontres et les duels ; tirer à l’arc ou lancer un sort demande au moins un niveau.
- **Sa** fait des découvertes ; **Dr** permet de mener des armées d’autres peuples ; **Sp**, **Ex** et **Th** servent à espionner, explorer et voler.
- \`PR <code>\` entraîne une caractéristique ; enseigné par un personnage plus fort de la même province, on progresse beaucoup plus vite.

## Les Héros

Des Héros errants parcourent le monde. \`HI <n° du Héros> pour <écus>\` lui offre de ${K.hiring.minOffer} à ${K.hiring.maxOffer} écus ; s’il accepte, il entre à votre service à la phase suivante et touche sa solde à chaque fin d’année. Un Héros impayé peut partir (certains sont fidèles). \`FI\` renvoie un Héros. Votre Roi a un **Héritier royal** qui lui succède s’il meurt (\`HERITIER\` fixe ses talents).

## Explorer et espionner

- \`EX\` explore la province où se trouve le personnage : le pourcentage connu monte, les **lieux** (tours, temples, souterrains…) apparaissent ; à 100 %, vous connaissez l’impôt exact.
- \`SP\` espionne la province : son maître, ses voisins, les armées qu’on y recrute, et une estimation des forces présentes.
- \`TR\` piste un personnage, \`PU\` le poursuit.

## Rencontres

Quand deux personnages se rencontrent (\`EN\`, poursuite, patrouille) ou quand l’un fouille un lieu (\`SE\`) et affronte son monstre, chacun suit son **plan de rencontre** : une liste de tactiques par ordre de préférence — parler (TA), dire (SA), donner (GI), fouiller (SC), combattre (ME), tirer (FI), lancer un sort (CA-xx), utiliser un objet (US-n), voler (ST), fuir (FL). Négocier d’abord, attaquer si cela échoue : \`TA, ME, FL\`. Vaincre le gardien d’un lieu donne son **trésor** : de l’or pour le trésor royal, des objets pour le personnage.

## Magie

Cinq collèges : blanche (Wh), psychique (Ps), illusion (Il), élémentaire (El), nécromancie (Ne). Un sort d’action se lance comme ordre (\`CA <code> <cible>\`), un sort de combat dans un plan de rencontre (\`CA-<code>\`). Il faut un talent dans le collège du sort ; plus le talent est haut, plus le sort réussit. Le [glossaire](glossary) donne tous les codes de sorts. Un objet magique s’utilise avec \`US <n° d’objet>\`.
`,
  },
  {
    id: 'armies',
    title: 'Armées et batailles',
    markdown: `## Les armées

Une armée est un pion d’un **type** (code à deux lettres : BO Archers, LE Légion, LC Cavalerie légère, FL Flotte… voir le [glossaire](glossary)), d’un **peuple** et d’une **qualité** (Réduite, Bleue, Moyenne, Vétéran, Crack, Élite).

- \`RE <types> pour <personnage>\` recrute, dans la province où il se trouve, des armées des types que cette province fournit ; elles sont payées tout de suite puis à chaque fin d’année. \`RE … pour GC\` les laisse en garnison.
- Les armées **ne bougent qu’avec un personnage** : \`PI\` en prend le commandement, \`LE\` les laisse (à la garnison, GC, ou à un autre personnage), \`DI\` les disperse.
- Une armée non payée perd en qualité et peut déserter.

## Se déplacer et envahir

\`MO <province>\` déplace le personnage et ses armées d’une province par phase vers la province nommée (plus loin : le chemin continue aux phases suivantes laissées vides ou en PR). Chaque armée a des **points de mouvement** par an ; entrer dans une province coûte 1, conquérir une province terrestre 1 de plus. Les armées de terre ne vont sur mer que portées par des flottes.

Entrer avec des armées dans une province ennemie ou sans maître est une **invasion** : bataille à la fin de la phase, ou conquête si personne ne la défend. Toutes les provinces qui n’appartiennent pas à un joueur sont ennemies. Une province d’un royaume **neutre** renvoie vos armées d’où elles venaient.

## Les batailles

- Le défenseur : les armées du maître de la province (menées, en garnison, ou les indigènes sous le **commandant de garnison**, GC), celles des généraux qui la défendent (\`DE\`), et celles de ses alliés présents.
- Avant la bataille, les deux commandants suprêmes peuvent se **défier en duel**, selon leur plan spécial : les armées du perdant (tué ou enfui) perdent ${Math.round(E.duelPenalty * 100)} % de leur force.
- Puis les lignes s’affrontent ; la force dépend du type, de la qualité, du terrain, de la Tactique (Ta) du chef. Le vaincu se replie ; la province conquise passe au vainqueur.

## Défendre

\`DE <province>\` : le personnage garde une zone autour de cette province et marche au-devant des invasions voisines jusqu’à la fin de l’année. Un Héros qui se « poursuit » lui-même (\`PU <son propre numéro>\`) patrouille : il intercepte les personnages des royaumes ennemis sur vos terres ou celles de vos alliés.
`,
  },
  {
    id: 'kingdom',
    title: 'Diplomatie, finances et victoire',
    markdown: `## Diplomatie

Entre deux Rois la relation est **Allié**, **Neutre** ou **Ennemi** ; tous sont neutres la première année.

- \`TRAITES <n° de Roi> …\` (ou TOUS) fait monter la relation d’un cran (Ennemi → Neutre → Allié), **si l’autre Roi fait de même la même année**.
- \`RUPTURES <n° de Roi> …\` la fait descendre d’un cran à la fin de l’année ; si deux alliés rompent tous deux, ils deviennent ennemis.
- Des **ennemis** s’attaquent librement. Des armées **neutres** envoyées dans une province de l’autre n’attaquent pas et restent chez elles. Des **alliés** ne se combattent pas et combattent côte à côte ; une province conquise par une force commune va au Roi qui a la plus grosse armée après la bataille.
- Deux alliés voisins peuvent, par des traités mutuels, s’échanger des découvertes de leurs Sages.
- Les Rois Mauvais et Morts-Vivants rompent au début de l’année ; les Druides signent plus facilement.

## Finances

- À la fin de l’année, chaque province que vous tenez verse son impôt (0 à 10 écus) ; puis les Héros sont payés, puis les armées.
- L’or vient aussi des aventures : trésors des lieux, vols.
- Un Roi peut donner de l’or (\`GI <écus> à <personnage>\`) à un personnage d’un autre royaume dans la même province, jusqu’à ${K.gifts.pctOfStartTreasury} % de son trésor du début de l’année (${K.gifts.floor} écus sont toujours permis).

## Victoire

- Les huit Charges Impériales (Empereur du Monde, Grand Chancelier, Trésorier, Grand Maréchal, Grand Amiral, Défenseur de l’Empire, Grand Prêtre, Archi-Mage) vont aux personnages les plus méritants dans chacune : conquêtes, batailles, or, magie… Un personnage qui meurt perd une part de son mérite.
- Quand un Roi, ou une alliance qui appelle un **vote** (\`VOTE\`), tient plus de ${K.victory.thresholdPct} % de l’impôt du monde à la fin d’une année, il est couronné et la partie s’arrête ; le seuil baisse à partir de l’année ${K.victory.declineFromTurn}, et la partie s’arrête de toute façon après l’année ${K.victory.maxTurns}.
- Si l’Empereur n’a pas votre alignement, vos points de victoire sont réduits selon l’écart : mieux vaut un Empereur de votre bord si vous ne pouvez pas gagner.
- **Le Valhalla** : à la fin de la partie, le Roi vainqueur, ou un personnage qui a apporté ${V.entryVp} points de victoire à son royaume (après la réduction), peut y entrer, un seul par royaume, avec l’un de ses objets magiques ; vous écrivez sa description et son histoire (\`VALHALLA OUI\`, \`OBJET n\`, \`DESCRIPTION …\`, \`HISTOIRE …\`). Ses héros visitent les parties suivantes : tous les ${V.visitEvery} ans, chaque alignement de Bon à Mauvais reçoit un visiteur aux côtés de l’un de ses Rois ; vous lui donnez des ordres comme à vos personnages ; il agit ${V.firstActions} fois la première année, une fois de plus tous les ${V.extraActionEvery} ans.
`,
  },
  {
    id: 'first-turn',
    title: 'Votre première année',
    markdown: `Une première année classique : renommer sa capitale, explorer, recruter, et envahir une province voisine. Ouvrez la page **Ordres** de votre partie : la carte (votre capitale au centre), l’éditeur par personnage et la feuille d’ordres.

## 1. Faites connaissance

Dans « Votre royaume », notez les numéros de votre Roi et de vos deux Héros, leurs talents (« talent/aptitude ») et le numéro de votre capitale. Sur la carte, cliquez les provinces voisines : terrain, peuple, armées recrutables.

## 2. Nommez (facultatif)

La première année seulement : \`CAPITALE Camelot\`, et sous un \`PERSO n\`, \`NOM Perceval\`.

## 3. Un Héros explore, un autre s’entraîne

\`\`\`
PERSO 33 (votre premier Héros)
1 EX
2 EX
3 PR Ex
\`\`\`

L’exploration révèle les lieux de la province et leur trésor ; un lieu connu se fouille avec \`SE <n° du lieu> / TA, ME, FL\`.

## 4. Le Roi recrute et envahit

\`\`\`
PERSO 1 (votre Roi)
1 RE <type> pour 1
2 MO <province voisine>
\`\`\`

\`RE\` recrute, dans la capitale, une armée d’un type qu’elle fournit (voir le tableau de la province) ; \`MO\` l’emmène dans une province voisine sans maître : bataille contre ses indigènes à la fin de la phase, puis conquête si vous gagnez. Choisissez une province **terrestre** : sans flotte, les armées ne vont pas sur mer. Gardez quelques écus pour la solde de fin d’année.

## 5. Le plan spécial

\`SPECIAL FL, ME\` sous un personnage : surpris, il fuit d’abord. Avant une bataille, un commandant dont le plan spécial a une tactique agressive et pas de FL défie l’autre en duel ; avec FL, il ne défie personne.

## 6. Vérifiez et marquez « prêt »

La liste des problèmes sous la feuille doit être vide. Marquez vos ordres **prêts** ; votre rapport de l’année racontera chaque saison, avec la carte de ce que vous savez.

Pour la suite : la [référence des ordres](orders), le [glossaire](glossary) et [l’année et la feuille d’ordres](turn).
`,
  },
  {
    id: 'variants',
    title: 'Les mondes : standard, AK Europe, Super AK, AK Terre',
    markdown: `L’hôte choisit le monde en créant la partie. Tout le reste des règles est le même ; seuls changent la carte, le nombre de rois et quelques règles propres.

## AK Europe

Un continent de l’an mil dessiné à la main (une carte originale) sur la grille standard de 18 × 9 provinces. Douze pays, chacun avec sa capitale et un bonus de +${W.europeBonus} dans une ou deux caractéristiques pour son premier Roi et ses deux Héros. À l’inscription, classez jusqu’à trois pays : vous recevez le premier encore libre. La Cavalerie légère a 3 en force et 3 en coût ; vous connaissez les provinces jusqu’à ${W.europeKnownRadius} de distance.

## Super AK

Un monde tiré au hasard de **450 provinces (15 × 30)**, numérotées 10000 + rangée × 100 + colonne (10815 : rangée 8, colonne 15), jusqu’à **${SW.maxPlayers} rois**, au plus ${SW.alignmentCap} par alignement (Divin et Mort-vivant compris), dispersés sur la carte ; au plus ${SW.armyCap} armées. Un repaire dont le monstre est mort peut en attirer un nouveau (${Math.round(SW.lairRepopulation * 100)} % par an).

- **Titres royaux** : ${TITLE_COUNT} titres en six groupes (alignement, race, terrain, prouesses militaires, duels, divers), de 1 à 5 points de victoire chacun. Il vous faudra découvrir la façon de les obtenir. Un de vos personnages apparaît dans la partie « Charges impériales » de votre rapport dès qu’il a le minimum d’un titre et au moins la moitié des points du meneur ; le meneur de chaque titre gagne un niveau dans une caractéristique tant qu’il mène, et ses points de victoire à la fin.
- **Votes** : dans une élection et pour le seuil de ${K.victory.thresholdPct} %, chaque point de victoire de vos Charges, Titres et artefacts compte comme ${K.titles.ecusPerVp} écus d’impôt. Quand les rois d’un alignement tiennent ensemble plus que le seuil, un vote a lieu l’année suivante.
- Les traités scientifiques entre rois d’alignements différents réussissent moins souvent (−${K.science.superAlignmentPct} % par niveau d’écart). Chaque année, votre rapport donne les points de victoire tenus par votre alignement.

## AK Terre

Une Terre préhistorique **dessinée à la main** (carte originale) de 450 provinces (15 × 30) : vingt empires de toutes les époques, chacun à sa capitale, avec un bonus de +${W.terreBonus} dans une ou deux caractéristiques (talent de départ ${W.variantTalentCap} au plus) ; certains commencent à 2 provinces l’un de l’autre. Chaque empire commence avec ${W.terreDiscoveries} découverte(s) de son époque. Classez jusqu’à trois empires à l’inscription. La Cavalerie légère a 3 en force et en coût, sans terrain adverse.

- **Îles** (bordure bleue sur la carte) : une île est une mer avec un second terrain. On y combat comme en mer, sauf une armée dont ce terrain est le terrain adverse ; le commandant suprême y utilise la Marine. On y va par mer (une armée de terre doit être transportée) ; la conquérir sans combat ne coûte aucun point de mouvement. Les tremblements de terre y sont possibles.
- **Détroits** (tirets entre deux provinces) : les navires passent, les troupes de terre non, sauf transportées. Un sort de Partage des flots lancé sur l’une des deux provinces ouvre le détroit aux troupes de terre et le ferme aux navires jusqu’à la fin de l’année.
- **Isthmes** : une province de terre que les navires traversent d’un océan à l’autre.
`,
  },
];
