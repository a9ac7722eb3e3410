/**
 * Test helper: what each operation of the effect DSL must have done, read from the states before
 * and after (effects.ts). Written per operation from the rules' wording (§4.7, §5.6, G-D09/G-D10),
 * not from the interpreter: a test walks every card through it.
 */
import assert from 'node:assert/strict';
import { city } from '../../src/rulesets/warrior-knights/board.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { mercenary } from '../../src/rulesets/warrior-knights/cards.ts';
import type { Op } from '../../src/rulesets/warrior-knights/effects.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { isMercenary } from '../../src/rulesets/warrior-knights/troops.ts';

export interface Picked { city?: string; noble?: string; nation?: string; baron?: string }

export function checkOp(card: string, op: Op, before: WkState, after: WkState, target: BaronId | null, picked: Picked): void {
  const who = (w: 'target' | 'all' | 'others'): BaronId[] => (w === 'target' ? (target ? [target] : []) : w === 'all' ? before.players : before.players.filter((b) => b !== target));
  const msg = (x: string) => `${card} ${op.op}: ${x}`;
  switch (op.op) {
    case 'crowns': case 'votes': case 'faith':
      for (const b of who(op.who)) assert.equal(after.barons[b][op.op], Math.max(0, before.barons[b][op.op] + op.n), msg(b));
      break;
    case 'influence':
      for (const b of who(op.who)) assert.equal(after.barons[b].influence, before.barons[b].influence + op.n, msg(b));
      assert.ok(after.influenceReserve < before.influenceReserve || before.influenceReserve === 0, msg('taken from the reserve'));
      break;
    case 'crowns-per-city':
      for (const b of who(op.who)) assert.equal(after.barons[b].crowns, before.barons[b].crowns + op.n * Object.values(before.cities).filter((c) => c.controller === b && !c.razed).length, msg(b));
      break;
    case 'raze':
      assert.ok(after.cities[picked.city!]!.razed, msg('razed'));
      assert.ok(!Object.values(after.nobles).some((n) => n.location.kind === 'region' && n.location.region === city(picked.city!).region), msg('no noble left in it'));
      break;
    case 'breaches':
      assert.equal(after.cities[picked.city!]!.breaches, Math.min(before.cities[picked.city!]!.breaches + op.n, city(picked.city!).strength / 100), msg('breaches'));
      break;
    case 'repair-fortify':
      assert.equal(after.cities[picked.city!]!.breaches, 0, msg('repaired'));
      assert.ok(after.cities[picked.city!]!.fortified, msg('fortified'));
      break;
    case 'neutral':
      assert.equal(after.cities[picked.city!]!.controller, null, msg('neutral'));
      break;
    case 'casualties': {
      const hit = op.on === 'noble' ? [picked.noble!] : Object.values(before.nobles).filter((n) => n.location.kind === 'region' && n.location.region === city(picked.city!).region).map((n) => n.id);
      for (const id of hit) assert.ok(after.nobles[id]!.casualties === before.nobles[id]!.casualties + op.n || after.nobles[id]!.location.kind === 'off', msg(`${id} hit or dead`));
      break;
    }
    case 'heal':
      for (const b of who(op.who)) assert.ok(Object.values(after.nobles).every((n) => n.baron !== b || n.casualties === 0), msg(b));
      break;
    case 'no-heir':
      assert.equal(after.nobles[picked.noble!]!.hasHeir, false, msg('no heir'));
      assert.ok(after.lasting.some((l) => l.card === card && l.noble === picked.noble), msg('stays in play next to him'));
      break;
    case 'desert':
      for (const b of who(op.who)) {
        const cards = [...Object.values(after.nobles).filter((n) => n.baron === b).flatMap((n) => n.troops), ...after.strongholds[b].garrison];
        assert.ok(!cards.some((t) => isMercenary(t) && mercenary(t).nation === picked.nation), msg(`${b} keeps none of ${picked.nation}`));
      }
      break;
    case 'exhaust': case 'ready':
      for (const b of who(op.who)) assert.ok(Object.values(after.nobles).every((n) => n.baron !== b || n.location.kind === 'off' || n.ready === (op.op === 'ready')), msg(b));
      break;
    case 'chairman':
      if (target && !after.barons[target].banished) assert.equal(after.chairman, target, msg('chairs'));
      break;
    case 'church':
      assert.equal(after.church, target, msg('Church support'));
      break;
    case 'pardon-all':
      assert.ok(after.players.every((b) => !after.barons[b].banished), msg('nobody banished'));
      break;
    case 'lasting':
      assert.ok(after.lasting.some((l) => l.card === card), msg('in play'));
      break;
    case 'manual':
      assert.fail(msg('manual'));
  }
}
