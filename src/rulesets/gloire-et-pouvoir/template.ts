/**
 * The blank order sheet of a lord (rules §5: one order per line), carried by his BILAN mail so
 * that a reply edited in any mail client is a sheet: what he holds — treasury, territories,
 * knights, armies — as comment lines (`#`, ignored by the parser, orders/parse.ts), then the
 * syntax of the commonest orders, also as comments. Valid as it stands: sent unchanged, it is an
 * empty sheet. Everything comes from the lord's own view (view.ts): his own holdings only.
 */
import type { Lang } from '../../engine/ruleset.ts';
import { getMap } from './maps/index.ts';
import { ORDER_SYNTAX, ORDER_SYNTAX_FR } from './orders/parse.ts';
import type { OrderCode } from './orders/types.ts';
import { FORT_NAMES, formatDec, formatInt } from './report.ts';
import type { GPState, LordId } from './state.ts';
import { playerView } from './view.ts';

const L = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);
/** The colon after a heading word: « Trésor : », "Treasury:". */
const colon = (lang: Lang): string => L(lang, ' :', ':');

/** The orders whose syntax the template recalls (the others are in the order reference). */
const REMINDED: OrderCode[] = ['IMP', 'RED', 'ARM', 'MOV', 'ATT', 'GAR', 'TSF', 'CHE', 'ESP'];

export function orderTemplate(s: GPState, lord: LordId, lang: Lang): string {
  const v = playerView(s, lord);
  const me = v.me;
  if (!me || !me.alive) return '';
  const map = getMap(s.map);
  const name = (id: string) => map.territories.find((t) => t.id === id)?.name ?? id;
  const n = (x: number) => formatInt(x, lang);
  const out: string[] = [
    `# ${me.name} — ${L(lang, `ordres du tour ${v.turn}`, `orders for turn ${v.turn}`)}`,
    `# ${L(lang, 'Un ordre par ligne ; une ligne qui commence par # est un commentaire.', 'One order per line; a line starting with # is a comment.')}`,
    `# ${L(lang, 'Trésor', 'Treasury')}${colon(lang)} ${n(me.treasury)} ${L(lang, 'écus', 'écus')}`,
  ];
  const lands = Object.values(v.territories).filter((t) => t.owner === lord).sort((a, b) => name(a.id).localeCompare(name(b.id)));
  out.push(`# ${L(lang, 'Terres', 'Territories')} (${lands.length})${colon(lang)}`);
  for (const t of lands) {
    const parts = [
      `${L(lang, 'population', 'population')} ${n(t.population)}`,
      `${L(lang, 'bonheur', 'happiness')} ${n(t.happiness)}`,
      ...(t.taxCoef !== null ? [`${L(lang, 'coefficient', 'tax coefficient')} ${formatDec(t.taxCoef, 2, lang)}`] : []),
      ...(t.garrison ? [`${L(lang, 'garnison', 'garrison')} ${n(t.garrison)}`] : []),
      ...(t.fortification && t.fortification !== 'none' ? [FORT_NAMES[t.fortification][lang]] : []),
    ];
    out.push(`#   ${name(t.id)} — ${parts.join(', ')}`);
  }
  const knights = v.knights.filter((k) => k.lord === lord).sort((a, b) => a.name.localeCompare(b.name));
  out.push(`# ${L(lang, 'Chevaliers', 'Knights')} (${knights.length})${colon(lang)}`);
  for (const k of knights) {
    const men = k.army !== null ? me.armies.find((a) => a.id === k.army)?.strength ?? null : null;
    out.push(`#   ${k.name}${k.isLordKnight ? L(lang, ' (vous-même)', ' (yourself)') : ''} — ${L(lang, 'à', 'at')} ${name(k.location)}${
      men !== null ? `, ${L(lang, 'armée', 'army')} #${k.army} ${L(lang, 'de', 'of')} ${n(men)} ${L(lang, 'hommes', 'men')}` : L(lang, ', sans armée', ', no army')}${
      k.renown !== null ? `, ${L(lang, 'renommée', 'renown')} ${n(k.renown)}` : ''}`);
  }
  const armies = [...me.armies].sort((a, b) => a.id - b.id);
  out.push(`# ${L(lang, 'Armées', 'Armies')} (${armies.length})${colon(lang)}`);
  for (const a of armies) {
    const who = a.commander ? s.knights[a.commander]?.name ?? a.commander : L(lang, 'garnison', 'garrison');
    out.push(`#   #${a.id} — ${n(a.strength)} ${L(lang, 'hommes', 'men')}, ${who}, ${L(lang, 'à', 'at')} ${name(a.location)}`);
  }
  const syntax = lang === 'fr' ? ORDER_SYNTAX_FR : ORDER_SYNTAX;
  // One order a line: a mail client that rewraps a long quoted line would break a comment in two.
  out.push(`# ${L(lang, 'Rappel', 'Reminder')}${colon(lang)}`, ...REMINDED.map((c) => `#   ${syntax[c]}`));
  out.push('');
  return out.join('\n');
}
