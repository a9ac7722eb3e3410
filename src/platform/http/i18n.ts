/** Platform texts in French and English. Each module adds its own table with `messages()`. */
import type { Lang } from '../../engine/ruleset.ts';

export type Messages = Record<string, { fr: string; en: string }>;
const TABLE: Messages = {};

export function messages(m: Messages): void {
  for (const [k, v] of Object.entries(m)) {
    if (TABLE[k] && (TABLE[k]!.fr !== v.fr || TABLE[k]!.en !== v.en)) throw new Error(`message "${k}" defined twice`);
    TABLE[k] = v;
  }
}

/** The text of `key` in `lang`, with `{name}` placeholders filled in. */
export function t(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const m = TABLE[key];
  if (!m) throw new Error(`no message "${key}"`);
  return m[lang].replace(/\{(\w+)\}/g, (_, k: string) => (vars[k] !== undefined ? String(vars[k]) : `{${k}}`));
}

messages({
  'site.name': { fr: 'Suzerain', en: 'Suzerain' },
  'site.tagline': { fr: 'Stratégie et diplomatie médiévales, arbitrées par l’ordinateur', en: 'Medieval strategy and diplomacy, refereed by the computer' },
  'nav.games': { fr: 'Parties', en: 'Games' },
  'nav.lobby': { fr: 'Prochaine partie', en: 'Next game' },
  'nav.login': { fr: 'Connexion', en: 'Log in' },
  'nav.signup': { fr: 'Inscription', en: 'Sign up' },
  'nav.logout': { fr: 'Déconnexion', en: 'Log out' },
  'nav.account': { fr: 'Mon compte', en: 'My account' },
  'nav.outbox': { fr: 'Courrier sortant', en: 'Outbox' },
  'error.csrf': { fr: 'Formulaire expiré : rechargez la page et recommencez.', en: 'This form has expired: reload the page and try again.' },
  'error.notfound': { fr: 'Page introuvable.', en: 'Page not found.' },
  'error.forbidden': { fr: 'Accès refusé.', en: 'Access denied.' },
  'error.login-required': { fr: 'Connectez-vous d’abord.', en: 'Please log in first.' },
  'error.server': { fr: 'Une erreur est survenue ; rien n’a été perdu. Réessayez.', en: 'Something went wrong; nothing was lost. Please try again.' },
});

// The statistics pages (games/stats.ts).
messages({
  'stats.link': { fr: 'Statistiques', en: 'Statistics' },
  'stats.title': { fr: 'Statistiques', en: 'Statistics' },
  'stats.help': {
    fr: 'Un point par tour, depuis le début de la partie. Survolez une courbe pour lire ses valeurs ; cliquez un nom de la légende pour masquer ou montrer sa courbe.',
    en: 'One point per turn, from the start of the game. Hover over a line to read its values; click a name in the legend to hide or show its line.',
  },
  'stats.none': { fr: 'Pas encore de statistiques pour cette partie.', en: 'No statistics for this game yet.' },
  'stats.own': { fr: 'Vos chiffres — {lord}', en: 'Your figures — {lord}' },
  'stats.own-help': { fr: 'Vous seul voyez ces courbes.', en: 'Only you can see these charts.' },
  'stats.public': { fr: 'Chiffres publics', en: 'Public figures' },
  'stats.noscript': { fr: 'Les graphiques sont dessinés par JavaScript.', en: 'The charts are drawn with JavaScript.' },
});
