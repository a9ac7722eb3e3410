/**
 * The catastrophes' flavour texts, rules §8.8 and J17 [T §14: "the referee's chance to be
 * creative"; P §8.8: "the program rolls a flavour text from a list, which the GM may edit"]: one
 * list per effect kind (money, civil war, invasion), original wording in French and English side by
 * side. The text is drawn at S0.3 with a die of the season's key (`S0.3|flavour:<state>:<n>|0`,
 * one die with as many sides as the kind's list has texts), logged like any roll: the same seed
 * gives the same text, and the GM picks another by overriding that roll (§11.3, the console's
 * override re-runs S0.3). The sentences name no state and no amount: the public report says whose
 * catastrophe it is (App. B 9, "as narrative"); the money lost stays in the victim's own ledger.
 */
import type { Localized } from '../../engine/ruleset.ts';
import type { CatastropheEffect } from './rules/catastrophe.ts';

export type CatastropheKind = CatastropheEffect['kind'];

export const FLAVOUR: Record<CatastropheKind, readonly Localized[]> = {
  money: [
    { fr: 'un incendie parti d’une forge dévore les greniers royaux', en: 'a fire started at a smithy devours the royal granaries' },
    { fr: 'la grêle couche les blés à la veille de la moisson', en: 'hail flattens the wheat on the eve of the harvest' },
    { fr: 'une fièvre des marais vide les ateliers et les marchés', en: 'a marsh fever empties the workshops and the markets' },
    { fr: 'le trésorier s’enfuit de nuit avec une partie du coffre', en: 'the treasurer flees by night with part of the coffers' },
    { fr: 'la crue emporte un pont et le péage qui le gardait', en: 'the flood carries off a bridge and the toll that guarded it' },
    { fr: 'une épizootie décime les troupeaux des vallées', en: 'a cattle plague ravages the herds of the valleys' },
  ],
  civilWar: [
    { fr: 'des seigneurs las des levées refusent l’hommage et ferment leurs portes', en: 'lords weary of the levies refuse homage and bar their gates' },
    { fr: 'un prétendant surgi d’une branche cadette rallie les mécontents', en: 'a pretender from a younger branch of the house rallies the discontented' },
    { fr: 'la milice de la capitale chasse les officiers du souverain', en: 'the capital’s militia drives out the sovereign’s officers' },
    { fr: 'un prophète errant soulève les faubourgs contre la couronne', en: 'a wandering prophet stirs the outskirts against the crown' },
  ],
  invasion: [
    { fr: 'des feux de camp sans nombre s’allument au-delà des frontières', en: 'countless campfires are lit beyond the borders' },
    { fr: 'des fuyards annoncent une horde venue des terres sauvages', en: 'refugees bring word of a horde out of the wild lands' },
    { fr: 'les guetteurs des marches ne répondent plus aux signaux', en: 'the watchmen of the marches no longer answer the signals' },
    { fr: 'un chef barbare a juré de boire dans la coupe du souverain', en: 'a barbarian chief has sworn to drink from the sovereign’s cup' },
  ],
};

/** What the catastrophe does, in a few public words (no amount: the victim's ledger has it). */
export const FLAVOUR_EFFECT: Record<CatastropheKind, Localized> = {
  money: { fr: 'le trésor en pâtit', en: 'the treasury suffers' },
  civilWar: { fr: 'guerre civile', en: 'civil war' },
  invasion: { fr: 'une invasion barbare se prépare', en: 'a barbarian invasion is coming' },
};

/** The text of one catastrophe; an index out of the list (an old record) reads as the first text. */
export function flavourText(kind: CatastropheKind, index: number): Localized {
  const list = FLAVOUR[kind];
  return list[index] ?? list[0]!;
}
