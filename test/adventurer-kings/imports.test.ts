/**
 * Issue 17 §5: one direction between the Adventurer Kings domains. The encounters domain sits
 * below magic (magic's combat spells act on an encounter; encounters only define the hook they
 * need, filled in by the turn), and no file of the ruleset reaches, through its imports (type
 * imports included), back to itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../src/rulesets/adventurer-kings');

/** Every .ts file of the ruleset → the ruleset files it imports or re-exports (type-only too). */
function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) files.push(p);
    }
  };
  walk(ROOT);
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const src = fs.readFileSync(f, 'utf8');
    const out: string[] = [];
    for (const m of src.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gm)) {
      const target = path.resolve(path.dirname(f), m[1]!);
      if (target.startsWith(ROOT + path.sep)) out.push(target);
    }
    graph.set(f, out);
  }
  return graph;
}

const rel = (f: string): string => path.relative(ROOT, f);
const folderOf = (f: string): string => (rel(f).includes(path.sep) ? rel(f).split(path.sep)[0]! : '.');

/** Strongly connected components of more than one file (Tarjan; the graph has ~200 nodes). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); scc.push(rel(w)); } while (w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const f of graph.keys()) if (!index.has(f)) visit(f);
  return found;
}

test('the import graph is read: the known arrows are there (the test can see an import)', () => {
  const g = importGraph();
  const from = (f: string) => (g.get(path.join(ROOT, f)) ?? []).map(rel);
  assert.ok(from('magic/backlash.ts').includes(path.join('encounters', 'backlash.ts')));
  assert.ok(from('turn/turn.ts').includes(path.join('encounters', 'spellhook.ts')));
  // A cycle planted in a copy of the graph is found.
  const planted = new Map(g);
  const a = path.join(ROOT, 'spells.ts');
  planted.set(a, [...(g.get(a) ?? []), path.join(ROOT, 'magic/combat.ts')]);
  assert.ok(cycles(planted).length > 0);
});

test('no file of Adventurer Kings imports itself back, type imports included', () => {
  assert.deepEqual(cycles(importGraph()), []);
});

test('encounters never import magic: the dependency runs one way, magic → encounters', () => {
  const g = importGraph();
  const up: string[] = [];
  for (const [f, ts] of g) {
    if (folderOf(f) !== 'encounters') continue;
    for (const t of ts) if (folderOf(t) === 'magic') up.push(`${rel(f)} → ${rel(t)}`);
  }
  assert.deepEqual(up, []);
  // And magic does use encounters (the direction is real, not an absence of both).
  assert.ok([...g].some(([f, ts]) => folderOf(f) === 'magic' && ts.some((t) => folderOf(t) === 'encounters')));
});
