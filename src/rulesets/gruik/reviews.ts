/**
 * The GM's timed reviews of rules §11.6's table of waits that no §11.4 row names (gm.ts
 * `REVIEW_ROWS`), raised by flow.ts after the step that made them:
 *
 * - **ABR** (§6.12.2, A-24, §11.6 "ABR quality modifier, ABR override | GM timed review |
 *   qualityMod = 0; the ABR result stands"). With a GM, each battle S6.3 resolved by ABR is an item
 *   of the GM's queue: the proposed result (already applied, as a timed review's default), each
 *   side's fielded AP, the quality modifiers used, the battle's rolls (the GM sees everything,
 *   §11.3). His ruling is a quality modifier per side in [−qualityMax, +qualityMax] ("set only by a
 *   GM approval step", §6.12.2), value `q:<first side>:<second side>`; any other than 0/0 has S6.3
 *   run again from its snapshot with those modifiers (the dice keyed by event: the same draws, every
 *   other battle unchanged), and the battle is not raised again. "A GM may override any ABR result
 *   through the approval queue (§11.3)": while the item waits the step keeps its snapshot, so the
 *   console's roll override (console.ts) re-runs it with a die set by the GM — the override of the
 *   table's row. Without a GM nothing is raised: the result stands as it did (§11.3, GM_PRESENT
 *   false: the defaults at once).
 * - **A-22** (§8.3 "[P, A-22] Ownership does not change until annexation, unless both parties tick
 *   'transfer ownership', which needs GM approval"; §11.6 "Ownership transfer on cession | GM timed
 *   review | Not approved: control changes, ownership does not"). A cession whose cedent ticked
 *   `transferOwnership` and whose recipient ticked `acceptOwnership` in the same orders, once S3.3
 *   passed control, is an item with the choices *approve* / *refuse* (default). Approved: the
 *   recipient owns it at once (conquest.ts `transferCededOwnership`). Without a GM the default
 *   applies at once (§11.3 "GM_PRESENT = false, in which case every default applies at once";
 *   A-22 "an optional ownership transfer needs GM approval"): the transfer is not approved, control
 *   only, and the two parties are told why.
 *
 * Pure helpers; the flow owns the pauses and the re-run.
 */
import type { Localized, Ruling } from '../../engine/ruleset.ts';
import { rulingNote } from '../../engine/ruleset.ts';
import { fill } from '../../engine/localize.ts';
import type { GruikItemInput } from './gm.ts';
import type { GruikFlowEvent, GruikGame, PendingItem } from './flow-types.ts';
import type { AbrFought, GruikState, StateId } from './state.ts';
import { transferCededOwnership } from './rules/conquest.ts';
import { purposeText } from './words.ts';

const pname = (s: GruikState, p: string) => s.map.provinces.find((x) => x.id === p)?.name ?? p;
const rname = (g: GruikGame, st: StateId) => g.names[st] ?? g.gruik.realms[st]?.name ?? st;
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
const gmNote = (by: Ruling['by']): Localized => ({ fr: rulingNote(by, 'fr'), en: rulingNote(by, 'en') });

const M = {
  abrDecides: { fr: 'Bataille de {p} résolue par ABR : modificateurs de qualité (§6.12.2)', en: 'Battle of {p} resolved by ABR: quality modifiers (§6.12.2)' },
  abrBrief: {
    fr: 'Bataille {id} à {p}, résolue par ABR (§6.12.2) : {a} ({fa} AP engagés, qualité {qa}) contre {b} ({fb} AP engagés, qualité {qb}). Résultat appliqué : {r}. Dés : {d}. Un modificateur de qualité par camp, de −{m} à +{m} (par exemple une liste forte contre l’autre) : la bataille est rejouée avec les mêmes dés. Un dé se corrige par « override » tant que l’étape attend (§11.3). Par défaut : qualité 0, le résultat est maintenu.',
    en: 'Battle {id} at {p}, resolved by ABR (§6.12.2): {a} ({fa} AP fielded, quality {qa}) vs {b} ({fb} AP fielded, quality {qb}). Result applied: {r}. Dice: {d}. One quality modifier per side, from −{m} to +{m} (e.g. a list strong against the other): the battle is fought again with the same dice. A die is corrected with “override” while the step waits (§11.3). Default: quality 0, the result stands.',
  },
  won: { fr: 'victoire décisive de {w} ; pertes de campagne : {a} {la} AP, {b} {lb} AP', en: 'decisive victory of {w}; campaign losses: {a} {la} AP, {b} {lb} AP' },
  drawn: { fr: 'sans vainqueur ({k}) ; pertes de campagne : {a} {la} AP, {b} {lb} AP', en: 'no winner ({k}); campaign losses: {a} {la} AP, {b} {lb} AP' },
  stands: { fr: 'Le résultat ABR est maintenu (qualité 0 et 0)', en: 'The ABR result stands (quality 0 and 0)' },
  quality: { fr: 'Qualité : {a} {qa}, {b} {qb}', en: 'Quality: {a} {qa}, {b} {qb}' },
  abrSees: { fr: 'Le MJ examine la bataille de {p} (résolue par ABR).', en: 'The GM is reviewing the battle of {p} (resolved by ABR).' },
  abrSays: { fr: 'bataille de {p} : modificateurs de qualité {a} {qa}, {b} {qb}', en: 'battle of {p}: quality modifiers {a} {qa}, {b} {qb}' },
  abrKept: { fr: 'bataille de {p} : le résultat ABR est maintenu', en: 'battle of {p}: the ABR result stands' },
  abrNote: { fr: 'Bataille de {p} (ABR) : modificateurs de qualité {a} {qa}, {b} {qb} ({n}, §6.12.2) ; la bataille est rejouée avec les mêmes dés.', en: 'Battle of {p} (ABR): quality modifiers {a} {qa}, {b} {qb} ({n}, §6.12.2); the battle is fought again with the same dice.' },
  cesDecides: { fr: 'Cession de {p} de {f} à {t} : transfert de propriété (§8.3, A-22)', en: 'Cession of {p} from {f} to {t}: ownership transfer (§8.3, A-22)' },
  cesBrief: {
    fr: '{f} cède {p} à {t} et les deux cochent « transférer la propriété » (§8.3, A-22). Le contrôle est passé à {t} (S3.3) ; propriétaire : {o}. Approuver : {t} devient propriétaire à l’instant. Par défaut (refus) : le contrôle change, la propriété attend l’annexion (8 saisons).',
    en: '{f} cedes {p} to {t} and both tick “transfer ownership” (§8.3, A-22). Control passed to {t} (S3.3); owner: {o}. Approve: {t} owns it at once. Default (refuse): control changes, ownership waits for annexation (8 seasons).',
  },
  approve: { fr: 'Approuver : {t} devient propriétaire', en: 'Approve: {t} becomes the owner' },
  refuse: { fr: 'Refuser : le contrôle seul change (par défaut)', en: 'Refuse: control only changes (default)' },
  cesSees: { fr: 'Le MJ examine le transfert de propriété de {p}.', en: 'The GM is reviewing the ownership transfer of {p}.' },
  cesYes: { fr: 'Cession de {p} : {t} en devient propriétaire ({n}, §8.3, A-22).', en: 'Cession of {p}: {t} becomes its owner ({n}, §8.3, A-22).' },
  cesNo: { fr: 'Cession de {p} : transfert de propriété non approuvé ({n}) ; {t} la contrôle, la propriété attend l’annexion (§8.3, A-22).', en: 'Cession of {p}: ownership transfer not approved ({n}); {t} controls it, ownership waits for annexation (§8.3, A-22).' },
  cesGone: { fr: 'Cession de {p} : transfert de propriété approuvé ({n}), mais {t} ne la contrôle plus ; rien ne change.', en: 'Cession of {p}: ownership transfer approved ({n}), but {t} no longer controls it; nothing changes.' },
  cesOne: { fr: 'Cession de {p} : {w} seul a coché « transférer la propriété » ; il faut les deux (A-22) : le contrôle seul change.', en: 'Cession of {p}: only {w} ticked “transfer ownership”; both must (A-22): control only changes.' },
  cesSaysYes: { fr: 'cession de {p} : propriété transférée à {t}', en: 'cession of {p}: ownership transferred to {t}' },
  cesSaysNo: { fr: 'cession de {p} : propriété non transférée', en: 'cession of {p}: ownership not transferred' },
} satisfies Record<string, Localized>;

// ───────────────────────────────────────────────────────────── ABR (§6.12.2)

/** The value of a quality ruling (`q:<first>:<second>`, each in [−max, +max]); null for anything else. */
export function parseQuality(value: string, max: number): [number, number] | null {
  const m = /^q:(-?\d+):(-?\d+)$/.exec(value.trim());
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return Math.abs(a) <= max && Math.abs(b) <= max ? [a, b] : null;
}

function resultText(g: GruikGame, f: AbrFought): Localized {
  const [a, b] = f.sides;
  const vars = { a: rname(g, a), b: rname(g, b), la: f.losses[a] ?? 0, lb: f.losses[b] ?? 0 };
  if (f.winner) return fill(M.won, { ...vars, w: rname(g, f.winner) });
  return fill(M.drawn, { ...vars, k: f.agreement ?? 'mutual' });
}

/** The ABR battles of the S6.3 just run, as items for the GM (none for a battle whose quality he already set). `runs`: the step's re-runs (new ids). */
export function abrItems(g: GruikGame, runs: number): PendingItem[] {
  const s = g.gruik, max = s.config.abr.qualityMax;
  const out: PendingItem[] = [];
  if (!s.config.gm.present || !s.config.gm.abrReview) return out;
  for (const f of s.landCombat?.abr ?? []) {
    if (g.flow.quality?.[f.id]) continue; // reviewed: fought again with the GM's modifiers
    const [a, b] = f.sides;
    const p = pname(s, f.province);
    const rolls = s.rollLog.filter((r) => r.season === s.season && r.event.startsWith(`battle:${f.id}:`))
      .map((r) => `${purposeText(r.purpose, 'en')} d${r.sides}=${r.face}`);
    const rollsFr = s.rollLog.filter((r) => r.season === s.season && r.event.startsWith(`battle:${f.id}:`))
      .map((r) => `${purposeText(r.purpose, 'fr')} d${r.sides}=${r.face}`);
    const vars = { id: f.id, p, a: rname(g, a), b: rname(g, b), fa: f.fielded[a] ?? 0, fb: f.fielded[b] ?? 0, qa: signed(f.quality[a] ?? 0), qb: signed(f.quality[b] ?? 0), m: max };
    const res = resultText(g, f);
    const brief: Localized = {
      fr: fill(M.abrBrief, { ...vars, r: res.fr, d: rollsFr.join(', ') || '—' }).fr,
      en: fill(M.abrBrief, { ...vars, r: res.en, d: rolls.join(', ') || '—' }).en,
    };
    const choices: NonNullable<GruikItemInput['choices']> = [];
    for (let qa = -max; qa <= max; qa++) for (let qb = -max; qb <= max; qb++) {
      choices.push({ value: `q:${qa}:${qb}`, label: qa === 0 && qb === 0 ? M.stands : fill(M.quality, { a: rname(g, a), b: rname(g, b), qa: signed(qa), qb: signed(qb) }) });
    }
    choices.sort((x, y) => (x.value === 'q:0:0' ? -1 : y.value === 'q:0:0' ? 1 : 0)); // the default first
    const concerns = f.sides.filter((st) => g.seats.includes(st));
    out.push({
      source: 'abr', battle: f.id, sides: [a, b],
      input: {
        row: 'ABR', id: `s${s.season}/ABR/${f.id}${runs ? `r${runs}` : ''}`, decides: fill(M.abrDecides, { p }), brief, byDefault: 'q:0:0', choices, concerns,
        playersSee: fill(M.abrSees, { p }),
      },
    });
  }
  return out;
}

/**
 * The GM's ruling on an ABR item: the modifiers it sets (null: 0 and 0, the result stands), the
 * words of the report, and a note to the two sides when he changed them.
 */
export function abrRuling(g: GruikGame, it: PendingItem, ruling: Ruling, events: GruikFlowEvent[]): { quality: Record<StateId, number> | null; says: Localized } {
  const [a, b] = it.sides!;
  const f = g.gruik.landCombat?.abr?.find((x) => x.id === it.battle);
  const p = pname(g.gruik, f?.province ?? it.battle!);
  const q = parseQuality(ruling.value, g.gruik.config.abr.qualityMax);
  if (!q || (q[0] === 0 && q[1] === 0)) return { quality: null, says: fill(M.abrKept, { p }) };
  const vars = { p, a: rname(g, a), b: rname(g, b), qa: signed(q[0]), qb: signed(q[1]) };
  events.push({ t: 'note', audience: [...it.input.concerns], text: fill(M.abrNote, { ...vars, n: gmNote(ruling.by) }) });
  return { quality: { [a]: q[0], [b]: q[1] }, says: fill(M.abrSays, vars) };
}

// ───────────────────────────────────────────────────────────── A-22 (§8.3)

/**
 * The cessions S3.3 just applied whose two parties ticked "transfer ownership": items for the GM.
 * A cession ticked by one party alone is told to both (control only). `before`: the state before S3.3.
 */
export function cessionItems(g: GruikGame, before: GruikState, events: GruikFlowEvent[]): PendingItem[] {
  const s = g.gruik, orders = s.seasonOrders ?? {};
  const out: PendingItem[] = [];
  for (const from of Object.keys(orders).sort()) {
    for (const c of orders[from]!.cessions ?? []) {
      if (!c.transferOwnership) continue;
      const prov = s.provinces[c.province];
      if (!prov || prov.controller !== c.to || before.provinces[c.province]?.controller !== from || prov.owner === c.to) continue; // not ceded, or owned already
      const p = pname(s, c.province);
      if (!orders[c.to]?.acceptOwnership) {
        events.push({ t: 'note', audience: [from, c.to].filter((x) => g.seats.includes(x)), text: fill(M.cesOne, { p, w: rname(g, from) }) });
        continue;
      }
      const vars = { p, f: rname(g, from), t: rname(g, c.to), o: prov.owner ? rname(g, prov.owner) : '—' };
      out.push({
        source: 'cession', cession: { province: c.province, from, to: c.to },
        input: {
          row: 'A-22', id: `s${s.season}/A-22/${c.province}`, decides: fill(M.cesDecides, vars), brief: fill(M.cesBrief, vars), byDefault: 'refuse',
          choices: [{ value: 'refuse', label: M.refuse }, { value: 'approve', label: fill(M.approve, vars) }],
          concerns: [from, c.to].filter((x) => g.seats.includes(x)), playersSee: fill(M.cesSees, vars),
        },
      });
    }
  }
  return out;
}

/** The ruling on a cession's ownership: approved, the recipient owns it (public, as the map shows); else control only. Mutates `g` (the caller's copy). */
export function cessionRuling(g: GruikGame, it: PendingItem, ruling: Ruling, events: GruikFlowEvent[]): Localized {
  const c = it.cession!;
  const vars = { p: pname(g.gruik, c.province), t: rname(g, c.to), n: gmNote(ruling.by) };
  if (ruling.value !== 'approve') {
    events.push({ t: 'note', audience: [...it.input.concerns], text: fill(M.cesNo, vars) });
    return fill(M.cesSaysNo, vars);
  }
  const after = transferCededOwnership(g.gruik, c.province, c.to);
  if (after === g.gruik) { events.push({ t: 'note', audience: [...it.input.concerns], text: fill(M.cesGone, vars) }); return fill(M.cesSaysNo, vars); }
  g.gruik = after;
  events.push({ t: 'note', audience: [], text: fill(M.cesYes, vars) }); // ownership is public (the map shows it)
  return fill(M.cesSaysYes, vars);
}
