/**
 * The report's tables (G-98 §8), as GFM Markdown tables: the treasury statement line by line
 * (each province's taxes, each Hero's wage, each army's pay), own characters (every talent and
 * aptitude, items, location, wage), own armies, known provinces with their income (§2.2, §5.8),
 * known sites. Own assets are exact (S8.2); everything else comes from the kingdom's knowledge
 * only (view.ts): a province not owned shows its income band, or its exact tax once explored at
 * 100 % (G-56).
 */
import type { Lang } from '../../../engine/ruleset.ts';
import type { AKView, ProvinceView } from '../view.ts';
import type { AKEvent } from '../events.ts';
import { resolveConfig } from '../config.ts';
import { CHAR_CODES, type AKState } from '../state.ts';
import {
  ALIGNMENT_NAMES, ARMY_TYPE_NAMES, BAND_NAMES, L, QUALITY_NAMES, RACE_NAMES, RACE_SINGULAR, ROLE_NAMES, TEMPERAMENT_NAMES, TERRAIN_NAMES, armyName, capital, deFr, ecus, formatInt,
  nameOf,
} from './names.ts';
import { characterLabel, provinceLabel } from './env.ts';
import { describeMonster } from '../world/monsters.ts';
import { legendText } from '../world/items.ts';
import { siteTitle } from '../world/names.ts';

/** A GFM table; a cell's `|` and line breaks cannot break the table. */
export function mdTable(columns: string[], rows: string[][]): string {
  const cell = (x: string) => x.replace(/\|/g, '/').replace(/\s*\n\s*/g, ' ');
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
      capital(legendText(x.legend, lang)),
      x.cleared ? L(lang, 'pillé', 'cleared') : '—',
    ]),
  );
}

/** A signed amount of écus for the statement: `+5`, `−3`. */
function signed(x: number, lang: Lang): string {
  return x > 0 ? `+${formatInt(x, lang)}` : x < 0 ? formatInt(x, lang) : '0';
}

const pairs = (x: unknown): [number, number][] => (Array.isArray(x) ? x.filter((p): p is [number, number] => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number') : []);
const nums = (x: unknown): number[] => (Array.isArray(x) ? x.filter((n): n is number => typeof n === 'number') : []);
const num = (x: unknown): number => (typeof x === 'number' ? x : 0);

/**
 * The treasury statement of the year as a table (S5.5): the treasury at the start, the other
 * receipts and spending, each owned province's taxes, inventions, each Hero's wage and each army's
 * pay (Heroes first, then armies, as they are paid; an unpaid one says so), the treasury at the
 * end. From the year's `treasury` event (kingdom/economy.ts); without it (the first report, sent
 * when the game starts), the treasury and what the provinces, Heroes and armies will bring or
 * cost at the end of the year.
 */
export function treasuryTable(s: AKState, v: AKView, events: AKEvent[], lang: Lang): string {
  const me = v.me!;
  const k = me.kingdom.id;
  const e = events.find((x) => x.t === 'treasury' && Array.isArray(x.to) && x.to.includes(k));
  const rows: string[][] = [];
  const who = (id: number) => characterLabel(s, k, id, lang);
  const army = (id: number) => {
    const a = s.armies[id];
    return a ? `${armyName(id, a.type, lang)} (${a.type})` : L(lang, `armée n° ${id}`, `army no. ${id}`);
  };
  const cols = [L(lang, 'Poste', 'Item'), L(lang, 'Écus', 'Écus')];
  if (!e) {
    rows.push([L(lang, '**Trésor actuel**', '**Treasury now**'), `**${formatInt(me.kingdom.treasury, lang)}**`]);
    for (const p of Object.values(v.provinces).filter((x) => x.own).sort((a, b) => a.id - b.id)) {
      rows.push([L(lang, `Impôts ${deFr(provinceLabel(s, k, p.id))} (fin d’année)`, `Taxes of ${provinceLabel(s, k, p.id)} (end of year)`), signed(p.tax ?? 0, lang)]);
    }
    for (const c of me.characters.filter((x) => x.alive && x.role === 'HeroInService' && (x.wage ?? 0) > 0)) {
      rows.push([L(lang, `Gages ${deFr(c.name)} (fin d’année)`, `Wage of ${c.name} (end of year)`), signed(-(c.wage ?? 0), lang)]);
    }
    return mdTable(cols, rows);
  }
  const unpaidHeroes = new Set(nums(e.heroesUnpaid));
  const unpaidArmies = new Set(nums(e.armiesUnpaid));
  rows.push([L(lang, 'Trésor au début de l’année', 'Treasury at the start of the year'), formatInt(num(e.start), lang)]);
  if (num(e.received)) rows.push([L(lang, 'Dons reçus', 'Gifts received'), signed(num(e.received), lang)]);
  if (num(e.given)) rows.push([L(lang, 'Dons faits', 'Gifts made'), signed(-num(e.given), lang)]);
  if (num(e.hiring)) rows.push([L(lang, 'Engagement de Héros', 'Hiring Heroes'), signed(-num(e.hiring), lang)]);
  const other = num(e.other);
  if (other < 0) rows.push([L(lang, 'Autres dépenses (recrutements, rançons, vols…)', 'Other spending (recruitment, ransoms, thefts…)'), signed(other, lang)]);
  if (other > 0) rows.push([L(lang, 'Autres recettes (trésors, récompenses…)', 'Other receipts (treasure, rewards…)'), signed(other, lang)]);
  const byProvince = pairs(e.byProvince);
  if (byProvince.length) for (const [p, tax] of byProvince) rows.push([L(lang, `Impôts : ${provinceLabel(s, k, p)}`, `Taxes: ${provinceLabel(s, k, p)}`), signed(tax, lang)]);
  else if (num(e.taxes)) rows.push([L(lang, 'Impôts', 'Taxes'), signed(num(e.taxes), lang)]);
  if (num(e.inventions)) rows.push([L(lang, 'Inventions', 'Inventions'), signed(num(e.inventions), lang)]);
  const byHero = pairs(e.byHero);
  if (byHero.length) {
    for (const [id, due] of byHero) rows.push([L(lang, `Gages : ${who(id)}`, `Wage: ${who(id)}`), unpaidHeroes.has(id) ? L(lang, `${signed(-due, lang)} (impayé)`, `${signed(-due, lang)} (unpaid)`) : signed(-due, lang)]);
  } else if (num(e.wages)) rows.push([L(lang, 'Gages des Héros', 'Heroes’ wages'), signed(-num(e.wages), lang)]);
  const byArmy = pairs(e.byArmy).filter(([, due]) => due > 0);
  if (byArmy.length) {
    for (const [id, due] of byArmy) rows.push([L(lang, `Solde : ${army(id)}`, `Pay: ${army(id)}`), unpaidArmies.has(id) ? L(lang, `${signed(-due, lang)} (impayée)`, `${signed(-due, lang)} (unpaid)`) : signed(-due, lang)]);
  } else if (num(e.armyPay)) rows.push([L(lang, 'Solde des armées', 'Armies’ pay'), signed(-num(e.armyPay), lang)]);
  rows.push([L(lang, '**Trésor à la fin de l’année**', '**Treasury at the end of the year**'), `**${formatInt(num(e.end), lang)}**`]);
  return mdTable(cols, rows);
}

/** A province's income as the kingdom knows it: the exact tax (own, or explored at 100 %), else its band (§2.2, G-56). */
function incomeOf(p: ProvinceView, bands: { poor: number; prosperous: number; max: number }, lang: Lang): string {
  if (p.tax !== undefined) return ecus(p.tax, lang);
  if (!p.band) return '?';
  const range = p.band === 'Poor' ? `0–${bands.poor}` : p.band === 'Prosperous' ? `${bands.poor + 1}–${bands.prosperous}` : `${bands.prosperous + 1}–${bands.max}`;
  return `${nameOf(BAND_NAMES, p.band, lang)} (${range})`;
}

/**
 * The provinces the kingdom knows (its own, and every province explored or seen at 1 % or more),
 * its own first: terrain, owner as last known, income (exact or band, §2.2, §5.8), exploration %.
 * Nothing here comes from the hidden state: the rows are the view's (view.ts).
 */
export function provincesTable(s: AKState, v: AKView, lang: Lang): string {
  const k = v.me!.kingdom.id;
  const known = Object.values(v.provinces).filter((p) => p.own || p.pct > 0)
    .sort((a, b) => Number(b.own) - Number(a.own) || a.id - b.id);
  if (!known.length) return L(lang, 'Vous ne connaissez encore aucune province.', 'You know no province yet.');
  const cfg = resolveConfig(s.config);
  const bands = { poor: cfg.knowledge.bandPoorMax, prosperous: cfg.knowledge.bandProsperousMax, max: cfg.world.taxMax };
  const king = (id: number) => v.kings.find((x) => x.kingdom === id);
  const owner = (p: ProvinceView): string => {
    if (p.own) return L(lang, '**vous**', '**you**');
    if (!p.owner) return '?';
    const when = L(lang, ` (tour ${p.owner.asOf.turn})`, ` (turn ${p.owner.asOf.turn})`);
    if (p.owner.kingdom !== null) {
      const kv = king(p.owner.kingdom);
      return `${kv ? L(lang, `Roi ${kv.kingdom}, ${kv.name}`, `King ${kv.kingdom}, ${kv.name}`) : String(p.owner.kingdom)}${when}`;
    }
    if (p.owner.ruler !== undefined) return `${characterLabel(s, k, p.owner.ruler, lang)}${when}`;
    return `${L(lang, 'sans maître', 'unowned')}${when}`;
  };
  return mdTable(
    [L(lang, 'Province', 'Province'), L(lang, 'Terrain', 'Terrain'), L(lang, 'Maître', 'Owner'), L(lang, 'Revenu', 'Income'), L(lang, 'Exploré', 'Explored')],
    known.map((p) => [
      provinceLabel(s, k, p.id) + (p.capitalOf === k ? L(lang, ' — capitale', ' — capital') : ''),
      p.terrain ? nameOf(TERRAIN_NAMES, p.terrain, lang) : '?',
      owner(p),
      incomeOf(p, bands, lang),
      `${p.pct} %`,
    ]),
  );
}
