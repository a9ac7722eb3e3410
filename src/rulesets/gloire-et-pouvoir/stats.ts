/**
 * The statistics of Gloire & Pouvoir (engine hooks `stats` and `statsCharts`).
 *
 * `stats(state)` records the figures of one state (the initial one and the state after each
 * turn); the platform keeps them with each resolved step:
 *  - public, per living lord: global renown as the referee computes it (formulas.ts, with the
 *    average happiness, as view.ts does), rank in the renown ranking (ties by lord id, as the
 *    turn's ranking event), and, per lord, the number of territories he owns;
 *  - private, per lord: treasury, number of knights, men under arms (garrisons and field armies),
 *    total population of his land.
 *
 * `statsCharts(history, player, lang, players)` lays them out as line charts: the player's own
 * renown, territories, treasury, men, knights and population (only when `player` is set, from
 * his own private figures alone), then for everyone the renown of every lord (the public ranking
 * history) and the territories of every lord. Another lord's private figure never enters a chart.
 *
 * History labels are the stored step labels (`turn 3`: the state after turn 3); the empty label
 * is the initial state, before any turn.
 */
import type { ChartDoc, Lang, PlayerId, StepStats } from '../../engine/ruleset.ts';
import { lordColor } from './colors.ts';
import { globalRenown, livingLords } from './formulas.ts';
import type { GPState, LordId } from './state.ts';
import { lordIdCompare } from './state.ts';
import { avgHappiness } from './view.ts';
import { localizeLabel } from './labels.ts';

/** The public figures kept per lord. */
export const PUBLIC_FIGURES = ['renown', 'rank', 'territories'] as const;
/** The private figures kept per lord (each lord sees only his own). */
export const PRIVATE_FIGURES = ['treasury', 'knights', 'men', 'population'] as const;

const round2 = (x: number): number => Math.round(x * 100) / 100;

export function stats(s: GPState): StepStats {
  const avgH = avgHappiness(s);
  const lords = Object.keys(s.lords).sort(lordIdCompare);
  const living = livingLords(s);
  const renown: Record<PlayerId, number> = {};
  const exact = new Map(living.map((l) => [l, globalRenown(s, l, avgH)]));
  for (const l of lords) if (exact.has(l)) renown[l] = round2(exact.get(l)!);
  const rank: Record<PlayerId, number> = {};
  [...exact.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).forEach(([l], i) => { rank[l] = i + 1; });
  const territories: Record<PlayerId, number> = Object.fromEntries(lords.map((l) => [l, 0]));
  const population: Record<PlayerId, number> = Object.fromEntries(lords.map((l) => [l, 0]));
  for (const t of Object.values(s.territories)) {
    if (t.owner === null || !(t.owner in territories)) continue;
    territories[t.owner]! += 1;
    population[t.owner]! += t.population;
  }
  const knights: Record<PlayerId, number> = Object.fromEntries(lords.map((l) => [l, 0]));
  for (const k of Object.values(s.knights)) if (k.lord in knights) knights[k.lord]! += 1;
  const men: Record<PlayerId, number> = Object.fromEntries(lords.map((l) => [l, 0]));
  for (const a of Object.values(s.armies)) if (a.lord in men) men[a.lord]! += a.strength;
  const priv: StepStats['private'] = {};
  for (const l of lords) {
    priv[l] = { treasury: s.lords[l]!.treasury, knights: knights[l]!, men: men[l]!, population: population[l]! };
  }
  return { public: { renown, rank, territories }, private: priv };
}

const L = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);

/** The chart's axis: the start, then each step as the ruleset names it in that language. */
function axisLabel(label: string, lang: Lang): string {
  return label === '' ? L(lang, 'début', 'start') : localizeLabel(label, lang);
}

export function statsCharts(
  history: { label: string; stats: StepStats | null }[],
  player: PlayerId | null,
  lang: Lang,
  players: { id: PlayerId; name: string }[] = [],
): ChartDoc[] {
  const labels = history.map((h) => axisLabel(h.label, lang));
  const names = new Map(players.map((p) => [p.id, p.name]));
  // Every lord who appears in the public figures, in id order (colours follow the id).
  const ids = new Set<LordId>(players.map((p) => p.id));
  for (const h of history) for (const fig of Object.values(h.stats?.public ?? {})) for (const id of Object.keys(fig)) ids.add(id);
  const lords = [...ids].sort(lordIdCompare);
  const nameOf = (id: LordId) => names.get(id) ?? id;
  const pub = (fig: string, id: LordId) => history.map((h) => h.stats?.public[fig]?.[id] ?? null);
  const own = (fig: string) => history.map((h) => (player ? h.stats?.private[player]?.[fig] ?? null : null));
  const charts: ChartDoc[] = [];

  if (player && history.some((h) => h.stats?.private[player] !== undefined)) {
    const color = lordColor(player);
    const mine = (id: string, title: string, values: (number | null)[]): ChartDoc =>
      ({ id, title, labels, series: [{ name: nameOf(player), values, color, mine: true }] });
    charts.push(
      mine('my-renown', L(lang, 'Votre renommée globale', 'Your global renown'), pub('renown', player)),
      mine('my-territories', L(lang, 'Vos territoires', 'Your territories'), pub('territories', player)),
      mine('my-treasury', L(lang, 'Votre trésor (écus)', 'Your treasury (écus)'), own('treasury')),
      mine('my-men', L(lang, 'Vos hommes sous les armes', 'Your men under arms'), own('men')),
      mine('my-knights', L(lang, 'Vos chevaliers', 'Your knights'), own('knights')),
      mine('my-population', L(lang, 'La population de vos terres', 'The population of your land'), own('population')),
    );
  }
  const everyone = (id: string, title: string, fig: string): ChartDoc => ({
    id, title, labels,
    series: lords.filter((l) => history.some((h) => h.stats?.public[fig]?.[l] !== undefined)).map((l) => ({
      name: nameOf(l), values: pub(fig, l), color: lordColor(l), ...(l === player ? { mine: true } : {}),
    })),
  });
  charts.push(
    everyone('ranking', L(lang, 'Classement : la renommée globale de chaque seigneur', 'Ranking: the global renown of every lord'), 'renown'),
    everyone('territories', L(lang, 'Les territoires de chaque seigneur', 'The territories of every lord'), 'territories'),
  );
  return charts;
}
