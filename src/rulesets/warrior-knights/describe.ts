/**
 * A baron's stored answer told back to him in words (engine `describeAnswer`, issue 21): the prompt
 * page says « Votre réponse : Levée → pile 1, Manœuvres → pile 3 ; gardées : … » instead of the
 * guided form's line (`piles 0 1 2 3`) or the answer's JSON. One case per question of §9.2 (#1–#41),
 * in the vocabulary of the reports (events.ts) and the forms (forms.ts): barons, nobles, cities and
 * cards by their names, regions by their map reference as the reports give them.
 *
 * Fog (§9.4, style §5): a description is built from the answer itself (what the baron chose, so
 * what he knows: his hand, his own side's Fate draw, his own nobles) and from public pieces (the
 * board, the proposals, the track). It never reads `secret` nor another baron's hidden answer; a
 * test scrambles those and checks the words do not change.
 */
import type { Lang, Localized } from '../../engine/ruleset.ts';
import { baronData, baronName as seatNames, noble, REGULARS, type BaronId } from './barons.ts';
import { city, isRegion, region } from './board.ts';
import { DESTINATION_NAMES, fate, MERCENARY_TRACK, mercenary, NATION_NAMES, ZONE_NAMES, type Destination, type Zone } from './cards.ts';
import { BATTLE_VALUE, cardName } from './events.ts';
import { DEFAULT } from './answers.ts';
import type { Ask, WkGame } from './flow.ts';
import { isProposalCard, proposalCard } from './proposal-cards.ts';
import { HOUSE_LAW_NOTE, houseLaw, houseLawLabel, normalizeLawText, quoted } from './house-laws.ts';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const strs = (x: unknown): string[] => (Array.isArray(x) ? x.filter((v): v is string => typeof v === 'string') : []);
const L = (lang: Lang, l: Localized): string => l[lang];

/** The words of this file, both languages side by side (style §4). */
const W = {
  default: { fr: 'par défaut (ce que la règle prévoit sans réponse)', en: 'the default (what the rules give without an answer)' },
  none: { fr: 'rien', en: 'nothing' },
  pile: { fr: 'pile {n}', en: 'pile {n}' },
  kept: { fr: 'gardée(s) en main : {cards}', en: 'kept in hand: {cards}' },
  noCard: { fr: 'aucune carte posée', en: 'no card placed' },
  decline: { fr: 'Décliner', en: 'Decline' },
  use: { fr: 'Utiliser', en: 'Use' },
  zone: { fr: 'défaussée en {zone}', en: 'discarded to {zone}' },
  crowns: { fr: '+ couronnes', en: '+ crowns' },
  vote: { fr: '+ voix', en: '+ vote' },
  shield: { fr: 'écusson payé sur la case {space}', en: 'paid shield on space {space}' },
  blank: { fr: '{n} (vierge)', en: '{n} (blank)' },
  attack: { fr: '{kind} contre {target} en {region}', en: '{kind} against {target} in {region}' },
  neutral: { fr: 'la cité neutre', en: 'the neutral city' },
  battle: { fr: 'bataille', en: 'battle' },
  assault: { fr: 'assaut', en: 'assault' },
  siege: { fr: 'siège', en: 'siege' },
  allow: { fr: 'Accorder', en: 'Allow' },
  deny: { fr: 'Refuser', en: 'Deny' },
  yes: { fr: 'Oui', en: 'Yes' },
  no: { fr: 'Non', en: 'No' },
  commander: { fr: 'Commandant : {noble}', en: 'Commander: {noble}' },
  discard: { fr: 'Défausser : {cards}', en: 'Discard: {cards}' },
  ability: { fr: 'Talent du commandant : {yn}', en: 'Commander’s ability: {yn}' },
  works: { fr: 'brèches', en: 'breaches' },
  garrison: { fr: 'garnison', en: 'garrison' },
  retreat: { fr: '{noble} se replie en {region}', en: '{noble} retreats to {region}' },
  deserter: { fr: '{noble} : déserteur {troop}', en: '{noble}: deserter {troop}' },
  lose: { fr: '{noble} perd {troops}', en: '{noble} loses {troops}' },
  control: { fr: 'La contrôler', en: 'Control it' },
  raze: { fr: 'La raser', en: 'Raze it' },
  ransom: { fr: 'Céder {city}', en: 'Give up {city}' },
  drawer: { fr: '{baron} tire l’Événement', en: '{baron} draws the Event' },
  city: { fr: 'Cité : {city}', en: 'City: {city}' },
  payCancel: { fr: 'Payer et annuler', en: 'Pay and cancel' },
  noPay: { fr: 'Ne pas payer', en: 'Don’t pay' },
  faith: { fr: '{n} point(s) de Foi', en: '{n} Faith' },
  votes: { fr: '{n} voix', en: '{n} vote(s)' },
  repair: { fr: 'Réparer {n} brèche(s) à {city}', en: 'Repair {n} breach(es) at {city}' },
  fortify: { fr: 'Fortifier {city}', en: 'Fortify {city}' },
  repairHold: { fr: 'Réparer {n} brèche(s) à votre forteresse', en: 'Repair {n} breach(es) at your stronghold' },
  heal: { fr: 'Retirer {n} perte(s) de l’armée de {noble}', en: 'Remove {n} casualty token(s) from {noble}’s army' },
  noLaunch: { fr: 'Pas d’expédition', en: 'No expedition' },
  launch: { fr: 'Expédition vers {to}', en: 'Expedition to {to}' },
  stake: { fr: 'Investir {n} couronne(s)', en: 'Invest {n} crown(s)' },
  noStake: { fr: 'Ne pas investir', en: 'No investment' },
  bless: { fr: 'bénir l’expédition', en: 'bless the expedition' },
  pay: { fr: 'Payer : {troops}', en: 'Pay: {troops}' },
  pass: { fr: 'Passer', en: 'Pass' },
  recruit: { fr: '{troop} → {to}', en: '{troop} → {to}' },
  revolt: { fr: 'si {city} se révolte : {what}', en: 'if {city} revolts: {what}' },
  revLose: { fr: 'perdre la cité', en: 'lose the city' },
  revFaith: { fr: 'payer en Foi', en: 'pay Faith' },
  revCrowns: { fr: 'payer en couronnes', en: 'pay crowns' },
  rebuild: { fr: 'Forteresse rebâtie en {region}', en: 'Stronghold rebuilt in {region}' },
  arrive: { fr: '{noble} arrive en {region}', en: '{noble} arrives in {region}' },
  transfers: { fr: '{n} transfert(s) de troupes', en: '{n} troop transfer(s)' },
  comply: { fr: 'Payer', en: 'Pay' },
  refuseLaws: { fr: 'Refuser (bannissement) : {laws}', en: 'Refuse (banishment): {laws}' },
  accept: { fr: 'Accepter', en: 'Accept' },
  refuse: { fr: 'Refuser (bannissement)', en: 'Refuse (banishment)' },
  abstain: { fr: 'Abstention', en: 'Abstain' },
  withdraw: { fr: 'Retirer la motion', en: 'Withdraw the motion' },
  adjourn: { fr: 'Ajourner l’Assemblée', en: 'Adjourn the Assembly' },
  pardon: { fr: 'Gracier {baron}', en: 'Pardon {baron}' },
  repeal: { fr: 'Abroger {card}', en: 'Repeal {card}' },
  resubmit: { fr: 'Représenter {card}', en: 'Bring back {card}' },
  freeLaw: { fr: 'Proposer la loi libre {text} ({note})', en: 'Propose the free law {text} ({note})' },
  alloc: { fr: '{card} : {n} voix, {vote}', en: '{card}: {n} vote(s), {vote}' },
  stronghold: { fr: 'Forteresse en {region}', en: 'Stronghold in {region}' },
  yourStronghold: { fr: 'votre forteresse', en: 'your stronghold' },
  placeNoble: { fr: '{noble} en {region}', en: '{noble} in {region}' },
} satisfies Record<string, Localized>;

function say(lang: Lang, key: keyof typeof W, vars: Record<string, string | number> = {}): string {
  return W[key][lang].replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(vars, k) ? String(vars[k]) : m));
}

const list = (xs: string[]): string => xs.join(', ');
const safe = (f: () => string, fallback: string): string => { try { return f(); } catch { return fallback; } };
const regulars = new Map(REGULARS.map((r) => [r.id, r]));

/** A region as the reports give it (its map reference; an overseas place by its name). */
const regionName = (r: string, lang: Lang): string => (isRegion(r) ? region(r).name?.[lang] ?? r : r);
/** A baron as the game's pages name him: his player's seat name, else his own (barons.ts `baronName`). */
const baronName = (g: WkGame, b: string): string => safe(() => seatNames(g.names)(b as BaronId), b);
const nobleName = (id: string): string => safe(() => noble(id).name, id);
const cityName = (id: string, lang: Lang): string => safe(() => city(id).name[lang], id);
const proposalName = (id: string, lang: Lang): string => safe(() => proposalCard(id).name[lang], id);
/** A troop card: « Régulier 50 », « Suisses 150 ». */
function troopName(id: string, lang: Lang): string {
  const r = regulars.get(id);
  if (r) return `${lang === 'fr' ? 'Régulier' : 'Regular'} ${r.strength}`;
  return safe(() => { const m = mercenary(id); return `${NATION_NAMES[m.nation][lang]} ${m.strength}`; }, id);
}
/** Any of the names an Assembly choice may hold: yes/no, abstain, a baron, a noble, a proposal card. */
function choiceName(g: WkGame, x: string, lang: Lang): string {
  if (x === 'yes' || x === 'no' || x === 'abstain' || x === 'accept' || x === 'refuse') return say(lang, x);
  if (baronData(x as BaronId)) return baronName(g, x);
  if (isProposalCard(x)) return proposalName(x, lang);
  return nobleName(x);
}

function piles(g: WkGame, b: BaronId, value: unknown, lang: Lang): string {
  const plan = Array.isArray(value) ? value.map(strs) : [];
  const placed = plan.flatMap((cards, i) => cards.map((c) => `${L(lang, cardName(c))} → ${say(lang, 'pile', { n: i + 1 })}`));
  const onPiles = new Set(plan.flat());
  const kept = g.wk.barons[b].hand.filter((c) => !onPiles.has(c)).map((c) => L(lang, cardName(c)));
  return [placed.length ? list(placed) : say(lang, 'noCard'), ...(kept.length ? [say(lang, 'kept', { cards: list(kept) })] : [])].join(' ; ');
}

function cardAnswer(g: WkGame, a: Obj, lang: Lang): string {
  const zone = typeof a.zone === 'string' && Object.hasOwn(ZONE_NAMES, a.zone) ? say(lang, 'zone', { zone: ZONE_NAMES[a.zone as Zone][lang] }) : null;
  if (a.use !== true) return [say(lang, 'decline'), ...(zone ? [zone] : [])].join(', ');
  const parts: string[] = [];
  if (a.option === 'crowns') parts.push(say(lang, 'crowns'));
  if (a.option === 'vote') parts.push(say(lang, 'vote'));
  if (a.option === 'shield' && typeof a.space === 'number') {
    const sp = MERCENARY_TRACK[a.space];
    parts.push(say(lang, 'shield', { space: sp?.label ?? say(lang, 'blank', { n: a.space + 1 }) }));
  }
  for (const m of Array.isArray(a.moves) ? a.moves.filter(isObj) : []) {
    parts.push(`${nobleName(String(m.noble))} → ${strs(m.path).map((r) => regionName(r, lang)).join(' → ')}`);
  }
  if (isObj(a.attack)) {
    const t = a.attack, kind = String(t.kind);
    const target = t.target === 'neutral' ? say(lang, 'neutral') : baronName(g, String(t.target));
    const armies = strs(t.armies);
    // where the attack takes place: where the first army ends its move, else where it stands (public)
    const at = safe(() => {
      const n = armies[0]!;
      const moved = Array.isArray(a.moves) ? a.moves.filter(isObj).find((m) => m.noble === n) : undefined;
      if (moved) return strs(moved.path).at(-1)!;
      const loc = g.wk.nobles[n]?.location;
      return loc?.kind === 'region' ? loc.region : '';
    }, '');
    parts.push(`${kind === 'battle' || kind === 'assault' || kind === 'siege' ? say(lang, kind) : kind} — ${target}${at ? ` (${regionName(at, lang)})` : ''}${armies.length ? ` : ${list(armies.map(nobleName))}` : ''}`);
  }
  return [say(lang, 'use') + (parts.length ? ` : ${parts.join(' ; ')}` : ''), ...(zone ? [zone] : [])].join(', ');
}

function aftermath(a: Obj, lang: Lang): string {
  const out: string[] = [];
  if (isObj(a.retreat)) for (const [n, r] of Object.entries(a.retreat)) out.push(say(lang, 'retreat', { noble: nobleName(n), region: regionName(String(r), lang) }));
  if (isObj(a.deserter)) for (const [n, t] of Object.entries(a.deserter)) out.push(say(lang, 'deserter', { noble: nobleName(n), troop: troopName(String(t), lang) }));
  if (isObj(a.lose)) for (const [n, ts] of Object.entries(a.lose)) out.push(say(lang, 'lose', { noble: nobleName(n), troops: strs(ts).length ? list(strs(ts).map((t) => troopName(t, lang))) : say(lang, 'none') }));
  return out.length ? out.join(' ; ') : say(lang, 'none');
}

function arrivals(a: Obj, lang: Lang): string {
  const out: string[] = [];
  if (typeof a.rebuild === 'string') out.push(say(lang, 'rebuild', { region: regionName(a.rebuild, lang) }));
  const n = ['transfers', 'redistribute', 'fromGarrison'].reduce((k, f) => k + (Array.isArray(a[f]) ? (a[f] as unknown[]).length : 0), 0);
  if (n) out.push(say(lang, 'transfers', { n }));
  if (isObj(a.place)) for (const [nb, r] of Object.entries(a.place)) out.push(say(lang, 'arrive', { noble: nobleName(nb), region: regionName(String(r), lang) }));
  return out.length ? out.join(' ; ') : say(lang, 'none');
}

function vote(g: WkGame, v: unknown, card: string | null, lang: Lang): string {
  const o = isObj(v) ? v : {};
  const n = typeof o.commit === 'number' ? o.commit : 0;
  const declared = typeof o.declare === 'string' ? choiceName(g, o.declare, lang) : say(lang, 'abstain');
  return card ? say(lang, 'alloc', { card: proposalName(card, lang), n, vote: declared }) : `${say(lang, 'votes', { n })}, ${declared}`;
}

/** The words for baron `b`'s answer `value` to the open question `ask`; null when the value is not one this question takes. */
export function describeWkAnswer(g: WkGame, ask: Ask, b: BaronId, value: unknown, lang: Lang): string | null {
  if (value === null || value === DEFAULT) return say(lang, 'default');
  const v = value;
  switch (ask.kind) {
    case 'assign-troops':
      return isObj(v) ? list(Object.entries(v).map(([t, to]) => `${troopName(t, lang)} → ${to === 'stronghold' ? say(lang, 'yourStronghold') : nobleName(String(to))}`)) || say(lang, 'none') : null;
    case 'place-stronghold': case 'rebuild-stronghold':
      return typeof v === 'string' ? say(lang, 'stronghold', { region: regionName(v, lang) }) : null;
    case 'place-noble':
      return isObj(v) ? say(lang, 'placeNoble', { noble: nobleName(String(v.noble)), region: regionName(String(v.region), lang) }) : null;
    case 'plan-piles': return piles(g, b, v, lang);
    case 'use-card': return isObj(v) ? cardAnswer(g, v, lang) : null;
    case 'passage-consent': case 'attack-consent':
      return v === 'allow' || v === 'deny' ? say(lang, v) : null;
    case 'defender-commander':
      return typeof v === 'string' ? say(lang, 'commander', { noble: nobleName(v) }) : null;
    case 'fate-discard':
      return Array.isArray(v) ? say(lang, 'discard', { cards: strs(v).length ? list(strs(v).map((c) => safe(() => BATTLE_VALUE[fate(c).battle]![lang], c))) : say(lang, 'none') }) : null;
    case 'use-ability':
      return typeof v === 'boolean' ? say(lang, 'ability', { yn: say(lang, v ? 'yes' : 'no') }) : null;
    case 'allocate-casualties':
      return isObj(v) ? list(Object.entries(v).filter(([, n]) => Number(n) > 0).map(([k, n]) => `${k === 'works' ? say(lang, 'works') : k === 'garrison' ? say(lang, 'garrison') : nobleName(k)} ${n}`)) || say(lang, 'none') : null;
    case 'retreat': case 'death': return isObj(v) ? aftermath(v, lang) : null;
    case 'city-captured': return v === 'control' || v === 'raze' ? say(lang, v) : null;
    case 'ransom-city': return typeof v === 'string' ? say(lang, 'ransom', { city: cityName(v, lang) }) : null;
    case 'event-drawer': return typeof v === 'string' ? say(lang, 'drawer', { baron: baronName(g, v) }) : null;
    case 'event-choice': return typeof v === 'string' ? say(lang, 'city', { city: cityName(v, lang) }) : null;
    case 'cancel-red-event': return typeof v === 'boolean' ? say(lang, v ? 'payCancel' : 'noPay') : null;
    case 'pledge-faith': return typeof v === 'number' ? say(lang, 'faith', { n: v }) : null;
    case 'commit-votes': return typeof v === 'number' ? say(lang, 'votes', { n: v }) : null;
    case 'defensive-works': {
      if (!isObj(v)) return null;
      if (v.kind === 'repair') return say(lang, 'repair', { n: Number(v.breaches), city: cityName(String(v.city), lang) });
      if (v.kind === 'fortify') return say(lang, 'fortify', { city: cityName(String(v.city), lang) });
      if (v.kind === 'repair-stronghold') return say(lang, 'repairHold', { n: Number(v.breaches) });
      return say(lang, 'none');
    }
    case 'troop-maintenance':
      return isObj(v) ? (typeof v.army === 'string' ? say(lang, 'heal', { n: Number(v.tokens), noble: nobleName(v.army) }) : say(lang, 'none')) : null;
    case 'launch-expedition':
      return typeof v === 'string' && Object.hasOwn(DESTINATION_NAMES, v) ? say(lang, 'launch', { to: DESTINATION_NAMES[v as Destination][lang] }) : null;
    case 'invest': {
      if (!isObj(v)) return null;
      const stake = typeof v.stake === 'number' && v.stake > 0 ? say(lang, 'stake', { n: v.stake }) : say(lang, 'noStake');
      return v.bless === true ? `${stake}, ${say(lang, 'bless')}` : stake;
    }
    case 'pay-wages':
      return isObj(v) ? say(lang, 'pay', { troops: strs(v.pay).length ? list(strs(v.pay).map((t) => troopName(t, lang))) : say(lang, 'none') }) : null;
    case 'draft-pick': {
      const cards = isObj(v) && Array.isArray(v.cards) ? v.cards.filter(isObj) : null;
      if (!cards) return null;
      return cards.length ? list(cards.map((c) => say(lang, 'recruit', { troop: troopName(String(c.card), lang), to: c.to === 'garrison' ? say(lang, 'garrison') : nobleName(String(c.to)) }))) : say(lang, 'pass');
    }
    case 'revolt': {
      if (!isObj(v)) return null;
      const what = { lose: 'revLose', faith: 'revFaith', crowns: 'revCrowns' } as const;
      return list(Object.entries(v).map(([c, o]) => say(lang, 'revolt', { city: cityName(c, lang), what: say(lang, what[o as keyof typeof what] ?? 'revLose') }))) || say(lang, 'none');
    }
    case 'arrivals': return isObj(v) ? arrivals(v, lang) : null;
    case 'refuse-law':
      return Array.isArray(v) ? (v.length ? say(lang, 'refuseLaws', { laws: list(strs(v).map((c) => proposalName(c, lang))) }) : say(lang, 'comply')) : null;
    case 'acting-chairman': case 'declare-vote': case 'break-tie': case 'discard-title': case 'assign-office': case 'refuse-decision':
      return typeof v === 'string' ? choiceName(g, v, lang) : null;
    case 'order-of-business':
      return Array.isArray(v) ? strs(v).map((c) => proposalName(c, lang)).join(' → ') : null;
    case 'personal-motion': {
      if (!isObj(v)) return null;
      if (v.kind === 'withdraw' || v.kind === 'adjourn') return say(lang, v.kind);
      if (v.kind === 'pardon') return say(lang, 'pardon', { baron: baronName(g, String(v.baron)) });
      const free = v.kind === 'repeal' ? houseLaw(g.wk, v.card) : undefined; // §7.4: a free law in play (house-laws.ts)
      if (free) return say(lang, 'repeal', { card: houseLawLabel(free, lang) });
      if (v.kind === 'repeal' || v.kind === 'resubmit') return say(lang, v.kind, { card: proposalName(String(v.card), lang) });
      if (v.kind === 'free-law' && typeof v.text === 'string') return say(lang, 'freeLaw', { text: quoted(normalizeLawText(v.text))[lang], note: HOUSE_LAW_NOTE[lang] });
      return null;
    }
    case 'secret-allocation': {
      if (!isObj(v)) return null;
      // one proposal's { commit, declare }, or { proposal: { commit, declare } } for the 2-baron allocation
      if ('commit' in v || 'declare' in v) return vote(g, v, null, lang);
      return list(Object.entries(v).map(([card, x]) => vote(g, x, card, lang))) || say(lang, 'none');
    }
    default: return null;
  }
}
