/**
 * The decks of Fief (rules §2.4, §2.8, §6): counts per deck and kind, the roster (G-04), the
 * names and texts of every kind in French and English with the game's numbers filled in, the
 * calamity track's d6 (§6.3.1), and the relics of option A.1.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_CONFIG, resolveFiefConfig } from '../../src/rulesets/fief/constants.ts';
import { calamitySlots, calamityTarget, CARD_KIND_ORDER, CARD_KINDS, cardKind, cardName, cardText, deckCards, LORD_ROSTER, RELIC_IDS, relicText, RELICS } from '../../src/rulesets/fief/cards.ts';

test('§2.4 counts: Character 22 (18 Lord, 3 Cardinal, 1 d’Arc); Event/Calamity 35 (25 Event, 10 Calamity)', () => {
  const ch = deckCards('character', DEFAULT_CONFIG);
  const ev = deckCards('event', DEFAULT_CONFIG);
  assert.equal(ch.length, 22);
  assert.equal(ev.length, 35);
  const count = (ids: string[], pred: (k: string) => boolean) => ids.filter((id) => pred(cardKind(id))).length;
  assert.equal(count(ch, (k) => k === 'LORD'), 18);
  assert.equal(count(ch, (k) => k === 'CARDINAL'), 3);
  assert.equal(count(ch, (k) => k === 'DARC'), 1);
  assert.equal(count(ev, (k) => CARD_KINDS[k as keyof typeof CARD_KINDS].family === 'event'), 25);
  assert.equal(count(ev, (k) => CARD_KINDS[k as keyof typeof CARD_KINDS].family === 'calamity'), 10);
  const per = Object.fromEntries(CARD_KIND_ORDER.map((k) => [k, [...ch, ...ev].filter((id) => cardKind(id) === k).length]));
  assert.deepEqual(per, { LORD: 18, CARDINAL: 3, DARC: 1, GOOD_HARVEST: 5, FAIR_WEATHER: 5, TAX: 5, REVOLT: 4, TUNNEL: 3, ASSASSINATION: 1, JUSTICE: 1, AMBUSH: 1, BAD_WEATHER: 4, FAMINE: 4, PLAGUE: 2 });
  assert.equal(new Set([...ch, ...ev]).size, 57, 'every card id is unique');
});

test('§2.4 timing classes: Lord and the bonus/tax cards are phase cards; Cardinal, d’Arc, Revolt, Tunnel, Assassination, Justice, Ambush are surprises', () => {
  const surprise = CARD_KIND_ORDER.filter((k) => CARD_KINDS[k].timing === 'surprise');
  assert.deepEqual(surprise, ['CARDINAL', 'DARC', 'REVOLT', 'TUNNEL', 'ASSASSINATION', 'JUSTICE', 'AMBUSH']);
  assert.deepEqual(CARD_KIND_ORDER.filter((k) => CARD_KINDS[k].timing === 'phase'), ['LORD', 'GOOD_HARVEST', 'FAIR_WEATHER', 'TAX']);
});

test('§2.8 roster (G-04): 12 men and 6 women; the 12 names of the rules are kept', () => {
  assert.equal(LORD_ROSTER.filter((l) => l.gender === 'M').length, 12);
  assert.equal(LORD_ROSTER.filter((l) => l.gender === 'F').length, 6);
  const named = LORD_ROSTER.filter((l) => l.source === 'rules').map((l) => l.name);
  for (const n of ['FRANÇOIS', 'QUENTIN', 'BEAUDOIN', 'GAUVAIN', 'ARTHUR', 'CHARLES', 'THIERRY', 'JEANNE', 'BLANCHE', 'ALIÉNOR', 'MIREILLE', 'GUENIÈVRE']) assert.ok(named.includes(n), n);
  assert.equal(new Set(LORD_ROSTER.map((l) => l.name)).size, 18);
  assert.equal(cardName('LORD_M_01').fr, 'FRANÇOIS');
});

test('every kind has a name and a text in French and English, with every number filled from the constants', () => {
  for (const k of CARD_KIND_ORDER) {
    const t = cardText(k, DEFAULT_CONFIG);
    for (const lang of ['fr', 'en'] as const) {
      assert.ok(CARD_KINDS[k].name[lang].length > 0, `${k} name ${lang}`);
      assert.ok(t[lang].length > 40, `${k} text ${lang}`);
      assert.doesNotMatch(t[lang], /[{}]/, `${k} ${lang}: a placeholder is left`);
    }
    assert.notEqual(t.fr, t.en, k);
  }
  for (const r of RELIC_IDS) for (const lang of ['fr', 'en'] as const) {
    assert.ok(RELICS[r].name[lang].length > 0);
    assert.doesNotMatch(relicText(r, DEFAULT_CONFIG)[lang], /[{}]/);
  }
});

test('a text follows the constants in force (no number written again in prose)', () => {
  const c = resolveFiefConfig({ movement: { darcSteps: 4 }, calamity: { plagueSurvivesFrom: 5 } });
  assert.match(cardText('DARC', c).en, /moves 4 steps/);
  assert.match(cardText('DARC', c).fr, /va à 4 étapes/);
  assert.match(cardText('PLAGUE', c).en, /survives on 5 or more/);
  assert.match(cardText('PLAGUE', DEFAULT_CONFIG).fr, /survit sur 4 ou plus/);
  // Numbers agree with their nouns in both languages.
  assert.match(cardText('DARC', DEFAULT_CONFIG).fr, /ajoute 1 dé de combat à son camp et compte pour 1 point de combat/);
  const two = resolveFiefConfig({ combat: { darcExtraDie: 2, cpDarc: 2 }, income: { harvestBonus: 2 } });
  assert.match(cardText('DARC', two).fr, /ajoute 2 dés de combat .* 2 points de combat/);
  assert.match(cardText('DARC', two).en, /adds 2 combat dice .* 2 combat points/);
  assert.match(cardText('GOOD_HARVEST', two).fr, /rapporte 2 écus de plus/);
  assert.match(cardText('GOOD_HARVEST', DEFAULT_CONFIG).en, /yields 1 ecu more/);
});

test('§6.3.1 the calamity d6: 1–5 names the bishopric, 6 is a false alarm; the track has 3 slots', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6].map(calamityTarget), [1, 2, 3, 4, 5, 'FALSE_ALARM']);
  assert.throws(() => calamityTarget(7));
  assert.deepEqual(calamitySlots(DEFAULT_CONFIG), [1, 2, 3]);
});
