/**
 * A Warrior Knights bot: an answer to every question the flow asks (flow.ts FLOW_KINDS), legal
 * and roughly sensible: it assigns its troops, places its pieces, plans its piles, moves and
 * fights with Military Operations (mostly taking the nearest cities, §7.5; now and then a campaign
 * against the weakest enemy stronghold — march in column, siege, completion — which can cost its
 * baron a ransom city, #16; road moves through others' pieces, #6; attacks where a third baron
 * stands, #7), uses Improvisation, answers consents, every combat stage, Expeditions, revolts, and
 * votes a Title that keeps its holder away for the Chairman (#28). Every candidate is checked with the
 * referee's own check (answers.ts) before it is given, so what it gives is what the referee
 * accepts; when no candidate passes it gives `null`, the §9.2 default. Its randomness comes only
 * from the Rng it is given.
 */
import type { Rng } from '../../engine/rng.ts';
import { BOARD, cityIn, passable, ROAD } from './board.ts';
import type { BaronId } from './barons.ts';
import { actionCard, DESTINATIONS, mercenary } from './cards.ts';
import { draftDestinations } from './rules/draft.ts';
import { checkAnswer } from './answers.ts';
import { askOf, assemblyQuestion, draftQuestion, type Ask, type WkGame } from './flow.ts';
import { eventCard } from './event-cards.ts';
import { proposalCard } from './proposal-cards.ts';
import { nobleRegions, strongholdRegions } from './setup.ts';
import { planOptions } from './rules/planning.ts';
import { siegeStrengths, targetIn, type CombatSetup } from './rules/engage.ts';
import { blockers } from './rules/movement.ts';
import { baronsIn, garrisonMen, worksState, worksStrength } from './rules/sides.ts';
import type { CardMove } from './rules/transfers.ts';
import type { WkState } from './state.ts';
import { revoltCities } from './rules/upkeep.ts';
import { militaryVictoryCities } from './constants.ts';
import { choosableCities } from './rules/effects.ts';
import { freeSpaces, type CardAnswer } from './rules/action.ts';

const ok = (g: WkGame, ask: Ask, b: BaronId, a: unknown): boolean => { const v = checkAnswer(g, ask, b, a); return v.issues.length === 0; };
const first = (g: WkGame, ask: Ask, b: BaronId, cands: unknown[]): unknown => cands.find((c) => ok(g, ask, b, c)) ?? null;

const neighboursOf = (r: string): string[] => BOARD.edges.flatMap((e) => (e.a === r ? [e.b] : e.b === r ? [e.a] : []));

/** Land neighbours a noble can step to (mountains never, rivers only at a bridge: §6.2). */
const passableNeighbours = (r: string): string[] => BOARD.edges.filter(passable).flatMap((e) => (e.a === r ? [e.b] : e.b === r ? [e.a] : []));

/** Steps from `from` to every region by land (breadth first over the 48 regions: bounded). */
function distancesFrom(from: string): Map<string, number> {
  const d = new Map<string, number>([[from, 0]]);
  let front = [from];
  for (let i = 0; i < BOARD.regions.length && front.length; i++) {
    const next: string[] = [];
    for (const r of front) for (const n of passableNeighbours(r)) if (!d.has(n)) { d.set(n, i + 1); next.push(n); }
    front = next;
  }
  return d;
}

/** The road paths of 2 or 3 regions from `r` (both directions) that pass through another baron's pieces (#6 asked). */
function roadPassages(s: WkState, b: BaronId, r: string): string[][] {
  const i = ROAD.indexOf(r);
  if (i < 0) return [];
  const out: string[][] = [];
  for (const dir of [1, -1]) for (const len of [2, 3]) {
    const path = Array.from({ length: len }, (_, k) => ROAD[i + dir * (k + 1)]).filter((x): x is string => x !== undefined);
    if (path.length === len && path.slice(0, -1).some((x) => blockers(s, b, x).length > 0)) out.push(path);
  }
  return out;
}

/**
 * Candidate answers to a Military Operations card or Improvisation, in the order the bot prefers
 * them: its campaign against a stronghold first (completing a siege it holds, besieging or
 * assaulting an enemy stronghold, marching its strongest noble toward the nearest one: a fallen
 * stronghold pays a ransom, #16), then, often, what asks others (#6 a road move through another
 * baron's pieces, #7 an attack on a city or stronghold where a third baron stands: a baron reaches
 * the cities others also covet), then the nearest fights and steps (neutral cities first, §7.5).
 */
/** §1.3 (upkeep step 1): how many more unrazed Kingdom cities the baron needs for the military victory. */
export function citiesShort(s: WkState, b: BaronId): number {
  const unrazed = BOARD.cities.filter((c) => !c.overseas && !s.cities[c.id]!.razed);
  return militaryVictoryCities(unrazed.length) - unrazed.filter((c) => s.cities[c.id]!.controller === b).length;
}
/** The military victory is within reach: the bot puts taking cities before everything else. */
export const CONQUEST_REACH = 3;

function militaryCandidates(g: WkGame, b: BaronId, rng: Rng, improvisation: boolean): CardAnswer[] {
  const s = g.wk;
  // within reach of the military victory (§1.3), every Kingdom city he can attack comes first
  const conquering = citiesShort(s, b) <= CONQUEST_REACH;
  const conquest: CardAnswer[] = [];
  const mine = Object.values(s.nobles).filter((n) => n.baron === b && n.ready && n.location.kind === 'region' && n.troops.length > 0);
  const readyIn = (r: string): string[] => mine.filter((n) => (n.location as { region: string }).region === r).map((n) => n.id);
  const answer = (moves: CardMove[] | undefined, attack: CombatSetup | undefined): CardAnswer => improvisation
    ? (attack ? { use: true, option: 'combat', attack } : { use: true, option: 'move', moves: moves! })
    : { use: true, ...(moves ? { moves } : {}), ...(attack ? { attack } : {}) };
  const campaign: CardAnswer[] = [], asking: CardAnswer[] = [], near: CardAnswer[] = [], steps: CardAnswer[] = [];
  const targets = ['neutral', ...s.players.filter((x) => x !== b)] as (BaronId | 'neutral')[];
  /** Files an attack on `target` in `r` (after `moves`) by its kind of interest. */
  const attacks = (r: string, moves: CardMove[] | undefined, armies: string[]): void => {
    for (const target of targets) {
      const t = targetIn(s, b, r, target);
      if (!t) continue;
      const third = t.works !== null && baronsIn(s, r).some((x) => x !== b && x !== t.defender);
      const held = t.works ? worksState(s, t.works).besiegedBy : null;
      const kinds = held === b ? ['siege' as const] : t.works?.kind === 'stronghold' ? (['siege', 'assault'] as const).filter((k) => t.kinds.includes(k)) : t.kinds;
      for (const kind of kinds) {
        const a = answer(moves, { target, kind, armies });
        if (conquering && t.works?.kind === 'city' && !cityIn(r)?.overseas) conquest.push(a);
        if (held === b || t.works?.kind === 'stronghold') campaign.push(a);
        else if (third) asking.push(a);
        else near.push(a);
      }
    }
  };
  // the stronghold campaigned against (#16: a fallen stronghold pays a ransom)
  const aim = campaignTarget(s, b);
  const holdDist = aim ? distancesFrom(s.strongholds[aim].region!) : null;
  for (const n of rng.shuffle(mine)) {
    const r = (n.location as { region: string }).region;
    attacks(r, undefined, readyIn(r));
    for (const to of rng.shuffle(passableNeighbours(r))) {
      const move: CardMove = { noble: n.id, kind: 'step', path: [to] };
      if (!improvisation) attacks(to, [move], [n.id, ...readyIn(to)]);
      const closer = holdDist !== null && (holdDist.get(to) ?? 99) < (holdDist.get(r) ?? 99) && (holdDist.get(r) ?? 99) > 1;
      (closer ? campaign : steps).push(answer([move], undefined));
    }
    for (const path of roadPassages(s, b, r)) asking.push(answer([{ noble: n.id, kind: 'road', path }], undefined));
  }
  // mostly the nearest cities (Influence comes from them, §7); now and then the campaign or what asks others
  // the campaign: gather Ready nobles into one region next to (or on) the weakest enemy stronghold,
  // then besiege it with them all when strictly stronger (§6.8 [P G-A33]), complete the siege a turn later
  const gather = improvisation ? [] : campaignMoves(s, b, mine);
  const completing = campaign.filter((a) => a.use && a.attack?.kind === 'siege' && (() => { const t = targetIn(s, b, regionOfAnswer(s, a), a.attack!.target); return t?.works ? worksState(s, t.works).besiegedBy === b : false; })());
  // a siege first (no dice: it holds, and completes a turn later), then an assault
  const conquer = [...conquest.filter((a) => a.use && a.attack?.kind === 'siege'), ...conquest.filter((a) => a.use && a.attack?.kind !== 'siege')];
  const order = [...(rng.chance(0.6) ? gather : []),...(rng.chance(0.35) ? campaign.slice(0, 4) : []), ...(rng.chance(0.5) ? asking.slice(0, 3) : []), ...near.slice(0, 4), ...campaign.slice(0, 2), ...steps];
  // the cities that bring the military victory stay first, even when the rest is shuffled
  return [...completing, ...conquer.slice(0, 4), ...(rng.chance(0.8) ? order : rng.shuffle(order))].slice(0, 10);
}

/** A Title that keeps its holder away from the Assembly (§5.1). */
/**
 * §7.4 option freeFormMotions (house-laws.ts): the simple free laws a bot may propose, written in
 * both languages in one text (a bot types no language of its own).
 */
const BOT_LAWS: readonly string[] = [
  'Nul noble n’emprunte les routes royales. — No noble may travel the royal roads.',
  'Nul ne met le siège devant une cité le tour où il y entre. — No one besieges a city in the turn he enters its region.',
  'Tout baron paie 1 couronne au président à chaque Assemblée. — Every baron pays the Chairman 1 crown at each Assembly.',
  'Nulle forteresse n’est attaquée avant le tour 3. — No stronghold is attacked before turn 3.',
];

/**
 * §7.4: how a bot votes on a Personal Motion that puts a free law to the vote or repeals one: for
 * his own law, against a rival's (a baron with at least his Influence), for a trailing baron's; for
 * repealing a rival's law, against repealing his own or a trailing baron's. Null (no opinion) for
 * every other vote, and always with the option off (the game then runs as before).
 */
function freeLawStance(g: WkGame, b: BaronId, card: string | null): 'yes' | 'no' | null {
  const s = g.wk;
  if (!s.config.options.freeFormMotions || !card) return null;
  const motion = g.flow.pending.assembly?.personal?.[card];
  const e = [...s.log].reverse().find((x) => x.t === 'personal-motion' && x.card === card);
  if (!motion || typeof motion !== 'object') return null;
  const rival = (x: BaronId): boolean => x !== b && s.barons[x].influence >= s.barons[b].influence;
  if (motion.kind === 'free-law') return e?.t === 'personal-motion' && e.baron !== null && !rival(e.baron) ? 'yes' : 'no';
  const law = motion.kind === 'repeal' ? (s.houseLaws ?? []).find((l) => l.id === motion.card) : undefined;
  return law ? (rival(law.by) ? 'yes' : 'no') : null;
}

const absentTitle = (id: string): boolean => proposalCard(id).type === 'title' && proposalCard(id).mods.some((m) => m.mod === 'absent');
/** Whom to send away with such a Title: the Chairman when he is another baron (he then names an acting Chairman, #28). */
const awayChoice = (s: WkState, b: BaronId, opts: string[]): string | null => (s.chairman !== b && opts.includes(s.chairman) ? s.chairman : null);

/** Where the answer's combat is fought: the moves' end, else the first army's region. */
function regionOfAnswer(s: WkState, a: CardAnswer): string {
  if (!a.use) return '';
  if (a.moves?.length) return a.moves[0]!.path[a.moves[0]!.path.length - 1]!;
  const n = a.attack ? s.nobles[a.attack.armies[0]!] : undefined;
  return n?.location.kind === 'region' ? n.location.region : '';
}

/** The enemy stronghold the bot campaigns against: the weakest (works + garrison; one whose baron holds 2 cities, a ransom, first). */
function campaignTarget(s: WkState, b: BaronId): BaronId | null {
  const holds = s.players.filter((x) => x !== b && s.strongholds[x].region);
  const weight = (x: BaronId): number => worksStrength(s, { kind: 'stronghold', baron: x }) + garrisonMen(s, s.strongholds[x]) + (cityCount(s, x) >= 2 ? 0 : 200);
  return [...holds].sort((x, y) => weight(x) - weight(y) || x.localeCompare(y))[0] ?? null;
}

/**
 * The campaign against the weakest enemy stronghold (its works + garrison, then the nearest): the
 * Ready nobles one step from it (or on it) move in together and besiege it when strictly stronger;
 * otherwise they gather in the neighbouring region most of them can reach this card, to strike
 * next time. At most 4 moves, all into one region (§4.3).
 */
export function campaignMoves(s: WkState, b: BaronId, mine: WkState['nobles'][string][]): CardAnswer[] {
  const at = (n: WkState['nobles'][string]): string => (n.location as { region: string }).region;
  const target = campaignTarget(s, b);
  if (!target || mine.length < 2) return [];
  const h = s.strongholds[target].region!;
  const out: CardAnswer[] = [];
  const strikers = mine.filter((n) => at(n) !== h && passableNeighbours(at(n)).includes(h)).slice(0, 4);
  const strike = { movers: strikers, there: mine.filter((n) => at(n) === h), moves: strikers.map((n): CardMove => ({ noble: n.id, kind: 'step', path: [h] })) };
  const armies = [...strike.there, ...strike.movers].map((n) => n.id);
  if (armies.length) {
    const st = siegeStrengths(s, armies, target, { kind: 'stronghold', baron: target }, h);
    if (st.attacker > st.defender) out.push({ use: true, ...(strike.moves.length ? { moves: strike.moves } : {}), attack: { target, kind: 'siege', armies } });
  }
  // otherwise march in column: the region one step away that brings most of them closer (and gathers most)
  const dist = distancesFrom(h);
  const d = (r: string): number => dist.get(r) ?? 99;
  const reach = [...new Set(mine.flatMap((n) => passableNeighbours(at(n))))];
  const stage = reach.map((r) => {
    const movers = mine.filter((n) => d(r) < d(at(n)) && passableNeighbours(at(n)).includes(r)).slice(0, 4);
    const there = mine.filter((n) => at(n) === r).length;
    return { r, movers, score: movers.length * 3 + there * 2 - d(r) };
  }).filter((x) => x.movers.length > 0).sort((x, y) => y.score - x.score || x.r.localeCompare(y.r))[0];
  if (stage) out.push({ use: true, moves: stage.movers.map((n): CardMove => ({ noble: n.id, kind: 'step', path: [stage.r] })) });
  return out;
}

const cityCount = (s: WkState, b: BaronId): number => Object.values(s.cities).filter((c) => c.controller === b && !c.razed).length;

/** The bot's answer for `player` to the open question `decision` (null: the §9.2 default). */
export function botAnswer(g: WkGame, player: string, decision: string, rng: Rng): unknown {
  const ask = askOf(g);
  if (!ask || ask.id !== decision || !(ask.players as string[]).includes(player)) return null;
  const b = player as BaronId;
  const s = g.wk;
  switch (ask.kind) {
    case 'assign-troops': {
      const targets = [`${b}-circle`, `${b}-square`, `${b}-triangle`, `${b}-star`, 'stronghold'];
      const a = Object.fromEntries((s.unassigned[b] ?? []).map((c, i) => [c, i < 4 ? targets[i]! : rng.pick(targets)]));
      return first(g, ask, b, [a]);
    }
    case 'place-stronghold': return first(g, ask, b, [rng.pick(strongholdRegions(s))]);
    case 'place-noble': {
      const waiting = Object.values(s.nobles).filter((n) => n.baron === b && n.location.kind === 'off' && n.troops.length > 0);
      const home = s.strongholds[b].region!;
      // §7.5: grab neutral cities quickly — start beside one when it can
      const legal = nobleRegions(s, b);
      const cities = legal.filter((r) => { const c = cityIn(r); return c && !s.cities[c.id]!.razed && s.cities[c.id]!.controller === null; });
      const near = legal.filter((r) => r === home || neighboursOf(home).includes(r));
      const pool = cities.length && rng.chance(0.75) ? cities : near.length ? near : legal;
      return waiting.length ? first(g, ask, b, [{ noble: waiting[0]!.id, region: rng.pick(pool) }]) : null;
    }
    case 'plan-piles': {
      const hand = rng.shuffle(planOptions(s, b));
      const piles: string[][] = Array.from({ length: s.config.planning.piles }, () => []);
      for (const c of hand) { const p = rng.int(0, piles.length - 1); if (piles[p]!.length < s.config.planning.maxPerPile && rng.chance(0.6)) piles[p]!.push(c); }
      return first(g, ask, b, [piles]);
    }
    case 'use-card': {
      const info = actionCard(s.current!);
      if (info.neutral) return null;
      switch (info.type) {
        case 'military': return first(g, ask, b, [...militaryCandidates(g, b, rng, false), { use: false }]);
        case 'improvisation': {
          // exactly one option (§2.8): a move or a fight half the time, now and then a paid shield (its space named), else crowns or a vote
          const gain: CardAnswer = { use: true, option: rng.pick(['crowns', 'vote'] as const) };
          const shields: CardAnswer[] = rng.chance(0.3) ? freeSpaces(s).map((space) => ({ use: true, option: 'shield' as const, space })) : [];
          return first(g, ask, b, [...(rng.chance(0.5) ? militaryCandidates(g, b, rng, true).slice(0, 6) : []), ...shields, gain]);
        }
        case 'recruit': return first(g, ask, b, [{ use: true }, { use: false }]);
        default: return first(g, ask, b, [{ use: true }]);
      }
    }
    case 'passage-consent': case 'attack-consent': return rng.chance(0.6) ? 'allow' : 'deny';
    case 'use-ability': return rng.chance(0.8);
    case 'city-captured': return citiesShort(s, b) <= CONQUEST_REACH + 1 || rng.chance(0.85) ? 'control' : 'raze'; // near the military victory, every city counts
    case 'launch-expedition': {
      const open = DESTINATIONS.filter((d) => s.expeditions[d] === null);
      return open.length && rng.chance(0.5) ? first(g, ask, b, [rng.pick(open)]) : null;
    }
    case 'invest': {
      const stake = s.config.expedition.minStake;
      return first(g, ask, b, [{ stake, ...(b === s.church ? { bless: rng.chance(0.5) } : {}) }, ...(b === s.church ? [{ bless: false }] : [])]);
    }
    case 'revolt': {
      const mine = revoltCities(s).filter((c) => c.baron === b).map((c) => c.city);
      // a city is bought back (crowns, else Faith) rather than lost when he can pay (cities bring Influence
      // and the military victory); now and then, far from the victory, he lets one go
      const keep = citiesShort(s, b) <= CONQUEST_REACH + 1 || rng.chance(0.8) ? [Object.fromEntries(mine.map((c) => [c, 'crowns'])), Object.fromEntries(mine.map((c) => [c, 'faith']))] : [];
      return first(g, ask, b, [...keep, Object.fromEntries(mine.map((c) => [c, rng.pick(['crowns', 'faith', 'lose'])])), Object.fromEntries(mine.map((c) => [c, 'lose']))]);
    }
    case 'event-drawer': return rng.chance(0.5) ? first(g, ask, b, [rng.pick(s.players)]) : null;
    case 'event-choice': { // #20: one of his cities (the default is the first by map order)
      const p = s.eventPending;
      return p?.target ? first(g, ask, b, [rng.pick(choosableCities(s, p.target))]) : null;
    }
    case 'draft-pick': { // #27: one affordable card of the display as it stands, to a legal destination, or pass
      const d = draftQuestion(g);
      if (!d || !rng.chance(0.7)) return null;
      const to = draftDestinations(s, b);
      const cands = rng.shuffle(d.display.filter((c) => mercenary(c).wage <= d.crowns)).slice(0, 4);
      return to.length ? first(g, ask, b, cands.map((card) => ({ cards: [{ card, to: rng.pick(to) }] }))) : null;
    }
    case 'refuse-law': return rng.chance(0.05) ? 'refuse' : 'comply'; // #38: banishment is dear
    case 'cancel-red-event': return rng.chance(0.5) ? first(g, ask, b, [true]) : false;
    case 'pledge-faith': {
      const cost = s.eventPending ? eventCard(s.eventPending.card).cost ?? 1 : 1;
      const faith = s.barons[b].faith;
      return rng.chance(0.5) ? first(g, ask, b, [Math.min(faith, rng.int(1, Math.max(1, cost))), 0]) : 0;
    }
    case 'commit-votes': return rng.chance(0.7) ? first(g, ask, b, [rng.int(0, Math.max(0, s.barons[b].votes)), 0]) : 0;
    case 'declare-vote': case 'break-tie': case 'acting-chairman': case 'discard-title': case 'assign-office': {
      const q = assemblyQuestion(g);
      const opts = (q?.options ?? []).filter((o) => o !== 'abstain');
      const stance = ask.kind === 'declare-vote' ? freeLawStance(g, b, q?.card ?? null) : null; // §7.4: a free law, or its repeal
      if (stance && rng.chance(0.85)) return first(g, ask, b, [stance]);
      // a Title that keeps its holder away from the Assembly: send the Chairman away (then #28 is his to answer)
      const away = ask.kind === 'declare-vote' && q?.card && absentTitle(q.card) ? awayChoice(s, b, opts) : null;
      if (away && rng.chance(0.8)) return first(g, ask, b, [away]);
      return opts.length && rng.chance(0.9) ? first(g, ask, b, [rng.pick(opts)]) : null;
    }
    case 'refuse-decision': return rng.chance(0.1) ? 'refuse' : 'accept';
    case 'personal-motion': { // #29: the default (withdraw), but with §7.4's option now and then a free law, or the repeal of a rival's
      if (!s.config.options.freeFormMotions) return null; // off: nothing drawn, the game runs as before the variant
      if (!rng.chance(0.5)) return null;
      const rivals = (s.houseLaws ?? []).filter((l) => l.by !== b);
      if (rivals.length && rng.chance(0.5)) return first(g, ask, b, [{ kind: 'repeal', card: rng.pick(rivals).id }]);
      return first(g, ask, b, [{ kind: 'free-law', text: rng.pick(BOT_LAWS) }]);
    }
    case 'secret-allocation': {
      const q = assemblyQuestion(g);
      if (!q) return null;
      const vote = (id: string) => ({ commit: rng.int(0, Math.max(0, Math.floor(s.barons[b].votes / 2))), declare: (absentTitle(id) ? awayChoice(s, b, [...s.players]) : null) ?? rng.pick(proposalCard(id).vote === 'yes-no' ? ['yes', 'no'] : [...s.players]) });
      const stance = q.into === 'votes' ? freeLawStance(g, b, q.card) : null; // §7.4: a free law, or its repeal
      if (stance) return first(g, ask, b, [{ ...vote(q.card!), declare: stance }, {}]);
      if (q.into === 'votes') return first(g, ask, b, [vote(q.card!), {}]);
      const agenda = s.agenda.filter((id) => proposalCard(id).type !== 'personal');
      return first(g, ask, b, [Object.fromEntries(agenda.map((id) => [id, vote(id)])), {}]);
    }
    // the combat's commander, discards, allocations, retreats and deaths, the ransom, works,
    // maintenance, wages, draft and arrivals: the §9.2 default is the bot's own sensible choice
    default: return null;
  }
}
