/**
 * The on/off host options of the creation form (src/engine/host-switches.ts): the default first,
 * only the switches set away from their defaults kept, a bad value named by its field, and the
 * switches laid over the constants' `options` without losing the rest.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { switchFields, switchValues, withVariants, type HostSwitch } from '../../src/engine/host-switches.ts';

const S: HostSwitch[] = [
  { name: 'a', label: { fr: 'A', en: 'A' }, help: { fr: 'a', en: 'a' } },
  { name: 'b', label: { fr: 'B', en: 'B' }, help: { fr: 'b', en: 'b' }, on: { fr: 'libre', en: 'free' }, off: { fr: 'ambassades', en: 'embassies' } },
];
const D = { a: false, b: true };

test('fields: each switch a choice, its default first, in the asked language', () => {
  const f = switchFields(S, D, 'en');
  assert.deepEqual(f.map((x) => x.kind === 'choice' ? x.options.map((o) => o.value) : []), [['no', 'yes'], ['yes', 'no']]);
  assert.deepEqual(f[1]!.kind === 'choice' && f[1]!.options.map((o) => o.label), ['free', 'embassies']);
});

test('values: only what differs from the defaults; blank is the default; a bad value is an issue on its field', () => {
  assert.deepEqual(switchValues(S, D, {}), { variants: {} });
  assert.deepEqual(switchValues(S, D, { a: 'no', b: 'yes' }), { variants: {} });
  assert.deepEqual(switchValues(S, D, { a: 'yes', b: 'no' }), { variants: { a: true, b: false } });
  const bad = switchValues(S, D, { a: 'maybe' });
  assert.ok('issues' in bad && bad.issues.length === 1 && bad.issues[0]!.field === 'a' && /Choose/.test(bad.issues[0]!.text.en));
});

test('withVariants: over the constants’ options, the rest kept; nothing to lay, the config as it was', () => {
  const config = { options: { a: false, c: true }, other: 3 };
  assert.deepEqual(withVariants(config, { a: true }), { options: { a: true, c: true }, other: 3 });
  assert.equal(withVariants(config, {}), config);
  assert.equal(withVariants(undefined, undefined), undefined);
  assert.deepEqual(withVariants(undefined, { b: false }), { options: { b: false } });
});
