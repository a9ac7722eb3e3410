/**
 * The guided forms of the prompt page (engine `AnswerForm`, rules §9.1 item 6: a player picks, he
 * does not type JSON): for each question, entries whose choices are the answers of the moment
 * that the referee's own check (answers.ts `checkAnswer`) accepts — a card's moves and attacks
 * (#5, #8), the consents (#6, #7), the Assembly's Personal Motion, order of business, votes and
 * 2-baron allocation (#29–#32, #37), the Mercenary Draft (#27), the expedition, the stronghold.
 *
 * A form line is `code value…` (engine `formLine`): a choice's value is the answer itself as
 * compact JSON (verbatim, no spaces); numbers and baron ids are plain words. `fromFormLine` turns a
 * line back into the answer, and `validate` then checks it like any other answer, so a form can
 * never let through what a typed answer could not. Every list is built from the viewer's view of
 * the state: his own nobles and shields, public pieces, public proposals (§9.4).
 */
import type { AnswerForm, FormEntry, FormField, Lang } from '../../engine/ruleset.ts';
import { baronData, noble, type BaronId } from './barons.ts';
import { actionCard, DESTINATIONS, DESTINATION_NAMES, fate, mercenary, MERCENARY_TRACK } from './cards.ts';
import { freeSpaces } from './rules/action.ts';
import { checkAnswer } from './answers.ts';
import { assemblyQuestion, draftQuestion, sideOf, type Ask, type WkGame } from './flow.ts';
import type { AssemblyQuestion } from './rules/assembly.ts';
import { proposalCard } from './proposal-cards.ts';
import { HOUSE_LAW_NOTE, houseLawLabel } from './house-laws.ts';
import { strongholdRegions } from './setup.ts';
import { draftDestinations } from './rules/draft.ts';
import { targetIn } from './rules/engage.ts';
import { blockers } from './rules/movement.ts';
import { BOARD, passable, ROAD } from './board.ts';
import { BATTLE_VALUE, cardName } from './events.ts';
import { absorbers, defaultAllocation, defaultDiscard } from './rules/battle.ts';
import { discards } from './rules/combat.ts';
import { retreatRegions } from './rules/aftermath.ts';
import { lossSets, maximalLoss } from './rules/death.ts';
import { isMercenary, troopMen } from './troops.ts';
import type { CombatSide } from './state.ts';

/** Most options in one choice (each is checked by a dry run of the rules; at most 3 × as many candidates tried). */
export const FORM_OPTIONS = 40;

type Opt = { value: string; label: string };
const json = (x: unknown): string => JSON.stringify(x);
const entry = (code: string, label: string, syntax: string, fields: FormField[]): FormEntry => ({ code, label, syntax, fields });
const choice = (name: string, label: string, options: Opt[], optional = false): FormField => ({ name, label, kind: 'choice', options, verbatim: true, ...(optional ? { optional } : {}) });
const who = (b: string): string => (baronData(b as BaronId)?.name ?? b);
const nobleName = (id: string): string => { try { return noble(id).name; } catch { return id; } };
const passableNeighbours = (r: string): string[] => BOARD.edges.filter(passable).flatMap((e) => (e.a === r ? [e.b] : e.b === r ? [e.a] : []));

/** The candidates that the referee accepts, at most `FORM_OPTIONS`, labelled. */
function accepted(g: WkGame, ask: Ask, b: BaronId, cands: { answer: unknown; label: string }[]): Opt[] {
  const out: Opt[] = [];
  const seen = new Set<string>();
  for (const c of cands.slice(0, 3 * FORM_OPTIONS)) { // bounded: each candidate is a dry run of the rules
    if (out.length >= FORM_OPTIONS) break;
    const v = json(c.answer);
    if (seen.has(v)) continue;
    seen.add(v);
    if (checkAnswer(g, ask, b, c.answer).issues.length === 0) out.push({ value: v, label: c.label });
  }
  return out;
}

/** A card's moves and attacks (#5, #8): one step of each Ready noble, road moves, attacks where he stands or arrives. */
function cardCandidates(g: WkGame, b: BaronId, lang: Lang): { answer: unknown; label: string }[] {
  const s = g.wk, fr = lang === 'fr';
  const info = actionCard(s.current!);
  const improvisation = !info.neutral && info.type === 'improvisation';
  const mine = Object.values(s.nobles).filter((n) => n.baron === b && n.ready && n.location.kind === 'region' && n.troops.length > 0);
  const at = (id: string): string => (s.nobles[id]!.location as { region: string }).region;
  const kindName = (k: string): string => ({ battle: fr ? 'bataille' : 'battle', assault: fr ? 'assaut' : 'assault', siege: fr ? 'siège' : 'siege' } as Record<string, string>)[k] ?? k;
  const targetName = (t: string): string => (t === 'neutral' ? (fr ? 'la cité neutre' : 'the neutral city') : who(t));
  const out: { answer: unknown; label: string }[] = [];
  const targets = ['neutral', ...s.players.filter((x) => x !== b)];
  for (const n of mine) {
    const r = at(n.id);
    const here = mine.filter((m) => at(m.id) === r).map((m) => m.id);
    for (const target of targets) {
      const t = targetIn(s, b, r, target);
      for (const kind of t?.kinds ?? []) {
        const attack = { target, kind, armies: here };
        out.push({ answer: improvisation ? { use: true, option: 'combat', attack } : { use: true, attack }, label: `${kindName(kind)} — ${targetName(target)} (${r})` });
      }
    }
  }
  for (const n of mine) {
    const r = at(n.id);
    const paths: { kind: 'step' | 'road'; path: string[] }[] = passableNeighbours(r).map((to) => ({ kind: 'step' as const, path: [to] }));
    const i = ROAD.indexOf(r);
    if (i >= 0) for (const dir of [1, -1]) for (const len of [2, 3]) {
      const path = Array.from({ length: len }, (_, k) => ROAD[i + dir * (k + 1)]).filter((x): x is string => x !== undefined);
      if (path.length === len) paths.push({ kind: 'road', path });
    }
    for (const p of paths) {
      const move = { noble: n.id, kind: p.kind, path: p.path };
      const dest = p.path[p.path.length - 1]!;
      const through = p.path.slice(0, -1).flatMap((x) => blockers(s, b, x));
      const ask = through.length ? (fr ? ` (accord de ${[...new Set(through)].map(who).join(', ')} requis)` : ` (needs ${[...new Set(through)].map(who).join(', ')}’s consent)`) : '';
      out.push({ answer: improvisation ? { use: true, option: 'move', moves: [move] } : { use: true, moves: [move] }, label: `${nobleName(n.id)} → ${p.path.join(' → ')}${ask}` });
      if (improvisation) continue;
      for (const target of targets) {
        const t = targetIn(s, b, dest, target);
        for (const kind of t?.kinds ?? []) out.push({ answer: { use: true, moves: [move], attack: { target, kind, armies: [n.id, ...mine.filter((m) => m.id !== n.id && at(m.id) === dest).map((m) => m.id)] } }, label: `${nobleName(n.id)} → ${dest}, ${kindName(kind)} — ${targetName(target)}${ask}` });
      }
    }
  }
  return out;
}

/** A paid shield's choice: the track space (its printed number, or its position for a blank) and its cost. */
function shieldLabel(space: number, lang: Lang): string {
  const sp = MERCENARY_TRACK[space]!;
  const name = sp.label === null ? (lang === 'fr' ? `case ${space + 1} (vierge)` : `space ${space + 1} (blank)`) : (lang === 'fr' ? `case « ${sp.label} »` : `space "${sp.label}"`);
  return lang === 'fr' ? `Écusson payé : ${name}, ${sp.cost} couronnes` : `Paid shield: ${name}, ${sp.cost} crowns`;
}

/**
 * `formOf`, kept per state object (a WeakMap: gone with the state): the prompt page's form, its map
 * orders (map-orders.ts) and the map orders reloaded at each change ask for the same form of the
 * same state, and its options cost dry runs of the rules (`accepted`). A state is never changed in
 * place once built (the platform caches it by hash and hands the same object out); callers do not
 * change the form either.
 */
const FORMS = new WeakMap<WkGame, Map<string, AnswerForm>>();
export function formFor(g: WkGame, ask: Ask, b: BaronId, lang: Lang): AnswerForm {
  const key = `${ask.id}\u0000${b}\u0000${lang}`;
  let m = FORMS.get(g);
  if (!m) FORMS.set(g, (m = new Map()));
  let f = m.get(key);
  if (!f) m.set(key, (f = formOf(g, ask, b, lang)));
  return f;
}

/** The guided form of the open question for baron `b` (empty groups: no guided form; the prompt's choices or text box). */
export function formOf(g: WkGame, ask: Ask, b: BaronId, lang: Lang): AnswerForm {
  const s = g.wk, fr = lang === 'fr';
  const one = (title: string, entries: FormEntry[]): AnswerForm => ({ groups: [{ title, entries: entries.filter((e) => e.fields.every((f) => f.kind !== 'choice' || f.options.length > 0)) }] });
  switch (ask.kind) {
    case 'plan-piles': { // #4 (§4.1): each card of his hand on a pile or kept; the referee checks 0–maxPerPile a pile (planning.ts)
      const hand = s.barons[b].hand;
      if (!hand.length) return { groups: [] }; // nothing to plan: the default (no card) is the only answer
      const { piles, maxPerPile } = s.config.planning;
      const where: Opt[] = [{ value: '0', label: fr ? 'Garder en main' : 'Keep in hand' },
        ...Array.from({ length: piles }, (_, i) => ({ value: String(i + 1), label: fr ? `Pile ${i + 1}` : `Pile ${i + 1}` }))];
      // a card left blank stays in hand: each field is optional and sends its card's place in the hand first (`prefix`)
      const fields = hand.map((c, i): FormField => ({ ...choice(`p${i}`, `${cardName(c)[lang]} (${c})`, where, true), prefix: String(i) }));
      return one(fr ? 'Préparatifs' : 'Planning', [entry('piles', fr ? `Vos cartes (au plus ${maxPerPile} par pile ; une carte laissée vide reste en main)` : `Your cards (at most ${maxPerPile} a pile; a card left blank stays in hand)`,
        'piles [<card> <pile>]…', fields)]);
    }
    case 'place-stronghold':
      return one(fr ? 'Forteresse' : 'Stronghold', [entry('stronghold', fr ? 'Région' : 'Region', 'stronghold <region>', [choice('region', fr ? 'Région' : 'Region', accepted(g, ask, b, strongholdRegions(s).map((r) => ({ answer: r, label: r }))))])]);
    case 'launch-expedition':
      return one(fr ? 'Expédition' : 'Expedition', [entry('launch', fr ? 'Destination' : 'Destination', 'launch <destination>', [choice('to', fr ? 'Destination' : 'Destination', accepted(g, ask, b, DESTINATIONS.filter((d) => s.expeditions[d] === null).map((d) => ({ answer: d, label: DESTINATION_NAMES[d][lang] }))))])]);
    case 'use-card': {
      const info = actionCard(s.current!);
      const plain = accepted(g, ask, b, [{ answer: { use: true }, label: fr ? 'Utiliser (gain simple)' : 'Use (plain gain)' }, { answer: { use: false }, label: fr ? 'Décliner' : 'Decline' }]);
      const entries = [entry('card', fr ? 'Utiliser ou décliner' : 'Use or decline', 'card <answer>', [choice('answer', fr ? 'Réponse' : 'Answer', plain)])];
      if (!info.neutral && (info.type === 'military' || info.type === 'improvisation')) {
        entries.push(entry('order', fr ? 'Mouvement ou combat' : 'Move or combat', 'order <answer>', [choice('answer', fr ? 'Ordre' : 'Order', accepted(g, ask, b, cardCandidates(g, b, lang)))]));
      }
      if (!info.neutral && info.type === 'improvisation') {
        entries.push(entry('option', fr ? 'Improvisation' : 'Improvisation', 'option <answer>', [choice('answer', fr ? 'Option' : 'Option', accepted(g, ask, b, [
          { answer: { use: true, option: 'crowns' }, label: fr ? '+ couronnes' : '+ crowns' }, { answer: { use: true, option: 'vote' }, label: fr ? '+ voix' : '+ vote' },
          // (e) a paid shield names its space: one choice per free space he can pay (the dry run keeps those)
          ...freeSpaces(s).map((space) => ({ answer: { use: true, option: 'shield', space }, label: shieldLabel(space, lang) }))]))]));
      }
      return one(fr ? 'Carte' : 'Card', entries);
    }
    case 'passage-consent': case 'attack-consent': {
      const owner = g.flow.pending.card && s.current ? (actionCard(s.current) as { owner?: BaronId }).owner : undefined;
      const what = ask.kind === 'passage-consent'
        ? (fr ? `${owner ? who(owner) : 'Un baron'} demande à passer là où vous êtes` : `${owner ? who(owner) : 'A baron'} asks to pass where you stand`)
        : (fr ? `${owner ? who(owner) : 'Un baron'} veut attaquer une place là où vous avez une armée` : `${owner ? who(owner) : 'A baron'} wants to attack a place where you have an army`);
      return one(fr ? 'Accord' : 'Consent', [entry('consent', what, 'consent allow|deny', [choice('answer', fr ? 'Réponse' : 'Answer', [{ value: 'allow', label: fr ? 'Accorder' : 'Allow' }, { value: 'deny', label: fr ? 'Refuser' : 'Deny' }])])]);
    }
    case 'draft-pick': { // #27: the shields are asked one at a time from the left; this one's pick, or pass
      const q = draftQuestion(g);
      if (!q) return one(fr ? 'Recrutement' : 'Draft', []);
      const dests = draftDestinations(s, b);
      const picks = accepted(g, ask, b, s.display.flatMap((card) => dests.map((to) => ({ answer: { cards: [{ card, to }] }, label: `${mercName(card, lang)} → ${to === 'garrison' ? (fr ? 'garnison' : 'garrison') : nobleName(to)}` }))));
      return one(fr ? 'Recrutement' : 'Draft', [entry('draft', fr ? `Écusson ${q.position + 1}` : `Shield ${q.position + 1}`, 'draft <pick>',
        [choice('pick', fr ? 'Votre choix' : 'Your pick', [{ value: 'pass', label: fr ? 'Passer' : 'Pass' }, ...picks])])]);
    }
    case 'commit-votes':
      return one(fr ? 'Voix' : 'Votes', [entry('commit', fr ? 'Engager' : 'Commit', 'commit <votes>', [{ name: 'n', label: fr ? 'Voix' : 'Votes', kind: 'integer', min: 0, max: s.barons[b].votes }])]);
    case 'pledge-faith':
      return one(fr ? 'Foi' : 'Faith', [entry('pledge', fr ? 'Promettre' : 'Pledge', 'pledge <faith>', [{ name: 'n', label: fr ? 'Foi' : 'Faith', kind: 'integer', min: 0, max: s.barons[b].faith }])]);
    case 'order-of-business': {
      const q = assemblyQuestion(g);
      const opts = q ? permutations(q.options).map((p) => ({ answer: p, label: p.map((id) => proposalCard(id).name[lang]).join(' → ') })) : [];
      return one(fr ? 'Ordre du jour' : 'Order of business', [entry('order', fr ? 'Ordre' : 'Order', 'order <list>', [choice('answer', fr ? 'Ordre' : 'Order', accepted(g, ask, b, opts))])]);
    }
    case 'personal-motion': {
      const q = assemblyQuestion(g);
      const cands: { answer: unknown; label: string }[] = [];
      for (const k of q?.options ?? []) {
        if (k === 'withdraw') cands.push({ answer: { kind: k }, label: fr ? 'La retirer' : 'Withdraw it' });
        if (k === 'adjourn') cands.push({ answer: { kind: k }, label: fr ? 'Ajourner l’Assemblée' : 'Adjourn the Assembly' });
        if (k === 'pardon') for (const x of s.players.filter((p) => s.barons[p].banished)) cands.push({ answer: { kind: k, baron: x }, label: `${fr ? 'Gracier' : 'Pardon'} ${who(x)}` });
        if (k === 'repeal') for (const c of [...s.laws, ...s.players.flatMap((p) => s.barons[p].titles), ...Object.values(s.nobles).flatMap((n) => (n.office ? [n.office] : []))]) cands.push({ answer: { kind: k, card: c }, label: `${fr ? 'Abroger' : 'Repeal'} ${proposalCard(c).name[lang]}` });
        if (k === 'resubmit') for (const c of s.proposalDiscard) cands.push({ answer: { kind: k, card: c }, label: `${fr ? 'Représenter' : 'Bring back'} ${proposalCard(c).name[lang]}` });
        if (k === 'repeal') for (const l of s.houseLaws ?? []) cands.push({ answer: { kind: k, card: l.id }, label: `${fr ? 'Abroger la' : 'Repeal'} ${houseLawLabel(l, lang)}` });
      }
      const entries = [entry('motion', fr ? 'Votre motion' : 'Your motion', 'motion <choice>', [choice('answer', fr ? 'Motion' : 'Motion', accepted(g, ask, b, cands))])];
      // §7.4 (option freeFormMotions): a free law, its text typed in the form; the referee never applies it [P]
      if (q?.options.includes('free-law') && (s.houseLaws ?? []).length < s.config.assembly.maxHouseLaws) {
        const max = s.config.assembly.freeLawMaxChars;
        entries.push(entry('law', fr ? `Proposer une loi libre (${HOUSE_LAW_NOTE.fr})` : `Propose a free law (${HOUSE_LAW_NOTE.en})`, 'law <text>',
          [{ name: 'text', label: fr ? `Texte de la loi (${max} caractères au plus)` : `The law's text (at most ${max} characters)`, kind: 'text', verbatim: true }]));
      }
      return one(fr ? 'Motion personnelle' : 'Personal Motion', entries);
    }
    case 'secret-allocation': {
      const q = assemblyQuestion(g);
      if (!q) return { groups: [] };
      const cards = allocationCards(g, q);
      const fields: FormField[] = cards.flatMap((id, i) => [
        { name: `c${i}`, label: `${proposalCard(id).name[lang]} — ${fr ? 'voix' : 'votes'}`, kind: 'integer' as const, min: 0, max: s.barons[b].votes },
        { name: `d${i}`, label: `${proposalCard(id).name[lang]} — ${fr ? 'vote' : 'vote'}`, kind: 'choice' as const, options: declareOptions(g, id, lang) },
      ]);
      return one(fr ? 'Répartition secrète' : 'Secret allocation', [entry('alloc', fr ? 'Vos voix' : 'Your votes', `alloc ${cards.map((_, i) => `<c${i}> <d${i}>`).join(' ')}`, fields)]);
    }
    case 'defender-commander': case 'fate-discard': case 'allocate-casualties': case 'retreat': case 'death': // #11, the ability, has its two choice buttons
      return combatForm(g, ask, b, lang);
    default: return { groups: [] };
  }
}

/** Most subsets looked at for one list (Fate discards, a dead noble's losses): bounded like the dry runs. */
const MAX_SUBSETS = 256;

/** The ways to place `n` tokens on `keys`, each within its room, at most MAX_SUBSETS (a bounded search). */
function spreads(keys: readonly string[], room: Record<string, number>, n: number): Record<string, number>[] {
  const out: Record<string, number>[] = [];
  let visits = 0;
  const walk = (i: number, left: number, acc: Record<string, number>): void => {
    if (out.length >= MAX_SUBSETS || ++visits > 20 * MAX_SUBSETS) return;
    if (i === keys.length) { if (left === 0) out.push({ ...acc }); return; }
    for (let v = Math.min(left, room[keys[i]!]!); v >= 0 && out.length < MAX_SUBSETS; v--) walk(i + 1, left - v, v > 0 ? { ...acc, [keys[i]!]: v } : acc);
  };
  walk(0, n, {});
  return out;
}

/** The subsets of `xs` of sizes `min`…`max`, in order of size then position, at most MAX_SUBSETS (bounded). */
function subsets<T>(xs: readonly T[], min: number, max: number): T[][] {
  const out: T[][] = [];
  const walk = (from: number, acc: T[], size: number): void => {
    if (out.length >= MAX_SUBSETS) return;
    if (acc.length === size) { out.push([...acc]); return; }
    for (let i = from; i < xs.length && out.length < MAX_SUBSETS; i++) walk(i + 1, [...acc, xs[i]!], size);
  };
  for (let k = Math.max(0, min); k <= Math.min(max, xs.length) && out.length < MAX_SUBSETS; k++) walk(0, [], k);
  return out;
}

/**
 * The combat's stages (#9–#14, §6.6–§6.12), from what the baron may know: the nobles and their
 * troops are public, the Fate cards drawn are his own side's only (`secret.combatDraws`, §9.4).
 * #13/#14 give one field per noble of his (the retreat's region, the deserter, the losses): each
 * value is a piece of the answer as compact JSON, and `fromFormLine` puts the pieces together.
 */
function combatForm(g: WkGame, ask: Ask, b: BaronId, lang: Lang): AnswerForm {
  const s = g.wk, f = s.combat, fr = lang === 'fr';
  const one = (title: string, entries: FormEntry[]): AnswerForm => ({ groups: [{ title, entries: entries.filter((e) => e.fields.length > 0 && e.fields.every((x) => x.kind !== 'choice' || x.options.length > 0)) }] });
  const title = 'Combat';
  if (!f) return { groups: [] };
  const side: CombatSide | null = sideOf(s, b);
  const troopLabel = (t: string): string => `${mercName(t, lang)}`;
  switch (ask.kind) {
    case 'defender-commander': { // #9
      const mine = f.defenders.filter((id) => s.nobles[id]?.baron === b);
      return one(title, [entry('commander', fr ? 'Votre commandant' : 'Your Commander', 'commander <noble>', [choice('noble', fr ? 'Noble' : 'Noble', accepted(g, ask, b, mine.map((id) => ({ answer: id, label: nobleName(id) }))))])]);
    }
    case 'fate-discard': { // #10: his own side's draw only
      const draw = side ? s.secret.combatDraws?.[side] ?? [] : [];
      const min = side ? discards(draw.length, f.commander[side] !== null, s.config) : 0;
      const cands: { answer: unknown; label: string }[] = [];
      const labels = new Set<string>();
      const dflt = defaultDiscard(draw, min);
      for (const sub of [dflt, ...subsets(draw, min, Math.min(draw.length, min + 2))]) {
        const label = sub.length ? sub.map((c) => BATTLE_VALUE[fate(c).battle]![lang]).sort().join(', ') : (fr ? 'aucune' : 'none');
        if (labels.has(label)) continue; // cards of the same value are alike in battle: one choice each
        labels.add(label);
        cands.push({ answer: sub, label: `${fr ? 'Défausser' : 'Discard'} : ${label}` });
      }
      const kept = draw.map((c) => BATTLE_VALUE[fate(c).battle]![lang]).join(', ');
      return one(title, [entry('discard', fr ? `Votre tirage : ${kept} (au moins ${min} à défausser)` : `Your draw: ${kept} (discard at least ${min})`, 'discard <cards>', [choice('cards', fr ? 'Cartes' : 'Cards', accepted(g, ask, b, cands))])]);
    }
    case 'allocate-casualties': { // #12: the ways to place his tokens, the default first (each checked by the referee)
      if (!side) return { groups: [] };
      const room = absorbers(s, f, side);
      const total = Object.values(room).reduce((x, y) => x + y, 0);
      const n = Math.min(f.suffered[side], total);
      const keys = Object.keys(room).filter((k) => room[k]! > 0);
      const name = (k: string): string => (k === 'works' ? (fr ? 'brèches' : 'breaches') : k === 'garrison' ? (fr ? 'garnison' : 'garrison') : nobleName(k));
      const label = (plan: Record<string, number>): string => Object.entries(plan).filter(([, v]) => v > 0).map(([k, v]) => `${name(k)} ${v}`).join(', ');
      const cands = [defaultAllocation(room, n), ...spreads(keys, room, n)].map((plan) => ({ answer: plan, label: label(plan) }));
      return one(title, [entry('casualties', fr ? `Répartir ${n} perte(s)` : `Place ${n} casualty token(s)`, 'casualties <plan>', [choice('plan', fr ? 'Répartition' : 'Placement', accepted(g, ask, b, cands))])]);
    }
    case 'retreat': case 'death': { // #13, #14: a field per choice of each of his nobles
      const fields: FormField[] = [];
      const piece = (x: unknown): string => json(x);
      for (const id of [...f.retreating, ...f.dying].filter((x) => s.nobles[x]?.baron === b)) {
        const n = s.nobles[id]!;
        const card = f.desertion[id] ?? null;
        const nation = card ? fate(card).nation : null;
        const ofNation = nation ? n.troops.filter((t) => isMercenary(t) && mercenary(t).nation === nation) : [];
        const choose = new Set(ofNation.map(troopMen)).size > 1;
        const smallest = [...ofNation].sort((x, y) => troopMen(x) - troopMen(y) || (x < y ? -1 : 1))[0];
        if (f.retreating.includes(id)) {
          if (choose) fields.push(choice(`desert-${id}`, `${nobleName(id)} — ${fr ? 'déserteur' : 'deserter'}`, ofNation.map((t) => ({ value: piece({ deserter: { [id]: t } }), label: troopLabel(t) }))));
          const regions = retreatRegions(s, id);
          if (regions.length > 1) fields.push(choice(`retreat-${id}`, `${nobleName(id)} — ${fr ? 'retraite vers' : 'retreat to'}`, regions.map((r) => ({ value: piece({ retreat: { [id]: r } }), label: r }))));
          continue;
        }
        // a dead noble (§6.12): the deserter goes first, then a set of his other mercenaries reaching the
        // largest total within his tokens — one choice for both (the sets depend on the deserter), one per
        // outcome: what his heir keeps (cards of one nation and strength are alike; aftermath.ts hasChoice)
        const opts: Opt[] = [];
        const outcomes = new Set<string>();
        const kind = (t: string): string => `${mercenary(t).nation}/${troopMen(t)}`;
        for (const d of choose ? ofNation : [smallest]) {
          const rest = n.troops.filter((t) => isMercenary(t) && t !== d);
          const best = maximalLoss(rest, 100 * n.casualties).reduce((m, t) => m + troopMen(t), 0);
          for (const set of best > 0 ? lossSets(rest, best, MAX_SUBSETS) : [[]]) {
            const outcome = rest.filter((t) => !set.includes(t)).map(kind).sort().join(',');
            if (outcomes.has(outcome) || opts.length >= FORM_OPTIONS) continue;
            outcomes.add(outcome);
            const label = [...(d ? [`${fr ? 'déserteur' : 'deserter'} ${troopLabel(d)}`] : []), `${fr ? 'pertes' : 'losses'} ${set.length ? set.map(troopLabel).sort().join(', ') : (fr ? 'aucune' : 'none')}`].join(' ; ');
            opts.push({ value: piece({ ...(d ? { deserter: { [id]: d } } : {}), ...(set.length ? { lose: { [id]: set } } : {}) }), label });
          }
        }
        if (opts.length > 1) fields.push(choice(`death-${id}`, `${nobleName(id)} — ${fr ? 'déserteur et pertes' : 'deserter and losses'}`, opts));
      }
      return one(title, [entry('aftermath', fr ? 'Retraites et pertes' : 'Retreats and losses', `aftermath ${fields.map((x) => `<${x.name}>`).join(' ')}`, fields)]);
    }
    default: return { groups: [] };
  }
}

const mercName = (card: string, lang: Lang): string => { try { const m = mercenary(card); return `${cardName(card)[lang]} (${m.strength})`; } catch { return card; } };

/** Every order of at most 4 proposals (#30: 24 at most). */
function permutations(xs: string[]): string[][] {
  if (xs.length <= 1 || xs.length > 4) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

/** The proposals of a secret allocation's form, one pair of fields each (#37: the agenda's; #32 in a 2-baron game: the one voted). */
export function allocationCards(g: WkGame, q: AssemblyQuestion): string[] {
  return q.into === 'allocation' ? g.wk.agenda.filter((id) => proposalCard(id).type !== 'personal') : [q.card!];
}

/** What a baron may declare on a proposal (#32, #37): yes / no, or a baron, or abstain. */
function declareOptions(g: WkGame, id: string, lang: Lang): Opt[] {
  const fr = lang === 'fr';
  const base = proposalCard(id).vote === 'yes-no' ? [{ value: 'yes', label: fr ? 'Pour' : 'Yes' }, { value: 'no', label: fr ? 'Contre' : 'No' }] : g.wk.players.map((p) => ({ value: p, label: who(p) }));
  return [...base, { value: 'abstain', label: fr ? 'Abstention' : 'Abstain' }];
}

/**
 * The answer a form line stands for (`code value…`), or undefined when the line is not one of the
 * open question's form lines (then it is read as a typed answer). A value that is not JSON is
 * taken as a word.
 */
export function fromFormLine(g: WkGame, ask: Ask, b: BaronId, line: string): unknown {
  if (ask.kind === 'plan-piles' && line.trim() === 'piles') return Array.from({ length: g.wk.config.planning.piles }, () => []); // every card left blank: all kept
  const m = /^([a-z]+) (.+)$/s.exec(line.trim());
  if (!m) return undefined;
  const [, code, rest] = m as unknown as [string, string, string];
  const word = (v: string): unknown => { try { return JSON.parse(v); } catch { return v; } };
  const parts = rest.trim().split(/\s+/);
  const CODES: Partial<Record<Ask['kind'], string[]>> = {
    'plan-piles': ['piles'], 'place-stronghold': ['stronghold'], 'launch-expedition': ['launch'], 'use-card': ['card', 'order', 'option'], 'passage-consent': ['consent'], 'attack-consent': ['consent'],
    'draft-pick': ['draft'], 'commit-votes': ['commit'], 'pledge-faith': ['pledge'], 'order-of-business': ['order'], 'personal-motion': ['motion', 'law'], 'secret-allocation': ['alloc'],
    'defender-commander': ['commander'], 'fate-discard': ['discard'], 'allocate-casualties': ['casualties'], retreat: ['aftermath'], death: ['aftermath'],
  };
  if (!CODES[ask.kind]?.includes(code)) return undefined;
  switch (code) {
    case 'piles': { // pairs: a card's place in his hand, then its pile (0: kept); a card not named stays in hand
      const hand = g.wk.barons[b].hand, n = g.wk.config.planning.piles;
      const pile = new Map<number, number>();
      if (parts.length % 2 || parts.some((x) => !/^\d{1,3}$/.test(x))) return { bad: 'piles' };
      for (let k = 0; k < parts.length; k += 2) {
        const card = Number(parts[k]), to = Number(parts[k + 1]);
        if (card >= hand.length || to > n || pile.has(card)) return { bad: 'piles' };
        pile.set(card, to);
      }
      return Array.from({ length: n }, (_, i) => hand.filter((_, k) => pile.get(k) === i + 1));
    }
    case 'draft': return word(rest.trim()); // this shield's pick as compact JSON, or "pass"
    case 'law': return { kind: 'free-law', text: rest }; // §7.4: the free law's text as typed (house-laws.ts normalises it)
    case 'alloc': {
      const q = assemblyQuestion(g);
      if (!q) return undefined;
      const cards = allocationCards(g, q);
      if (parts.length !== cards.length * 2) return { bad: 'alloc' };
      const vote = (i: number) => ({ commit: Number(parts[2 * i]), declare: parts[2 * i + 1] });
      return q.into === 'allocation' ? Object.fromEntries(cards.map((id, i) => [id, vote(i)])) : vote(0);
    }
    case 'aftermath': { // the pieces put together: { retreat?, deserter?, lose? }
      const out: Record<string, Record<string, unknown>> = {};
      for (const p of parts) {
        const x = word(p);
        if (!x || typeof x !== 'object' || Array.isArray(x)) return { bad: 'aftermath' };
        for (const [k, v] of Object.entries(x as Record<string, unknown>)) {
          if (!['retreat', 'deserter', 'lose'].includes(k) || !v || typeof v !== 'object') return { bad: 'aftermath' };
          out[k] = { ...out[k], ...(v as Record<string, unknown>) };
        }
      }
      return out;
    }
    case 'commit': case 'pledge': return /^\d{1,4}$/.test(rest.trim()) ? Number(rest.trim()) : rest.trim();
    default: return word(rest.trim());
  }
}

