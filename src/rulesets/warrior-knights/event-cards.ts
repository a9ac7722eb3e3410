/**
 * The 33 ORIGINAL Event cards (rules §2.10, §10.8, G-D09): our names and texts in French and
 * English [§10.1], the effect as data in the DSL of effects.ts. 11 of each back colour (§10.8
 * suggested): red cards hurt the drawer and most can be cancelled by him with the Faith shown;
 * green cards help the drawer and cannot be cancelled [P G-A41]; blue cards aim at nobody in
 * particular (any target comes from the Fate deck) and a few can be cancelled by Faith pooled by
 * any barons (§4.7, [P G-A42]). Roles of §10.10: E-RAZE (the text's Fire, TV-08) and E-NOHEIR (the
 * text's No Heir / Line Broken, §6.12). content-check.ts validates the deck.
 *
 * Ids `event:<slug>`; the deck is shuffled at setup S3 (setup.ts).
 */
import type { CardTexts, Op, Pick } from './effects.ts';

export type EventColour = 'red' | 'green' | 'blue';

export interface EventCard extends CardTexts {
  id: string;
  colour: EventColour;
  /** Faith icons: the cost to cancel it, or null (cannot be cancelled). */
  cost: number | null;
  /** Stays in play after it is resolved (can be cancelled only when revealed, §2.10). */
  lasting: boolean;
  pick?: Pick;
  ops: Op[];
}

const ev = (slug: string, colour: EventColour, cost: number | null, fr: [string, string], en: [string, string], ops: Op[], pick?: Pick): EventCard => ({
  id: `event:${slug}`, colour, cost, name: { fr: fr[0], en: en[0] }, text: { fr: fr[1], en: en[1] }, ops, pick,
  lasting: ops.some((o) => o.op === 'lasting' || o.op === 'no-heir'),
});

export const EVENT_CARDS: readonly EventCard[] = [
  // ─── Red: unfavourable to the drawer ───
  ev('marsh-fever', 'red', 1, ['Fièvre des marais', 'La Destinée désigne un de vos nobles sur le plateau : son armée subit 2 pertes.'], ['Marsh Fever', 'Fate names one of your nobles on the board: his army suffers 2 casualties.'],
    [{ op: 'casualties', on: 'noble', n: 2 }], { pick: 'noble', by: 'fate', scope: 'own-board' }),
  ev('extinct-line', 'red', 2, ['Lignée éteinte', 'La Destinée désigne un de vos nobles : il n’aura plus jamais d’héritier. La carte reste devant vous.'], ['Extinct Line', 'Fate names one of your nobles: he will never again have an heir. The card stays before you.'],
    [{ op: 'no-heir' }], { pick: 'noble', by: 'fate', scope: 'own' }),
  ev('heir-to-the-cloister', 'red', 1, ['L’héritier prend le froc', 'La Destinée désigne un de vos nobles : son fils entre au cloître, il n’a plus d’héritier. La carte reste devant vous.'], ['The Heir Takes the Cowl', 'Fate names one of your nobles: his son enters the cloister, he has no heir any more. The card stays before you.'],
    [{ op: 'no-heir' }], { pick: 'noble', by: 'fate', scope: 'own' }),
  ev('faithless-steward', 'red', 1, ['Intendant infidèle', 'Votre intendant s’enfuit avec la caisse : perdez 5 couronnes (ou ce que vous avez).'], ['Faithless Steward', 'Your steward flees with the strongbox: lose 5 crowns (or all you have).'],
    [{ op: 'crowns', who: 'target', n: -5 }]),
  ev('pay-in-arrears', 'red', 2, ['Soldes en retard', 'La Destinée désigne une nation : tous vos mercenaires de cette nation désertent.'], ['Pay in Arrears', 'Fate names a nation: all your mercenaries of that nation desert.'],
    [{ op: 'desert', who: 'target' }], { pick: 'nation', by: 'fate' }),
  ev('angry-burghers', 'red', 2, ['Bourgeois en colère', 'La Destinée désigne une cité que vous contrôlez : elle vous chasse et redevient neutre (ses brèches restent).'], ['Angry Burghers', 'Fate names a city you control: it throws you out and turns neutral (its breaches remain).'],
    [{ op: 'neutral' }], { pick: 'city', by: 'fate', scope: 'own' }),
  ev('heretic-at-court', 'red', 2, ['Un hérétique à votre cour', 'Vous n’assistez pas à la prochaine Assemblée et y recevez 2 voix de moins. La carte reste devant vous jusqu’à la fin de cette Assemblée.'], ['A Heretic at Your Court', 'You do not attend the next Assembly and receive 2 fewer votes there. The card stays before you until that Assembly ends.'],
    [{ op: 'lasting', who: 'target', mod: { mod: 'absent' }, until: 'next-assembly' }, { op: 'lasting', who: 'target', mod: { mod: 'grant', n: -2 }, until: 'next-assembly' }]),
  ev('suburb-fire', 'red', null, ['Le faubourg brûle', 'La Destinée désigne une cité que vous contrôlez : elle subit 2 brèches.'], ['The Suburb Burns', 'Fate names a city you control: it takes 2 breaches.'],
    [{ op: 'breaches', n: 2 }], { pick: 'city', by: 'fate', scope: 'own' }),
  ev('autumn-rains', 'red', null, ['Pluies d’automne', 'Les chemins sont noyés : tous vos nobles sur le plateau sont épuisés.'], ['Autumn Rains', 'The roads are drowned: all your nobles on the board become exhausted.'],
    [{ op: 'exhaust', who: 'target' }]),
  ev('scandal', 'red', null, ['Scandale', 'Vos alliés vous tournent le dos : perdez 3 voix (ou ce que vous avez).'], ['Scandal', 'Your allies turn their backs on you: lose 3 votes (or all you have).'],
    [{ op: 'votes', who: 'target', n: -3 }]),
  ev('blighted-harvest', 'red', null, ['Récolte gâtée', 'Aux prochains Impôts, vous recevez 3 couronnes de moins. La carte reste devant vous jusque-là.'], ['Blighted Harvest', 'At the next Taxation you receive 3 crowns less. The card stays before you until then.'],
    [{ op: 'lasting', who: 'target', mod: { mod: 'income', n: -3 }, until: 'next-taxation' }]),

  // ─── Green: favourable to the drawer ───
  ev('buried-hoard', 'green', null, ['Trésor enfoui', 'Des laboureurs déterrent un coffre : gagnez 6 couronnes.'], ['Buried Hoard', 'Ploughmen unearth a chest: gain 6 crowns.'],
    [{ op: 'crowns', who: 'target', n: 6 }]),
  ev('generous-pilgrims', 'green', null, ['Pèlerins généreux', 'Gagnez 2 points de Foi.'], ['Generous Pilgrims', 'Gain 2 Faith.'],
    [{ op: 'faith', who: 'target', n: 2 }]),
  ev('friends-at-court', 'green', null, ['Amis à la cour', 'Gagnez 3 voix.'], ['Friends at Court', 'Gain 3 votes.'],
    [{ op: 'votes', who: 'target', n: 3 }]),
  ev('master-masons', 'green', null, ['Maîtres maçons', 'Choisissez une cité que vous contrôlez et qui n’est pas assiégée : ses brèches sont réparées et elle est fortifiée, sans frais.'], ['Master Masons', 'Choose a city you control that is not besieged: its breaches are repaired and it is fortified, free of charge.'],
    [{ op: 'repair-fortify' }], { pick: 'city', by: 'target', scope: 'own' }),
  ev('winter-quarters', 'green', null, ['Quartiers d’hiver', 'Tous vos nobles sur le plateau sont frais et dispos.'], ['Winter Quarters', 'All your nobles on the board are ready again.'],
    [{ op: 'ready', who: 'target' }]),
  ev('barber-surgeons', 'green', null, ['Chirurgiens-barbiers', 'Retirez tous les jetons de pertes de vos armées.'], ['Barber-Surgeons', 'Remove every casualty token from your armies.'],
    [{ op: 'heal', who: 'target' }]),
  ev('great-fair', 'green', null, ['Grande foire', 'Aux prochains Impôts, vous recevez 4 couronnes de plus. La carte reste devant vous jusque-là.'], ['Great Fair', 'At the next Taxation you receive 4 crowns more. The card stays before you until then.'],
    [{ op: 'lasting', who: 'target', mod: { mod: 'income', n: 4 }, until: 'next-taxation' }]),
  ev('acclaimed', 'green', null, ['Acclamé par le peuple', 'Prenez 1 point d’Influence dans la réserve.'], ['Acclaimed by the People', 'Take 1 Influence from the reserve.'],
    [{ op: 'influence', who: 'target', n: 1 }]),
  ev('tithe-barns', 'green', null, ['Granges dîmières', 'Gagnez 1 couronne par cité que vous contrôlez.'], ['Tithe Barns', 'Gain 1 crown for each city you control.'],
    [{ op: 'crowns-per-city', who: 'target', n: 1 }]),
  ev('papal-envoy', 'green', null, ['Légat du pape', 'Gagnez 1 point de Foi et prenez le soutien de l’Église.'], ['Papal Legate', 'Gain 1 Faith and take the Church’s support.'],
    [{ op: 'faith', who: 'target', n: 1 }, { op: 'church' }]),
  ev('eloquent-speaker', 'green', null, ['Orateur éloquent', 'À la prochaine Assemblée, vous recevez 2 voix de plus. La carte reste devant vous jusque-là.'], ['Eloquent Speaker', 'At the next Assembly you receive 2 more votes. The card stays before you until then.'],
    [{ op: 'lasting', who: 'target', mod: { mod: 'grant', n: 2 }, until: 'next-assembly' }]),

  // ─── Blue: general ───
  ev('great-fire', 'blue', 2, ['Grand incendie', 'La Destinée désigne une cité non rasée : elle est rasée et tous les nobles qui s’y trouvent meurent.'], ['Great Fire', 'Fate names an unrazed city: it is razed and every noble in it dies.'],
    [{ op: 'raze' }], { pick: 'city', by: 'fate', scope: 'unrazed' }),
  ev('pestilence', 'blue', 1, ['Pestilence', 'La Destinée désigne une cité non rasée : chaque noble dans sa région subit 1 perte.'], ['Pestilence', 'Fate names an unrazed city: every noble in its region suffers 1 casualty.'],
    [{ op: 'casualties', on: 'city-region', n: 1 }], { pick: 'city', by: 'fate', scope: 'unrazed' }),
  ev('spring-flood', 'blue', 1, ['Crue de printemps', 'La Destinée désigne une cité du royaume non rasée : la crue y ouvre 2 brèches.'], ['Spring Flood', 'Fate names an unrazed Kingdom city: the flood opens 2 breaches in it.'],
    [{ op: 'breaches', n: 2 }], { pick: 'city', by: 'fate', scope: 'kingdom' }),
  ev('royal-jubilee', 'blue', null, ['Jubilé', 'On fête l’anniversaire du feu roi : chaque baron gagne 2 couronnes.'], ['Jubilee', 'The late king’s feast day: each baron gains 2 crowns.'],
    [{ op: 'crowns', who: 'all', n: 2 }]),
  ev('synod', 'blue', null, ['Synode', 'Chaque baron gagne 1 point de Foi.'], ['Synod', 'Each baron gains 1 Faith.'],
    [{ op: 'faith', who: 'all', n: 1 }]),
  ev('council-of-elders', 'blue', null, ['Conseil des anciens', 'Chaque baron gagne 1 voix.'], ['Council of Elders', 'Each baron gains 1 vote.'],
    [{ op: 'votes', who: 'all', n: 1 }]),
  ev('peasant-uprising', 'blue', 2, ['Jacquerie', 'La Destinée désigne une cité non rasée : si un baron la contrôle, elle redevient neutre (ses brèches restent).'], ['Peasant Uprising', 'Fate names an unrazed city: if a baron controls it, it turns neutral (its breaches remain).'],
    [{ op: 'neutral' }], { pick: 'city', by: 'fate', scope: 'unrazed' }),
  ev('royal-toll', 'blue', null, ['Péage royal', 'La Destinée désigne un baron : il paie 4 couronnes à la banque (ou ce qu’il a).'], ['Royal Toll', 'Fate names a baron: he pays 4 crowns to the bank (or all he has).'],
    [{ op: 'crowns', who: 'target', n: -4 }], { pick: 'baron', by: 'fate' }),
  ev('windfall', 'blue', null, ['Héritage inattendu', 'La Destinée désigne un baron : il gagne 5 couronnes.'], ['Unexpected Inheritance', 'Fate names a baron: he gains 5 crowns.'],
    [{ op: 'crowns', who: 'target', n: 5 }], { pick: 'baron', by: 'fate' }),
  ev('brigands', 'blue', 1, ['Brigands', 'La Destinée désigne un noble sur le plateau : son armée subit 1 perte.'], ['Brigands', 'Fate names a noble on the board: his army suffers 1 casualty.'],
    [{ op: 'casualties', on: 'noble', n: 1 }], { pick: 'noble', by: 'fate', scope: 'board' }),
  ev('free-company', 'blue', null, ['Compagnie franche', 'La Destinée désigne une nation : les mercenaires de cette nation quittent toutes les armées.'], ['Free Company', 'Fate names a nation: the mercenaries of that nation leave every army.'],
    [{ op: 'desert', who: 'all' }], { pick: 'nation', by: 'fate' }),
];

/** Role aliases of §10.10 for the events. */
export const EVENT_ROLES = { 'E-RAZE': 'event:great-fire', 'E-NOHEIR': 'event:extinct-line', Fire: 'event:great-fire' } as const satisfies Record<string, string>;

const byId = new Map(EVENT_CARDS.map((e) => [e.id, e]));
export const eventCard = (id: string): EventCard => { const e = byId.get(id); if (!e) throw new Error(`unknown event card ${id}`); return e; };
export const isEventCard = (id: string): boolean => byId.has(id);
