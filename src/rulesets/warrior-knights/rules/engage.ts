/**
 * Engaging a combat (rules §6.5) and the siege (§6.8), for Military Operations and Improvisation
 * (§4.3; #8 the attacker's set-up is part of the card's answer, #5). The attacker names:
 * - the armies that take part: his nobles, Ready, standing in one region R (not at sea), at least
 *   one (his others and his exhausted ones have no effect);
 * - the target: a baron with an army in R, with a city he controls there or his stronghold there,
 *   or 'neutral' for the neutral city in R;
 * - the type, by the decision table of §6.5: a battle against a baron with no city or stronghold
 *   of his in R, and always when the attacker controls the city of R (he has left it; the sortie
 *   of §6.8); an assault or a siege of the city the target controls, of his stronghold [P], or of
 *   the neutral city. [P G-A10] the defender's nobles are inside his own city or stronghold;
 * - his Commander (default: #9's heuristic), when several armies take part.
 * Attacking a city or a stronghold needs the consent of every third baron with an army in R (#7,
 * a consent request: missing = refused, §9.1). The defender's nobles in R all take part; in an
 * assault on his stronghold its garrison too (G-A53).
 *
 * Siege (§6.8, [P G-A33]): legal when the attacker's armies + 200 are strictly stronger than the
 * works' current strength + the defender's armies in R (+ a garrison) + 200 if he has a noble
 * there (armies at effective strength; abilities ignored). No card is drawn; the marker records
 * the besieger and the turn. One siege per works: another baron's siege refuses a new one. The
 * same baron besieging again in a LATER turn, the strength condition holding again, completes it:
 * the works are captured and every defending noble in R is killed; if the condition fails, the
 * action is refused and the siege goes on.
 */
import { fill, type TemplateArg } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import type { RegionId } from '../board.ts';
import { baronData, type BaronId } from '../barons.ts';
import type { Zone } from '../cards.ts';
import { own, type CombatFrame, type WkState, type Works } from '../state.ts';
import { siegeAllowed } from './combat.ts';
import { drawDesertions } from './aftermath.ts';
import { defaultCommander, runCombat, stageActors, type CombatResult } from './battle.ts';
import { inBesiegedCity, type Permissions } from './movement.ts';
import type { Shuffle } from './streams.ts';
import { baronsIn, garrisonMen, liveCity, nobleMen, noblesIn, setSiege, strongholdIn, worksState, worksStrength } from './sides.ts';

/** #8: the attacker's set-up of the combat (part of his card's answer). */
export interface CombatSetup {
  target: BaronId | 'neutral';
  kind: 'battle' | 'assault' | 'siege';
  armies: string[];
  commander?: string;
  /** #7: the consents of the third barons with an army in R. */
  consents?: Permissions;
}

export type EngageRefusal = 'sortie' | 'no-armies' | 'army-not-ready' | 'one-region' | 'no-target' | 'bad-kind' | 'no-consent' | 'bad-attack-commander' | 'siege-too-weak' | 'siege-held' | 'siege-same-turn';
export const ENGAGE_REFUSALS: Record<EngageRefusal, Localized> = {
  sortie: { fr: 'Des nobles assiégés n’attaquent que leurs assiégeants.', en: 'Besieged nobles attack only their besiegers.' },
  'no-armies': { fr: 'Engagez au moins une armée menée par l’un de vos nobles sur le plateau.', en: 'Engage at least one army led by one of your nobles on the board.' },
  'army-not-ready': { fr: 'Seuls des nobles frais et dispos peuvent attaquer.', en: 'Only Ready nobles can attack.' },
  'one-region': { fr: 'Les armées engagées sont toutes dans la région du combat.', en: 'The engaged armies all stand in the region of the combat.' },
  'no-target': { fr: 'Il n’y a pas de telle cible dans cette région.', en: 'There is no such target in this region.' },
  'bad-kind': { fr: 'Contre cette cible, le combat ne peut être que : {kinds}.', en: 'Against this target the combat can only be: {kinds}.' },
  'no-consent': { fr: 'Attaquer cette place demande l’accord de {who}.', en: 'Attacking this place needs the consent of {who}.' },
  'bad-attack-commander': { fr: 'Le commandant est l’un des nobles que vous engagez.', en: 'The Commander is one of the nobles you engage.' },
  'siege-too-weak': { fr: 'Un siège demande une force strictement supérieure : {a} contre {d}.', en: 'A siege needs strictly greater strength: {a} against {d}.' },
  'siege-held': { fr: 'Un autre baron assiège déjà cette place.', en: 'Another baron already besieges this place.' },
  'siege-same-turn': { fr: 'Le siège ne s’achève qu’à un tour suivant.', en: 'A siege is completed only in a later turn.' },
};
export type EngageResult = { ok: true; state: WkState } | { ok: false; reason: EngageRefusal; message: Localized };
const refuse = (reason: EngageRefusal, args: Record<string, TemplateArg> = {}): EngageResult => ({ ok: false, reason, message: fill(ENGAGE_REFUSALS[reason], args) });

const KIND_WORDS: Record<CombatSetup['kind'], Localized> = {
  battle: { fr: 'une bataille', en: 'a battle' }, assault: { fr: 'un assaut', en: 'an assault' }, siege: { fr: 'un siège', en: 'a siege' },
};
const kindsText = (kinds: CombatSetup['kind'][]): Localized => ({ fr: kinds.map((k) => KIND_WORDS[k].fr).join(' ou '), en: kinds.map((k) => KIND_WORDS[k].en).join(' or ') });

/** The target and its allowed types in region r (§6.5's table). */
export function targetIn(s: WkState, attacker: BaronId, r: RegionId, target: unknown): { defender: BaronId | null; works: Works | null; kinds: CombatSetup['kind'][] } | null {
  const c = liveCity(s, r);
  if (target === 'neutral') return c && c.controller === null ? { defender: null, works: { kind: 'city', city: c.id }, kinds: ['assault', 'siege'] } : null;
  if (typeof target !== 'string' || target === attacker || !s.players.includes(target as BaronId)) return null;
  const b = target as BaronId;
  if (c?.controller === attacker) return noblesIn(s, b, r).length > 0 ? { defender: b, works: null, kinds: ['battle'] } : null; // he has left his city; a sortie
  if (c?.controller === b) return { defender: b, works: { kind: 'city', city: c.id }, kinds: ['assault', 'siege'] };
  if (strongholdIn(s, r)?.baron === b) return { defender: b, works: { kind: 'stronghold', baron: b }, kinds: ['assault', 'siege'] };
  return noblesIn(s, b, r).length > 0 ? { defender: b, works: null, kinds: ['battle'] } : null;
}

/** §6.8: the attacker's and the defender's strengths for a siege [P G-A33]. */
export function siegeStrengths(s: WkState, attackers: readonly string[], defender: BaronId | null, works: Works, r: RegionId): { attacker: number; defender: number } {
  const bonus = s.config.combat.commanderBonus;
  const att = attackers.reduce((m, id) => m + nobleMen(s, s.nobles[id]!), 0) + bonus;
  const defs = defender ? noblesIn(s, defender, r) : [];
  const garrison = works.kind === 'stronghold' ? garrisonMen(s, s.strongholds[works.baron]) : 0;
  const def = worksStrength(s, works) + defs.reduce((m, n) => m + nobleMen(s, n), 0) + garrison + (defs.length > 0 ? bonus : 0);
  return { attacker: att, defender: def };
}

/**
 * Opens the combat on `s` (the card's working copy: moves already applied) and runs it up to its
 * first prompt. `moved`: nobles the card moved; `zone`: the owner's zone choice for the card.
 */
export function engage(s: WkState, attacker: BaronId, card: string, setup: CombatSetup, moved: string[], zone: Zone | null, inject?: Shuffle): EngageResult | CombatResult {
  const armies = Array.isArray(setup?.armies) ? setup.armies : [];
  if (armies.length === 0 || new Set(armies).size !== armies.length) return refuse('no-armies');
  const mine = armies.map((id) => own(s.nobles, id));
  if (mine.some((n) => !n || n.baron !== attacker || n.location.kind !== 'region')) return refuse('no-armies');
  if (mine.some((n) => !n!.ready)) return refuse('army-not-ready');
  const r = (mine[0]!.location as { region: RegionId }).region;
  if (mine.some((n) => (n!.location as { region: RegionId }).region !== r)) return refuse('one-region');
  const t = targetIn(s, attacker, r, setup.target);
  if (!t) return refuse('no-target');
  // [T §6.8] nobles inside a besieged city attack only its besiegers, in a battle outside the walls (the sortie)
  const besieger = mine.some((n) => inBesiegedCity(s, n!.id)) ? liveCity(s, r)?.besiegedBy ?? null : null;
  if (besieger !== null && t.defender !== besieger) return refuse('sortie');
  if (!t.kinds.includes(setup.kind)) return refuse('bad-kind', { kinds: kindsText(t.kinds) });
  if (setup.commander !== undefined && !armies.includes(setup.commander)) return refuse('bad-attack-commander');
  if (t.works) {
    // #7: every third baron with an army in R consents (default deny)
    const third = baronsIn(s, r).filter((b) => b !== attacker && b !== t.defender && setup.consents?.[b] !== true);
    if (third.length > 0) return refuse('no-consent', { who: third.map((b) => baronData(b).name).join(', ') });
  }
  const defenders = t.defender ? noblesIn(s, t.defender, r).map((n) => n.id) : [];
  const frame: CombatFrame = {
    card, attacker, defender: t.defender, region: r, kind: setup.kind, works: t.works,
    attackers: [...armies], defenders, garrison: false,
    commander: { attacker: setup.commander ?? defaultCommander(s, armies), defender: null },
    moved: [...moved], zone, stage: 'commander',
    drawn: { attacker: 0, defender: 0 }, discarded: { attacker: 0, defender: 0 }, revealed: { attacker: [], defender: [] },
    ability: { attacker: false, defender: false }, suffered: { attacker: 0, defender: 0 }, allocation: { attacker: {}, defender: {} },
    victories: null, result: null, retreating: [], dying: [], desertion: {}, captured: false, ransomCity: null, ransomCrowns: 0,
  };
  if (setup.kind === 'siege') {
    const w = t.works!;
    const st = worksState(s, w);
    if (st.besiegedBy !== null && st.besiegedBy !== attacker) return refuse('siege-held');
    if (st.besiegedBy === attacker && st.siegeSince === s.turn) return refuse('siege-same-turn');
    const power = siegeStrengths(s, armies, t.defender, w, r);
    if (!siegeAllowed(power.attacker, power.defender)) return refuse('siege-too-weak', { a: power.attacker, d: power.defender });
    s.log.push({ t: 'combat-engaged', attacker, defender: t.defender, region: r, kind: 'siege', works: w });
    if (st.besiegedBy === attacker) {
      // completion: captured, every defending noble inside killed
      frame.captured = true;
      frame.dying = [...defenders];
      frame.stage = 'aftermath';
      s.combat = frame;
      return finishOpening(s, frame, inject);
    }
    setSiege(s, w, attacker);
    frame.stage = 'done';
    s.combat = frame;
    for (const id of [...armies, ...moved]) s.nobles[id]!.ready = false; // [T §6.8] the besiegers exhausted; nothing is drawn
    return { ok: true, state: s };
  }
  frame.garrison = setup.kind === 'assault' && t.works?.kind === 'stronghold' && s.strongholds[t.works.baron].garrison.length > 0;
  if (frame.commander.attacker && armies.length > 1) s.log.push({ t: 'commander', noble: frame.commander.attacker });
  s.log.push({ t: 'combat-engaged', attacker, defender: t.defender, region: r, kind: setup.kind, works: t.works });
  s.combat = frame;
  const who = stageActors(s, frame);
  if (who.length > 0) { s.toAct = who; return { ok: true, state: s }; }
  return runCombat(s, {}, inject);
}

/** A siege completed: the deaths' desertion cards are drawn, then the aftermath prompt (or its default). */
function finishOpening(s: WkState, f: CombatFrame, inject?: Shuffle): CombatResult {
  f.desertion = drawDesertions(s, f.dying);
  const who = stageActors(s, f);
  if (who.length > 0) { s.toAct = who; return { ok: true, state: s }; }
  return runCombat(s, {}, inject);
}
