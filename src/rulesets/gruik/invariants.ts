/**
 * What must hold in every state of a game of Gruik, whatever happened (for property tests now and
 * soak runs later; issue 16: "treasuries within their debt caps, AP within bounds, each province
 * one owner and one controller"):
 * - each province has at most one owner and one controller, each a known state (or none);
 * - treasuries are integers not below −debtCap (the tax values of the provinces controlled) [T §12],
 *   or the debt a state was left with when it lost provinces (`debtFloor`, no forced repayment [P §8.6]);
 * - an army's AP are integers ≥ 0, its seasonal size within [0, ARMY_CAP], its modifier ≤ MOD_MAX
 *   [T §4.1.3; P A-02], at most MAX_CREATED_DETACHMENTS live detachments and MAX_ALLIED_DETACHMENTS
 *   allies [T §4.2];
 * - a detachment has DETACHMENT_MIN … DETACHMENT_MAX AP [T §4.2.1] and a parent army of its state;
 * - forces and fleets stand where the map says something exists; ships are never negative; a fleet's
 *   coast borders its zone and what it lists aboard is aboard it [rules §7];
 * - each realm's lists of armies and fleets match the entities, each army's general is a general of its state.
 *
 * Returns the violations as sentences (empty: all hold).
 */
import type { GruikState } from './state.ts';

export function checkInvariants(s: GruikState): string[] {
  const out: string[] = [];
  const c = s.config;
  const provinces = new Set(s.map.provinces.map((p) => p.id));
  const zones = new Set(s.map.seaZones.map((z) => z.id));
  const known = (st: string | null) => st === null || !!s.realms[st];

  for (const [id, p] of Object.entries(s.provinces)) {
    if (!provinces.has(id)) out.push(`province ${id} is not on the map`);
    if (!known(p.owner)) out.push(`${id} is owned by unknown state ${p.owner}`);
    if (!known(p.controller)) out.push(`${id} is controlled by unknown state ${p.controller}`);
  }
  for (const id of provinces) if (!s.provinces[id]) out.push(`province ${id} has no state`);

  const tax = new Map(s.map.provinces.map((p) => [p.id, p.taxValue]));
  for (const r of Object.values(s.realms)) {
    const debtCap = Object.entries(s.provinces).filter(([, p]) => p.controller === r.id).reduce((n, [id]) => n + (tax.get(id) ?? 0), 0);
    const floor = Math.min(-debtCap, r.debtFloor ?? -debtCap); // [P §8.6] a debt left beyond the cap by provinces lost is not repaid by force
    if (!Number.isInteger(r.treasury) || r.treasury < floor) out.push(`${r.id} has ${r.treasury} g (debt cap ${debtCap})`);
    if (!Number.isInteger(r.prestige)) out.push(`${r.id} has prestige ${r.prestige}`);
    const armies = Object.values(s.armies).filter((a) => a.state === r.id).map((a) => a.id).sort();
    if (JSON.stringify([...r.armies].sort()) !== JSON.stringify(armies)) out.push(`${r.id} lists armies ${r.armies.join(',')} but has ${armies.join(',')}`);
    const fleets = Object.values(s.fleets).filter((f) => f.state === r.id).map((f) => f.id).sort();
    if (JSON.stringify([...r.fleets].sort()) !== JSON.stringify(fleets)) out.push(`${r.id} lists fleets ${r.fleets.join(',')} but has ${fleets.join(',')}`);
    if (s.characters[r.sovereign]?.role !== 'sovereign' || s.characters[r.sovereign]?.state !== r.id) out.push(`${r.id}'s sovereign ${r.sovereign} is not its sovereign`);
  }

  const where = (loc: unknown, what: string, host?: string) => {
    if (loc === 'captured') return;
    if (typeof loc === 'string') { if (!provinces.has(loc)) out.push(`${what} stands in unknown province ${loc}`); return; }
    const fleet = (loc as { embarkedOn?: string }).embarkedOn;
    if (!fleet || !s.fleets[fleet]) out.push(`${what} is aboard unknown fleet ${fleet}`);
    // Both ways: a force aboard is listed by its fleet (a volunteer ally once stayed aboard a fleet
    // that no longer listed it, seed disp-25, and the one-way check let it pass for seasons). A force
    // joined to an army goes aboard with it and the fleet lists the army alone (naval-phase.ts `embark`,
    // `apAboard`, `setAshore`): it is listed through its host, while the host is (soak seed dusk-b-16).
    else if (!s.fleets[fleet].embarked.includes(what) && !(host && s.fleets[fleet].embarked.includes(host))) out.push(`${what} is aboard ${fleet}, which does not list it`);
  };

  for (const a of Object.values(s.armies)) {
    if (!Number.isInteger(a.currentAP) || a.currentAP < 0) out.push(`${a.id} has ${a.currentAP} AP`);
    if (!Number.isInteger(a.seasonalSize) || a.seasonalSize < 0 || a.seasonalSize > c.army.cap) out.push(`${a.id} has seasonal size ${a.seasonalSize}`);
    if (!Number.isInteger(a.mod) || a.mod > c.army.modMax) out.push(`${a.id} has modifier ${a.mod} (at most ${c.army.modMax})`);
    const live = a.detachmentsCreated.filter((d) => s.detachments[d] && s.detachments[d]!.location !== 'captured');
    if (live.length > c.detachment.maxCreated) out.push(`${a.id} has ${live.length} detachments`);
    for (const d of a.detachmentsCreated) if (s.detachments[d]?.parentArmy !== a.id) out.push(`${a.id} lists detachment ${d}, not its own`);
    if (a.alliedDetachments.length > c.detachment.maxAllied) out.push(`${a.id} has ${a.alliedDetachments.length} allied detachments`);
    if (s.characters[a.general]?.role !== 'general' || s.characters[a.general]?.state !== a.state) out.push(`${a.id}'s general ${a.general} is not a general of ${a.state}`);
    where(a.location, a.id, a.hostArmy);
  }
  for (const d of Object.values(s.detachments)) {
    if (!Number.isInteger(d.ap) || d.ap < c.detachment.min || d.ap > c.detachment.max) out.push(`${d.id} has ${d.ap} AP`);
    const parent = s.armies[d.parentArmy];
    if (parent && (parent.state !== d.state || !parent.detachmentsCreated.includes(d.id))) out.push(`${d.id} and its parent army ${d.parentArmy} disagree`);
    where(d.location, d.id, d.hostArmy);
  }
  for (const f of Object.values(s.fleets)) {
    if (!Number.isInteger(f.ships) || f.ships < 0) out.push(`${f.id} has ${f.ships} ships`);
    if (!zones.has(f.zone)) out.push(`${f.id} is in unknown zone ${f.zone}`);
    // [rules §7] one place per fleet: its coast borders its zone; what it lists aboard is aboard it, within FLEET_CAPACITY_AP
    if (f.coast !== undefined && !s.map.provinces.some((p) => p.id === f.coast && p.coasts.includes(f.zone))) out.push(`${f.id} stands off ${f.coast}, not a coast of ${f.zone}`);
    if (f.inPort && f.coast === undefined) out.push(`${f.id} is in port at no coast`);
    if (f.blockading !== undefined && f.coast !== f.blockading) out.push(`${f.id} blockades ${f.blockading} from off ${f.coast}`);
    for (const id of f.embarked) {
      const loc = (s.armies[id] ?? s.detachments[id])?.location as { embarkedOn?: string } | undefined;
      if (loc?.embarkedOn !== f.id) out.push(`${f.id} lists ${id} aboard, but it is not`);
    }
  }
  return out;
}
