/**
 * The guided order form (engine AnswerForm): every order of rules §5 grouped by phase, each field
 * offering the lord's legal options of the moment — his knights, armies and territories, the
 * territories his knights can reach, the other lords, the knights in his sight. Each entry writes
 * one text order line. Nothing comes from what the lord may not know (view.ts).
 */
import type { AnswerForm, FormEntry, FormField, Lang } from '../../engine/ruleset.ts';
import { getMap } from './maps/index.ts';
import { ORDER_SYNTAX, ORDER_SYNTAX_FR } from './orders/parse.ts';
import { ORDER_PHASE, type OrderCode } from './orders/types.ts';
import { PHASE_TITLES } from './report.ts';
import type { GPState, LordId } from './state.ts';
import { playerView } from './view.ts';
import { normalizeName } from '../../engine/names.ts';

const L = (lang: Lang, fr: string, en: string) => (lang === 'fr' ? fr : en);

const LABELS: Record<OrderCode, [string, string]> = {
  REN: ['Renommer un chevalier', 'Rename a knight'], ABD: ['Abdiquer (quitter la partie)', 'Abdicate (leave the game)'],
  LIB: ['Libérer un chevalier', 'Release a knight'], DEM: ['Démobiliser une armée', 'Demobilise an army'],
  IMP: ['Imposer une terre', 'Tax a territory'], RED: ['Redistribuer', 'Redistribute'],
  INI: ['Seuils de repli par défaut', 'Default retreat thresholds'], DEF: ['Défense spéciale d’une armée', 'Special defence of an army'],
  CHE: ['Recruter des chevaliers', 'Recruit knights'], ARM: ['Lever une armée', 'Levy an army'],
  AFF: ['Confier une garnison à un chevalier', 'Give a garrison to a knight'], TSF: ['Transférer des hommes', 'Transfer men'],
  GAR: ['Laisser une garnison', 'Leave a garrison'], ATT: ['Attaquer', 'Attack'],
  GUE: ['Déclarer la guerre', 'Declare war'], ALL: ['Proposer une alliance', 'Propose an alliance'], PAI: ['Proposer la paix', 'Propose peace'],
  ANN: ['Rompre une alliance', 'Cancel an alliance'], APP: ['Appeler un allié', 'Call an ally'],
  MOV: ['Déplacer un chevalier', 'Move a knight'], ORG: ['Organiser une joute', 'Organise a joust'],
  PAR: ['Participer à une joute', 'Enter a joust'], VND: ['Vendre une terre', 'Sell a territory'], ACH: ['Acheter une terre', 'Buy a territory'],
  ESP: ['Espionner une terre', 'Spy on a territory'], FOR: ['Fortifier une terre', 'Fortify a territory'],
};

/** An order's name in a language (the form's and the help's). */
export function orderLabel(code: OrderCode, lang: Lang): string {
  return L(lang, ...LABELS[code]);
}

export function orderForm(s: GPState, lord: LordId, lang: Lang): AnswerForm {
  const map = getMap(s.map);
  const name = (id: string) => map.territories.find((t) => t.id === id)!.name;
  const adj = (id: string) => map.territories.find((t) => t.id === id)!.adjacent;
  const knights = Object.values(s.knights).filter((k) => k.lord === lord);
  const owned = Object.values(s.territories).filter((t) => t.owner === lord).map((t) => t.id);
  const reach = [...new Set(knights.flatMap((k) => [k.location, ...adj(k.location)]))];
  const armies = Object.values(s.armies).filter((a) => a.lord === lord);
  const others = Object.values(s.lords).filter((l) => l.alive && l.id !== lord);
  const opt = (ids: string[]) => ids.slice().sort((a, b) => name(a).localeCompare(name(b))).map((id) => ({ value: name(id), label: name(id) }));
  const knightOpts = knights.map((k) => ({ value: k.name, label: `${k.name} (${name(k.location)})` }));
  const lordOpts = others.map((l) => ({ value: l.name, label: l.name }));
  const armyOpts = armies.map((a) => ({ value: String(a.id), label: `#${a.id} — ${a.strength} ${L(lang, 'hommes', 'men')}, ${a.commander ? s.knights[a.commander]!.name : L(lang, 'garnison', 'garrison')} (${name(a.location)})` }));
  const garrisonOpts = armyOpts.filter((o) => armies.find((a) => String(a.id) === o.value)!.commander === null);
  // TSF receivers: only the knights in the lord's view (his own and those in sight), never the
  // state's others (fog of war, style guide §5). A knight he cannot see is written Lord/Knight
  // in the sheet (orders/parse.ts). The value is Lord/Knight, or the id where that is shared.
  const inSight = playerView(s, lord).knights;
  const lordName = (id: LordId) => s.lords[id]?.name ?? id;
  const shared = (k: (typeof inSight)[number]) => inSight.some((o) => o.id !== k.id && o.lord === k.lord && normalizeName(o.name) === normalizeName(k.name));
  const allKnights = inSight.map((k) => ({ value: shared(k) ? k.id : `${lordName(k.lord)}/${k.name}`, label: `${k.name} (${lordName(k.lord)})` }));
  const ch = (n: string, label: string, options: { value: string; label: string }[], optional = false): FormField => ({ name: n, label, kind: 'choice', options, optional });
  const int = (n: string, label: string, min?: number, max?: number, optional = false): FormField => ({ name: n, label, kind: 'integer', min, max, optional });
  const txt = (n: string, label: string): FormField => ({ name: n, label, kind: 'text' });
  const K = L(lang, 'Chevalier', 'Knight');
  const T = L(lang, 'Terre', 'Territory');
  const S = L(lang, 'Seigneur', 'Lord');
  const A = L(lang, 'Armée', 'Army');
  const fields: Record<OrderCode, FormField[]> = {
    REN: [ch('knight', K, knightOpts), txt('name', L(lang, 'Nouveau nom', 'New name'))],
    ABD: [],
    LIB: [ch('knight', K, knightOpts.filter((o) => !knights.find((k) => k.name === o.value)!.isLordKnight))],
    DEM: [ch('army', A, armyOpts)],
    IMP: [int('level', L(lang, 'Niveau', 'Level'), 0, 10), ch('territory', T, opt(owned))],
    RED: [int('amount', L(lang, 'Écus', 'Écus'), 1), ch('territory', T, opt(owned))],
    INI: [int('peasant', L(lang, '% paysans', '% peasants'), 0, 100), int('garrison', L(lang, '% garnison', '% garrison'), 0, 100), int('knight', L(lang, '% chevalier', '% knight'), 0, 100)],
    DEF: [ch('army', A, armyOpts), int('men', L(lang, 'Seuil (hommes)', 'Threshold (men)'), 0)],
    CHE: [int('n', L(lang, 'Nombre', 'Number'), 1, 5)],
    ARM: [ch('territory', T, opt(owned)), int('amount', L(lang, 'Écus', 'Écus'), 1), ch('knight', K, knightOpts, true)],
    AFF: [ch('knight', K, knightOpts), ch('army', L(lang, 'Garnison', 'Garrison'), garrisonOpts)],
    TSF: [ch('from', L(lang, 'Chevalier qui cède', 'Giving knight'), knightOpts), ch('to', L(lang, 'Chevalier qui reçoit', 'Receiving knight'), allKnights), int('men', L(lang, 'Hommes', 'Men'), 1)],
    GAR: [ch('knight', K, knightOpts), int('men', L(lang, 'Hommes', 'Men'), 1)],
    ATT: [ch('knight', K, knightOpts), ch('territory', T, opt(reach.filter((t) => s.territories[t]!.owner !== lord))), int('threshold', L(lang, 'Repli sous (hommes)', 'Retreat below (men)'), 0, undefined, true)],
    GUE: [ch('lord', S, lordOpts)], ALL: [ch('lord', S, lordOpts)], PAI: [ch('lord', S, lordOpts)], ANN: [ch('lord', S, lordOpts)], APP: [ch('lord', S, lordOpts)],
    MOV: [ch('knight', K, knightOpts), ch('territory', T, opt(reach))],
    ORG: [int('capacity', L(lang, 'Places', 'Places'), 2), int('reward', L(lang, 'Récompense', 'Reward'), 500), txt('password', L(lang, 'Mot de passe', 'Password'))],
    PAR: [ch('knight', K, [{ value: '*', label: L(lang, 'Tous mes chevaliers', 'All my knights') }, ...knightOpts]), ch('lord', L(lang, 'Organisateur (vide : joute royale)', 'Organiser (empty: royal joust)'), lordOpts, true), txt('password', L(lang, 'Mot de passe', 'Password'))],
    VND: [ch('lord', L(lang, 'Acheteur', 'Buyer'), lordOpts), ch('territory', T, opt(owned)), int('price', L(lang, 'Prix', 'Price'), 0)],
    ACH: [ch('lord', L(lang, 'Vendeur', 'Seller'), lordOpts), ch('territory', T, opt(map.territories.map((t) => t.id).filter((t) => s.territories[t]!.owner && s.territories[t]!.owner !== lord))), int('price', L(lang, 'Prix', 'Price'), 0)],
    ESP: [ch('territory', T, opt(map.territories.map((t) => t.id).filter((t) => s.territories[t]!.owner !== lord)))],
    FOR: [ch('territory', T, opt(owned)), ch('type', L(lang, 'Ouvrage', 'Work'), [
      { value: 'palissade', label: L(lang, 'palissade (500)', 'palisade (500)') },
      { value: 'muraille', label: L(lang, 'muraille (1 500)', 'wall (1,500)') },
      { value: 'forteresse', label: L(lang, 'enceinte fortifiée (5 000)', 'fortress (5,000)') }])],
  };
  const byPhase = new Map<number, FormEntry[]>();
  for (const code of Object.keys(fields) as OrderCode[]) {
    const p = ORDER_PHASE[code];
    const entry: FormEntry = { code, label: L(lang, ...LABELS[code]), syntax: (lang === 'fr' ? ORDER_SYNTAX_FR : ORDER_SYNTAX)[code], fields: fields[code] };
    byPhase.set(p, [...(byPhase.get(p) ?? []), entry]);
  }
  return {
    groups: [...byPhase.keys()].sort((a, b) => a - b).map((p) => ({ title: `${p}. ${PHASE_TITLES[p]![lang]}`, entries: byPhase.get(p)! })),
  };
}
