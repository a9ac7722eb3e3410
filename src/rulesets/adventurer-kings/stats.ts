/**
 * The statistics of Adventurer Kings (engine hooks `stats` and `statsCharts`).
 *
 * Adventurer Kings is a blind game (S8.1): a player knows only what his kingdom learned, and
 * every player knows only the list of Kings and the turn about the others (S8.2, G-04). So the
 * figures are almost all private:
 *  - public: `kings`, the number of Kings still in the game (one game-wide number, stored under
 *    the key `all`). The public view already gives the list of Kings with their `eliminated` flag
 *    (view.ts); no other kingdom's figure is public, not even its provinces (ownership is learned
 *    only by exploration, spying or battle, S8.3–S8.5);
 *  - private, per kingdom (its seat's player id), what the kingdom knows exactly of its own
 *    assets and of its own knowledge store (S8.2, S2.17): `provinces` owned, `tax` (the sum of
 *    their tax base), `treasury`, `armies` (its armies, led or in garrison), `characters` (living
 *    characters in its service: King, Heir, Heroes), `known` (provinces explored above 0 %),
 *    `explored` (provinces at 100 %), `sites` (sites in its knowledge store), `merit` (the live
 *    merit points of its characters in the six accumulated Imperial Offices, G-88, rounded to
 *    two decimals: the Emperor's and the Treasurer's "merit" are the tax base and the treasury,
 *    charted on their own) and `discoveries` (its Sage discoveries, §10.5).
 *
 * `statsCharts(history, player, lang)` lays them out as line charts: the player's own figures,
 * one chart each (only when `player` is set, from his own private figures alone), then for
 * everyone the number of Kings still in the game. Another kingdom's figure never enters a chart.
 *
 * History labels are the stored step labels (`turn 3`: the state after turn 3, shown as the
 * year); the empty label is the initial state.
 */
import type { ChartDoc, Lang, PlayerId, StepStats } from '../../engine/ruleset.ts';
import { resolveConfig } from './config.ts';
import { merit } from './kingdom/offices.ts';
import { OWN_COLOR } from './mapdoc.ts';
import type { AKState, OfficeId } from './state.ts';
import { localizeLabel } from './labels.ts';

/** The public figures (game-wide, under the key `all`). */
export const PUBLIC_FIGURES = ['kings'] as const;
/** The private figures kept per kingdom (each player sees only his own). */
export const PRIVATE_FIGURES = ['provinces', 'tax', 'treasury', 'armies', 'characters', 'known', 'explored', 'sites', 'merit', 'discoveries'] as const;
export type PrivateFigure = (typeof PRIVATE_FIGURES)[number];
/** The key of the game-wide public figures. */
export const ALL = 'all';

/** The offices whose merit is accumulated (G-88); Emperor and Treasurer measure the tax base and the treasury. */
const MERIT_OFFICES: readonly OfficeId[] = ['Chancellor', 'Marshal', 'Admiral', 'Defender', 'Priest', 'ArchMage'];
const PUBLIC_COLOR = '#6b5b45';

const round2 = (x: number): number => Math.round(x * 100) / 100;
const byId = (a: number, b: number) => a - b;

export function stats(s: AKState): StepStats {
  const cfg = resolveConfig(s.config).kingdom.offices;
  const ids = Object.keys(s.kingdoms).map(Number).sort(byId);
  const priv: StepStats['private'] = {};
  const fig = new Map<number, Record<PrivateFigure, number>>();
  for (const id of ids) {
    const k = s.kingdoms[id]!;
    const know = s.knowledge[id];
    const pcts = Object.values(know?.provinces ?? {}).map((p) => p.pct);
    const f: Record<PrivateFigure, number> = {
      provinces: 0, tax: 0, treasury: k.treasury, armies: 0, characters: 0,
      known: pcts.filter((p) => p > 0).length, explored: pcts.filter((p) => p >= 100).length,
      sites: Object.keys(know?.sites ?? {}).length, merit: 0, discoveries: k.inventions.length,
    };
    fig.set(id, f);
  }
  for (const p of Object.values(s.provinces)) {
    const f = p.owner !== null ? fig.get(p.owner) : undefined;
    if (f) { f.provinces += 1; f.tax += p.taxBase; }
  }
  for (const a of Object.values(s.armies)) {
    const f = a.kingdom !== null ? fig.get(a.kingdom) : undefined;
    if (f) f.armies += 1;
  }
  const meritSum = new Map<number, number>();
  for (const c of Object.values(s.characters)) {
    const f = c.kingdom !== null ? fig.get(c.kingdom) : undefined;
    if (!f) continue;
    if (c.alive) f.characters += 1;
    // Dead characters keep their merit, less the G-88 deductions (they stay in the office races).
    let m = 0;
    for (const o of MERIT_OFFICES) m += merit(s, cfg, c, o);
    meritSum.set(c.kingdom!, (meritSum.get(c.kingdom!) ?? 0) + m);
  }
  for (const id of ids) {
    const f = fig.get(id)!;
    f.merit = round2(meritSum.get(id) ?? 0);
    priv[s.kingdoms[id]!.player] = { ...f };
  }
  const kings = ids.filter((id) => !s.kingdoms[id]!.eliminated).length;
  return { public: { kings: { [ALL]: kings } }, private: priv };
}

const L = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);

/** The chart's axis: the start, then each step as the ruleset names it in that language. */
function axisLabel(label: string, lang: Lang): string {
  return label === '' ? L(lang, 'début', 'start') : localizeLabel(label, lang);
}

/** The player's own charts: figure and title. */
const OWN_CHARTS: readonly { fig: PrivateFigure; fr: string; en: string }[] = [
  { fig: 'provinces', fr: 'Vos provinces', en: 'Your provinces' },
  { fig: 'tax', fr: 'Votre base d’imposition (somme des taxes de vos provinces)', en: 'Your tax base (sum of your provinces’ tax)' },
  { fig: 'treasury', fr: 'Votre trésor (écus)', en: 'Your treasury (écus)' },
  { fig: 'armies', fr: 'Vos armées', en: 'Your armies' },
  { fig: 'characters', fr: 'Vos personnages à votre service', en: 'Your characters in service' },
  { fig: 'known', fr: 'Provinces connues (exploration > 0 %)', en: 'Provinces known (exploration > 0 %)' },
  { fig: 'explored', fr: 'Provinces entièrement explorées (100 %)', en: 'Provinces fully explored (100 %)' },
  { fig: 'sites', fr: 'Sites connus', en: 'Known sites' },
  { fig: 'merit', fr: 'Vos points de mérite (offices impériaux)', en: 'Your merit points (Imperial Offices)' },
  { fig: 'discoveries', fr: 'Vos découvertes', en: 'Your discoveries' },
];

export function statsCharts(
  history: { label: string; stats: StepStats | null }[],
  player: PlayerId | null,
  lang: Lang,
  players: { id: PlayerId; name: string }[] = [],
): ChartDoc[] {
  const labels = history.map((h) => axisLabel(h.label, lang));
  const charts: ChartDoc[] = [];
  if (player !== null && history.some((h) => h.stats?.private[player] !== undefined)) {
    const name = players.find((p) => p.id === player)?.name ?? player;
    for (const c of OWN_CHARTS) {
      charts.push({
        id: `my-${c.fig}`, title: L(lang, c.fr, c.en), labels,
        series: [{ name, values: history.map((h) => h.stats?.private[player]?.[c.fig] ?? null), color: OWN_COLOR, mine: true }],
      });
    }
  }
  charts.push({
    id: 'kings', title: L(lang, 'Les Rois encore en jeu', 'Kings still in the game'), labels,
    series: [{ name: L(lang, 'Rois', 'Kings'), values: history.map((h) => h.stats?.public.kings?.[ALL] ?? null), color: PUBLIC_COLOR }],
  });
  return charts;
}
