/**
 * Where the help pages are (web/help.ts serves them), for the pages that link to them: the site's
 * navigation and the order page (its order codes and the first-turn guide). Kept here, below the
 * page families, so that `games/` links to the help without importing `web/`.
 */
import type { Lang } from '../../engine/ruleset.ts';
import { html, type Html } from './html.ts';
import { messages, t } from './i18n.ts';

messages({
  'help.nav': { fr: 'Aide', en: 'Help' },
  'help.orders-link': { fr: 'Référence des ordres', en: 'Order reference' },
  'help.first-turn-link': { fr: 'Guide du premier tour', en: 'First-turn guide' },
  'help.rules-link': { fr: 'Règles', en: 'Rules' },
  'help.new-here': { fr: 'Nouveau dans ce jeu ?', en: 'New to this game?' },
  'help.first-turn-read': { fr: 'Lisez le guide du premier tour : votre premier tour, pas à pas.', en: 'Read the first-turn guide: your first turn, step by step.' },
  'help.code-title': { fr: 'Voir {code} dans la référence des ordres', en: 'See {code} in the order reference' },
});

/** The help of a ruleset: its table of contents, or one of its pages (`orders`, `glossary`, a rules page). */
export function helpUrl(ruleset: string, page?: string, anchor?: string): string {
  return `/help/${encodeURIComponent(ruleset)}${page ? `/${encodeURIComponent(page)}` : ''}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
}

/**
 * The order reference's entry for a form entry's code: the order's word (`MO` in the guided form's
 * `1.2 MO`, `CA` in `1.2 CA IL`, `TRAITES`, without a character's `3.` in `3.SPECIAL`), which is the
 * anchor of the entry in the reference.
 */
export function orderHelpUrl(ruleset: string, code: string): string {
  return helpUrl(ruleset, 'orders', orderCodeOf(code));
}

/** The order code of a form entry's code (`MO` of `1.2 MO`, `CA` of `1.2 CA IL`, `SPECIAL` of `3.SPECIAL`). */
export function orderCodeOf(code: string): string {
  const words = code.trim().split(/\s+/);
  // A character-and-season prefix (`1.2`) comes first; the order's word follows it.
  const word = /^\d+\.\d+$/.test(words[0] ?? '') ? words[1] : words[0];
  return (word ?? '').replace(/^\d+\./, '').toUpperCase();
}

/** The order page's line of help: rules, order reference, and the first-turn guide (put forward on a game's first turn). */
export function orderPageHelp(ruleset: string, firstTurn: string | null, lang: Lang, isFirstTurn: boolean): Html {
  const guide = firstTurn ? html`<a href="${helpUrl(ruleset, firstTurn)}">${t(lang, 'help.first-turn-link')}</a>` : null;
  return html`${isFirstTurn && firstTurn ? html`<p class="notice help-first">${t(lang, 'help.new-here')} <a href="${helpUrl(ruleset, firstTurn)}">${t(lang, 'help.first-turn-read')}</a></p>` : ''}
    <p class="help-links small">${t(lang, 'help.nav')}${t(lang, 'colon')}<a href="${helpUrl(ruleset)}">${t(lang, 'help.rules-link')}</a> · <a href="${helpUrl(ruleset, 'orders')}">${t(lang, 'help.orders-link')}</a>${guide ? html` · ${guide}` : ''}</p>`;
}

