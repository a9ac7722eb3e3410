/**
 * Lords, villages, fiefs, cards and players as a player writes them in a line (answers.ts, the
 * free actions of free.ts), and the lines written back for him to read (the guided form, the map,
 * the stored answer's text).
 *
 * A line names a lord by his name (`move HÉLOÏSE BOURG 2 1`), as the guided form and the map write
 * it; the lord's id (`LORD_F_06#1`), which older drafts and mails carry, is read too. A living
 * lord's name is unique (one Lord card, one lord in play, cards.ts LORD_ROSTER), and no village,
 * keyword or card is spelt like one; a name two living lords shared would be written and read as
 * the ids. A village is read in any case, with or without accents, `-` for `_` (`st-firmin`), a fief
 * likewise (`f_bourg`); a card (`tax_3`) and a player (`p2`) in any case.
 */
import { BOARD } from './board.ts';
import { CARD_KINDS } from './cards.ts';
import type { FiefState, LordId } from './state.ts';

const fold = (w: string): string => w.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();

/** The living lords by folded name, those whose name is theirs alone. */
function lordsByName(s: FiefState): Map<string, LordId> {
  const seen = new Map<string, LordId | null>();
  for (const l of Object.values(s.lords)) { const k = fold(l.name); seen.set(k, seen.has(k) ? null : l.id); }
  return new Map([...seen].filter((e): e is [string, LordId] => e[1] !== null));
}
const PLACE_BY_FOLD = new Map<string, string>([...BOARD.villageIds, ...BOARD.fiefIds].map((v) => [v, v]));
/** `TAX_3`, `LORD_M_01`: a card's id (its kind known; whether he holds it is the checks' business). */
const isCardWord = (k: string): boolean => /^[A-Z]+(_[A-Z]+)*_\d+$/.test(k) && (k.startsWith('LORD_') || Object.hasOwn(CARD_KINDS, k.replace(/_\d+$/, '')));

/** A typed answer with every lord's name read as his id and every village as its id (the words answers.ts checks). */
export function readWords(s: FiefState, text: string): string {
  const byName = lordsByName(s);
  return text.replace(/[^\s;,]+/g, (w) => {
    if (s.lords[w]) return w;
    const k = fold(w);
    return byName.get(k) ?? PLACE_BY_FOLD.get(k.replace(/-/g, '_')) ?? (isCardWord(k) || s.players.includes(k) ? k : w);
  });
}

/** A line or message with each living lord's id written as his name (what a player reads and types). */
export function lordWords(s: FiefState, text: string): string {
  const byName = lordsByName(s);
  return text.replace(/LORD_[MF]_\d+#\d+/g, (id) => { const l = s.lords[id]; return l && byName.get(fold(l.name)) === id ? l.name : id; });
}
