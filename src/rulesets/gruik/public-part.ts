/**
 * The diplomatic part of the public report on the game's page (rules Appendix B 11, §8.11 [T §17]):
 * the declarations with their author, the rumours without one (« le meneur de jeu ne révèle jamais
 * l'auteur » [T §17.2]), the treaties in force (published once every signatory confirmed). A
 * signatory also reads its treaties still waiting for signatures: until published they are known to
 * their signatories alone [T §17].
 *
 * Read from view.ts's view of the reader (null: a visitor, the GM, anyone without a state), never
 * from the state: what the view strips (`secret.rumourAuthors`, the treaties not yet published of
 * others) cannot reach the page. Newest first, by season.
 */
import type { Lang, Localized, ViewSection } from '../../engine/ruleset.ts';
import { seasonName } from './flow.ts';
import type { StateId } from './state.ts';
import type { GruikView } from './view.ts';

const M = {
  declarations: { fr: 'Déclarations (§8.11)', en: 'Declarations (§8.11)' },
  rumours: { fr: 'Rumeurs (§8.11, auteur jamais révélé)', en: 'Rumours (§8.11, author never revealed)' },
  treaties: { fr: 'Traités en vigueur (§8.11)', en: 'Treaties in force (§8.11)' },
  pending: { fr: 'Vos traités en attente de signatures', en: 'Your treaties awaiting signatures' },
  season: { fr: 'Saison', en: 'Season' },
  author: { fr: 'Auteur', en: 'Author' },
  text: { fr: 'Texte', en: 'Text' },
  signatories: { fr: 'Signataires', en: 'Signatories' },
  published: { fr: 'Publié', en: 'Published' },
  confirmed: { fr: 'Ont confirmé', en: 'Confirmed by' },
} satisfies Record<string, Localized>;

/** The sections of Appendix B 11 for the reader of `v`, in `lang`; `names` are the states' names as the page gives them. */
export function diplomacySections(v: GruikView, names: (st: StateId) => string, lang: Lang): ViewSection[] {
  const when = (t: number) => seasonName(v, t)[lang];
  const list = (xs: StateId[]) => xs.map(names).join(', ');
  const newest = <T extends { season: number }>(xs: T[]) => xs.map((x, i) => ({ x, i })).sort((a, b) => b.x.season - a.x.season || a.i - b.i).map((e) => e.x);
  const out: ViewSection[] = [];
  if (v.declarations.length) out.push({ title: M.declarations[lang], kind: 'table', columns: [M.season[lang], M.author[lang], M.text[lang]], rows: newest(v.declarations).map((d) => [when(d.season), names(d.author), d.text]) });
  // a rumour's row: its season and text, nothing else (the view's rumours carry no author)
  if (v.rumours.length) out.push({ title: M.rumours[lang], kind: 'table', columns: [M.season[lang], M.text[lang]], rows: newest(v.rumours).map((r) => [when(r.season), r.text]) });
  const inForce = v.treaties.filter((t) => t.publishedAt !== undefined).map((t) => ({ t, season: t.publishedAt! }));
  if (inForce.length) out.push({ title: M.treaties[lang], kind: 'table', columns: [M.published[lang], M.signatories[lang], M.text[lang]], rows: newest(inForce).map(({ t }) => [when(t.publishedAt!), list(t.signatories), t.text]) });
  const pending = v.viewer === null ? [] : v.treaties.filter((t) => t.publishedAt === undefined && t.signatories.includes(v.viewer!));
  if (pending.length) out.push({ title: M.pending[lang], kind: 'table', columns: [M.signatories[lang], M.confirmed[lang], M.text[lang]], rows: pending.map((t) => [list(t.signatories), list(t.confirmed), t.text]) });
  return out;
}
