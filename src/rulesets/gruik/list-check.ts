/**
 * J6, HOTT list legality (rules §11.4 "AP-total check only | Optional blocking check; on GM timeout
 * the list is accepted"; §6.12.1 step 3). The program checks the AP total alone (tabletop.ts). With
 * a GM and the host option `listCheck` (`campaign.listCheck`, off by default: today's behaviour),
 * each army list a side hands in waits for the GM's check: an item of the GM's queue (row J6, kind
 * `optional` as the table says: it holds no step, the GM rules while the sides arrange the table),
 * choices *accept* (default) or *refuse*. The ruling, or the default when the pause it was raised in
 * resolves (the GM's timeout), applies with that resolution, as the communiqués' (J21): accepted,
 * the list stands; refused, it is struck off (never revealed) and its side is told to hand in
 * another while the battle waits for its report [P: the flow carries no further wait, so a list
 * refused once the battle is settled leaves it with no list; a result in doubt is the dispute's
 * business, J4]. Each list handed in is its own item (`checks`: how many the side handed in), so a
 * replacement is checked again. Without a GM, or with the option off, nothing waits.
 */
import type { Decision, JudgmentItem, Localized, Ruling } from '../../engine/ruleset.ts';
import { GM_SEAT, rulingNote } from '../../engine/ruleset.ts';
import { fill } from '../../engine/localize.ts';
import type { GruikFlowEvent, GruikGame, TabletopBattle } from './flow-types.ts';
import type { StateId } from './state.ts';

export const ACCEPT = 'accept';
export const REFUSE = 'refuse';

const M = {
  decides: { fr: 'Légalité d’une liste d’armée HOTT (J6)', en: 'Legality of a HOTT army list (J6)' },
  brief: {
    fr: 'Bataille {id} à {p} ({a} contre {b}) : liste de {w}, {ap} AP déclarés sur un budget de {n} AP (le programme n’a vérifié que le total, §11.4 J6). Liste : {t}. Refuser : la liste est rayée et {w} doit en remettre une autre. Par défaut : acceptée.',
    en: 'Battle {id} at {p} ({a} vs {b}): {w}’s list, {ap} AP declared on a budget of {n} AP (the program checked the total only, §11.4 J6). List: {t}. Refuse: the list is struck off and {w} must hand in another. Default: accepted.',
  },
  accept: { fr: 'Liste acceptée', en: 'List accepted' },
  refuse: { fr: 'Liste refusée : en remettre une autre', en: 'List refused: hand in another' },
  sees: { fr: 'Le MJ vérifie votre liste d’armée.', en: 'The GM is checking your army list.' },
  what: { fr: 'légalité d’une liste d’armée HOTT', en: 'legality of a HOTT army list' },
  refused: { fr: 'Bataille de {p} : votre liste d’armée est refusée ({n}, J6) ; remettez-en une autre avant le compte rendu.', en: 'Battle of {p}: your army list is refused ({n}, J6); hand in another before the report.' },
  accepted: { fr: 'Bataille de {p} : votre liste d’armée est acceptée ({n}, J6).', en: 'Battle of {p}: your army list is accepted ({n}, J6).' },
  saysYes: { fr: 'liste acceptée', en: 'list accepted' },
  saysNo: { fr: 'liste refusée', en: 'list refused' },
} satisfies Record<string, Localized>;

const pname = (g: GruikGame, p: string) => g.gruik.map.provinces.find((x) => x.id === p)?.name ?? p;
const rname = (g: GruikGame, st: StateId) => g.names[st] ?? g.gruik.realms[st]?.name ?? st;

/** Whether the lists handed in wait for the GM's check (J6: a GM and the host option). */
export const listChecked = (g: GruikGame): boolean => g.gruik.config.gm.present && g.gruik.config.campaign.listCheck;

const itemId = (g: GruikGame, b: TabletopBattle, st: StateId) => `s${g.gruik.season}/J6/${b.id}/${st}/${b.table?.checks?.[st] ?? 0}`;

/** The lists waiting for the GM's check, as optional judgment decisions of GM_SEAT (beside whatever the season asks). */
export function listJudgments(g: GruikGame): Decision[] {
  if (!listChecked(g) || g.flow.phase === 'over') return [];
  const out: Decision[] = [];
  for (const b of g.flow.battles) {
    for (const st of b.sides) {
      const l = b.table?.lists[st];
      if (!l?.pending) continue;
      const [a, c] = b.sides;
      const item: JudgmentItem = {
        id: itemId(g, b, st), row: 'J6', kind: 'optional', decides: M.decides,
        brief: fill(M.brief, { id: b.id, p: pname(g, b.province), a: rname(g, a), b: rname(g, c), w: rname(g, st), ap: l.ap, n: b.fielded[st] ?? 0, t: l.text }),
        byDefault: ACCEPT, choices: [{ value: ACCEPT, label: M.accept }, { value: REFUSE, label: M.refuse }], concerns: [st], playersSee: M.sees,
      };
      // [P] as J21's: the deadline of a reaction window (the shortest wait), holding no step; its default applies when the step resolves
      out.push({
        id: `gm:${item.id}`, kind: 'judgment', players: [GM_SEAT], deadline: { kind: 'class', name: 'REACTION' },
        defaults: { [GM_SEAT]: { value: ACCEPT, by: 'default' } satisfies Ruling }, prompt: M.decides, judgment: item,
        choices: item.choices!.map((x) => ({ value: x.value, label: x.label })),
      });
    }
  }
  return out;
}

/** The J6 rulings of a resolving step (`ruling(decision)`: the GM's, or absent: the default, the list accepted) for every list waiting. Mutates `g`. */
export function applyListRulings(g: GruikGame, ruling: (decision: string) => Ruling | undefined, events: GruikFlowEvent[]): void {
  for (const b of g.flow.battles) {
    for (const st of b.sides) {
      const l = b.table?.lists[st];
      if (!l?.pending) continue;
      const id = itemId(g, b, st);
      const r: Ruling = listChecked(g) ? ruling(`gm:${id}`) ?? { value: ACCEPT, by: 'default' } : { value: ACCEPT, by: 'no-gm' };
      const refused = r.value === REFUSE;
      g.flow.rulings.push({ id, row: 'J6', states: [st], value: refused ? REFUSE : ACCEPT, by: r.by, what: M.what, says: refused ? M.saysNo : M.saysYes });
      const n = { fr: rulingNote(r.by, 'fr'), en: rulingNote(r.by, 'en') };
      if (refused) delete b.table!.lists[st]; else delete l.pending;
      events.push({ t: 'note', audience: [st], text: fill(refused ? M.refused : M.accepted, { p: pname(g, b.province), n }) });
    }
  }
}
