/**
 * Phase 1 (abdicate, rename: ABD, REN; and the notice of a caretaker's sheet) and phase 2
 * (demobilise, release: DEM, LIB) [rules §4.1–4.2].
 */
import type { Ctx } from '../context.ts';
import { armyOf, cancel, eliminateLord, emit, forEachOrder, orderedSheetLords, removeArmy, forgetKnight } from '../context.ts';

export function phase1(ctx: Ctx): void {
  // Sheets the caretaker wrote for absent lords: each lord is told so (and what was ordered).
  // (Ordered by the phase snapshot, taken only when some sheet is a caretaker's: see turn.ts.)
  if (Object.values(ctx.sheets).some((sh) => sh.caretaker)) for (const lord of orderedSheetLords(ctx)) {
    const sheet = ctx.sheets[lord]!;
    if (sheet.caretaker) emit(ctx, [lord], { type: 'caretaker', lord, orders: sheet.lines.map((l) => l.text) });
  }
  forEachOrder(ctx, ['ABD', 'REN'], (lord, line) => {
    const o = line.order;
    if (o.code === 'ABD') { eliminateLord(ctx, lord, 'abdication'); return; }
    const k = ctx.s.knights[o.knight];
    if (!k) return cancel(ctx, lord, line, 'unknown-knight');
    if (k.lord !== lord) return cancel(ctx, lord, line, 'not-own-knight');
    const name = o.name.trim();
    const taken = Object.values(ctx.s.knights).some((x) => x.lord === lord && x.id !== k.id && x.name.toLowerCase() === name.toLowerCase());
    if (!name || taken) return cancel(ctx, lord, line, 'name-taken');
    emit(ctx, [lord], { type: 'renamed', lord, knight: k.id, from: k.name, to: name });
    k.name = name;
  });
}

export function phase2(ctx: Ctx): void {
  forEachOrder(ctx, ['DEM', 'LIB'], (lord, line) => {
    const o = line.order;
    if (o.code === 'DEM') {
      const a = ctx.s.armies[String(o.army)];
      if (!a) return cancel(ctx, lord, line, 'unknown-army');
      if (a.lord !== lord) return cancel(ctx, lord, line, 'not-own-army');
      removeArmy(ctx, a); // no change to population or happiness [T]
      emit(ctx, [lord], { type: 'army-demobilised', lord, army: a.id, men: a.strength, territory: a.location, cause: 'order' });
      return;
    }
    const k = ctx.s.knights[o.knight];
    if (!k) return cancel(ctx, lord, line, 'unknown-knight');
    if (k.lord !== lord) return cancel(ctx, lord, line, 'not-own-knight');
    if (k.isLordKnight) return cancel(ctx, lord, line, 'lord-knight'); // [P G-38]
    const a = armyOf(ctx, k);
    if (a) {
      removeArmy(ctx, a); // the men leave with him [T]
      emit(ctx, [lord], { type: 'army-demobilised', lord, army: a.id, men: a.strength, territory: a.location, cause: 'released' });
    }
    forgetKnight(ctx, k);
    emit(ctx, [lord], { type: 'knight-released', lord, knight: k.id, name: k.name, armyMen: a?.strength ?? 0 });
  });
}
