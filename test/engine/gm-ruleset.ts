/**
 * "Assize" (Les Assises): a small game made of prompts that raises GM judgment items, used to prove
 * the approval queue of src/engine/ruleset.ts ("game masters") on the platform
 * (test/platform/gm-queue.test.ts) and through the engine (test/engine/gm-ruleset.test.ts).
 * Importing this module registers it in this process and in the referee's workers.
 *
 * Rules. 2–4 players, each with an empty store and a secret seal (a word drawn at setup, seen by
 * its owner only: the fog-of-war witness — no GM page may show it). ROUNDS rounds (option
 * `rounds`, 1 to MAX_ROUNDS). Each round:
 *  1. Claims (`claim`, every player at once, secretly): a whole number of sheaves from 0 to POT
 *     (default 0).
 *  2. The tithe, a **timed** judgment item (row T1): `none`, `light` (1 sheaf from each store that
 *     holds any) or `heavy` (2). Program default: `light`. The GM has `timedHours` (default 24).
 *  3. Only if the claims add up to more than POT: the dispute, a **blocking** judgment item (row
 *     B1) with a free-form ruling `id=n, id=n…` (each claimant's share, the total at most POT).
 *     Program default: each claimant's share of the pot in proportion to his claim, rounded down
 *     (what is left over is lost). The game waits for the GM at most `blockingHours` (default 72).
 *     Otherwise each player takes his claim.
 * After the last round the fullest stores win.
 *
 * The GM's console (engine "game masters: the console"): one GM action, `set-store`, sets a
 * player's store to a whole number from 0 to what the invariants allow (the stores together at most
 * ROUNDS × POT); every player's report says it, as a "GM ruling".
 *
 * Pure: plain JSON state, no clock, no unseeded randomness (the seals come from the setup Rng).
 */
import {
  GM_SEAT, judgmentDecision, rulingNote, validateRuling,
  type Decision, type JudgmentItem, type Lang, type Localized, type Outcome, type PlayerId, type Resolution, type Ruleset, type Ruling,
  type ActionInput, type FreeAction, type RulingSource, type Submission, type Validation,
} from '../../src/engine/ruleset.ts';
import type { Rng } from '../../src/engine/rng.ts';
import { registerRuleset, type RulesetEntry } from '../../src/rulesets/index.ts';
import { preloadInWorkers } from '../../src/platform/referee/pool.ts';

/** The constants, each with its bounds (style §3). */
export const ASSIZE = {
  pot: { value: 6, min: 1, max: 100 },
  rounds: { value: 2, min: 1, max: 5 },
  timedHours: { value: 24, min: 1, max: 720 },
  blockingHours: { value: 72, min: 1, max: 720 },
  claimHours: { value: 1, min: 1, max: 720 },
} as const;
export const POT = ASSIZE.pot.value;
export const TITHES = ['none', 'light', 'heavy'] as const;
export type Tithe = typeof TITHES[number];
const TITHE_TAKES: Record<Tithe, number> = { none: 0, light: 1, heavy: 2 };
const TITHE_LABEL: Record<Tithe, Localized> = {
  none: { fr: 'pas de dîme', en: 'no tithe' },
  light: { fr: 'dîme légère (1 gerbe)', en: 'light tithe (1 sheaf)' },
  heavy: { fr: 'dîme lourde (2 gerbes)', en: 'heavy tithe (2 sheaves)' },
};
const SEALS = ['heron', 'lynx', 'otter', 'raven', 'stag', 'wolf', 'boar', 'swan'];

export interface AssizeOptions { lords?: string[]; rounds?: number; timedHours?: number; blockingHours?: number; claimHours?: number }
export interface AssizePlayer { id: PlayerId; name: string; store: number; seal: string; claim: number | null }
export interface AssizeState {
  round: number;
  rounds: number;
  phase: 'claims' | 'tithe' | 'dispute' | 'over';
  timedHours: number;
  blockingHours: number;
  claimHours: number;
  players: AssizePlayer[];
  winners: PlayerId[];
}
export type AssizeEvent =
  | { type: 'claimed'; round: number; player: PlayerId; claim: number; audience: PlayerId[] }
  | { type: 'tithe'; round: number; tithe: Tithe; by: RulingSource; taken: Record<PlayerId, number> }
  | { type: 'allotted'; round: number; shares: Record<PlayerId, number>; disputed: boolean; by: RulingSource | null }
  | { type: 'end'; winners: PlayerId[] }
  | { type: 'gm-store'; player: PlayerId; from: number; to: number };

export const titheId = (round: number): string => `r${round}/tithe`;
export const disputeId = (round: number): string => `r${round}/dispute`;

function bounded(name: keyof typeof ASSIZE, v: unknown): number {
  const c = ASSIZE[name];
  if (v === undefined) return c.value;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < c.min || v > c.max) throw new Error(`assize: ${name} must be a whole number from ${c.min} to ${c.max}`);
  return v;
}

const nameOf = (s: AssizeState, id: PlayerId): string => s.players.find((p) => p.id === id)?.name ?? id;

/** The program's default for the dispute (row B1): shares in proportion to the claims, rounded down. */
export function defaultShares(s: AssizeState): Record<PlayerId, number> {
  const total = s.players.reduce((n, p) => n + (p.claim ?? 0), 0);
  const out: Record<PlayerId, number> = {};
  for (const p of s.players) out[p.id] = total > 0 ? Math.floor(((p.claim ?? 0) * POT) / total) : 0;
  return out;
}
const sharesText = (shares: Record<PlayerId, number>): string => Object.entries(shares).map(([p, n]) => `${p}=${n}`).join(', ');

/** Parses a dispute ruling `p1=3, p2=3`: every share a claimant's, whole, the total at most POT. */
export function parseShares(s: AssizeState, text: string): { shares: Record<PlayerId, number> } | { error: Localized } {
  const shares: Record<PlayerId, number> = {};
  for (const p of s.players) shares[p.id] = 0;
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  if (parts.length > s.players.length) return { error: { fr: 'trop de parts', en: 'too many shares' } };
  for (const part of parts) {
    const m = /^([\w-]{1,20})=(\d{1,3})$/.exec(part);
    if (!m) return { error: { fr: `« ${part.slice(0, 30)} » : écrivez joueur=gerbes`, en: `"${part.slice(0, 30)}": write player=sheaves` } };
    if (!(m[1]! in shares)) return { error: { fr: `pas de joueur ${m[1]}`, en: `no player ${m[1]}` } };
    shares[m[1]!] = Number(m[2]);
  }
  const total = Object.values(shares).reduce((a, b) => a + b, 0);
  if (total > POT) return { error: { fr: `${total} gerbes partagées, ${POT} au plus`, en: `${total} sheaves shared, at most ${POT}` } };
  return { shares };
}

function titheItem(s: AssizeState): JudgmentItem {
  return {
    id: titheId(s.round), row: 'T1', kind: 'timed',
    decides: { fr: `La dîme du tour ${s.round}`, en: `The tithe of round ${s.round}` },
    brief: { fr: `Tour ${s.round} sur ${s.rounds} : la dîme prise dans chaque grenier.`, en: `Round ${s.round} of ${s.rounds}: the tithe taken from each store.` },
    byDefault: 'light',
    choices: TITHES.map((t) => ({ value: t, label: TITHE_LABEL[t] })),
    concerns: s.players.map((p) => p.id),
    playersSee: { fr: 'Le MJ fixe la dîme.', en: 'The GM sets the tithe.' },
  };
}

function disputeItem(s: AssizeState): JudgmentItem {
  const claims = s.players.map((p) => `${p.name} (${p.id}) ${p.claim ?? 0}`).join(', ');
  return {
    id: disputeId(s.round), row: 'B1', kind: 'blocking',
    decides: { fr: `Le partage disputé du tour ${s.round}`, en: `The disputed share of round ${s.round}` },
    brief: { fr: `Réclamations : ${claims} ; il n’y a que ${POT} gerbes.`, en: `Claims: ${claims}; there are only ${POT} sheaves.` },
    byDefault: sharesText(defaultShares(s)),
    free: { label: { fr: 'Parts (joueur=gerbes, séparées par des virgules)', en: 'Shares (player=sheaves, separated by commas)' }, maxLength: 100 },
    concerns: s.players.map((p) => p.id),
    playersSee: { fr: 'Le MJ tranche le partage.', en: 'The GM rules on the share.' },
  };
}

const claimsTotal = (s: AssizeState): number => s.players.reduce((n, p) => n + (p.claim ?? 0), 0);
const rulingOf = (subs: Submission[], id: string): Ruling => {
  const sub = subs.find((x) => x.decision === `gm:${id}` && x.player === GM_SEAT);
  if (!sub) throw new Error(`assize: no ruling on ${id}`);
  return sub.value as Ruling;
};

function nextRound(s: AssizeState, events: AssizeEvent[]): void {
  for (const p of s.players) p.claim = null;
  if (s.round >= s.rounds) {
    const best = Math.max(...s.players.map((p) => p.store));
    s.winners = s.players.filter((p) => p.store === best).map((p) => p.id);
    s.phase = 'over';
    events.push({ type: 'end', winners: s.winners });
    return;
  }
  s.round += 1;
  s.phase = 'claims';
}

const L = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);

export const assize: Ruleset<AssizeState, unknown, AssizeEvent, unknown, AssizeOptions> = {
  id: 'test/assize',
  title: { fr: 'Les Assises', en: 'Assize' },

  setup(options, rng: Rng) {
    const names = options.lords ?? ['Aude', 'Bérenger'];
    if (!Array.isArray(names) || names.length < 2 || names.length > 4) throw new Error('assize: 2 to 4 players');
    return {
      round: 1, rounds: bounded('rounds', options.rounds), phase: 'claims',
      timedHours: bounded('timedHours', options.timedHours), blockingHours: bounded('blockingHours', options.blockingHours),
      claimHours: bounded('claimHours', options.claimHours),
      players: names.map((n, i) => ({ id: `p${i + 1}`, name: String(n), store: 0, seal: `${rng.pick(SEALS)}-${rng.int(1000, 9999)}`, claim: null })),
      winners: [],
    };
  },

  players: (s) => s.players.map((p) => ({ id: p.id, name: p.name })),

  decisions(s): Decision[] {
    switch (s.phase) {
      case 'claims': return [{
        id: 'claim', kind: 'number', players: s.players.map((p) => p.id), deadline: { kind: 'after', hours: s.claimHours },
        defaults: Object.fromEntries(s.players.map((p) => [p.id, 0])),
        prompt: { fr: `Combien de gerbes réclamez-vous (0 à ${POT}) ?`, en: `How many sheaves do you claim (0 to ${POT})?` },
      }];
      case 'tithe': return [judgmentDecision(titheItem(s), s.timedHours)];
      case 'dispute': return [judgmentDecision(disputeItem(s), s.blockingHours)];
      case 'over': return [];
    }
  },

  validate(s, player, decision, answer): Validation<unknown> {
    const refuse = (m: Localized): Validation<unknown> => ({ value: null, issues: [{ message: m.en, text: m }] });
    if (decision === 'claim') {
      if (s.phase !== 'claims' || !s.players.some((p) => p.id === player)) return refuse({ fr: 'pas de réclamation maintenant', en: 'no claim now' });
      const text = typeof answer === 'number' ? String(answer) : typeof answer === 'string' ? answer.trim() : '';
      if (!/^\d{1,3}$/.test(text) || Number(text) > POT) return refuse({ fr: `un nombre entier de 0 à ${POT}`, en: `a whole number from 0 to ${POT}` });
      return { value: Number(text), issues: [] };
    }
    const open = assize.decisions(s).find((d) => d.id === decision && d.judgment);
    if (!open || player !== GM_SEAT) return refuse({ fr: 'cette question n’est pas ouverte', en: 'this question is not open' });
    const v = validateRuling(open.judgment!, answer);
    if (v.value && s.phase === 'dispute') {
      const p = parseShares(s, v.value.value);
      if ('error' in p) return refuse(p.error);
    }
    return v;
  },

  resolve(s0, subs): Resolution<AssizeState, AssizeEvent> {
    const s = structuredClone(s0);
    const events: AssizeEvent[] = [];
    switch (s.phase) {
      case 'claims':
        for (const sub of subs) {
          const p = s.players.find((x) => x.id === sub.player);
          if (!p || sub.decision !== 'claim') continue;
          p.claim = sub.value as number;
          events.push({ type: 'claimed', round: s.round, player: p.id, claim: p.claim, audience: [p.id] });
        }
        s.phase = 'tithe';
        break;
      case 'tithe': {
        const r = rulingOf(subs, titheId(s.round));
        const tithe = r.value as Tithe;
        const taken: Record<PlayerId, number> = {};
        for (const p of s.players) { taken[p.id] = Math.min(p.store, TITHE_TAKES[tithe]); p.store -= taken[p.id]!; }
        events.push({ type: 'tithe', round: s.round, tithe, by: r.by, taken });
        if (claimsTotal(s) > POT) { s.phase = 'dispute'; break; }
        const shares: Record<PlayerId, number> = {};
        for (const p of s.players) { shares[p.id] = p.claim ?? 0; p.store += shares[p.id]!; }
        events.push({ type: 'allotted', round: s.round, shares, disputed: false, by: null });
        nextRound(s, events);
        break;
      }
      case 'dispute': {
        const r = rulingOf(subs, disputeId(s.round));
        const parsed = parseShares(s, r.value);
        const shares = 'error' in parsed ? defaultShares(s) : parsed.shares; // validated before: never the error branch
        for (const p of s.players) p.store += shares[p.id] ?? 0;
        events.push({ type: 'allotted', round: s.round, shares, disputed: true, by: r.by });
        nextRound(s, events);
        break;
      }
      case 'over': throw new Error('assize: the game is over');
    }
    return { state: s, events };
  },

  view(s, player) {
    const me = s.players.find((p) => p.id === player);
    return {
      round: s.round, rounds: s.rounds, phase: s.phase,
      stores: s.players.map((p) => ({ id: p.id, name: p.name, store: p.store })),
      ...(me ? { seal: me.seal, claim: me.claim } : {}),
    };
  },

  report(s, events, player, lang) {
    const lines: string[] = [];
    for (const e of events) {
      switch (e.type) {
        case 'claimed':
          if (e.audience.includes(player)) lines.push(L(lang, `Vous réclamez ${e.claim} gerbes.`, `You claim ${e.claim} sheaves.`));
          break;
        case 'tithe':
          lines.push(L(lang, `Dîme du tour ${e.round} : ${TITHE_LABEL[e.tithe].fr} (${rulingNote(e.by, 'fr')}).`, `Tithe of round ${e.round}: ${TITHE_LABEL[e.tithe].en} (${rulingNote(e.by, 'en')}).`));
          break;
        case 'allotted': {
          const list = Object.entries(e.shares).map(([p, n]) => `${nameOf(s, p)} ${n}`).join(', ');
          lines.push(e.disputed
            ? L(lang, `Partage disputé : ${list} (${rulingNote(e.by!, 'fr')}).`, `Disputed share: ${list} (${rulingNote(e.by!, 'en')}).`)
            : L(lang, `Chacun prend sa réclamation : ${list}.`, `Each takes his claim: ${list}.`));
          break;
        }
        case 'gm-store':
          lines.push(L(lang, `Le grenier de ${nameOf(s, e.player)} passe de ${e.from} à ${e.to} gerbes (${rulingNote('gm', 'fr')}).`, `${nameOf(s, e.player)}'s store goes from ${e.from} to ${e.to} sheaves (${rulingNote('gm', 'en')}).`));
          break;
        case 'end':
          lines.push(L(lang, `Fin : ${e.winners.map((w) => nameOf(s, w)).join(', ')} l’emporte.`, `End: ${e.winners.map((w) => nameOf(s, w)).join(', ')} wins.`));
          break;
      }
    }
    return lines.join('\n\n');
  },

  gmActions(s, lang): FreeAction[] {
    if (s.phase === 'over') return [];
    return [{
      id: 'set-store', label: L(lang, 'Fixer un grenier', 'Set a store'),
      help: L(lang, 'Les joueurs lisent « décision du MJ » dans leur rapport.', 'Players read "GM ruling" in their report.'),
      fields: [
        { name: 'player', label: L(lang, 'Joueur', 'Player'), kind: 'choice', options: s.players.map((p) => ({ value: p.id, label: `${p.name} (${p.store})` })) },
        { name: 'store', label: L(lang, 'Gerbes', 'Sheaves'), kind: 'integer', min: 0, max: s.rounds * POT },
      ],
    }];
  },

  validateGmAction(s, action: ActionInput): Validation<unknown> {
    const refuse = (m: Localized): Validation<unknown> => ({ value: null, issues: [{ message: m.en, text: m }] });
    if (s.phase === 'over' || action.id !== 'set-store') return refuse({ fr: 'action du MJ inconnue', en: 'unknown GM action' });
    const p = s.players.find((x) => x.id === action.values.player);
    if (!p) return refuse({ fr: 'pas de tel joueur', en: 'no such player' });
    const text = String(action.values.store ?? '').trim();
    if (!/^\d{1,4}$/.test(text)) return refuse({ fr: 'un nombre entier de gerbes', en: 'a whole number of sheaves' });
    const others = s.players.reduce((n, x) => n + (x.id === p.id ? 0 : x.store), 0);
    const max = s.rounds * POT - others; // the invariants' bound on the stores together
    if (Number(text) > max) return refuse({ fr: `au plus ${max} gerbes (les greniers ensemble n’en tiennent que ${s.rounds * POT})`, en: `at most ${max} sheaves (the stores together hold only ${s.rounds * POT})` });
    return { value: { player: p.id, store: Number(text) }, issues: [] };
  },

  gmAct(s0, value): Resolution<AssizeState, AssizeEvent> {
    const s = structuredClone(s0);
    const v = value as { player: PlayerId; store: number };
    const p = s.players.find((x) => x.id === v.player);
    if (!p) throw new Error(`assize: no player ${v.player}`);
    const from = p.store;
    p.store = v.store;
    return { state: s, events: [{ type: 'gm-store', player: p.id, from, to: v.store }] };
  },

  outcome(s): Outcome | null {
    return s.phase === 'over' ? { finished: true, winners: s.winners, reason: 'stores' } : null;
  },

  stepLabel: (s) => `round ${s.round}: ${s.phase}`,
  localizeLabel: (label, lang) => (lang === 'fr' ? label.replace('round', 'tour').replace('claims', 'réclamations').replace('tithe', 'dîme').replace('dispute', 'litige') : label),
};

export const assizeEntry: RulesetEntry<AssizeState, AssizeEvent> = {
  ruleset: assize,
  variants: [{ id: 'assize', name: { fr: 'Les Assises', en: 'Assize' }, seats: { min: 2, max: 4, default: 2 } }],
  bot: (state) => (state.phase === 'claims' ? 3 : undefined),
  options: (a) => (a.lords ? { lords: a.lords } : {}),
  summarize: (s) => `${assize.stepLabel(s)}: ${s.players.map((p) => `${p.name} ${p.store}`).join(', ')}`,
  invariants(s) {
    for (const p of s.players) if (!Number.isInteger(p.store) || p.store < 0) throw new Error(`assize: ${p.id} holds ${p.store} sheaves`);
    const total = s.players.reduce((n, p) => n + p.store, 0);
    if (total > s.rounds * POT) throw new Error(`assize: ${total} sheaves in the stores, more than ${s.rounds} rounds of ${POT}`);
    if (s.round < 1 || s.round > s.rounds) throw new Error(`assize: round ${s.round} of ${s.rounds}`);
  },
};

/** Registers Assize in this process and in the referee's worker threads. */
export function registerAssize(): void {
  registerRuleset(assizeEntry);
  preloadInWorkers(import.meta.url);
}
registerAssize();

export default assize;
