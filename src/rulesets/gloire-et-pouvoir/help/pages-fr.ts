/**
 * Les règles de Gloire & Pouvoir écrites pour les joueurs (issue 13 §5), en français : un résumé
 * de la spécification (/work/shared/rules/gloire-et-pouvoir.md, règles d’origine dans les seeds),
 * sans ses formules. Les chiffres viennent de la table des constantes (valeurs par défaut : l’hôte
 * d’une partie peut les changer), jamais recopiés à la main.
 */
import type { HelpPage } from '../../../engine/ruleset.ts';
import { DEFAULT_CONFIG as C } from '../config.ts';

const n = (x: number): string => x.toLocaleString('fr-FR').replace(/\u202f/g, ' ');

export const PAGES_FR: HelpPage[] = [
  {
    id: 'overview',
    title: 'Le jeu en bref',
    markdown: `Vous êtes un **seigneur** du royaume du vieux roi Kalan, qui cherche un héritier. Chaque semaine, chaque seigneur écrit en secret sa **feuille d’ordres** ; à l’échéance, l’arbitre (le Roi) résout le tour, phase après phase, et chacun reçoit son **BILAN**, le compte rendu de ce qui est arrivé à ses terres, à ses chevaliers et à ses armées.

## Ce que vous avez au départ

- une terre, votre fief, avec sa population, son bonheur (${C.startHappiness}) et son coefficient d’imposition ;
- votre **chevalier-seigneur** (renommée ${C.startLordKnightRenown}) : s’il meurt, vous êtes éliminé ;
- un trésor de ${n(C.startTreasury)} écus ;
- pas d’armée, pas d’autre chevalier : à vous de les lever et de les recruter.

## Comment gagner

La partie s’arrête dès qu’un seigneur est désigné roi, à la fin d’un tour :

| Victoire | Scandinavie | Europe | Moyen-Orient |
|---|---|---|---|
| **Renommée** : renommée globale supérieure à | ${C.renownVictory.SCA} | ${C.renownVictory.EUR} | ${C.renownVictory.MO} |
| **Conquête** : posséder au moins | ${C.conquestVictory.SCA} terres | ${C.conquestVictory.EUR} terres | ${C.conquestVictory.MO} terres |
| **Alliance** : être allié de tous les seigneurs encore en jeu | oui | oui | oui |

Si plusieurs seigneurs gagnent le même tour, la renommée passe avant la conquête, la conquête avant l’alliance ; à égalité, la plus grande renommée globale l’emporte.

## La renommée globale

Tout tourne autour de la **renommée globale** (RG) : elle additionne la renommée de votre chevalier-seigneur, un dixième de celle de vos autres chevaliers, le poids de vos terres (population et bonheur), votre trésor (1 point pour ${C.treasuryDivisor} écus) et une part de la renommée de vos alliés, moins une part de celle de vos ennemis. Elle vous donne vos titres (et leurs rentes) et fixe votre place dans chaque phase : **les seigneurs les moins renommés agissent les premiers**.

## Les pages de cette aide

- [Le tour et ses phases](turn) : comment un tour est résolu ;
- [Économie](economy) : impôts, redistribution, bonheur, titres ;
- [Chevaliers, armées et batailles](war) ;
- [Diplomatie, joutes, ventes et espionnage](diplomacy) ;
- [Votre premier tour](first-turn), pas à pas ;
- la [référence des ordres](orders) et le [glossaire](glossary).
`,
  },
  {
    id: 'turn',
    title: 'Le tour et ses phases',
    markdown: `Pendant la semaine, vous écrivez vos ordres sur la page **Ordres** de la partie : une ligne par ordre, un code de trois lettres puis ses paramètres (voir la [référence des ordres](orders)). Le formulaire guidé et la carte écrivent ces lignes pour vous. Vous pouvez modifier votre feuille autant que vous voulez jusqu’à l’échéance ; quand tous les seigneurs ont marqué leurs ordres « prêts », le tour peut être résolu plus tôt.

## Les 19 phases

L’arbitre exécute les ordres phase par phase, toujours dans cet ordre, quel que soit l’ordre de vos lignes :

| Phase | Ce qui se passe | Ordres |
|---|---|---|
| 1 | Abdications, noms des chevaliers | ABD, REN |
| 2 | Démobilisations, renvois de chevaliers | DEM, LIB |
| 3 | Économie : rentes, puis impôts, puis redistribution | IMP, RED |
| 4 | Seuils de repli, défense spéciale | INI, DEF |
| 5 | Recrutement de chevaliers, levées d’armées | CHE, ARM |
| 6 | Affectations, transferts, garnisons | AFF, TSF, GAR |
| 7 | Attaques | ATT |
| 8 | Diplomatie : guerre, alliance, paix, rupture, appels | GUE, ALL, PAI, ANN, APP |
| 9 | Mouvements | MOV |
| 10 | Organisation des joutes | ORG |
| 11 | Joutes | PAR |
| 12 | Ventes et achats de terres | VND, ACH |
| 13 | Espionnage | ESP |
| 14 | Migrations, révoltes, mémoire du peuple | (automatique) |
| 15 | Solde des chevaliers, entretien des armées, désertions | (automatique) |
| 16 | Fortifications | FOR |
| 17 | Anoblissement (titres) | (automatique) |
| 18 | Rapatriement des chevaliers égarés | (automatique) |
| 19 | Victoire | (automatique) |

## Qui agit en premier

Dans chaque phase, les seigneurs agissent **du moins renommé au plus renommé** (renommée globale au début de la phase) ; à égalité, celui qui a envoyé ses ordres le premier. Vos propres ordres d’une même phase s’exécutent dans l’ordre où vous les avez écrits.

## Ce que l’arbitre vérifie, et quand

- À la saisie : l’orthographe de l’ordre, les noms (vos chevaliers, les terres, les seigneurs, vos armées) et les nombres. Une ligne fausse est signalée tout de suite et ne compte pas ; les autres sont gardées.
- À l’exécution : tout le reste (la terre est-elle à vous, voisine, avez-vous assez d’écus…). Un ordre qui ne peut pas s’exécuter est **annulé**, et le BILAN dit pourquoi.
- Un ordre qui coûte plus que votre trésor est annulé en entier (sauf CHE, qui s’arrête au premier chevalier trop cher).
- Les chevaliers et les armées créés pendant le tour n’ont pas encore de nom ni de numéro : ils ne peuvent recevoir d’ordres qu’au tour suivant. Une armée levée pour un chevalier (ARM … chevalier) peut en revanche attaquer tout de suite, puisque l’ordre ATT nomme le chevalier.

## Tout ordre est facultatif

Une terre sans ordre IMP n’est pas imposée ; vos seuils INI restent ceux du tour précédent ; DEF ne vaut que pour le tour.
`,
  },
  {
    id: 'economy',
    title: 'Économie',
    markdown: `L’argent vient de trois sources : la **rente** de votre titre, l’**impôt** de vos terres, et les **ventes** de terres. Il sert à lever des armées (environ ${C.levyEcusPerMan} écus par homme), recruter des chevaliers, payer leur solde et l’entretien des armées, fortifier, espionner et organiser des joutes.

## L’impôt (IMP, phase 3)

\`IMP <niveau 0..10> <terre>\` : plus le niveau est haut, plus la terre rapporte, mais le bonheur baisse de ${Math.round(C.happinessDropPerLevel * 100)} % par niveau et le coefficient d’imposition baisse aussi (au plus de ${Math.round(C.maxCoefDrop * 100)} %). Une terre plus heureuse que la moyenne rapporte davantage (jusqu’à ×${n(C.taxRatioMax)}), une terre malheureuse beaucoup moins.

- Le **niveau 10** met le bonheur à 0 : la terre se révolte à coup sûr à la fin du tour.
- Une terre sans IMP ne rapporte rien et ne change pas.

## La redistribution (RED, phase 3, après l’impôt)

\`RED <écus> <terre>\` rend de l’argent au peuple : le bonheur et le coefficient montent, au plus du double en un tour. Comme la redistribution suit l’impôt, un couple IMP + RED bien choisi peut faire monter le bonheur tout en rapportant.

## Le bonheur

- Un peuple heureux paie mieux, attire la population des terres voisines moins heureuses (migrations, phase 14) et ne se révolte pas.
- À 0, la terre se **révolte** et devient neutre.
- Une garnison sur une terre y fait monter le bonheur à chaque fin de tour ; une levée d’armée avec un chevalier le fait baisser.
- Quand vous perdez une terre, le peuple se souvient du bonheur qu’elle avait (la **mémoire du peuple**) : si vous la reprenez, elle retrouve ce bonheur. Une terre jamais possédée repart à ${C.memoryNeverOwned}.

## Dépenses de fin de tour (phase 15)

Chaque chevalier recruté touche une **solde** égale à sa renommée d’embauche (pas au tour où il est recruté) ; chaque armée coûte un **entretien** (${n(C.armyUpkeep)} écu par homme). Si le trésor ne suffit pas, le chevalier impayé déserte avec son armée, l’armée non entretenue est démobilisée. Un chevalier devenu deux fois plus renommé que votre chevalier-seigneur vous quitte, avec son armée.

## Titres et rentes (phase 17)

Selon votre renommée globale, le Roi vous fait Baron, Vicomte, Comte, Marquis, Duc puis Prince ; chaque titre rapporte une rente au début de chaque tour, de ${n(C.rents.baron)} écus (Baron) à ${n(C.rents.prince)} écus (Prince). Un titre se perd si la renommée retombe.

## Fortifications (FOR, phase 16)

Palissade (${n(C.fortCost.palisade)} écus), muraille (${n(C.fortCost.wall)}), forteresse (${n(C.fortCost.fortress)}) : elles aident les défenseurs de la terre et son bonheur. Une terre prise de force perd ses fortifications.
`,
  },
  {
    id: 'war',
    title: 'Chevaliers, armées et batailles',
    markdown: `## Les chevaliers

Seul un **chevalier à la tête d’une armée** peut attaquer, et il lui faut une armée même pour défendre. \`CHE <n>\` recrute de 1 à ${C.maxRecruitsPerTurn} chevaliers par tour ; leur renommée est tirée au hasard (au plus celle de votre chevalier-seigneur + 1) et leur prix en dépend, vous ne le connaissez qu’après. Un chevalier recruté apparaît sur une de vos terres au hasard.

## Les armées

- \`ARM <terre> <écus> [<chevalier>]\` lève des hommes sur votre terre. Le nombre d’hommes dépend de votre renommée globale et de la population de la terre. Avec un chevalier (sur la terre ou sur une terre voisine), il prend l’armée ; sans chevalier, elle reste en **garnison**.
- \`AFF <chevalier> <armée>\` donne une garnison à un chevalier voisin ; \`TSF\` passe des hommes d’un chevalier à un autre ; \`GAR\` laisse des hommes en garnison.
- Une armée qui vient de recevoir des hommes par TSF ne peut pas en transférer le même tour. Une levée peut donc aller à un chevalier voisin, être transférée une fois, puis attaquer : une attaque peut frapper à trois terres de la levée dans le même tour.

## L’attaque (ATT, phase 7)

\`ATT <chevalier> <terre> [<seuil>]\` : le chevalier attaque une terre voisine de la sienne. Un chevalier n’attaque qu’une fois par tour ; un chevalier qui a un ordre ATT ne défend pas la terre où il se trouve.

- Une **terre neutre** est défendue par ses paysans.
- Une **terre possédée** est défendue par la garnison de son seigneur et par les armées de ses chevaliers et de ceux de ses alliés qui s’y trouvent, chacun à son tour.
- Le combat se fait en **passes d’armes** : à chaque passe, chaque camp tire sa valeur selon la renommée de son chef, le perdant de la passe perd des hommes. Une armée qui tombe sous son **seuil de repli** quitte le combat : pour l’attaquant, le seuil de l’ordre ATT, sinon vos valeurs INI ; pour un défenseur, son DEF, sinon les valeurs INI de son seigneur.
- Une victoire de l’attaquant lui donne la terre (elle perd ses fortifications) et de la renommée à son chevalier ; un échec lui en coûte.
- **Un chevalier qui perd tous ses hommes meurt.** Si c’est un chevalier-seigneur, son seigneur est éliminé et ses terres deviennent neutres.

## Les seuils de repli

\`INI <paysans %> <garnison %> <chevalier %>\` fixe vos seuils par défaut en pourcentage de la force au début du combat (au départ ${C.startRetreat.peasant}, ${C.startRetreat.garrison} et ${C.startRetreat.knight}) : avec 80 et une armée de 1 000 hommes, elle se replie sous 800. \`DEF <armée> <hommes>\` fixe, pour ce tour, un seuil en hommes pour une armée attaquée.

## La félonie

Combattre un seigneur à qui vous n’avez pas déclaré la guerre est une **félonie** : la renommée de votre chevalier-seigneur est divisée par 3, la guerre est déclarée d’office et vos alliances communes sont rompues. Les déclarations de guerre (phase 8) viennent **après** les attaques (phase 7) : déclarer la guerre et attaquer le même tour reste une félonie. Déclarez-la un tour avant.

## Mouvements et rapatriement

\`MOV <chevalier> <terre>\` déplace un chevalier et son armée d’une terre vers une terre voisine, neutre, à vous ou à un allié, après les attaques. Un chevalier qui a conquis une terre ce tour ne bouge plus. Deux chevaliers de seigneurs non alliés ne peuvent pas se trouver sur la même terre. En fin de tour, un chevalier resté sur la terre d’un seigneur qui n’est pas votre allié rentre sur votre terre la plus proche, en perdant des hommes selon la distance (une terre neutre ne renvoie personne).
`,
  },
  {
    id: 'diplomacy',
    title: 'Diplomatie, joutes, ventes et espionnage',
    markdown: `## Diplomatie (phase 8)

Entre deux seigneurs, la relation est **paix** (au départ), **guerre** ou **alliance**. Les étapes de la phase 8 se suivent toujours ainsi : déclarations de guerre (GUE), alliances (ALL), paix (PAI), ruptures d’alliance (ANN), refus d’aide, appels aux alliés (APP).

- \`GUE <seigneur>\` déclare la guerre, seul. La guerre contre un allié est une félonie.
- \`ALL\` et \`PAI\` ne réussissent que si **les deux seigneurs** se donnent l’ordre le même tour. Deux seigneurs en guerre doivent d’abord faire la paix ; l’alliance se demande au tour suivant.
- On ne peut pas être allié de deux seigneurs en guerre l’un contre l’autre : une déclaration de guerre rompt les alliances communes.
- \`ANN <seigneur>\` rompt une alliance.
- \`APP <seigneur>\` appelle un allié : au tour suivant, il doit être en guerre contre tous vos ennemis, sinon il perd de la renommée.

Être allié augmente la renommée globale des deux seigneurs ; avoir des ennemis la diminue. Les lettres et le forum de la partie servent à négocier.

## Joutes (phases 10 et 11)

- \`ORG <places> <récompense> <mot de passe>\` organise une joute : ${C.joustPlaceCost} écus par place ; une récompense de moins de ${n(C.joustMinReward)} écus n’est pas prise au sérieux et la joute est annulée. Donnez le mot de passe à ceux que vous invitez.
- \`PAR <chevalier> <seigneur organisateur> <mot de passe>\` inscrit un chevalier ; \`PAR * …\` les inscrit tous.
- Tous les ${C.royalJoustEvery} tours, le Roi organise la **joute royale**, ouverte à tous (\`PAR <chevalier> ROI\`), récompense ${n(C.royalJoustReward)} écus. Le BILAN du tour précédent l’annonce.
- La joute est un tournoi à élimination ; battre un chevalier plus renommé rapporte beaucoup de renommée. L’organisateur gagne une part de la renommée gagnée par les autres.

## Ventes de terres (phase 12)

Le vendeur écrit \`VND <acheteur> <terre> <prix>\`, l’acheteur \`ACH <vendeur> <terre> <prix>\`, le même tour et au même prix. Pas de vente au tour 1, une seule terre achetée par tour, pas de vente d’une terre voisine d’un ennemi du vendeur, et une terre vendue ne peut pas être revendue au tour suivant.

## Espionnage (phase 13)

\`ESP <terre>\` coûte ${C.espionageCost} écus. Plus votre renommée globale est haute, plus l’espion a de chances de réussir ; s’il réussit, votre BILAN donne la population, le bonheur, le coefficient, les fortifications et les forces présentes sur la terre, ou une estimation des paysans d’une terre neutre.
`,
  },
  {
    id: 'first-turn',
    title: 'Votre premier tour',
    markdown: `Un premier tour classique : imposer sa terre, recruter des chevaliers, lever une armée et prendre une terre neutre voisine. Ouvrez la page **Ordres** de votre partie : la carte, le formulaire guidé et la feuille d’ordres sont côte à côte.

## 1. Regardez votre terre

Dans « Votre seigneurie », notez le nom de votre terre, sa population, son bonheur (${C.startHappiness}) et votre trésor (${n(C.startTreasury)} écus). Sur la carte, votre terre a un contour épais ; cliquez une terre voisine pour voir ce que vous en savez.

## 2. Imposez votre terre

\`IMP 5 <votre terre>\` rapporte une bonne somme sans trop fâcher le peuple. Évitez le niveau 10 : la terre se révolterait.

## 3. Recrutez des chevaliers

\`CHE 2\` recrute deux chevaliers (leur prix dépend de leur renommée, tirée au hasard). Ils ne pourront recevoir d’ordres qu’au tour suivant.

## 4. Levez une armée pour votre chevalier-seigneur

\`ARM <votre terre> 2000 <votre chevalier-seigneur>\` lève environ 400 hommes et les confie à votre chevalier-seigneur. Sans le chevalier, l’armée resterait en garnison.

## 5. Attaquez une terre neutre voisine

\`ATT <votre chevalier-seigneur> <terre voisine> 200\` : l’armée levée en phase 5 attaque en phase 7 et se replie si elle tombe sous 200 hommes. Une terre neutre n’est défendue que par ses paysans ; ne l’attaquez pas avec trop peu d’hommes, car **si votre chevalier-seigneur perd tous ses hommes, il meurt** et vous êtes éliminé. Gardez un seuil de repli.

Sur la carte, cliquez votre chevalier puis la terre à attaquer : la ligne s’écrit dans la feuille.

## 6. Vérifiez et marquez « prêt »

Sous la feuille, la liste des problèmes doit être vide. Marquez vos ordres **prêts** : quand tous les seigneurs le sont, le tour est résolu sans attendre l’échéance. Le BILAN vous dira ce qui s’est passé, phase par phase.

Exemple de feuille complète (avec vos propres noms) :

\`\`\`
IMP 5 <votre terre>
CHE 2
ARM <votre terre> 2000 <votre chevalier-seigneur>
ATT <votre chevalier-seigneur> <terre voisine> 200
\`\`\`

Pour la suite : la [référence des ordres](orders), le [glossaire](glossary) et [le tour et ses phases](turn).
`,
  },
];
