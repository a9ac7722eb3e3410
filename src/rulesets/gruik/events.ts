/**
 * Typed events of what the written rules do, with their audience, rendered in French and English
 * (style §4; rules Appendix B): a discriminated union, one template per kind in each language side
 * by side (`MSG`, exhaustive by type), names filled from the map and the states as the reader knows
 * them. Builders turn the rules' results into events: the moves and the movement report (S4,
 * §5.6.1: no sizes), crossings, retreats and captures, battles with their losses and the fates of
 * characters (S6). The season's start (S0.3) is told by season-events.ts: a catastrophe publicly
 * with its J17 text and no amount (the loss stays in the victim's ledger); the base shows in the
 * state's own status sheet, as its armies' AP.
 *
 * Audience: `[]` is public (Appendix B's public report); otherwise the states concerned.
 * The sentences avoid article agreement on proper names (« Tourbière », « Royaume de Sylvebrune »)
 * by their structure, so no text is mended after the fact.
 */
import { fill } from '../../engine/localize.ts';
import type { Lang, Localized } from '../../engine/ruleset.ts';
import type { GruikState, ProvinceId, SortieEvent, StateId } from './state.ts';
import { SORTIE_REFUSALS } from './rules/sortie.ts';
import type { BattleApplied, BattleSpec } from './rules/battle-result.ts';
import type { MovementResult, Trigger } from './rules/movement.ts';
import type { RetreatOption } from './rules/retreat.ts';
import { isNaval, renderNaval, type NavalEvent } from './naval-events.ts';

export type GruikEvent =
  | { t: 'moved'; audience: StateId[]; state: StateId; kind: 'army' | 'detachment'; from: ProvinceId; to: ProvinceId; stopped?: MovementResult['moves'][number]['stopped'] }
  | { t: 'sighted'; audience: StateId[]; code: Trigger['code']; state: StateId; kind: 'army' | 'detachment'; from: ProvinceId; to: ProvinceId }
  | { t: 'crossing'; audience: StateId[]; winner: StateId; loser: StateId; from: ProvinceId; to: ProvinceId }
  | { t: 'battle'; audience: StateId[]; province: ProvinceId; a: StateId; b: StateId; winner: StateId | null }
  | { t: 'losses'; audience: StateId[]; state: StateId; ap: number }
  | { t: 'fate'; audience: StateId[]; state: StateId; character: string; fate: 'escapes' | 'captured' | 'killed' }
  | { t: 'retreat'; audience: StateId[]; state: StateId; option: RetreatOption; failed?: boolean }
  | { t: 'captured'; audience: StateId[]; state: StateId; kind: 'army' | 'detachment' }
  | SortieEvent // S6.1, rules §8.1.5
  | NavalEvent; // S5, rules §7: naval-events.ts renders them

export type EventKind = GruikEvent['t'];

/** Verbs, so that the sentence agrees with any character (« Dagna trouve la mort »). */
const FATE: Record<'escapes' | 'captured' | 'killed', Localized> = {
  escapes: { fr: 's’échappe', en: 'escapes' }, captured: { fr: 'tombe aux mains de l’ennemi', en: 'falls into enemy hands' }, killed: { fr: 'trouve la mort', en: 'is killed' },
};

/** Both languages of each kind, side by side; `{…}` filled when the sentence is written. */
const MSG: Record<Exclude<EventKind, NavalEvent['t']>, Localized> = {
  moved: { fr: '{state} — {kind} : {from} → {to}{stopped}.', en: '{state} — {kind}: {from} → {to}{stopped}.' },
  sighted: { fr: 'Mouvement signalé ({code}) — {state}, {kind} : {from} → {to}.', en: 'Movement reported ({code}) — {state}, {kind}: {from} → {to}.' },
  crossing: { fr: 'Rencontre à la frontière entre {from} et {to} : {winner} passe, {loser} est arrêté.', en: 'Clash on the border between {from} and {to}: {winner} goes through, {loser} is stopped.' },
  battle: { fr: 'Bataille — {province} : {a} contre {b}. {result}', en: 'Battle — {province}: {a} against {b}. {result}' },
  losses: { fr: '{state} — pertes de campagne : {ap} AP.', en: '{state} — campaign losses: {ap} AP.' },
  fate: { fr: '{state} — {character} {fate}.', en: '{state} — {character} {fate}.' },
  retreat: { fr: '{state} — retraite : {way}.', en: '{state} — retreat: {way}.' },
  captured: { fr: '{state} — {what}, faute de retraite.', en: '{state} — {what}, having no retreat.' },
  sortie: { fr: '{state} — {what}.', en: '{state} — {what}.' },
  relief: { fr: '{state} — armée de secours devant le siège de {province} : {what}{how}{contingent}.', en: '{state} — a relief force at the siege of {province}: {what}{how}{contingent}.' },
};

/** The besieger's answer to a relief force (§8.1.5). */
const RELIEF: Record<'retreat' | 'pin' | 'all', Localized> = {
  retreat: { fr: 'l’assiégeant se retire vers {to}, le siège est levé', en: 'the besieger withdraws to {to}, the siege is lifted' },
  pin: { fr: 'l’assiégeant laisse {n} AP devant la forteresse et combat avec le reste (cas 1)', en: 'the besieger leaves {n} AP at the fortress and fights with the rest (case 1)' },
  all: { fr: 'l’assiégeant combat avec toutes ses forces (cas 2)', en: 'the besieger fights with all its forces (case 2)' },
};

const KIND: Record<'army' | 'detachment', Localized> = { army: { fr: 'armée', en: 'army' }, detachment: { fr: 'détachement', en: 'detachment' } };
const CAPTURED: Record<'army' | 'detachment', Localized> = { army: { fr: 'armée capturée', en: 'army captured' }, detachment: { fr: 'détachement capturé', en: 'detachment captured' } };
const STOPPED: Record<NonNullable<MovementResult['moves'][number]['stopped']>, Localized> = {
  'enemy-province': { fr: ' (arrêt : province ennemie)', en: ' (stopped: enemy province)' },
  'enemy-army': { fr: ' (arrêt : armée ennemie)', en: ' (stopped: enemy army)' },
  'crossing': { fr: ' (arrêté à la frontière)', en: ' (stopped on the border)' },
  'strait': { fr: ' (détroit barré par une flotte)', en: ' (strait barred by a fleet)' },
  'join-failed': { fr: ' (jonction manquée)', en: ' (failed to join)' },
};

/** One event's sentence in one language; names as the map and the states give them. */
export function render(s: Pick<GruikState, 'map' | 'realms' | 'characters'>, e: GruikEvent, lang: Lang): string {
  if (isNaval(e)) return renderNaval(s, e, lang);
  const province = (p: ProvinceId) => s.map.provinces.find((x) => x.id === p)?.name ?? p;
  const state = (st: StateId) => s.realms[st]?.name ?? st;
  const args: Record<string, string | number | Localized> = {};
  switch (e.t) {
    case 'moved': Object.assign(args, { state: state(e.state), kind: KIND[e.kind], from: province(e.from), to: province(e.to), stopped: e.stopped ? STOPPED[e.stopped] : '' }); break;
    case 'sighted': Object.assign(args, { code: e.code, state: state(e.state), kind: KIND[e.kind], from: province(e.from), to: province(e.to) }); break;
    case 'crossing': Object.assign(args, { winner: state(e.winner), loser: state(e.loser), from: province(e.from), to: province(e.to) }); break;
    case 'battle': Object.assign(args, { province: province(e.province), a: state(e.a), b: state(e.b), result: e.winner ? fill({ fr: 'Victoire : {w}.', en: 'Victory: {w}.' }, { w: state(e.winner) }) : { fr: 'Bataille non décisive.', en: 'No decision.' } }); break;
    case 'losses': Object.assign(args, { state: state(e.state), ap: e.ap }); break;
    case 'fate': Object.assign(args, { state: state(e.state), character: s.characters[e.character]?.name ?? e.character, fate: FATE[e.fate] }); break;
    case 'retreat': {
      const way: Localized = e.option.kind === 'land' ? fill({ fr: 'vers {p}', en: 'to {p}' }, { p: province(e.option.to) })
        : e.option.kind === 'sea' ? { fr: 'par mer', en: 'by sea' }
        : e.failed ? { fr: 'vers la forteresse, échouée', en: 'into the fortress, failed' } : { fr: 'dans la forteresse', en: 'into the fortress' };
      Object.assign(args, { state: state(e.state), way });
      break;
    }
    case 'captured': Object.assign(args, { state: state(e.state), what: CAPTURED[e.kind] }); break;
    case 'sortie': {
      if (e.back) {
        Object.assign(args, { state: state(e.state), what: fill({ fr: 'l’armée sortie de {p} n’a pas combattu : elle rentre dans la forteresse', en: 'the army that sallied from {p} fought no battle: it goes back into the fortress' }, { p: province(e.province) }) });
        break;
      }
      if (!e.withdraw) {
        const what: Localized = e.made
          ? fill({ fr: 'la garnison de {p} fait une sortie{c}', en: 'the garrison of {p} sallies out{c}' }, { p: province(e.province), c: e.consented ? { fr: ' avec l’accord de l’assiégeant', en: ' with the besieger’s consent' } : '' })
          : fill({ fr: 'pas de sortie de {p} : {why}', en: 'no sortie from {p}: {why}' }, { p: province(e.province), why: fill(SORTIE_REFUSALS[e.reason ?? 'no-siege'], { min: e.min ?? 0 }) });
        Object.assign(args, { state: state(e.state), what });
        break;
      }
      const w = e.withdraw;
      const who: Localized = w.kind === 'army' ? { fr: 'une armée assiégée', en: 'a besieged army' } : { fr: 'un détachement assiégé', en: 'a besieged detachment' };
      const what: Localized = !w.option
        ? fill({ fr: 'le secours battu, {who} à {p} n’a aucune retraite possible et demeure dans la forteresse', en: 'the relief beaten, {who} at {p} finds no way out and stays in the fortress' }, { who, p: province(e.province) })
        : w.option.kind === 'land'
          ? fill({ fr: 'le secours battu, {who} à {p} se retire vers {to}', en: 'the relief beaten, {who} at {p} withdraws to {to}' }, { who, p: province(e.province), to: province(w.option.to) })
          : fill({ fr: 'le secours battu, {who} à {p} se retire par mer', en: 'the relief beaten, {who} at {p} withdraws by sea' }, { who, p: province(e.province) });
      Object.assign(args, { state: state(e.state), what });
      break;
    }
    case 'relief': {
      const c = e.contingent;
      Object.assign(args, {
        state: state(e.state), province: province(e.province),
        what: fill(RELIEF[e.choice], { to: e.to ? province(e.to) : '', n: e.pinned ?? 0 }),
        how: e.byDefault ? { fr: ', par défaut (A-61)', en: ', by default (A-61)' } : '',
        contingent: c ? fill(c.sent ? { fr: ' ; {s} envoie {ap} AP aux côtés du secours', en: '; {s} sends {ap} AP beside the relief force' } : { fr: ' ; le contingent de {s} ({ap} AP) ne peut pas partir', en: '; the contingent of {s} ({ap} AP) cannot go' }, { s: state(c.state), ap: c.ap }) : '',
      });
      break;
    }
  }
  return fill(MSG[e.t], args)[lang];
}

// ─── builders ──────────────────────────────────────────────────────────────────────────────────

/** Each mover learns its own moves; each state its triggers (§5.6.1, no sizes); crossings to both sides. */
export function movementEvents(r: MovementResult, triggers: Record<StateId, Trigger[]>): GruikEvent[] {
  const kind = (f: string) => (r.state.armies[f] ? 'army' as const : 'detachment' as const);
  const out: GruikEvent[] = r.moves.map((m) => ({ t: 'moved', audience: [m.state], state: m.state, kind: kind(m.force), from: m.from, to: m.to, ...(m.stopped ? { stopped: m.stopped } : {}) }));
  for (const c of r.crossings) {
    const loser = c.through === c.a ? c.b : c.a;
    const w = r.moves.find((m) => m.force === c.through)!, l = r.moves.find((m) => m.force === loser)!;
    out.push({ t: 'crossing', audience: [w.state, l.state], winner: w.state, loser: l.state, from: w.from, to: l.from }); // the border between the two origins
  }
  for (const [viewer, list] of Object.entries(triggers)) for (const t of list) out.push({ t: 'sighted', audience: [viewer], code: t.code, state: t.state, kind: t.kind, from: t.from, to: t.to });
  return out;
}

/** A battle: its outcome public [App. B 2]; losses, fates and retreats to the sides. */
export function battleEvents(before: GruikState, spec: BattleSpec, r: BattleApplied): GruikEvent[] {
  const [a, b] = spec.armies.map((x) => before.armies[x]!.state) as [StateId, StateId];
  const sides = [a, b];
  const out: GruikEvent[] = [{ t: 'battle', audience: [], province: spec.province, a, b, winner: r.result.winner }];
  for (const st of sides) out.push({ t: 'losses', audience: sides, state: st, ap: r.result.losses[st]?.total ?? 0 });
  for (const f of r.fates) out.push({ t: 'fate', audience: [], state: f.state, character: f.character, fate: f.fate });
  if (r.result.loser) {
    const army = spec.armies.find((x) => before.armies[x]!.state === r.result.loser)!;
    const after = r.state.armies[army]!;
    const loc = after.location;
    if (loc === 'captured') out.push(r.retreat?.failed ? { t: 'retreat', audience: sides, state: r.result.loser, option: { kind: 'fortress' }, failed: true } : { t: 'captured', audience: sides, state: r.result.loser, kind: 'army' });
    else out.push({ t: 'retreat', audience: sides, state: r.result.loser, option: typeof loc === 'object' ? { kind: 'sea', fleet: loc.embarkedOn } : after.inFortress ? { kind: 'fortress' } : { kind: 'land', to: loc } });
  }
  return out;
}
