/**
 * The tracks and trigger zones beside the board (tracks.ts; issue 21 "Around it"): the game page's
 * view has one section of bars, in French and English, with each trigger zone's cards against its
 * 2N (§4.2.4), the Mercenary track's shields against N + 1 and whose they are, each expedition's
 * space, blessing and stakes (§4.8), and the Influence taken from the reserve (§7.1). It shows
 * public information only: every baron and a spectator see the same section, and the secret
 * (decks, piles, plans) does not change it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import type { ViewSection } from '../../src/engine/ruleset.ts';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import type { Zone } from '../../src/rulesets/warrior-knights/cards.ts';

type Bars = Extract<ViewSection, { kind: 'bars' }>;
const section = (g: WkGame, viewer: string | null, lang: 'fr' | 'en'): Bars => {
  const s = rs.presentView!(g, viewer, lang).sections.find((x) => x.title === (lang === 'fr' ? 'Pistes et zones de déclenchement' : 'Tracks and trigger zones'));
  assert.ok(s && s.kind === 'bars', `the section in ${lang}`);
  return s as Bars;
};
const bar = (sec: Bars, label: string) => { const b = sec.bars.find((x) => x.label === label); assert.ok(b, `bar ${label} in ${sec.bars.map((x) => x.label).join(' | ')}`); return b!; };

/** Three barons (seat names Aude, Bérenger, Clothilde), shaped: cards in two zones, shields on the track, an expedition under way, Influence taken. */
function shaped(): { g: WkGame; a: BaronId; b: BaronId; c: BaronId } {
  const g = rs.setup({ players: 3, lords: ['Aude', 'Bérenger', 'Clothilde'] }, createRng('wk-tracks', 'setup'));
  const [a, b, c] = g.wk.players as [BaronId, BaronId, BaronId];
  const s = g.wk;
  const toZone = (baron: BaronId, zone: Zone) => { const card = s.barons[baron].hand.shift()!; s.zones[zone].push(card); };
  toZone(a, 'taxes'); toZone(b, 'taxes'); toZone(c, 'taxes'); // 3 of 6
  for (let i = 0; i < 6; i++) toZone([a, b, c][i % 3]!, 'wages'); // 6 of 6: Wages fired
  s.pendingPhases = ['wages'];
  s.track = [a, null, a, b, null, null, null]; s.barons[a].shields -= 2; s.barons[b].shields -= 1; // 3 of N + 1 = 4
  s.expeditions.spice = { space: 2, blessed: true, stakes: [{ baron: b, crowns: 3 }, { baron: c, crowns: 1 }] };
  s.barons[b].crowns -= 3; s.barons[c].crowns -= 1;
  s.influenceReserve -= 5; s.barons[a].influence += 5;
  return { g, a, b, c };
}

test('the tracks and trigger zones: how far each has filled, what it fires, in French and English', () => {
  const { g, a } = shaped();
  const fr = section(g, a, 'fr');
  assert.deepEqual(fr.bars.map((x) => x.label), [
    'Zone Impôts (jaune)', 'Zone Soldes (rouge)', 'Zone Assemblée (bleu)', 'Piste des mercenaires',
    'Expédition : Ceylan', 'Expédition : Îles aux Épices', 'Expédition : Chine', 'Influence prise à la réserve',
  ]);
  assert.deepEqual(bar(fr, 'Zone Impôts (jaune)'), { label: 'Zone Impôts (jaune)', share: 0.5, text: '3 / 6 cartes — à 6 : Impôts' });
  assert.deepEqual(bar(fr, 'Zone Soldes (rouge)'), { label: 'Zone Soldes (rouge)', share: 1, text: '6 / 6 cartes — à 6 : Soldes (déclenché, en attente)' });
  assert.equal(bar(fr, 'Zone Assemblée (bleu)').share, 0);
  assert.deepEqual(bar(fr, 'Piste des mercenaires'), { label: 'Piste des mercenaires', share: 0.75, text: '3 / 4 écussons — à 4 : Recrutement de mercenaires (Aude ×2, Bérenger)' });
  assert.deepEqual(bar(fr, 'Expédition : Îles aux Épices'), { label: 'Expédition : Îles aux Épices', share: 2 / 3, text: 'case 2 / 3 · bénie · mises : Bérenger 3, Clothilde 1' });
  assert.deepEqual(bar(fr, 'Expédition : Chine'), { label: 'Expédition : Chine', share: 0, text: 'aucune en route' });
  assert.deepEqual(bar(fr, 'Influence prise à la réserve'), { label: 'Influence prise à la réserve', share: 5 / 30, text: '5 / 30 — il en reste 25' });
  const en = section(g, a, 'en');
  assert.equal(bar(en, 'Zone Wages (red)').text, '6 / 6 cards — at 6: Wages (fired, waiting)');
  assert.equal(bar(en, 'Mercenary track').text, '3 / 4 shields — at 4: Mercenary Draft (Aude ×2, Bérenger)');
  assert.equal(bar(en, 'Expedition: Spice Islands').text, 'space 2 / 3 · blessed · stakes: Bérenger 3, Clothilde 1');
  assert.equal(bar(en, 'Influence taken from the reserve').text, '5 / 30 — 25 left');
  // The last turn, the reserve empty.
  g.wk.influenceReserve = 0; g.wk.lastTurn = true;
  assert.deepEqual(bar(section(g, a, 'en'), 'Influence taken from the reserve'), { label: 'Influence taken from the reserve', share: 1, text: '30 / 30 — 0 left; reserve empty: last turn' });
});

test('the tracks section is public: the same for every baron and a spectator, whatever the secret holds', () => {
  const { g, a, b, c } = shaped();
  const seen = section(g, a, 'fr');
  assert.deepEqual(section(g, b, 'fr'), seen);
  assert.deepEqual(section(g, c, 'fr'), seen);
  assert.deepEqual(section(g, null, 'fr'), seen);
  const secret = g.wk.secret;
  secret.fateDeck = [...secret.fateDeck].reverse();
  secret.mercenaryDeck = secret.mercenaryDeck.slice(1);
  secret.plans = { [a]: [[g.wk.barons[a].hand[0]!], [], []] };
  secret.piles = [[g.wk.barons[b].hand[0]!]];
  assert.deepEqual(section(g, a, 'fr'), seen, 'no secret read');
});
