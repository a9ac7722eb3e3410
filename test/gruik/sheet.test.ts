/**
 * Gruik's order sheet (rules §2.12; docs/gruik.md "Order sheets"): every order kind in English and
 * in French, every kind of issue in both languages, print → parse round trips over sheets made of
 * legal orders (fast-check), fog of war (a hidden name reads like a missing one; suggestions only
 * from names the state may know), any text parsed without a throw, and every choice of the guided
 * form accepted by the parser.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formLine, type FormEntry } from '../../src/engine/ruleset.ts';
import { applySeasonalSizes } from '../../src/rulesets/gruik/rules/army-size.ts';
import { createDetachment } from '../../src/rulesets/gruik/rules/detachments.ts';
import { orderTemplate, parseSheet, sheetForm, sheetHelp, sheetText } from '../../src/rulesets/gruik/sheet/index.ts';
import { ORDER_WORDS } from '../../src/rulesets/gruik/sheet/words.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { fixture, withBases } from './fixture.ts';

/** The fixture after S0.4 (every army at 20 AP), the elves with 100 gruikors. */
function base(): GruikState {
  const s = applySeasonalSizes(withBases(fixture(), 20));
  s.realms.elves!.treasury = 100;
  return s;
}

/** The elves' first detachment D1 (3 AP) made from A1. */
function withD1(s: GruikState): GruikState {
  const made = createDetachment(s, 'elves:A1', 3);
  assert.ok(made.ok, 'the detachment is made');
  return made.state;
}

/** A richer position: an elf detachment D1, a dwarf army standing in Sylvebrune (seen) whose state declared the elves friends, the fens tributary of the elves, a captive dwarf general held by the elves, a treaty to confirm. */
function rich(): GruikState {
  const s = withD1(base());
  s.fleets['elves:F1']!.ships = 200;
  s.armies['dwarves:A1']!.location = 'sylve';
  s.realms.dwarves!.friendsDeclared.push('elves');
  s.realms.fens!.master = 'elves';
  s.realms.fens!.tributaryRate = 0.2;
  s.characters['dwarves:general:1']!.status = 'captive';
  s.characters['dwarves:general:1']!.captor = 'elves';
  s.treaties.push({ id: 'dwarves:0:T1', text: 'Peace under the mountain', signatories: ['dwarves', 'elves'], confirmed: ['dwarves'] });
  return s;
}

const errors = (r: ReturnType<typeof parseSheet>) => r.issues.filter((i) => i.severity === 'error');

// ─── every order, both languages ─────────────────────────────────────────────────────────────

const KINDS: { kind: string; en: string; fr: string; state?: () => GruikState; as?: string; check: (sheet: ReturnType<typeof parseSheet>['sheet']) => boolean }[] = [
  { kind: 'move', en: 'move A1 rives coudre', fr: 'Déplacer A1 Rives-Claires Coudraie', check: (x) => x.moves?.[0]?.path.join() === 'rives,coudre' },
  { kind: 'move join', en: 'move D1 coudre', fr: 'deplacer D1 coudre', check: (x) => x.moves?.[0]?.force === 'elves:D1' },
  { kind: 'detach', en: 'detach A1 4 as D2', fr: 'détacher A1 4 comme D2', check: (x) => x.orders?.forces?.[0]?.kind === 'detach' },
  { kind: 'detach then move', en: 'move D2 rives\ndetach A1 4 as D2', fr: 'deplacer D2 rives\ndetacher A1 4 comme D2', check: (x) => x.moves?.[0]?.force === 'elves:D2' },
  { kind: 'resize', en: 'resize D1 5', fr: 'ajuster D1 5', check: (x) => x.orders?.forces?.[0]?.kind === 'resize' },
  { kind: 'recall', en: 'recall D1', fr: 'rappeler D1', check: (x) => x.orders?.forces?.[0]?.kind === 'recall' },
  { kind: 'ally', en: 'ally A1 dwarves:A1 4', fr: 'allie A1 dwarves:A1 4', check: (x) => x.orders?.forces?.[0]?.kind === 'ally' },
  { kind: 'demand', en: 'demand fens A1', fr: 'exiger fens A1', check: (x) => x.orders?.forces?.[0]?.kind === 'demand-ally' },
  { kind: 'split', en: 'split F1 80\nfleet F2 move etroite', fr: 'scinder F1 80\nflotte F2 aller etroite', check: (x) => x.orders?.forces?.[0]?.kind === 'split-fleet' && x.naval?.[0]?.fleet === 'elves:F2' },
  { kind: 'combine', en: 'combine F1 dwarves:F1 commander elves', fr: 'combiner F1 dwarves:F1 commandant elves', check: (x) => x.orders?.forces?.[0]?.kind === 'combine-fleets' },
  { kind: 'fleet', en: 'fleet F1 embark A1 move etroite end port rives', fr: 'flotte F1 embarquer A1 aller etroite fin port rives', state: base, check: (x) => x.naval?.[0]?.end?.port === true && x.naval[0].actions.length === 2 },
  { kind: 'fleet land', en: 'fleet F1 embark A1 land rives A1 end coast rives', fr: 'flotte F1 embarquer A1 debarquer rives A1 fin cote rives', state: base, check: (x) => x.naval?.[0]?.actions[1]?.do === 'disembark' },
  { kind: 'fleet blockade', state: base, en: 'fleet F1 move etroite end blockade roc', fr: 'flotte F1 aller etroite fin blocus roc', check: (x) => x.naval?.[0]?.end?.blockade === 'roc' },
  { kind: 'policy', en: 'policy F1 intercept 1.5 if-intercepted battle-if 1,2 else port pursue yes straits allow', fr: 'politique F1 intercepter 1.5 si-intercepté bataille-si 1.2 sinon port poursuivre oui détroits ouvrir', check: (x) => x.naval?.[0]?.policy?.blockStraits === false },
  { kind: 'gift', en: 'gift 10 to dwarves "for the road"', fr: 'don 10 à dwarves "for the road"', check: (x) => x.orders?.money?.[0]?.kind === 'gift' },
  { kind: 'ships', en: 'ships 20 at rives', fr: 'navires 20 a rives', check: (x) => x.orders?.money?.[0]?.kind === 'ships' },
  { kind: 'effort', en: 'effort A1 30', fr: 'effort A1 30', check: (x) => x.orders?.money?.[0]?.kind === 'effort' },
  { kind: 'prestige', en: 'prestige sylve', fr: 'prestige Sylvebrune', check: (x) => x.orders?.money?.[0]?.kind === 'prestige' },
  { kind: 'pillage', en: 'pillage coudre', fr: 'piller coudre', check: (x) => x.orders?.money?.[0]?.kind === 'pillage' },
  { kind: 'friend', en: 'friend dwarves', fr: 'ami dwarves', check: (x) => x.orders?.friendship?.declare?.[0] === 'dwarves' },
  { kind: 'unfriend', en: 'unfriend dwarves', fr: 'rompre dwarves', check: (x) => x.orders?.friendship?.cancel?.[0] === 'dwarves' },
  { kind: 'cede', en: 'cede hautval to dwarves', fr: 'céder hautval à dwarves', check: (x) => x.orders?.cessions?.[0]?.to === 'dwarves' },
  { kind: 'cede', en: 'cede hautval to dwarves ownership', fr: 'céder hautval à dwarves propriété', check: (x) => x.orders?.cessions?.[0]?.transferOwnership === true }, // [P A-22]
  { kind: 'accept-ownership', en: 'accept-ownership', fr: 'accepter-propriété', check: (x) => x.orders?.acceptOwnership === true }, // [P A-22]
  { kind: 'vassal', en: 'vassal dwarves', fr: 'vassal dwarves', check: (x) => x.orders?.offerVassalage === 'dwarves' },
  { kind: 'accept-vassal', en: 'accept-vassal dwarves', fr: 'accepter-vassal dwarves', check: (x) => x.orders?.acceptVassals?.[0] === 'dwarves' },
  { kind: 'free', en: 'free fens', fr: 'affranchir fens', check: (x) => x.orders?.freeTributaries?.[0] === 'fens' },
  { kind: 'rate', en: 'rate fens 0.3', fr: 'taux fens 0,3', check: (x) => x.orders?.tributeRates?.[0]?.rate === 0.3 },
  { kind: 'yoke', en: 'yoke', fr: 'joug', as: 'fens', state: () => { const s = rich(); s.realms.elves!.consecutiveMainArmyDefeats = 2; return s; }, check: (x) => x.orders?.throwOffYoke === true },
  { kind: 'appoint', en: 'appoint A1', fr: 'nommer A1', state: () => { const s = rich(); s.characters['elves:general:1']!.status = 'captive'; return s; }, check: (x) => x.orders?.appointGenerals?.[0] === 'elves:A1' },
  { kind: 'release', en: 'release dwarves:general:1', fr: 'relacher Dagna', check: (x) => x.orders?.releasePrisoners?.[0] === 'dwarves:general:1' },
  { kind: 'master', en: 'master dwarves', fr: 'maitre dwarves', check: (x) => x.orders?.masterChoice === 'dwarves' },
  { kind: 'raid', en: 'raid A1 fens', fr: 'razzia A1 fens', state: () => { const s = base(); s.armies['elves:A1']!.location = 'coudre'; return s; }, check: (x) => x.orders?.raids?.[0]?.target === 'fens' },
  { kind: 'attack', en: 'attack dwarves', fr: 'attaquer dwarves', check: (x) => x.orders?.attack?.[0] === 'dwarves' },
  { kind: 'attack a friend', en: 'unfriend dwarves\nattack dwarves', fr: 'rompre dwarves\nattaquer dwarves', state: () => { const s = rich(); s.realms.elves!.friendsDeclared = ['dwarves']; return s; }, check: (x) => x.orders?.attack?.[0] === 'dwarves' && x.orders.friendship?.cancel?.[0] === 'dwarves' },
  { kind: 'besiege', en: 'besiege tourbe', fr: 'assiéger tourbe', check: (x) => x.orders?.besiege?.[0] === 'tourbe' },
  { kind: 'no-siege', en: 'no-siege A1', fr: 'sans-siege A1', check: (x) => x.orders?.noSiege?.[0] === 'elves:A1' },
  { kind: 'surrender', en: 'surrender sylve', fr: 'rendre sylve', check: (x) => x.orders?.surrender?.[0] === 'sylve' },
  { kind: 'abandon', en: 'abandon sylve', fr: 'abandonner sylve', check: (x) => x.orders?.abandon?.[0] === 'sylve' },
  { kind: 'sortie', en: 'sortie sylve', fr: 'sortie sylve', state: () => { const s = rich(); s.armies['elves:A1']!.location = 'sylve'; s.armies['elves:A1']!.inFortress = true; return s; }, check: (x) => x.sorties?.[0] === 'sylve' },
  { kind: 'relief', en: 'relief enclume pin', fr: 'secours enclume fixer', check: (x) => x.relief?.enclume === 'pin' },
  { kind: 'consent', en: 'consent enclume yes', fr: 'consentir enclume oui', check: (x) => x.sortieConsent?.enclume === true },
  { kind: 'contingent', en: 'contingent sylve 4', fr: 'contingent sylve 4', check: (x) => x.contingents?.sylve === 4 },
  { kind: 'withdraw', en: 'withdraw sylve', fr: 'évacuer sylve', state: () => { const s = rich(); s.armies['elves:A1']!.location = 'sylve'; s.armies['elves:A1']!.inFortress = true; return s; }, check: (x) => x.withdraw?.[0] === 'sylve' },
  { kind: 'create-army', en: 'create-army', fr: 'nouvelle-armée', check: (x) => x.orders?.createArmy === true },
  { kind: 'posture', en: 'posture A1 avoid', fr: 'posture A1 éviter', check: (x) => x.postures?.['elves:A1'] === 'avoid' },
  { kind: 'retreat', en: 'retreat A1 land rives, sea F1, fortress', fr: 'retraite A1 terre rives, mer F1, forteresse', check: (x) => x.retreat?.['elves:A1']?.length === 3 },
  { kind: 'react', en: 'react D1 to sylve when tourbe coudre', fr: 'réagir D1 vers sylve si tourbe coudre', check: (x) => x.reactions?.[0]?.when?.length === 2 },
  { kind: 'sovereign', en: 'sovereign A1', fr: 'souverain A1', check: (x) => x.sovereignPresent?.[0] === 'elves:A1' },
  { kind: 'disband', en: 'disband A1', fr: 'dissoudre A1', check: (x) => x.disband === 'elves:A1' },
  { kind: 'declare', en: 'declare "The forest \\"stands\\"" # a comment', fr: 'déclarer "The forest \\"stands\\""', check: (x) => x.orders?.declarations?.[0] === 'The forest "stands"' },
  { kind: 'rumour', en: 'rumour "The dwarves are broke"', fr: 'rumeur « The dwarves are broke »', check: (x) => x.orders?.rumours?.[0] === 'The dwarves are broke' },
  { kind: 'treaty', en: 'treaty "Peace" with dwarves fens', fr: 'traité "Peace" avec dwarves fens', check: (x) => x.orders?.treaties?.[0]?.signatories.join() === 'elves,dwarves,fens' },
  { kind: 'confirm', en: 'confirm dwarves:0:T1', fr: 'confirmer dwarves:0:T1', check: (x) => x.orders?.confirmTreaties?.[0] === 'dwarves:0:T1' },
];

for (const k of KINDS) {
  test(`order ${k.kind}: English and French read alike, no issue, printed back the same`, () => {
    const s = (k.state ?? rich)();
    const who = k.as ?? 'elves';
    const en = parseSheet(s, who, k.en, 'en');
    const fr = parseSheet(s, who, k.fr, 'fr');
    assert.deepEqual(en.issues, [], `no issue in English: ${JSON.stringify(en.issues.map((i) => i.message.en))}`);
    assert.deepEqual(fr.issues, [], `no issue in French: ${JSON.stringify(fr.issues.map((i) => i.message.fr))}`);
    assert.deepEqual(fr.sheet, en.sheet);
    assert.ok(k.check(en.sheet), `the sheet holds the order: ${JSON.stringify(en.sheet)}`);
    for (const lang of ['en', 'fr'] as const) {
      const back = parseSheet(s, who, sheetText(s, who, en.sheet, lang), lang);
      assert.deepEqual(back.issues, [], `printed ${lang} reparses cleanly`);
      assert.deepEqual(back.sheet, en.sheet);
    }
  });
}

test('every order keyword of the grammar is covered by a test line above', () => {
  const covered = new Set(KINDS.flatMap((k) => k.en.split('\n').map((l) => l.split(' ')[0])));
  for (const w of Object.values(ORDER_WORDS)) if (!['join', 'merge', 'transfer'].includes(w.en)) assert.ok(covered.has(w.en), `order ${w.en} is tested`);
});

test('join, merge and transfer are carried out by the rules’ acts in sheet order', () => {
  const s = rich();
  const r = parseSheet(s, 'elves', 'split F1 80\ntransfer F1 F2 10\nmerge F1 F2', 'en');
  assert.deepEqual(r.issues, []);
  assert.deepEqual(r.sheet.orders?.forces?.map((f) => f.kind), ['split-fleet', 'exchange-ships', 'merge-fleets']);
  const j = parseSheet(s, 'elves', 'join D1 A1', 'en');
  assert.equal(j.issues.length, 1, 'a detachment rejoins its own army by recall (rules/detachments.ts)');
  assert.match(j.issues[0]!.message.en, /recalled/);
  assert.match(j.issues[0]!.message.fr, /rappelé/);
});

// ─── every issue, both languages ─────────────────────────────────────────────────────────────

const ISSUES: { kind: string; text: string; en: RegExp; fr: RegExp; line?: number; severity?: 'warning'; state?: () => GruikState }[] = [
  { kind: 'unknown order, with a suggestion', text: 'mvoe A1 rives', en: /unknown order "mvoe"; did you mean move/, fr: /ordre inconnu « mvoe » ; vouliez-vous dire/ },
  { kind: 'unknown province', text: 'move A1 narnia', en: /unknown province "narnia"/, fr: /province inconnue « narnia »/ },
  { kind: 'unknown state', text: 'friend orcs', en: /unknown state "orcs"/, fr: /état inconnu « orcs »/ },
  { kind: 'missing argument', text: 'move', en: /Missing an army or a detachment after "move"/, fr: /Il manque une armée ou un détachement après « move »/ },
  { kind: 'extra word', text: 'yoke now', en: /Unexpected "now"/, fr: /« now » en trop/ },
  { kind: 'expected word', text: 'posture A1 dance', en: /Expected "engage" or "avoid" here, not "dance"/, fr: /On attend ici « engager » ou « eviter », pas « dance »/ },
  { kind: 'not a whole number', text: 'detach A1 four', en: /"four" is not a whole number/, fr: /« four » n’est pas un nombre entier/ },
  { kind: 'not a number', text: 'rate fens x', en: /"x" is not a number/, fr: /« x » n’est pas un nombre/ },
  { kind: 'unclosed quote', text: 'declare "open', en: /not closed/, fr: /n’est pas fermé/ },
  { kind: 'text without quotes', text: 'declare hello', en: /between double quotes/, fr: /entre guillemets/ },
  { kind: 'text too long', text: `declare "${'x'.repeat(2001)}"`, en: /at most 2000 characters/, fr: /au plus 2000 caractères/ },
  { kind: 'an order twice', text: 'posture A1 avoid\nposture A1 engage', line: 2, en: /repeats the order of line 1/, fr: /répète celui de la ligne 1/ },
  { kind: 'wrong detachment name', text: 'detach A1 4 as D7', en: /will be called D2, not D7/, fr: /s’appellera D2, et non D7/ },
  { kind: 'treaty alone', text: 'treaty "x" with elves', en: /at least one other state/, fr: /au moins un autre état/ },
  { kind: 'empty policy', text: 'policy F1', en: /A policy sets at least one of/, fr: /Une politique fixe au moins/ },
  { kind: 'bad ratio', text: 'policy F1 intercept 0', en: /greater than 0 and at most 100/, fr: /supérieur à 0 et au plus 100/ },
  { kind: 'combine fleet spelling', text: 'combine F1 dwarves commander elves', en: /written state:Fn/, fr: /s’écrit état:Fn/ },
  { kind: 'line too long', text: `# ${'x'.repeat(4001)}`, en: /longer than 4000/, fr: /dépasse 4000/ },
  { kind: 'too many lines', text: `${'\n'.repeat(2000)}yoke`, line: 2001, en: /more than 2000 lines/, fr: /dépasse 2000 lignes/ },
  { kind: 'move too long (§5.3, moveRefusal)', text: 'move A1 rives coudre tourbe', state: base, en: /at most 2 provinces/, fr: /au plus 2 provinces/ },
  { kind: 'detachment through enemy land (§5.2, moveRefusal): a warning, S3.2 may change it', text: 'move D1 coudre tourbe', severity: 'warning', state: () => withD1(base()), en: /crosses only friendly provinces/, fr: /ne traverse que des provinces amies/ },
  { kind: 'blockade of a province not hostile (§7.13, navalOrderRefusal): a warning', text: 'fleet F1 move etroite end blockade roc', severity: 'warning', en: /A blockade targets an enemy province/, fr: /Le blocus vise une province ennemie/ },
  { kind: 'fleet not adjacent (§7.2, navalOrderRefusal)', text: 'fleet F1 move large move baie move large move baie move large', en: /at most 4 actions/, fr: /au plus 4 actions/ },
  { kind: 'fleet embarks a stranger (§7.5, navalOrderRefusal)', text: 'fleet F1 embark D1 end port rives', en: /The force must stand in a province on the coast/, fr: /doit se trouver dans une province de la côte/, state: () => { const s = rich(); s.detachments['elves:D1']!.location = 'hautval'; return s; } },
  { kind: 'S3.1 refusal (validateOrders)', text: 'rate dwarves 0.3', en: /is not your tributary/, fr: /n’est pas votre tributaire/ },
  { kind: 'S3.6 refusal (createDetachment)', text: 'detach A1 7', en: /cannot exceed 6 AP/, fr: /ne peut dépasser 6 AP/ },
  { kind: 'money refusal (moneyOrderRefusal)', text: 'effort A1 20', en: /whole blocks of 15/, fr: /tranches entières de 15/ },
  { kind: 'money beyond the debt cap (A-37): a warning', text: 'gift 90 to dwarves\ngift 90 to fens', line: 2, severity: 'warning', en: /debt limit/, fr: /limite des dettes/ },
];

for (const k of ISSUES) {
  test(`issue: ${k.kind}, in both languages, on its line`, () => {
    const s = (k.state ?? rich)();
    const r = parseSheet(s, 'elves', k.text, 'en');
    const hit = r.issues.find((i) => k.en.test(i.message.en));
    assert.ok(hit, `an issue matches ${k.en}: ${JSON.stringify(r.issues.map((i) => i.message.en))}`);
    assert.match(hit!.message.fr, k.fr);
    assert.equal(hit!.line, k.line ?? 1);
    assert.equal(hit!.severity, k.severity ?? 'error');
  });
}

test('a detachment named wrongly is not created, and later lines cannot name it', () => {
  const r = parseSheet(rich(), 'elves', 'detach A1 4 as D7\nmove D2 rives', 'en');
  assert.deepEqual(r.issues.map((i) => i.line), [1, 2]);
  assert.match(r.issues[1]!.message.en, /unknown force "D2"/);
  assert.equal(r.sheet.orders?.forces, undefined);
});

test('a bad line never loses the others', () => {
  const r = parseSheet(rich(), 'elves', 'move A1 narnia\nposture A1 avoid\nnonsense\nfriend dwarves', 'en');
  assert.deepEqual(r.issues.map((i) => i.line), [1, 3]);
  assert.equal(r.sheet.postures?.['elves:A1'], 'avoid');
  assert.deepEqual(r.sheet.orders?.friendship?.declare, ['dwarves']);
});

test('a refusal that hangs on relations keeps the line (S4.1 and S5 check again); a limit refuses it', () => {
  const s = withD1(base());
  const r = parseSheet(s, 'elves', 'move D1 coudre tourbe\nmove A1 rives coudre tourbe sylve', 'en');
  assert.deepEqual(r.issues.map((i) => [i.line, i.severity]), [[1, 'warning'], [2, 'error']]);
  assert.deepEqual(r.sheet.moves?.map((m) => m.force), ['elves:D1']);
});

test('the debt cap keeps the order (a warning: gifts received count at S3.5, A-37)', () => {
  const r = parseSheet(rich(), 'elves', 'gift 90 to dwarves\ngift 90 to fens', 'en');
  assert.equal(r.sheet.orders?.money?.length, 2);
});

// ─── fog of war ──────────────────────────────────────────────────────────────────────────────

test('fog: another state’s army out of sight reads exactly like one that does not exist', () => {
  const s = base();                                            // the dwarf army is at home: the elves do not see it
  const gone = base();
  delete gone.armies['dwarves:A1'];
  gone.realms.dwarves!.armies = [];
  for (const text of ['move dwarves:A1 tourbe', 'ally A1 dwarves:A1 4', 'join A1 dwarves:A1', 'posture dwarves:A1 avoid', 'raid dwarves:A1 fens']) {
    const a = parseSheet(s, 'elves', text, 'en');
    const b = parseSheet(gone, 'elves', text, 'en');
    assert.deepEqual(a.issues, b.issues, `"${text}" reads alike`);
    assert.equal(a.issues.length, 1, `"${text}" is refused`);
  }
});

test('fog: suggestions come only from the state’s own forces, never another state’s', () => {
  const s = rich();                                              // the dwarf army stands in Sylvebrune: seen
  const r = parseSheet(s, 'elves', 'move dwarves:A1 coudre\nposture A2 avoid', 'en');
  for (const i of r.issues) {
    assert.ok(!(i.candidates ?? []).some((c) => c.startsWith('dwarves')), `no dwarf force suggested: ${i.candidates}`);
    assert.doesNotMatch(i.message.en, /dwarves:A1[^"]/);
  }
  assert.ok(r.issues[0]!.candidates?.includes('A1'), 'the elves’ own A1 is suggested');
  const ally = parseSheet(s, 'elves', 'ally A1 dwarves:A1 4', 'en');
  assert.deepEqual(ally.issues, [], 'a foreign army in sight may be named as a host');
  const d = parseSheet(s, 'dwarves', 'move D1 roc', 'en');
  assert.match(d.issues[0]!.message.en, /unknown force "D1"/, 'the elves’ D1 is not the dwarves’');
});

test('fog: the template and the form name only the state’s own forces', () => {
  const s = rich();
  for (const lang of ['en', 'fr'] as const) {
    const t = orderTemplate(s, 'elves', lang);
    assert.doesNotMatch(t, /dwarves:|Dagna's|dwarves:D/, 'no other state’s force in the template');
    assert.match(t, /A1/);
    assert.match(t, /D1/);
    const form = JSON.stringify(sheetForm(s, 'elves', lang));
    assert.doesNotMatch(form, /dwarves:A1|dwarves:F1/, 'no other state’s force in the form');
  }
});

// ─── the form ────────────────────────────────────────────────────────────────────────────────

/** Every line one entry can write: each field through each of its choices (the others at their first), integers at both bounds. */
function entryLines(e: FormEntry): string[] {
  const first: Record<string, string> = {};
  for (const f of e.fields) first[f.name] = f.kind === 'choice' ? f.options[0]?.value ?? '' : f.kind === 'integer' ? String(f.min ?? 1) : 'Long live the forest';
  const out = [formLine(e, first)];
  for (const f of e.fields) {
    const values = f.kind === 'choice' ? f.options.map((o) => o.value) : f.kind === 'integer' ? [String(f.min ?? 1), String(f.max ?? f.min ?? 1)] : ['Hello "world" \\ #1'];
    for (const v of values) out.push(formLine(e, { ...first, [f.name]: v }));
    if (f.optional) out.push(formLine(e, { ...first, [f.name]: '' }));
  }
  return out.filter((l): l is string => l !== null);
}

for (const [name, make] of [['base', base], ['rich', rich], ['detachment', () => withD1(base())]] as const) {
  test(`the form (${name} position): every choice it offers parses without error, in both languages`, () => {
    const s = make();
    for (const lang of ['en', 'fr'] as const) {
      const form = sheetForm(s, 'elves', lang);
      assert.ok(form.groups.length >= 5, 'the form has its groups');
      let n = 0;
      for (const g of form.groups) for (const e of g.entries) for (const line of entryLines(e)) {
        const r = parseSheet(s, 'elves', line, lang);
        assert.deepEqual(errors(r), [], `${lang} "${line}": ${JSON.stringify(errors(r).map((i) => i.message[lang]))}`);
        n++;
      }
      assert.ok(n > 30, `many choices checked (${n})`);
      const plans = form.groups.flatMap((g) => g.entries).filter((e) => e.code === (lang === 'en' ? 'fleet' : 'flotte')).flatMap((e) => e.fields.flatMap((f) => (f.kind === 'choice' ? f.options.map((o) => o.value) : [])));
      assert.ok(plans.some((p) => p.startsWith(lang === 'en' ? 'embark A1' : 'embarquer A1')), 'the form offers to carry A1 by sea');
    }
  });
}

// ─── properties ──────────────────────────────────────────────────────────────────────────────

test('round trip: parse(print(s)) == s for sheets made of random legal orders (form lines, texts, gifts), both languages', () => {
  const s = rich();
  const lines = sheetForm(s, 'elves', 'en').groups.flatMap((g) => g.entries.flatMap(entryLines));
  const text = fc.string({ maxLength: 40 }).filter((x) => !/[\r\n]/.test(x));
  const extra = fc.oneof(
    text.map((t) => `declare "${t.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`),
    text.map((t) => `rumour "${t.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`),
    fc.integer({ min: 1, max: 500 }).map((n) => `gift ${n} to dwarves`),
    fc.constantFrom('treaty "Peace" with dwarves', 'treaty "Trade" with fens dwarves', 'detach A1 4 as D2\nmove D2 rives', 'split F1 80\npolicy F2 pursue yes'),
  );
  fc.assert(fc.property(fc.array(fc.oneof(fc.constantFrom(...lines), extra), { maxLength: 25 }), fc.constantFrom('en' as const, 'fr' as const), (picked, lang) => {
    const first = parseSheet(s, 'elves', picked.join('\n'), 'en');
    const printed = sheetText(s, 'elves', first.sheet, lang);
    const again = parseSheet(s, 'elves', printed, lang);
    assert.deepEqual(errors(again), [], `the printed sheet reparses without error:\n${printed}`);
    assert.deepEqual(again.sheet, first.sheet);
  }), { numRuns: 150 });
});

test('round trip: texts of any characters (quotes, backslashes, newlines, # and commas) survive print → parse', () => {
  const s = rich();
  const txt = fc.string({ unit: 'binary', maxLength: 30 });
  fc.assert(fc.property(fc.array(txt, { maxLength: 3 }), fc.array(txt, { maxLength: 3 }), fc.option(txt, { nil: undefined }), fc.option(txt, { nil: undefined }), fc.constantFrom('en' as const, 'fr' as const),
    (declarations, rumours, note, treaty, lang) => {
      const orders: NonNullable<ReturnType<typeof parseSheet>['sheet']['orders']> = {};
      if (declarations.length) orders.declarations = declarations;
      if (rumours.length) orders.rumours = rumours;
      if (note !== undefined) orders.money = [{ kind: 'gift', to: 'dwarves', amount: 5, note }];
      if (treaty !== undefined) orders.treaties = [{ id: 'elves:0:T1', text: treaty, signatories: ['elves', 'fens'] }];
      const sheet = Object.keys(orders).length ? { orders } : {};
      const again = parseSheet(s, 'elves', sheetText(s, 'elves', sheet, lang), lang);
      assert.deepEqual(again.issues, []);
      assert.deepEqual(again.sheet, sheet);
    }), { numRuns: 200 });
});

test('any text: no throw, issues only, each on a line with both languages', () => {
  const s = rich();
  const words = [...Object.values(ORDER_WORDS).flatMap((w) => [w.en, w.fr]), 'A1', 'D1', 'F1', 'rives', 'dwarves', 'to', 'end', 'port', '"', ',', '#', '0.5', '-3', '999999999999', 'move', '«', '\\'];
  const token = fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 8 }));
  const line = fc.array(token, { maxLength: 8 }).map((t) => t.join(' '));
  fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.array(line, { maxLength: 12 }).map((l) => l.join('\n'))), fc.constantFrom('en' as const, 'fr' as const), (text, lang) => {
    const r = parseSheet(s, 'elves', text, lang);
    for (const i of r.issues) {
      assert.ok(Number.isInteger(i.line) && i.line >= 1, 'an issue has its line');
      assert.ok(i.message.en.length > 0 && i.message.fr.length > 0, 'an issue has both languages');
    }
    sheetText(s, 'elves', r.sheet, lang);
  }), { numRuns: 300 });
});

test('help and template in both languages; the template parses as comments only', () => {
  for (const lang of ['en', 'fr'] as const) {
    const h = sheetHelp(lang);
    for (const w of Object.values(ORDER_WORDS)) assert.ok(h.includes(`\n${w[lang]}`), `help lists ${w[lang]}`);
    const t = orderTemplate(rich(), 'elves', lang);
    const r = parseSheet(rich(), 'elves', t, lang);
    assert.deepEqual(r.issues, []);
    assert.deepEqual(r.sheet, {});
  }
  assert.notEqual(sheetHelp('en'), sheetHelp('fr'));
});
