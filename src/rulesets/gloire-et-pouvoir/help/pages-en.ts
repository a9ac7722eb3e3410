/**
 * The rules of Gloire & Pouvoir written for players (issue 13 §5), in English: a summary of the
 * specification (/work/shared/rules/gloire-et-pouvoir.md) without its formulas. Figures come from
 * the constants table (default values: a game's host may change them), never copied by hand.
 */
import type { HelpPage } from '../../../engine/ruleset.ts';
import { DEFAULT_CONFIG as C } from '../config.ts';

const n = (x: number): string => x.toLocaleString('en-GB');

export const PAGES_EN: HelpPage[] = [
  {
    id: 'overview',
    title: 'The game in brief',
    markdown: `You are a **lord** of the realm of old King Kalan, who is looking for an heir. Each week every lord writes his **order sheet** in secret; at the deadline the referee (the King) resolves the turn, phase after phase, and everyone receives his **turn report** (the BILAN): what happened to his land, his knights and his armies.

## What you start with

- one territory, your fief, with its population, its happiness (${C.startHappiness}) and its tax coefficient;
- your **lord-knight** (renown ${C.startLordKnightRenown}): if he dies, you are out of the game;
- a treasury of ${n(C.startTreasury)} écus;
- no army and no other knight: you levy and recruit them.

## How to win

The game ends as soon as a lord is named King, at the end of a turn:

| Victory | Scandinavia | Europe | Middle East |
|---|---|---|---|
| **Renown**: global renown above | ${C.renownVictory.SCA} | ${C.renownVictory.EUR} | ${C.renownVictory.MO} |
| **Conquest**: own at least | ${C.conquestVictory.SCA} territories | ${C.conquestVictory.EUR} territories | ${C.conquestVictory.MO} territories |
| **Alliance**: be allied with every lord still in the game | yes | yes | yes |

If several lords win in the same turn, renown comes before conquest and conquest before alliance; between equals, the highest global renown wins.

## Global renown

Everything turns on **global renown** (GR): your lord-knight’s renown, a tenth of your other knights’, the weight of your land (population and happiness), your treasury (1 point per ${C.treasuryDivisor} écus) and a share of your allies’ renown, less a share of your enemies’. It earns you titles (and their rents) and sets your place in every phase: **the least renowned lords act first**.

## The pages of this help

- [The turn and its phases](turn): how a turn is resolved;
- [Economy](economy): taxes, redistribution, happiness, titles;
- [Knights, armies and battles](war);
- [Diplomacy, jousts, sales and espionage](diplomacy);
- [Your first turn](first-turn), step by step;
- the [order reference](orders) and the [glossary](glossary).
`,
  },
  {
    id: 'turn',
    title: 'The turn and its phases',
    markdown: `During the week you write your orders on the game’s **Orders** page: one line per order, a three-letter code then its parameters (see the [order reference](orders)). The guided form and the map write these lines for you. You may change your sheet as often as you like until the deadline; when every lord has marked his orders ready, the turn may be resolved early.

## The 19 phases

The referee carries out the orders phase by phase, always in this order, whatever the order of your lines:

| Phase | What happens | Orders |
|---|---|---|
| 1 | Abdications, knights’ names | ABD, REN |
| 2 | Disbanding armies, releasing knights | DEM, LIB |
| 3 | Economy: rents, then taxes, then redistribution | IMP, RED |
| 4 | Retreat thresholds, special defence | INI, DEF |
| 5 | Recruiting knights, levying armies | CHE, ARM |
| 6 | Assignments, transfers, garrisons | AFF, TSF, GAR |
| 7 | Attacks | ATT |
| 8 | Diplomacy: war, alliance, peace, cancellation, calls | GUE, ALL, PAI, ANN, APP |
| 9 | Movement | MOV |
| 10 | Organising jousts | ORG |
| 11 | Jousts | PAR |
| 12 | Sales and purchases of land | VND, ACH |
| 13 | Espionage | ESP |
| 14 | Migrations, revolts, people’s memory | (automatic) |
| 15 | Knights’ pay, army upkeep, desertions | (automatic) |
| 16 | Fortifications | FOR |
| 17 | Ennoblement (titles) | (automatic) |
| 18 | Repatriation of stray knights | (automatic) |
| 19 | Victory | (automatic) |

## Who acts first

In every phase, lords act **from the least renowned to the most renowned** (global renown at the start of the phase); between equals, whoever sent his orders first. Your own orders of one phase run in the order you wrote them.

## What the referee checks, and when

- When you type: the order’s spelling, the names (your knights, territories, lords, your armies) and the numbers. A wrong line is shown at once and does not count; the others are kept.
- When the order runs: everything else (is the territory yours, next to the knight, do you have the écus…). An order that cannot be carried out is **cancelled**, and the turn report says why.
- An order that costs more than your treasury is cancelled entirely (except CHE, which stops at the first knight you cannot afford).
- Knights and armies created during the turn have no name or number yet: they take orders from the next turn. An army levied for a knight (ARM … knight) can attack at once, though, since the ATT order names the knight.

## Every order is optional

A territory without IMP is not taxed; your INI thresholds stay as they were; DEF lasts for one turn.
`,
  },
  {
    id: 'economy',
    title: 'Economy',
    markdown: `Money comes from three sources: your title’s **rent**, the **tax** of your land, and **sales** of land. It pays for levies (about ${C.levyEcusPerMan} écus a man), recruits, knights’ pay and army upkeep, fortifications, spies and jousts.

## Tax (IMP, phase 3)

\`IMP <level 0..10> <territory>\`: the higher the level, the more the territory yields, but happiness falls by ${Math.round(C.happinessDropPerLevel * 100)} % per level and the tax coefficient falls too (by ${Math.round(C.maxCoefDrop * 100)} % at most). A territory happier than the average yields more (up to ×${C.taxRatioMax}), an unhappy one much less.

- **Level 10** sets happiness to 0: the territory revolts for certain at the end of the turn.
- A territory without IMP yields nothing and does not change.

## Redistribution (RED, phase 3, after tax)

\`RED <écus> <territory>\` gives money back to the people: happiness and the coefficient rise, at most doubling in one turn. Since redistribution follows taxation, a well-chosen IMP + RED pair can raise happiness and still make a profit.

## Happiness

- Happy people pay more, draw population from less happy neighbours (migrations, phase 14) and do not revolt.
- At 0 the territory **revolts** and becomes neutral.
- A garrison raises its territory’s happiness at every turn end; a levy with a knight lowers it.
- When you lose a territory, its people remember the happiness it had (**people’s memory**): if you take it back, it returns to that. A territory you never owned starts again at ${C.memoryNeverOwned}.

## End-of-turn costs (phase 15)

Every recruited knight earns **pay** equal to his renown when hired (not in the turn he is recruited); every army costs **upkeep** (${C.armyUpkeep} écu per man). If the treasury falls short, an unpaid knight deserts with his army and an army without upkeep is disbanded. A knight who becomes twice as renowned as your lord-knight leaves you, with his army.

## Titles and rents (phase 17)

By your global renown, the King makes you Baron, Viscount, Count, Marquess, Duke then Prince; every title pays a rent at the start of each turn, from ${n(C.rents.baron)} écus (Baron) to ${n(C.rents.prince)} écus (Prince). A title is lost when renown falls back.

## Fortifications (FOR, phase 16)

Palisade (${n(C.fortCost.palisade)} écus), wall (${n(C.fortCost.wall)}), fortress (${n(C.fortCost.fortress)}): they help the territory’s defenders and its happiness. A territory taken by force loses its fortifications.
`,
  },
  {
    id: 'war',
    title: 'Knights, armies and battles',
    markdown: `## Knights

Only a **knight leading an army** can attack, and he needs an army even to defend. \`CHE <n>\` recruits 1 to ${C.maxRecruitsPerTurn} knights a turn; their renown is drawn at random (at most your lord-knight’s + 1) and their price depends on it, so you learn it afterwards. A recruit appears on one of your territories at random.

## Armies

- \`ARM <territory> <écus> [<knight>]\` levies men on your territory. How many depends on your global renown and on the territory’s population. With a knight (on that territory or a neighbouring one), he takes the army; without a knight it stays as a **garrison**.
- \`AFF <knight> <army>\` gives a garrison to a nearby knight; \`TSF\` hands men from one knight to another; \`GAR\` leaves men as a garrison.
- An army that has just received men by TSF cannot transfer any in the same turn. A levy can therefore go to a neighbouring knight, be transferred once, then attack: an attack can strike three territories away from the levy in one turn.

## Attack (ATT, phase 7)

\`ATT <knight> <territory> [<threshold>]\`: the knight attacks a territory next to his. A knight attacks once a turn; a knight with an ATT order does not defend the territory he stands on.

- A **neutral territory** is defended by its peasants.
- An **owned territory** is defended by its lord’s garrison and by the armies of his knights and of his allies’ knights standing there, one after the other.
- The fight goes in **passes of arms**: in each pass each side draws a value from its leader’s renown, and the loser of the pass loses men. An army that falls below its **retreat threshold** leaves the fight: for the attacker, the ATT order’s threshold, otherwise your INI values; for a defender, its DEF, otherwise its lord’s INI values.
- The attacker’s victory gives him the territory (it loses its fortifications) and renown to his knight; a failure costs him renown.
- **A knight who loses all his men dies.** If he is a lord-knight, his lord is out of the game and his land becomes neutral.

## Retreat thresholds

\`INI <peasants %> <garrison %> <knight %>\` sets your default thresholds as a percentage of the strength at the start of the fight (at first ${C.startRetreat.peasant}, ${C.startRetreat.garrison} and ${C.startRetreat.knight}): with 80 and an army of 1,000 men, it retreats below 800. \`DEF <army> <men>\` sets, for this turn, a threshold in men for an army that is attacked.

## Felony

Fighting a lord you have not declared war on is a **felony**: your lord-knight’s renown is divided by 3, war is declared at once and your common alliances are broken. Declarations of war (phase 8) come **after** attacks (phase 7): declaring war and attacking in the same turn is still a felony. Declare it a turn before.

## Movement and repatriation

\`MOV <knight> <territory>\` moves a knight and his army to a neighbouring territory, neutral, yours or an ally’s, after the attacks. A knight who conquered a territory this turn moves no further. Two knights of lords who are not allies cannot stand on the same territory. At the end of the turn, a knight left on the land of a lord who is not your ally comes back to your nearest territory, losing men with the distance (neutral land sends nobody home).
`,
  },
  {
    id: 'diplomacy',
    title: 'Diplomacy, jousts, sales and espionage',
    markdown: `## Diplomacy (phase 8)

Between two lords the relation is **peace** (at first), **war** or **alliance**. The steps of phase 8 always come in this order: declarations of war (GUE), alliances (ALL), peace (PAI), cancelled alliances (ANN), refusals of aid, calls to allies (APP).

- \`GUE <lord>\` declares war, alone. War on an ally is a felony.
- \`ALL\` and \`PAI\` succeed only if **both lords** give each other the order in the same turn. Two lords at war must first make peace; the alliance is asked for the next turn.
- Nobody can be allied with two lords at war with each other: a declaration of war breaks the common alliances.
- \`ANN <lord>\` cancels an alliance.
- \`APP <lord>\` calls an ally: next turn he must be at war with all your enemies, or he loses renown.

Alliances raise both lords’ global renown; enemies lower it. Use the game’s letters and forum to negotiate.

## Jousts (phases 10 and 11)

- \`ORG <places> <reward> <password>\` organises a joust: ${C.joustPlaceCost} écus a place; a reward below ${n(C.joustMinReward)} écus is not taken seriously and the joust is cancelled. Give the password to those you invite.
- \`PAR <knight> <organising lord> <password>\` enters a knight; \`PAR * …\` enters them all.
- Every ${C.royalJoustEvery} turns the King holds the **royal joust**, open to all (\`PAR <knight> ROI\`), reward ${n(C.royalJoustReward)} écus. The previous turn’s report announces it.
- A joust is a knockout tournament; beating a more renowned knight earns much renown. The organiser gains a share of the renown the others won.

## Sales of land (phase 12)

The seller writes \`VND <buyer> <territory> <price>\`, the buyer \`ACH <seller> <territory> <price>\`, in the same turn and at the same price. No sales in turn 1, one purchase per turn, no sale of a territory next to an enemy of the seller, and a territory sold cannot be sold again the next turn.

## Espionage (phase 13)

\`ESP <territory>\` costs ${C.espionageCost} écus. The higher your global renown, the better the spy’s chance; if he succeeds, your report gives the territory’s population, happiness, coefficient, fortifications and the forces there, or an estimate of a neutral territory’s peasants.
`,
  },
  {
    id: 'first-turn',
    title: 'Your first turn',
    markdown: `A classic first turn: tax your territory, recruit knights, levy an army and take a neighbouring neutral territory. Open your game’s **Orders** page: the map, the guided form and the order sheet are side by side.

## 1. Look at your land

Under “Your lordship”, note your territory’s name, population, happiness (${C.startHappiness}) and your treasury (${n(C.startTreasury)} écus). On the map your territory has a thick outline; click a neighbouring territory to see what you know of it.

## 2. Tax your territory

\`IMP 5 <your territory>\` brings a good sum without angering the people too much. Avoid level 10: the territory would revolt.

## 3. Recruit knights

\`CHE 2\` recruits two knights (their price depends on their renown, drawn at random). They take orders from the next turn.

## 4. Levy an army for your lord-knight

\`ARM <your territory> 2000 <your lord-knight>\` levies about 400 men and gives them to your lord-knight. Without the knight, the army would stay as a garrison.

## 5. Attack a neighbouring neutral territory

\`ATT <your lord-knight> <neighbouring territory> 200\`: the army levied in phase 5 attacks in phase 7 and retreats if it falls below 200 men. A neutral territory is defended only by its peasants; do not attack with too few men, because **if your lord-knight loses all his men he dies** and you are out of the game. Keep a retreat threshold.

On the map, click your knight then the territory to attack: the line is written into the sheet.

## 6. Check and mark “ready”

Under the sheet, the list of problems must be empty. Mark your orders **ready**: when every lord is ready, the turn is resolved without waiting for the deadline. Your turn report tells you what happened, phase by phase.

A whole sheet (with your own names):

\`\`\`
IMP 5 <your territory>
CHE 2
ARM <your territory> 2000 <your lord-knight>
ATT <your lord-knight> <neighbouring territory> 200
\`\`\`

What next: the [order reference](orders), the [glossary](glossary) and [the turn and its phases](turn).
`,
  },
];
