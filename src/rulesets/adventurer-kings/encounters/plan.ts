/**
 * Encounter plans: parsing the tactic list a player writes (S4.5, S4.8) and validating it
 * against the character (S4.6, §15.11, G-64: offending tactics are dropped, never reordered,
 * each with a reported reason; TV-05).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { AKState, Character, College, Tactic, TacticCode, Temperament } from '../state.ts';
import { resolveConfig } from '../config.ts';
import { talent } from '../characters.ts';
import { isCombatSpell, parseSpellCode, spellCollege, type SpellCode } from '../spells.ts';

const TACTICS: readonly TacticCode[] = ['ME', 'GI', 'SC', 'FL', 'CA', 'TA', 'SA', 'FU', 'FI', 'US', 'ST'];

/** Splits on commas outside double quotes. */
function splitTactics(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (ch === '“' || ch === '«') quoted = true;
    else if (ch === '”' || ch === '»') quoted = false;
    if (ch === ',' && !quoted) { out.push(cur); cur = ''; continue; }
    cur += ch;
  }
  out.push(cur);
  return out.map((x) => x.trim()).filter((x) => x.length > 0);
}

/**
 * Parses a plan: `ME`, `GI 31`, `GI 31 55`, `GI tout` (`GI all`), `SC`, `FL`, `CA-FI` / `CA FI`, `TA`,
 * `SA-"text"`, `FU`, `FI`, `US-31` / `US 31`, `ST`; a trailing `×4` / `x4` repeats a tactic (§15.11).
 */
export function parsePlan(text: string): { plan: Tactic[]; errors: Localized[] } {
  const plan: Tactic[] = [];
  const errors: Localized[] = [];
  for (const raw of splitTactics(text)) {
    let item = raw;
    let times = 1;
    const rep = /\s*[×xX*]\s*(\d{1,2})$/.exec(item);
    if (rep && !/^SA/i.test(item)) { times = Math.max(1, Number(rep[1])); item = item.slice(0, rep.index); }
    const m = /^([A-Za-z]{2})(?:[-\s]+(.*))?$/s.exec(item.trim());
    const code = m?.[1]?.toUpperCase() as TacticCode | undefined;
    if (!m || !code || !TACTICS.includes(code)) {
      errors.push({ fr: `tactique inconnue « ${raw} »`, en: `unknown tactic "${raw}"` });
      continue;
    }
    const arg = (m[2] ?? '').trim();
    let t: Tactic | null = { code };
    switch (code) {
      case 'CA': {
        const sp = parseSpellCode(arg);
        if (!sp || !isCombatSpell(sp)) { errors.push({ fr: `« ${raw} » : sort de combat inconnu`, en: `"${raw}": unknown combat spell` }); t = null; }
        else t = { code, arg: sp };
        break;
      }
      case 'US': {
        if (!/^\d+$/.test(arg)) { errors.push({ fr: `« ${raw} » : numéro d’objet attendu`, en: `"${raw}": item number expected` }); t = null; }
        else t = { code, arg };
        break;
      }
      case 'GI': {
        if (/^(tout|all|tous)$/i.test(arg)) t = { code, arg: 'all' };
        else if (/^\d+(\s+\d+)*$/.test(arg)) t = { code, arg: arg.split(/\s+/).join(' ') };
        else { errors.push({ fr: `« ${raw} » : GI n ou GI tout`, en: `"${raw}": GI n or GI all` }); t = null; }
        break;
      }
      case 'SA': {
        const q = /^"?(.*?)"?$/s.exec(arg);
        t = { code, arg: q?.[1] ?? '' };
        break;
      }
      default:
        if (arg) { errors.push({ fr: `« ${raw} » : argument inattendu`, en: `"${raw}": unexpected argument` }); t = null; }
    }
    if (t) for (let i = 0; i < times; i++) plan.push({ ...t });
  }
  return { plan, errors };
}

export function formatPlan(plan: Tactic[]): string {
  return plan.map((t) => {
    if (t.code === 'CA' || t.code === 'US') return `${t.code}-${t.arg}`;
    if (t.code === 'SA') return `SA-"${t.arg ?? ''}"`;
    if (t.code === 'GI') return `GI ${t.arg === 'all' ? 'tout' : t.arg}`;
    return t.code;
  }).join(', ');
}

/** Aggressive tactics (S4.6 rule 1): ME, FI, US of a weapon or attack item, every CA-xx except CA-IN. */
export function isAggressive(s: AKState | null, t: Tactic): boolean {
  if (t.code === 'ME' || t.code === 'FI') return true;
  if (t.code === 'CA') return t.arg !== 'IN';
  if (t.code === 'US') {
    const it = s?.items[Number(t.arg)];
    if (!it) return true;
    if (it.category === 'Weapon' || it.category === 'Bow') return true;
    return it.spell !== undefined && it.spell !== 'IN';
  }
  return false;
}

export function hasAggression(s: AKState | null, plan: Tactic[]): boolean {
  return plan.some((t) => isAggressive(s, t));
}

/** G-37: the default special plan. */
export function defaultSpecialPlan(temperament: Temperament): Tactic[] {
  return temperament === 'Brave' || temperament === 'Berserk' ? [{ code: 'ME' }] : [{ code: 'FL' }, { code: 'ME' }];
}

/** The special plan in force (G-37: persists; default by temperament). */
export function specialPlanOf(c: Character): Tactic[] {
  return c.specialPlan && c.specialPlan.length > 0 ? c.specialPlan : defaultSpecialPlan(c.temperament);
}

function drop(errors: Localized[], t: Tactic, fr: string, en: string): void {
  const label = formatPlan([t]);
  errors.push({ fr: `${label} retiré : ${fr}`, en: `${label} dropped: ${en}` });
}

/**
 * Validates a plan for a character (S4.6 rules 1–9, G-64, TV-05). `use`: the plan of an action
 * order, or the special plan (TA, FU, ST, SC forbidden; CA-KI allowed but skipped when defending).
 */
export function validatePlan(s: AKState, char: Character, plan: Tactic[], use: 'action' | 'special'): { plan: Tactic[]; errors: Localized[] } {
  const cfg = resolveConfig(s.config);
  const out: Tactic[] = [];
  const errors: Localized[] = [];
  let aggressive = false;
  let fi = 0;
  let fl = 0;
  const spells = new Set<string>();
  const perCollege: Partial<Record<College, number>> = {};
  for (const t of plan) {
    if (use === 'special' && (t.code === 'TA' || t.code === 'FU' || t.code === 'ST' || t.code === 'SC')) {
      drop(errors, t, 'interdit dans un plan spécial (§7.2, §7.3, §15.13f)', 'not allowed in a special plan (§7.2, §7.3, §15.13f)');
      continue;
    }
    if ((t.code === 'ST' || t.code === 'TA' || t.code === 'FU') && aggressive) {
      drop(errors, t, 'après une tactique agressive, il est trop tard', 'after an aggressive tactic it is too late');
      continue;
    }
    if (t.code === 'FI') {
      if (talent(s, char, 'Ar') < 1) { drop(errors, t, 'il faut au moins 1 en Tir à l\'arc', 'needs Archery ≥ 1'); continue; }
      if (++fi > 1) { drop(errors, t, 'un seul FI par plan', 'only one FI per plan'); continue; }
    }
    if (t.code === 'FL' && ++fl > 1) { drop(errors, t, 'une seule fuite par plan', 'only one FL per plan'); continue; }
    if (t.code === 'SA' && !(t.arg ?? '').trim()) { drop(errors, t, 'rien n\'est dit', 'nothing is said'); continue; }
    if (t.code === 'US') {
      const id = Number(t.arg);
      if (!char.items.includes(id)) { drop(errors, t, 'objet non détenu', 'item not held'); continue; }
    }
    if (t.code === 'CA') {
      const code = t.arg as SpellCode;
      if (spells.has(code)) { drop(errors, t, 'le même sort ne peut être lancé deux fois', 'the same spell cannot be cast twice'); continue; }
      const college = spellCollege(code, char.alignment);
      const level = talent(s, char, college);
      if (level < 1) { drop(errors, t, `il faut au moins 1 en ${college}`, `needs ${college} ≥ 1`); continue; }
      const lim = cfg.magic.combatPerEncounter;
      const max = lim[Math.min(level, lim.length) - 1]!;
      if ((perCollege[college] ?? 0) >= max) { drop(errors, t, `trop de sorts de ${college} (${max} au plus)`, `too many ${college} spells (at most ${max})`); continue; }
      perCollege[college] = (perCollege[college] ?? 0) + 1;
      spells.add(code);
    }
    if (isAggressive(s, t)) aggressive = true;
    out.push(t);
  }
  return { plan: out, errors };
}
