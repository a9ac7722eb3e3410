/**
 * Prose renderers of the knowledge domain's events (see report/types.ts), in French and English:
 * the spy's mission (SP), the military reports of the General Spy Report (active and passive),
 * and noticed foreign characters (G-100).
 */
import type { AKEvent } from '../events.ts';
import type { ArmyType } from '../state.ts';
import type { MessageTable, RenderEnv } from '../report/types.ts';
import { inventionName } from '../world/inventions.ts';
import { atPlace, deFr, aFr } from '../report/names.ts';
import type { MilitaryReport } from './spy.ts';

const TYPE_NAMES: Record<ArmyType, [string, string, string, string]> = {
  // fr singular, fr plural, en singular, en plural
  GA: ['garnison', 'garnisons', 'Garrison', 'Garrisons'], BO: ["unité d’archers", "unités d’archers", 'Archers', 'Archers'],
  AX: ['unité de hacheurs', 'unités de hacheurs', 'Axemen', 'Axemen'], PH: ['phalange', 'phalanges', 'Phalanx', 'Phalanxes'],
  LE: ['légion', 'légions', 'Legion', 'Legions'], LC: ['cavalerie légère', 'cavaleries légères', 'Light Cavalry', 'Light Cavalry'],
  HC: ['cavalerie lourde', 'cavaleries lourdes', 'Heavy Cavalry', 'Heavy Cavalry'], CH: ['unité de chars', 'unités de chars', 'Chariots', 'Chariots'],
  EL: ["unité d’éléphants", "unités d’éléphants", 'Elephants', 'Elephants'], CC: ['unité de chameaux', 'unités de chameaux', 'Camels', 'Camels'],
  WR: ['unité de wargs', 'unités de wargs', 'Wargs', 'Wargs'], DR: ['unité de dragons', 'unités de dragons', 'Dragons', 'Dragons'],
  EA: ["unité d’aigles", "unités d’aigles", 'Eagles', 'Eagles'], WH: ['unité de baleines', 'unités de baleines', 'Whales', 'Whales'],
  FL: ['flotte', 'flottes', 'Fleet', 'Fleets'], ME: ['unité de tritons', 'unités de tritons', 'Tritons', 'Tritons'],
  EN: ["unité d’ents", "unités d’ents", 'Ents', 'Ents'], TR: ['unité de trolls', 'unités de trolls', 'Trolls', 'Trolls'],
  WE: ['unité de garous', 'unités de garous', 'Weres', 'Weres'],
};
const QUALITY_FR = ['réduite', 'bleue', 'moyenne', 'vétérane', 'crack', 'élite'];
const QUALITY_EN = ['Reduced', 'Green', 'Average', 'Veteran', 'Crack', 'Elite'];

function owner(kingdom: number | null, env: RenderEnv): string {
  if (kingdom === null) return env.lang === 'fr' ? 'les défenseurs du pays' : 'the native defenders';
  return env.kingdomName(kingdom);
}

/** "environ 4 légions (moyennes) du royaume d’Aquilonie (Roi 3)" / "about 4 Legions (Average) of …". */
function armyLine(a: MilitaryReport['armies'][number], env: RenderEnv): string {
  const n = TYPE_NAMES[a.type] ?? [a.type, a.type, a.type, a.type];
  const fr = env.lang === 'fr';
  const name = fr ? (a.count > 1 ? n[1] : n[0]) : a.count > 1 ? n[3] : n[2];
  const q = a.quality === undefined ? '' : fr ? ` (qualité ${QUALITY_FR[a.quality]})` : ` (${QUALITY_EN[a.quality]})`;
  return fr ? `environ ${a.count} ${name}${q} — ${owner(a.kingdom, env)}` : `about ${a.count} ${name}${q} — ${owner(a.kingdom, env)}`;
}

function reportText(r: MilitaryReport, env: RenderEnv): string {
  const fr = env.lang === 'fr';
  const parts: string[] = [];
  parts.push(r.armies.length
    ? (fr ? `Forces observées : ${r.armies.map((a) => armyLine(a, env)).join(' ; ')}.` : `Forces seen: ${r.armies.map((a) => armyLine(a, env)).join('; ')}.`)
    : fr ? 'Aucune troupe étrangère en vue.' : 'No foreign troops in sight.');
  if (r.characters.length) {
    const names = r.characters.map((id) => env.character(id)).join(', ');
    parts.push(fr ? `Personnages présents : ${names}.` : `Characters present: ${names}.`);
  }
  parts.push(fr ? `(Marge d’erreur : ${r.margin} %.)` : `(Margin of error: ${r.margin}%.)`);
  return parts.join(' ');
}

function spy(e: AKEvent, env: RenderEnv): string {
  const fr = env.lang === 'fr';
  const who = env.character(e.who as number);
  const where = env.province(e.at as number);
  const owners = (e.owners as { province: number; owner: number | null; ruler?: number }[]) ?? [];
  const ownerOf = (o: { owner: number | null; ruler?: number }) =>
    o.owner !== null ? env.kingdomName(o.owner) : o.ruler !== undefined ? (fr ? `le seigneur ${env.character(o.ruler)}` : `the lord ${env.character(o.ruler)}`) : fr ? 'personne' : 'no one';
  const here = owners[0];
  let out = fr
    ? `${who} espionna ${where}${here ? `, qui appartient ${aFr(ownerOf(here))}` : ''}. Les impôts y sont estimés ${aFr(e.tax)} écus`
    : `${who} spied on ${where}${here ? `, held by ${ownerOf(here)}` : ''}. Its taxes are reckoned at ${e.tax} écus`;
  out += e.capitalOf !== null && e.capitalOf !== undefined
    ? fr ? ` ; c’est la capitale ${deFr(env.kingdomName(e.capitalOf as number))}.` : `; it is the capital of ${env.kingdomName(e.capitalOf as number)}.`
    : '.';
  const nb = owners.slice(1).map((o) => `${env.province(o.province)} : ${ownerOf(o)}`);
  if (nb.length) out += fr ? ` Alentour — ${nb.join(' ; ')}.` : ` Around it — ${nb.join('; ').replace(/ : /g, ': ')}.`;
  if (e.report) out += ` ${reportText(e.report as MilitaryReport, env)}`;
  const inv = e.inventions as string[] | undefined;
  if (inv && inv.length) out += fr ? ` Ses savants connaissent : ${inv.map((c) => inventionName(c, 'fr')).join(', ')}.` : ` Its sages know: ${inv.map((c) => inventionName(c, 'en')).join(', ')}.`;
  if (e.stolen) out += fr ? ` ${who} déroba le secret : ${inventionName(e.stolen as string, 'fr')} !` : ` ${who} stole the secret of the ${inventionName(e.stolen as string, 'en')}!`;
  return out;
}

function spyReport(e: AKEvent, env: RenderEnv): string {
  const fr = env.lang === 'fr';
  const who = env.character(e.who as number);
  const where = env.province(e.at as number);
  const r = e as unknown as MilitaryReport;
  return (fr ? `Rapport ${deFr(who)}, ${atPlace(where, 'fr')} : ` : `Report from ${who}, ${atPlace(where, 'en')}: `) + reportText(r, env);
}

function noticed(e: AKEvent, env: RenderEnv): string {
  const fr = env.lang === 'fr';
  const name = e.name as string;
  const where = env.province(e.at as number);
  let side: string;
  if (e.kingdom !== null && e.kingdom !== undefined) side = fr ? `au service ${deFr(env.kingdomName(e.kingdom as number))}` : `in the service of ${env.kingdomName(e.kingdom as number)}`;
  else if (e.role === 'RulingHero') side = fr ? 'seigneur du pays' : 'lord of the land';
  else side = fr ? 'sans maître' : 'masterless';
  const leads = e.leadsArmies ? (fr ? ', à la tête de troupes' : ', leading troops') : '';
  return fr ? `On aperçut ${name} (${e.character}), ${side}${leads}, ${atPlace(where, 'fr')}.` : `${name} (${e.character}), ${side}${leads}, was seen ${atPlace(where, 'en')}.`;
}

export const MESSAGES: MessageTable = {
  spy,
  'spy-report': spyReport,
  noticed,
};
