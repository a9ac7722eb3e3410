/**
 * Fief's rules for players, in English: our own wording, written from the rules file (rules §1–§8,
 * §11), page for page with pages-fr.ts (same ids). Numbers come from the constants table.
 */
import type { HelpPage } from '../../../engine/ruleset.ts';

export const PAGES_EN: HelpPage[] = [
  {
    id: 'overview', title: 'Fief at a glance',
    markdown: `Each player leads a noble family on the board of the online edition: 8 fiefs, 24 villages, 5 bishoprics. You score **victory points** (VP) by gathering titles: each fief title is worth {vpFief} VP, the crown {vpKing}, the papal tiara {vpPope}.

- **Solo victory**: {soloVp} VP at the end of a turn. With {allianceMinPlayers} players or more, a married player cannot win alone.
- **Alliance victory**: two players joined by a marriage total {allianceVp} VP together.
- A solo victory beats an alliance; ties are broken by the crown, the tiara, a queen regent, then the number of fief titles, of bishoprics, of villages. If nothing parts them, they share the victory.

Victory is checked only at the end of a turn (phase 7). Nobody is eliminated: a family without lords gets new ones from the cards.

Here the game is played as **questions**: whenever the rules wait for a player, the site asks him, with a deadline and a default answer. See "Playing online".`,
  },
  {
    id: 'first-turn', title: 'Your first turn',
    markdown: `1. **Setup.** In turn, each player picks a starting village; you get a lord there, {startSergeants} sergeants, {startKnights} knight(s), a castle and {startEcus} ecus.
2. **Hear ye (phase 1).** Propose a marriage if another player has a lord to wed: it is the only way to ally. Bishop elections happen only in a bishopric whose villages are all held.
3. **Cards (phase 2).** Discard and draw up to {maxDraw} cards; a Lord card played adds a lord to your family (at most {maxLords}). Keep your ⚡ cards for the right moment.
4. **Income (phase 3)** then **purchases (phase 4)**: a sergeant costs {priceSergeant} ecu, a knight {priceKnight}, a mill {priceMill}, a castle {priceCastle}. A fief title costs {titlePerVillage} ecus per village of the fief, once you hold all its villages and a castle (the king may waive it).
5. **Movement (phase 5).** A lord takes {lordSteps} steps and leads troops. Passing through another player's village needs his leave.
6. **Combat (phase 6).** Declare battles where your troops stand with another player's; besiege castles.
7. **End of turn (phase 7).** Victory is checked, the first player moves to the left.

Tip: on the first turn, buy a few sergeants, head for a free village of your fief and propose a marriage. Free actions (gifts, trades) are open at any time.`,
  },
  {
    id: 'turn', title: 'The turn',
    markdown: `A turn has seven phases, always in this order; in each, players act in turn order from the first player unless said otherwise.

| Phase | What happens |
|---|---|
| 1. Hear ye! | marriages (1.A), bishop elections (1.B), pope (1.C), king (1.D) |
| 2. Cards | discard and draw (2.A), calamities (2.B), cards played (2.C), relics (2.D, option) |
| 3. Income | villages, mills, tithes, taille; markers back |
| 4. Purchases | ransoms first (4.A), then troops, mills, castles, titles (4.B) |
| 5. Movement | each player in turn; passage, raids |
| 6. Combat | each player's battles and sieges (6.A, 6.B), then pillage (6.C) |
| 7. End of turn | the turn's effects end, victory, next first player |

A step waits for the answers of the players concerned; as soon as they are all in (or at the deadline) it resolves and the next one begins.`,
  },
  {
    id: 'marriages', title: 'Marriages, titles and elections',
    markdown: `**Marriage.** In phase 1 each player may propose to wed one of his unmarried ladies to an unmarried man of another player (or the other way round); a churchman does not marry, nor does the lady d'Arc. A player has one marriage at a time. The marriage makes the alliance: a shared victory, and the spouse inherits fief titles. It ends only with a spouse's death or the pope's **annulment**, asked by either spouse's player.

**Titles.** A lord carries at most {maxFiefTitles} fief titles. Bishop, cardinal and pope are church titles; king, queen and crown prince royal ones.

**Elections.** Every election walks the same way: candidates declared in turn order, then For and Blank markers placed face down, then the reveal. A player gives all his votes to the candidate carrying his For marker. Votes in a bishopric: {votesSeat} for the seat, {votesVillage} for each other village held, {votesBishop} for a bishop, {votesCardinal} for a cardinal or the pope. The cardinals elect the pope by absolute majority; the king is elected by relative majority, with at least {kingMinVotes} votes.

**The pope** excommunicates a lord ({excommunications} time(s) a turn, one at a time): the lord loses his church titles and no longer votes. He may lift it at any time, and annul a marriage at a spouse's request.`,
  },
  {
    id: 'cards', title: 'Cards, calamities and relics',
    markdown: `There are two decks: **Characters** (lords, cardinals, d'Arc) and **Events** (harvests, fair weather, taxes, ⚡ cards, with the calamities mixed in). A hand never holds more than {handLimit} cards.

- **♦ phase cards**: played at step 2.C (Lord, Good Harvest, Fair Weather, Tax).
- **⚡ surprise cards**: Revolt, Tunnel, Assassination, Justice, Ambush, Cardinal, d'Arc; played when they matter, never during the draw.
- **Calamities**: when drawn they go face down on the track; at 2.B each strikes the bishopric a die names (bad weather, famine, plague).

**Relics (option).** Five relics lie at the bishoprics' seats. The local bishop, a cardinal or the pope recovers them; a carrier may give or sell one to a lord in the same village. A relic works only while carried.`,
  },
  {
    id: 'war', title: 'Movement, combat, prisoners',
    markdown: `**Movement.** A free lord takes up to {lordSteps} steps, with the troops he leads. Passing through a village held by another player needs his leave (a standing answer may give it). A **raid** rides through without stopping, at the risk of a fight.

**Combat.** A battle is fought in rounds: each side rolls 1 to 3 dice from its combat points (sergeant {cpSergeant}, knight {cpKnight}), less a castle's or a city's penalty. Each side's leader chooses its losses. The winner may capture the other side's lords.

**Prisoners.** A prisoner stays with his jailer while the jailer's pieces surround him. He goes free by ransom (step 4.A: compulsory when one can pay), by the jailer's will, by a Tunnel, or when his jailer leaves. His ransom is {ransomBase} ecus plus {ransomPerTitle} per title.

**Sieges.** Before a castle or a city, one lays a siege engine: the besieged village yields nothing, and the engine cancels the walls' penalty at the next assault.`,
  },
  {
    id: 'diplomacy', title: 'Free actions and diplomacy',
    markdown: `At any time (but the setup), under "Free actions" on the game page:

- **Give**: ecus, a card, a village (to a player present in it), a prisoner (to his owner: he is released; to another player with troops there: handed over), a relic (to a lord of the other player in the same village).
- **Offer a trade**: what you give for what you ask. Cards are asked by kind ("a Tax card"), never by looking at someone's hand. The other player accepts or declines; all of it happens at once or nothing: if either no longer has what was promised, nothing moves. An unanswered offer lapses after {offerPhases} phase(s); you may have at most {openOffers} open offers.
- **Release a prisoner**, **pick up** or **hand over a relic**.
- **The pope**: excommunicate, lift the excommunication, answer annulment requests. A player asks at most {annulmentRequests} times a phase for the same marriage to be annulled.

**Embassy mode** (option): without free diplomacy, exchanging or giving cards costs the initiator one Embassy token; each family has {embassy}, never replenished. Money is always exchanged freely.

The referee does not enforce promises: only what a trade contains is carried out.`,
  },
  {
    id: 'online', title: 'Playing online: questions, deadlines, standing answers',
    markdown: `Each decision of the rules is a **question** to the player concerned, with a **deadline class**:

| Class | Use |
|---|---|
| TURN | your own slot (draw, purchases, movement, battles) |
| REPLY | answering others: passage, marriage, ransom, a battle's sides |
| BATTLE | a round's losses, what a battle does next |
| HOLD | hold points for surprise cards |

Each class's length depends on the pace the host chose (live, daily, weekly). At the deadline, the rules' default applies (refuse, do nothing, sergeants first…). While others are asked in the middle of your slot, your own clock is paused.

**Writing your orders**: a question of several orders (movement, purchases, battles, sieges…) is filled in as a sheet, one order a line, by the guided form, the map or the keyboard: \`move HÉLOÏSE BOURG 2 1\`. Lords are named by their names, villages by theirs (\`ST_FIRMIN\`, or \`st-firmin\`), in capitals or not, with or without accents.

**Standing answers**: always let pass or always refuse passage, decline every marriage proposal, losses "sergeants first". They never read what you may not know.

**What you see**: your hand, how many cards the others hold, the pieces on the board (with fog of war, only the number of the others' tokens), everyone's money (unless hidden money is on).`,
  },
  {
    id: 'options', title: 'Host options',
    markdown: `- **Relics** (A.1): five relics at the bishoprics' seats.
- **Fog of war** (A.2): others' troops are seen as tokens, without their type.
- **Free diplomacy** (A.3, the default): no Embassy tokens; without it, embassy mode applies to card exchanges.
- **First turn without calamities** (A.4).
- **Hidden money** (A.5): only your own treasury is known to you.
- **Number of turns**: the game stops after that turn, without a winner if nobody has won.

Every number of the rules is a constant the host may change, between a minimum and a maximum.`,
  },
];
