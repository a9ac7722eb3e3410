/**
 * PR — train (practise) a characteristic (S4.4.5, §5.6, §3.4.8a, §8.3; G-45, G-46, G-95).
 * `PR Sa`: a talent roll (alone 5 %, taught 100 %, peers 10 %, halved per level beyond
 * aptitude), aptitude growth, a Sage discovery roll for Sa, army training for Ta / Na.
 * An Heir's gains count toward the King-recovery limit (TV-21).
 */
import type { CharCode, Character } from '../state.ts';
import { CHAR_CODES } from '../state.ts';
import type { OrderSpec, TurnCtx } from '../turn/context.ts';
import { trainArmies } from '../kingdom/army-training.ts';
import { sageDiscovery } from '../kingdom/sage.ts';
import { improve, modeBasePct, trainingMode } from '../kingdom/training.ts';
import { kscratch, sortedIds } from '../kingdom/util.ts';

export function parseCode(word: string | undefined): CharCode | null {
  if (!word) return null;
  const w = word.trim().toLowerCase();
  return CHAR_CODES.find((c) => c.toLowerCase() === w) ?? null;
}

/** The training group's talents at the first participant's turn (G-45: items excluded). */
function groupSnapshot(ctx: TurnCtx, c: Character, code: CharCode): Record<number, number> {
  const sc = kscratch(ctx);
  const key = `${ctx.phase}/${c.province}/${code}`;
  let g = sc.groups[key];
  if (!g) {
    g = {};
    const mine = c.kingdom!;
    for (const kid of sortedIds(ctx.sheets)) {
      const rel = kid === mine ? 'Self' : ctx.s.kingdoms[mine]?.relations[kid];
      if (rel === 'Enemy' || rel === undefined) continue;
      const sheet = ctx.sheets[kid]!;
      for (const cid of sortedIds(sheet.characters)) {
        const slot = sheet.characters[cid]!.phases[ctx.phase - 1];
        const o = ctx.s.characters[cid];
        if (!slot || slot.code !== 'PR' || slot.value !== code || !o || !o.alive) continue;
        if (o.kingdom !== kid || o.province !== c.province || o.orderableFrom > ctx.phase) continue;
        g[cid] = o.talent[code];
      }
    }
    sc.groups[key] = g;
  }
  if (!(c.id in g)) g[c.id] = c.talent[code];
  return g;
}

export const PR: OrderSpec<CharCode> = {
  code: 'PR',
  syntax: 'PR <characteristic>',
  label: { fr: 'Entraînement', en: 'Train' },
  parse(args) {
    const code = parseCode(args[0]);
    if (!code || args.length > 1) {
      return { error: { fr: `PR attend un code de caractéristique (${CHAR_CODES.join(', ')}), par exemple « PR Sa »`, en: `PR expects a characteristic code (${CHAR_CODES.join(', ')}), e.g. "PR Sa"` } };
    }
    return { value: code };
  },
  format: (v) => `PR ${v}`,
  execute(ctx, char, code) {
    if (char.kingdom === null) return;
    if (code === 'Sa') sageDiscovery(ctx, char);
    const group = groupSnapshot(ctx, char, code);
    const mode = trainingMode(group[char.id]!, Object.values(group));
    const before = char.talent[code];
    const g = improve(ctx, char, code, modeBasePct(ctx.cfg.kingdom.training, mode));
    if (g.gained && char.heir) char.heir.gained += 1;
    const season = {
      phase: ctx.phase, code, mode, from: before, level: char.talent[code], gained: g.gained, aptitudeRose: g.aptitudeRose, blocked: g.blocked,
      partners: Object.keys(group).map(Number).filter((id) => id !== char.id),
    };
    // The season's event stays (data for the tests, statistics and bots), marked `folded`: the
    // report tells the year's training in one line per character, the `training-year` event that
    // kingdom/hooks.ts emits at the end of the turn (issue 17 §2).
    ctx.emit({ t: 'training', to: [char.kingdom], who: char.id, at: char.province, ...season, folded: true });
    ((kscratch(ctx).trainingYear ??= {})[char.id] ??= []).push(season);
    if (code === 'Ta' || code === 'Na') trainArmies(ctx, char, code);
  },
};
