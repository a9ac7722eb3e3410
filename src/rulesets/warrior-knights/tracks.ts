/**
 * The tracks and trigger zones beside the board (issue 21 "Around it": "the tracks and trigger
 * zones beside it"), as one section of bars for the game page (`presentView`): how far each
 * trigger zone has filled towards its 2N cards (§4.2.4, its special phase named, "waiting" once
 * fired [P G-A58]), the Mercenary track's shields towards the Draft's N + 1 [P G-A01], each
 * expedition's space, blessing and stakes (§4.8), and the Influence taken from the reserve (the
 * game's length, §7.1). Each baron's Influence and Faith stay in the "Barons" table beside it.
 * Public information only (§2.12, §9.4): zones and tracks lie face up on the table; no deck, pile
 * or secret answer is read.
 */
import type { Lang, ViewSection } from '../../engine/ruleset.ts';
import { fill } from '../../engine/localize.ts';
import { baronName, type BaronId } from './barons.ts';
import { DESTINATIONS, DESTINATION_NAMES, ZONES, ZONE_NAMES, type Zone } from './cards.ts';
import { draftShields, influenceReserve, zoneThreshold } from './constants.ts';
import type { WkState } from './state.ts';

type Phase = WkState['pendingPhases'][number];
const PHASES: Record<Phase, { fr: string; en: string }> = {
  taxation: { fr: 'Impôts', en: 'Taxation' },
  wages: { fr: 'Soldes', en: 'Wages' },
  assembly: { fr: 'Assemblée', en: 'Assembly' },
  draft: { fr: 'Recrutement de mercenaires', en: 'Mercenary Draft' },
};
const ZONE_PHASE: Record<Zone, Phase> = { taxes: 'taxation', wages: 'wages', assembly: 'assembly' };

const T = {
  title: { fr: 'Pistes et zones de déclenchement', en: 'Tracks and trigger zones' },
  zone: { fr: 'Zone {z}', en: 'Zone {z}' },
  zoneText: { fr: '{n} / {t} cartes — à {t} : {p}', en: '{n} / {t} cards — at {t}: {p}' },
  track: { fr: 'Piste des mercenaires', en: 'Mercenary track' },
  trackText: { fr: '{n} / {t} écussons — à {t} : {p}', en: '{n} / {t} shields — at {t}: {p}' },
  waiting: { fr: ' (déclenché, en attente)', en: ' (fired, waiting)' },
  expedition: { fr: 'Expédition : {d}', en: 'Expedition: {d}' },
  noExpedition: { fr: 'aucune en route', en: 'none under way' },
  expeditionText: { fr: 'case {n} / {t}', en: 'space {n} / {t}' },
  blessed: { fr: 'bénie', en: 'blessed' },
  stakes: { fr: 'mises : {s}', en: 'stakes: {s}' },
  influence: { fr: 'Influence prise à la réserve', en: 'Influence taken from the reserve' },
  influenceText: { fr: '{n} / {t} — il en reste {r}', en: '{n} / {t} — {r} left' },
  lastTurn: { fr: ' ; réserve vide : dernier tour', en: '; reserve empty: last turn' },
} as const;

const share = (n: number, of: number): number => (of > 0 ? Math.max(0, Math.min(1, n / of)) : 0);

/** The section (bars, one per zone and track) in this language; barons named as the game's pages name them. */
export function tracksSection(s: WkState, names: Partial<Record<BaronId, string>>, lang: Lang): ViewSection {
  const who = baronName(names);
  const n = s.players.length;
  const bars: { label: string; share: number; text: string }[] = [];
  const waiting = (p: Phase) => (s.pendingPhases.includes(p) ? T.waiting[lang] : '');
  for (const z of ZONES) {
    const t = zoneThreshold(s.config, n), have = s.zones[z].length, p = ZONE_PHASE[z];
    bars.push({ label: fill(T.zone, { z: ZONE_NAMES[z][lang] })[lang], share: share(have, t), text: fill(T.zoneText, { n: have, t, p: PHASES[p][lang] })[lang] + waiting(p) });
  }
  // The Mercenary track: the shields on it, and whose (in track order, one name per baron with his count).
  const shields = s.track.filter((x): x is BaronId => x !== null);
  const t = draftShields(s.config, n);
  const owners = [...new Set(shields)].map((b) => { const k = shields.filter((x) => x === b).length; return k > 1 ? `${who(b)} ×${k}` : who(b); });
  bars.push({ label: T.track[lang], share: share(shields.length, t), text: fill(T.trackText, { n: shields.length, t, p: PHASES.draft[lang] })[lang] + waiting('draft') + (owners.length ? ` (${owners.join(', ')})` : '') });
  for (const d of DESTINATIONS) {
    const e = s.expeditions[d];
    const label = fill(T.expedition, { d: DESTINATION_NAMES[d][lang] })[lang];
    if (!e) { bars.push({ label, share: 0, text: T.noExpedition[lang] }); continue; }
    const parts = [fill(T.expeditionText, { n: e.space, t: s.config.expedition.spaces })[lang]];
    if (e.blessed) parts.push(T.blessed[lang]);
    if (e.stakes.length) parts.push(fill(T.stakes, { s: e.stakes.map((st) => `${who(st.baron)} ${st.crowns}`).join(', ') })[lang]);
    bars.push({ label, share: share(e.space, s.config.expedition.spaces), text: parts.join(' · ') });
  }
  const total = influenceReserve(s.config, n);
  const taken = total - s.influenceReserve;
  bars.push({ label: T.influence[lang], share: share(taken, total), text: fill(T.influenceText, { n: taken, t: total, r: s.influenceReserve })[lang] + (s.lastTurn ? T.lastTurn[lang] : '') });
  return { title: T.title[lang], kind: 'bars', bars };
}
