/**
 * The bot's magic (S3, §4, §5.12): which action spell a character casts where he stands, and the
 * encounter plans that use the combat spells his talents allow. Only what the kingdom knows is
 * read (its own characters and provinces, its knowledge of the rest, S2.17); the target checks
 * mirror those of the referee (magic/action.ts `checkTarget`), so a cast the bot writes is one
 * the referee accepts (it may still fail its chance roll, S3.1).
 */
import type { Rng } from '../../../engine/rng.ts';
import { talent } from '../characters.ts';
import { resolveConfig } from '../config.ts';
import { actionSpellsPerTurn } from '../magic/chance.ts';
import { resurrectable } from '../magic/effects-people.ts';
import { bodyProvince } from '../magic/util.ts';
import { SPELLS, SPELL_CODES, spellCollege, type SpellCode } from '../magic/spells.ts';
import { formatPlan as formatTactics, validatePlan } from '../encounters/plan.ts';
import type { AKState, Character, College, Knowledge, Tactic, Terrain } from '../state.ts';
import { neighbours } from '../world/geometry.ts';
import { knownOwner } from './estimate.ts';

export const COLLEGES: readonly College[] = ['Wh', 'Ps', 'Il', 'El', 'Ne'];

/** Casts left this turn in a college, as the bot counts them (the referee counts the same way, magic/chance.ts). */
export function castsAllowed(s: AKState, c: Character, college: College): number {
  return actionSpellsPerTurn(resolveConfig(s.config).magic, talent(s, c, college));
}

/** The action spells a character may cast at all (talent ≥ 1 in the spell's college for his alignment). */
export function castableActionSpells(s: AKState, c: Character): SpellCode[] {
  return SPELL_CODES.filter((sp) => SPELLS[sp].kind !== 'combat' && talent(s, c, spellCollege(sp, c.alignment)) >= 1);
}

export interface MagicView {
  s: AKState;
  k: number;
  know: Knowledge;
  /** Kingdoms this one is at war with (Enemy relation). */
  enemies: ReadonlySet<number>;
}

/** Characters of other kingdoms or none seen in a province this turn or the last (not its own: a Hero seen before it hired him keeps his old record). */
function seenHere(v: MagicView, province: number): { id: number; kingdom: number | null; leadsArmies?: boolean }[] {
  return Object.values(v.know.characters)
    .filter((o) => o.province === province && o.asOf.turn >= v.s.turn - 1 && o.kingdom !== v.k && v.s.characters[o.id]?.kingdom !== v.k)
    .sort((a, b) => a.id - b.id);
}

/**
 * The written targets (`CA <spell> …` arguments) of one action spell for a caster standing in
 * `province`, best first; empty when nothing fits. Each mirrors the referee's check of that spell.
 */
export function spellTargets(v: MagicView, c: Character, spell: SpellCode, province: number): string[] {
  const { s, k, know } = v;
  const own = (p: number) => s.provinces[p]?.owner === k;
  const around = [province, ...neighbours(province)];
  const terrain = (p: number): Terrain | undefined => (own(p) ? s.provinces[p]!.terrain : know.provinces[p]?.terrain);
  const enemyLand = (p: number) => { const o = knownOwner(know.provinces[p]); return o !== undefined && o !== null && v.enemies.has(o); };
  const mine = Object.values(s.characters).filter((o) => o.kingdom === k).sort((a, b) => a.id - b.id);
  const leading = (o: Character) => Object.values(s.armies).some((a) => a.leader === o.id && a.status === 'Led');
  switch (spell) {
    case 'RE': // a body of one's own lying here, or the King's bones carried by his Heir (§4.1a)
      return mine.filter((o) => (o.alive ? !!o.heir && o.province === province : bodyProvince(s, o) === province) && resurrectable(s, c, o) === null)
        .map((o) => String(o.id));
    case 'PA': return around.filter((p) => terrain(p) === 'Sea' || (s.provinces[p]?.straits?.length ?? 0) > 0).map(String);
    case 'BL': return around.filter(own).sort((a, b) => s.provinces[b]!.taxBase - s.provinces[a]!.taxBase || a - b).map(String);
    case 'CH': // a Hero of no kingdom here, not ruling, not leading armies (G-27)
      return seenHere(v, province).filter((o) => o.kingdom === null && !o.leadsArmies && know.provinces[province]?.owner?.ruler !== o.id).map((o) => String(o.id));
    case 'OR': case 'PH': // one's own generals here (§4.2b, §4.3b)
      return mine.filter((o) => o.alive && o.province === province && leading(o)).map((o) => String(o.id));
    case 'CL': { // anyone it has seen lately (range: anywhere, S3.2): an enemy's first, then another kingdom's, then a wandering Hero
      const rank = (o: { kingdom: number | null }) => (o.kingdom === null ? 0 : v.enemies.has(o.kingdom) ? 2 : 1);
      return Object.values(know.characters).filter((o) => o.kingdom !== k && s.characters[o.id]?.kingdom !== k && o.asOf.turn >= s.turn - 2)
        .sort((a, b) => rank(b) - rank(a) || a.id - b.id).map((o) => String(o.id));
    }
    case 'IL': { // one's own province made to look like mountains (or forest), to slow invaders (§4.3a)
      const out: string[] = [];
      for (const p of around.filter(own)) { const t = s.provinces[p]!.terrain; if (t !== 'Sea') out.push(`${p} ${t === 'Mountain' ? 'Forest' : 'Mountain'}`); }
      return out;
    }
    case 'HI': // a known site here (Hide Site also stops its monster ravaging, G-14)
      // (Not one it hid itself; whether another kingdom hid it, it cannot know.)
      return (know.provinces[province]?.sites ?? []).filter((id) => know.sites[id] && s.sites[id]?.hiddenBy !== k)
        .sort((a, b) => Number(!!s.sites[b]?.ravaging && own(province)) - Number(!!s.sites[a]?.ravaging && own(province)) || a - b).map(String);
    case 'FL': return neighbours(province).filter((p) => enemyLand(p) && terrain(p) !== undefined && terrain(p) !== 'Mountain' && terrain(p) !== 'Sea').map(String);
    case 'EA': case 'PL': return neighbours(province).filter(enemyLand).map(String);
    case 'TO': // G-31: an Enemy, unowned or Hero-ruled province
      return neighbours(province).filter((p) => enemyLand(p) || (know.provinces[p]?.owner !== undefined && knownOwner(know.provinces[p]) === null && terrain(p) !== 'Sea')).map(String);
    case 'SK': return (s.provinces[province]?.fallen.length ?? 0) > 0 && own(province) ? [''] : [];
    case 'KI': // a character of an Enemy kingdom standing here (§4.5b)
      return seenHere(v, province).filter((o) => o.kingdom !== null && v.enemies.has(o.kingdom)).map((o) => String(o.id));
    default: return [];
  }
}

/**
 * The action spell `c` casts standing in `province` (an order text `CA …`), or null. `used`
 * counts the casts already planned per college this turn; the spell is drawn among those that
 * have a target, so that every spell his talents allow gets cast over a game.
 */
export function actionSpellOrder(v: MagicView, c: Character, province: number, used: Partial<Record<College, number>>, rng: Rng): string | null {
  const options: string[] = [];
  for (const sp of castableActionSpells(v.s, c)) {
    const college = spellCollege(sp, c.alignment);
    if ((used[college] ?? 0) >= castsAllowed(v.s, c, college)) continue;
    const t = spellTargets(v, c, sp, province)[0];
    if (t !== undefined) options.push(t === '' ? `CA ${sp}` : `CA ${sp} ${t}`);
  }
  if (!options.length) return null;
  const pick = rng.pick(options);
  const college = spellCollege(pick.split(' ')[1] as SpellCode, c.alignment);
  used[college] = (used[college] ?? 0) + 1;
  return pick;
}

/**
 * An encounter plan fitting the character (S4.6, checked with the referee's own `validatePlan`):
 * protective spells first, then the combat spells of his colleges (drawn in turn), an arrow if he
 * can shoot, melee, and a way out. `special` builds a special plan (G-37: no TA/FU/ST/SC).
 */
export function combatPlan(s: AKState, c: Character, rng: Rng, special = false): string {
  const spells = SPELL_CODES.filter((sp) => SPELLS[sp].kind !== 'action' && talent(s, c, spellCollege(sp, c.alignment)) >= 1);
  const protective = spells.filter((sp) => SPELLS[sp].protective);
  const attack = spells.filter((sp) => !SPELLS[sp].protective);
  const t: Tactic[] = [];
  if (protective.length) t.push({ code: 'CA', arg: rng.pick(protective) });
  const shuffled = [...attack];
  for (let i = shuffled.length - 1; i > 0; i--) { const j = rng.int(0, i); [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]; }
  for (const sp of shuffled.slice(0, 2)) t.push({ code: 'CA', arg: sp });
  for (const id of c.items) {
    const it = s.items[id];
    if (it?.spell && SPELLS[it.spell as SpellCode]?.kind !== 'action' && (it.charges === undefined || it.charges > 0)) { t.push({ code: 'US', arg: String(id) }); break; }
  }
  if (talent(s, c, 'Ar') >= 1) t.push({ code: 'FI' });
  t.push({ code: 'ME' }, { code: 'ME' }, { code: 'FL' }, { code: 'ME' });
  const ok = validatePlan(s, c, t, special ? 'special' : 'action').plan;
  return formatTactics(ok);
}
