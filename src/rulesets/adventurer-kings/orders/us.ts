/**
 * US — use an item (rules S4.4.18, §5.19): `US <item> [sur <target>]`. The item's spell is cast
 * with automatic success, at the item's level (G-17: level 2 unless stated), consuming one
 * charge (items without a charge count are unlimited). It does not count against the per-turn
 * college limits and gives no experience (the talent is not used).
 * Items whose only power is in combat (weapons, Fireball wands…) are used in encounter plans (US-n).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { castActionSpell } from '../magic/action.ts';
import { isActionSpell, parseSpellCode } from '../magic/spells.ts';
import { parseSpellTarget } from '../magic/target.ts';
import type { AKState, Item } from '../state.ts';

export interface UseValue { item: number; args: string[] }

function itemSpell(it: Item | undefined) {
  return it?.spell ? parseSpellCode(it.spell) : null;
}

function checkItem(s: AKState, charId: number, v: UseValue): Localized | null {
  const it = s.items[v.item];
  if (!it || it.holder !== charId) return { fr: `l’objet ${v.item} n’est pas en sa possession`, en: `item ${v.item} is not in his possession` };
  const sp = itemSpell(it);
  if (!sp || !isActionSpell(sp)) return { fr: `${it.name} ne renferme aucun sort d’action (en combat : US-${v.item} dans un plan)`, en: `${it.name} holds no action spell (in combat: US-${v.item} in a plan)` };
  if (it.charges !== undefined && it.charges <= 0) return { fr: `${it.name} est épuisé`, en: `${it.name} has no charges left` };
  const t = parseSpellTarget(sp, v.args);
  if ('error' in t) return t.error;
  return null;
}

export const US: OrderSpec<UseValue> = {
  code: 'US',
  syntax: 'US <objet> [sur <cible>]',
  label: { fr: 'Utiliser un objet', en: 'Use an item' },
  parse(args, env) {
    const id = args[0];
    if (id === undefined || !/^\d+$/.test(id)) return { error: { fr: 'US demande le numéro d\'un objet', en: 'US needs an item number' } };
    const v: UseValue = { item: Number(id), args: args.slice(1) };
    // The item may be acquired later in the turn: check it now only if he already holds it.
    if (env.s.items[v.item]?.holder === env.char.id) {
      const bad = checkItem(env.s, env.char.id, v);
      if (bad) return { error: bad };
    }
    return { value: v };
  },
  format: (v) => ['US', String(v.item), ...(v.args.length ? ['sur', ...v.args.filter((a) => !/^(sur|on)$/i.test(a))] : [])].join(' '),
  execute(ctx, char, value, order) {
    const bad = checkItem(ctx.s, char.id, value);
    if (bad) { orderFailed(ctx, char, order, bad); return; }
    const it = ctx.s.items[value.item]!;
    const spell = itemSpell(it)!;
    const t = parseSpellTarget(spell, value.args);
    if ('error' in t) { orderFailed(ctx, char, order, t.error); return; }
    const reason = castActionSpell(ctx, char, { spell, target: t.value }, { id: it.id, level: ctx.cfg.magic.itemLevel });
    if (reason) { orderFailed(ctx, char, order, reason); return; }
    if (it.charges !== undefined) it.charges -= 1;
  },
};
