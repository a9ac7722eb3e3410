/**
 * The rules of Adventurer Kings written for players (issue 13 §5), in English: a summary of the
 * specification (/work/shared/rules/adventurer-kings.md) without its combat tables. Figures come
 * from the constants table (default values: a game's host may change them).
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

export const PAGES_EN: HelpPage[] = [
  {
    id: 'overview',
    title: 'The game in brief',
    markdown: `The world was once ruled by an Emperor; then came the Dark Age. You are a **King** who means to rebuild the Empire under his rule. Everything you do, you do through your **characters**: your King and your **Heroes**. They lead armies to conquer provinces, or go adventuring against the monsters that guard sites full of treasure.

## What you start with

- one province, your **capital**, fully explored, yielding ${W.capitalTax} écus a year;
- a treasury of ${W.startTreasury} écus;
- a few armies of Average quality;
- your King and two Heroes.

When you join a game you choose your King: race, alignment, temperament, sex and ${W.kingTalentLevels} talent levels, at most ${W.kingTalentMaxPer} in one characteristic (what you leave empty is drawn at random). Race and alignment are a matter of taste; Tactics wins battles, two levels of Forced March let infantry attack a second province in a year, and a King who is not Human does well to take some Druid, for about half the world is Human.

The provinces next to your capital are known at 1 %: their terrain, people, ruler if any and the armies one can recruit there. The rest of the world is to be discovered: you see only what your characters have explored, spied or invaded.

## The world

162 hexagonal provinces, 18 columns by 9 rows; polar ice bounds the north and south, and the world wraps around east–west (columns 18 and 1 touch). A province has a number: row × 100 + column (207: row 2, column 7). About half is **sea**; the rest is plain, forest, mountain, jungle or desert, peopled by Humans, Elves, Dwarves, Orcs… Each province yields 0 to 10 écus of tax a year (**poor** 0–2, **prosperous** 3–6, **rich** 7–10).

## How to win

At the end of the game, eight **Imperial Offices** go to the characters with the most merit in each; they are worth **victory points** (20 for Emperor of the World, 10 for the others). The **Emperor of the World** is the King with the largest tax base. The game ends when a King (or an alliance, through a vote) controls more than ${K.victory.thresholdPct} % of the world’s tax at the end of a year; from year ${K.victory.declineFromTurn} that threshold falls by ${K.victory.declinePerTurn} % a year down to ${K.victory.floorPct} %.

## The pages of this help

- [The year and the order sheet](turn);
- [Characters, adventures and magic](characters);
- [Armies and battles](armies);
- [Diplomacy, finances and victory](kingdom);
- [Your first year](first-turn), step by step;
- [The worlds](variants): AK Europe, Super AK, AK Terre;
- the [order reference](orders) and the [glossary](glossary) (codes of characteristics, armies, tactics and spells).
`,
  },
  {
    id: 'turn',
    title: 'The year and the order sheet',
    markdown: `A turn is a **year** of five **seasons**, phases 1 to 5: spring, early summer, late summer, autumn, early winter. Each character takes **one action per season**, so at most five a year. There are no conditional orders (“if… then…”): each season has its order.

## The order sheet

On the game’s **Orders** page, the guided editor writes a text for you, one entry per line:

\`\`\`
TREATIES 5 7
CHAR 3 (Strahd)
1 MO 207
2 SE 82 / CA-FI, ME, FL
5 PR Ta
SPECIAL FL, ME
\`\`\`

- \`CHAR n\` (or \`PERSO n\`): the next lines are character n’s orders; the name in parentheses is checked (a wrong number is pointed out).
- \`<phase> <code> <parameters>\`: that season’s order (see the [order reference](orders)).
- After “/”, the order’s **encounter plan** (SE, PU, EN, TR): the tactics to try, in order.
- \`SPECIAL\`: the character’s special encounter plan, for when he is surprised and for the duel before a battle; it stays from year to year.
- For the kingdom: \`TREATIES\`, \`BREAKS\`, \`VOTE\`, and in the first year \`CAPITAL\` and \`NAME\`.

## In what order

1. Every character’s phase-1 action, then every phase-2 action, and so on.
2. Within a phase, characters act by decreasing **initiative**: the sum of their talents, Forced March (Ma) counting three times. Defenders (DE, patrols) act last; a pursuer acts right after the one he pursues.
3. **Battles** are fought at the end of the phase, once everyone has acted.
4. Treaties, breaks and votes take effect at the end of the year; taxes are collected, then Heroes and armies are paid.

A character hired, charmed or resurrected takes orders from the next phase on.

## What the referee checks

When you type: the form of each line (codes, numbers, plans). When the order runs: everything else (is the province next door, is the character there…). An order that fails is told in your report. A player who sends nothing sees his characters defend themselves.
`,
  },
  {
    id: 'characters',
    title: 'Characters, adventures and magic',
    markdown: `## Characteristics

Every character has fifteen characteristics, each with a **talent** (the level used) and an **aptitude** (the level training reaches without much difficulty); your characters’ table shows them as “talent/aptitude”. Levels usually run from 0 to 4.

| Group | Codes |
|---|---|
| Martial | Ta Tactics, Ma Forced March, Na Naval, Ar Archery, Me Melee |
| Magic | Wh White Magic, Ps Psychic Magic, Il Illusion, El Elemental Magic, Ne Necromancy |
| Ancillary | Sa Sage, Dr Druid, Sp Spy, Ex Explorer, Th Thief |

- **Ta** makes the armies led stronger; **Ma** takes them further; **Na** serves at sea.
- **Ar** and **Me** serve in encounters and duels; shooting a bow or casting a spell takes at least one level.
- **Sa** makes discoveries; **Dr** lets you lead armies of other peoples; **Sp**, **Ex** and **Th** serve to spy, explore and steal.
- \`PR <code>\` trains a characteristic; taught by a stronger character in the same province, one learns much faster.

## Heroes

Wandering Heroes roam the world. \`HI <Hero number> for <écus>\` offers him ${K.hiring.minOffer} to ${K.hiring.maxOffer} écus; if he accepts, he enters your service from the next phase and is paid at every year end. An unpaid Hero may leave (some are loyal). \`FI\` dismisses a Hero. Your King has a **Royal Heir** who succeeds him if he dies (\`HEIR\` sets his talents).

## Exploring and spying

- \`EX\` explores the character’s province: the known percentage rises, **sites** (towers, temples, dungeons…) appear; at 100 % you know the exact tax.
- \`SP\` spies on the province: its ruler, its neighbours, the armies recruited there, and an estimate of the forces present.
- \`TR\` tracks a character, \`PU\` pursues him.

## Encounters

When two characters meet (\`EN\`, pursuit, patrol) or one searches a site (\`SE\`) and faces its monster, each follows his **encounter plan**: a list of tactics in order of preference — talk (TA), say (SA), give (GI), search (SC), melee (ME), fire a bow (FI), cast a spell (CA-xx), use an item (US-n), steal (ST), flee (FL). Negotiate first, attack if that fails: \`TA, ME, FL\`. Beating a site’s guardian wins its **treasure**: gold for the royal treasury, items for the character.

## Magic

Five colleges: White (Wh), Psychic (Ps), Illusion (Il), Elemental (El), Necromancy (Ne). An action spell is cast as an order (\`CA <code> <target>\`), a combat spell in an encounter plan (\`CA-<code>\`). It takes talent in the spell’s college; the higher the talent, the likelier the spell works. The [glossary](glossary) lists every spell code. A magic item is used with \`US <item number>\`.
`,
  },
  {
    id: 'armies',
    title: 'Armies and battles',
    markdown: `## Armies

An army is a counter of one **type** (a two-letter code: BO Archers, LE Legion, LC Light Cavalry, FL Fleet… see the [glossary](glossary)), one **people** and one **quality** (Reduced, Green, Average, Veteran, Crack, Elite).

- \`RE <types> for <character>\` recruits, in the province where he is, armies of the types that province provides; they are paid at once and then at every year end. \`RE … for GC\` leaves them as a garrison.
- Armies **move only with a character**: \`PI\` takes command of them, \`LE\` leaves them (to the garrison, GC, or to another character), \`DI\` disperses them.
- An unpaid army loses quality and may desert.

## Moving and invading

\`MO <province>\` moves the character and his armies one province per phase toward the province named (further away: the route carries on over the next phases left empty or given to PR). Each army has **movement points** a year; entering a province costs 1, conquering a land province 1 more. Land armies go to sea only carried by fleets.

Entering an enemy or unowned province with armies is an **invasion**: a battle at the end of the phase, or a conquest if nobody defends it. Every province not held by a player is an enemy. A province of a **neutral** kingdom sends your armies back where they came from.

## Battles

- The defender: the province ruler’s armies (led, in garrison, or the natives under the **Garrison Commander**, GC), those of generals defending it (\`DE\`), and those of his allies present.
- Before the battle the two supreme commanders may **duel**, by their special plans: the loser’s armies (killed or fled) lose ${Math.round(E.duelPenalty * 100)} % of their strength.
- Then the lines clash; strength depends on type, quality, terrain and the leader’s Tactics (Ta). The loser retreats; the conquered province goes to the winner.

## Defending

\`DE <province>\`: the character guards a zone around that province and marches to meet nearby invasions until the end of the year. A Hero who “pursues” himself (\`PU <his own number>\`) patrols: he intercepts characters of enemy kingdoms on your land or your allies’.
`,
  },
  {
    id: 'kingdom',
    title: 'Diplomacy, finances and victory',
    markdown: `## Diplomacy

Between two Kings the relation is **Allied**, **Neutral** or **Enemy**; everyone is neutral in the first year.

- \`TREATIES <King number> …\` (or ALL) raises the relation one step (Enemy → Neutral → Allied), **if the other King does the same in the same year**.
- \`BREAKS <King number> …\` lowers it one step at the end of the year; if two allies both break, they become enemies.
- **Enemies** attack each other freely. **Neutral** armies sent into the other’s province do not attack and stay home. **Allies** do not fight each other and fight side by side; a province conquered by a joint force goes to the King with the largest army after the battle.
- Two neighbouring allies can, by mutual treaties, exchange their Sages’ discoveries.
- Evil and Undead Kings break at the start of the year; Druids sign more easily.

## Finances

- At the end of the year every province you hold pays its tax (0 to 10 écus); then Heroes are paid, then armies.
- Gold also comes from adventures: sites’ treasures, theft.
- A King may give gold (\`GI <écus> to <character>\`) to a character of another kingdom in the same province, up to ${K.gifts.pctOfStartTreasury} % of his treasury at the start of the year (${K.gifts.floor} écus are always allowed).

## Victory

- The eight Imperial Offices (Emperor of the World, Grand Chancellor, Treasurer, Grand Marshal, Grand Admiral, Defender of the Empire, Grand Priest, Arch-Mage) go to the most deserving characters in each: conquests, battles, gold, magic… A character who dies loses part of his merit.
- When a King, or an alliance calling a **vote** (\`VOTE\`), holds more than ${K.victory.thresholdPct} % of the world’s tax at the end of a year, he is crowned and the game ends; the threshold falls from year ${K.victory.declineFromTurn}, and the game ends anyway after year ${K.victory.maxTurns}.
- If the Emperor’s alignment differs from yours, your victory points are reduced by the gap: better an Emperor of your side if you cannot win.
- **Valhalla**: at the end of the game, the winning King, or a character who brought ${V.entryVp} victory points to his kingdom (after the reduction), may enter it, one per kingdom, with one of his magic items; you write his description and story (\`VALHALLA YES\`, \`ITEM n\`, \`DESCRIPTION …\`, \`STORY …\`). Its heroes visit later games: every ${V.visitEvery} years, each alignment from Good to Evil receives a visitor beside one of its Kings; you give him orders like your characters; he takes ${V.firstActions} action(s) in his first year, one more every ${V.extraActionEvery} years.
`,
  },
  {
    id: 'first-turn',
    title: 'Your first year',
    markdown: `A classic first year: name your capital, explore, recruit, and invade a neighbouring province. Open your game’s **Orders** page: the map (your capital in the middle), the per-character editor and the order sheet.

## 1. Get to know your people

Under “Your kingdom”, note the numbers of your King and your two Heroes, their talents (“talent/aptitude”) and your capital’s number. On the map, click the neighbouring provinces: terrain, people, recruitable armies.

## 2. Name things (optional)

In the first year only: \`CAPITAL Camelot\`, and under a \`CHAR n\`, \`NAME Perceval\`.

## 3. One Hero explores, another trains

\`\`\`
CHAR 33 (your first Hero)
1 EX
2 EX
3 PR Ex
\`\`\`

Exploring reveals the province’s sites and their treasure; a known site is searched with \`SE <site number> / TA, ME, FL\`.

## 4. The King recruits and invades

\`\`\`
CHAR 1 (your King)
1 RE <type> for 1
2 MO <neighbouring province>
\`\`\`

\`RE\` recruits, in the capital, an army of a type it provides (see the province’s table); \`MO\` takes it into a neighbouring unowned province: a battle against its natives at the end of the phase, then conquest if you win. Pick a **land** province: without a fleet, armies do not go to sea. Keep a few écus for the year-end pay.

## 5. The special plan

\`SPECIAL FL, ME\` under a character: surprised, he flees first. Before a battle, a commander whose special plan has an aggressive tactic and no FL challenges the other to a duel; with FL, he challenges nobody.

## 6. Check and mark “ready”

The list of problems under the sheet must be empty. Mark your orders **ready**; your year’s report tells each season, with the map of what you know.

What next: the [order reference](orders), the [glossary](glossary) and [the year and the order sheet](turn).
`,
  },
  {
    id: 'variants',
    title: 'The worlds: standard, AK Europe, Super AK, AK Terre',
    markdown: `The host chooses the world when creating the game. The rest of the rules is the same; only the map, the number of Kings and a few rules of their own change.

## AK Europe

A continent of the year 1000 drawn by hand (an original map) on the standard grid of 18 × 9 provinces. Twelve countries, each with its capital and a bonus of +${W.europeBonus} in one or two characteristics for its first King and his two Heroes. When you join, rank up to three countries: you get the first one still free. Light Cavalry has Strength 3 and Cost 3; you know the provinces up to distance ${W.europeKnownRadius}.

## Super AK

A random world of **450 provinces (15 × 30)**, numbered 10000 + row × 100 + column (10815: row 8, column 15), up to **${SW.maxPlayers} Kings**, at most ${SW.alignmentCap} per alignment (Divine and Undead included), spread over the map; at most ${SW.armyCap} armies. A lair whose monster died may draw a new one (${Math.round(SW.lairRepopulation * 100)} % a year).

- **Royal Titles**: ${TITLE_COUNT} titles in six groups (alignment, race, terrain, military feats, duels, miscellaneous), worth 1 to 5 victory points each. You will have to find out how they are won. One of your characters appears in the “Imperial Offices” part of your report once he has a title’s minimum and at least half the leader’s points; each title’s leader gains a level in one characteristic while he leads, and its victory points at the end.
- **Votes**: in an election and for the ${K.victory.thresholdPct} % threshold, each victory point of your Offices, Titles and artifacts counts as ${K.titles.ecusPerVp} écus of tax. When the Kings of one alignment together hold more than the threshold, a vote is held the next year.
- Scientific treaties between Kings of different alignments succeed less often (−${K.science.superAlignmentPct} % per level of difference). Every year your report gives the victory points held by your alignment.

## AK Terre

A prehistoric Earth **drawn by hand** (an original map) of 450 provinces (15 × 30): twenty empires from every age, each at its capital, with a bonus of +${W.terreBonus} in one or two characteristics (starting talent ${W.variantTalentCap} at most); some start 2 provinces apart. Each empire starts with ${W.terreDiscoveries} discovery(ies) of its age. Rank up to three empires when you join. Light Cavalry has Strength and Cost 3, with no unfavourable terrain.

- **Islands** (a blue outline on the map): an island is a sea with a second terrain. Battles there are fought as at sea, except for an army whose unfavourable terrain it is; the supreme commander uses Naval. It is reached by sea (a land army must be carried); taking it without a fight costs no movement point. Earthquakes are possible there.
- **Straits** (dashes between two provinces): ships pass, land troops do not unless carried. Part the Oceans cast on either province opens the strait to land troops and closes it to ships until the end of the year.
- **Isthmuses**: a land province that ships cross from one ocean to the other.
`,
  },
];
