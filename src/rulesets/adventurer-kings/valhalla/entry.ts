/**
 * Entering Valhalla at the end of a game (seed §12.3, rules file S5.6.4, [P G-94]):
 * « le personnage doit soit être le Roi vainqueur, soit apporter 20 points de victoire à son
 * royaume, après réductions dues aux différences d'alignement. Un seul personnage peut entrer au
 * Valhalla en provenance d'un royaume donné. » He takes « l'un de vos objets magiques », and his
 * player may write « une description de votre personnage, son histoire ».
 *
 * 1. At the end of the turn that ends the game, `entrantsAtEnd` names one entrant per kingdom and
 *    tells his player (event `valhalla-candidate`); the game then asks those players one decision.
 * 2. `resolveValhalla` applies the answers (the default: he enters with his first item, without
 *    text) and tells every kingdom who entered (`valhalla-entered`).
 */
import type { Rng } from '../../../engine/rng.ts';
import type { AKConfig } from '../config.ts';
import type { AKEvent } from '../events.ts';
import { OFFICES } from '../kingdom/offices.ts';
import { adjustedVp, finalScores } from '../kingdom/victory.ts';
import type { AKState, Character, ValhallaEntrant, ValhallaHero } from '../state.ts';
import { clone } from '../state.ts';
import { ITEMS } from '../world/items.ts';
import type { ValhallaAnswer } from './answer.ts';

/** One character's VP for his kingdom: the VP of the offices he holds (Table 15.10), after the alignment reduction (G-93). */
export function characterVp(s: AKState, cfg: AKConfig, c: Character, holders: Record<string, number | null>): number {
  let raw = 0;
  for (const o of OFFICES) if (holders[o] === c.id) raw += (cfg.kingdom.offices.vp as Record<string, number>)[o] ?? 0;
  const emperor = s.finished?.emperor ?? null;
  const kd = c.kingdom === null ? undefined : s.kingdoms[c.kingdom];
  if (!kd) return 0;
  return adjustedVp(cfg.kingdom.victory, raw, kd.alignment, emperor === null ? null : s.kingdoms[emperor]!.alignment);
}

/** His items, the one he takes by default first: an artifact (Table 15.10) before an ordinary item, then by id. */
export function itemsOf(s: AKState, c: Character): number[] {
  const artifact = (id: number) => (ITEMS[s.items[id]?.kind ?? '']?.artifact ? 0 : 1);
  return c.items.filter((id) => s.items[id] && ITEMS[s.items[id]!.kind]).sort((a, b) => artifact(a) - artifact(b) || a - b);
}

/**
 * The entrants of a finished game, one per kingdom [T §12.3]: among its living characters (a
 * visitor from Valhalla is already there), the winning King and those who bring at least
 * `entryVp` VP after reductions; [P G-94] the one with the most VP, then the King, then the lowest id.
 */
export function entrantsOf(s: AKState, cfg: AKConfig): ValhallaEntrant[] {
  const f = s.finished;
  if (!f) return [];
  const { holders } = finalScores(s, cfg.kingdom, f.emperor);
  const out: ValhallaEntrant[] = [];
  for (const k of Object.values(s.kingdoms).filter((x) => !x.eliminated).sort((a, b) => a.id - b.id)) {
    let best: { c: Character; vp: number; king: boolean } | null = null;
    for (const c of Object.values(s.characters).sort((a, b) => a.id - b.id)) {
      if (!c.alive || c.kingdom !== k.id || c.role === 'ValhallaVisitor') continue;
      const vp = characterVp(s, cfg, c, holders);
      const king = c.id === k.king && f.winners.includes(k.id);
      if (!king && vp < cfg.valhalla.entryVp) continue;
      if (!best || vp > best.vp || (vp === best.vp && king && !best.king)) best = { c, vp, king };
    }
    if (best) out.push({ kingdom: k.id, player: k.player, character: best.c.id, name: best.c.name, vp: best.vp, winningKing: best.king, items: itemsOf(s, best.c) });
  }
  return out;
}

/** End of the turn that ends the game (after G-65 j): the entrants, each told to his player. */
export function entrantsAtEnd(s: AKState, cfg: AKConfig, emit: (e: Omit<AKEvent, 'phase'> & { phase?: number }) => void): void {
  if (!s.finished || !s.valhalla || s.valhalla.pending || s.valhalla.entered) return;
  const list = entrantsOf(s, cfg);
  s.valhalla.pending = list;
  for (const e of list) {
    emit({
      t: 'valhalla-candidate', to: [e.kingdom], who: e.character, name: e.name, sex: s.characters[e.character]!.sex, vp: e.vp, winningKing: e.winningKing,
      items: e.items.map((id) => s.items[id]!.kind), descriptionMax: cfg.valhalla.descriptionMax, storyMax: cfg.valhalla.storyMax,
    });
  }
}

/** The hero as Valhalla keeps him: his own talents (not his items'), the item he takes, his player's text. */
export function heroOf(s: AKState, c: Character, answer: ValhallaAnswer, gameKey: string): ValhallaHero {
  const item = answer.item === null ? undefined : s.items[answer.item];
  const hero: ValhallaHero = {
    key: gameKey, name: c.name, sex: c.sex, race: c.race, alignment: c.alignment, temperament: c.temperament,
    talent: { ...c.talent }, description: answer.description, story: answer.story,
  };
  if (item) hero.item = item.charges === undefined ? { kind: item.kind } : { kind: item.kind, charges: item.charges };
  return hero;
}

/** The step after the end: the answers applied, every kingdom told who entered. Pure: the input is untouched. */
export function resolveValhalla(state: AKState, answers: Record<string, ValhallaAnswer>, _rng: Rng): { state: AKState; events: AKEvent[] } {
  const s = clone(state);
  const events: AKEvent[] = [];
  const v = s.valhalla!;
  const all = Object.values(s.kingdoms).filter((k) => !k.eliminated).map((k) => k.id).sort((a, b) => a - b);
  const entered: NonNullable<typeof v.entered> = [];
  for (const e of v.pending ?? []) {
    const a = answers[e.player];
    const c = s.characters[e.character];
    if (!a || !c) continue;
    if (!a.accept) { events.push({ t: 'valhalla-declined', phase: 6, to: [e.kingdom], who: c.id, name: c.name, sex: c.sex }); continue; }
    const hero = heroOf(s, c, a, `game:${v.seed}:${e.kingdom}`);
    entered.push({ kingdom: e.kingdom, player: e.player, hero });
    events.push({ t: 'valhalla-entered', phase: 6, to: all, who: c.id, name: c.name, kingdom: e.kingdom, item: hero.item?.kind ?? null, description: a.description });
  }
  v.entered = entered;
  delete v.pending;
  return { state: s, events };
}
