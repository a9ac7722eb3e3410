/**
 * A map drawing (SVG from svg.ts) rasterised to PNG on the server, for the turn reports sent by
 * mail: resvg (a Rust SVG renderer, shipped prebuilt in its npm package; no browser), with the
 * DejaVu fonts of the `dejavu-fonts-ttf` package so that the result does not depend on the
 * fonts a host happens to have installed.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runReferee } from '../referee/pool.ts';

const require = createRequire(import.meta.url);
// resvg (a native module) is loaded on the first drawing, not at start: most processes never draw a PNG.
let resvg: typeof import('@resvg/resvg-js') | null = null;
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => join(FONT_DIR, f));

/** PNG bytes of an SVG drawing, `width` pixels wide. */
export function svgToPng(svg: string, width = 1300): Buffer {
  resvg ??= require('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  const r = new resvg.Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    background: '#ffffff',
    font: { loadSystemFonts: false, fontFiles: FONTS, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  return r.render().asPng();
}

/**
 * `svgToPng` in a referee worker thread, within the render budget (RENDER_BUDGET_SECONDS): a map
 * too large to draw costs one thread for a few seconds, never the web process.
 */
export async function renderPng(ctx: { config: { renderBudgetMs: number } }, svg: string, width?: number): Promise<Buffer> {
  const bytes = await runReferee('png', { svg, width }, ctx.config.renderBudgetMs);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
