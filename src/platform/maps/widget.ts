/**
 * The map in a page: the SVG drawing, a panel that shows what the player may know of the region
 * he clicks, and — on the order page — the map orders: pick one of your pieces, the regions where
 * it has a legal order light up, click one, choose the order (and a number when it needs one):
 * the line is written to the order sheet, which stays editable as text (map.js, orders.js).
 *
 * Everyone can use it (issue 22 §2): the regions are buttons reachable by keyboard (svg.ts
 * `interactive`), the map orders can be given from two lists (piece, then territory) as well as
 * by clicks, the zoom buttons are named, the legend is text, and the whole map is also a table
 * (`mapTable`: every territory with its owner, markers, neighbours and what the player knows),
 * built from the same MapDoc as the drawing, hence with the same fog of war.
 */
import type { Lang, MapDoc, MapTrail } from '../../engine/ruleset.ts';
import { escapeHtml, html, raw, scriptJson, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { markPath, renderMapSvg, symbol } from './svg.ts';

messages({
  'map.title': { fr: 'Carte', en: 'Map' },
  'map.click-help': { fr: 'Choisissez une terre pour voir ce que vous en savez : d’un clic, ou au clavier (Tab jusqu’à la carte, flèches pour aller d’une terre à l’autre, Entrée ou Espace pour l’ouvrir).', en: 'Choose a territory to see what you know of it: click it, or from the keyboard (Tab to the map, arrow keys to go from one territory to the next, Enter or Space to open it).' },
  'map.orders': { fr: 'Ordres sur la carte', en: 'Orders on the map' },
  'map.orders-help': { fr: 'Choisissez une de vos pièces, puis une terre (en surbrillance sur la carte, ou dans la liste « Terre visée ») : la carte propose les ordres permis et les écrit dans la feuille.', en: 'Pick one of your pieces, then a territory (highlighted on the map, or in the “Target territory” list): the map offers the legal orders and writes them to the sheet.' },
  'map.pick-unit': { fr: 'Pièce', en: 'Piece' },
  'map.pick-target': { fr: 'Terre visée', en: 'Target territory' },
  'map.no-target': { fr: '— choisissez d’abord une pièce —', en: '— pick a piece first —' },
  'map.target-here': { fr: '(où elle se trouve)', en: '(where it stands)' },
  'map.text': { fr: 'La carte en texte (tableau des terres)', en: 'The map as text (table of territories)' },
  'map.table-caption': { fr: 'Les terres, telles que vous les connaissez', en: 'The territories, as far as you know them' },
  'map.col-region': { fr: 'Terre', en: 'Territory' },
  'map.col-owner': { fr: 'Possesseur', en: 'Owner' },
  'map.col-markers': { fr: 'Sur la carte', en: 'On the map' },
  'map.col-neighbours': { fr: 'Voisins', en: 'Neighbours' },
  'map.col-known': { fr: 'Ce que vous en savez', en: 'What you know' },
  'map.unknown-owner': { fr: '—', en: '—' },
  'map.no-unit': { fr: '— aucune —', en: '— none —' },
  'map.no-action': { fr: 'Aucun ordre possible ici pour cette pièce.', en: 'No legal order here for this piece.' },
  'map.write': { fr: 'Écrire l’ordre', en: 'Write the order' },
  'map.written': { fr: 'Ajouté à la feuille :', en: 'Added to the sheet:' },
  'map.orders-help-prompt': { fr: 'Choisissez une de vos pièces, puis une terre (en surbrillance sur la carte, ou dans la liste « Terre visée ») : la carte propose les réponses permises à la question en cours et les écrit dans sa réponse, que vous envoyez ensuite.', en: 'Pick one of your pieces, then a territory (highlighted on the map, or in the “Target territory” list): the map offers the legal answers to the open question and writes them into its answer, which you then send.' },
  'map.filled': { fr: 'Formulaire rempli, à envoyer :', en: 'Form filled in, to send:' },
  'map.form-gone': { fr: 'Cette question n’est plus ouverte : la carte se met à jour.', en: 'This question is no longer open: the map is being updated.' },
  'map.legend': { fr: 'Légende', en: 'Legend' },
  'map.full': { fr: 'Carte en grand', en: 'Full-size map' },
  'map.png': { fr: 'Image (PNG)', en: 'Image (PNG)' },
  'map.zoom': { fr: 'Zoom', en: 'Zoom' },
  'map.zoom-in': { fr: 'Agrandir', en: 'Zoom in' },
  'map.zoom-out': { fr: 'Réduire', en: 'Zoom out' },
  'map.zoom-fit': { fr: 'Carte entière', en: 'Whole map' },
  'map.zoom-in-name': { fr: 'Agrandir la carte', en: 'Zoom in on the map' },
  'map.zoom-out-name': { fr: 'Réduire la carte', en: 'Zoom out of the map' },
  'map.zoom-fit-name': { fr: 'Voir la carte entière', en: 'Show the whole map' },
  'map.bad-number': { fr: 'Nombre attendu entre {min} et {max}.', en: 'A number between {min} and {max} is expected.' },
});

/** `unitsUrl`: where the order page's map reloads its map orders after each save of the sheet. */
/**
 * The parts of the widget drawn from the map alone, not from the pieces that take orders (`units`):
 * the drawing, the legend and the table. A page that shows one state many times keeps them.
 */
export interface MapWidgetParts { svg: Html; legend: Html; table: Html }
export function mapWidgetParts(doc: MapDoc, lang: Lang, tableOpen: boolean): MapWidgetParts {
  return { svg: raw(renderMapSvg(doc, { legend: false, idPrefix: 'mw', interactive: true })), legend: mapLegend(doc, lang), table: mapTable(doc, lang, tableOpen) };
}

/** `parts`: mapWidgetParts of this map (the same regions, markers and legend), when the page keeps them. */
/**
 * `prompts`: a page of a game of prompts (prompt-page.ts): its map orders answer the open
 * question (a sheet's lines, or a guided form filled), come and go with the questions (reloaded
 * from `unitsUrl` when the prompt part is refreshed), so the orders' panel is there, hidden, even
 * while there are none. `trails`: the orders already written (the ruleset's `mapTrails`), drawn
 * as numbered arrows, and drawn again with each reload of the map orders.
 */
export function mapWidget(doc: MapDoc, lang: Lang, opts: { orders: boolean; links?: { svg?: string; png?: string; full?: string }; unitsUrl?: string; tableOpen?: boolean; parts?: MapWidgetParts; prompts?: boolean; trails?: MapTrail[] }): Html {
  const parts = opts.parts ?? mapWidgetParts(doc, lang, opts.tableOpen ?? false);
  const data = {
    regions: Object.fromEntries(doc.regions.map((r) => [r.id, r.info])),
    names: Object.fromEntries(doc.regions.map((r) => [r.id, r.name])),
    units: opts.orders ? doc.units : [],
    // the orders written, drawn as arrows between the regions' name points (map.js `drawTrails`)
    trails: opts.orders ? opts.trails ?? [] : [],
    at: opts.orders ? Object.fromEntries(doc.regions.map((r) => [r.id, r.label])) : {},
    unitsUrl: opts.orders ? opts.unitsUrl ?? null : null,
    prompts: !!opts.prompts,
    msgs: {
      filled: t(lang, 'map.filled'), formGone: t(lang, 'map.form-gone'),
      noAction: t(lang, 'map.no-action'), write: t(lang, 'map.write'), written: t(lang, 'map.written'),
      noTarget: t(lang, 'map.no-target'), here: t(lang, 'map.target-here'),
      badNumber: t(lang, 'map.bad-number', { min: '{min}', max: '{max}' }),
    },
  };
  const links = opts.links ?? {};
  const zoom = (k: string, sign: string) => html`<button type="button" data-zoom="${k}" title="${t(lang, `map.zoom-${k}`)}" aria-label="${t(lang, `map.zoom-${k}-name`)}">${sign}</button>`;
  return html`<link rel="stylesheet" href="/static/maps.css"><div class="map-widget" id="map-widget">
    <div class="map-main">
      <div class="map-tools">
        <div class="map-zoom" role="group" aria-label="${t(lang, 'map.zoom')}">${zoom('out', '−')}${zoom('in', '+')}${zoom('fit', '⤢')}</div>
        <a class="small" href="#map-table">${t(lang, 'map.text')}</a>
      </div>
      <div class="map-frame">${parts.svg}</div>
      ${parts.legend}
    </div>
    <aside class="map-side">
      ${opts.orders && (doc.units.length || opts.prompts) ? html`<section class="map-orders" id="map-orders"${doc.units.length ? '' : raw(' hidden')}>
        <h3>${t(lang, 'map.orders')}</h3>
        <p class="muted small">${t(lang, opts.prompts ? 'map.orders-help-prompt' : 'map.orders-help')}</p>
        <label class="field"><span>${t(lang, 'map.pick-unit')}</span>
          <select id="map-unit"><option value="">${t(lang, 'map.no-unit')}</option>${doc.units.map((u) => html`<option value="${u.id}">${u.label}</option>`)}</select></label>
        <label class="field"><span>${t(lang, 'map.pick-target')}</span>
          <select id="map-target" disabled><option value="">${t(lang, 'map.no-target')}</option></select></label>
        <div id="map-actions" aria-live="polite"></div>
        <p id="map-written" class="ok small" aria-live="polite"></p>
      </section>` : ''}
      <section class="map-info" id="map-info" aria-live="polite"><p class="muted small">${t(lang, 'map.click-help')}</p></section>
      <p class="small">${links.full ? html`<a href="${links.full}">${t(lang, 'map.full')}</a> · ` : ''}${links.png ? html`<a href="${links.png}">${t(lang, 'map.png')}</a>` : ''}</p>
    </aside>
    <script type="application/json" id="map-data">${scriptJson(data)}</script>
  </div>
  ${parts.table}`;
}

/** The legend as text, each item with its swatch (drawn as on the map, hidden from assistive technology). */
function mapLegend(doc: MapDoc, lang: Lang): Html {
  if (!doc.legend.length) return html``;
  return html`<section class="map-legend" aria-labelledby="map-legend-title"><h3 id="map-legend-title" class="small">${t(lang, 'map.legend')}</h3><ul>${doc.legend.map((item) => {
    const sw = 'M1 1h22v16h-22z';
    const parts: string[] = [];
    if (item.color) parts.push(`<path d="${sw}" fill="${escapeHtml(item.color)}" stroke="#5b5042" stroke-width="0.8"/>`);
    if (item.mark) parts.push(markPath(sw, item.mark, 'mw'));
    if (item.symbol) parts.push(symbol(item.symbol, 12, 9, 15, item.color ?? '#9a8f7a'));
    if (item.tag) parts.push(`<text x="12" y="14" font-size="12" font-weight="bold" text-anchor="middle" fill="#1f1a14" stroke="#fff" stroke-width="3" stroke-opacity="0.8" paint-order="stroke">${escapeHtml(item.tag)}</text>`);
    const swatch = parts.length ? raw(`<svg class="swatch" viewBox="0 0 24 18" width="24" height="18" aria-hidden="true" focusable="false">${parts.join('')}</svg>`) : '';
    return html`<li>${swatch}<span>${item.label}</span></li>`;
  })}</ul></section>`;
}

/**
 * The map as a table (issue 22 §2): each territory with its owner, what is drawn on it (the
 * markers' titles), its neighbours and what the player knows of it (the panel's rows). Built from
 * the MapDoc the drawing comes from: it tells nothing the map does not.
 */
export function mapTable(doc: MapDoc, lang: Lang, open: boolean): Html {
  const names = new Map(doc.regions.map((r) => [r.id, r.name]));
  const markers = new Map<string, string[]>();
  for (const m of doc.markers) markers.set(m.region, [...(markers.get(m.region) ?? []), m.title]);
  const rows = doc.regions.slice().sort((a, b) => a.info.title.localeCompare(b.info.title, lang, { numeric: true }));
  return html`<details class="map-text" id="map-table"${open ? raw(' open') : ''}>
    <summary>${t(lang, 'map.text')}</summary>
    <div class="table-wrap" tabindex="0" role="region" aria-labelledby="map-table-caption">
    <table class="map-table">
      <caption id="map-table-caption">${t(lang, 'map.table-caption')} — ${doc.title}</caption>
      <thead><tr><th scope="col">${t(lang, 'map.col-region')}</th><th scope="col">${t(lang, 'map.col-owner')}</th><th scope="col">${t(lang, 'map.col-markers')}</th><th scope="col">${t(lang, 'map.col-neighbours')}</th><th scope="col">${t(lang, 'map.col-known')}</th></tr></thead>
      <tbody>${rows.map((r) => html`<tr data-region="${r.id}">
        <th scope="row">${r.info.title}</th>
        <td>${r.owner ?? t(lang, 'map.unknown-owner')}${r.tag ? html` <span class="tag">(${r.tag})</span>` : ''}</td>
        <td>${(markers.get(r.id) ?? []).join(' ; ')}</td>
        <td>${(r.neighbours ?? []).map((n) => names.get(n) ?? n).sort((a, b) => a.localeCompare(b, lang, { numeric: true })).join(', ')}</td>
        <td>${r.info.rows.map(([k, v], i) => html`${i ? '; ' : ''}${k}${lang === 'fr' ? ' : ' : ': '}${v}`)}</td>
      </tr>`)}</tbody>
    </table></div>
  </details>`;
}
