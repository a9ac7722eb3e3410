/**
 * Stable, distinct colours for lords, shared by the map and the statistics charts (lord n is
 * the number of his id, L1 → 1). Colours are #rrggbb (SVG renderers and chart libraries all read them).
 *
 * Checked (issue 22 §3, test/platform/a11y-palette.test.ts): every lord's colour stands at least
 * 2:1 (WCAG contrast) against neutral land and the sea, and at least 3:1 against the charts'
 * white; the first 18 stay apart under protanopia, deuteranopia and tritanopia (Machado 2009
 * simulation). Colour is never alone: the map writes each owner's number (`lordTag`) on his land.
 */
import type { LordId } from './state.ts';

export const NEUTRAL_COLOR = '#cfc9bc';

/**
 * The first 18 lords' colours: picked one after the other, each the farthest (CIELAB ΔE, under
 * normal vision and the three simulated dichromacies) from those before it, among the mid-tone
 * colours that keep 2:1 against the land and the sea; golden-angle hues after them, darkened
 * until they keep it too.
 */
const PALETTE = ['#0055aa', '#ff4400', '#aa7777', '#9900ff', '#8877aa', '#bb4433', '#ee33ee', '#aa4477', '#008844', '#669911',
  '#4488ee', '#ff11aa', '#8844ee', '#bb00bb', '#ee5555', '#557788', '#bb66cc', '#776655'];

/** Neutral land and the sea, as the map draws them (svg.ts SEA): a lord's colour keeps 2:1 against both. */
const BACKGROUNDS = [NEUTRAL_COLOR, '#b9d3df'];

const lordNumber = (lord: LordId | number) => (typeof lord === 'number' ? lord : Number(String(lord).replace(/^\D+/, '')) || 0);

export function lordColor(lord: LordId | number): string {
  const n = lordNumber(lord);
  if (n >= 1 && n <= PALETTE.length) return PALETTE[n - 1]!;
  const hue = (n * 137.508) % 360;
  const band = n % 3;
  let l = [0.5, 0.4, 0.45][band]!;
  let c = hslHex(hue, [0.62, 0.5, 0.7][band]!, l);
  for (let i = 0; i < 20 && BACKGROUNDS.some((b) => contrast(c, b) < 2.05); i++) { l -= 0.03; c = hslHex(hue, [0.62, 0.5, 0.7][band]!, l); }
  return c;
}

/** A lord's mark on the map besides his colour: his number (L7 → "7"). */
export function lordTag(lord: LordId | number): string {
  return String(lordNumber(lord));
}

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c: number) => { const x = c / 255; return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const x = luminance(a);
  const y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

function hslHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (k: number) => {
    const x = (k + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(x - 3, 9 - x, 1));
    return Math.round(c * 255).toString(16).padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}
