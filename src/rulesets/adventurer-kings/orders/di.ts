/**
 * DI — disperse armies (S4.4.2, §5.3; G-43). `DI 25,26` or `DI tout`: the armies become
 * unemployed mercenaries staying in their province (G-43). A King may disperse any army of his
 * kingdom anywhere; another character only armies in his own province; `DI tout` disperses the
 * armies the character leads. Skeleton armies return underground (S3.7a).
 */
import type { Army } from '../state.ts';
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { formatArmyList, parseArmyList, type ArmyList } from '../armies/parse.ts';
import { ledBy } from '../armies/relations.ts';
import { toMercenary, underground } from '../armies/lifecycle.ts';

export const DI: OrderSpec<ArmyList> = {
  code: 'DI',
  syntax: 'DI <armées> | DI tout',
  label: { fr: 'Disperser des armées', en: 'Disperse armies' },
  parse: (args) => parseArmyList(args),
  format: (v) => `DI ${formatArmyList(v)}`,
  execute(ctx, char, v, order) {
    const s = ctx.s;
    const k = char.kingdom;
    if (k === null) return;
    const isKing = char.role === 'King';
    let list: Army[];
    if (v === 'all') list = ledBy(s, char);
    else {
      list = [];
      for (const id of v) {
        const a = s.armies[id];
        if (!a || a.kingdom !== k || a.status === 'Mercenary' || a.status === 'Native') return orderFailed(ctx, char, order, { fr: `l’armée ${id} n’est pas à vous`, en: `army ${id} is not yours` });
        if (!isKing && a.province !== char.province) return orderFailed(ctx, char, order, { fr: `l’armée ${id} n’est pas dans sa province`, en: `army ${id} is not in his province` });
        list.push(a);
      }
    }
    if (!list.length) return orderFailed(ctx, char, order, { fr: 'aucune armée à disperser', en: 'no army to disperse' });
    const out = list.map((a) => ({ id: a.id, type: a.type, province: a.province, skeleton: !!a.skeleton }));
    for (const a of list) { if (a.skeleton) underground(s, a); else toMercenary(a); }
    ctx.emit({ t: 'army-dispersed', to: [k], who: char.id, at: char.province, armies: out });
  },
};
