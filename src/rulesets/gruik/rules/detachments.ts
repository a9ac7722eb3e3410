/**
 * Detachments, rules §4.5 [T §4.2]: creating one from an army (its AP deducted from the army, at
 * most MAX_CREATED_DETACHMENTS in existence, DETACHMENT_MIN … DETACHMENT_MAX AP), resizing and
 * recalling it (abstract, no proximity needed [P §4.5.3]), sending it as an ally (volunteer: the
 * host's state declared the sender a friend; forced: the sender is the host's tributary, at least
 * FORCED_ALLY_MIN AP [T §4.2.1, §11.3]), joining an army (never another detachment; a host under
 * the threshold only if the join lifts it to it; at most MAX_ALLIED_DETACHMENTS foreign forces),
 * and an under-18 army joining another army "as a detachment would" [P A-09].
 *
 * Each act returns the new state or a typed refusal in French and English (TV-06 – TV-08).
 * Where forces stand and how they come together is movement's business (§5.2, rules/movement.ts):
 * a join here is the act of joining, in the province where both stand, checked against §4.5.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { ArmyId, Detachment, DetachmentId, GruikState } from '../state.ts';
import { actsAsMainArmy, joinedForces } from './army-size.ts';
import { refuse, type Refusal } from './refusal.ts';

export type DetachmentRefusal =
  | 'unknown' | 'captured' | 'too-large' | 'too-small' | 'too-many' | 'not-enough' | 'join-detachment'
  | 'not-together' | 'host-not-main' | 'too-many-allied' | 'forced-too-small' | 'not-friend' | 'not-tributary' | 'not-under-threshold' | 'parent-gone' | 'own-army';

export const DETACHMENT_REFUSALS: Record<DetachmentRefusal, Localized> = {
  'unknown': { fr: 'Cette armée ou ce détachement n’existe pas.', en: 'There is no such army or detachment.' },
  'captured': { fr: 'Une force capturée ne peut rien faire.', en: 'A captured force can do nothing.' },
  'too-large': { fr: 'Un détachement ne peut dépasser {max} AP.', en: 'A detachment cannot exceed {max} AP.' },
  'too-small': { fr: 'Un détachement compte au moins {min} AP.', en: 'A detachment has at least {min} AP.' },
  'too-many': { fr: 'Une armée ne peut avoir plus de {max} détachements à la fois.', en: 'An army cannot have more than {max} detachments at a time.' },
  'not-enough': { fr: 'L’armée n’a que {ap} AP à détacher.', en: 'The army has only {ap} AP to detach.' },
  'join-detachment': { fr: 'Un détachement ne peut se joindre à un autre détachement.', en: 'A detachment cannot join another detachment.' },
  'not-together': { fr: 'On ne rejoint une armée que dans la province où elle se trouve.', en: 'An army can be joined only in the province where it stands.' },
  'host-not-main': { fr: 'Cette armée a moins de {min} AP, même avec ce renfort : on ne peut la rejoindre que si l’on lui fait atteindre ce seuil.', en: 'That army has fewer than {min} AP even with this force: it can be joined only by a force that brings it to that threshold.' },
  'too-many-allied': { fr: 'Une armée ne peut recevoir plus de {max} détachements alliés.', en: 'An army cannot receive more than {max} allied detachments.' },
  'forced-too-small': { fr: 'Un allié forcé compte au moins {min} AP.', en: 'A forced ally has at least {min} AP.' },
  'not-friend': { fr: 'On n’envoie un allié volontaire qu’à l’armée d’un état qui vous a déclaré ami.', en: 'A volunteer ally can be sent only to the army of a state that has declared you its friend.' },
  'not-tributary': { fr: 'Seul un tributaire envoie un allié forcé, et seulement à son maître.', en: 'Only a tributary sends a forced ally, and only to its master.' },
  'not-under-threshold': { fr: 'Seule une armée de moins de {min} AP peut se joindre à une autre armée.', en: 'Only an army of fewer than {min} AP can join another army.' },
  'parent-gone': { fr: 'L’armée de ce détachement est capturée ou dissoute : il garde ses AP mais ne peut être modifié.', en: 'This detachment’s army is captured or disbanded: it keeps its AP but cannot be resized.' },
  'own-army': { fr: 'Un détachement revient à sa propre armée en étant rappelé, non comme allié.', en: 'A detachment returns to its own army by being recalled, not as an ally.' },
};

export type Outcome = { ok: true; state: GruikState; id?: string } | ({ ok: false } & Refusal<DetachmentRefusal>);
const no = (reason: DetachmentRefusal, args: Record<string, string | number> = {}): Outcome => ({ ok: false, ...refuse(DETACHMENT_REFUSALS, reason, args) });

/** Live detachments an army has created (captured ones are gone from its count [P]). */
function liveCreated(s: GruikState, army: ArmyId): Detachment[] {
  return (s.armies[army]?.detachmentsCreated ?? []).map((d) => s.detachments[d]).filter((d): d is Detachment => !!d && d.location !== 'captured');
}

function sizeRefusal(s: GruikState, ap: number, kind: Detachment['kind']): Outcome | null {
  const c = s.config.detachment;
  if (!Number.isInteger(ap) || ap < c.min) return no('too-small', { min: c.min });
  if (ap > c.max) return no('too-large', { max: c.max });
  if (kind === 'forcedAlly' && ap < c.forcedAllyMin) return no('forced-too-small', { min: c.forcedAllyMin });
  return null;
}

/** [T §4.2, §4.2.1] A detachment of `ap` AP split off `army`, where the army stands. TV-06, TV-08. */
export function createDetachment(s: GruikState, army: ArmyId, ap: number, kind: Detachment['kind'] = 'own'): Outcome {
  const a = s.armies[army];
  if (!a) return no('unknown');
  if (a.location === 'captured') return no('captured');
  const bad = sizeRefusal(s, ap, kind);
  if (bad) return bad;
  if (liveCreated(s, army).length >= s.config.detachment.maxCreated) return no('too-many', { max: s.config.detachment.maxCreated });
  if (a.currentAP < ap) return no('not-enough', { ap: a.currentAP });
  const t = structuredClone(s);
  const serial = (t.serials[a.state] ??= { general: 0, army: 0, detachment: 0, fleet: 0 });
  serial.detachment += 1;
  const id: DetachmentId = `${a.state}:D${serial.detachment}`;
  t.detachments[id] = { id, state: a.state, parentArmy: army, ap, kind, location: a.location, inFortress: a.inFortress, moved: false, retreated: false };
  const ta = t.armies[army]!;
  ta.currentAP -= ap;
  ta.detachmentsCreated.push(id);
  return { ok: true, state: t, id };
}

/** [P §4.5.3] Moves AP between a detachment and its parent army (no proximity needed). */
export function resizeDetachment(s: GruikState, det: DetachmentId, ap: number): Outcome {
  const d = s.detachments[det];
  if (!d) return no('unknown');
  if (d.location === 'captured') return no('captured');
  const parent = s.armies[d.parentArmy];
  if (!parent || parent.location === 'captured') return no('parent-gone');
  const bad = sizeRefusal(s, ap, d.kind);
  if (bad) return bad;
  if (ap - d.ap > parent.currentAP) return no('not-enough', { ap: parent.currentAP });
  const t = structuredClone(s);
  t.armies[d.parentArmy]!.currentAP -= ap - d.ap;
  t.detachments[det]!.ap = ap;
  return { ok: true, state: t };
}

/** [P §4.5.3] A detachment recalled into its parent army: its AP back, its slot free. */
export function recallDetachment(s: GruikState, det: DetachmentId): Outcome {
  const d = s.detachments[det];
  if (!d) return no('unknown');
  if (d.location === 'captured') return no('captured');
  const parent = s.armies[d.parentArmy];
  if (!parent || parent.location === 'captured') return no('parent-gone');
  const t = structuredClone(s);
  t.armies[d.parentArmy]!.currentAP += d.ap;
  t.armies[d.parentArmy]!.detachmentsCreated = parent.detachmentsCreated.filter((x) => x !== det);
  for (const a of Object.values(t.armies)) a.alliedDetachments = a.alliedDetachments.filter((x) => x !== det);
  delete t.detachments[det];
  return { ok: true, state: t };
}

/** Why `force` (a detachment, or an under-18 army) may not join `host`, or null [T §4.2, §2.3, §11.3]. TV-07, TV-08. */
export function joinRefusal(s: GruikState, force: string, host: string): Outcome | null {
  const c = s.config;
  const h = s.armies[host];
  if (s.detachments[host]) return no('join-detachment');
  const d = s.detachments[force];
  const a = s.armies[force];
  if (!h || (!d && !a) || force === host) return no('unknown');
  if (h.location === 'captured' || d?.location === 'captured' || a?.location === 'captured') return no('captured');
  if (JSON.stringify((d ?? a)!.location) !== JSON.stringify(h.location)) return no('not-together');
  if (a && actsAsMainArmy(s, force)) return no('not-under-threshold', { min: c.army.mainArmyMin });
  const fromState = (d ?? a)!.state;
  if (d && d.parentArmy === host) return no('own-army');
  const allied = fromState !== h.state;
  if (allied) {
    const kind = d?.kind ?? 'volunteerAlly';
    if (kind === 'forcedAlly') {
      if (s.realms[fromState]?.master !== h.state) return no('not-tributary');
    } else if (!s.realms[h.state]?.friendsDeclared.includes(fromState) && s.realms[fromState]?.master !== h.state) {
      return no('not-friend');
    }
    const slots = joinedForces(s, host).filter((f) => f.allied).length;
    if (slots >= c.detachment.maxAllied) return no('too-many-allied', { max: c.detachment.maxAllied });
  }
  const ap = d ? d.ap : a!.currentAP;
  if (!actsAsMainArmy(s, host)) {
    const total = h.currentAP + joinedForces(s, host).reduce((n, f) => n + f.ap, 0) + ap;
    if (total < c.army.mainArmyMin) return no('host-not-main', { min: c.army.mainArmyMin });
  }
  return null;
}

/** The join itself, once `joinRefusal` is null: the force goes with its host from now on. */
export function joinArmy(s: GruikState, force: string, host: ArmyId): Outcome {
  const bad = joinRefusal(s, force, host);
  if (bad) return bad;
  const t = structuredClone(s);
  const h = t.armies[host]!;
  const d = t.detachments[force];
  const target = d ?? t.armies[force]!;
  target.hostArmy = host;
  target.location = h.location;
  target.inFortress = h.inFortress;
  if (target.state !== h.state) h.alliedDetachments.push(force);
  return { ok: true, state: t };
}

/** [T §4.2.2, §4.2.1] An ally sent: a detachment created from `fromArmy` with `kind`, joining `host`. */
export function sendAlly(s: GruikState, fromArmy: ArmyId, host: ArmyId, ap: number, kind: 'volunteerAlly' | 'forcedAlly'): Outcome {
  const made = createDetachment(s, fromArmy, ap, kind);
  if (!made.ok) return made;
  const joined = joinArmy(made.state, made.id!, host);
  return joined.ok ? { ...joined, id: made.id } : joined;
}
