/**
 * A province changing hands, rules §8.3 [T §10] with what follows from it everywhere in §8:
 * - control passes at once and `controlSince` restarts (conquest, surrender, abandonment,
 *   cession, a revolt); ownership waits for annexation after ANNEX_SEASONS (end-of-season.ts);
 * - the prestige of its monuments [T §12.2.3; P §8.6.3]: whoever enjoyed them loses it; the new
 *   controller gains half (rounded up), all of it when it built them or owns the province; the
 *   rebels gain nothing [P];
 * - a revolted capital taken by anyone — its own state or a third one — ends that civil war [P A-54];
 * - cessions (S3.3): control only; ownership by annexation [T §10; P A-22].
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { GruikState, ProvinceId, StateId } from '../state.ts';
import { refuse, type Refusal } from './refusal.ts';
import { addPrestige, countCivilWarSeason, debtCap, emit } from './treasury.ts';
import { cause } from '../words.ts';

/** The pseudo-state that holds a state's revolted capital [P §8.7.3, A-54]. */
export const rebelsOf = (st: StateId): StateId => `rebels:${st}`;

/** [T §13.3; P A-54] S's civil war ends: the season is counted for the tax cut (issue 16), the rebels vanish once they hold nothing. In place. */
export function endCivilWar(t: GruikState, st: StateId): void {
  const r = t.realms[st];
  if (!r?.civilWar) return;
  countCivilWarSeason(r, t.season);
  delete r.civilWar;
  const rebels = rebelsOf(st);
  if (t.realms[rebels] && !Object.values(t.provinces).some((p) => p.controller === rebels || p.owner === rebels)) {
    delete t.characters[t.realms[rebels]!.sovereign];
    delete t.realms[rebels];
    delete t.serials[rebels];
  }
  emit(t, { t: 'civil-war-over', audience: [], state: st });
}

/** [T §12.2.3; P §8.6.3] The monuments of a province follow its control. In place. */
function transferMonuments(t: GruikState, p: ProvinceId, to: StateId | null): void {
  for (const id of t.provinces[p]?.monuments ?? []) {
    const m = t.monuments?.[id];
    if (!m) continue;
    for (const c of m.creditedTo) if (c.state !== to) addPrestige(t, c.state, -c.points, cause('monumentLost', { p }), '[T §12.2.3, §15]');
    const kept = m.creditedTo.find((c) => c.state === to)?.points ?? 0;
    m.creditedTo = [];
    if (!to || t.realms[to]?.kind === 'rebels') continue;
    const points = to === m.builder || t.provinces[p]!.owner === to ? m.prestigeValue : Math.ceil(m.prestigeValue / 2);
    if (points !== kept) addPrestige(t, to, points - kept, cause('monument', { p }), '[T §12.2.3; P §8.6.3]');
    m.creditedTo.push({ state: to, points });
  }
}

/** [P §8.6] A state whose debt now exceeds its smaller cap keeps it (no forced repayment); the floor is cleared once back within the cap. In place. */
export function noteDebtFloor(t: GruikState, st: StateId): void {
  const r = t.realms[st]!;
  const cap = debtCap(t, st);
  if (r.treasury >= -cap) delete r.debtFloor;
  else r.debtFloor = Math.max(r.treasury, r.debtFloor ?? r.treasury);
}

/** Control of a province passes to `to` at once [T §10]. In place. */
export function setControl(t: GruikState, p: ProvinceId, to: StateId | null): void {
  const prov = t.provinces[p];
  if (!prov || prov.controller === to) return;
  const before = prov.controller;
  prov.controller = to;
  prov.controlSince = t.season;
  transferMonuments(t, p, to);
  if (before && t.realms[before]) noteDebtFloor(t, before);
  const revolted = before && t.realms[before]?.kind === 'rebels' ? Object.values(t.realms).find((r) => r.civilWar?.revoltedCapital === p) : undefined;
  if (revolted) endCivilWar(t, revolted.id); // [P A-54] whoever takes it
}

/** On annexation the annexer's monument credit becomes the full value [P §8.6.3]. In place. */
export function creditAnnexedMonuments(t: GruikState, p: ProvinceId): void {
  const to = t.provinces[p]?.controller ?? null;
  transferMonuments(t, p, null);
  transferMonuments(t, p, to);
}

export type CessionRefusal = 'not-controlled' | 'unknown-state' | 'revolted';
export const CESSION_REFUSALS: Record<CessionRefusal, Localized> = {
  'not-controlled': { fr: 'Vous ne contrôlez pas {province} : vous ne pouvez pas la céder.', en: 'You do not control {province}: you cannot cede it.' },
  'unknown-state': { fr: 'On ne cède une province qu’à un autre état existant.', en: 'A province can only be ceded to another existing state.' },
  'revolted': { fr: 'On ne cède pas une province aux rebelles.', en: 'A province cannot be ceded to rebels.' },
};

export function cessionRefusal(s: GruikState, from: StateId, province: ProvinceId, to: StateId): Refusal<CessionRefusal> | null {
  if (!Object.hasOwn(s.provinces, province) || s.provinces[province]?.controller !== from) return refuse(CESSION_REFUSALS, 'not-controlled', { province: s.map.provinces.find((x) => x.id === province)?.name ?? province });
  if (!Object.hasOwn(s.realms, to) || to === from) return refuse(CESSION_REFUSALS, 'unknown-state');
  if (s.realms[to]!.kind === 'rebels') return refuse(CESSION_REFUSALS, 'revolted');
  return null;
}

/** S3.3 [T §10; P A-22]: a cession takes effect at once; control only. The forces of the cedent inside the fortress leave it [P]. In place. */
export function cede(t: GruikState, from: StateId, province: ProvinceId, to: StateId): void {
  setControl(t, province, to);
  for (const f of [...Object.values(t.armies), ...Object.values(t.detachments)]) if (f.state === from && f.location === province) f.inFortress = false;
  emit(t, { t: 'cession', audience: [], from, to, province });
}

/**
 * [P A-22, §8.3] The ownership transfer of a cession, once both parties ticked it and the GM approved
 * it (flow.ts, §11.6 "Ownership transfer on cession | GM timed review"): the controller it was ceded
 * to becomes the owner, as by annexation (its monuments credited in full, §8.6.3). Nothing when the
 * province is no longer the recipient's to hold (another step took it since). Pure.
 */
export function transferCededOwnership(s: GruikState, province: ProvinceId, to: StateId): GruikState {
  const p = s.provinces[province];
  if (!p || p.controller !== to || p.owner === to || !s.realms[to]) return s;
  const t = structuredClone(s);
  t.provinces[province]!.owner = to;
  creditAnnexedMonuments(t, province);
  return t;
}
