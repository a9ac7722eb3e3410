/**
 * The 44 ORIGINAL Proposal cards of the Assembly (rules §2.11, §5.5–§5.6, §10.9, G-D10): our
 * names and texts in French and English [§10.1], the vote kind printed on each (Yes/No or
 * "designate a baron"), the effect as data in the DSL of effects.ts. 10 Motions, 8 Laws, 8 Titles,
 * 6 Concessions (Titles that pay an income at each Taxation), 6 Offices (3 of them with free
 * troops) and 6 Personal Motions. Each Law and Motion says what happens when a baron cannot
 * comply ("or what he has": he pays what he can, §10.9). The cards that move the Chairman or the
 * Church Support token say so (G-A15, G-A16). content-check.ts validates the deck.
 *
 * Ids `proposal:<slug>`; the deck is shuffled at setup S4, the agenda drawn at S13 (setup.ts).
 */
import type { CardTexts, Mod, Op } from './effects.ts';

export type ProposalType = 'motion' | 'law' | 'title' | 'concession' | 'office' | 'personal';
export type VoteKind = 'yes-no' | 'baron';

export interface ProposalCard extends CardTexts {
  id: string;
  type: ProposalType;
  vote: VoteKind;
  /** Motions: applied at once to the designated baron (`target`) or to all. */
  ops: Op[];
  /** Laws, Titles, Concessions and Offices: what the card does while it is in play. */
  mods: Mod[];
  /** Concessions: the income printed on the card (§10.9 MUST, ≥ 1), paid at each Taxation. */
  income?: number;
}

const card = (slug: string, type: ProposalType, vote: VoteKind, fr: [string, string], en: [string, string], effect: { ops?: Op[]; mods?: Mod[]; income?: number } = {}): ProposalCard => ({
  id: `proposal:${slug}`, type, vote, name: { fr: fr[0], en: en[0] }, text: { fr: fr[1], en: en[1] },
  ops: effect.ops ?? [], mods: effect.income ? [{ mod: 'income', n: effect.income }, ...(effect.mods ?? [])] : effect.mods ?? [], income: effect.income,
});

const motions: ProposalCard[] = [
  card('royal-subsidy', 'motion', 'baron', ['Subside royal', 'Le baron désigné reçoit 6 couronnes du trésor.'], ['Royal Subsidy', 'The designated baron receives 6 crowns from the treasury.'], { ops: [{ op: 'crowns', who: 'target', n: 6 }] }),
  card('confiscation', 'motion', 'baron', ['Confiscation', 'Le baron désigné verse 5 couronnes au trésor (ou ce qu’il a).'], ['Confiscation', 'The designated baron pays 5 crowns to the treasury (or all he has).'], { ops: [{ op: 'crowns', who: 'target', n: -5 }] }),
  card('general-muster', 'motion', 'yes-no', ['Ban et arrière-ban', 'Si elle est adoptée, chaque baron verse 2 couronnes au trésor (ou ce qu’il a).'], ['General Muster', 'If adopted, each baron pays 2 crowns to the treasury (or all he has).'], { ops: [{ op: 'crowns', who: 'all', n: -2 }] }),
  card('alms', 'motion', 'yes-no', ['Aumônes publiques', 'Si elle est adoptée, chaque baron gagne 1 point de Foi.'], ['Public Alms', 'If adopted, each baron gains 1 Faith.'], { ops: [{ op: 'faith', who: 'all', n: 1 }] }),
  card('new-chairman', 'motion', 'baron', ['Nouveau président', 'Le baron désigné prend aussitôt la présidence de l’Assemblée (sans effet s’il est banni).'], ['A New Chairman', 'The designated baron takes the chair of the Assembly at once (no effect if he is banished).'], { ops: [{ op: 'chairman' }] }),
  card('primate', 'motion', 'baron', ['Primat du royaume', 'Le baron désigné prend le soutien de l’Église.'], ['Primate of the Realm', 'The designated baron takes the Church’s support.'], { ops: [{ op: 'church' }] }),
  card('honours', 'motion', 'baron', ['Honneurs', 'Le baron désigné prend 1 point d’Influence dans la réserve.'], ['Honours', 'The designated baron takes 1 Influence from the reserve.'], { ops: [{ op: 'influence', who: 'target', n: 1 }] }),
  card('city-bounty', 'motion', 'yes-no', ['Prime aux bonnes villes', 'Si elle est adoptée, chaque baron reçoit 1 couronne par cité qu’il contrôle.'], ['Bounty for Loyal Towns', 'If adopted, each baron receives 1 crown for each city he controls.'], { ops: [{ op: 'crowns-per-city', who: 'all', n: 1 }] }),
  card('censure', 'motion', 'baron', ['Blâme', 'Le baron désigné perd 3 voix (ou ce qu’il a).'], ['Censure', 'The designated baron loses 3 votes (or all he has).'], { ops: [{ op: 'votes', who: 'target', n: -3 }] }),
  card('general-amnesty', 'motion', 'yes-no', ['Amnistie générale', 'Si elle est adoptée, tous les barons bannis sont graciés ; ils siègent dès l’Assemblée suivante.'], ['General Amnesty', 'If adopted, every banished baron is pardoned; they sit again from the next Assembly.'], { ops: [{ op: 'pardon-all' }] }),
];

const laws: ProposalCard[] = [
  card('salt-tax', 'law', 'yes-no', ['Gabelle', 'À chaque Impôts, chaque baron verse 1 couronne par cité qu’il contrôle (ou ce qu’il a). Refuser de payer, c’est être banni.'], ['Salt Tax', 'At each Taxation, each baron pays 1 crown for each city he controls (or all he has). Refusing to pay means banishment.'], { mods: [{ mod: 'per-city', n: 1 }] }),
  card('kings-fifth', 'law', 'yes-no', ['Le cinquième du roi', 'À chaque Impôts, chaque baron verse le cinquième de ce qu’il vient de recevoir, arrondi à l’inférieur. Refuser de payer, c’est être banni.'], ['The King’s Fifth', 'At each Taxation, each baron pays a fifth of what he has just received, rounded down. Refusing to pay means banishment.'], { mods: [{ mod: 'share', percent: 20 }] }),
  card('edict-of-ramparts', 'law', 'yes-no', ['Édit des remparts', 'À chaque Impôts, chaque baron reçoit 1 couronne de plus par cité fortifiée qu’il contrôle.'], ['Edict of Ramparts', 'At each Taxation, each baron receives 1 crown more for each fortified city he controls.'], { mods: [{ mod: 'fortified-income', n: 1 }] }),
  card('common-purse', 'law', 'yes-no', ['Bourse commune', 'À chaque Impôts, chaque baron reçoit 1 couronne du trésor.'], ['Common Purse', 'At each Taxation, each baron receives 1 crown from the treasury.'], { mods: [{ mod: 'income', n: 1 }] }),
  card('wider-franchise', 'law', 'yes-no', ['Suffrage élargi', 'À chaque Assemblée, chaque baron reçoit 1 voix de plus.'], ['Wider Franchise', 'At each Assembly, each baron receives 1 more vote.'], { mods: [{ mod: 'grant', n: 1 }] }),
  card('hearth-tax', 'law', 'yes-no', ['Fouage', 'À chaque Impôts, chaque baron verse 2 couronnes au trésor (ou ce qu’il a). Refuser de payer, c’est être banni.'], ['Hearth Tax', 'At each Taxation, each baron pays 2 crowns to the treasury (or all he has). Refusing to pay means banishment.'], { mods: [{ mod: 'income', n: -2 }] }),
  card('lords-day', 'law', 'yes-no', ['Jour du Seigneur', 'À chaque Impôts, chaque baron gagne 1 point de Foi.'], ['The Lord’s Day', 'At each Taxation, each baron gains 1 Faith.'], { mods: [{ mod: 'faith-income', n: 1 }] }),
  card('harbour-dues', 'law', 'yes-no', ['Droits de port', 'À chaque Impôts, chaque baron reçoit 1 couronne de plus par cité portuaire qu’il contrôle.'], ['Harbour Dues', 'At each Taxation, each baron receives 1 crown more for each port city he controls.'], { mods: [{ mod: 'port-income', n: 1 }] }),
];

const titles: ProposalCard[] = [
  card('ambassador', 'title', 'baron', ['Ambassadeur outre-mer', 'Titre. Vous n’assistez plus à l’Assemblée ; à chaque Impôts, recevez 3 couronnes.'], ['Ambassador Overseas', 'Title. You no longer attend the Assembly; at each Taxation, receive 3 crowns.'], { mods: [{ mod: 'absent' }, { mod: 'income', n: 3 }] }),
  card('crusader', 'title', 'baron', ['Vœu de croisade', 'Titre. Vous n’assistez plus à l’Assemblée ; à chaque Impôts, gagnez 2 points de Foi.'], ['Crusader’s Vow', 'Title. You no longer attend the Assembly; at each Taxation, gain 2 Faith.'], { mods: [{ mod: 'absent' }, { mod: 'faith-income', n: 2 }] }),
  card('marshal', 'title', 'baron', ['Maréchal du royaume', 'Titre. À chaque Assemblée, recevez 2 voix de plus.'], ['Marshal of the Realm', 'Title. At each Assembly, receive 2 more votes.'], { mods: [{ mod: 'grant', n: 2 }] }),
  card('chancellor', 'title', 'baron', ['Chancelier', 'Titre. À chaque Assemblée, recevez 1 voix de plus ; à chaque Impôts, 1 couronne.'], ['Chancellor', 'Title. At each Assembly, receive 1 more vote; at each Taxation, 1 crown.'], { mods: [{ mod: 'grant', n: 1 }, { mod: 'income', n: 1 }] }),
  card('grand-almoner', 'title', 'baron', ['Grand aumônier', 'Titre. À chaque Impôts, gagnez 1 point de Foi.'], ['Grand Almoner', 'Title. At each Taxation, gain 1 Faith.'], { mods: [{ mod: 'faith-income', n: 1 }] }),
  card('king-of-arms', 'title', 'baron', ['Roi d’armes', 'Titre. À chaque Assemblée, recevez 1 voix de plus.'], ['King of Arms', 'Title. At each Assembly, receive 1 more vote.'], { mods: [{ mod: 'grant', n: 1 }] }),
  card('seneschal', 'title', 'baron', ['Sénéchal', 'Titre. À chaque Impôts, recevez 2 couronnes.'], ['Seneschal', 'Title. At each Taxation, receive 2 crowns.'], { mods: [{ mod: 'income', n: 2 }] }),
  card('warden-of-harbours', 'title', 'baron', ['Gardien des havres', 'Titre. À chaque Impôts, recevez 1 couronne de plus par cité portuaire que vous contrôlez.'], ['Warden of the Harbours', 'Title. At each Taxation, receive 1 crown more for each port city you control.'], { mods: [{ mod: 'port-income', n: 1 }] }),
];

const concessions: ProposalCard[] = [
  card('salt-pans', 'concession', 'baron', ['Marais salants', 'Concession. À chaque Impôts, recevez 3 couronnes.'], ['Salt Pans', 'Concession. At each Taxation, receive 3 crowns.'], { income: 3 }),
  card('river-tolls', 'concession', 'baron', ['Péages du fleuve', 'Concession. À chaque Impôts, recevez 2 couronnes.'], ['River Tolls', 'Concession. At each Taxation, receive 2 crowns.'], { income: 2 }),
  card('forest-rights', 'concession', 'baron', ['Droits de forêt', 'Concession. À chaque Impôts, recevez 2 couronnes.'], ['Forest Rights', 'Concession. At each Taxation, receive 2 crowns.'], { income: 2 }),
  card('silver-mine', 'concession', 'baron', ['Mine d’argent', 'Concession. À chaque Impôts, recevez 4 couronnes.'], ['Silver Mine', 'Concession. At each Taxation, receive 4 crowns.'], { income: 4 }),
  card('wool-staple', 'concession', 'baron', ['Étape des laines', 'Concession. À chaque Impôts, recevez 3 couronnes.'], ['Wool Staple', 'Concession. At each Taxation, receive 3 crowns.'], { income: 3 }),
  card('fisheries', 'concession', 'baron', ['Pêcheries', 'Concession. À chaque Impôts, recevez 1 couronne.'], ['Fisheries', 'Concession. At each Taxation, receive 1 crown.'], { income: 1 }),
];

const offices: ProposalCard[] = [
  card('constable', 'office', 'baron', ['Connétable', 'Office, confié à l’un de vos nobles : il mène 100 hommes de plus, sans solde, fidèles, qui partent avec l’Office.'], ['Constable', 'Office, given to one of your nobles: he leads 100 more men, unpaid, loyal, who leave with the Office.'], { mods: [{ mod: 'troops', men: 100 }] }),
  card('captain-of-the-guard', 'office', 'baron', ['Capitaine de la garde', 'Office, confié à l’un de vos nobles : il mène 50 hommes de plus, sans solde, fidèles, qui partent avec l’Office.'], ['Captain of the Guard', 'Office, given to one of your nobles: he leads 50 more men, unpaid, loyal, who leave with the Office.'], { mods: [{ mod: 'troops', men: 50 }] }),
  card('warden-of-the-marches', 'office', 'baron', ['Gardien des marches', 'Office, confié à l’un de vos nobles : il mène 150 hommes de plus, sans solde, fidèles, qui partent avec l’Office.'], ['Warden of the Marches', 'Office, given to one of your nobles: he leads 150 more men, unpaid, loyal, who leave with the Office.'], { mods: [{ mod: 'troops', men: 150 }] }),
  card('treasurer', 'office', 'baron', ['Trésorier', 'Office, confié à l’un de vos nobles : tant qu’il le tient, recevez 2 couronnes à chaque Impôts.'], ['Treasurer', 'Office, given to one of your nobles: while he holds it, receive 2 crowns at each Taxation.'], { mods: [{ mod: 'income', n: 2 }] }),
  card('steward', 'office', 'baron', ['Intendant des domaines', 'Office, confié à l’un de vos nobles : tant qu’il le tient, recevez 1 couronne à chaque Impôts.'], ['Steward of the Demesne', 'Office, given to one of your nobles: while he holds it, receive 1 crown at each Taxation.'], { mods: [{ mod: 'income', n: 1 }] }),
  card('confessor', 'office', 'baron', ['Confesseur', 'Office, confié à l’un de vos nobles : tant qu’il le tient, gagnez 1 point de Foi à chaque Impôts.'], ['Confessor', 'Office, given to one of your nobles: while he holds it, gain 1 Faith at each Taxation.'], { mods: [{ mod: 'faith-income', n: 1 }] }),
];

const PERSONAL_TEXT: [string, string][] = [
  ['Motion personnelle', 'La Destinée désigne un baron, même absent ou banni : il propose de gracier un banni, d’abroger une Loi, un Titre ou un Office, d’ajourner l’Assemblée, ou de représenter une proposition de la défausse.'],
  ['Personal Motion', 'Fate names a baron, even absent or banished: he proposes to pardon a banished baron, to repeal a Law, Title or Office, to adjourn the Assembly, or to bring back a proposal from the discard pile.'],
];
const personal: ProposalCard[] = Array.from({ length: 6 }, (_, i) => card(`personal-${i + 1}`, 'personal', 'yes-no', PERSONAL_TEXT[0]!, PERSONAL_TEXT[1]!));

export const PROPOSAL_CARDS: readonly ProposalCard[] = [...motions, ...laws, ...titles, ...concessions, ...offices, ...personal];

const byId = new Map(PROPOSAL_CARDS.map((p) => [p.id, p]));
export const proposalCard = (id: string): ProposalCard => { const p = byId.get(id); if (!p) throw new Error(`unknown proposal card ${id}`); return p; };
export const isProposalCard = (id: string): boolean => byId.has(id);

export const PROPOSAL_TYPE_NAMES: Record<ProposalType, { fr: string; en: string }> = {
  motion: { fr: 'Motion', en: 'Motion' },
  law: { fr: 'Loi', en: 'Law' },
  title: { fr: 'Titre', en: 'Title' },
  concession: { fr: 'Concession', en: 'Concession' },
  office: { fr: 'Office', en: 'Office' },
  personal: { fr: 'Motion personnelle', en: 'Personal Motion' },
};
