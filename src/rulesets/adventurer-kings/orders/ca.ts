/**
 * CA — cast an action spell (rules S4.4.11, §5.12; syntax table S3.2): `CA <spell> [target]`,
 * e.g. `CA BL 207`, `CA IL 208 forêt`, `CA CH 25`, `CA SK`. After CA the two letters are always
 * a spell (S4.8: FL Flood, RE Resurrect, HI Hide Site, EA Earthquake, PH Phantom Armies…).
 * Checks that need the situation of the phase (range, presence, per-turn limit) are made at
 * execution; the parser checks the spell, its kind, the college talent and the target's form.
 */
import type { OrderSpec } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { type ActionCast, castActionSpell } from '../magic/action.ts';
import { parseSpellCode, SPELLS, spellCollege } from '../magic/spells.ts';
import { formatSpellTarget, parseSpellTarget } from '../magic/target.ts';
import { talent } from '../characters.ts';

export const CA: OrderSpec<ActionCast> = {
  code: 'CA',
  syntax: 'CA <sort> [cible]',
  label: { fr: 'Lancer un sort d\'action', en: 'Cast an action spell' },
  parse(args, env) {
    const code = args[0] === undefined ? null : parseSpellCode(args[0]);
    if (code === null) return { error: { fr: `sort inconnu : ${args[0] ?? '(aucun)'}`, en: `unknown spell: ${args[0] ?? '(none)'}` } };
    const sp = SPELLS[code];
    if (sp.kind === 'combat') {
      return { error: { fr: `${sp.name.fr} est un sort de combat : il s’emploie dans un plan de rencontre (CA-${code})`, en: `${sp.name.en} is a combat spell: use it in an encounter plan (CA-${code})` } };
    }
    const college = spellCollege(code, env.char.alignment);
    if (talent(env.s, env.char, college) <= 0) {
      return { error: { fr: `${env.char.name} n’a aucun talent dans le collège de ce sort`, en: `${env.char.name} has no talent in this spell's college` } };
    }
    const t = parseSpellTarget(code, args.slice(1));
    if ('error' in t) return t;
    return { value: { spell: code, target: t.value } };
  },
  format: (v) => ['CA', v.spell, ...formatSpellTarget(v.target)].join(' '),
  execute(ctx, char, value, order) {
    const reason = castActionSpell(ctx, char, value);
    if (reason) orderFailed(ctx, char, order, reason);
  },
};
