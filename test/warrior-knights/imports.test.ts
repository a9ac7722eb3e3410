/**
 * Style §1 for Warrior Knights: the house runs one way (engine ← ruleset). Files of src/rulesets/warrior-knights import
 * only each other and src/engine, never the platform nor another ruleset; no file of the ruleset
 * reaches back to itself through its imports (type imports included); and, while Warrior Knights is not
 * playable end to end, nothing outside its folder imports it (it is not registered yet).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '../../src');
const ROOT = path.join(SRC, 'rulesets/warrior-knights');

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}
const importsOf = (f: string): string[] => [...fs.readFileSync(f, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gm)].map((m) => path.resolve(path.dirname(f), m[1]!));

test('Warrior Knights imports only itself and the engine', () => {
  for (const f of tsFiles(ROOT)) for (const target of importsOf(f)) {
    assert.ok(target.startsWith(ROOT + path.sep) || target.startsWith(path.join(SRC, 'engine') + path.sep), `${path.relative(SRC, f)} imports ${path.relative(SRC, target)}`);
  }
});

test('no circle of imports inside Warrior Knights', () => {
  const graph = new Map(tsFiles(ROOT).map((f) => [f, importsOf(f).filter((t) => t.startsWith(ROOT + path.sep))]));
  const state = new Map<string, 'open' | 'done'>();
  const visit = (f: string, trail: string[]): void => {
    if (state.get(f) === 'done') return;
    assert.notEqual(state.get(f), 'open', `circle: ${[...trail, f].map((x) => path.relative(ROOT, x)).join(' → ')}`);
    state.set(f, 'open');
    for (const t of graph.get(f) ?? []) visit(t, [...trail, f]);
    state.set(f, 'done');
  };
  for (const f of graph.keys()) visit(f, []);
});

test('nothing outside the folder imports Warrior Knights yet (not registered until playable)', () => {
  for (const f of tsFiles(SRC).filter((x) => !x.startsWith(ROOT + path.sep))) {
    assert.ok(!/from\s+'[^']*rulesets\/warrior-knights\//.test(fs.readFileSync(f, 'utf8')) && !/from\s+'\.\/warrior-knights\//.test(fs.readFileSync(f, 'utf8')), path.relative(SRC, f));
  }
});
