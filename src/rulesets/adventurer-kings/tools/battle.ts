/**
 * The battle simulator: one of the kingdom's generals (a character leading armies) attacks a
 * province he can reach (the one he stands in or a neighbour), against the defenders his kingdom
 * knows of — its last military report on the province (spied or seen), else the natives estimated
 * as the bot does (bot/estimate.ts `expectedDefenders`, from the known tax band and types) — which
 * the player may edit. The referee's own battle (armies/battle.ts `fight`, with the strengths of
 * armies/strength.ts: deployment, random events, columns, casualties) is played `runs` times.
 *
 * The battle is fought in a small hypothetical world built from what the kingdom may know only:
 * the province as its knowledge records it (terrain as seen, capital flag), its own general, items
 * and armies exactly, and the defenders of the form. Nothing of the true forces, the foreign
 * leaders' talents or the defender's alignment (unless known) is read. Each run draws from its own
 * stream of an RNG seeded from the input, so the same input always gives the same figures.
 */
import type { Lang, ToolDoc, ToolForm, ViewSection } from '../../../engine/ruleset.ts';
import { createRng } from '../../../engine/rng.ts';
import { battleInput, fight, type BattleOutcome, type Side } from '../armies/battle.ts';
import { ledBy } from '../armies/relations.ts';
import { unitStrength } from '../armies/strength.ts';
import { expectedDefenders } from '../bot/estimate.ts';
import { talent } from '../characters.ts';
import { resolveConfig } from '../config.ts';
import { provinceLabel } from '../report/env.ts';
import { ARMY_TYPE_NAMES, nameOf, QUALITY_NAMES, RACE_NAMES, TERRAIN_NAMES } from '../report/names.ts';
import { ARMY_TYPES, CHAR_CODES, type AKState, type Army, type ArmyRace, type ArmyType, type Character, type Kingdom, type Levels, type Quality, type Terrain } from '../state.ts';
import { playerView, type ProvinceView } from '../view.ts';
import { neighbours } from '../world/geometry.ts';
import { choiceField, fmtDec, fmtInt, fmtPct, Inputs, intField, L, mean, type Option } from './common.ts';

export const DEFAULT_RUNS = 200;
export const MAX_RUNS = 2000;
export const DEFENDER_SLOTS = 6;
const MAX_COUNT = 40;
const MAX_LEVEL = 20;
const ARMY_RACES: readonly ArmyRace[] = ['Human', 'Elf', 'Dwarf', 'Orc', 'Eagle', 'Dragon', 'Whale', 'Triton', 'Troll', 'Ent', 'Were'];
/** Types with a race of their own (as recruit.ts raises them). */
const OWN_RACE: Partial<Record<ArmyType, ArmyRace>> = { TR: 'Troll', EN: 'Ent', WE: 'Were' };
/** Ids of the hypothetical characters (above any real id). */
const DEF_LEADER = 1_000_000_001;
const DEF_KING = 1_000_000_002;

export interface DefenderGroup { type: ArmyType; count: number; quality: Quality }

export interface BattleSetup {
  general: number;
  province: number;
  terrain: Terrain;
  /** The leader's level that applies (Ta on land, Na at sea). */
  tactics: number;
  extra: { count: number; type: ArmyType; quality: Quality };
  defenders: DefenderGroup[];
  race: ArmyRace;
  /** Known owner: a kingdom, or null (natives, a ruling Hero, or unknown). */
  owner: number | null;
  /** Tactics of the defenders' leader (0: the Garrison Commander). */
  defenderTactics: number;
  exploration: Side | null;
  duelLoser: Side | null;
  capitalOf: number | null;
  runs: number;
}

export interface BattleStats {
  runs: number;
  wins: number;
  lossesA: number[];
  lossesD: number[];
  /** Per run: columns the attacker won, and columns fought. */
  columns: { won: number; of: number }[];
  attackers: Army[];
  defenders: Army[];
  strength: { A: number; D: number };
}

const qualityOptions = (lang: Lang): Option[] => ([0, 1, 2, 3, 4, 5] as Quality[]).map((q) => ({ value: String(q), label: `${q} — ${QUALITY_NAMES[q][lang]}` }));
const typeOptions = (lang: Lang): Option[] => ARMY_TYPES.map((t) => ({ value: t, label: `${t} — ${ARMY_TYPE_NAMES[t][lang]}` }));

/** What the kingdom knows of the province's defence: its military report, else the bot's estimate of natives. */
export function knownDefence(s: AKState, k: number, pv: ProvinceView): { groups: DefenderGroup[]; tactics: number; source: 'report' | 'estimate'; asOf?: { turn: number; phase: number } } {
  const owner = pv.owner?.kingdom;
  const add = (groups: DefenderGroup[], type: ArmyType, quality: number, n: number) => {
    const q = Math.max(0, Math.min(5, Math.round(quality))) as Quality;
    const g = groups.find((x) => x.type === type && x.quality === q);
    if (g) g.count += n; else groups.push({ type, quality: q, count: n });
  };
  const ruled = owner === null && pv.owner?.ruler !== undefined;
  const m = pv.military;
  if (m) {
    const groups: DefenderGroup[] = [];
    for (const a of m.armies) {
      if (a.kingdom === k) continue; // his own armies there are not defenders
      // An owned province is held by kingdoms' armies (mercenaries and natives do not defend it); an unowned one by its natives.
      if (owner !== undefined && (owner === null) !== (a.kingdom === null)) continue;
      add(groups, a.type, a.quality ?? 2, a.count);
    }
    return { groups, tactics: ruled ? 2 : 0, source: 'report', asOf: m.asOf };
  }
  // No report: the bot's estimate (its own record of the province: band, types, owner, capital).
  const est = expectedDefenders(s, s.knowledge[k], pv.id);
  const groups: DefenderGroup[] = [];
  for (const u of est) add(groups, u.type, u.quality, 1);
  return { groups, tactics: Math.max(0, ...est.map((u) => u.leaderLevel)), source: 'estimate' };
}

/** The provinces a general can attack: his own and its neighbours, known to the kingdom, not its own nor an ally's. */
function targetsOf(s: AKState, k: number, c: Character, view: ReturnType<typeof playerView>): number[] {
  const mine = s.kingdoms[k]!;
  return [c.province, ...neighbours(c.province)].filter((p, i, all) => {
    if (all.indexOf(p) !== i) return false;
    const pv = view.provinces[p];
    if (!pv || pv.own || !pv.terrain) return false;
    const o = pv.owner?.kingdom;
    return !(o !== undefined && o !== null && mine.relations[o] === 'Allied');
  });
}

/** A copy of a character's levels with some set. */
function withLevels(base: Levels, over: Partial<Levels>): Levels {
  const out = { ...base };
  for (const code of CHAR_CODES) if (over[code] !== undefined) out[code] = over[code]!;
  return out;
}

/**
 * The hypothetical world of the battle: the province as known, the general (his armies' leader
 * level set to the form's Tactics, his own items and Druid level kept) and his armies with the
 * reinforcements, the defenders of the form under an invented leader and King (no Druid
 * shortfall), the defending kingdom with the alignment the kingdom knows (else Neutral).
 */
export function battleWorld(s: AKState, k: number, b: BattleSetup): { world: AKState; attackers: Army[]; defenders: Army[] } {
  const c = s.characters[b.general]!;
  const sea = b.terrain === 'Sea';
  const P = b.province;
  const world: AKState = {
    ruleset: 'adventurer-kings', turn: s.turn, config: s.config, provinces: {}, characters: {}, armies: {}, sites: {}, items: {}, kingdoms: {}, knowledge: {},
    next: { ...s.next },
  };
  world.provinces[P] = {
    id: P, row: Math.floor(P / 100), col: P % 100, terrain: b.terrain, race: b.race, types: [], taxBase: 0, owner: b.owner,
    sites: [], fallen: [], ...(b.capitalOf !== null ? { capitalOf: b.capitalOf } : {}),
  };
  // His own side, exactly: his kingdom (alignment: fanaticism), his items (army boosts), his levels.
  const mine: Kingdom = structuredClone(s.kingdoms[k]!);
  world.kingdoms[k] = mine;
  for (const id of c.items) {
    const it = s.items[id];
    if (!it) continue;
    const { talentBonus: _t, ...rest } = it; // the level is the form's, bonuses included
    world.items[id] = structuredClone(rest);
  }
  // The general stands for the battle with no kingdom (so that no discovery adds to the form's level).
  const levels = withLevels(c.talent, {
    Ta: sea ? talent(s, c, 'Ta') : b.tactics,
    Na: sea ? b.tactics : talent(s, c, 'Na'),
    Dr: talent(s, c, 'Dr'),
  });
  world.characters[c.id] = { ...structuredClone(c), kingdom: null, talent: levels, alive: true };
  let nextId = Math.max(s.next.army, ...Object.keys(s.armies).map(Number).map((x) => x + 1));
  const attackers: Army[] = ledBy(s, c).map((a) => ({ ...structuredClone(a), province: P }));
  const extraRace = attackers.find((a) => a.type === b.extra.type)?.race ?? OWN_RACE[b.extra.type] ?? c.race;
  for (let i = 0; i < b.extra.count; i++) {
    attackers.push({ id: nextId++, type: b.extra.type, race: extraRace, quality: b.extra.quality, kingdom: k, status: 'Led', leader: c.id, province: P, mpUsed: 0 });
  }
  // The defence as the form gives it.
  const invented = (id: number, name: string, ta: number): Character => ({
    id, name, sex: 'M', role: 'HeroInService', kingdom: null, alignment: 'Neutral', temperament: 'Brave', race: b.race as Character['race'],
    talent: withLevels(Object.fromEntries(CHAR_CODES.map((x) => [x, 0])) as Levels, { Ta: ta, Na: ta, Dr: 99 }),
    aptitude: Object.fromEntries(CHAR_CODES.map((x) => [x, 0])) as Levels, startedAtZero: [], items: [], province: P, alive: true,
    specialPlan: [], orderableFrom: 1, merit: {},
  });
  world.characters[DEF_KING] = invented(DEF_KING, 'King', 0);
  if (b.defenderTactics > 0) world.characters[DEF_LEADER] = invented(DEF_LEADER, 'Leader', b.defenderTactics);
  if (b.owner !== null && b.owner !== k) {
    const alignment = s.knowledge[k]?.alignments[b.owner] ?? 'Neutral';
    world.kingdoms[b.owner] = {
      id: b.owner, name: s.kingdoms[b.owner]?.name ?? String(b.owner), player: '', king: DEF_KING, alignment, treasury: 0, treasuryAtTurnStart: 0,
      capital: b.capitalOf === b.owner ? P : -1, relations: { [k]: 'Enemy' }, inventions: [],
    };
  }
  const defenders: Army[] = [];
  for (const g of b.defenders) {
    for (let i = 0; i < g.count; i++) {
      defenders.push({
        id: nextId++, type: g.type, race: OWN_RACE[g.type] ?? b.race, quality: g.quality, kingdom: b.owner,
        status: b.owner === null ? 'Native' : b.defenderTactics > 0 ? 'Led' : 'Garrison', province: P, mpUsed: 0,
        ...(b.defenderTactics > 0 ? { leader: DEF_LEADER } : {}),
      });
    }
  }
  for (const a of [...attackers, ...defenders]) world.armies[a.id] = a;
  return { world, attackers, defenders };
}

/** Strength of each army before the battle's random parts (fanaticism, events, Elephants at their mean), exploration included. */
function strengthOf(world: AKState, a: Army, P: number, side: Side, exploration: Side | null, duelLoser: Side | null): number {
  const cfg = resolveConfig(world.config).armies;
  const input = battleInput(world, cfg, a, P, side === 'D');
  if (exploration === side) input.exploration = true;
  if (duelLoser === side) input.duelLost = true;
  return unitStrength(cfg, input);
}

/** Plays the referee's battle `runs` times on the hypothetical world. */
export function simulateBattle(s: AKState, k: number, b: BattleSetup): BattleStats {
  const cfg = resolveConfig(s.config).armies;
  const { world, attackers, defenders } = battleWorld(s, k, b);
  const { runs: _r, ...key } = b;
  const seed = JSON.stringify({ turn: s.turn, kingdom: k, ...key });
  const stats: BattleStats = {
    runs: 0, wins: 0, lossesA: [], lossesD: [], columns: [], attackers, defenders,
    strength: {
      A: attackers.reduce((x, a) => x + strengthOf(world, a, b.province, 'A', b.exploration, b.duelLoser), 0),
      D: defenders.reduce((x, a) => x + strengthOf(world, a, b.province, 'D', b.exploration, b.duelLoser), 0),
    },
  };
  if (!attackers.length) return stats;
  for (let i = 0; i < b.runs; i++) {
    let out: BattleOutcome;
    if (!defenders.length) {
      stats.runs++; stats.wins++; stats.lossesA.push(0); stats.lossesD.push(0); stats.columns.push({ won: 0, of: 0 });
      continue;
    }
    out = fight(world, cfg, createRng(seed, `ak-battle/${i}`), {
      province: b.province, attackers, defenders, duelLoser: b.duelLoser, exploration: b.exploration, monster: null,
    });
    stats.runs++;
    if (out.winner === 'A') stats.wins++;
    const lost = (side: Side) => out.units.filter((u) => u.side === side && u.fate !== 'survived').length;
    stats.lossesA.push(lost('A'));
    stats.lossesD.push(lost('D'));
    stats.columns.push({ won: out.columns.filter((x) => x.winner === 'A').length, of: out.columns.length });
  }
  return stats;
}

// ───────────────────────────────────────────────────────────── the tool

export function runBattleTool(s: AKState, k: number, input: Record<string, string>, lang: Lang): ToolDoc {
  const inp = new Inputs(input, lang);
  const cfg = resolveConfig(s.config).armies;
  const view = playerView(s, s.kingdoms[k]!.player);
  const prov = (id: number) => provinceLabel(s, k, id);
  const runs = inp.int('runs', L(lang, 'Batailles simulées', 'Simulated battles'), DEFAULT_RUNS, 1, MAX_RUNS);
  const simSection = (): ToolForm['sections'][number] => ({
    title: L(lang, 'Simulation', 'Simulation'),
    rows: [{ label: L(lang, `Batailles simulées (1–${MAX_RUNS})`, `Simulated battles (1–${MAX_RUNS})`), fields: [intField('runs', L(lang, 'Batailles', 'Battles'), runs, 1, MAX_RUNS)] }],
  });
  const generals = Object.values(s.characters)
    .filter((c) => c.kingdom === k && c.alive && ledBy(s, c).length > 0)
    .sort((a, b) => a.id - b.id);
  if (!generals.length) {
    return { form: { sections: [simSection()] }, result: null, errors: [...inp.errors, L(lang, 'Aucun de vos personnages ne conduit d’armée.', 'None of your characters leads armies.')] };
  }
  const DEF_FIELDS = ['race', 'dta', 'explore', ...Array.from({ length: DEFENDER_SLOTS }, (_, i) => [`d${i + 1}t`, `d${i + 1}n`, `d${i + 1}q`]).flat()];
  const genOptions = generals.map((c) => ({ value: String(c.id), label: `${c.name} (${prov(c.province)}, ${ledBy(s, c).length} ${L(lang, 'armée(s)', 'army(ies)')})` }));
  const general = s.characters[Number(inp.option('general', L(lang, 'Général', 'General'), [...genOptions, ...generals.map((c) => ({ value: String(c.id), label: c.name }))], String(generals[0]!.id)))]!;
  const led = ledBy(s, general);
  const attackRows: ToolForm['sections'][number]['rows'] = [
    { label: L(lang, 'Général', 'General'), fields: [choiceField('general', L(lang, 'Général', 'General'), genOptions, String(general.id), ['province', 'tactics', 'xt', ...DEF_FIELDS])] },
  ];
  const targets = targetsOf(s, k, general, view);
  if (!targets.length) {
    return {
      form: { sections: [{ title: L(lang, 'Attaque', 'Attack'), rows: attackRows }, simSection()] }, result: null,
      errors: [...inp.errors, L(lang, `${general.name} n’a aucune province connue à attaquer depuis ${prov(general.province)}.`, `${general.name} has no known province to attack from ${prov(general.province)}.`)],
    };
  }
  const ownerText = (pv: ProvinceView) => {
    const o = pv.owner?.kingdom;
    if (o === undefined) return L(lang, 'maître inconnu', 'owner unknown');
    if (o === null) return pv.owner?.ruler !== undefined ? L(lang, 'Héros régnant', 'ruling Hero') : L(lang, 'indigènes', 'natives');
    return s.kingdoms[o]?.name ?? String(o);
  };
  const targetOptions = targets.map((p) => ({ value: String(p), label: `${prov(p)} — ${nameOf(TERRAIN_NAMES, view.provinces[p]!.terrain, lang)}, ${ownerText(view.provinces[p]!)}` }));
  let province = targets[0]!;
  const rawTarget = inp.raw('province');
  if (rawTarget) {
    const asked = Number(rawTarget);
    if (Number.isInteger(asked) && targets.includes(asked)) province = asked;
    else {
      const hit = targetOptions.find((o) => o.label.toLowerCase().startsWith(rawTarget.toLowerCase()) || prov(Number(o.value)).toLowerCase() === rawTarget.toLowerCase());
      if (hit) province = Number(hit.value);
      else inp.errors.push(L(lang,
        `Province « ${rawTarget} » : ${general.name} ne peut l’attaquer (sa province ou une voisine, connue, ni à vous ni à un allié) ; ${prov(province)} est utilisée.`,
        `Province "${rawTarget}": ${general.name} cannot attack it (his province or a neighbour, known, neither yours nor an ally’s); ${prov(province)} is used.`));
    }
  }
  const pv = view.provinces[province]!;
  const terrain = pv.terrain!;
  const sea = terrain === 'Sea';
  const levelCode = sea ? 'Na' : 'Ta';
  const levelName = sea ? L(lang, 'Navigation (Na)', 'Navigation (Na)') : L(lang, 'Tactique (Ta)', 'Tactics (Ta)');
  const tactics = inp.int('tactics', levelName, talent(s, general, levelCode), 0, MAX_LEVEL);
  attackRows.push(
    { label: L(lang, 'Province attaquée', 'Attacked province'), fields: [choiceField('province', L(lang, 'Province', 'Province'), targetOptions, String(province), ['tactics', ...DEF_FIELDS])] },
    { label: `${levelName} ${L(lang, 'du général', 'of the general')}`, fields: [intField('tactics', levelName, tactics, 0, MAX_LEVEL)] },
  );
  // Reinforcements.
  const commonType = led.map((a) => a.type).sort((a, b) => led.filter((x) => x.type === b).length - led.filter((x) => x.type === a).length)[0] ?? 'GA';
  const xn = inp.int('xn', L(lang, 'Armées en renfort', 'Extra armies'), 0, 0, MAX_COUNT);
  const xt = inp.option('xt', L(lang, 'Type des renforts', 'Extra armies’ type'), typeOptions(lang), commonType) as ArmyType;
  const xq = Number(inp.option('xq', L(lang, 'Qualité des renforts', 'Extra armies’ quality'), qualityOptions(lang), '2')) as Quality;
  // The defence as known.
  const known = knownDefence(s, k, pv);
  const owner = pv.owner?.kingdom ?? null;
  const defRace = inp.option('race', L(lang, 'Race des défenseurs', 'Defenders’ race'), ARMY_RACES.map((r) => ({ value: r, label: RACE_NAMES[r][lang] })), (pv.race ?? 'Human') as string) as ArmyRace;
  const dta = inp.int('dta', L(lang, 'Tactique du chef des défenseurs', 'Defenders’ leader Tactics'), known.tactics, 0, MAX_LEVEL);
  if (known.groups.length > DEFENDER_SLOTS) {
    inp.errors.push(L(lang, `Seuls les ${DEFENDER_SLOTS} premiers groupes de défenseurs connus tiennent dans le formulaire.`, `Only the first ${DEFENDER_SLOTS} known defender groups fit in the form.`));
  }
  const noneOpt: Option = { value: '-', label: L(lang, '— aucun —', '— none —') };
  const defenders: DefenderGroup[] = [];
  const defRows: ToolForm['sections'][number]['rows'] = [];
  for (let i = 0; i < DEFENDER_SLOTS; i++) {
    const g = known.groups[i];
    const lab = `${L(lang, 'Défenseurs', 'Defenders')} ${i + 1}`;
    const t = inp.option(`d${i + 1}t`, `${lab} — ${L(lang, 'type', 'type')}`, [noneOpt, ...typeOptions(lang)], g?.type ?? '-');
    const n = inp.int(`d${i + 1}n`, `${lab} — ${L(lang, 'nombre', 'count')}`, g?.count ?? 0, 0, MAX_COUNT);
    const q = Number(inp.option(`d${i + 1}q`, `${lab} — ${L(lang, 'qualité', 'quality')}`, qualityOptions(lang), String(g?.quality ?? 2))) as Quality;
    if (t !== '-' && n > 0) defenders.push({ type: t as ArmyType, count: n, quality: q });
    defRows.push({
      label: lab,
      fields: [
        choiceField(`d${i + 1}t`, `${lab} — ${L(lang, 'type', 'type')}`, [noneOpt, ...typeOptions(lang)], t),
        intField(`d${i + 1}n`, `${lab} — ${L(lang, 'nombre', 'count')}`, n, 0, MAX_COUNT),
        choiceField(`d${i + 1}q`, `${lab} — ${L(lang, 'qualité', 'quality')}`, qualityOptions(lang), String(q)),
      ],
    });
  }
  // Exploration advantage (G-87): natives count 100 %; a kingdom is assumed to know its own province fully.
  const myPct = pv.pct;
  const defPct = owner === null ? cfg.nativeExploration : 100;
  const exploreDefault = myPct >= 100 && defPct < 100 ? 'A' : defPct >= 100 && myPct < 100 ? 'D' : 'none';
  const sideOptions = (none: string): Option[] => [{ value: 'none', label: none }, { value: 'A', label: L(lang, 'l’attaquant (vous)', 'the attacker (you)') }, { value: 'D', label: L(lang, 'le défenseur', 'the defender') }];
  const explore = inp.option('explore', L(lang, 'Avantage d’exploration', 'Exploration advantage'), sideOptions(L(lang, 'personne', 'nobody')), exploreDefault);
  const duel = inp.option('duel', L(lang, 'Duel perdu par', 'Duel lost by'), sideOptions(L(lang, 'personne (pas de duel)', 'nobody (no duel)')), 'none');
  const capitalOf = s.kingdoms[k]!.capital === province ? k : pv.capitalOf ?? pv.capital?.of ?? null;

  const form: ToolForm = {
    sections: [
      { title: L(lang, 'Attaque', 'Attack'), rows: attackRows },
      {
        title: L(lang, 'Renforts (hypothèse)', 'Reinforcements (what if)'),
        columns: [L(lang, 'Renforts', 'Reinforcements'), L(lang, 'Nombre', 'Count'), L(lang, 'Type', 'Type'), L(lang, 'Qualité', 'Quality')],
        rows: [{
          label: L(lang, 'Armées en plus', 'Extra armies'),
          fields: [intField('xn', L(lang, 'Armées en renfort', 'Extra armies'), xn, 0, MAX_COUNT), choiceField('xt', L(lang, 'Type des renforts', 'Extra armies’ type'), typeOptions(lang), xt), choiceField('xq', L(lang, 'Qualité des renforts', 'Extra armies’ quality'), qualityOptions(lang), String(xq))],
        }],
      },
      {
        title: known.source === 'report'
          ? L(lang, `Défenseurs (votre dernier rapport : année ${known.asOf!.turn}, phase ${known.asOf!.phase})`, `Defenders (your last report: turn ${known.asOf!.turn}, phase ${known.asOf!.phase})`)
          : L(lang, 'Défenseurs (estimés : aucun rapport sur cette province)', 'Defenders (estimated: no report on this province)'),
        columns: [L(lang, 'Groupe', 'Group'), L(lang, 'Type', 'Type'), L(lang, 'Nombre', 'Count'), L(lang, 'Qualité', 'Quality')],
        rows: defRows,
      },
      {
        title: L(lang, 'Défense et bataille', 'Defence and battle'),
        rows: [
          { label: L(lang, 'Race des défenseurs', 'Defenders’ race'), fields: [choiceField('race', L(lang, 'Race des défenseurs', 'Defenders’ race'), ARMY_RACES.map((r) => ({ value: r, label: RACE_NAMES[r][lang] })), defRace)] },
          { label: L(lang, 'Tactique du chef des défenseurs (0 : Commandant de garnison)', 'Defenders’ leader Tactics (0: Garrison Commander)'), fields: [intField('dta', L(lang, 'Tactique du chef des défenseurs', 'Defenders’ leader Tactics'), dta, 0, MAX_LEVEL)] },
          { label: L(lang, 'Avantage d’exploration', 'Exploration advantage'), fields: [choiceField('explore', L(lang, 'Avantage d’exploration', 'Exploration advantage'), sideOptions(L(lang, 'personne', 'nobody')), explore)] },
          { label: L(lang, 'Duel avant la bataille perdu par', 'Pre-battle duel lost by'), fields: [choiceField('duel', L(lang, 'Duel perdu par', 'Duel lost by'), sideOptions(L(lang, 'personne (pas de duel)', 'nobody (no duel)')), duel)] },
        ],
      },
      simSection(),
    ],
  };
  const setup: BattleSetup = {
    general: general.id, province, terrain, tactics, extra: { count: xn, type: xt, quality: xq }, defenders, race: defRace, owner,
    defenderTactics: dta, exploration: explore === 'none' ? null : (explore as Side), duelLoser: duel === 'none' ? null : (duel as Side), capitalOf, runs,
  };
  const stats = simulateBattle(s, k, setup);
  const warnings: string[] = [];
  if (owner !== null && owner !== k && s.kingdoms[k]!.relations[owner] !== 'Enemy') {
    warnings.push(L(lang,
      `Vous n’êtes pas en guerre avec ${s.kingdoms[owner]?.name ?? owner} : vos armées seraient refoulées sans bataille (G-89), sauf déclaration de guerre.`,
      `You are not at war with ${s.kingdoms[owner]?.name ?? owner}: your armies would be turned back without a battle (G-89) unless you declare war.`));
  }
  return { form, result: present(s, k, setup, stats, known, warnings, lang), errors: inp.errors, note: note(lang) };
}

function note(lang: Lang): string {
  return L(lang,
    'La bataille est jouée par l’arbitre lui-même (déploiement en lignes et colonnes, événements, colonnes, pertes) autant de fois que demandé, avec un hasard tiré de vos valeurs : mêmes valeurs, mêmes chiffres. Elle n’utilise que ce que votre royaume sait : vos armées et votre général exactement, la province telle que vous la connaissez, et les défenseurs de votre dernier rapport ou, à défaut, estimés d’après ce que vous savez de la province (à corriger si vous en savez plus). Ne sont pas joués : la poursuite et la retraite après la bataille, le soutien d’un monstre druidique, le fanatisme d’un royaume dont vous ignorez l’alignement, les sorts ; « victoire » veut dire bataille gagnée, la conquête suivant si les défenseurs se retirent.',
    'The battle is played by the referee itself (deployment in lines and columns, events, columns, casualties) as many times as asked, with chance drawn from your values: same values, same figures. It uses only what your kingdom knows: your armies and general exactly, the province as you know it, and the defenders of your last report or, failing one, estimated from what you know of the province (correct them if you know better). Not played: the pursuit and retreat after the battle, a Druid monster’s support, the fanaticism of a kingdom whose alignment you do not know, spells; “victory” means the battle won, the conquest following if the defenders withdraw.');
}

function present(s: AKState, k: number, b: BattleSetup, st: BattleStats, known: ReturnType<typeof knownDefence>, warnings: string[], lang: Lang): { sections: ViewSection[] } {
  const sections: ViewSection[] = [];
  const prov = provinceLabel(s, k, b.province);
  const general = s.characters[b.general]!;
  const nA = st.attackers.length, nD = st.defenders.length;
  const win = st.runs ? st.wins / st.runs : 0;
  sections.push({
    title: L(lang, `${general.name} contre ${prov}`, `${general.name} against ${prov}`), kind: 'kv',
    rows: [
      [L(lang, 'Batailles simulées', 'Simulated battles'), fmtInt(st.runs, lang)],
      [L(lang, 'Victoire de l’attaquant', 'Attacker wins'), fmtPct(win, lang)],
      [L(lang, 'Pertes attendues (vos armées)', 'Expected losses (your armies)'), `${fmtDec(mean(st.lossesA), 2, lang)} / ${fmtInt(nA, lang)}`],
      [L(lang, 'Pertes attendues (défenseurs)', 'Expected losses (defenders)'), `${fmtDec(mean(st.lossesD), 2, lang)} / ${fmtInt(nD, lang)}`],
      [L(lang, 'Aucune perte de votre côté', 'No loss on your side'), fmtPct(st.runs ? st.lossesA.filter((x) => x === 0).length / st.runs : 0, lang)],
      [L(lang, 'Défenseurs tous détruits', 'All defenders destroyed'), fmtPct(st.runs && nD ? st.lossesD.filter((x) => x >= nD).length / st.runs : 0, lang)],
      [L(lang, 'Force avant le hasard (vous / défense)', 'Strength before chance (you / defence)'), `${fmtDec(st.strength.A, 1, lang)} / ${fmtDec(st.strength.D, 1, lang)}`],
    ],
  });
  if (nD > 0 && st.runs > 0) {
    const counts = new Map<string, { won: number; of: number; n: number }>();
    for (const c of st.columns) {
      const key = `${c.of}/${c.won}`;
      const e = counts.get(key) ?? { ...c, n: 0 };
      e.n++;
      counts.set(key, e);
    }
    const bars = [...counts.values()].sort((x, y) => x.of - y.of || x.won - y.won).map((e) => ({
      label: L(lang, `${e.won} colonne${e.won > 1 ? 's' : ''} sur ${e.of}`, `${e.won} column${e.won === 1 ? '' : 's'} of ${e.of}`),
      share: e.n / st.runs,
      text: fmtPct(e.n / st.runs, lang),
    }));
    sections.push({ title: L(lang, 'Colonnes gagnées par l’attaquant', 'Columns won by the attacker'), kind: 'bars', bars });
  }
  const world = battleWorld(s, k, b).world;
  const row = (side: Side, a: Army): string[] => [
    side === 'A' ? L(lang, 'Vous', 'You') : L(lang, 'Défense', 'Defence'),
    `${a.type} — ${ARMY_TYPE_NAMES[a.type][lang]}`, nameOf(RACE_NAMES, a.race, lang), `${a.quality} — ${QUALITY_NAMES[a.quality][lang]}`,
    fmtDec(strengthOf(world, a, b.province, side, b.exploration, b.duelLoser), 1, lang),
  ];
  sections.push({
    title: L(lang, 'Forces en présence', 'The forces'), kind: 'table',
    columns: [L(lang, 'Camp', 'Side'), L(lang, 'Type', 'Type'), L(lang, 'Race', 'Race'), L(lang, 'Qualité', 'Quality'), L(lang, 'Force (avant le hasard)', 'Strength (before chance)')],
    rows: [...st.attackers.map((a) => row('A', a)), ...st.defenders.map((a) => row('D', a))],
  });
  const owner = b.owner;
  const assumptions: [string, string][] = [
    [L(lang, 'Terrain', 'Terrain'), nameOf(TERRAIN_NAMES, b.terrain, lang)],
    [L(lang, 'Défenseurs', 'Defenders'), known.source === 'report'
      ? L(lang, `d’après votre rapport de l’année ${known.asOf!.turn} (modifiable)`, `from your report of turn ${known.asOf!.turn} (editable)`)
      : L(lang, 'estimés d’après ce que vous savez de la province (modifiable)', 'estimated from what you know of the province (editable)')],
    [L(lang, 'Maître supposé', 'Assumed owner'), owner === null ? L(lang, 'indigènes', 'natives') : s.kingdoms[owner]?.name ?? String(owner)],
  ];
  if (owner !== null) {
    const al = s.knowledge[k]?.alignments[owner];
    assumptions.push([L(lang, 'Alignement du défenseur', 'Defender’s alignment'), al ?? L(lang, 'inconnu : supposé Neutre (pas de fanatisme)', 'unknown: assumed Neutral (no fanaticism)')]);
  }
  if (b.capitalOf !== null && b.capitalOf !== k) assumptions.push([L(lang, 'Capitale', 'Capital'), L(lang, 'les défenseurs se battent chez eux (+1 qualité)', 'the defenders fight at home (+1 quality)')]);
  for (const w of warnings) assumptions.push([L(lang, 'Attention', 'Warning'), w]);
  sections.push({ title: L(lang, 'Hypothèses', 'Assumptions'), kind: 'kv', rows: assumptions });
  return { sections };
}
