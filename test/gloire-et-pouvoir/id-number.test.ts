/**
 * Issue 20: idNumber reads an id's number without slicing the string; every sort of lords and
 * knights (lordIdCompare, phase 15's pay order) reads it, so it must give what
 * `Number(id.slice(1))` gives, for every id, well formed or not (NaN included).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { idNumber, lordIdCompare } from '../../src/rulesets/gloire-et-pouvoir/state.ts';

const ids = ['L1', 'L12', 'K305', 'L0', 'L007', 'K', '', 'L', 'Lx', 'L1x', 'L-1', 'L 1', 'L1.5', 'L1e3', 'L0x1f', 'L999999999999999',
  'L9999999999999999', 'L12345678901234567890', 'Ł3', 'L٣', 'KK1', 'L+1', ' L1'];

test('idNumber gives Number(id.slice(1)) for ids well formed and not', () => {
  for (const id of ids) assert.ok(Object.is(idNumber(id), Number(id.slice(1))), `${JSON.stringify(id)}: ${idNumber(id)} against ${Number(id.slice(1))}`);
  for (let n = 0; n < 2000; n++) assert.equal(idNumber(`K${n}`), n);
});

test('lordIdCompare sorts by number, then by text (as before the change)', () => {
  const sorted = ['L10', 'L2', 'K2', 'L1', 'Lx', 'L02'].sort(lordIdCompare);
  const before = ['L10', 'L2', 'K2', 'L1', 'Lx', 'L02'].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)) || a.localeCompare(b));
  assert.deepEqual(sorted, before);
  assert.deepEqual(sorted.slice(0, 4), ['L1', 'K2', 'L02', 'L2']);
});
