/** Platform texts in French and English. Each module adds its own table with `messages()`. */
import type { Lang, RulesetTerms } from '../../engine/ruleset.ts';

export type Messages = Record<string, { fr: string; en: string }>;
const TABLE: Messages = {};

export function messages(m: Messages): void {
  for (const [k, v] of Object.entries(m)) {
    if (TABLE[k] && (TABLE[k]!.fr !== v.fr || TABLE[k]!.en !== v.en)) throw new Error(`message "${k}" defined twice`);
    TABLE[k] = v;
  }
}

/**
 * The text of `key` in `lang`, with `{name}` placeholders filled in, and plural choices
 * `{name|one|other}` made by the number `name` (see `plural`): `{n} {n|candidat|candidats}`.
 */
export function t(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const m = TABLE[key];
  if (!m) throw new Error(`no message "${key}"`);
  const text = m[lang];
  if (!text.includes('{')) return text; // no variable: most messages of a page
  return text
    .replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (all, k: string, one: string, other: string) =>
      (vars[k] !== undefined ? plural(lang, Number(vars[k]), one, other) : all))
    .replace(/\{(\w+)\}/g, (_, k: string) => (vars[k] !== undefined ? String(vars[k]) : `{${k}}`));
}

/**
 * The singular or plural form for `n`. French takes the singular for 0 and 1 (and anything below
 * 2: « 0 écu », « 1,5 écu »); English only for exactly 1 (« 0 crowns », « 1 crown »).
 */
export function plural(lang: Lang, n: number, one: string, other: string): string {
  if (!Number.isFinite(n)) return other;
  return (lang === 'fr' ? Math.abs(n) < 2 : Math.abs(n) === 1) ? one : other;
}

/** Every message (for tests: style checks over the whole table). */
export function allMessages(): Readonly<Messages> { return TABLE; }

/** The platform's words when a ruleset names nothing. */
const DEFAULT_TERMS: RulesetTerms = {
  player: { one: { fr: 'joueur', en: 'player' }, other: { fr: 'joueurs', en: 'players' } },
  report: { one: { fr: 'rapport', en: 'report' }, other: { fr: 'rapports', en: 'reports' } },
};

/**
 * A ruleset's word for its players or reports (`Ruleset.terms`), for `n` of them (singular or plural
 * as `plural` decides), in lower case; `{ cap: true }` capitalises it.
 */
export function term(lang: Lang, terms: RulesetTerms | undefined, which: keyof RulesetTerms, n = 1, opts: { cap?: boolean } = {}): string {
  const w = (terms ?? DEFAULT_TERMS)[which];
  const s = plural(lang, n, w.one[lang], w.other[lang]);
  return opts.cap ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

messages({
  'site.name': { fr: 'Suzerain', en: 'Suzerain' },
  // Before a value: French typography puts a (narrow) space before the colon.
  'colon': { fr: ' : ', en: ': ' },
  'site.tagline': { fr: 'Stratégie et diplomatie médiévales, arbitrées par l’ordinateur', en: 'Medieval strategy and diplomacy, refereed by the computer' },
  'nav.games': { fr: 'Parties', en: 'Games' },
  'nav.lobby': { fr: 'Prochaine partie', en: 'Next game' },
  'nav.login': { fr: 'Connexion', en: 'Log in' },
  'nav.signup': { fr: 'Inscription', en: 'Sign up' },
  'nav.logout': { fr: 'Déconnexion', en: 'Log out' },
  'nav.account': { fr: 'Mon compte', en: 'My account' },
  'nav.outbox': { fr: 'Courrier sortant', en: 'Outbox' },
  'nav.skip': { fr: 'Aller au contenu', en: 'Skip to content' },
  'nav.label': { fr: 'Navigation du site', en: 'Site navigation' },
  'nav.game-label': { fr: 'Salons de la partie', en: 'Game channels' },
  'col.actions': { fr: 'Actions', en: 'Actions' },
  'page.error-title': { fr: 'Erreur : {title}', en: 'Error: {title}' },
  'error.csrf': { fr: 'Formulaire expiré : rechargez la page et recommencez.', en: 'This form has expired: reload the page and try again.' },
  'error.notfound': { fr: 'Page introuvable.', en: 'Page not found.' },
  'error.notfound-title': { fr: 'Page introuvable', en: 'Page not found' },
  'error.notfound-help': { fr: 'Aucune page ne se trouve à cette adresse.', en: 'There is no page at this address.' },
  'error.notfound-home': { fr: 'Retour à l’accueil', en: 'Back to the home page' },
  'error.title': { fr: 'Erreur', en: 'Error' },
  'error.forbidden': { fr: 'Accès refusé.', en: 'Access denied.' },
  'error.login-required': { fr: 'Connectez-vous d’abord.', en: 'Please log in first.' },
  'error.server': { fr: 'Une erreur est survenue ; rien n’a été perdu. Réessayez.', en: 'Something went wrong; nothing was lost. Please try again.' },
});

// The statistics pages (games/stats.ts).
messages({
  'stats.link': { fr: 'Statistiques', en: 'Statistics' },
  'stats.title': { fr: 'Statistiques', en: 'Statistics' },
  'stats.help': {
    fr: 'Un point par tour, depuis le début de la partie ; chaque courbe a sa forme de point. Les chiffres de chaque graphique sont aussi dans un tableau, sous lui. Les boutons de la légende masquent ou montrent une courbe (souris ou clavier).',
    en: 'One point per turn, from the start of the game; each line has its own point shape. Each chart’s figures are also in a table, under it. The legend’s buttons hide or show a line (mouse or keyboard).',
  },
  'stats.none': { fr: 'Pas encore de statistiques pour cette partie.', en: 'No statistics for this game yet.' },
  'stats.own': { fr: 'Vos chiffres — {lord}', en: 'Your figures — {lord}' },
  'stats.own-help': { fr: 'Vous seul voyez ces courbes.', en: 'Only you can see these charts.' },
  'stats.public': { fr: 'Chiffres publics', en: 'Public figures' },
  'stats.noscript': { fr: 'Les graphiques sont dessinés par JavaScript ; leurs chiffres sont dans les tableaux.', en: 'The charts are drawn with JavaScript; their figures are in the tables.' },
  'stats.table': { fr: 'Les chiffres', en: 'The figures' },
  'stats.table-caption': { fr: '{title} : chiffres par tour', en: '{title}: figures by turn' },
  'stats.series': { fr: 'Courbe', en: 'Line' },
  'stats.start': { fr: 'Début', en: 'Start' },
  'stats.legend': { fr: 'Courbes de « {title} » (masquer ou montrer)', en: 'Lines of “{title}” (hide or show)' },
  'stats.yours': { fr: '(vous)', en: '(you)' },
});

// Live pages (live/routes.ts).
messages({
  'live.too-many': { fr: 'Trop de pages en direct ouvertes ({n} au plus) : fermez-en quelques-unes.', en: 'Too many live pages open ({n} at most): close some of them.' },
});

// "Your turn" in games of prompts (games/prompt-notify.ts, games/prompt-reminders.ts, the
// notification settings, the home page's section).
messages({
  'notify.ch.turn': { fr: 'À vous de jouer', en: 'Your turn' },
  'notify.ch.reports': { fr: 'Rapports de tour', en: 'Turn reports' },
  'notify.reports-help': {
    fr: 'Rapports de tour : le rapport de chaque tour résolu, avec votre carte (et, si vous jouez par courriel, la feuille d’ordres du tour suivant). En « un résumé par jour », une ligne avec le lien du rapport ; en « Rien », aucun courriel : les rapports restent sur le site.',
    en: 'Turn reports: the report of each resolved turn, with your map (and, if you play by mail, the next turn’s order sheet). With “a daily digest”, a line with the report’s link; with “Nothing”, no mail: the reports stay on the site.',
  },
  'notify.reports.line': { fr: '{what} : votre rapport', en: '{what}: your report' },
  'notify.turn-help': {
    fr: 'À vous de jouer : quand une question vous attend dans une partie à questions. Jamais pendant que vous êtes sur la page de la partie, et un seul courriel par partie tant que vous n’avez pas joué ; un rappel à mi-temps et un autre peu avant que le choix par défaut ne s’applique (sauf si vous choisissez « Rien »).',
    en: 'Your turn: when a question waits for you in a game of prompts. Never while you are on the game’s page, and one mail per game until you have played; a reminder at half-time and another shortly before the default applies (unless you choose “Nothing”).',
  },
  'turn.subject': { fr: 'À vous de jouer — {game}', en: 'Your turn — {game}' },
  'turn.hello': { fr: 'Bonjour {login},', en: 'Hello {login},' },
  'turn.waits': { fr: 'Dans la partie « {game} », où vous jouez {lord}, une question vous attend :', en: 'In the game “{game}”, where you play {lord}, a question waits for you:' },
  'turn.before': { fr: 'À répondre avant le {when} ; sans réponse, le choix par défaut s’appliquera.', en: 'Answer before {when}; without an answer, the default applies.' },
  'turn.no-deadline': { fr: 'Cette question n’a pas d’échéance : la partie vous attend.', en: 'This question has no deadline: the game waits for you.' },
  'turn.go': { fr: 'Répondre : {url}', en: 'Answer: {url}' },
  'turn.once': {
    fr: 'Vous ne recevrez pas d’autre courriel « à vous de jouer » pour cette partie avant d’avoir joué.',
    en: 'You will get no other “your turn” mail for this game until you have played.',
  },
  'turn.line': { fr: 'Une question vous attend ({lord}) : {prompt}', en: 'A question waits for you ({lord}): {prompt}' },
  'turn.line-before': { fr: '{line} — avant le {when}', en: '{line} — before {when}' },
  'remind.half.subject': { fr: 'Rappel — à vous de jouer — {game}', en: 'Reminder — your turn — {game}' },
  'remind.last.subject': { fr: 'Dernier rappel — à vous de jouer — {game}', en: 'Last reminder — your turn — {game}' },
  'remind.half.text': {
    fr: 'Dans la partie « {game} », où vous jouez {lord}, une question vous attend toujours, et la moitié du temps pour y répondre est passée :',
    en: 'In the game “{game}”, where you play {lord}, a question is still waiting for you, and half the time to answer it has gone:',
  },
  'remind.last.text': {
    fr: 'Dans la partie « {game} », où vous jouez {lord}, une question vous attend encore, et le choix par défaut s’appliquera bientôt :',
    en: 'In the game “{game}”, where you play {lord}, a question is still waiting for you, and the default will apply soon:',
  },
  'home.turn': { fr: 'À vous de jouer', en: 'Your turn' },
  'home.turn-help': { fr: 'Les parties qui attendent votre réponse, la plus pressée d’abord.', en: 'The games waiting for your answer, the most urgent first.' },
  'home.turn.before': { fr: 'avant le', en: 'before' },
  'home.turn.paused': { fr: 'partie en pause', en: 'game paused' },
  'home.turn.no-deadline': { fr: 'sans échéance', en: 'no deadline' },
  'home.turn.play': { fr: 'Répondre', en: 'Answer' },
  'home.turn.orders': { fr: 'Donner mes ordres', en: 'Give my orders' },
  'home.prompt.missing': { fr: 'Une question vous attend', en: 'A question waits for you' },
  'home.prompt.saved': { fr: 'Une question vous attend', en: 'A question waits for you' },
  'home.prompt.ready': { fr: 'Vous avez répondu', en: 'You have answered' },
  'home.prompt.none': { fr: 'Rien à répondre pour l’instant', en: 'Nothing to answer for now' },
});
