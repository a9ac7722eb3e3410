/**
 * The report of a resolved step (flow.ts events), one short Markdown document per player, in
 * French and English side by side (style §4: a table of sentences keyed by event type). What a
 * player may not know stays out: the cards drawn (only how many, and from which deck), the others'
 * purchases in detail and their money with option A.5 (hidden money), the troop types of others
 * under option A.2 (fog of war: battle losses are given as tokens).
 */
import type { Lang, Localized, PlayerId } from '../../engine/ruleset.ts';
import { BOARD } from './board.ts';
import { cardName, RELICS } from './cards.ts';
import type { FiefEvent } from './flow.ts';
import { ELECTION_OUTCOMES } from './rules/elections.ts';
import { SURPRISE_REFUSALS, type SurprisePlay } from './rules/surprise.ts';
import type { FiefState, LordId } from './state.ts';

const T = {
  start: { fr: '{who} s’installe à {village}.', en: '{who} settles in {village}.' },
  married: { fr: 'Mariage : {a} épouse {b}.', en: 'Marriage: {a} weds {b}.' },
  declined: { fr: '{who} propose un mariage ({a} et {b}) : refusé.', en: '{who} proposes a marriage ({a} and {b}): declined.' },
  refusedProposal: { fr: 'La proposition de {who} n’est pas recevable.', en: '{who}’s proposal cannot be made.' },
  elected: { fr: '{title} : {lord} est élu ({votes} voix).', en: '{title}: {lord} is elected ({votes} votes).' },
  notElected: { fr: '{title} : {why}', en: '{title}: {why}' },
  drew: { fr: '{who} défausse {d} carte(s) et pioche {n} carte(s) ({decks}).', en: '{who} discards {d} card(s) and draws {n} card(s) ({decks}).' },
  calamity: { fr: 'Calamité {card} : {result}.', en: 'Calamity {card}: {result}.' },
  plagueLord: { fr: 'Peste : {lord} {fate} (dé {d6}).', en: 'Plague: {lord} {fate} (die {d6}).' },
  plagueArmy: { fr: 'Peste : {who} perd {n} pion(s) à {village}.', en: 'Plague: {who} loses {n} token(s) at {village}.' },
  played: { fr: '{who} joue {cards}.', en: '{who} plays {cards}.' },
  skipped: { fr: 'Étape {step} : pas encore jouée par l’arbitre (voir docs/fief.md).', en: 'Step {step}: not yet played by the referee (see docs/fief.md).' },
  income: { fr: 'Revenus : {list}.', en: 'Income: {list}.' },
  ownIncome: { fr: 'Vos revenus : {n} écus.', en: 'Your income: {n} ecus.' },
  ransomPaid: { fr: 'Rançon : {who} paie {n} écus à {jailer} ; {lord} est libéré.', en: 'Ransom: {who} pays {n} ecus to {jailer}; {lord} is freed.' },
  bought: { fr: '{who} fait {n} achat(s).', en: '{who} makes {n} purchase(s).' },
  ownBought: { fr: 'Vos achats : {n} faits, {spent} écus dépensés, {refused} refusés.', en: 'Your purchases: {n} made, {spent} ecus spent, {refused} refused.' },
  moved: { fr: '{who} : {n} pas, {stopped} arrêt(s).', en: '{who}: {n} step(s), {stopped} stop(s).' },
  battle: { fr: 'Bataille à {village} : {a} contre {d}, {rounds} round(s), {result}.', en: 'Battle at {village}: {a} against {d}, {rounds} round(s), {result}.' },
  captured: { fr: 'Prisonniers : {lords}.', en: 'Taken prisoner: {lords}.' },
  killed: { fr: 'Morts au combat : {lords}.', en: 'Killed in battle: {lords}.' },
  pillage: { fr: '{who} pille {n} moulin(s).', en: '{who} pillages {n} mill(s).' },
  turnEnd: { fr: 'Fin du tour {turn}. {who} devient premier joueur.', en: 'End of turn {turn}. {who} becomes first player.' },
  victory: { fr: 'Fin de la partie. Victoire : {who}.', en: 'Game over. Victory: {who}.' },
  turnCap: { fr: 'Fin de la partie : le nombre de tours fixé par l’hôte est atteint, sans vainqueur.', en: 'Game over: the host’s number of turns is reached, without a winner.' },
  nothing: { fr: 'Rien de nouveau.', en: 'Nothing new.' },
  surprise: { fr: '{who} joue {card} : {what}.', en: '{who} plays {card}: {what}.' },
  surpriseRefused: { fr: 'Votre carte surprise n’a pas pu être jouée : {why}', en: 'Your surprise card could not be played: {why}' },
  revolt: { fr: 'Révolte à {village} ({who}) : {dice} dé(s), {damage} dégât(s){extra}.', en: 'Revolt at {village} ({who}): {dice} die/dice, {damage} damage{extra}.' },
  revoltCalmed: { fr: 'Révolte à {village} ({who}) : calmée.', en: 'Revolt at {village} ({who}): calmed.' },
  relicStays: { fr: '{relic} ({who}) : {card} de l’évêché {b} reste (dé {d6}).', en: '{relic} ({who}): {card} in bishopric {b} stays (die {d6}).' },
  relicMoved: { fr: '{relic} ({who}) : {card} quitte l’évêché {b} pour l’évêché {to} (dé {d6}).', en: '{relic} ({who}): {card} leaves bishopric {b} for bishopric {to} (die {d6}).' },
  relicDiscarded: { fr: '{relic} ({who}) : {card} quitte l’évêché {b} et se dissipe, l’évêché {to} ayant déjà la sienne (dé {d6}).', en: '{relic} ({who}): {card} leaves bishopric {b} and is gone, bishopric {to} having its own already (die {d6}).' },
  relicLifted: { fr: '{relic} ({who}) : {card} de l’évêché {b} est levée (dé {d6}).', en: '{relic} ({who}): {card} in bishopric {b} is lifted (die {d6}).' },
  votesPlaced: { fr: '{who} place ses marqueurs, face cachée, sur {on}.', en: '{who} places markers, face down, on {on}.' },
  hosted: { fr: '{lord}, libéré, est accueilli à {village} par {host}.', en: '{lord}, freed, is hosted at {village} by {host}.' },
  notHosted: { fr: 'Personne n’accueille {lord}, libéré : il reste libre à {village}.', en: 'Nobody hosts {lord}, freed: he stays free at {village}.' },
} satisfies Record<string, Localized>;

const WORDS = {
  attackerWins: { fr: 'l’attaquant l’emporte', en: 'the attacker wins' },
  defenderWins: { fr: 'le défenseur l’emporte', en: 'the defender wins' },
  noWinner: { fr: 'sans vainqueur', en: 'no winner' },
  dies: { fr: 'meurt', en: 'dies' },
  survives: { fr: 'survit', en: 'survives' },
  falseAlarm: { fr: 'fausse alerte', en: 'false alarm' },
  sameKind: { fr: 'déjà en place, défaussée', en: 'already there, discarded' },
  placed: { fr: 'frappe l’évêché {b}', en: 'strikes bishopric {b}' },
  firstTurn: { fr: 'premier tour, défaussée', en: 'first turn, discarded' },
  you: { fr: 'Vous', en: 'You' },
  and: { fr: 'et', en: 'and' },
  character: { fr: 'Personnage', en: 'Character' },
  event: { fr: 'Évènement', en: 'Event' },
  BISHOP: { fr: 'Évêché {b}', en: 'Bishopric {b}' },
  POPE: { fr: 'Pape', en: 'Pope' },
  KING: { fr: 'Roi', en: 'King' },
  darc: { fr: '{lord} devient d’Arc', en: '{lord} becomes d’Arc' },
  cardinal: { fr: '{lord} reçoit le chapeau de cardinal', en: '{lord} receives the cardinal’s hat' },
  assassinate: { fr: 'assassinat de {lord}', en: 'assassination of {lord}' },
  justice: { fr: '{lord} est jugé', en: '{lord} is brought to justice' },
  free: { fr: '{lord} s’évade', en: '{lord} escapes' },
  revoltAt: { fr: 'révolte à {village}', en: 'revolt at {village}' },
  tunnel: { fr: 'un souterrain', en: 'a tunnel' },
  ambush: { fr: 'embuscade contre {lord}', en: 'ambush against {lord}' },
  killed: { fr: ' ; morts : {lords}', en: '; killed: {lords}' },
  burnt: { fr: ' ; {n} moulin(s) brûlé(s)', en: '; {n} mill(s) burnt' },
} satisfies Record<string, Localized>;

const fill = (t: Localized, lang: Lang, args: Record<string, string | number>): string => t[lang].replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? ''));
const list = (xs: string[], lang: Lang): string => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} ${WORDS.and[lang]} ${xs[xs.length - 1]}`);

export function playerName(s: FiefState, p: PlayerId, me: PlayerId | null, lang: Lang): string {
  const name = s.families[p]?.name ?? p;
  return p === me ? `${name} (${WORDS.you[lang].toLowerCase()})` : name; // the verb agrees with the name, not with « vous »
}
export const lordName = (s: FiefState, id: LordId): string => s.lords[id]?.name ?? id.split('#')[0]!;
export const villageName = (v: string): string => BOARD.villages[v]?.name ?? v;

/** What a surprise play does, in one phrase. */
export function playPhrase(s: FiefState, p: SurprisePlay, lang: Lang): string {
  const L = (id: string) => lordName(s, id);
  if ('darc' in p) return fill(WORDS.darc, lang, { lord: L(p.darc) });
  if ('cardinal' in p) return fill(WORDS.cardinal, lang, { lord: L(p.cardinal) });
  if ('assassinate' in p) return fill(WORDS.assassinate, lang, { lord: L(p.assassinate) });
  if ('justice' in p) return fill(WORDS.justice, lang, { lord: L(p.justice) });
  if ('free' in p) return fill(WORDS.free, lang, { lord: list([p.free, ...(p.also ?? [])].map(L), lang) });
  if ('revolt' in p) return fill(WORDS.revoltAt, lang, { village: villageName(p.revolt) });
  if ('ambush' in p) return fill(WORDS.ambush, lang, { lord: L(p.ambush) });
  return WORDS.tunnel[lang];
}

/** One event's sentences for `me`. */
function sentences(s: FiefState, e: FiefEvent, me: PlayerId, lang: Lang): string[] {
  const who = (p: PlayerId) => playerName(s, p, me, lang);
  switch (e.t) {
    case 'start': return [fill(T.start, lang, { who: who(e.player), village: villageName(e.village) })];
    case 'marriages': return e.lines.map((l) => l.result === 'married' ? fill(T.married, lang, { a: lordName(s, l.proposal.lord), b: lordName(s, l.proposal.to) })
      : l.result === 'declined' ? fill(T.declined, lang, { who: who(l.proposer), a: lordName(s, l.proposal.lord), b: lordName(s, l.proposal.to) }) : fill(T.refusedProposal, lang, { who: who(l.proposer) }));
    case 'elections': return e.lines.map((l) => {
      const title = l.election.kind === 'BISHOP' ? fill(WORDS.BISHOP, lang, { b: l.election.bishopric }) : WORDS[l.election.kind][lang];
      if ('elected' in l.outcome) return fill(T.elected, lang, { title, lord: lordName(s, l.outcome.elected), votes: l.tally?.votes[l.outcome.elected] ?? 0 });
      return fill(T.notElected, lang, { title, why: ELECTION_OUTCOMES[l.outcome.notElected][lang] });
    });
    case 'draw': return e.lines.filter((l) => l.discarded.length + l.decks.length > 0).map((l) => fill(T.drew, lang, { who: who(l.player), d: l.discarded.length, n: l.decks.length, decks: l.decks.map((d) => WORDS[d][lang]).join(', ') || '—' }));
    case 'calamities': return [
      ...e.outcomes.map((o) => fill(T.calamity, lang, { card: cardName(o.card)[lang], result: o.result === 'false-alarm' ? WORDS.falseAlarm[lang] : o.result === 'same-kind' ? WORDS.sameKind[lang] : o.result === 'first-turn' ? WORDS.firstTurn[lang] : fill(WORDS.placed, lang, { b: o.bishopric ?? '' }) })),
      ...e.plagues.flatMap((p) => [
        ...p.lordsRolled.map((r) => fill(T.plagueLord, lang, { lord: lordName(s, r.lord), fate: r.dies ? WORDS.dies[lang] : WORDS.survives[lang], d6: r.d6 })),
        ...p.armies.map((a) => fill(T.plagueArmy, lang, { who: who(a.player), n: a.lost.sergeants + a.lost.knights, village: villageName(a.village) })),
      ]),
    ];
    case 'cards': return e.lines.filter((l) => l.played.length).map((l) => fill(T.played, lang, { who: who(l.player), cards: list(l.played.map((c) => cardName(c)[lang]), lang) }));
    case 'skipped': return [fill(T.skipped, lang, { step: e.step })];
    case 'relics': return e.lines.map((l) => fill(l.result === 'stays' ? T.relicStays : l.result === 'moved' ? T.relicMoved : l.result === 'discarded' ? T.relicDiscarded : T.relicLifted, lang, { relic: RELICS[l.relic].name[lang], who: who(l.player), card: cardName(l.card)[lang], b: l.from, to: l.d6, d6: l.d6 }));
    case 'income': {
      if (s.config.options.hiddenMoney) return [fill(T.ownIncome, lang, { n: e.ecus[me] ?? 0 })];
      return [fill(T.income, lang, { list: s.players.map((p) => `${who(p)} ${e.ecus[p] ?? 0}`).join(', ') })];
    }
    case 'ransoms': return e.lines.flatMap((l) => l.paid.map((x) => fill(T.ransomPaid, lang, { who: who(l.owner), n: x.amount, jailer: who(x.jailer), lord: lordName(s, x.lord) })));
    case 'purchases': return e.lines.map((l) => l.player === me ? fill(T.ownBought, lang, { n: l.bought.length, spent: l.spent, refused: l.refused.length }) : l.bought.length ? fill(T.bought, lang, { who: who(l.player), n: l.bought.length }) : '').filter(Boolean);
    case 'movement': return e.lines.filter((l) => l.moved + l.stopped > 0).map((l) => fill(T.moved, lang, { who: who(l.player), n: l.moved, stopped: l.stopped }));
    case 'combat': return e.battles.flatMap((b) => [
      fill(T.battle, lang, { village: villageName(b.village), a: who(b.attacker), d: who(b.defender), rounds: b.rounds, result: b.winner === 'attacker' ? WORDS.attackerWins[lang] : b.winner === 'defender' ? WORDS.defenderWins[lang] : WORDS.noWinner[lang] }),
      ...(b.captured.length ? [fill(T.captured, lang, { lords: list(b.captured.map((id) => lordName(s, id)), lang) })] : []),
      ...(b.killed.length ? [fill(T.killed, lang, { lords: list(b.killed.map((id) => lordName(s, id)), lang) })] : []),
      // The battle's holds: a card played is shown to all, a refusal to its player alone (§11.3 point 1).
      ...(b.surprises ?? []).flatMap((x) => x.refused === null ? [fill(T.surprise, lang, { who: who(x.player), card: cardName(x.play.card)[lang], what: playPhrase(s, x.play, lang) })]
        : x.player === me ? [fill(T.surpriseRefused, lang, { why: (SURPRISE_REFUSALS as Record<string, Localized>)[x.refused]?.[lang] ?? x.refused })] : []),
    ]);
    case 'pillage': return Object.entries(e.mills).map(([p, n]) => fill(T.pillage, lang, { who: who(p), n }));
    case 'turn-end': return [fill(T.turnEnd, lang, { turn: e.turn, who: who(e.firstPlayer) })];
    case 'victory': return [e.kind === 'turn-cap' ? T.turnCap[lang] : fill(T.victory, lang, { who: list(e.winners.map(who), lang) })];
    case 'surprise': return [fill(T.surprise, lang, { who: who(e.player), card: cardName(e.play.card)[lang], what: playPhrase(s, e.play, lang) })];
    case 'surprise-refused': return e.player === me ? [fill(T.surpriseRefused, lang, { why: SURPRISE_REFUSALS[e.reason][lang] })] : []; // §11.3 point 1: to him alone
    case 'revolt': {
      const o = e.outcome;
      if (o.dice.length === 0) return [fill(T.revoltCalmed, lang, { village: villageName(e.village), who: list(e.players.map(who), lang) })];
      const extra = (o.lordsKilled.length ? fill(WORDS.killed, lang, { lords: list(o.lordsKilled.map((id) => lordName(s, id)), lang) }) : '') + (o.destroyed.mills ? fill(WORDS.burnt, lang, { n: o.destroyed.mills }) : '');
      return [fill(T.revolt, lang, { village: villageName(e.village), who: list(e.players.map(who), lang), dice: o.dice.length, damage: o.damage, extra })];
    }
    case 'votes-placed': return [fill(T.votesPlaced, lang, { who: who(e.player), on: list(e.on.map((id) => lordName(s, id)), lang) })];
    case 'placed': return [e.village ? fill(T.hosted, lang, { lord: lordName(s, e.lord), village: villageName(e.village), host: who(e.host ?? e.owner) }) : fill(T.notHosted, lang, { lord: lordName(s, e.lord), village: villageName(e.at) })];
  }
}

/** The report of one resolved step for `me`: a short Markdown list (or one line when nothing happened). */
export function renderReport(s: FiefState, events: readonly FiefEvent[], me: PlayerId, lang: Lang): string {
  const lines = events.flatMap((e) => sentences(s, e, me, lang));
  return lines.length ? lines.map((l) => `- ${l}`).join('\n') : T.nothing[lang];
}
