/**
 * Stable, distinct colours for lords, shared by the map and the statistics charts (lord n is
 * the number of his id, L1 → 1). Colours are #rrggbb (SVG renderers and chart libraries all read them).
 */
import type { LordId } from './state.ts';

export const NEUTRAL_COLOR = '#cfc9bc';

/**
 * Kelly's colours of maximum contrast (without white, black, grey and buff, which the map uses
 * for the sea, the text and neutral land), for the first lords; golden-angle hues after them.
 */
const KELLY = ['#f3c300', '#875692', '#f38400', '#a1caf1', '#be0032', '#008856', '#e68fac', '#0067a5', '#f99379', '#604e97',
  '#f6a600', '#b3446c', '#dcd300', '#882d17', '#8db600', '#654522', '#e25822', '#2b3d26'];

export function lordColor(lord: LordId | number): string {
  const n = typeof lord === 'number' ? lord : Number(String(lord).replace(/^\D+/, '')) || 0;
  if (n >= 1 && n <= KELLY.length) return KELLY[n - 1]!;
  const hue = (n * 137.508) % 360;
  const band = n % 3;
  return hslHex(hue, [0.62, 0.5, 0.7][band]!, [0.56, 0.44, 0.68][band]!);
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
