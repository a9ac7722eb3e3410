/**
 * Draws a ruleset's MapDoc as SVG — the same drawing in the page (interactive: regions carry
 * `data-region`) and, rasterised by png.ts, in mails. It knows no rule: shapes, fills, labels,
 * dashed crossings, zones under the regions and borders over them when the doc has them (Fief),
 * marker symbols stacked under each name, an owner's tag over the name (his
 * number: colour is never the only cue), and a legend panel on the right (the page writes its
 * legend as text instead and makes the regions keyboard buttons: `interactive`).
 */
import type { MapDoc, MapMark, MapRegion, MapSymbol } from '../../engine/ruleset.ts';
import { escapeHtml as esc } from '../http/html.ts';

export const MAP_FONT = 'DejaVu Sans, Verdana, sans-serif';
export const SEA = '#b9d3df';
/**
 * The smallest name on a map, in map units (issue 22 §3; names used to shrink to 6 to fit their
 * shapes): the page never draws a map narrower than `MIN_PX / MIN_LABEL` of its width
 * (`minWidth`), so a name is at least MIN_PX CSS pixels there. Larger names would overlap their
 * neighbours on the densest map (Europe); the zoom buttons enlarge them further.
 */
export const MIN_LABEL = 10;
export const MIN_PX = 9.5;
const BORDER = '#5b5042';
const LEGEND_W = 330;

export interface SvgOptions {
  /** Draw the legend panel at the right (default true). */
  legend?: boolean;
  /** An id prefix for defs, so that several maps can share a page. */
  idPrefix?: string;
  /**
   * The page's drawing (map.js): each region is a button reachable by keyboard (one tab stop,
   * arrow keys move to the next region that way, Enter or Space opens its panel), named by its
   * name and owner; what is drawn over the regions is hidden from assistive technology (the
   * regions' names and the text version of the map say it).
   */
  interactive?: boolean;
}

/** The narrowest the page draws a map (CSS pixels) so that its smallest name is MIN_PX. */
export function minWidth(doc: Pick<MapDoc, 'width'>): number {
  return Math.ceil((doc.width * MIN_PX) / MIN_LABEL);
}

const n1 = (x: number) => String(Math.round(x * 10) / 10);

export function renderMapSvg(doc: MapDoc, opts: SvgOptions = {}): string {
  const withLegend = opts.legend ?? true;
  const p = opts.idPrefix ?? 'm';
  const fs = fontSize(doc);
  const byId = new Map(doc.regions.map((r) => [r.id, r]));
  const legendLine = 24;
  const legendH = 60 + doc.legend.length * legendLine;
  const W = doc.width + (withLegend ? LEGEND_W : 0);
  const H = Math.max(doc.height, withLegend ? legendH : 0);
  const out: string[] = [];
  const live = opts.interactive ?? false;
  const hidden = live ? ' aria-hidden="true"' : '';
  out.push(live
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" class="map-svg" role="group" aria-label="${esc(doc.title)}" style="min-width: ${minWidth(doc)}px" font-family="${MAP_FONT}">`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" class="map-svg" role="img" aria-label="${esc(doc.title)}" font-family="${MAP_FONT}">`);
  out.push(`<title>${esc(doc.title)}</title>`);
  out.push('<defs>',
    `<pattern id="${p}-hatch" patternUnits="userSpaceOnUse" width="7" height="7" patternTransform="rotate(45)"><rect width="7" height="7" fill="none"/><line x1="0" y1="0" x2="0" y2="7" stroke="#3d2f6b" stroke-width="2.2" stroke-opacity="0.55"/></pattern>`,
    '</defs>');
  out.push(`<rect x="0" y="0" width="${doc.width}" height="${doc.height}" fill="${esc(doc.ground ?? SEA)}"${hidden}/>`);
  // Zones under the regions (Fief's fiefs): land on which the regions stand, joined by the crossings.
  const zones = doc.zones ?? [];
  if (zones.some((z) => !z.over)) out.push(`<g class="zones"${hidden} pointer-events="none">${zones.filter((z) => !z.over).map(zonePath).join('')}</g>`);
  // Sea crossings under the land: only their sea part shows.
  out.push(`<g class="crossings"${hidden} stroke="#4d6f86" stroke-width="${n1(fs / 6)}" stroke-dasharray="${n1(fs / 2)} ${n1(fs / 3)}" fill="none">`);
  for (const c of doc.crossings) {
    const a = byId.get(c.a);
    const b = byId.get(c.b);
    if (a && b) out.push(`<line x1="${n1(a.label[0])}" y1="${n1(a.label[1])}" x2="${n1(b.label[0])}" y2="${n1(b.label[1])}"/>`);
  }
  out.push('</g>');
  out.push(`<g class="regions" stroke="${BORDER}" stroke-width="0.9" stroke-linejoin="round" fill-rule="evenodd">`);
  doc.regions.forEach((r, i) => {
    const a11y = live
      ? ` role="button" tabindex="${i === 0 ? 0 : -1}" aria-label="${esc(regionName(r))}" data-x="${n1(r.label[0])}" data-y="${n1(r.label[1])}"`
      : '';
    out.push(`<path d="${esc(r.path)}" fill="${esc(r.fill)}" data-region="${esc(r.id)}" class="region"${a11y}><title>${esc(r.name)}</title></path>`);
  });
  out.push('</g>');
  // Emphasis overlays: hatching for spied land, dotted outline for seen, thick outline for own land.
  out.push(`<g class="marks"${hidden} pointer-events="none" fill="none" fill-rule="evenodd">`);
  for (const r of doc.regions) {
    for (const m of r.marks ?? []) out.push(markPath(r.path, m, p));
  }
  out.push('</g>');
  // Borders over the regions (Fief's bishoprics and fiefs), then the zones' names.
  if (zones.length) {
    out.push(`<g class="borders"${hidden} pointer-events="none" fill="none" stroke-linecap="round">${zones.filter((z) => z.over).map(zonePath).join('')}</g>`);
    const zfs = Math.max(MIN_LABEL, fs * 0.8);
    out.push(`<g class="zone-labels"${hidden} pointer-events="none" font-size="${n1(zfs)}" font-style="italic" text-anchor="middle" fill="#1f1a14" stroke="#ffffff" stroke-opacity="0.85" stroke-width="${n1(fs / 4)}" paint-order="stroke" stroke-linejoin="round">`);
    for (const z of zones) {
      if (!z.label) continue;
      const [x, y] = z.label.at;
      const top = y - ((z.label.lines.length - 1) * zfs * 1.15) / 2 + zfs * 0.35;
      z.label.lines.forEach((line, i) => out.push(`<text x="${n1(x)}" y="${n1(top + i * zfs * 1.15)}">${esc(line)}</text>`));
    }
    out.push('</g>');
  }
  const lfs = Math.max(fs, MIN_LABEL);
  out.push(`<g class="labels"${hidden} pointer-events="none" font-size="${n1(lfs)}" text-anchor="middle" fill="#1f1a14" stroke="#ffffff" stroke-opacity="0.8" stroke-width="${n1(fs / 4)}" paint-order="stroke" stroke-linejoin="round">`);
  const sizes = new Map(doc.regions.map((r) => [r.id, labelSize(r, fs)]));
  for (const r of doc.regions) {
    const f = sizes.get(r.id)!;
    out.push(`<text x="${n1(r.label[0])}" y="${n1(r.label[1])}"${f !== lfs ? ` font-size="${n1(f)}"` : ''}>${esc(r.name)}</text>`);
    // The owner's tag over the name: ownership is never told by colour alone (issue 22 §3).
    if (r.tag) out.push(`<text x="${n1(r.label[0])}" y="${n1(r.label[1] - f * 0.95)}" font-size="${n1(Math.max(MIN_LABEL, f * 0.9))}" font-weight="bold" class="tag">${esc(r.tag)}</text>`);
  }
  out.push('</g>');
  // Markers, stacked in a row under each name.
  const rows = new Map<string, typeof doc.markers>();
  for (const m of doc.markers) rows.set(m.region, [...(rows.get(m.region) ?? []), m]);
  const size = (region: string) => Math.max(Math.min(fs, fitSize(byId.get(region)!, fs)), fs * 0.75);
  const s0 = fs * 1.05;
  out.push(`<g class="markers"${hidden} font-size="${n1(fs * 0.82)}" stroke-linejoin="round">`);
  for (const [region, ms] of rows) {
    const r = byId.get(region);
    if (!r) continue;
    const k = size(region) / fs;
    const s = s0 * k;
    const widths = ms.map((m) => s + (m.text ? m.text.length * fs * k * 0.5 + 2 : 0) + 3);
    let x = r.label[0] - widths.reduce((a, b) => a + b, 0) / 2;
    const y = r.label[1] + Math.max(sizes.get(region) ?? fs, fs * k) * 0.45;
    ms.forEach((m, i) => {
      out.push(`<g class="marker marker-${m.symbol}" data-region="${esc(region)}"><title>${esc(m.title)}</title>${symbol(m.symbol, x + s / 2, y + s / 2, s, m.color)}`);
      if (m.text) out.push(`<text x="${n1(x + s + 1)}" y="${n1(y + s * 0.8)}" fill="#1f1a14" stroke="#fff" stroke-width="${n1(fs / 5)}" stroke-opacity="0.85" paint-order="stroke"${k < 1 ? ` font-size="${n1(fs * 0.82 * k)}"` : ''}>${esc(m.text)}</text>`);
      out.push('</g>');
      x += widths[i]!;
    });
  }
  out.push('</g>');
  if (withLegend) {
    const x0 = doc.width + 16;
    out.push(`<g class="legend" font-size="13"><rect x="${doc.width}" y="0" width="${LEGEND_W}" height="${H}" fill="#f7f3ea"/>`);
    out.push(`<text x="${x0}" y="28" font-size="15" font-weight="bold" fill="#1f1a14">${esc(doc.title)}</text>`);
    doc.legend.forEach((item, i) => {
      const y = 52 + i * legendLine;
      const sw = `M${x0} ${y}h22v16h-22z`;
      if (item.color) out.push(`<path d="${sw}" fill="${esc(item.color)}" stroke="${BORDER}" stroke-width="0.8"/>`);
      if (item.tag) out.push(`<text x="${x0 + 11}" y="${y + 13}" font-size="12" font-weight="bold" text-anchor="middle" fill="#1f1a14" stroke="#fff" stroke-width="3" stroke-opacity="0.8" paint-order="stroke">${esc(item.tag)}</text>`);
      if (item.mark) out.push(markPath(sw, item.mark, p));
      if (item.symbol) out.push(symbol(item.symbol, x0 + 11, y + 8, 15, item.color ?? '#9a8f7a'));
      out.push(`<text x="${x0 + 30}" y="${y + 13}" fill="#1f1a14">${esc(clip(item.label, 40))}</text>`);
    });
    out.push('</g>');
  }
  out.push('</svg>');
  return out.join('\n');
}

function zonePath(z: NonNullable<MapDoc['zones']>[number]): string {
  const attrs = [`d="${esc(z.path)}"`, `fill="${esc(z.fill ?? 'none')}"`];
  if (z.stroke) attrs.push(`stroke="${esc(z.stroke)}"`, `stroke-width="${n1(z.strokeWidth ?? 1)}"`);
  if (z.dash) attrs.push(`stroke-dasharray="${esc(z.dash)}"`);
  return `<path ${attrs.join(' ')}/>`;
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** Label size from the density of regions: 14 on Scandinavia, about 10 on Europe. */
export function fontSize(doc: Pick<MapDoc, 'width' | 'height' | 'regions'>): number {
  const per = Math.sqrt((doc.width * doc.height) / Math.max(1, doc.regions.length));
  return Math.max(8, Math.min(14, per / 8.5));
}

export function markPath(d: string, m: MapMark, p: string): string {
  if (m === 'own') return `<path d="${esc(d)}" fill="none" stroke="#1f1a14" stroke-width="2.6" class="mark-own"/>`;
  if (m === 'spied') return `<path d="${esc(d)}" fill="url(#${p}-hatch)" class="mark-spied"/>`;
  return `<path d="${esc(d)}" fill="none" stroke="#1f1a14" stroke-width="1.6" stroke-dasharray="2 3" class="mark-seen"/>`;
}

/** A name's size: the map's label size, smaller where the shape is too narrow for the name, never under MIN_LABEL. */
export function labelSize(r: { name: string; path: string }, fs: number): number {
  return Math.max(MIN_LABEL, Math.min(fs, fitSize(r, fs)));
}

/** The size at which a name fits its shape's width. */
function fitSize(r: { name: string; path: string }, fs: number): number {
  const width = pathWidth(r.path);
  if (!Number.isFinite(width)) return fs;
  return (1.75 * width) / Math.max(4, r.name.length);
}

/** A region's accessible name: its name and its owner as the player may know them. */
export function regionName(r: Pick<MapRegion, 'name' | 'owner' | 'tag' | 'info'>): string {
  return [r.info?.title || r.name, r.owner ?? r.tag].filter(Boolean).join(' — ');
}

/** The horizontal extent of an absolute path ("M x,y x,y …"); shapes are few and fixed, so it is kept. */
const widths = new Map<string, number>();
function pathWidth(path: string): number {
  let w = widths.get(path);
  if (w !== undefined) return w;
  const nums = path.match(/-?\d+(?:\.\d+)?/g) ?? [];
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i + 1 < nums.length; i += 2) { const x = Number(nums[i]); if (x < lo) lo = x; if (x > hi) hi = x; }
  w = hi - lo;
  if (widths.size > 5000) widths.clear();
  widths.set(path, w);
  return w;
}

/** A symbol centred on (cx, cy), `s` across, filled with `color`. */
export function symbol(kind: MapSymbol, cx: number, cy: number, s: number, color: string): string {
  const h = s / 2;
  const st = `stroke="#1f1a14" stroke-width="${n1(Math.max(0.8, s / 14))}"`;
  const c = esc(color);
  switch (kind) {
    case 'knight': // a shield
      return `<path d="M${n1(cx - h)} ${n1(cy - h)}h${n1(s)}v${n1(h * 0.9)}c0 ${n1(h * 0.7)} ${n1(-h * 0.55)} ${n1(h * 0.95)} ${n1(-h)} ${n1(h * 1.1)}c${n1(-h * 0.45)} ${n1(-h * 0.15)} ${n1(-h)} ${n1(-h * 0.4)} ${n1(-h)} ${n1(-h * 1.1)}z" fill="${c}" ${st}/>`;
    case 'garrison': // a square tower with a door
      return `<path d="M${n1(cx - h * 0.8)} ${n1(cy + h)}v${n1(-s * 0.95)}h${n1(h * 0.5)}v${n1(h * 0.35)}h${n1(h * 0.3)}v${n1(-h * 0.35)}h${n1(h * 0.4)}v${n1(h * 0.35)}h${n1(h * 0.3)}v${n1(-h * 0.35)}h${n1(h * 0.1)}v${n1(s * 0.95)}z" fill="${c}" ${st}/>`;
    case 'fort': // crenellated wall
      return `<path d="M${n1(cx - h)} ${n1(cy + h * 0.8)}v${n1(-h * 1.2)}h${n1(s / 5)}v${n1(-h * 0.4)}h${n1(s / 5)}v${n1(h * 0.4)}h${n1(s / 5)}v${n1(-h * 0.4)}h${n1(s / 5)}v${n1(h * 0.4)}h${n1(s / 5)}v${n1(h * 1.2)}z" fill="#8a7a62" ${st}/>`;
    case 'spy': // an eye
      return `<path d="M${n1(cx - h)} ${n1(cy)}q${n1(h)} ${n1(-h * 1.1)} ${n1(s)} 0q${n1(-h)} ${n1(h * 1.1)} ${n1(-s)} 0z" fill="#ffffff" ${st}/><circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(h * 0.35)}" fill="${c}"/>`;
    case 'crown':
      return `<path d="M${n1(cx - h)} ${n1(cy + h * 0.6)}l${n1(h * 0.1)} ${n1(-h * 1.3)}l${n1(h * 0.45)} ${n1(h * 0.6)}l${n1(h * 0.45)} ${n1(-h * 0.8)}l${n1(h * 0.45)} ${n1(h * 0.8)}l${n1(h * 0.45)} ${n1(-h * 0.6)}l${n1(h * 0.1)} ${n1(h * 1.3)}z" fill="#e2b93b" ${st}/>`;
    case 'city': // a wall with a keep over it
      return `<path d="M${n1(cx - h)} ${n1(cy + h * 0.9)}v${n1(-h * 0.9)}h${n1(s * 0.3)}v${n1(-h * 0.9)}h${n1(s * 0.4)}v${n1(h * 0.9)}h${n1(s * 0.3)}v${n1(h * 0.9)}z" fill="${c}" ${st}/><path d="M${n1(cx - h * 0.4)} ${n1(cy - h * 0.9)}v${n1(-h * 0.2)}h${n1(h * 0.27)}v${n1(h * 0.2)}m${n1(h * 0.26)} 0v${n1(-h * 0.2)}h${n1(h * 0.27)}v${n1(h * 0.2)}" fill="${c}" ${st}/>`;
    case 'mill': // a windmill: a tower under four sails
      return `<path d="M${n1(cx - h * 0.4)} ${n1(cy + h)}l${n1(h * 0.15)} ${n1(-h * 1.1)}h${n1(h * 0.5)}l${n1(h * 0.15)} ${n1(h * 1.1)}z" fill="${c}" ${st}/><path d="M${n1(cx - h * 0.9)} ${n1(cy - h * 0.95)}L${n1(cx + h * 0.9)} ${n1(cy + h * 0.75)}M${n1(cx + h * 0.9)} ${n1(cy - h * 0.95)}L${n1(cx - h * 0.9)} ${n1(cy + h * 0.75)}" stroke="#1f1a14" stroke-width="${n1(Math.max(1.2, s / 8))}" stroke-linecap="round"/>`;
    case 'mitre': // a bishop's mitre
      return `<path d="M${n1(cx - h * 0.75)} ${n1(cy + h)}v${n1(-h * 1.2)}l${n1(h * 0.75)} ${n1(-h * 0.8)}l${n1(h * 0.75)} ${n1(h * 0.8)}v${n1(h * 1.2)}z" fill="${c}" ${st}/><path d="M${n1(cx)} ${n1(cy - h * 0.8)}v${n1(h * 1.8)}" stroke="#1f1a14" stroke-width="${n1(Math.max(0.8, s / 14))}"/>`;
    case 'siege': // two crossed swords, in the besieger's colour
      return `<path d="M${n1(cx - h * 0.85)} ${n1(cy - h * 0.85)}L${n1(cx + h * 0.85)} ${n1(cy + h * 0.85)}M${n1(cx + h * 0.85)} ${n1(cy - h * 0.85)}L${n1(cx - h * 0.85)} ${n1(cy + h * 0.85)}" stroke="#1f1a14" stroke-width="${n1(s / 4.5)}" stroke-linecap="round"/><path d="M${n1(cx - h * 0.75)} ${n1(cy - h * 0.75)}L${n1(cx + h * 0.75)} ${n1(cy + h * 0.75)}M${n1(cx + h * 0.75)} ${n1(cy - h * 0.75)}L${n1(cx - h * 0.75)} ${n1(cy + h * 0.75)}" stroke="${c}" stroke-width="${n1(s / 9)}" stroke-linecap="round"/>`;
    case 'army':
    default:
      return `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(h * 0.8)}" fill="${c}" ${st}/>`;
  }
}
