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
import { actionCard, DESTINATIONS, DESTINATION_NAMES, mercenary } from './cards.ts';
import { checkAnswer } from './answers.ts';
import { assemblyQuestion, draftQuestion, type Ask, type WkGame } from './flow.ts';
import { proposalCard } from './proposal-cards.ts';
import { strongholdRegions } from './setup.ts';
import { draftDestinations } from './rules/draft.ts';
import { targetIn } from './rules/engage.ts';
import { blockers } from './rules/movement.ts';
import { BOARD, passable, ROAD } from './board.ts';
import { cardName } from './events.ts';

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

/** The guided form of the open question for baron `b` (empty groups: no guided form; the prompt's choices or text box). */
export function formOf(g: WkGame, ask: Ask, b: BaronId, lang: Lang): AnswerForm {
  const s = g.wk, fr = lang === 'fr';
  const one = (title: string, entries: FormEntry[]): AnswerForm => ({ groups: [{ title, entries: entries.filter((e) => e.fields.every((f) => f.kind !== 'choice' || f.options.length > 0)) }] });
  switch (ask.kind) {
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
          { answer: { use: true, option: 'crowns' }, label: fr ? '+ couronnes' : '+ crowns' }, { answer: { use: true, option: 'vote' }, label: fr ? '+ voix' : '+ vote' }, { answer: { use: true, option: 'shield' }, label: fr ? 'Écusson payé' : 'Paid shield' }]))]));
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
      }
      return one(fr ? 'Motion personnelle' : 'Personal Motion', [entry('motion', fr ? 'Votre motion' : 'Your motion', 'motion <choice>', [choice('answer', fr ? 'Motion' : 'Motion', accepted(g, ask, b, cands))])]);
    }
    case 'secret-allocation': {
      const q = assemblyQuestion(g);
      if (!q) return { groups: [] };
      const cards = q.into === 'allocation' ? s.agenda.filter((id) => proposalCard(id).type !== 'personal') : [q.card!];
      const fields: FormField[] = cards.flatMap((id, i) => [
        { name: `c${i}`, label: `${proposalCard(id).name[lang]} — ${fr ? 'voix' : 'votes'}`, kind: 'integer' as const, min: 0, max: s.barons[b].votes },
        { name: `d${i}`, label: `${proposalCard(id).name[lang]} — ${fr ? 'vote' : 'vote'}`, kind: 'choice' as const, options: declareOptions(g, id, lang) },
      ]);
      return one(fr ? 'Répartition secrète' : 'Secret allocation', [entry('alloc', fr ? 'Vos voix' : 'Your votes', `alloc ${cards.map((_, i) => `<c${i}> <d${i}>`).join(' ')}`, fields)]);
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
  const m = /^([a-z]+) (.+)$/s.exec(line.trim());
  if (!m) return undefined;
  const [, code, rest] = m as unknown as [string, string, string];
  const word = (v: string): unknown => { try { return JSON.parse(v); } catch { return v; } };
  const parts = rest.trim().split(/\s+/);
  const CODES: Partial<Record<Ask['kind'], string[]>> = {
    'place-stronghold': ['stronghold'], 'launch-expedition': ['launch'], 'use-card': ['card', 'order', 'option'], 'passage-consent': ['consent'], 'attack-consent': ['consent'],
    'draft-pick': ['draft'], 'commit-votes': ['commit'], 'pledge-faith': ['pledge'], 'order-of-business': ['order'], 'personal-motion': ['motion'], 'secret-allocation': ['alloc'],
  };
  if (!CODES[ask.kind]?.includes(code)) return undefined;
  switch (code) {
    case 'draft': return word(rest.trim()); // this shield's pick as compact JSON, or "pass"
    case 'alloc': {
      const q = assemblyQuestion(g);
      if (!q) return undefined;
      const cards = q.into === 'allocation' ? g.wk.agenda.filter((id) => proposalCard(id).type !== 'personal') : [q.card!];
      if (parts.length !== cards.length * 2) return { bad: 'alloc' };
      const vote = (i: number) => ({ commit: Number(parts[2 * i]), declare: parts[2 * i + 1] });
      return q.into === 'allocation' ? Object.fromEntries(cards.map((id, i) => [id, vote(i)])) : vote(0);
    }
    case 'commit': case 'pledge': return /^\d{1,4}$/.test(rest.trim()) ? Number(rest.trim()) : rest.trim();
    default: return word(rest.trim());
  }
}

