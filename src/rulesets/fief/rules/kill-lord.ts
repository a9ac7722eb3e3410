/**
 * Death of a lord, rules §5.9 [T §2.2 note, §4.3.1, §1.6, §1.7, §1.8.1, §1.8.2, §9.1], the one
 * routine every cause goes through (plague, a failed calming, revolt, battle, Assassination,
 * Justice). What it does now:
 * - 5.9.1 the token leaves the board and the family, the Lord card goes to the Character discard;
 *   the marriage ends; control of his village is recomputed [P G-18];
 * - 5.9.2 fief titles go to the family heir, by the default of decision #39 (the lord with the
 *   fewest fief titles, then the earliest in play) or the owner's choice (`heirs`); with no family
 *   heir, to the spouse (if he can take it), else vacant; the taille marker follows [T-FAQ §5.9.5];
 * - 5.9.3 religious titles return to the board (a card-linked hat's Cardinal card is discarded; the
 *   pope's death lifts the excommunication);
 * - 5.9.4 the king: the crown prince reigns, else the queen is regent, else the title is vacant;
 * - 5.9.6 the d'Arc card is discarded.
 * And around the death:
 * - A.1 the Tooth of St Géronce: announced right after the death (#38a: `geronce`, or the holder's
 *   standing answer), the lord lives on with all his titles and the relic leaves the game; a dead
 *   carrier's relics stay where he fell [T §11.1] (rules/relics.ts);
 * - §8.5.1 prisoners whose jailer's last piece in the village was this lord go free (placed by the
 *   cascade), §8.6 a siege ends with the besieger's last lord there [P G-34] (rules/settle.ts).
 * - 5.9.2 [T §4.3.1, P G-52] a title passed to the spouse of another family takes the fief's city:
 *   its garrison is swapped for the new family's troops (city.ts `swapGarrison`, TV-52).
 */
import type { PlayerId } from '../../../engine/ruleset.ts';
import type { LordId, FiefState, TitleId } from '../state.ts';
import { followTitle, swapGarrison } from './city.ts';
import { claimLying, dropRelics, useGeronce } from './relics.ts';
import { settleVillage, type Freeing } from './settle.ts';

export type DeathCause = 'plague' | 'calming' | 'revolt' | 'battle' | 'assassination' | 'justice';

const fiefTitles = (s: FiefState, id: LordId) => s.lords[id]!.titles.filter((t) => t.startsWith('FIEF:')).length;

function give(s: FiefState, title: TitleId, to: LordId | null): void {
  s.titles[title].holder = to;
  if (to) s.lords[to]!.titles.push(title);
}

/**
 * #39 [T §5.9.2]: the choice a death would open — a lord holding fief titles whose family has more
 * than one lord who could inherit them: his owner, the lord, his fief titles and the possible heirs;
 * null when there is no choice to make (the default decides alone).
 */
export interface HeirChoice { owner: PlayerId; lord: LordId; titles: TitleId[]; heirs: LordId[] }
export function heirChoice(s: FiefState, id: LordId): HeirChoice | null {
  const l = s.lords[id];
  if (!l) return null;
  const titles = l.titles.filter((t) => t.startsWith('FIEF:'));
  if (titles.length === 0) return null;
  const heirs = (s.families[l.owner]?.lords ?? []).filter((x) => x !== l.id && fiefTitles(s, x) < s.config.family.maxFiefTitlesPerLord);
  return heirs.length > 1 ? { owner: l.owner, lord: l.id, titles, heirs } : null;
}

/**
 * #39 inside a resolution (battle, plague, revolt): the owners' answers so far (`heirs`: dead lord →
 * the heir of all his fief titles) and, filled by the resolution, the choices its deaths opened, in
 * the order they happened. The flow replays the resolution with the answers (its dice are named),
 * and asks the first choice not yet answered (REPLY, default: the fewest fief titles, then seniority).
 */
export interface Deaths extends Freeing { heirs?: Partial<Record<LordId, LordId>>; choices?: (HeirChoice & { at?: number })[] }

/** The heirs map `killLord` takes for `id`, from the owner's answer when it names a possible heir. */
export function heirsFor(s: FiefState, id: LordId, deaths: Deaths | undefined): Partial<Record<TitleId, LordId>> {
  const c = heirChoice(s, id);
  const chosen = deaths?.heirs?.[id];
  return c && chosen && c.heirs.includes(chosen) ? Object.fromEntries(c.titles.map((t) => [t, chosen])) : {};
}

/** `killLord` inside a resolution: the owner's heir (#39) if answered, the choice recorded in `deaths.choices` (with `at`, e.g. the battle round). */
export function killWithHeir(s: FiefState, id: LordId, cause: DeathCause, deaths: Deaths | undefined, at?: number, geronce?: boolean): boolean {
  const c = heirChoice(s, id);
  const died = killLord(s, id, cause, heirsFor(s, id, deaths), geronce, deaths);
  if (died && c && deaths?.choices) deaths.choices.push({ ...c, ...(at !== undefined ? { at } : {}) });
  return died;
}

/**
 * Kills a lord (the caller has cloned the state). `heirs`: the owner's choice of heir per fief
 * title (#39); `geronce`: the Tooth's holder's answer (#38a; undefined: his standing answer).
 * Returns false when the lord did not die (unknown, or brought back by the Tooth of St Géronce).
 */
export function killLord(s: FiefState, id: LordId, _cause: DeathCause, heirs: Partial<Record<TitleId, LordId>> = {}, geronce?: boolean, freeing?: Freeing): boolean {
  const l = s.lords[id];
  if (!l) return false;
  if (useGeronce(s, id, geronce)) return false; // A.1 [T §11.1]: he lives on with all his titles
  dropRelics(s, id); // A.1 [T §11.1]: a relic is never destroyed
  const fam = s.families[l.owner]!;
  const village = l.at?.village ?? null;
  const max = s.config.family.maxFiefTitlesPerLord;
  fam.lords = fam.lords.filter((x) => x !== id);
  s.secret.characterDiscard.push(l.card);
  const spouse = l.spouse ? s.lords[l.spouse] : undefined;
  if (spouse) spouse.spouse = null;
  for (const t of l.titles) {
    s.titles[t].holder = null;
    if (t.startsWith('FIEF:')) {
      // 5.9.2 [T §4.3.1]: the family first (prisoners included [P G-51]), then the spouse, else vacant.
      const chosen = heirs[t];
      const family = fam.lords.filter((x) => fiefTitles(s, x) < max);
      const heir = chosen && family.includes(chosen) ? chosen
        : [...family].sort((a, b) => fiefTitles(s, a) - fiefTitles(s, b))[0] // #39 default: fewest fief titles, then seniority (family order)
          ?? (fam.lords.length === 0 && spouse && fiefTitles(s, spouse.id) < max ? spouse.id : null);
      give(s, t, heir);
      const fief = t.slice(5);
      if (heir && s.lords[heir]!.owner !== l.owner) swapGarrison(s, fief, l.owner, s.lords[heir]!.owner); // [T §4.3.1, P G-52]
      if (s.taille[fief] === l.owner && (!heir || s.lords[heir]!.owner !== l.owner)) { s.taille[fief] = null; fam.taxMarkers += 1; } // [T-FAQ §5.9.5] the tax leaves with the title
    } else if (t.startsWith('CARDINAL:')) {
      const card = s.titles[t].card;
      if (card) { s.secret.characterDiscard.push(card); s.titles[t].card = null; } // [T §9.2]
    } else if (t === 'POPE') {
      if (s.excommunicated) { s.lords[s.excommunicated]!.excommunicated = false; s.excommunicated = null; } // [T §1.7]
    } else if (t === 'KING') {
      const prince = s.titles.CROWN_PRINCE.holder;
      const queen = s.titles.QUEEN.holder;
      if (prince && prince !== id) { // [T §1.8.2] the crown prince reigns; the queen loses her title
        s.titles.CROWN_PRINCE.holder = null; s.lords[prince]!.titles = s.lords[prince]!.titles.filter((x) => x !== 'CROWN_PRINCE');
        give(s, 'KING', prince);
        if (queen && queen !== id) { s.titles.QUEEN.holder = null; s.titles.QUEEN.regent = false; s.lords[queen]!.titles = s.lords[queen]!.titles.filter((x) => x !== 'QUEEN'); }
      } else if (queen && queen !== id) s.titles.QUEEN.regent = true; // [T §1.8.1] regent
    } else if (t === 'QUEEN') s.titles.QUEEN.regent = false; // [T §1.8.1] the king is a widower; the crown prince stays
  }
  for (const t of l.titles) { // [T §5.1] a fief leaving the family: its empty villages follow the new governor (or none)
    const h = s.titles[t].holder;
    if (t.startsWith('FIEF:') && (h === null || s.lords[h]!.owner !== l.owner)) followTitle(s, t.slice(5));
  }
  if (l.darc && s.darcCard) { s.secret.characterDiscard.push(s.darcCard); s.darcCard = null; } // [T §9.1]
  if (s.excommunicated === id) s.excommunicated = null;
  delete s.lords[id];
  if (village) { settleVillage(s, village, freeing); claimLying(s, village); } // §8.5.1, §8.6, A.1
  return true;
}
