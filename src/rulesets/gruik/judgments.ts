/**
 * The judgment items J1–J27 of rules §11.4 (style §10): what the text leaves to the referee, as one
 * table — the French section, what is decided, the program's default, and the GM step: 'none' (the
 * program decides), 'timed' (the default applies after GM_TIMED_REVIEW_HOURS unless the GM acts),
 * 'blocking' (the season waits for the GM, at most GM_BLOCKING_TIMEOUT_HOURS, then `onTimeout`
 * applies and the report says "default applied, no GM ruling"). `when` says what makes the item go
 * to the queue where the table makes it conditional. With GM_PRESENT false every default applies at
 * once (§11.3).
 *
 * Raised for the GM, each by the step that meets it (`raise`, rules/treasury.ts, into `gmQueue`): J1
 * (S3.2), J7 (S4.1), J8 (S6.3), J13 (S7.2), J16 (where a civil war starts: S0.3, after a battle),
 * J17 and J18 (S0.3), J27 (S0.2); by the flow: J4, J9 or J10 for a disputed tabletop report (flow.ts
 * `disputeItem`), J21 for a communiqué when moderation is on (communique.ts), J6 for an army list when
 * the GM checks them (`campaign.listCheck`, list-check.ts). §11.6's timed reviews that are no row here
 * (an ABR battle, a cession's ownership) are gm.ts `REVIEW_ROWS` (reviews.ts). gm.ts turns them into
 * the engine's judgment decisions of GM_SEAT; console.ts is the GM's console. The other rows are
 * the program's to decide: their default applies and nothing is queued.
 */
export type GmStep = 'none' | 'timed' | 'blocking' | 'optional';

export interface JudgmentRow {
  /** French source section. */
  text: string;
  decides: string;
  byDefault: string;
  gm: GmStep;
  /** When the item goes to the GM (a condition of the table), if not always. */
  when?: string;
  /** For blocking items: what applies when the GM has not ruled in time (§11.6). */
  onTimeout?: string;
}

export const JUDGMENTS = {
  J1: { text: '§2.3', decides: 'fate of forces left in a former friend’s territory', byDefault: '§5.11: they stay put; detachments repatriated or destroyed', gm: 'timed' },
  J2: { text: '§3.1.3', decides: 'who is told of which movements', byDefault: 'triggers T1–T3; no sizes revealed', gm: 'none' },
  J3: { text: '§3.1.4', decides: 'interactive detection and interception', byDefault: 'standing naval policy; optional interactive rounds with deadlines', gm: 'none' },
  J4: { text: '§3.1.5', decides: 'battle scheduling, lists, results', byDefault: 'the tabletop workflow with deadlines; ABR as fallback', gm: 'blocking', when: 'a disputed report', onTimeout: 'ABR' },
  J5: { text: '§4.2.3', decides: 'whether a promised volunteer appears', byDefault: 'it appears unless its owner withholds it at scheduling', gm: 'none' },
  J6: { text: '§4.3', decides: 'HOTT list legality', byDefault: 'AP-total check only', gm: 'optional', onTimeout: 'the list is accepted' },
  J7: { text: '§5.6', decides: 'simultaneous-move conflicts ("logic and a die")', byDefault: '§5.5 step algorithm with seeded roll-offs', gm: 'timed', when: 'more than 2 states conflict in one province' },
  J8: { text: '§5.7', decides: 'pairing of battles, helpers', byDefault: '§5.10 algorithm', gm: 'timed', when: '3 or more states involved' },
  J9: { text: '§6.5, §6.6', decides: 'outcome of stopped or unfinished battles', byDefault: 'the text’s own defaults: the attacker withdraws; lowest % of losses wins', gm: 'blocking', when: 'a dispute', onTimeout: 'ABR' },
  J10: { text: '§6.6', decides: 'extrapolated on-table losses', byDefault: 'the players report them', gm: 'blocking', when: 'a dispute', onTimeout: 'ABR' },
  J11: { text: '§7.3', decides: 'order of multi-fleet encounters', byDefault: 'seeded random order of pairs', gm: 'none' },
  J12: { text: '§7.5', decides: 'naval battles', byDefault: 'fully automatic', gm: 'none' },
  J13: { text: '§8.4', decides: 'extra surrender terms', byDefault: 'the garrison goes to a friendly province; extra terms are free text', gm: 'optional', when: 'the GM enforces extras' },
  J14: { text: '§8.4', decides: 'consent to a sortie', byDefault: 'standing order; default refuse', gm: 'none' },
  J15: { text: '§12.3', decides: 'gifts and loans, deals', byDefault: 'automatic transfers; loan terms not enforced', gm: 'none' },
  J16: { text: '§13.2', decides: 'the form of a civil war', byDefault: 'capital revolt (§8.7.3)', gm: 'timed' },
  J17: { text: '§14', decides: 'the exact effect of a catastrophe', byDefault: 'exact 5/10/20 g; civil war; invasion; flavour text from a list', gm: 'timed', when: 'any catastrophe; an invasion is blocking', onTimeout: '§8.10 default' },
  J18: { text: '§16', decides: 'a barbarian invasion’s size, route, success', byDefault: '§8.10 default AI', gm: 'blocking', onTimeout: 'the default AI runs' },
  J19: { text: '§2.2', decides: 'prestige’s influence on neutrals', byDefault: 'nothing automatic; the ranking is published', gm: 'optional', when: 'the GM runs the neutrals' },
  J20: { text: '§17', decides: 'relaying declarations, rumours, treaties', byDefault: 'automatic once all orders are in; rumour author hidden', gm: 'none' },
  J21: { text: '§6.9', decides: 'communiqués', byDefault: 'published verbatim', gm: 'optional', when: 'moderation is on' },
  J22: { text: '§11.1', decides: 'tie for master on automatic vassalage', byDefault: 'the tributary’s order; else the lowest id', gm: 'none' },
  J23: { text: '§13.1', decides: 'richest-province ties for the capital', byDefault: 'the tie-break list (A-53)', gm: 'none' },
  J24: { text: '§6.8', decides: 'the fortress die "thrown in front of the opponent"', byDefault: 'seeded roll and commit–reveal', gm: 'none' },
  J25: { text: '§5.4', decides: 'order of retreat decisions', byDefault: 'the defender’s policy first; the attacker’s sees the result', gm: 'none' },
  J26: { text: '§2.3', decides: 'what counts as directly hostile', byDefault: 'raid, siege, besiege order, attack posture into the province, attack on its forces, fleet interception with battle, blockade of its coast', gm: 'none' },
  J27: { text: 'passim', decides: 'unforeseen situations', byDefault: 'the validator rejects and explains; unresolvable situations are queued', gm: 'blocking', onTimeout: 'the offending order is dropped and the forces involved hold in place' },
} satisfies Record<`J${number}`, JudgmentRow>;

export type JudgmentId = keyof typeof JUDGMENTS;
export const JUDGMENT_IDS = Object.keys(JUDGMENTS) as JudgmentId[];
