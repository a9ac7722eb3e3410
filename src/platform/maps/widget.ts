/**
 * The map in a page: the SVG drawing, a panel that shows what the player may know of the region
 * he clicks, and — on the order page — the map orders: pick one of your pieces, the regions where
 * it has a legal order light up, click one, choose the order (and a number when it needs one):
 * the line is written to the order sheet, which stays editable as text (map.js, orders.js).
 */
import type { Lang, MapDoc } from '../../engine/ruleset.ts';
import { html, raw, scriptJson, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { renderMapSvg } from './svg.ts';

messages({
  'map.title': { fr: 'Carte', en: 'Map' },
  'map.click-help': { fr: 'Cliquez sur une terre pour voir ce que vous en savez.', en: 'Click a territory to see what you know of it.' },
  'map.orders': { fr: 'Ordres sur la carte', en: 'Orders on the map' },
  'map.orders-help': { fr: 'Choisissez une de vos pièces, puis une terre en surbrillance : la carte propose les ordres permis et les écrit dans la feuille.', en: 'Pick one of your pieces, then a highlighted territory: the map offers the legal orders and writes them to the sheet.' },
  'map.pick-unit': { fr: 'Pièce', en: 'Piece' },
  'map.no-unit': { fr: '— aucune —', en: '— none —' },
  'map.no-action': { fr: 'Aucun ordre possible ici pour cette pièce.', en: 'No legal order here for this piece.' },
  'map.write': { fr: 'Écrire l’ordre', en: 'Write the order' },
  'map.written': { fr: 'Ajouté à la feuille :', en: 'Added to the sheet:' },
  'map.legend': { fr: 'Légende', en: 'Legend' },
  'map.full': { fr: 'Carte en grand', en: 'Full-size map' },
  'map.png': { fr: 'Image (PNG)', en: 'Image (PNG)' },
  'map.zoom': { fr: 'Zoom', en: 'Zoom' },
  'map.zoom-in': { fr: 'Agrandir', en: 'Zoom in' },
  'map.zoom-out': { fr: 'Réduire', en: 'Zoom out' },
  'map.zoom-fit': { fr: 'Carte entière', en: 'Whole map' },
  'map.bad-number': { fr: 'Nombre attendu entre {min} et {max}.', en: 'A number between {min} and {max} is expected.' },
});

/** `unitsUrl`: where the order page's map reloads its map orders after each save of the sheet. */
export function mapWidget(doc: MapDoc, lang: Lang, opts: { orders: boolean; links?: { svg?: string; png?: string; full?: string }; unitsUrl?: string }): Html {
  const data = {
    regions: Object.fromEntries(doc.regions.map((r) => [r.id, r.info])),
    units: opts.orders ? doc.units : [],
    unitsUrl: opts.orders ? opts.unitsUrl ?? null : null,
    msgs: {
      noAction: t(lang, 'map.no-action'), write: t(lang, 'map.write'), written: t(lang, 'map.written'),
      badNumber: t(lang, 'map.bad-number', { min: '{min}', max: '{max}' }),
    },
  };
  const links = opts.links ?? {};
  return html`<div class="map-widget" id="map-widget">
    <div class="map-main">
      <div class="map-zoom" role="group" aria-label="${t(lang, 'map.zoom')}"><button type="button" data-zoom="out" title="${t(lang, 'map.zoom-out')}">−</button><button type="button" data-zoom="in" title="${t(lang, 'map.zoom-in')}">+</button><button type="button" data-zoom="fit" title="${t(lang, 'map.zoom-fit')}">⤢</button></div>
      <div class="map-frame">${raw(renderMapSvg(doc, { legend: true, idPrefix: 'mw' }))}</div>
    </div>
    <aside class="map-side">
      ${opts.orders && doc.units.length ? html`<section class="map-orders">
        <h3>${t(lang, 'map.orders')}</h3>
        <p class="muted small">${t(lang, 'map.orders-help')}</p>
        <label class="field"><span>${t(lang, 'map.pick-unit')}</span>
          <select id="map-unit"><option value="">${t(lang, 'map.no-unit')}</option>${doc.units.map((u) => html`<option value="${u.id}">${u.label}</option>`)}</select></label>
        <div id="map-actions" aria-live="polite"></div>
        <p id="map-written" class="ok small" aria-live="polite"></p>
      </section>` : ''}
      <section class="map-info" id="map-info" aria-live="polite"><p class="muted small">${t(lang, 'map.click-help')}</p></section>
      <p class="small">${links.full ? html`<a href="${links.full}">${t(lang, 'map.full')}</a> · ` : ''}${links.png ? html`<a href="${links.png}">${t(lang, 'map.png')}</a>` : ''}</p>
    </aside>
    <script type="application/json" id="map-data">${scriptJson(data)}</script>
  </div>`;
}
