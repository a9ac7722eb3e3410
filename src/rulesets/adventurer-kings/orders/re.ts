/**
 * RE — recruit armies (S4.4.15, §5.16, §8.2; G-43, G-53; TV-25). `RE LE,BO pour 52`: the listed
 * types, led by character 52 (any character present, of any kingdom: a foreign commander's kingdom
 * gets them, G-53), or `pour GC` / no commander: the garrison. Mercenaries of the type present
 * (at least Average) are hired first; otherwise natives are raised within the per-turn limits.
 * The recruitment cost is paid now from the kingdom's treasury.
 */
import type { ArmyType } from '../state.ts';
import { ARMY_TYPES } from '../state.ts';
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { parseCommander, TO_WORDS } from '../armies/parse.ts';
import { recruit, type RecruitValue } from '../armies/recruit.ts';
import { tryImprove } from '../kingdom/training.ts';

export const RE: OrderSpec<RecruitValue> = {
  code: 'RE',
  syntax: 'RE <types> pour <personnage>|GC',
  label: { fr: 'Recruter', en: 'Recruit' },
  parse(args) {
    const i = args.findIndex((w) => TO_WORDS.has(w.toLowerCase()));
    const typeWords = i >= 0 ? args.slice(0, i) : args;
    let commander: number | 'GC' = 'GC';
    if (i >= 0) {
      const c = parseCommander(args[i + 1]);
      if (c === null || args.length !== i + 2) return { error: { fr: 'après « pour », un numéro de personnage ou GC', en: 'after "for", a character number or GC' } };
      commander = c;
    }
    if (!typeWords.length) return { error: { fr: 'RE attend des types d’armées, par exemple « RE LE,BO pour 52 »', en: 'RE expects army types, e.g. "RE LE,BO for 52"' } };
    const types: ArmyType[] = [];
    for (const w of typeWords) {
      const t = w.toUpperCase() as ArmyType;
      if (!ARMY_TYPES.includes(t)) return { error: { fr: `type d’armée inconnu « ${w} » (types : ${ARMY_TYPES.join(' ')})`, en: `unknown army type "${w}" (types: ${ARMY_TYPES.join(' ')})` } };
      types.push(t);
    }
    return { value: { types, commander } };
  },
  format: (v) => `RE ${v.types.join(',')} pour ${v.commander}`,
  execute(ctx, char, v, order) {
    const k = char.kingdom;
    if (k === null) return;
    const { done, reasons } = recruit(ctx, char, v);
    if (!done.length) return orderFailed(ctx, char, order, reasons[0] ?? { fr: 'rien n’a pu être recruté', en: 'nothing could be recruited' });
    const to = [...new Set([k, ...done.map((d) => d.army.kingdom).filter((x): x is number => x !== null)])].sort((a, b) => a - b);
    ctx.emit({
      t: 'army-recruited', to, who: char.id, at: char.province,
      armies: done.map((d) => ({ id: d.army.id, type: d.army.type, quality: d.army.quality, mercenary: d.mercenary, imported: d.imported, cost: d.cost })),
      cost: done.reduce((x, d) => x + d.cost, 0), leader: v.commander === 'GC' ? null : v.commander,
      refused: reasons,
    });
    tryImprove(ctx, char, 'Dr', ctx.cfg.armies.xpRecruit, 'recruit');
  },
};
