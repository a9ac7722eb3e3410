/**
 * The Assembly (rules §5; §9.2 #28–#37) and the Proposal cards at Taxation (§4.5, #38): the vote
 * grant, commit–reveal–declare–tally with ties to the Chairman, the 2-player secret allocation,
 * Titles over the limit, Offices (and the circle's 400 with an Office's troops, TV-20), refusal and
 * banishment with the Chairman's succession, Personal Motions, nobody attending [P G-A63], every
 * one of the 44 Proposal cards through a real Assembly (table-driven), Laws refused at Taxation,
 * refusals in both languages, and a property over random Assemblies: invariants, nothing negative,
 * determinism.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hashState } from '../../src/engine/hash.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { PROPOSAL_CARDS, proposalCard } from '../../src/rulesets/warrior-knights/proposal-cards.ts';
import { nextAssemblyQuestion, runAssembly, voteGrant, type AssemblyAnswers, type AssemblyQuestion, type AssemblyResult, type Choice, type VoteAnswer } from '../../src/rulesets/warrior-knights/rules/assembly.ts';
import { isAbsent, officeMen } from '../../src/rulesets/warrior-knights/rules/effects.ts';
import { runTaxation, taxationIncome } from '../../src/rulesets/warrior-knights/rules/taxation.ts';
import { exemptCards } from '../../src/rulesets/warrior-knights/rules/wages.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { troopMen } from '../../src/rulesets/warrior-knights/troops.ts';
import { killNoble } from '../../src/rulesets/warrior-knights/rules/death.ts';
import { submitPlan } from '../../src/rulesets/warrior-knights/rules/planning.ts';
import { runStep } from '../../src/rulesets/warrior-knights/turn.ts';
import { checkOp } from './effect-check.ts';
import { game } from './fixture.ts';

const ok = (r: AssemblyResult): WkState => { assert.ok(r.ok, r.ok ? '' : `${r.reason}: ${r.message.en}`); return r.state; };

/** A game with an Assembly waiting and this agenda (the cards taken from the deck). */
function sitting(barons: BaronId[], agenda: string[], seed = 'assembly'): WkState {
  const s = game(barons, seed);
  s.secret.proposalDeck = [...s.secret.proposalDeck, ...s.agenda].filter((c) => !agenda.includes(c));
  s.agenda = [...agenda];
  s.stage = 'action'; s.step = 'A14';
  s.pendingPhases = ['assembly'];
  return s;
}
/** Everyone attending commits `n` votes and declares `choice` on the card. */
const all = (s: WkState, card: string, choice: Choice, n = 1): AssemblyAnswers['votes'] => ({ [card]: Object.fromEntries(s.players.map((b) => [b, { commit: n, declare: choice }])) });

test('§5.2 step 1: each baron receives (Kingdom cities he controls, besieged too) + 1 votes [P G-A17]; banished and absent barons too', () => {
  const s = sitting(['green', 'blue', 'red'], []);
  const [a, b] = Object.values(s.cities).filter((c) => !c.razed && !c.id.startsWith('overseas')).slice(0, 2);
  a!.controller = 'green'; b!.controller = 'green'; b!.besiegedBy = 'red';
  s.barons.green.controlMarkers -= 2;
  s.barons.blue.banished = true;
  const kingdom = [a!, b!].filter((c) => !c.id.includes('overseas')).length;
  assert.equal(voteGrant(s, 'green'), kingdom + 1);
  const t = ok(runAssembly(s));
  assert.equal(t.barons.green.votes, s.barons.green.votes + voteGrant(s, 'green'));
  assert.equal(t.barons.blue.votes, s.barons.blue.votes + 1, 'a banished baron still receives his votes');
});

test('§5.3 commit, reveal, declare in chairman order, tally: committed votes always go to the bank; a tie goes to the Chairman (#33 default "No" / a Fate draw among tied barons)', () => {
  const law = 'proposal:common-purse';
  const s = sitting(['green', 'blue', 'red'], [law]);
  s.chairman = 'green';
  const votes = { green: s.barons.green.votes + 1, blue: s.barons.blue.votes + 1, red: s.barons.red.votes + 1 };
  // 1 yes (green) vs 1 no (blue), red abstains with 1: a tie, the Chairman's default is No.
  const tie = ok(runAssembly(s, { votes: { [law]: { green: { commit: 1, declare: 'yes' }, blue: { commit: 1, declare: 'no' }, red: { commit: 1 } } } }));
  assert.ok(!tie.laws.includes(law), 'a tie is "No" by default');
  assert.deepEqual([tie.barons.green.votes, tie.barons.blue.votes, tie.barons.red.votes], [votes.green - 1, votes.blue - 1, votes.red - 1], 'every committed vote is spent, the abstainer’s too');
  const chairYes = ok(runAssembly(s, { votes: { [law]: { green: { commit: 1, declare: 'yes' }, blue: { commit: 1, declare: 'no' } } }, ties: { [law]: 'yes' } }));
  assert.ok(chairYes.laws.includes(law), 'the Chairman breaks the tie for Yes');
  const majority = ok(runAssembly(s, { votes: { [law]: { green: { commit: 1, declare: 'no' }, blue: { commit: 1, declare: 'yes' }, red: { commit: 1, declare: 'yes' } } }, ties: { [law]: 'no' } }));
  assert.ok(majority.laws.includes(law), 'a majority is not a tie: the Chairman’s word does not count');
  const over = ok(runAssembly(s, { votes: { [law]: { blue: { commit: 999, declare: 'yes' } } } }));
  assert.equal(over.barons.blue.votes, 0, 'a commitment above his votes is cut to them (§9.5)');
  assert.ok(over.laws.includes(law), 'blue alone carries it');
});

test('§5.4 two barons: the secret allocation over all proposals, choices recorded with the amounts, ties to the Chairman [P G-A22]', () => {
  const [a, b] = ['proposal:seneschal', 'proposal:salt-tax'];
  const s = sitting(['green', 'blue'], [a, b]);
  s.chairman = 'green';
  s.barons.green.votes = 3; s.barons.blue.votes = 3;
  const t = ok(runAssembly(s, { allocation: { green: { [a]: { commit: 2, declare: 'green' }, [b]: { commit: 2, declare: 'yes' } }, blue: { [a]: { commit: 3, declare: 'blue' }, [b]: { commit: 0 } } } }));
  assert.ok(t.barons.blue.titles.includes(a), 'blue put 3 on the Seneschal');
  assert.ok(t.laws.includes(b), 'green’s remaining votes carry the Salt Tax');
  assert.ok(t.barons.green.votes >= 0 && t.barons.blue.votes >= 0, 'nothing negative');
});

test('§5.4 with two barons each Personal Motion is its own secret allocation, one at a time, before the agenda’s [P G-A22]', () => {
  const [pm, t] = ['proposal:personal-2', 'proposal:seneschal'];
  const s = sitting(['green', 'blue'], [pm, t]);
  s.barons.green.votes = 2; s.barons.blue.votes = 2;
  const q = nextAssemblyQuestion(s, { personal: { [pm]: { kind: 'adjourn' } } }) as AssemblyQuestion;
  assert.equal(q.decision, 'secret-allocation');
  assert.equal(q.card, pm);
  assert.equal(q.into, 'votes', 'the motion’s own allocation');
  const r = ok(runAssembly(s, { personal: { [pm]: { kind: 'adjourn' } }, votes: { [pm]: { green: { commit: 3, declare: 'no' }, blue: { commit: 1, declare: 'yes' } } }, allocation: { green: { [t]: { commit: 3, declare: 'green' } }, blue: { [t]: { commit: 3, declare: 'blue' } } } }));
  assert.ok(!r.log.some((e) => e.t === 'adjourned'), 'green’s 3 say No');
  assert.ok(r.barons.blue.titles.includes(t), 'green has no vote left for the Title: blue’s 2 (cut to what he holds) win');
  assert.equal(r.barons.green.votes, 0);
});

test('§5.6 Titles: a 4th Title discards one of the three old ones (#35: his choice, default the oldest) [P G-A23]; Offices go to a noble (#36); the circle’s 400 counts an Office’s troops (TV-20)', () => {
  const t4 = 'proposal:marshal';
  const s = sitting(['green', 'blue', 'red'], [t4, 'proposal:constable']);
  s.barons.blue.titles = ['proposal:seneschal', 'proposal:chancellor', 'proposal:king-of-arms'];
  s.secret.proposalDeck = s.secret.proposalDeck.filter((c) => !s.barons.blue.titles.includes(c));
  const votes = { ...all(s, t4, 'blue'), ...all(s, 'proposal:constable', 'green') };
  const d = ok(runAssembly(s, { votes }));
  assert.deepEqual(d.barons.blue.titles, ['proposal:chancellor', 'proposal:king-of-arms', t4], 'the oldest goes by default');
  assert.ok(d.proposalDiscard.includes('proposal:seneschal'), 'to the discard pile');
  const c = ok(runAssembly(s, { votes, discardTitle: { [t4]: 'proposal:king-of-arms' } }));
  assert.deepEqual(c.barons.blue.titles, ['proposal:seneschal', 'proposal:chancellor', t4]);
  // The Office: his choice of noble, else the largest army without one.
  const circle = 'green-circle';
  const o = ok(runAssembly(s, { votes, office: { 'proposal:constable': circle } }));
  assert.equal(o.nobles[circle]!.office, 'proposal:constable');
  assert.equal(officeMen(o, circle), 100);
  // TV-20 with an Office: 400 men of troop cards + 100 free = 500 > 400 → no exemption.
  const men = o.nobles[circle]!.troops.reduce((m, x) => m + troopMen(x), 0);
  assert.equal(exemptCards(o, 'green').length > 0, men + 100 <= 400, 'the Office’s men count toward the 400');
  assert.deepEqual(checkInvariants(o), []);
});

test('§5.7 refusing a Title is banishment: the card is discarded; a banished Chairman is replaced by the non-banished baron with the most votes [P G-A55]; he votes no more in this Assembly', () => {
  const [t, law] = ['proposal:seneschal', 'proposal:common-purse'];
  const s = sitting(['green', 'blue', 'red'], [t, law]);
  s.chairman = 'green';
  s.barons.blue.votes = 9; s.barons.red.votes = 1;
  const r = ok(runAssembly(s, { order: [t, law], votes: { ...all(s, t, 'green'), [law]: { green: { commit: 5, declare: 'yes' }, blue: { commit: 1, declare: 'no' } } }, refuse: { [t]: ['green'] } }));
  assert.ok(r.barons.green.banished, 'banished');
  assert.ok(!r.barons.green.titles.includes(t) && r.proposalDiscard.includes(t), 'the Title is discarded');
  assert.equal(r.chairman, 'blue', 'the most votes among the others');
  assert.ok(!r.laws.includes(law), 'the banished baron’s votes no longer count');
  assert.ok(r.log.some((e) => e.t === 'declared' && e.card === law && e.baron === 'blue'), 'blue declared');
  assert.ok(!r.log.some((e) => e.t === 'declared' && e.card === law && e.baron === 'green'), 'green no longer votes');
});

test('§5.5 Personal Motions first: a Fate-drawn proposer adjourns (the unvoted proposals stay, only empty slots refill [P G-A19]); default: withdrawn (#29)', () => {
  const pm = 'proposal:personal-1';
  const law = 'proposal:common-purse';
  const s = sitting(['green', 'blue', 'red'], [law, pm]);
  const adj = ok(runAssembly(s, { personal: { [pm]: { kind: 'adjourn' } }, votes: all(s, pm, 'yes') }));
  assert.ok(adj.log.some((e) => e.t === 'adjourned'), 'adjourned');
  assert.ok(adj.agenda.includes(law) && adj.agenda.length === 3, 'the Law stays on the agenda; the empty slots are refilled');
  const wd = ok(runAssembly(s, { votes: all(s, law, 'yes') }));
  assert.ok(wd.log.some((e) => e.t === 'personal-motion' && e.choice === 'withdraw'), 'withdrawn by default');
  assert.ok(wd.laws.includes(law), 'then the agenda is voted');
});

test('[P G-A63] nobody attending: nothing is voted, the agenda is kept, the cards go back', () => {
  const s = sitting(['green', 'blue'], ['proposal:seneschal', 'proposal:salt-tax', 'proposal:alms']);
  s.barons.green.banished = true; s.barons.blue.banished = true;
  s.zones.assembly = ['green:manoeuvres:1']; s.barons.green.hand = s.barons.green.hand.filter((c) => c !== 'green:manoeuvres:1');
  const t = ok(runAssembly(s));
  assert.deepEqual(t.agenda, s.agenda);
  assert.ok(t.log.some((e) => e.t === 'no-attendance'), 'logged');
  assert.deepEqual(t.zones.assembly, []);
  assert.deepEqual(checkInvariants(t), []);
});

test('§5 refusals in French and English: an order that is not the agenda, a bad vote, an unknown baron', () => {
  const s = sitting(['green', 'blue', 'red'], ['proposal:seneschal', 'proposal:salt-tax']);
  for (const [a, reason] of [[{ order: ['proposal:seneschal'] }, 'bad-order'], [{ votes: { 'proposal:seneschal': { green: { commit: -1 } } } }, 'bad-vote'], [{ votes: { 'proposal:seneschal': { green: { commit: 1, declare: 'purple' } } } }, 'bad-vote'], [{ actingChairman: 'toString' }, 'bad-baron']] as [AssemblyAnswers, string][]) {
    const r = runAssembly(s, a);
    assert.ok(!r.ok && r.reason === reason && r.message.fr.length > 0 && r.message.en.length > 0 && r.message.fr !== r.message.en, reason);
  }
});

test('§4.5 Laws at Taxation: a levy is paid as far as he can (§10.9); refusing it is banishment (#38); Concessions, Titles and Offices pay their income', () => {
  const s = sitting(['green', 'blue', 'red'], []);
  s.laws = ['proposal:salt-tax'];
  s.secret.proposalDeck = s.secret.proposalDeck.filter((c) => c !== 'proposal:salt-tax' && c !== 'proposal:silver-mine');
  s.barons.blue.titles = ['proposal:silver-mine'];
  const own = Object.values(s.cities).filter((c) => !c.razed).slice(0, 2);
  for (const c of own) { c.controller = 'green'; s.barons.green.controlMarkers--; }
  const income = taxationIncome(s, 'green');
  s.barons.green.crowns = 0;
  const t = runTaxation(s);
  assert.equal(t.barons.green.crowns, income - Math.min(2, income), 'he pays 1 per city, as far as he can');
  assert.equal(t.barons.blue.crowns, s.barons.blue.crowns + 4, 'the Silver Mine pays 4');
  const r = runTaxation(s, { green: ['proposal:salt-tax'] });
  assert.equal(r.barons.green.crowns, income, 'he refuses to pay');
  assert.ok(r.barons.green.banished, 'and is banished');
});

test('every Proposal card: adopted in a real Assembly it does what it says (Motions’ operations checked one by one; Laws, Titles, Concessions and Offices in play with their modifiers); invariants hold', () => {
  for (const p of PROPOSAL_CARDS) {
    const s = sitting(['green', 'blue', 'red'], [p.id], `p-${p.id}`);
    s.barons.blue.banished = p.id === 'proposal:general-amnesty';
    const c = Object.values(s.cities).find((x) => !x.razed)!;
    c.controller = 'blue'; s.barons.blue.controlMarkers--;
    s.barons.blue.crowns = 3; s.barons.blue.votes = 1;
    const choice: Choice = p.vote === 'yes-no' ? 'yes' : 'blue';
    const answers: AssemblyAnswers = p.type === 'personal' ? { personal: { [p.id]: { kind: 'adjourn' } }, votes: all(s, p.id, 'yes') } : { votes: all(s, p.id, choice) };
    const after = ok(runAssembly(s, answers));
    assert.deepEqual(checkInvariants(after), [], p.id);
    // The state right after the vote grant, before the proposal (for the Motions' checks).
    const granted = structuredClone(s);
    for (const b of s.players) granted.barons[b].votes += voteGrant(s, b) - (s.barons[b].banished ? 0 : 1); // each attending baron committed 1
    switch (p.type) {
      case 'motion': for (const op of p.ops) checkOp(p.id, op, granted, after, p.vote === 'baron' ? 'blue' : null, {}); assert.ok(after.proposalDiscard.includes(p.id), `${p.id} discarded`); break;
      case 'law': assert.ok(after.laws.includes(p.id), `${p.id} in force`); break;
      case 'title': case 'concession': assert.ok(after.barons.blue.titles.includes(p.id), `${p.id} given`); break;
      case 'office': assert.ok(Object.values(after.nobles).some((n) => n.baron === 'blue' && n.office === p.id), `${p.id} on a noble`); break;
      case 'personal': assert.ok(after.log.some((e) => e.t === 'adjourned'), `${p.id} adjourns`); break;
    }
    // Modifiers in play, measured against the same state without the card.
    for (const m of p.mods) {
      const without = structuredClone(after);
      without.laws = without.laws.filter((x) => x !== p.id);
      without.barons.blue.titles = without.barons.blue.titles.filter((x) => x !== p.id);
      for (const n of Object.values(without.nobles)) if (n.office === p.id) n.office = null;
      if (m.mod === 'income' && m.n > 0) assert.equal(taxationIncome(after, 'blue') - taxationIncome(without, 'blue'), m.n, `${p.id} income`);
      if (m.mod === 'grant') assert.equal(voteGrant(after, 'blue') - voteGrant(without, 'blue'), m.n, `${p.id} grant`);
      if (m.mod === 'absent') assert.ok(isAbsent(after, 'blue') && !isAbsent(without, 'blue'), `${p.id} absent`);
      if (m.mod === 'troops') assert.ok(Object.values(after.nobles).some((n) => n.office === p.id && officeMen(after, n.id) === m.men), `${p.id} troops`);
      if (m.mod === 'faith-income') assert.equal(runTaxation(after).barons.blue.faith - runTaxation(without).barons.blue.faith, m.n, `${p.id} Faith`);
      if (m.mod === 'per-city' || m.mod === 'share' || (m.mod === 'income' && m.n < 0)) {
        const rich = structuredClone(after); rich.barons.blue.crowns = 50;
        const poor = structuredClone(without); poor.barons.blue.crowns = 50;
        const inc = taxationIncome(rich, 'blue');
        const due = m.mod === 'per-city' ? m.n : m.mod === 'share' ? Math.floor((inc * m.percent) / 100) : -m.n;
        assert.equal(runTaxation(poor).barons.blue.crowns - runTaxation(rich).barons.blue.crowns, due, `${p.id} levy`);
      }
    }
  }
  assert.equal(PROPOSAL_CARDS.length, 44);
  assert.equal(proposalCard('proposal:silver-mine').income, 4);
});

test('property: random Assemblies (2–6 barons, random agendas, commitments, declarations, ties, refusals, Personal Motions) keep every invariant, nothing negative, and replay to the same hash', () => {
  const kinds = ['withdraw', 'adjourn', 'pardon', 'repeal', 'resubmit'] as const;
  fc.assert(fc.property(fc.integer({ min: 2, max: 6 }), fc.array(fc.nat(43), { minLength: 3, maxLength: 3 }), fc.array(fc.nat(20), { minLength: 30, maxLength: 30 }), (n, idx, xs) => {
    const barons = (['green', 'blue', 'red', 'yellow', 'black', 'violet'] as BaronId[]).slice(0, n);
    const agenda = [...new Set(idx.map((i) => PROPOSAL_CARDS[i]!.id))];
    const run = () => {
      const s = sitting(barons, agenda, `prop-${idx.join('-')}`);
      s.proposalDiscard = [s.secret.proposalDeck.shift()!];
      barons.forEach((b, i) => { s.barons[b].votes = xs[i]! % 6; s.barons[b].banished = xs[i + 6]! % 7 === 0 && b !== s.chairman; }); // a banished Chairman is replaced at once (§5.8)
      let k = 12;
      const x = () => xs[k++ % xs.length]!;
      const options = (id: string): Choice[] => (proposalCard(id).vote === 'yes-no' ? ['yes', 'no'] : barons);
      const votes: AssemblyAnswers['votes'] = {};
      for (const id of [...agenda, ...s.proposalDiscard]) votes[id] = Object.fromEntries(barons.map((b) => [b, { commit: x() % 4, declare: options(id)[x() % options(id).length]! }]));
      const personal = Object.fromEntries(agenda.filter((id) => proposalCard(id).type === 'personal').map((id) => {
        const kind = kinds[x() % kinds.length]!;
        return [id, kind === 'pardon' ? { kind, baron: barons[x() % n]! } : kind === 'repeal' ? { kind, card: 'proposal:salt-tax' } : kind === 'resubmit' ? { kind, card: s.proposalDiscard[0]! } : { kind }];
      }));
      const answers: AssemblyAnswers = { votes, personal, allocation: Object.fromEntries(barons.map((b) => [b, Object.fromEntries(Object.keys(votes).map((id) => [id, votes[id]![b]!]))])), refuse: Object.fromEntries(agenda.map((id) => [id, barons.filter(() => x() % 5 === 0)])) };
      const t = ok(runAssembly(s, answers));
      assert.deepEqual(checkInvariants(t), []);
      for (const b of barons) assert.ok(t.barons[b].votes >= 0 && t.barons[b].crowns >= 0 && t.barons[b].faith >= 0, 'nothing negative');
      assert.ok(t.agenda.length <= 3, 'agenda within 3');
      assert.ok(!t.barons[t.chairman].banished || barons.every((b) => t.barons[b].banished), 'a banished baron chairs only if all are [P G-A63]');
      return hashState(t);
    };
    assert.equal(run(), run());
  }), { numRuns: 60 });
});

test('bad answers to the Assembly and to a Law at Taxation: arbitrary ids, numbers and shapes get a refusal in both languages or a legal state, never a crash', () => {
  const anything = fc.oneof(fc.constantFrom('green', 'blue', 'red', 'violet', 'yes', 'no', 'toString', '__proto__', 'proposal:salt-tax', 'proposal:seneschal', 'proposal:personal-1', 'green-circle'), fc.string(), fc.integer({ min: -3, max: 20 }), fc.constantFrom(Number.NaN, 2.5, null, undefined), fc.array(fc.string(), { maxLength: 3 }));
  const s = sitting(['green', 'blue', 'red'], ['proposal:personal-1', 'proposal:seneschal', 'proposal:salt-tax'], 'bad');
  const s2 = sitting(['green', 'blue'], ['proposal:constable', 'proposal:marshal', 'proposal:alms'], 'bad2');
  fc.assert(fc.property(fc.dictionary(fc.constantFrom('actingChairman', 'personalOrder', 'personal', 'order', 'votes', 'allocation', 'ties', 'refuse', 'discardTitle', 'office'), fc.oneof(anything, fc.dictionary(fc.string(), fc.oneof(anything, fc.dictionary(fc.string(), fc.oneof(anything, fc.record({ commit: anything, declare: anything, kind: anything, baron: anything, card: anything }))))))), anything, (answers, refusal) => {
    for (const st of [s, s2]) {
      const r = runAssembly(st, answers as AssemblyAnswers);
      if (r.ok) assert.deepEqual(checkInvariants(r.state), []);
      else assert.ok(r.message.fr.length > 0 && r.message.en.length > 0, r.reason);
    }
    const t = structuredClone(s); t.laws = ['proposal:salt-tax']; t.secret.proposalDeck = t.secret.proposalDeck.filter((c) => c !== 'proposal:salt-tax'); t.agenda = t.agenda.filter((c) => c !== 'proposal:salt-tax');
    assert.deepEqual(checkInvariants(runTaxation(t, { green: refusal as never, blue: ['proposal:salt-tax'] })), []);
  }), { numRuns: 200 });
});

test('an Office is discarded when its noble dies (§5.6, rules/death.ts)', () => {
  const s = sitting(['green', 'blue', 'red'], ['proposal:constable']);
  const t = ok(runAssembly(s, { votes: all(s, 'proposal:constable', 'red'), office: { 'proposal:constable': 'red-star' } }));
  assert.equal(t.nobles['red-star']!.office, 'proposal:constable');
  killNoble(t, 'red-star');
  assert.equal(t.nobles['red-star']!.office, null);
  assert.ok(t.proposalDiscard.includes('proposal:constable'), 'to the proposal discard pile');
  assert.deepEqual(checkInvariants(t), []);
});

test('§5.2 step 2 (#28): a Chairman kept away by a Title names an acting Chairman (default: the next attending baron clockwise), who breaks the ties', () => {
  const law = 'proposal:common-purse';
  const s = sitting(['green', 'blue', 'red'], [law]);
  s.chairman = 'green';
  s.barons.green.titles = ['proposal:ambassador'];
  s.secret.proposalDeck = s.secret.proposalDeck.filter((c) => c !== 'proposal:ambassador');
  const tied = { [law]: { blue: { commit: 1, declare: 'yes' as const }, red: { commit: 1, declare: 'no' as const } } };
  const d = ok(runAssembly(s, { votes: tied, ties: { [law]: 'yes' } }));
  assert.ok(d.log.some((e) => e.t === 'acting-chairman' && e.baron === 'blue'), 'blue, the next attending baron clockwise');
  assert.ok(d.laws.includes(law), 'the acting Chairman’s tie-break');
  assert.ok(!d.log.some((e) => e.t === 'declared' && e.baron === 'green'), 'the Ambassador does not attend');
  const named = ok(runAssembly(s, { actingChairman: 'red', votes: tied }));
  assert.ok(named.log.some((e) => e.t === 'acting-chairman' && e.baron === 'red'), 'his choice');
  assert.equal(named.chairman, 'green', 'the token does not move');
});

test('§5.5 Personal Motions: the proposer repeals a Law (no refusal possible), pardons a banished baron (who sits from the next Assembly), or re-submits a discarded proposal voted as that card', () => {
  const pm = 'proposal:personal-1';
  const s = sitting(['green', 'blue', 'red'], [pm]);
  s.laws = ['proposal:salt-tax'];
  s.proposalDiscard = ['proposal:seneschal'];
  s.secret.proposalDeck = s.secret.proposalDeck.filter((c) => c !== 'proposal:salt-tax' && c !== 'proposal:seneschal');
  s.barons.red.banished = true;
  const rep = ok(runAssembly(s, { personal: { [pm]: { kind: 'repeal', card: 'proposal:salt-tax' } }, votes: all(s, pm, 'yes'), refuse: { [pm]: ['green'] } }));
  assert.deepEqual(rep.laws, []);
  assert.ok(rep.proposalDiscard.includes('proposal:salt-tax'), 'repealed to the discard');
  assert.ok(!rep.barons.green.banished, 'a removal cannot be refused');
  const par = ok(runAssembly(s, { personal: { [pm]: { kind: 'pardon', baron: 'red' } }, votes: all(s, pm, 'yes') }));
  assert.ok(!par.barons.red.banished, 'pardoned');
  assert.ok(!par.log.some((e) => e.t === 'declared' && e.baron === 'red'), 'not in this Assembly');
  const res = ok(runAssembly(s, { personal: { [pm]: { kind: 'resubmit', card: 'proposal:seneschal' } }, votes: all(s, 'proposal:seneschal', 'green') }));
  assert.ok(res.barons.green.titles.includes('proposal:seneschal'), 'voted as a Title, by designation');
  assert.ok(res.proposalDiscard.includes(pm), 'the Personal Motion is discarded');
  for (const t of [rep, par, res]) assert.deepEqual(checkInvariants(t), []);
});

test('runStep alone plays turns through Major Events (both calls) and Assemblies with the §9.2 defaults, keeping every invariant', () => {
  const seen = new Set<string>();
  for (const seed of ['a', 'b', 'c', 'd']) {
    let s = game(['green', 'blue', 'red'], `steps-${seed}`);
    for (let guard = 0; guard < 400 && s.stage !== 'over' && s.turn <= 4; guard++) {
      if (s.stage === 'planning') {
        for (const b of s.players) {
          const hand = s.barons[b].hand.filter((c) => !c.includes('military') && !c.includes('improvisation'));
          const r = submitPlan(s, b, [hand.slice(0, 2), hand.slice(2, 4), hand.slice(4, 6)]);
          assert.ok(r.ok, 'plan');
          s = r.state;
        }
      }
      seen.add(s.step);
      if (s.step === 'A1' && s.pendingPhases[0] === 'assembly') seen.add('assembly');
      const r = runStep(s);
      assert.ok(r.ok, r.ok ? '' : r.reason);
      s = r.state;
      assert.deepEqual(checkInvariants(s), []);
    }
  }
  assert.ok(seen.has('A8'), 'a Major Event was played');
  assert.ok(seen.has('assembly'), 'an Assembly was held');
});

/** Answers one question of `nextAssemblyQuestion` in place: `pick` chooses among its options, `dflt` answers with the explicit default. */
function answer(a: AssemblyAnswers, q: AssemblyQuestion, pick: (n: number) => number, dflt: boolean): void {
  const opt = () => q.options[pick(q.options.length)]!;
  const card = q.card!;
  switch (q.decision) {
    case 'acting-chairman': a.actingChairman = dflt ? null : opt() as BaronId; break;
    case 'order-of-business':
      if (q.options.some((id) => proposalCard(id).type === 'personal')) a.personalOrder = dflt ? null : [...q.options].reverse();
      else a.order = dflt ? null : [...q.options].reverse();
      break;
    case 'personal-motion': (a.personal ??= {})[card] = dflt ? { kind: 'withdraw' } : { kind: 'adjourn' }; break;
    case 'commit-votes': for (const b of q.who) ((a.votes ??= {})[card] ??= {})[b] = { commit: dflt ? 0 : pick(3) }; break;
    case 'declare-vote': { const v = a.votes![card]![q.who[0]!]!; v.declare = dflt ? 'abstain' : opt() as Choice; break; }
    case 'secret-allocation':
      for (const b of q.who) {
        const v: VoteAnswer = dflt ? {} : { commit: pick(3), declare: opt() as Choice };
        if (q.into === 'votes') ((a.votes ??= {})[card] ??= {})[b] = v; else (a.allocation ??= {})[b] = dflt ? {} : { [card]: v };
      }
      break;
    case 'break-tie': (a.ties ??= {})[card] = dflt ? null : opt() as Choice; break;
    case 'refuse-decision': (a.refuse ??= {})[card] = dflt ? [] : q.who.filter(() => pick(4) === 0); break;
    case 'discard-title': (a.discardTitle ??= {})[card] = dflt ? null : opt(); break;
    case 'assign-office': (a.office ??= {})[card] = dflt ? null : opt(); break;
    default: assert.fail(`unexpected question ${q.decision}`);
  }
}

test('§9.3 nextAssemblyQuestion asks in the rules’ order: commitments before their reveal, each declaration after it in chairman order; answering every question with its default gives the same Assembly as no answers at all', () => {
  const kinds = new Set<string>();
  fc.assert(fc.property(fc.integer({ min: 2, max: 6 }), fc.array(fc.nat(43), { minLength: 3, maxLength: 3 }), fc.array(fc.nat(20), { minLength: 10, maxLength: 10 }), fc.boolean(), (n, idx, xs, dflt) => {
    const barons = (['green', 'blue', 'red', 'yellow', 'black', 'violet'] as BaronId[]).slice(0, n);
    const s = sitting(barons, [...new Set(idx.map((i) => PROPOSAL_CARDS[i]!.id))], `q-${idx.join('-')}`);
    barons.forEach((b, i) => { s.barons[b].votes = xs[i]! % 5; });
    s.barons[barons[1]!].titles = xs[7]! % 2 === 0 ? ['proposal:ambassador'] : [];
    s.secret.proposalDeck = s.secret.proposalDeck.filter((c) => !s.barons[barons[1]!].titles.includes(c));
    if (s.agenda.includes('proposal:ambassador')) s.barons[barons[1]!].titles = [];
    let k = 0;
    const pick = (m: number) => xs[k++ % xs.length]! % Math.max(1, m);
    const a: AssemblyAnswers = {};
    const asked: string[] = [];
    for (let guard = 0; guard < 200; guard++) {
      const q = nextAssemblyQuestion(s, a);
      if (q === null) break;
      assert.ok(!('ok' in q), `a refusal: ${'ok' in q ? q.reason : ''}`);
      const question = q as AssemblyQuestion;
      asked.push(`${question.decision}:${question.card}:${question.who.join('+')}`);
      kinds.add(question.decision);
      assert.ok(asked.length < 150, 'the questions come to an end');
      const revealed = question.seen.some((e) => e.t === 'commitments' && e.card === question.card);
      if (question.decision === 'commit-votes') assert.ok(!revealed, 'commitments are asked before they are revealed');
      if (question.decision === 'declare-vote') assert.ok(revealed, 'a declaration is asked once the amounts are revealed');
      answer(a, question, pick, dflt);
    }
    const done = ok(runAssembly(s, a));
    assert.deepEqual(checkInvariants(done), []);
    if (dflt) assert.equal(hashState(done), hashState(ok(runAssembly(s, {}))), 'explicit defaults = missing answers');
  }), { numRuns: 80 });
  for (const d of ['commit-votes', 'declare-vote', 'secret-allocation', 'order-of-business', 'refuse-decision', 'personal-motion']) assert.ok(kinds.has(d), `${d} was asked`);
});
