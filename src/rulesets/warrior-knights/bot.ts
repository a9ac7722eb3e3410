/**
 * A Warrior Knights bot: an answer to every question the flow asks (flow.ts FLOW_KINDS), legal
 * and roughly sensible: it assigns its troops, places its pieces, plans its piles, moves and
 * fights with Military Operations (taking neutral cities first, §7.5), uses Improvisation, answers
 * consents, every combat stage, Expeditions, revolts. Every candidate is checked with the
 * referee's own check (answers.ts) before it is given, so what it gives is what the referee
 * accepts; when no candidate passes it gives `null`, the §9.2 default. Its randomness comes only
 * from the Rng it is given.
 */
import type { Rng } from '../../engine/rng.ts';
import { BOARD, cityIn } from './board.ts';
import type { BaronId } from './barons.ts';
import { actionCard, DESTINATIONS, mercenary } from './cards.ts';
import { draftDestinations } from './rules/draft.ts';
import { checkAnswer } from './answers.ts';
import { askOf, assemblyQuestion, draftQuestion, type Ask, type WkGame } from './flow.ts';
import { eventCard } from './event-cards.ts';
import { proposalCard } from './proposal-cards.ts';
import { nobleRegions, strongholdRegions } from './setup.ts';
import { planOptions } from './rules/planning.ts';
import { targetIn } from './rules/engage.ts';
import { revoltCities } from './rules/upkeep.ts';
import { choosableCities } from './rules/effects.ts';
import type { CardAnswer } from './rules/action.ts';

const ok = (g: WkGame, ask: Ask, b: BaronId, a: unknown): boolean => { const v = checkAnswer(g, ask, b, a); return v.issues.length === 0; };
const first = (g: WkGame, ask: Ask, b: BaronId, cands: unknown[]): unknown => cands.find((c) => ok(g, ask, b, c)) ?? null;

const neighboursOf = (r: string): string[] => BOARD.edges.flatMap((e) => (e.a === r ? [e.b] : e.b === r ? [e.a] : []));

/** Candidate answers to a Military Operations card or Improvisation: attacks first, then a move. */
function militaryCandidates(g: WkGame, b: BaronId, rng: Rng, improvisation: boolean): CardAnswer[] {
  const s = g.wk;
  const mine = Object.values(s.nobles).filter((n) => n.baron === b && n.ready && n.location.kind === 'region' && n.troops.length > 0);
  const out: CardAnswer[] = [];
  for (const n of rng.shuffle(mine)) {
    const r = (n.location as { region: string }).region;
    for (const target of ['neutral', ...s.players.filter((x) => x !== b)]) {
      const t = targetIn(s, b, r, target);
      if (!t) continue;
      for (const kind of t.kinds) out.push(improvisation ? { use: true, option: 'combat', attack: { target: target as BaronId | 'neutral', kind, armies: [n.id] } } : { use: true, attack: { target: target as BaronId | 'neutral', kind, armies: [n.id] } });
    }
    for (const to of rng.shuffle(neighboursOf(r))) {
      const move = { noble: n.id, kind: 'step' as const, path: [to] };
      out.push(improvisation ? { use: true, option: 'move', moves: [move] } : { use: true, moves: [move] });
      if (!improvisation) {
        for (const target of ['neutral', ...s.players.filter((x) => x !== b)]) {
          const t = targetIn(s, b, to, target);
          if (t) out.unshift({ use: true, moves: [move], attack: { target: target as BaronId | 'neutral', kind: t.kinds[0]!, armies: [n.id] } });
        }
      }
    }
  }
  return out.slice(0, 8);
}

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
        case 'improvisation': return first(g, ask, b, rng.chance(0.5) ? militaryCandidates(g, b, rng, true).slice(0, 6).concat([{ use: true, option: rng.pick(['crowns', 'vote']) }]) : [{ use: true, option: rng.pick(['crowns', 'vote']) }]);
        case 'recruit': return first(g, ask, b, [{ use: true }, { use: false }]);
        default: return first(g, ask, b, [{ use: true }]);
      }
    }
    case 'passage-consent': case 'attack-consent': return rng.chance(0.6) ? 'allow' : 'deny';
    case 'use-ability': return rng.chance(0.8);
    case 'city-captured': return rng.chance(0.85) ? 'control' : 'raze';
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
      return first(g, ask, b, [Object.fromEntries(mine.map((c) => [c, rng.pick(['crowns', 'faith', 'lose'])])), Object.fromEntries(mine.map((c) => [c, 'lose']))]);
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
      return opts.length && rng.chance(0.9) ? first(g, ask, b, [rng.pick(opts)]) : null;
    }
    case 'refuse-decision': return rng.chance(0.1) ? 'refuse' : 'accept';
    case 'secret-allocation': {
      const q = assemblyQuestion(g);
      if (!q) return null;
      const vote = (id: string) => ({ commit: rng.int(0, Math.max(0, Math.floor(s.barons[b].votes / 2))), declare: rng.pick(proposalCard(id).vote === 'yes-no' ? ['yes', 'no'] : [...s.players]) });
      if (q.into === 'votes') return first(g, ask, b, [vote(q.card!), {}]);
      const agenda = s.agenda.filter((id) => proposalCard(id).type !== 'personal');
      return first(g, ask, b, [Object.fromEntries(agenda.map((id) => [id, vote(id)])), {}]);
    }
    // the combat's commander, discards, allocations, retreats and deaths, the ransom, works,
    // maintenance, wages, draft and arrivals: the §9.2 default is the bot's own sensible choice
    default: return null;
  }
}
