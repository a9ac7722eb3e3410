/**
 * Action spells (rules S3.3–S3.7, §5.12, §5.19): the casting flow shared by `CA` (talent, chance,
 * per-turn limit, experience) and `US` (spell item: automatic success at the item's level), the
 * execution-time checks of each spell's target, and the dispatch to the spell's effect.
 *
 * Events: `spell-cast` to the caster's kingdom (casting prose, success or failure, outcome data);
 * `spell-felt` to other kingdoms that suffer or notice the effect (without the caster's name).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { Character } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { type SpellCode, SPELLS, spellCollege } from './spells.ts';
import type { SpellTargetValue } from './target.ts';
import { actionSpellsLeft, casterLevel, countActionSpell, prob, spellChance } from './chance.ts';
import { tryImprove } from '../kingdom/training.ts';
import { adjacent } from '../world/geometry.ts';
import { knowledgeOf } from '../knowledge/knowledge.ts';
import { bodyProvince, leadsArmies } from './util.ts';
import { applyLandSpell } from './effects-land.ts';
import { knowsCharacter, nobodyHere, noTrace } from '../orders/absent.ts';
import { killBacklash } from './backlash.ts';
import type { Felt, Outcome } from './target.ts';
import { applyPeopleSpell, heirBones, resurrectable } from './effects-people.ts';

export interface ActionCast {
  spell: SpellCode;
  target: SpellTargetValue;
}


const why = (fr: string, en: string): Localized => ({ fr, en });

/** Execution-time check of the target (range, terrain, presence…); null when the spell can be cast. */
export function checkTarget(ctx: TurnCtx, caster: Character, spell: SpellCode, t: SpellTargetValue): Localized | null {
  const s = ctx.s;
  const sp = SPELLS[spell];
  if (t.province !== undefined) {
    const p = s.provinces[t.province];
    if (!p) return why(`la province ${t.province} n’existe pas`, `province ${t.province} does not exist`);
    if (caster.province !== t.province && !adjacent(caster.province, t.province)) { // range "C or A" (S3.2)
      return why(`la province ${t.province} n’est ni celle du lanceur ni une province voisine`, `province ${t.province} is neither the caster's nor an adjacent one`);
    }
    // [T §14.4] AK Terre: « Un sort de Partage des flots lancé sur l'une des provinces bordant un détroit permettra de le traverser ».
    if (spell === 'PA' && p.terrain !== 'Sea' && !p.straits?.length) return why(`Diviser les océans ne s’applique qu’à une province maritime ou bordant un détroit`, `Part the Oceans only works on a sea province or one bordering a strait`);
    if (spell === 'FL' && p.terrain === 'Mountain') return why(`on ne peut inonder une province de montagne`, `a mountain province cannot be flooded`);
    if (spell === 'TO' && !tornadoTarget(ctx, caster, t.province)) {
      return why(`la Tornade ne peut frapper qu’une province ennemie, sans maître ou tenue par un Héros`, `Tornado can only strike an enemy, unowned or Hero-ruled province`);
    }
  }
  if (sp.target === 'none' && spell === 'SK' && caster.kingdom === null) return why(`le lanceur ne sert aucun roi`, `the caster serves no King`);
  // Skeleton Army with an empty fallen pool (§4.5a, G-33; the rules do not say whether the cast is used).
  // §4.5a makes the battlefield a condition of the spell ("the caster must be in a province that was the
  // scene of a battle in which armies were destroyed"), i.e. its target; and a spell whose target is
  // missing is refused here, before the roll, without using the cast (FL on a mountain, PA off the sea,
  // RE with no body here, TO on a friend…). S3.1 "if the spell fails, nothing happens; the opportunity
  // is still used" is about a failed chance roll, not a missing target. So: refused, nothing used.
  if (spell === 'SK' && (s.provinces[caster.province]?.fallen.length ?? 0) === 0) {
    return why(`aucune armée n’est tombée ici dont on puisse relever les os`, `no fallen army lies here whose bones could be raised`);
  }
  if (t.site !== undefined) {
    const site = s.sites[t.site];
    // §4.3c "a specified site": one the caster's kingdom knows (else the order would tell whether an
    // unknown number is a site here; one message for every case, fog of war, S8.1).
    const known = caster.kingdom === null || knowledgeOf(s, caster.kingdom).sites[t.site] !== undefined;
    if (!site || site.province !== caster.province || !known) return why(`le lieu ${t.site} n’est pas un lieu connu de la province du lanceur`, `site ${t.site} is not a known site of the caster's province`);
  }
  if (t.character !== undefined) {
    const v = s.characters[t.character];
    // Fog of war (S8.1): a number that exists nowhere, a stranger elsewhere, a dead man elsewhere all fail
    // with one message, naming nobody, so that CA cannot be used to probe numbers (orders/absent.ts).
    if (spell === 'CL') {
      // Clairvoyance reaches anywhere (S3.2): on a character the kingdom knows (its own or seen).
      if (!v || !knowsCharacter(s, caster, v.id)) return noTrace(t.character);
      if (!v.alive) return why(`${v.name} n’est plus de ce monde`, `${v.name} is no longer of this world`);
      return null;
    }
    // Every other character spell needs him alive in the caster's province (RE: alive, or his body, there).
    const here = !!v && (v.alive ? v.province === caster.province : spell === 'RE' && bodyProvince(s, v) === caster.province);
    if (!v || !here) return nobodyHere(t.character);
    switch (spell) {
      case 'RE': return resurrectable(s, caster, v);
      case 'OR': case 'PH':
        return null;
      case 'CH': {
        if (caster.kingdom === null) return why(`le lanceur ne sert aucun roi`, `the caster serves no King`);
        if (v.id === caster.id) return why(`on ne peut se charmer soi-même`, `one cannot charm oneself`);
        // G-27: any Hero (wandering or in service of any kingdom), not a King or Heir, not ruling, not leading armies.
        if (v.role === 'King' || v.role === 'Heir') return why(`${v.name} est de sang royal et ne peut être charmé`, `${v.name} is of royal blood and cannot be charmed`);
        if (v.role === 'RulingHero' || v.rules !== undefined) return why(`${v.name} règne sur sa province et ne peut être recruté`, `${v.name} rules his province and cannot be recruited`);
        if (leadsArmies(s, v.id)) return why(`${v.name} commande des armées`, `${v.name} leads armies`);
        return null;
      }
      case 'KI': {
        if (v.id === caster.id) return why(`le nécromancien ne peut se viser lui-même`, `the necromancer cannot target himself`);
        return null;
      }
      default: return null;
    }
  }
  return null;
}

/** G-31: a province owned by an Enemy kingdom, unowned, or Hero-ruled. */
function tornadoTarget(ctx: TurnCtx, caster: Character, province: number): boolean {
  const p = ctx.s.provinces[province]!;
  if (p.owner === null || p.ruler !== undefined) return true;
  if (caster.kingdom === null) return true;
  if (p.owner === caster.kingdom) return false;
  return ctx.s.kingdoms[caster.kingdom]?.relations[p.owner] === 'Enemy';
}

/**
 * Casts an action spell. Without `item`: the college talent must be ≥ 1 and the per-turn limit
 * not reached; the chance is rolled (a failure still uses the opportunity, S3.1) and the college
 * gets its 10 % experience roll. With `item`: automatic success at `level`, no limit, no experience.
 * Returns a reason when the spell could not be cast at all (nothing is used).
 */
export function castActionSpell(ctx: TurnCtx, caster: Character, req: ActionCast, item?: { id: number; level: number }): Localized | null {
  const spell = req.spell;
  const sp = SPELLS[spell];
  if (sp.kind === 'combat') return why(`${sp.name.fr} est un sort de combat`, `${sp.name.en} is a combat spell`);
  const college = spellCollege(spell, caster.alignment);
  let level: number;
  if (item) {
    level = item.level;
  } else {
    level = casterLevel(ctx.s, caster, spell);
    if (level <= 0) return why(`le lanceur ne connaît pas ce collège de magie`, `the caster has no talent in this college of magic`);
    if (actionSpellsLeft(ctx.s, ctx.cfg.magic, caster, college) <= 0) {
      return why(`le lanceur a déjà lancé ce tour-ci tous les sorts que son talent permet dans ce collège`, `the caster has already cast this turn all the spells his talent allows in this college`);
    }
  }
  const bad = checkTarget(ctx, caster, spell, req.target);
  if (bad) return bad;

  let ok = true;
  if (!item) {
    countActionSpell(caster, college);
    let p = spellChance(ctx.s, ctx.cfg.magic, caster, spell, 'action');
    if (spell === 'KI') {
      const v = ctx.s.characters[req.target.character!]!;
      if (leadsArmies(ctx.s, v.id)) p = prob(p * ctx.cfg.magic.killHalvedFactor); // §4.5b: halved vs a Hero leading an army
    }
    ok = ctx.rng.chance(p);
    tryImprove(ctx, caster, college, ctx.cfg.magic.experienceChance * 100, 'cast');
  }
  const base = { t: 'spell-cast', to: caster.kingdom === null ? [] : [caster.kingdom], who: caster.id, at: caster.province, spell, ok, item: item?.id ?? null, level, ...req.target };
  const felt: Felt[] = [];
  let out: Outcome | null = null;
  if (!ok) {
    if (spell === 'KI') out = applyPeopleSpell(ctx, caster, spell, req.target, level, false, felt);
  } else if (sp.target === 'character') {
    out = applyPeopleSpell(ctx, caster, spell, req.target, level, true, felt);
  } else {
    out = applyLandSpell(ctx, caster, spell, req.target, level, felt);
  }
  ctx.emit({ ...base, ...(out ?? {}) });
  for (const f of felt) {
    if (f.to.length === 0) continue;
    ctx.emit({ t: 'spell-felt', spell, at: req.target.province ?? caster.province, ...f });
  }
  if (out?.outcome === 'backlash') killBacklash(ctx, ctx.s.characters[req.target.character!]!, caster);
  return null;
}


export { bodyProvince, heirBones };
export type { Felt, Outcome };
