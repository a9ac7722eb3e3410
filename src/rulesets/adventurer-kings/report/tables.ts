/**
 * The report's closing tables (G-98 §8): own characters (every talent and aptitude, items,
 * location, wage), own armies, known sites — as Markdown tables (readable in a <pre> too).
 * Own assets are exact (S8.2); sites come from the kingdom's knowledge only.
 */
import type { Lang } from '../../../engine/ruleset.ts';
import type { AKView } from '../view.ts';
import { CHAR_CODES, type AKState } from '../state.ts';
import {
  ALIGNMENT_NAMES, ARMY_TYPE_NAMES, L, QUALITY_NAMES, RACE_NAMES, RACE_SINGULAR, ROLE_NAMES, TEMPERAMENT_NAMES, capital, ecus, frenchTypography, nameOf,
} from './names.ts';
import { provinceLabel } from './env.ts';
import { describeMonster } from '../world/monsters.ts';
import { legendText } from '../world/items.ts';
import { siteTitle } from '../world/names.ts';

export function mdTable(columns: string[], rows: string[][]): string {
  const cell = (x: string) => x.replace(/\|/g, '/').replace(/\n/g, ' ');
  return [
    `| ${columns.map(cell).join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

export function charactersTable(s: AKState, v: AKView, lang: Lang): string {
  const me = v.me!;
  const k = me.kingdom.id;
  const alive = me.characters.filter((c) => c.alive);
  if (!alive.length) return L(lang, 'Vous n’avez plus aucun personnage.', 'You have no characters left.');
  const who = mdTable(
    [L(lang, 'N°', 'No.'), L(lang, 'Nom', 'Name'), L(lang, 'Rang', 'Rank'), 'Race', L(lang, 'Alignement', 'Alignment'), L(lang, 'Tempérament', 'Temperament'), L(lang, 'Lieu', 'Location'), L(lang, 'Objets', 'Items'), L(lang, 'Solde', 'Wage')],
    alive.map((c) => [
      String(c.id), c.name, nameOf(ROLE_NAMES, c.role, lang), nameOf(RACE_SINGULAR, c.race, lang), nameOf(ALIGNMENT_NAMES, c.alignment, lang),
      nameOf(TEMPERAMENT_NAMES, c.temperament, lang), provinceLabel(s, k, c.province),
      c.items.map((id) => `${me.items.find((i) => i.id === id)?.name ?? '?'} (${id})`).join(', ') || '—',
      c.wage !== undefined ? ecus(c.wage, lang) : '—',
    ]),
  );
  const talents = mdTable(
    [L(lang, 'Talent / aptitude', 'Talent / aptitude'), ...CHAR_CODES],
    alive.map((c) => [c.name, ...CHAR_CODES.map((code) => `${c.talent[code]}/${c.aptitude[code]}`)]),
  );
  return `${who}\n\n${talents}`;
}

export function armiesTable(s: AKState, v: AKView, lang: Lang): string {
  const me = v.me!;
  const k = me.kingdom.id;
  if (!me.armies.length) return L(lang, 'Vous n’avez aucune armée.', 'You have no armies.');
  const leader = (id?: number) => (id === undefined ? L(lang, 'garnison', 'garrison') : me.characters.find((c) => c.id === id)?.name ?? String(id));
  return mdTable(
    [L(lang, 'N°', 'No.'), 'Type', 'Race', L(lang, 'Qualité', 'Quality'), L(lang, 'Chef', 'Leader'), L(lang, 'Lieu', 'Location'), L(lang, 'PM utilisés', 'MP used')],
    me.armies.map((a) => [
      String(a.id), `${ARMY_TYPE_NAMES[a.type]?.[lang] ?? a.type} (${a.type})${a.skeleton ? L(lang, ', squelettes', ', skeletons') : ''}`,
      nameOf(RACE_NAMES, a.race, lang), nameOf(QUALITY_NAMES, String(a.quality), lang),
      a.status === 'Led' ? leader(a.leader) : L(lang, 'garnison', 'garrison'), provinceLabel(s, k, a.province), String(a.mpUsed),
    ]),
  );
}

export function sitesTable(s: AKState, v: AKView, lang: Lang): string {
  const k = v.me!.kingdom.id;
  const sites = Object.values(v.sites).sort((a, b) => a.id - b.id);
  if (!sites.length) return L(lang, 'Vous ne connaissez encore aucun lieu d’aventure.', 'You know no adventure sites yet.');
  return mdTable(
    [L(lang, 'N°', 'No.'), L(lang, 'Lieu', 'Site'), L(lang, 'Province', 'Province'), L(lang, 'Gardien', 'Guardian'), L(lang, 'Légende', 'Legend'), L(lang, 'État', 'State')],
    sites.map((x) => [
      String(x.id), capital(siteTitle(x.type, x.name, lang)), x.province !== undefined ? provinceLabel(s, k, x.province) : '?',
      x.monster ? describeMonster(x.monster, x.descriptor, lang) : L(lang, 'inconnu', 'unknown'),
      capital(lang === 'fr' ? frenchTypography(legendText(x.legend, lang)) : legendText(x.legend, lang)),
      x.cleared ? L(lang, 'pillé', 'cleared') : '—',
    ]),
  );
}
