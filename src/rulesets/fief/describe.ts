/**
 * A player's stored answer told back to him in words (engine `describeAnswer`, issue 21): the
 * prompt page says « Votre réponse : Mariage proposé : Hugues épouse Blanche » instead of the
 * answer's text (`propose L3 L7`, answers.ts `answerText`). One case per question of the flow
 * (rules §11.4, flow.ts FLOW_KINDS), in the reports' vocabulary (report.ts): lords, villages,
 * families and cards by name, surprise plays by report.ts's own phrases.
 *
 * Fog (style §5): built from the answer itself (his own cards, his own lords, the options he was
 * offered) and public pieces (lords' names, the board); nothing of another family's hand.
 */
import type { Lang, Localized, PlayerId } from '../../engine/ruleset.ts';
import { BOARD } from './board.ts';
import { cardName } from './cards.ts';
import type { Ask, FiefGame } from './flow.ts';
import { AS_CARDINAL } from './holds.ts';
import { lordName, playPhrase, villageName } from './report.ts';
import type { SurprisePlay } from './rules/surprise.ts';
import type { FiefState } from './state.ts';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const strs = (x: unknown): string[] => (Array.isArray(x) ? x.filter((v): v is string => typeof v === 'string') : []);

/** The words of this file, both languages side by side (style §4). */
const W = {
  yes: { fr: 'Oui', en: 'Yes' },
  no: { fr: 'Non', en: 'No' },
  none: { fr: 'rien', en: 'nothing' },
  default: { fr: 'par défaut (ce que la règle prévoit sans réponse)', en: 'the default (what the rules give without an answer)' },
  start: { fr: 'S’installer à {village}', en: 'Settle in {village}' },
  propose: { fr: 'Mariage proposé : {a} et {b}', en: 'Marriage proposed: {a} and {b}' },
  noProposal: { fr: 'Pas de proposition', en: 'No proposal' },
  candidate: { fr: 'Candidat : {lord}', en: 'Candidate: {lord}' },
  noCandidate: { fr: 'Pas de candidat', en: 'No candidate' },
  voteFor: { fr: 'voix pour {lord}', en: 'vote for {lord}' },
  blank: { fr: 'marqueur blanc sur {lord}', en: 'blank marker on {lord}' },
  abstain: { fr: 'Abstention', en: 'Abstain' },
  discard: { fr: 'défausser {cards}', en: 'discard {cards}' },
  draw: { fr: 'piocher {decks}', en: 'draw {decks}' },
  stop: { fr: 'Ne plus piocher', en: 'Stop drawing' },
  character: { fr: 'Personnage', en: 'Character' },
  event: { fr: 'Évènement', en: 'Event' },
  lose: { fr: '{village} : {s} sergent(s), {k} chevalier(s)', en: '{village}: {s} sergeant(s), {k} knight(s)' },
  loseN: { fr: 'Perdre {s} sergent(s), {k} chevalier(s)', en: 'Lose {s} sergeant(s), {k} knight(s)' },
  kill: { fr: 'Seigneurs tués : {lords}', en: 'Lords killed: {lords}' },
  play: { fr: 'Jouer {card}', en: 'Play {card}' },
  at: { fr: '{card} à {village}', en: '{card} at {village}' },
  offer: { fr: 'Rançon offerte : {n} écus pour {lords}', en: 'Ransom offered: {n} ecus for {lords}' },
  noOffer: { fr: 'Pas d’offre', en: 'No offer' },
  troops: { fr: '{s} sergent(s) et {k} chevalier(s) à {village}', en: '{s} sergeant(s) and {k} knight(s) at {village}' },
  mill: { fr: 'un moulin à {village}', en: 'a mill at {village}' },
  castle: { fr: 'un château à {village}', en: 'a castle at {village}' },
  title: { fr: 'le titre de {fief} pour {lord}', en: 'the title of {fief} for {lord}' },
  cardinal: { fr: 'le chapeau de cardinal pour {lord}', en: 'a cardinal’s hat for {lord}' },
  'siege-engine': { fr: 'un engin de siège', en: 'a siege engine' },
  city: { fr: 'une cité', en: 'a city' },
  bishop: { fr: 'un évêque', en: 'a bishop' },
  pope: { fr: 'le pape', en: 'the pope' },
  king: { fr: 'le roi', en: 'the king' },
  buy: { fr: 'Acheter : {items}', en: 'Buy: {items}' },
  move: { fr: '{lord} → {village} ({s} sergent(s), {k} chevalier(s))', en: '{lord} → {village} ({s} sergeant(s), {k} knight(s))' },
  with: { fr: 'avec {lords}', en: 'with {lords}' },
  raid: { fr: 'chevauchée', en: 'raid' },
  tunnel: { fr: 'souterrain', en: 'tunnel' },
  reinforce: { fr: 'renfort', en: 'reinforcement' },
  noMove: { fr: 'Aucun mouvement', en: 'No move' },
  battle: { fr: 'Bataille à {village} contre {who}', en: 'Battle at {village} against {who}' },
  noBattle: { fr: 'Aucune bataille', en: 'No battle' },
  siege: { fr: 'Assiéger {village}', en: 'Besiege {village}' },
  lift: { fr: 'Lever le siège de {village}', en: 'Lift the siege of {village}' },
  noSiege: { fr: 'Aucun nouveau siège', en: 'No new siege' },
  pillage: { fr: 'Piller {n} moulin(s) à {village}', en: 'Pillage {n} mill(s) at {village}' },
  noPillage: { fr: 'Aucun pillage', en: 'No pillage' },
  allow: { fr: 'Autoriser', en: 'Allow' },
  refuse: { fr: 'Refuser', en: 'Refuse' },
  back: { fr: 'Revenir en arrière', en: 'Go back' },
  fight: { fr: 'Combattre', en: 'Fight' },
  pass: { fr: 'Passer', en: 'Pass' },
  stay: { fr: 'Rester', en: 'Stay' },
  leave: { fr: 'Quitter la bataille', en: 'Leave the battle' },
  switch: { fr: 'Changer de camp', en: 'Switch sides' },
  continue: { fr: 'Continuer', en: 'Continue' },
  surrender: { fr: 'Se rendre', en: 'Surrender' },
  stopBattle: { fr: 'Arrêter', en: 'Stop' },
  accept: { fr: 'Accepter dans votre camp : {who}', en: 'Accept on your side: {who}' },
  acceptNone: { fr: 'N’accepter personne', en: 'Accept nobody' },
  joinAttacker: { fr: 'Rejoindre l’attaquant', en: 'Join the attacker' },
  joinDefender: { fr: 'Rejoindre le défenseur', en: 'Join the defender' },
  stayOut: { fr: 'Rester en dehors', en: 'Stay out' },
  bishopric: { fr: 'évêché {n}', en: 'bishopric {n}' },
  captureAll: { fr: 'Capturer tous les seigneurs', en: 'Capture every lord' },
  spare: { fr: 'Épargner : {lords}', en: 'Spare: {lords}' },
  calm: { fr: 'Tenter de calmer la révolte : {lords}', en: 'Try to calm the revolt: {lords}' },
  asCardinal: { fr: '{lord} (comme cardinal)', en: '{lord} (as cardinal)' },
  noCalm: { fr: 'Aucune tentative', en: 'No attempt' },
  order: { fr: 'Ordre : {who}', en: 'Order: {who}' },
  heir: { fr: 'Héritier : {lord}', en: 'Heir: {lord}' },
} satisfies Record<string, Localized>;

function say(lang: Lang, key: keyof typeof W, vars: Record<string, string | number> = {}): string {
  return W[key][lang].replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(vars, k) ? String(vars[k]) : m));
}
const list = (xs: string[]): string => xs.join(', ');
const safe = (f: () => string, fallback: string): string => { try { return f(); } catch { return fallback; } };
const familyName = (s: FiefState, p: PlayerId): string => s.families[p]?.name ?? p;
const fiefName = (id: string): string => BOARD.fiefs[id]?.name ?? id;
const card = (id: string, lang: Lang): string => safe(() => cardName(id)[lang], id);
const num = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) ? x : 0);

function purchase(s: FiefState, p: Obj, lang: Lang): string {
  switch (p.item) {
    case 'troops': return say(lang, 'troops', { s: num(p.sergeants), k: num(p.knights), village: villageName(String(p.village)) });
    case 'mill': case 'castle': return say(lang, p.item, { village: villageName(String(p.village)) });
    case 'fief-title': return say(lang, 'title', { fief: fiefName(String(p.fief)), lord: lordName(s, String(p.lord)) }) + (typeof p.city === 'string' ? ` (${villageName(p.city)})` : '');
    case 'cardinal': return say(lang, 'cardinal', { lord: lordName(s, String(p.bishop)) });
    case 'siege-engine': case 'city': case 'bishop': case 'pope': case 'king': return say(lang, p.item);
    default: return String(p.item);
  }
}

/** One step of a movement sheet in words (also the tooltip of its arrow on the map, map-orders.ts `fiefMapTrails`). */
export function describeMove(s: FiefState, m: Obj, lang: Lang): string {
  const extra = [
    ...(m.raid ? [say(lang, 'raid')] : []), ...(m.tunnel ? [say(lang, 'tunnel')] : []), ...(m.reinforce ? [say(lang, 'reinforce')] : []),
    ...(strs(m.companions).length ? [say(lang, 'with', { lords: list(strs(m.companions).map((x) => lordName(s, x))) })] : []),
  ];
  return say(lang, 'move', { lord: lordName(s, String(m.lead)), village: villageName(String(m.to)), s: num(m.sergeants), k: num(m.knights) }) + (extra.length ? `, ${extra.join(', ')}` : '');
}

function cardPlay(p: Obj, lang: Lang): string {
  const name = card(String(p.card), lang);
  if (typeof p.village === 'string') return say(lang, 'at', { card: name, village: villageName(p.village) });
  if (typeof p.taille === 'string') return `${name} (${fiefName(p.taille)})`;
  if (p.bishopric !== undefined) return `${name} (${say(lang, 'bishopric', { n: String(p.bishopric) })})`;
  if (p.tithe !== undefined) return `${name} (${say(lang, 'bishopric', { n: String(p.tithe) })})`;
  return name;
}

/** The words for player `p`'s answer `value` to the open question `ask`; null when the value is not one this question takes. */
export function describeFiefAnswer(g: FiefGame, ask: Ask, p: PlayerId, value: unknown, lang: Lang): string | null {
  const words = describe(g, ask, p, value, lang);
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}

function describe(g: FiefGame, ask: Ask, _p: PlayerId, value: unknown, lang: Lang): string | null {
  const s = g.fief;
  const v = value;
  if (typeof v === 'boolean') return say(lang, v ? 'yes' : 'no');
  switch (ask.kind) {
    case 'start-village': return typeof v === 'string' ? say(lang, 'start', { village: villageName(v) }) : null;
    case 'propose-marriage':
      return v === 'none' ? say(lang, 'noProposal') : isObj(v) ? say(lang, 'propose', { a: lordName(s, String(v.lord)), b: lordName(s, String(v.to)) }) : null;
    case 'declare-candidate':
      return v === 'none' ? say(lang, 'noCandidate') : typeof v === 'string' ? say(lang, 'candidate', { lord: lordName(s, v) }) : null;
    case 'place-votes': {
      if (!isObj(v)) return null;
      const parts = [...(typeof v.for === 'string' ? [say(lang, 'voteFor', { lord: lordName(s, v.for) })] : []), ...(typeof v.blank === 'string' ? [say(lang, 'blank', { lord: lordName(s, v.blank) })] : [])];
      return parts.length ? parts.join(', ') : say(lang, 'abstain');
    }
    case 'discard-draw': {
      if (!isObj(v)) return null;
      const parts = [
        ...(strs(v.discard).length ? [say(lang, 'discard', { cards: list(strs(v.discard).map((c) => card(c, lang))) })] : []),
        ...(Array.isArray(v.surprises) ? v.surprises.filter(isObj).map((x) => safe(() => playPhrase(s, x as unknown as SurprisePlay, lang), '')) .filter(Boolean) : []),
        ...(strs(v.draws).length ? [say(lang, 'draw', { decks: list(strs(v.draws).map((d) => (d === 'character' || d === 'event' ? say(lang, d) : d))) })] : []),
      ];
      return parts.length ? parts.join(' ; ') : say(lang, 'stop');
    }
    case 'plague-losses': case 'revolt-losses': case 'loss-allocation': {
      if (!isObj(v)) return null;
      if (strs(v.killed).length) return say(lang, 'kill', { lords: list(strs(v.killed).map((x) => lordName(s, x))) });
      if (v.sergeants !== undefined || v.knights !== undefined) return say(lang, 'loseN', { s: num(v.sergeants), k: num(v.knights) });
      const rows = Object.entries(v).filter(([, x]) => isObj(x)).map(([vil, x]) => say(lang, 'lose', { village: villageName(vil), s: num((x as Obj).sergeants), k: num((x as Obj).knights) }));
      return rows.length ? list(rows) : say(lang, 'default');
    }
    case 'play-cards':
      return Array.isArray(v) ? (v.length ? say(lang, 'play', { card: list(v.filter(isObj).map((x) => cardPlay(x, lang))) }) : say(lang, 'none')) : null;
    case 'ransom-offer':
      return v === 'none' ? say(lang, 'noOffer') : isObj(v) ? say(lang, 'offer', { n: num(v.amount), lords: list(strs(v.prisoners).map((x) => lordName(s, x))) }) : null;
    case 'purchases':
      return Array.isArray(v) ? (v.length ? say(lang, 'buy', { items: list(v.filter(isObj).map((x) => purchase(s, x, lang))) }) : say(lang, 'none')) : null;
    case 'movement':
      return Array.isArray(v) ? (v.length ? v.filter(isObj).map((m) => describeMove(s, m, lang)).join(' ; ') : say(lang, 'noMove')) : null;
    case 'declare-battles':
      return Array.isArray(v) ? (v.length ? v.filter(isObj).map((b) => say(lang, 'battle', { village: villageName(String(b.village)), who: familyName(s, String(b.defender)) })).join(' ; ') : say(lang, 'noBattle')) : null;
    case 'sieges': {
      if (!isObj(v)) return null;
      const parts = [...strs(v.declare).map((x) => say(lang, 'siege', { village: villageName(x) })), ...strs(v.end).map((x) => say(lang, 'lift', { village: villageName(x) }))];
      return parts.length ? parts.join(' ; ') : say(lang, 'noSiege');
    }
    case 'pillage': {
      if (!isObj(v)) return null;
      const parts = Object.entries(v).map(([vil, n]) => say(lang, 'pillage', { n: num(n), village: villageName(vil) }));
      return parts.length ? parts.join(' ; ') : say(lang, 'noPillage');
    }
    case 'pass-consent': return v === 'allow' || v === 'refuse' ? say(lang, v) : null;
    case 'after-refusal': return v === 'back' ? say(lang, 'back') : v === 'stop' ? say(lang, 'stopBattle') : null;
    case 'raid-fight': return v === 'fight' || v === 'pass' ? say(lang, v) : null;
    case 'switch-or-leave': return v === 'stay' || v === 'leave' || v === 'switch' ? say(lang, v) : null;
    case 'end-of-round': return v === 'continue' || v === 'surrender' ? say(lang, v) : v === 'stop' ? say(lang, 'stopBattle') : null;
    case 'join-side':
      if (Array.isArray(v)) return v.length ? say(lang, 'accept', { who: list(strs(v).map((x) => familyName(s, x))) }) : say(lang, 'acceptNone');
      return v === 'attacker' || v === 'defender' ? say(lang, v === 'attacker' ? 'joinAttacker' : 'joinDefender') : v === 'none' ? say(lang, 'stayOut') : null;
    case 'capture':
      return Array.isArray(v) ? (v.length ? say(lang, 'spare', { lords: list(strs(v).map((x) => lordName(s, x))) }) : say(lang, 'captureAll')) : null;
    case 'hold':
      return v === 'pass' ? say(lang, 'pass') : isObj(v) ? `${say(lang, 'play', { card: card(String(v.card), lang) })} : ${safe(() => playPhrase(s, v as unknown as SurprisePlay, lang), '')}` : null;
    case 'calming': {
      if (!Array.isArray(v)) return null;
      return v.length ? say(lang, 'calm', { lords: list(strs(v).map((x) => (x.startsWith(AS_CARDINAL) ? say(lang, 'asCardinal', { lord: lordName(s, x.slice(AS_CARDINAL.length)) }) : lordName(s, x)))) }) : say(lang, 'noCalm');
    }
    case 'revolt-target':
      return Array.isArray(v) ? (v.length ? say(lang, 'order', { who: list(strs(v).map((x) => familyName(s, x))) }) : say(lang, 'default')) : null;
    case 'fief-heir':
      return v === 'default' ? say(lang, 'default') : typeof v === 'string' ? say(lang, 'heir', { lord: lordName(s, v) }) : null;
    default: return null;
  }
}
