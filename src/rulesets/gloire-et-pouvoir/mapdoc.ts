/**
 * The map as one lord may know it (engine MapDoc), drawn by the platform: every territory in its
 * owner's colour with his number over its name (neutral in grey), the lord's own land outlined,
 * his knights with their armies, his garrisons and fortifications, the knights he can see (on his
 * land or where his knights stand), what his spies reported (hatched when the report is of the
 * last turn), a legend with the lords and their titles; a click on a territory shows what he may
 * know of it. Everything comes from view.ts (the fog of war), never from the raw state of another
 * lord.
 *
 * The map orders (`mapUnits`): for each of the lord's knights, the orders the rules allow from
 * where he stands — MOV to an adjacent neutral, own or allied territory [§4.9], ATT on his own
 * or an adjacent territory that is neither his nor an ally's, with an army [§4.7.1], ARM on his
 * own territory here or adjacent [§4.5.2], AFF of a garrison here or adjacent [§4.6], TSF to a
 * visible knight here or adjacent who is not an enemy [§4.6, P G-15], GAR on his own land.
 * Whether a move ends next to a hostile knight is only known at resolution [P G-26], so MOV is
 * offered and the referee decides.
 *
 * The map reads the sheet being written (issue 13 §4): the knights' men, the garrisons and the
 * treasury are those after this sheet's own phases 1–6, played ahead by the referee
 * (projection.ts), so that a knight whose men are levied by an ARM line of this sheet is offered
 * ATT, as in the rulebook's turn-1 example (levy and attack in one sheet).
 */
import type { Lang, MapAction, MapDoc, MapLegendItem, MapMarker, MapRegion, MapUnit } from '../../engine/ruleset.ts';
import { lordColor, lordTag, NEUTRAL_COLOR } from './colors.ts';
import { getMap, mapIndex } from './maps/index.ts';
import { shapesOf } from './maps/shapes/index.ts';
import type { Order, Sheet } from './orders/types.ts';
import { project } from './projection.ts';
import { orderFormatter } from './orders/parse.ts';
import { FORT_NAMES, formatDec, formatInt, TITLE_NAMES } from './report.ts';
import type { GPState, LordId, TerritoryId } from './state.ts';
import { relation } from './state.ts';
import { playerView } from './view.ts';

const L = (lang: Lang, fr: string, en: string) => (lang === 'fr' ? fr : en);
/** The number the player is asked for, in an order line (replaced by `{n}`). */
const ASKED = 987654321;

/** How many lords the legend lists by name (the player, his allies and enemies first, then the biggest). */
const LEGEND_LORDS = 24;

export function mapDoc(s: GPState, player: LordId | null, lang: Lang, pending: Sheet | null = null): MapDoc {
  const map = getMap(s.map);
  const shapes = shapesOf(s.map);
  const v = playerView(s, player);
  const me = v.me;
  const tname = (id: TerritoryId) => map.territories.find((t) => t.id === id)?.name ?? id;
  const lname = (id: LordId) => s.lords[id]?.name ?? id;
  const int = (x: number) => formatInt(x, lang);
  const dec = (x: number, d = 2) => formatDec(x, d, lang);
  const titleOf = (id: LordId) => { const t = v.lords.find((l) => l.id === id)?.title; return t ? TITLE_NAMES[t][lang] : null; };
  const ownerText = (id: LordId | null) => {
    if (!id) return L(lang, 'neutre', 'neutral');
    const t = titleOf(id);
    const rel = player && id !== player ? relation(s, player, id) : null;
    const relText = rel === 'war' ? L(lang, 'en guerre', 'at war') : rel === 'alliance' ? L(lang, 'allié', 'ally') : null;
    return [lname(id), t, id === player ? L(lang, 'vous', 'you') : relText].filter(Boolean).join(' · ');
  };
  const lastTurn = s.turn - 1;

  const markers: MapMarker[] = [];
  const regions: MapRegion[] = [];
  for (const mt of map.territories) {
    const t = v.territories[mt.id]!;
    const shape = shapes.regions[mt.id];
    if (!shape) throw new Error(`map ${s.map}: no shape for ${mt.id}`);
    const mine = !!me && t.owner === me.id;
    const intel = me?.intel[mt.id];
    const knightsHere = v.knights.filter((k) => k.location === mt.id);
    const seen = !mine && knightsHere.some((k) => k.lord === player);
    const marks: MapRegion['marks'] = [];
    if (mine) marks.push('own');
    if (intel && intel.turn === lastTurn) marks.push('spied');
    if (seen) marks.push('seen');
    const rows: [string, string][] = [
      [L(lang, 'Seigneur', 'Lord'), ownerText(t.owner)],
      [L(lang, 'Bonheur', 'Happiness'), dec(t.happiness)],
      ['Population', int(t.population)],
    ];
    const fort = t.fortification ?? (intel ? intel.fortification : null);
    const coef = t.taxCoef ?? (intel ? intel.taxCoef : null);
    const spyNote = (x: string) => (t.taxCoef === null && intel ? `${x} (${L(lang, 'espion, tour', 'spy, turn')} ${intel.turn})` : x);
    rows.push([L(lang, 'Coefficient d’imposition', 'Tax coefficient'), coef === null ? L(lang, 'inconnu', 'unknown') : spyNote(dec(coef))]);
    rows.push([L(lang, 'Fortification', 'Fortification'), fort === null ? L(lang, 'inconnue', 'unknown') : spyNote(FORT_NAMES[fort][lang])]);
    if (t.garrison !== null) rows.push([L(lang, 'Garnison', 'Garrison'), `${int(t.garrison)} ${L(lang, 'hommes', 'men')}`]);
    else if (intel) rows.push([L(lang, 'Garnison', 'Garrison'), spyNote(`${int(intel.garrison)} ${L(lang, 'hommes', 'men')}`)]);
    if (t.owner === null && intel?.peasantEstimate != null) rows.push([L(lang, 'Paysans (estimation)', 'Peasants (estimate)'), spyNote(int(intel.peasantEstimate))]);
    for (const k of knightsHere) {
      const who = k.lord === player ? k.name : `${k.name} (${lname(k.lord)})`;
      rows.push([L(lang, 'Chevalier', 'Knight'), `${who}${k.men !== null ? ` — ${int(k.men)} ${L(lang, 'hommes', 'men')}` : ''}${k.renown !== null ? ` — ${L(lang, 'renommée', 'renown')} ${dec(k.renown, 1)}` : ''}`]);
    }
    if (intel && !knightsHere.length) {
      for (const k of intel.knights) rows.push([L(lang, 'Chevalier', 'Knight'), spyNote(`${k.name} (${lname(k.lord)}) — ${int(k.men)} ${L(lang, 'hommes', 'men')} — ${L(lang, 'renommée', 'renown')} ${dec(k.renown, 1)}`)]);
    }
    rows.push([L(lang, 'Voisins', 'Neighbours'), mt.adjacent.map(tname).sort((a, b) => a.localeCompare(b)).join(', ')]);
    regions.push({
      id: mt.id, name: mt.name, path: shape.path, label: shape.label,
      fill: t.owner ? lordColor(t.owner) : NEUTRAL_COLOR, marks,
      info: { title: mt.name, rows },
      owner: ownerText(t.owner), neighbours: [...mt.adjacent], ...(t.owner ? { tag: lordTag(t.owner) } : {}),
    });
    // Markers: fortification, garrison, knights (own first), spies' sightings.
    if (fort && fort !== 'none') markers.push({ region: mt.id, symbol: 'fort', color: '#3b3126', title: `${L(lang, 'Fortification', 'Fortification')} : ${FORT_NAMES[fort][lang]}` });
    if (t.garrison) markers.push({ region: mt.id, symbol: 'garrison', color: lordColor(t.owner!), text: compact(t.garrison), title: `${L(lang, 'Garnison', 'Garrison')} : ${int(t.garrison)} ${L(lang, 'hommes', 'men')}` });
    const order = knightsHere.slice().sort((a, b) => Number(b.lord === player) - Number(a.lord === player));
    for (const k of order) {
      markers.push({
        region: mt.id, symbol: 'knight', color: lordColor(k.lord), text: k.men !== null && k.men > 0 ? compact(k.men) : undefined,
        title: `${k.name} (${lname(k.lord)})${k.men !== null ? ` — ${int(k.men)} ${L(lang, 'hommes', 'men')}` : ''}`,
      });
    }
    if (intel && intel.turn === lastTurn) markers.push({ region: mt.id, symbol: 'spy', color: '#5b4a8a', title: `${L(lang, 'Rapport d’espion, tour', 'Spy report, turn')} ${intel.turn}` });
  }

  // Legend: the player, his allies and enemies, then the lords with most land.
  const owners = v.lords.filter((l) => l.territories > 0 || l.id === player);
  const rank = (id: LordId) => (id === player ? 0 : player && relation(s, player, id) !== 'peace' ? 1 : 2);
  owners.sort((a, b) => rank(a.id) - rank(b.id) || b.territories - a.territories || a.name.localeCompare(b.name, undefined, { numeric: true }));
  const legend: MapLegendItem[] = owners.slice(0, LEGEND_LORDS).map((l) => ({
    color: lordColor(l.id), tag: lordTag(l.id),
    label: `${ownerText(l.id)} — ${l.territories} ${l.territories > 1 ? L(lang, 'terres', 'territories') : L(lang, 'terre', 'territory')}`,
  }));
  if (owners.length > LEGEND_LORDS) legend.push({ label: L(lang, `… et ${owners.length - LEGEND_LORDS} autres seigneurs`, `… and ${owners.length - LEGEND_LORDS} other lords`) });
  legend.push({ color: NEUTRAL_COLOR, label: L(lang, 'Terre neutre', 'Neutral land') });
  if (me) legend.push({ mark: 'own', label: L(lang, 'Vos terres', 'Your land') });
  legend.push(
    { symbol: 'knight', label: L(lang, 'Chevalier (et ses hommes)', 'Knight (and his men)') },
    { symbol: 'garrison', label: L(lang, 'Garnison', 'Garrison') },
    { symbol: 'fort', label: L(lang, 'Fortification', 'Fortification') },
  );
  if (me) legend.push({ mark: 'spied', symbol: 'spy', label: L(lang, 'Espionné au dernier tour', 'Spied last turn') });

  return {
    width: shapes.width, height: shapes.height,
    title: `${map.name[lang]} — ${L(lang, 'tour', 'turn')} ${s.turn}${me ? ` — ${me.name}` : ''}`,
    regions,
    crossings: shapes.crossings.map(([a, b]) => ({ a, b })),
    markers, legend,
    units: player && me?.alive ? mapUnits(s, player, lang, pending) : [],
  };
}

/** 12 345 → "12k", 1 234 → "1.2k", 950 → "950": short enough to sit on a map marker. */
function compact(n: number): string {
  if (n >= 10000) return `${Math.round(n / 1000)}k`;
  if (n >= 1000) return `${(Math.round(n / 100) / 10).toString()}k`;
  return String(n);
}

/** The legal map orders of each of the lord's knights, after the sheet being written (see the module comment). */
export function mapUnits(s: GPState, lord: LordId, lang: Lang, pending: Sheet | null = null): MapUnit[] {
  const map = getMap(s.map);
  const idx = mapIndex(map);
  const fmt = orderFormatter(s, lord);
  const line = (o: Order) => fmt(o).replace(String(ASKED), '{n}');
  const me = s.lords[lord];
  // No orders once the game is over (its last map, in the final report, has no order to give).
  if (!me?.alive || s.finished) return [];
  const tname = (id: TerritoryId) => idx.byId.get(id)?.name ?? id;
  const friendly = (other: LordId | null) => other === null || other === lord || relation(s, lord, other) === 'alliance';
  // The pieces after this sheet's phases 1–6; orders name only knights and armies that exist now
  // (a knight recruited or an army levied this turn has no name or number the sheet could use yet).
  const p = project(s, lord, pending).state;
  const treasury = p.lords[lord]?.treasury ?? 0;
  const knights = Object.values(p.knights).filter((k) => s.knights[k.id]?.lord === lord);
  const armies = Object.values(p.armies).filter((a) => s.armies[String(a.id)]?.lord === lord);
  const mine = knights.filter((k) => k.lord === lord).sort((a, b) => Number(b.isLordKnight) - Number(a.isLordKnight) || Number(a.id.slice(1)) - Number(b.id.slice(1)));
  // TSF receivers: the knights of the lord's view (his own, the others in his sight), never the state's others.
  const inSight = playerView(s, lord).knights;
  const men = L(lang, 'hommes', 'men');
  return mine.map((k) => {
    const army = k.army !== null ? p.armies[String(k.army)] ?? null : null;
    const strength = army?.strength ?? 0;
    const here = k.location;
    const around = [here, ...(idx.byId.get(here)?.adjacent ?? [])];
    const actions: MapAction[] = [];
    for (const t of around) {
      const terr = s.territories[t]!;
      const owner = terr.owner;
      if (t !== here && friendly(owner)) {
        actions.push({ region: t, code: 'MOV', label: L(lang, `Aller à ${tname(t)}`, `Move to ${tname(t)}`), line: line({ code: 'MOV', knight: k.id, territory: t }) });
      }
      if (strength > 0 && owner !== lord && !(owner && relation(s, lord, owner) === 'alliance')) {
        const dflt = Math.round(((p.lords[lord]?.retreat ?? me.retreat).knight / 100) * strength);
        actions.push({
          region: t, code: 'ATT', label: L(lang, `Attaquer ${tname(t)}`, `Attack ${tname(t)}`),
          line: line({ code: 'ATT', knight: k.id, territory: t, threshold: ASKED }),
          ask: { label: L(lang, `Repli sous (hommes, sur ${strength})`, `Retreat below (men, of ${strength})`), min: 0, max: strength, value: dflt },
        });
      }
      if (owner === lord && treasury >= 1) {
        actions.push({
          region: t, code: 'ARM', label: L(lang, `Lever une armée à ${tname(t)}`, `Levy an army in ${tname(t)}`),
          line: line({ code: 'ARM', territory: t, amount: ASKED, knight: k.id }),
          ask: { label: L(lang, `Écus (trésor : ${treasury})`, `Écus (treasury: ${treasury})`), min: 1, max: treasury, value: Math.min(1000, treasury) },
        });
      }
      for (const g of armies) {
        if (g.lord !== lord || g.commander !== null || g.location !== t) continue;
        actions.push({ region: t, code: 'AFF', label: L(lang, `Prendre la garnison #${g.id} (${g.strength} ${men})`, `Take command of garrison #${g.id} (${g.strength} ${men})`), line: line({ code: 'AFF', knight: k.id, army: g.id }) });
      }
      if (strength > 0) {
        for (const o of inSight) {
          if (o.id === k.id || o.location !== t || (o.lord !== lord && relation(s, lord, o.lord) === 'war')) continue;
          const who = o.lord === lord ? o.name : `${o.name} (${s.lords[o.lord]?.name ?? o.lord})`;
          actions.push({
            region: t, code: 'TSF', label: L(lang, `Transférer des hommes à ${who}`, `Transfer men to ${who}`),
            line: line({ code: 'TSF', from: k.id, to: o.id, men: ASKED }),
            ask: { label: L(lang, `Hommes (sur ${strength})`, `Men (of ${strength})`), min: 1, max: strength, value: strength },
          });
        }
      }
      if (t === here && owner === lord && strength > 0) {
        actions.push({
          region: t, code: 'GAR', label: L(lang, `Laisser une garnison à ${tname(t)}`, `Leave a garrison in ${tname(t)}`),
          line: line({ code: 'GAR', knight: k.id, men: ASKED }),
          ask: { label: L(lang, `Hommes (sur ${strength})`, `Men (of ${strength})`), min: 1, max: strength, value: strength },
        });
      }
    }
    return {
      id: k.id, region: here, actions,
      label: `${k.name}${k.isLordKnight ? ` (${L(lang, 'chevalier-seigneur', 'lord-knight')})` : ''} — ${tname(here)} — ${strength} ${men}`,
    };
  });
}
