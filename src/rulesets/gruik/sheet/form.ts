/**
 * The guided form of a state's season orders (engine/ruleset.ts `AnswerForm`): each entry writes
 * one line of the text sheet (`formLine`), and offers only choices that the rules accept and that
 * the state may know (its view: its own forces and fleets, the public map and states). Every
 * choice is checked with the same functions the parser uses (`moveRefusal`, `navalOrderRefusal`,
 * S3.1's `validateOrders`, S3.6's acts), so that the form, the text sheet and the referee agree
 * (test/gruik/sheet.test.ts parses every choice).
 */
import type { AnswerForm, FormEntry, FormField, Lang } from '../../../engine/ruleset.ts';
import { indexMap } from '../map.ts';
import type { StateOrders } from '../season-types.ts';
import type { GruikState, StateId } from '../state.ts';
import { validateOrders } from '../rules/diplomacy.ts';
import { createDetachment } from '../rules/detachments.ts';
import { moveLimit, moveRefusal } from '../rules/movement.ts';
import { navalOrderRefusal, type NavalOrder } from '../rules/naval-orders.ts';
import { viewOf } from '../view.ts';
import { shortId } from './names.ts';
import { policyLine } from './print.ts';
import { inner as w, orderWord, word, type OrderWord } from './words.ts';

/** Bounds of the form's enumerations [P]: paths and fleet plans offered per force. */
export const FORM_LIMITS = { paths: 200, plans: 200, amounts: 20 } as const;

const T = {
  organisation: { en: 'Forces (S3.6)', fr: 'Forces (S3.6)' },
  moves: { en: 'Land moves (S4)', fr: 'Mouvements terrestres (S4)' },
  naval: { en: 'Fleets (S5)', fr: 'Flottes (S5)' },
  money: { en: 'Treasury (S3.5)', fr: 'Trésor (S3.5)' },
  diplomacy: { en: 'Diplomacy (S3.1–S3.4)', fr: 'Diplomatie (S3.1–S3.4)' },
  war: { en: 'Raids and sieges (S7)', fr: 'Razzias et sièges (S7)' },
  battle: { en: 'Battles and reactions (S4.3, S6)', fr: 'Batailles et réactions (S4.3, S6)' },
  texts: { en: 'Declarations, rumours, treaties (S3.7)', fr: 'Déclarations, rumeurs, traités (S3.7)' },
  force: { en: 'Force', fr: 'Force' },
  army: { en: 'Army', fr: 'Armée' },
  detachment: { en: 'Detachment', fr: 'Détachement' },
  fleet: { en: 'Fleet', fr: 'Flotte' },
  path: { en: 'Path', fr: 'Chemin' },
  ap: { en: 'AP', fr: 'AP' },
  plan: { en: 'Actions and end posture', fr: 'Actions et position finale' },
  state: { en: 'State', fr: 'État' },
  province: { en: 'Province', fr: 'Province' },
  amount: { en: 'Gruikors', fr: 'Gruikors' },
  ships: { en: 'Ships', fr: 'Navires' },
  rate: { en: 'Rate', fr: 'Taux' },
  posture: { en: 'Posture', fr: 'Posture' },
  option: { en: 'Retreat', fr: 'Retraite' },
  text: { en: 'Text', fr: 'Texte' },
  ownership: { en: 'Transfer ownership (A-22, the GM approves)', fr: 'Transférer la propriété (A-22, le MJ approuve)' },
  treaty: { en: 'Treaty', fr: 'Traité' },
  policy: { en: 'Policy', fr: 'Politique' },
  note: { en: 'Note', fr: 'Note' },
} as const;

/** The guided form for a state's season sheet. */
export function sheetForm(state: GruikState, stateId: StateId, lang: Lang): AnswerForm {
  if (!Object.hasOwn(state.realms, stateId)) return { layout: 'picker', groups: [] };
  const v = viewOf(state, stateId);
  const ix = indexMap(state.map);
  const t = (k: keyof typeof T) => T[k][lang];
  const k = (o: OrderWord) => orderWord(o, lang);
  const own = (id: string) => shortId(stateId, id);
  const opt = (value: string, label = value) => ({ value, label });
  const choice = (name: string, label: string, options: { value: string; label: string }[], extra: Partial<FormField> = {}): FormField => ({ name, label, kind: 'choice', options, ...extra } as FormField);
  const entry = (code: OrderWord, label: string, syntax: string, fields: FormField[]): FormEntry => ({ code: k(code), label, syntax, fields });
  const s31ok = (partial: StateOrders) => validateOrders(state, { [stateId]: partial }).refused.length === 0;
  const realm = state.realms[stateId]!;
  const others = Object.values(v.realms).filter((r) => r.id !== stateId && r.kind !== 'rebels').map((r) => r.id).sort();
  const controlled = state.map.provinces.map((p) => p.id).filter((p) => v.provinces[p]?.controller === stateId);
  const armies = Object.values(v.armies).filter((a) => typeof a.location === 'string' && a.location !== 'captured');
  const detachments = Object.values(v.detachments).filter((d) => typeof d.location === 'string' && d.location !== 'captured');
  const groups: AnswerForm['groups'] = [];

  // S3.6 organisation
  const org: FormEntry[] = [];
  for (const a of armies) {
    const c = state.config.detachment;
    const max = Math.min(c.max, a.currentAP);
    if (max >= c.min && createDetachment(state, a.id, c.min).ok) org.push(entry('detach', `${k('detach')} ${own(a.id)}`, `${k('detach')} <army> <AP>`, [choice('army', t('army'), [opt(own(a.id))]), { name: 'ap', label: t('ap'), kind: 'integer', min: c.min, max }]));
  }
  if (detachments.length) org.push(entry('recall', k('recall'), `${k('recall')} <detachment>`, [choice('detachment', t('detachment'), detachments.map((d) => opt(own(d.id))))]));
  if (org.length) groups.push({ title: t('organisation'), entries: org });

  // S4.1 moves: every legal path, per force
  const moves: FormEntry[] = [];
  for (const f of [...armies, ...detachments]) {
    const paths = legalPaths(state, f.id, ix);
    if (paths.length) moves.push(entry('move', `${k('move')} ${own(f.id)}`, `${k('move')} <force> <province> …`, [choice('force', t('force'), [opt(own(f.id))]), choice('path', t('path'), paths.map((p) => opt(p.join(' '), p.map((x) => ix.province[x]?.name ?? x).join(' → '))), { verbatim: true })]));
  }
  if (moves.length) groups.push({ title: t('moves'), entries: moves });

  // S5 fleets: plans of at most two moves and an end posture, each checked
  const naval: FormEntry[] = [];
  for (const f of Object.values(v.fleets)) {
    const plans = fleetPlans(state, stateId, f.id, lang, ix);
    if (plans.length) naval.push(entry('fleet', `${k('fleet')} ${own(f.id)}`, `${k('fleet')} <fleet> …`, [choice('fleet', t('fleet'), [opt(own(f.id))]), choice('plan', t('plan'), plans.map((p) => opt(p)), { verbatim: true })]));
    const policies = ['always', 'never', '0.5', '1', '2'].flatMap((i) => ['battle', 'retreat', 'port'].map((r) => policyLine(f.id, { interceptIf: i === 'always' || i === 'never' ? i : { maxEnemyRatio: Number(i) }, onIntercepted: r as 'battle' }, own, lang).split(' ').slice(2).join(' ')));
    naval.push(entry('policy', `${k('policy')} ${own(f.id)}`, `${k('policy')} <fleet> …`, [choice('fleet', t('fleet'), [opt(own(f.id))]), choice('policy', t('policy'), policies.map((p) => opt(p)), { verbatim: true })]));
  }
  if (naval.length) groups.push({ title: t('naval'), entries: naval });

  // S3.5 money
  const money: FormEntry[] = [];
  const cap = Math.max(1, realm.treasury);
  if (others.length) money.push(entry('gift', k('gift'), `${k('gift')} <n> ${w('to', lang)} <state>`, [{ name: 'amount', label: t('amount'), kind: 'integer', min: 1, max: cap }, choice('to', t('state'), others.map((x) => opt(x, v.realms[x]!.name)), { prefix: w('to', lang) }), { name: 'note', label: t('note'), kind: 'text', optional: true }]));
  const yards = controlled.filter((p) => (ix.province[p]?.coasts.length ?? 0) > 0);
  if (yards.length) money.push(entry('ships', k('ships'), `${k('ships')} <n> [${w('at', lang)} <province>]`, [{ name: 'ships', label: t('ships'), kind: 'integer', min: 1, max: cap }, choice('at', t('province'), yards.map((p) => opt(p, ix.province[p]!.name)), { prefix: w('at', lang), optional: true })]));
  const effort = state.config.army.effortCost;
  const blocks = Array.from({ length: Math.min(FORM_LIMITS.amounts, Math.max(1, Math.floor(cap / effort))) }, (_, i) => String((i + 1) * effort));
  if (armies.length) money.push(entry('effort', k('effort'), `${k('effort')} <army> <n>`, [choice('army', t('army'), armies.map((a) => opt(own(a.id)))), choice('amount', t('amount'), blocks.map((b) => opt(b)))]));
  if (controlled.length && realm.lastPrestigeExpenseYear !== Math.floor(state.season / 4)) money.push(entry('prestige', k('prestige'), `${k('prestige')} <province>`, [choice('province', t('province'), controlled.map((p) => opt(p, ix.province[p]!.name)))]));
  if (controlled.length) money.push(entry('pillage', k('pillage'), `${k('pillage')} <province>`, [choice('province', t('province'), controlled.map((p) => opt(p, ix.province[p]!.name)))]));
  if (money.length) groups.push({ title: t('money'), entries: money });

  // S3.1–S3.4 diplomacy
  const dip: FormEntry[] = [];
  const states = (xs: string[]) => xs.map((x) => opt(x, v.realms[x]?.name ?? x));
  const friendable = others.filter((x) => s31ok({ friendship: { declare: [x] } }));
  if (friendable.length) dip.push(entry('friend', k('friend'), `${k('friend')} <state>`, [choice('state', t('state'), states(friendable))]));
  const friends = realm.friendsDeclared.filter((x) => others.includes(x));
  if (friends.length) dip.push(entry('unfriend', k('unfriend'), `${k('unfriend')} <state>`, [choice('state', t('state'), states(friends))]));
  const cedable = controlled.filter((p) => others.some((x) => s31ok({ cessions: [{ province: p, to: x }] })));
  if (cedable.length && others.length) dip.push(entry('cede', k('cede'), `${k('cede')} <province> ${w('to', lang)} <state> [${w('ownership', lang)}]`, [choice('province', t('province'), cedable.map((p) => opt(p, ix.province[p]!.name))), choice('to', t('state'), states(others), { prefix: w('to', lang) }), choice('ownership', t('ownership'), [opt(w('ownership', lang))], { optional: true })]));
  if (others.length) dip.push(entry('accept-ownership', k('accept-ownership'), k('accept-ownership'), [])); // [P A-22] the recipient's tick
  const masters = others.filter((x) => s31ok({ offerVassalage: x }));
  if (masters.length) dip.push(entry('vassal', k('vassal'), `${k('vassal')} <state>`, [choice('state', t('state'), states(masters))]));
  if (others.length) dip.push(entry('accept-vassal', k('accept-vassal'), `${k('accept-vassal')} <state>`, [choice('state', t('state'), states(others))]));
  const tributaries = others.filter((x) => s31ok({ freeTributaries: [x] }));
  if (tributaries.length) {
    dip.push(entry('free', k('free'), `${k('free')} <state>`, [choice('state', t('state'), states(tributaries))]));
    const steps = Array.from({ length: 11 }, (_, i) => Math.round(i * state.config.treasury.tributeMaxRate * 10) / 100);
    dip.push(entry('rate', k('rate'), `${k('rate')} <state> <rate>`, [choice('state', t('state'), states(tributaries)), choice('rate', t('rate'), [...new Set(steps)].map((r) => opt(String(r))))]));
  }
  if (s31ok({ throwOffYoke: true })) dip.push(entry('yoke', k('yoke'), k('yoke'), []));
  const captiveGenerals = armies.filter((a) => s31ok({ appointGenerals: [a.id] }));
  if (captiveGenerals.length) dip.push(entry('appoint', k('appoint'), `${k('appoint')} <army>`, [choice('army', t('army'), captiveGenerals.map((a) => opt(own(a.id))))]));
  const captives = Object.values(v.characters).filter((c) => 'captor' in c && c.captor === stateId && c.status === 'captive');
  if (captives.length) dip.push(entry('release', k('release'), `${k('release')} <character>`, [choice('character', t('text'), captives.map((c) => opt(c.id, c.name)))]));
  dip.push(entry('create-army', k('create-army'), k('create-army'), []));
  groups.push({ title: t('diplomacy'), entries: dip });

  // S7 raids and sieges
  const war: FormEntry[] = [];
  for (const target of others) {
    const forces = [...armies, ...detachments].filter((f) => s31ok({ raids: [{ target, forces: [f.id] }] }));
    if (forces.length) war.push(entry('raid', `${k('raid')} → ${v.realms[target]!.name}`, `${k('raid')} <force> … <state>`, [choice('force', t('force'), forces.map((f) => opt(own(f.id)))), choice('target', t('state'), states([target]))]));
  }
  // [P J26] an attack on a state that declared us a friend cancels its friendship at S3.2 (against anyone else it changes
  // nothing); against one we call a friend too, the sheet needs an `unfriend` line first, so the form does not offer it
  const attackable = others.filter((x) => v.realms[x]?.friendsDeclared?.includes(stateId) && s31ok({ attack: [x] }));
  if (attackable.length) war.push(entry('attack', k('attack'), `${k('attack')} <state>`, [choice('state', t('state'), states(attackable))]));
  const siegeable = [...new Set(armies.map((a) => a.location as string))].filter((p) => s31ok({ besiege: [p] }));
  if (siegeable.length) war.push(entry('besiege', k('besiege'), `${k('besiege')} <province>`, [choice('province', t('province'), siegeable.map((p) => opt(p, ix.province[p]!.name)))]));
  if (armies.length) war.push(entry('no-siege', k('no-siege'), `${k('no-siege')} <army>`, [choice('army', t('army'), armies.map((a) => opt(own(a.id))))]));
  const threatened = controlled.filter((p) => v.seen.some((x) => x.location === p && x.kind === 'army'));
  if (threatened.length) for (const o of ['surrender', 'abandon'] as const) war.push(entry(o, k(o), `${k(o)} <province>`, [choice('province', t('province'), threatened.map((p) => opt(p, ix.province[p]!.name)))]));
  // S6.1 sorties and relief (§8.1.5, A-61, J14): the garrison's sortie and contingent, the besieger's standing answers
  const garrisoned = controlled.filter((p) => armies.some((a) => a.location === p && a.inFortress));
  const pick = (ps: string[]) => choice('province', t('province'), ps.map((p) => opt(p, ix.province[p]!.name)));
  if (garrisoned.length) {
    war.push(entry('sortie', k('sortie'), `${k('sortie')} <province>`, [pick(garrisoned)]));
    const max = Math.min(state.config.siege.reliefContingentMax, state.config.detachment.max);
    war.push(entry('contingent', k('contingent'), `${k('contingent')} <province> <AP>`, [pick(garrisoned), { name: 'ap', label: t('ap'), kind: 'integer', min: 1, max }]));
  }
  // a withdrawal: any garrison of ours, detachments alone included [T §8.4]
  const withdrawable = controlled.filter((p) => [...armies, ...detachments].some((f) => f.location === p && f.inFortress && !f.hostArmy));
  if (withdrawable.length) war.push(entry('withdraw', k('withdraw'), `${k('withdraw')} <province>`, [pick(withdrawable)]));
  const besieging = [...new Set(armies.filter((a) => a.siegeOf).map((a) => a.siegeOf!))].sort();
  if (besieging.length) {
    war.push(entry('relief', k('relief'), `${k('relief')} <province> ${w('retreatTo', lang)}|${w('pin', lang)}|${w('all', lang)}|${w('auto', lang)}`, [pick(besieging), choice('choice', t('option'), (['retreatTo', 'pin', 'all', 'auto'] as const).map((x) => opt(w(x, lang))))]));
    war.push(entry('consent', k('consent'), `${k('consent')} <province> ${w('yes', lang)}|${w('no', lang)}`, [pick(besieging), choice('choice', t('option'), [opt(w('yes', lang)), opt(w('no', lang))])]));
  }
  if (war.length) groups.push({ title: t('war'), entries: war });

  // S4.3, S6: postures, retreats, reactions, the sovereign, disbanding
  const bat: FormEntry[] = [];
  if (armies.length) {
    bat.push(entry('posture', k('posture'), `${k('posture')} <army> ${w('engage', lang)}|${w('avoid', lang)}`, [choice('army', t('army'), armies.map((a) => opt(own(a.id)))), choice('posture', t('posture'), [opt(w('engage', lang)), opt(w('avoid', lang))])]));
    bat.push(entry('sovereign', k('sovereign'), `${k('sovereign')} <army>`, [choice('army', t('army'), armies.map((a) => opt(own(a.id))))]));
    bat.push(entry('disband', k('disband'), `${k('disband')} <army>`, [choice('army', t('army'), armies.map((a) => opt(own(a.id))))]));
  }
  for (const f of [...armies, ...detachments]) {
    const at = f.location as string;
    const options = [w('fortress', lang), ...(ix.land[at] ?? []).map((l) => `${w('byLand', lang)} ${word(l.province)}`), ...Object.values(v.fleets).map((fl) => `${w('bySea', lang)} ${own(fl.id)}`)];
    bat.push(entry('retreat', `${k('retreat')} ${own(f.id)}`, `${k('retreat')} <force> <retreat>, …`, [choice('force', t('force'), [opt(own(f.id))]), choice('option', t('option'), options.map((o) => opt(o)), { verbatim: true })]));
    const near = (ix.land[at] ?? []).map((l) => l.province);
    bat.push(entry('react', `${k('react')} ${own(f.id)}`, `${k('react')} <force> [${w('toward', lang)} <province>]`, [choice('force', t('force'), [opt(own(f.id))]), choice('to', t('province'), near.map((p) => opt(p, ix.province[p]!.name)), { prefix: w('toward', lang), optional: true })]));
  }
  if (bat.length) groups.push({ title: t('battle'), entries: bat });

  // S3.7 texts
  const texts: FormEntry[] = [
    entry('declare', k('declare'), `${k('declare')} "…"`, [{ name: 'text', label: t('text'), kind: 'text' }]),
    entry('rumour', k('rumour'), `${k('rumour')} "…"`, [{ name: 'text', label: t('text'), kind: 'text' }]),
  ];
  if (others.length) texts.push(entry('treaty', k('treaty'), `${k('treaty')} "…" ${w('with', lang)} <state> …`, [{ name: 'text', label: t('text'), kind: 'text' }, choice('with', t('state'), states(others), { prefix: w('with', lang) })]));
  const toConfirm = v.treaties.filter((x) => x.publishedAt === undefined && !x.confirmed.includes(stateId));
  if (toConfirm.length) texts.push(entry('confirm', k('confirm'), `${k('confirm')} <treaty>`, [choice('treaty', t('treaty'), toConfirm.map((x) => opt(x.id, x.text.slice(0, 60))))]));
  groups.push({ title: t('texts'), entries: texts });
  return { layout: 'picker', groups };
}

/** Every path a force may be ordered along (moveRefusal null), shortest first, bounded by FORM_LIMITS.paths. */
export function legalPaths(s: GruikState, force: string, ix = indexMap(s.map)): string[][] {
  const f = s.armies[force] ?? s.detachments[force];
  if (!f || typeof f.location !== 'string' || f.location === 'captured') return [];
  const limit = moveLimit(s, force);
  const out: string[][] = [];
  let frontier: string[][] = [[]];
  for (let len = 1; len <= limit && out.length < FORM_LIMITS.paths; len++) {
    const next: string[][] = [];
    for (const p of frontier) {
      const from: string = p.length ? p[p.length - 1]! : (f.location as string);
      for (const l of ix.land[from] ?? []) {
        if (l.province === f.location || p.includes(l.province)) continue;
        const path = [...p, l.province];
        if (next.length + out.length >= FORM_LIMITS.paths * 4) break;
        next.push(path);
      }
    }
    for (const p of next) if (out.length < FORM_LIMITS.paths && !moveRefusal(s, { force, path: p }, ix)) out.push(p);
    frontier = next;
  }
  return out;
}

/** Plans for a fleet line, each checked by navalOrderRefusal: one own force embarked, carried at most one zone and landed; up to two moves, then an end posture (coast, port or blockade). */
function fleetPlans(s: GruikState, st: StateId, fleet: string, lang: Lang, ix = indexMap(s.map)): string[] {
  const f = s.fleets[fleet];
  if (!f) return [];
  const out: string[] = [];
  const routes: string[][] = [[]];
  for (const n of ix.zone[f.zone]?.neighbours ?? []) {
    routes.push([n.zone]);
    for (const m of ix.zone[n.zone]?.neighbours ?? []) if (s.config.naval.fleetMp >= 2) routes.push([n.zone, m.zone]);
  }
  // transport: one own force on a coast of the start zone, embarked, carried along a route and landed where it ends
  const own = [...Object.values(s.armies), ...Object.values(s.detachments)].filter((g) => g.state === st && typeof g.location === 'string' && (ix.zoneCoasts[f.zone] ?? []).includes(g.location));
  for (const g of own) for (const r of routes.filter((x) => x.length <= 1)) {
    const zone = r.length ? r[r.length - 1]! : f.zone;
    for (const p of ix.zoneCoasts[zone] ?? []) {
      if (out.length >= FORM_LIMITS.plans) return out;
      const actions: NavalOrder['actions'] = [{ do: 'embark', forces: [g.id] }, ...r.map((to) => ({ do: 'move' as const, to })), { do: 'disembark', at: p }];
      if (navalOrderRefusal(s, { fleet, actions }, st, ix)) continue;
      out.push([w('embark', lang), shortId(st, g.id), ...r.flatMap((z) => [w('sail', lang), word(z)]), w('land', lang), word(p)].join(' '));
    }
  }
  for (const r of routes) {
    const zone = r.length ? r[r.length - 1]! : f.zone;
    const ends: NavalOrder['end'][] = [undefined];
    for (const p of ix.zoneCoasts[zone] ?? []) ends.push({ coast: p }, { coast: p, port: true }, { blockade: p });
    for (const end of ends) {
      if (out.length >= FORM_LIMITS.plans) return out;
      const order: NavalOrder = { fleet, actions: r.map((to) => ({ do: 'move' as const, to })), ...(end ? { end } : {}) };
      if (navalOrderRefusal(s, order, st, ix)) continue;
      const parts = [...r.flatMap((z) => [w('sail', lang), word(z)])];
      if (end) {
        parts.push(w('end', lang));
        if (end.port) parts.push(w('port', lang), word(end.coast!));
        else if (end.coast) parts.push(w('coast', lang), word(end.coast));
        else parts.push(w('blockade', lang), word(end.blockade!));
      }
      if (parts.length) out.push(parts.join(' '));
    }
  }
  return out;
}
