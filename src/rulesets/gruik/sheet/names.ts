/**
 * The names a state's order sheet may use, built only from what that state may know (view.ts,
 * style §5): provinces, sea zones and states (public) by id or name; its own armies, detachments
 * and fleets by their short id (`A1`, `D2`, `F1`) or full id; other states' armies only where the
 * view shows them (`seen`), by full id; its own characters and the captives it holds; the treaties
 * it may read. Anything else — hidden or missing — is absent, so it reads alike in acceptance,
 * messages and "did you mean" suggestions (engine/names.ts).
 */
import { nameProblem, resolveName, type NameEntry } from '../../../engine/names.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import type { GruikState, StateId } from '../state.ts';
import { viewOf } from '../view.ts';
import { NOUNS } from './words.ts';

export type NameKind = 'province' | 'zone' | 'state' | 'force' | 'army' | 'host' | 'detachment' | 'fleet' | 'character' | 'treaty';

/** An own entity's short id (`elves:A1` → `A1`). */
export function shortId(stateId: StateId, id: string): string {
  return id.startsWith(`${stateId}:`) ? id.slice(stateId.length + 1) : id;
}

export class Names {
  private entries: Record<NameKind, NameEntry<string>[]> = { province: [], zone: [], state: [], force: [], army: [], host: [], detachment: [], fleet: [], character: [], treaty: [] };

  constructor(s: GruikState, readonly stateId: StateId) {
    const v = viewOf(s, stateId);
    const e = this.entries;
    for (const p of v.map.provinces) e.province.push({ names: [p.id, p.name], value: p.id, label: p.id });
    for (const z of v.map.seaZones) e.zone.push({ names: [z.id, z.name], value: z.id, label: z.id });
    for (const r of Object.values(v.realms)) if (r.kind !== 'rebels') e.state.push({ names: [r.id, r.name], value: r.id, label: r.id });
    for (const a of Object.values(v.armies)) this.addOwn('army', a.id);
    for (const d of Object.values(v.detachments)) this.addOwn('detachment', d.id);
    for (const f of Object.values(v.fleets)) e.fleet.push({ names: [shortId(stateId, f.id), f.id], value: f.id, label: shortId(stateId, f.id) });
    for (const x of v.seen) if (x.kind === 'army') e.host.push({ names: [x.id], value: x.id, label: x.id });
    for (const c of Object.values(v.characters)) if (c.state === stateId || ('captor' in c && c.captor === stateId)) e.character.push({ names: [c.id, c.name], value: c.id, label: c.id });
    for (const t of v.treaties) e.treaty.push({ names: [t.id], value: t.id, label: t.id });
  }

  /** An own army or detachment, as the sheet may name it (also one the sheet itself creates). */
  addOwn(kind: 'army' | 'detachment', id: string): void {
    const entry = { names: [shortId(this.stateId, id), id], value: id, label: shortId(this.stateId, id) };
    this.entries[kind].push(entry);
    this.entries.force.push(entry);
    if (kind === 'army') this.entries.host.push(entry);
  }

  /** Forgets an id the sheet had named (an organisation order taken back). */
  forget(id: string): void {
    for (const k of Object.keys(this.entries) as NameKind[]) this.entries[k] = this.entries[k].filter((x) => x.value !== id);
  }

  /** An own fleet the sheet itself creates (a split, §7.2). */
  addFleet(id: string): void {
    this.entries.fleet.push({ names: [shortId(this.stateId, id), id], value: id, label: shortId(this.stateId, id) });
  }

  resolve(kind: NameKind, input: string): { ok: true; id: string } | { ok: false; message: Localized; candidates: string[] } {
    const noun = kind === 'host' ? NOUNS.army : NOUNS[kind];
    const r = resolveName(input, this.entries[kind], noun);
    return r.ok ? { ok: true, id: r.value } : { ok: false, message: r.text, candidates: r.candidates };
  }

  /** The label of an id as the sheet prints it. */
  label(kind: NameKind, id: string): string {
    return this.entries[kind].find((x) => x.value === id)?.label ?? id;
  }

  /** The ids of a kind this state may name. */
  ids(kind: NameKind): string[] {
    return this.entries[kind].map((x) => x.value);
  }
}

export { nameProblem };
