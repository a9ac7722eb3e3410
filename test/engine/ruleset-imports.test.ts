/**
 * Style §1 for every ruleset: the house runs one way (engine ← ruleset). The files of each folder
 * src/rulesets/<id> import only each other and src/engine, never the platform nor another ruleset;
 * no file of a ruleset reaches back to itself through its imports (type imports included); and
 * outside its folder only its registry entry (src/rulesets/entries/<id>.ts) imports it — nothing at
 * all while it is not registered (a ruleset until it is playable end to end): the
 * platform knows no rule. Rulesets written before this test are checked where they hold it.
 * The registry (index.ts) and the catalog (catalog.ts) import no ruleset statically: each entry is
 * imported on first use (`loadRuleset`), so that a server loads only the rulesets of its games.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '../../src');
const REGISTRY = path.join(SRC, 'rulesets/index.ts');
const CATALOG = path.join(SRC, 'rulesets/catalog.ts');
const entryOf = (id: string): string => path.join(SRC, 'rulesets/entries', `${id}.ts`);
/** The rulesets checked here, and whether the registry imports them. */
const RULESETS: { id: string; name: string; registered: boolean }[] = [
  { id: 'fief', name: 'Fief', registered: true },
  { id: 'gruik', name: 'Gruik', registered: true },
  { id: 'warrior-knights', name: 'Warrior Knights', registered: true },
];

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}
const importsOf = (f: string): string[] => [...fs.readFileSync(f, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gm)].map((m) => path.resolve(path.dirname(f), m[1]!));

for (const rs of RULESETS) {
  const ROOT = path.join(SRC, 'rulesets', rs.id);
  describe(rs.name, () => {
    test(`${rs.name} imports only itself and the engine`, () => {
      for (const f of tsFiles(ROOT)) for (const target of importsOf(f)) {
        assert.ok(target.startsWith(ROOT + path.sep) || target.startsWith(path.join(SRC, 'engine') + path.sep), `${path.relative(SRC, f)} imports ${path.relative(SRC, target)}`);
      }
    });

    test(`no circle of imports inside ${rs.name}`, () => {
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

    test(rs.registered ? `outside its folder only the registry imports ${rs.name}` : `nothing outside its folder imports ${rs.name} yet (not registered until playable)`, () => {
      const entry = entryOf(rs.id);
      if (rs.registered) {
        assert.ok(fs.readFileSync(entry, 'utf8').includes(`from '../${rs.id}/index.ts'`), 'its registry entry imports it');
        assert.ok(fs.readFileSync(CATALOG, 'utf8').includes(`import('./entries/${rs.id}.ts')`), 'the catalog imports its entry on first use');
      }
      const importer = new RegExp(`from\\s+'(?:[^']*rulesets/|(?:\\.\\./)*\\.?\\./)${rs.id}/`);
      for (const f of tsFiles(SRC).filter((x) => !x.startsWith(ROOT + path.sep) && (!rs.registered || x !== entry))) {
        assert.ok(!importer.test(fs.readFileSync(f, 'utf8')), `${path.relative(SRC, f)} imports ${rs.name}`);
      }
    });
  });
}

test('the registry and the catalog import no ruleset before it is used', () => {
  const folders = fs.readdirSync(path.join(SRC, 'rulesets'), { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'entries').map((e) => e.name);
  assert.ok(folders.length >= 5, `the rulesets' folders are found (${folders.join(', ')})`);
  for (const f of [REGISTRY, CATALOG]) {
    // Static imports only (`import type` erased at run time is allowed): a dynamic import() is how an entry loads.
    const statics = [...fs.readFileSync(f, 'utf8').matchAll(/^\s*import\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'/gm)].map((m) => m[1]!);
    for (const target of statics) {
      assert.ok(!folders.some((d) => target.startsWith(`./${d}/`)) && !target.startsWith('./entries/'), `${path.relative(SRC, f)} imports ${target} at start`);
    }
  }
});
