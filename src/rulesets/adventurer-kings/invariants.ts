/**
 * The state invariants of Adventurer Kings: what must hold between two turns whatever the
 * orders. Each check throws an `InvariantError` naming the broken invariant. Checked after every
 * turn by the soak runner (registry `invariants` hook) and the whole-game tests.
 */
import type { AKState } from './state.ts';
import { ARMY_TYPES, CHAR_CODES } from './state.ts';

export class InvariantError extends Error {
  override name = 'InvariantError';
}

function must(ok: unknown, message: string): asserts ok {
  if (!ok) throw new InvariantError(message);
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

/** Every number anywhere in the state is finite (JSON would turn NaN into null). */
export function checkFiniteNumbers(value: unknown, path = 'state'): void {
  if (typeof value === 'number') must(Number.isFinite(value), `${path} is ${value}`);
  else if (Array.isArray(value)) value.forEach((v, i) => checkFiniteNumbers(v, `${path}[${i}]`));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) checkFiniteNumbers(v, `${path}.${k}`);
}

export function akInvariants(s: AKState, context: { initial: AKState; previous: AKState | null; step: number }): void {
  checkFiniteNumbers(s);
  must(s.ruleset === 'adventurer-kings', 'ruleset tag');
  // The step after the end (who enters Valhalla, §12.3) plays no year.
  const epilogue = s.finished && s.valhalla?.entered !== undefined ? 1 : 0;
  must(isInt(s.turn) && s.turn === context.initial.turn + context.step - epilogue, `turn ${s.turn} after ${context.step} step(s)`);

  // Ids: every record is filed under its own id, below the next free id of its space.
  for (const [key, p] of Object.entries(s.provinces)) must(Number(key) === p.id, `province filed under ${key} has id ${p.id}`);
  for (const [key, c] of Object.entries(s.characters)) must(Number(key) === c.id && c.id < s.next.character, `character ${key} id ${c.id} (next ${s.next.character})`);
  for (const [key, a] of Object.entries(s.armies)) must(Number(key) === a.id && a.id < s.next.army, `army ${key} id ${a.id} (next ${s.next.army})`);
  for (const [key, x] of Object.entries(s.sites)) must(Number(key) === x.id && x.id < s.next.site, `site ${key} id ${x.id} (next ${s.next.site})`);
  for (const [key, i] of Object.entries(s.items)) must(Number(key) === i.id && i.id < s.next.item, `item ${key} id ${i.id} (next ${s.next.item})`);
  for (const [key, k] of Object.entries(s.kingdoms)) must(Number(key) === k.id, `kingdom filed under ${key} has id ${k.id}`);

  // Kingdoms: the treasury never goes below zero (expenses are cut, G-10), King and capital exist.
  for (const k of Object.values(s.kingdoms)) {
    must(isInt(k.treasury) && k.treasury >= 0, `kingdom ${k.id} treasury ${k.treasury}`);
    if (!k.eliminated) {
      must(s.characters[k.king], `kingdom ${k.id} King ${k.king} exists`);
      must(s.provinces[k.capital], `kingdom ${k.id} capital ${k.capital} exists`);
    }
    for (const [o, r] of Object.entries(k.relations)) {
      const other = s.kingdoms[Number(o)];
      must(other, `kingdom ${k.id} relation with unknown kingdom ${o}`);
      must(other.relations[k.id] === undefined || other.relations[k.id] === r, `relations ${k.id}/${o} symmetric (${r} vs ${other.relations[k.id]})`);
    }
  }

  // Provinces: owners are kingdoms, sites exist and lie there.
  for (const p of Object.values(s.provinces)) {
    must(p.owner === null || s.kingdoms[p.owner], `province ${p.id} owner ${p.owner}`);
    must(isInt(p.taxBase) && p.taxBase >= 0, `province ${p.id} tax base ${p.taxBase}`);
    for (const id of p.sites) must(s.sites[id]?.province === p.id, `province ${p.id} lists site ${id} lying elsewhere`);
  }

  // Characters: in a province, items held by them, talents within 0..9, HP not tracked between turns.
  for (const c of Object.values(s.characters)) {
    must(s.provinces[c.province], `character ${c.id} in unknown province ${c.province}`);
    must(c.kingdom === null || s.kingdoms[c.kingdom], `character ${c.id} of unknown kingdom ${c.kingdom}`);
    for (const code of CHAR_CODES) {
      must(isInt(c.talent[code]) && c.talent[code] >= 0 && c.talent[code] <= 9, `character ${c.id} talent ${code} ${c.talent[code]}`);
      must(isInt(c.aptitude[code]) && c.aptitude[code] >= 0 && c.aptitude[code] <= 9, `character ${c.id} aptitude ${code} ${c.aptitude[code]}`);
    }
    for (const id of c.items) must(s.items[id] && s.items[id]!.holder === c.id, `character ${c.id} item ${id} holder ${s.items[id]?.holder}`);
    must(c.orderableFrom >= 1 && c.orderableFrom <= 6, `character ${c.id} orderableFrom ${c.orderableFrom}`);
  }

  // Armies: in an existing province, quality 0..5, a known type, a living leader in the same province.
  for (const a of Object.values(s.armies)) {
    must(s.provinces[a.province], `army ${a.id} in unknown province ${a.province}`);
    must(isInt(a.quality) && a.quality >= 0 && a.quality <= 5, `army ${a.id} quality ${a.quality}`);
    must(ARMY_TYPES.includes(a.type), `army ${a.id} type ${a.type}`);
    must(a.kingdom === null || s.kingdoms[a.kingdom], `army ${a.id} kingdom ${a.kingdom}`);
    if (a.leader !== undefined && a.status === 'Led') {
      const l = s.characters[a.leader];
      must(l && l.alive, `army ${a.id} led by missing or dead character ${a.leader}`);
      must(l.province === a.province, `army ${a.id} in ${a.province}, its leader ${a.leader} in ${l.province}`);
    }
  }

  // Knowledge never decreases (S2.17): exploration % only grows.
  if (context.previous) {
    for (const [k, know] of Object.entries(context.previous.knowledge)) {
      const now = s.knowledge[Number(k)];
      must(now, `kingdom ${k} lost its knowledge`);
      for (const [p, pk] of Object.entries(know.provinces)) {
        const cur = now.provinces[Number(p)];
        must(cur && cur.pct >= pk.pct, `kingdom ${k} exploration of ${p} fell from ${pk.pct} to ${cur?.pct}`);
      }
    }
  }
}
