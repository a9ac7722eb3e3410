/**
 * A `GruikSheet` printed back as text in the sheet's grammar (docs/gruik.md "Order sheets"), so
 * that `parseSheet(print(s)) == s` for every sheet made of legal orders; and the order template:
 * a commented sheet listing the state's forces and fleets with what each may do this season
 * (from the state's view only: its own forces, public provinces).
 */
import type { Lang } from '../../../engine/ruleset.ts';
import { indexMap } from '../map.ts';
import type { ForceOrder, MoneyOrder } from '../season-types.ts';
import type { GruikSheet } from '../sheet-types.ts';
import type { GruikState, StateId } from '../state.ts';
import { moveLimit } from '../rules/movement.ts';
import type { NavalAction, NavalOrder, NavalPolicy, StandingPolicies } from '../rules/naval-orders.ts';
import type { RetreatOption } from '../rules/retreat.ts';
import { viewOf } from '../view.ts';
import { Names, shortId } from './names.ts';
import { inner as w, orderWord, quote, word, type OrderWord } from './words.ts';

/** The sheet as text, one order a line, in the language's keywords. */
export function sheetText(state: GruikState, stateId: StateId, sheet: GruikSheet, lang: Lang): string {
  const names = new Names(state, stateId);
  const k = (o: OrderWord) => orderWord(o, lang);
  const own = (id: string) => word(shortId(stateId, id));
  const lines: string[] = [];
  const o = sheet.orders ?? {};
  // S3.6 first: the detachments it creates are named further down
  let serial = state.serials[stateId]?.detachment ?? 0;
  for (const f of o.forces ?? []) lines.push(forceLine(f));
  function forceLine(f: ForceOrder): string {
    switch (f.kind) {
      case 'detach': serial += 1; return `${k('detach')} ${own(f.army)} ${f.ap} ${w('as', lang)} D${serial}`;
      case 'resize': return `${k('resize')} ${own(f.detachment)} ${f.ap}`;
      case 'recall': return `${k('recall')} ${own(f.detachment)}`;
      case 'ally': serial += 1; return `${k('ally')} ${own(f.army)} ${own(f.host)} ${f.ap}${f.forced ? ` ${w('forced', lang)}` : ''}`;
      case 'join': return `${k('join')} ${own(f.force)} ${own(f.host)}`;
      case 'demand-ally': return `${k('demand')} ${word(f.tributary)} ${own(f.host)}`;
      case 'split-fleet': return `${k('split')} ${own(f.fleet)} ${f.ships}`;
      case 'merge-fleets': return `${k('merge')} ${own(f.into)} ${own(f.from)}`;
      case 'exchange-ships': return `${k('transfer')} ${own(f.from)} ${own(f.to)} ${f.ships}`;
      case 'combine-fleets': return `${k('combine')} ${own(f.fleet)} ${word(f.with)} ${w('commander', lang)} ${word(f.commander)}`;
    }
  }
  for (const x of o.friendship?.declare ?? []) lines.push(`${k('friend')} ${word(x)}`);
  for (const x of o.friendship?.cancel ?? []) lines.push(`${k('unfriend')} ${word(x)}`);
  for (const c of o.cessions ?? []) lines.push(`${k('cede')} ${word(c.province)} ${w('to', lang)} ${word(c.to)}${c.transferOwnership ? ` ${w('ownership', lang)}` : ''}`);
  if (o.acceptOwnership) lines.push(k('accept-ownership'));
  if (o.offerVassalage) lines.push(`${k('vassal')} ${word(o.offerVassalage)}`);
  for (const x of o.acceptVassals ?? []) lines.push(`${k('accept-vassal')} ${word(x)}`);
  for (const x of o.freeTributaries ?? []) lines.push(`${k('free')} ${word(x)}`);
  for (const r of o.tributeRates ?? []) lines.push(`${k('rate')} ${word(r.tributary)} ${r.rate}`);
  if (o.throwOffYoke) lines.push(k('yoke'));
  for (const a of o.appointGenerals ?? []) lines.push(`${k('appoint')} ${own(a)}`);
  for (const c of o.releasePrisoners ?? []) lines.push(`${k('release')} ${word(c)}`);
  if (o.masterChoice) lines.push(`${k('master')} ${word(o.masterChoice)}`);
  for (const m of o.money ?? []) lines.push(moneyLine(m));
  function moneyLine(m: MoneyOrder): string {
    switch (m.kind) {
      case 'gift': return `${k('gift')} ${m.amount} ${w('to', lang)} ${word(m.to)}${m.note !== undefined ? ` ${quote(m.note)}` : ''}`;
      case 'ships': return `${k('ships')} ${m.ships}${m.at !== undefined ? ` ${w('at', lang)} ${word(m.at)}` : ''}`;
      case 'effort': return `${k('effort')} ${own(m.army)} ${m.amount}`;
      case 'prestige': return `${k('prestige')} ${word(m.province)}`;
      case 'pillage': return `${k('pillage')} ${word(m.province)}`;
    }
  }
  for (const r of o.raids ?? []) lines.push(`${k('raid')} ${r.forces.map(own).join(' ')} ${word(r.target)}`);
  for (const x of o.attack ?? []) lines.push(`${k('attack')} ${word(x)}`);
  for (const p of o.besiege ?? []) lines.push(`${k('besiege')} ${word(p)}`);
  for (const a of o.noSiege ?? []) lines.push(`${k('no-siege')} ${own(a)}`);
  for (const p of o.surrender ?? []) lines.push(`${k('surrender')} ${word(p)}`);
  for (const p of o.abandon ?? []) lines.push(`${k('abandon')} ${word(p)}`);
  if (o.createArmy) lines.push(k('create-army'));
  for (const m of sheet.moves ?? []) {
    lines.push([k('move'), own(m.force), ...m.path.map(word), ...(m.joins !== undefined ? [w('joinArmy', lang), own(m.joins)] : []), ...(m.leaveAfter !== undefined ? [w('leaveAfter', lang), String(m.leaveAfter)] : [])].join(' '));
  }
  for (const n of sheet.naval ?? []) lines.push(...navalLines(n, own, lang));
  for (const [a, p] of Object.entries(sheet.postures ?? {})) lines.push(`${k('posture')} ${own(a)} ${w(p === 'avoid' ? 'avoid' : 'engage', lang)}`);
  for (const [f, opts] of Object.entries(sheet.retreat ?? {})) lines.push(`${k('retreat')} ${own(f)} ${opts.map((x) => retreatOption(x, own, lang)).join(', ')}`);
  for (const r of sheet.reactions ?? []) {
    lines.push([k('react'), own(r.force), ...(r.to !== undefined ? [w('toward', lang), word(r.to)] : []), ...(r.when ? [w('when', lang), ...r.when.map(word)] : [])].join(' '));
  }
  for (const a of sheet.sovereignPresent ?? []) lines.push(`${k('sovereign')} ${own(a)}`);
  if (sheet.disband !== undefined) lines.push(`${k('disband')} ${own(sheet.disband)}`);
  for (const p of sheet.sorties ?? []) lines.push(`${k('sortie')} ${word(p)}`);
  for (const [p, c] of Object.entries(sheet.relief ?? {})) lines.push(`${k('relief')} ${word(p)} ${w(c === 'retreat' ? 'retreatTo' : c, lang)}`);
  for (const [p, yes] of Object.entries(sheet.sortieConsent ?? {})) lines.push(`${k('consent')} ${word(p)} ${w(yes ? 'yes' : 'no', lang)}`);
  for (const [p, ap] of Object.entries(sheet.contingents ?? {})) lines.push(`${k('contingent')} ${word(p)} ${ap}`);
  for (const p of sheet.withdraw ?? []) lines.push(`${k('withdraw')} ${word(p)}`);
  for (const d of o.declarations ?? []) lines.push(`${k('declare')} ${quote(d)}`);
  for (const d of o.rumours ?? []) lines.push(`${k('rumour')} ${quote(d)}`);
  for (const t of o.treaties ?? []) lines.push(`${k('treaty')} ${quote(t.text)} ${w('with', lang)} ${t.signatories.filter((x) => x !== stateId).map(word).join(' ')}`);
  for (const t of o.confirmTreaties ?? []) lines.push(`${k('confirm')} ${word(names.label('treaty', t))}`);
  return lines.join('\n') + (lines.length ? '\n' : '');
}

function retreatOption(x: RetreatOption, own: (id: string) => string, lang: Lang): string {
  if (x.kind === 'land') return `${w('byLand', lang)} ${word(x.to)}`;
  if (x.kind === 'sea') return `${w('bySea', lang)} ${own(x.fleet)}`;
  return w('fortress', lang);
}

function navalLines(n: NavalOrder, own: (id: string) => string, lang: Lang): string[] {
  const out: string[] = [];
  if (n.actions.length || n.end || !n.policy) {
    const parts = [orderWord('fleet', lang), own(n.fleet), ...n.actions.map((a) => action(a))];
    if (n.end) {
      parts.push(w('end', lang));
      if (n.end.port) parts.push(w('port', lang), ...(n.end.coast !== undefined ? [word(n.end.coast)] : []));
      else if (n.end.coast !== undefined) parts.push(w('coast', lang), word(n.end.coast));
      if (n.end.blockade !== undefined) parts.push(w('blockade', lang), word(n.end.blockade));
    }
    out.push(parts.join(' '));
  }
  function action(a: NavalAction): string {
    switch (a.do) {
      case 'move': return `${w('sail', lang)} ${word(a.to)}`;
      case 'embark': return `${w('embark', lang)} ${a.forces.map(own).join(' ')}`;
      case 'disembark': return `${w('land', lang)} ${word(a.at)}${a.forces ? ` ${a.forces.map(own).join(' ')}` : ''}`;
      case 'raid': return `${w('raid', lang)} ${word(a.at)}`;
    }
  }
  if (n.policy) out.push(policyLine(n.fleet, n.policy, own, lang));
  return out;
}

export function policyLine(fleet: string, p: Partial<NavalPolicy>, own: (id: string) => string, lang: Lang): string {
  const parts = [orderWord('policy', lang), own(fleet)];
  if (p.interceptIf !== undefined) parts.push(w('intercept', lang), typeof p.interceptIf === 'string' ? w(p.interceptIf, lang) : String(p.interceptIf.maxEnemyRatio));
  if (p.onIntercepted !== undefined) {
    const r = p.onIntercepted;
    const one = (x: 'battle' | 'retreat' | 'continue' | 'stay' | 'port') => w(x === 'retreat' ? 'retreatTo' : x, lang);
    parts.push(w('ifIntercepted', lang), ...(typeof r === 'string' ? [one(r)] : [w('battleIf', lang), String(r.battleIfRatioAtLeast), w('else', lang), one(r.else)]));
  }
  if (p.pursueAfterWin !== undefined) parts.push(w('pursue', lang), w(p.pursueAfterWin ? 'yes' : 'no', lang));
  if (p.blockStraits !== undefined) parts.push(w('straits', lang), w(p.blockStraits ? 'block' : 'allow', lang));
  if (p.ask !== undefined) parts.push(w('ask', lang), w(p.ask ? 'yes' : 'no', lang));
  return parts.join(' ');
}

const TEMPLATE = {
  head: { en: '# Orders of {state}, season {season}. One order a line; a line starting with # is a comment. Help: the grammar below each force.', fr: '# Ordres de {state}, saison {season}. Un ordre par ligne ; une ligne qui commence par # est un commentaire. Aide : la syntaxe sous chaque force.' },
  treasury: { en: '# Treasury: {money} gruikors.', fr: '# Trésor : {money} gruikors.' },
  army: { en: '# Army {id} at {where}, {ap} AP: moves up to {max} provinces.', fr: '# Armée {id} à {where}, {ap} AP : se déplace d’au plus {max} provinces.' },
  detachment: { en: '# Detachment {id} at {where}, {ap} AP: moves up to {max} friendly provinces.', fr: '# Détachement {id} à {where}, {ap} AP : se déplace d’au plus {max} provinces amies.' },
  fleet: { en: '# Fleet {id}, {ships} ships, in {zone}: up to {mp} actions (move, embark, land, raid), then an end posture.', fr: '# Flotte {id}, {ships} navires, en {zone} : au plus {mp} actions (aller, embarquer, débarquer, razzia), puis une position finale.' },
  away: { en: 'aboard or captured', fr: 'à bord ou capturée' },
  standing: { en: '# Its naval policy in force (§7.15), kept from season to season until you give another:', fr: '# Sa politique navale en vigueur (§7.15), gardée de saison en saison jusqu’à ce que vous en donniez une autre :' },
} as const;

/**
 * A commented sheet listing the state's forces and fleets with the orders each may take; a fleet
 * with a standing naval policy (`policies`, the flow's, §7.15) shows it.
 */
export function orderTemplate(state: GruikState, stateId: StateId, lang: Lang, policies: StandingPolicies = {}): string {
  const v = viewOf(state, stateId);
  const ix = indexMap(v.map);
  const t = (key: keyof typeof TEMPLATE, args: Record<string, string | number> = {}) => TEMPLATE[key][lang].replace(/\{(\w+)\}/g, (_, x: string) => String(args[x] ?? ''));
  const k = (o: OrderWord) => orderWord(o, lang);
  const realm = v.realms[stateId];
  const out: string[] = [t('head', { state: realm?.name ?? stateId, season: v.season })];
  if (realm && 'treasury' in realm) out.push(t('treasury', { money: realm.treasury }));
  const where = (loc: unknown) => (typeof loc === 'string' && loc !== 'captured' ? ix.province[loc]?.name ?? loc : TEMPLATE.away[lang]);
  for (const a of Object.values(v.armies)) {
    const id = shortId(stateId, a.id);
    const first = typeof a.location === 'string' ? (ix.land[a.location] ?? [])[0]?.province ?? 'p' : 'p';
    out.push('', t('army', { id, where: where(a.location), ap: a.currentAP, max: moveLimit(state, a.id) }));
    out.push(`#   ${k('move')} ${id} ${first}`, `#   ${k('detach')} ${id} ${state.config.detachment.min}`, `#   ${k('posture')} ${id} ${w('engage', lang)}|${w('avoid', lang)}`,
      `#   ${k('retreat')} ${id} ${w('byLand', lang)} ${first}, ${w('fortress', lang)}`, `#   ${k('react')} ${id}`, `#   ${k('sovereign')} ${id}`, `#   ${k('effort')} ${id} ${state.config.army.effortCost}`, `#   ${k('no-siege')} ${id}`);
  }
  for (const d of Object.values(v.detachments)) {
    const id = shortId(stateId, d.id);
    out.push('', t('detachment', { id, where: where(d.location), ap: d.ap, max: moveLimit(state, d.id) }));
    out.push(`#   ${k('move')} ${id} …`, `#   ${k('resize')} ${id} ${d.ap}`, `#   ${k('recall')} ${id}`, `#   ${k('react')} ${id}`, `#   ${k('retreat')} ${id} ${w('fortress', lang)}`);
  }
  for (const f of Object.values(v.fleets)) {
    const id = shortId(stateId, f.id);
    const next = ix.zone[f.zone]?.neighbours[0]?.zone ?? f.zone;
    out.push('', t('fleet', { id, ships: f.ships, zone: ix.zone[f.zone]?.name ?? f.zone, mp: state.config.naval.fleetMp }));
    out.push(`#   ${k('fleet')} ${id} ${w('sail', lang)} ${next} ${w('end', lang)} ${w('port', lang)}`);
    const standing = Object.hasOwn(policies, f.id) ? policies[f.id] : undefined;
    if (standing) out.push(t('standing'), `#   ${policyLine(f.id, standing, (x) => shortId(stateId, x), lang)}`);
    else out.push(`#   ${k('policy')} ${id} ${w('intercept', lang)} 1 ${w('ifIntercepted', lang)} ${w('battleIf', lang)} 1 ${w('else', lang)} ${w('port', lang)} ${w('pursue', lang)} ${w('no', lang)} ${w('straits', lang)} ${w('block', lang)}`);
  }
  out.push('');
  return out.join('\n') + '\n';
}
