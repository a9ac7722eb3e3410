/**
 * Account pages: sign-up, validation of the address (code or link), log in / log out, password
 * reset by mail, the account page (language, password).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import { html, raw, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { csrfField, page } from '../http/layout.ts';
import { errorIdOf, fieldAria, fieldError, firstInvalid, helpIdOf } from '../http/form-errors.ts';
import { endSession, requireUser, sendPage, sessionsChanged, startSession, type AppCtx, type RouteModule, type Visitor } from '../http/server.ts';
import {
  authenticate, changePassword, LOGIN_MAX, PASSWORD_MIN, requestPasswordReset, resendValidation, resendValidationFor, resetPassword, resetTokenUser,
  safeNext, setLang, signUp, validateAccount, type SignupErrors,
} from './service.ts';

messages({
  'acct.field.login': { fr: 'Identifiant', en: 'Login' },
  'acct.field.login-or-email': { fr: 'Identifiant (ou adresse électronique)', en: 'Login (or e-mail address)' },
  'acct.field.email': { fr: 'Adresse électronique', en: 'E-mail address' },
  'acct.field.password': { fr: 'Mot de passe', en: 'Password' },
  'acct.field.password-new': { fr: 'Nouveau mot de passe', en: 'New password' },
  'acct.field.password2': { fr: 'Confirmez le mot de passe', en: 'Confirm the password' },
  'acct.field.password-current': { fr: 'Mot de passe actuel', en: 'Current password' },
  'acct.help.login': {
    fr: 'Votre nom à la cour, de 3 à 24 caractères (lettres, chiffres, espace, - ou _). Il ne pourra plus changer.',
    en: 'Your name at court, 3 to 24 characters (letters, digits, space, - or _). It cannot be changed later.',
  },
  'acct.help.email': {
    fr: 'Un seul compte par adresse. Elle ne sera montrée à personne ; un code de validation y sera envoyé.',
    en: 'One account per address. It is shown to nobody; a validation code will be sent to it.',
  },
  'acct.help.password': { fr: 'Au moins 8 caractères.', en: 'At least 8 characters.' },
  'acct.signup.title': { fr: 'Inscription', en: 'Sign up' },
  'acct.signup.intro': {
    fr: 'Créez votre compte pour prendre place à la table des seigneurs.',
    en: 'Create your account to take a seat at the lords’ table.',
  },
  'acct.signup.submit': { fr: 'Créer mon compte', en: 'Create my account' },
  'acct.signup.have-account': { fr: 'Déjà inscrit ? Connectez-vous.', en: 'Already registered? Log in.' },
  'acct.validate.title': { fr: 'Validez votre adresse', en: 'Validate your address' },
  'acct.validate.check-mail': {
    fr: 'Consultez votre boîte aux lettres : un message du Scribe Royal vous y attend, avec un code de 8 caractères. Saisissez-le ci-dessous, ou suivez le lien du message. Le code est valable 48 heures.',
    en: 'Check your mailbox: a message from the Royal Scribe is waiting for you, with an 8-character code. Enter it below, or follow the link in the message. The code is valid for 48 hours.',
  },
  'acct.validate.code': { fr: 'Code de validation', en: 'Validation code' },
  'acct.validate.submit': { fr: 'Valider', en: 'Validate' },
  'acct.validate.invalid': {
    fr: 'Ce code n’est pas valable (erroné ou expiré). Vérifiez-le, ou demandez un nouveau code ci-dessous.',
    en: 'This code is not valid (wrong or expired). Check it, or ask for a new code below.',
  },
  'acct.validate.throttled': { fr: 'Trop d’essais : attendez un quart d’heure avant de recommencer.', en: 'Too many attempts: wait a quarter of an hour before trying again.' },
  'acct.validate.done-login': { fr: 'Votre adresse est validée : connectez-vous pour jouer.', en: 'Your address is validated: log in to play.' },
  'acct.validate.done': { fr: 'Votre adresse est validée : vous pouvez jouer.', en: 'Your address is validated: you can play.' },
  'acct.validate.resent': { fr: 'Un nouveau code vient de vous être envoyé.', en: 'A new code has just been sent to you.' },
  'acct.validate.resend-title': { fr: 'Pas reçu de code, ou code expiré ?', en: 'No code received, or code expired?' },
  'acct.validate.resend-intro': {
    fr: 'Indiquez votre identifiant ou votre adresse : le Scribe Royal vous enverra un nouveau code.',
    en: 'Enter your login or your address: the Royal Scribe will send you a new code.',
  },
  'acct.validate.resend-submit': { fr: 'Envoyer un nouveau code', en: 'Send me a new code' },
  'acct.validate.resend-maybe': {
    fr: 'Si un compte de ce nom attend sa validation, un nouveau code vient d’être envoyé à son adresse.',
    en: 'If an account with this name awaits validation, a new code has just been sent to its address.',
  },
  'acct.validate.resend-wait': {
    fr: 'Plusieurs codes vous ont déjà été envoyés : attendez un peu avant d’en demander un autre.',
    en: 'Several codes have already been sent to you: please wait a little before asking for another one.',
  },
  'acct.banner.text': {
    fr: 'Votre adresse électronique n’est pas encore validée : vous pourrez jouer dès que vous aurez saisi le code reçu par courrier.',
    en: 'Your e-mail address is not validated yet: you can play as soon as you enter the code you received by mail.',
  },
  'acct.banner.enter': { fr: 'Saisir le code', en: 'Enter the code' },
  'acct.banner.resend': { fr: 'Renvoyer le code', en: 'Resend the code' },
  'acct.login.title': { fr: 'Connexion', en: 'Log in' },
  'acct.login.submit': { fr: 'Se connecter', en: 'Log in' },
  'acct.login.failed': {
    fr: 'Identifiant ou mot de passe incorrect. Un compte dont l’adresse n’est pas encore validée ne peut pas se connecter : saisissez le code reçu par courrier sur la {link}, ou demandez-y un nouveau code. Après plusieurs échecs, attendez un quart d’heure avant de réessayer.',
    en: 'Wrong login or password. An account whose address is not validated yet cannot log in: enter the code you received by mail on the {link}, or ask for a new code there. After several failures, wait a quarter of an hour before trying again.',
  },
  'acct.login.validation-page': { fr: 'page de validation', en: 'validation page' },
  'acct.login.forgot': { fr: 'Mot de passe oublié ?', en: 'Forgot your password?' },
  'acct.login.no-account': { fr: 'Pas encore de compte ? Inscrivez-vous.', en: 'No account yet? Sign up.' },
  'acct.login.already': { fr: 'Vous êtes connecté en tant que {login}.', en: 'You are logged in as {login}.' },
  'acct.reset.title': { fr: 'Mot de passe oublié', en: 'Forgotten password' },
  'acct.reset.intro': {
    fr: 'Indiquez l’adresse de votre compte : le Scribe Royal vous enverra un lien pour choisir un nouveau mot de passe.',
    en: 'Enter your account’s address: the Royal Scribe will send you a link to choose a new password.',
  },
  'acct.reset.submit': { fr: 'Envoyer le lien', en: 'Send the link' },
  'acct.reset.sent': {
    fr: 'Si un compte utilise cette adresse, un message vient d’y être envoyé, avec un lien valable une heure.',
    en: 'If an account uses this address, a message has just been sent to it, with a link valid for one hour.',
  },
  'acct.reset.new-title': { fr: 'Nouveau mot de passe', en: 'New password' },
  'acct.reset.new-intro': {
    fr: 'Choisissez le nouveau mot de passe du compte « {login} ». Toutes ses sessions ouvertes seront fermées.',
    en: 'Choose the new password of the account “{login}”. All its open sessions will be closed.',
  },
  'acct.reset.save': { fr: 'Enregistrer', en: 'Save' },
  'acct.reset.invalid': { fr: 'Ce lien n’est pas (ou plus) valable.', en: 'This link is not (or no longer) valid.' },
  'acct.reset.again': { fr: 'Demander un nouveau lien', en: 'Ask for a new link' },
  'acct.account.title': { fr: 'Mon compte', en: 'My account' },
  'acct.account.status': { fr: 'Statut', en: 'Status' },
  'acct.account.validated': { fr: 'adresse validée', en: 'address validated' },
  'acct.account.not-validated': { fr: 'adresse non validée', en: 'address not validated' },
  'acct.account.host': { fr: 'hôte du site', en: 'site host' },
  'acct.account.lang': { fr: 'Langue', en: 'Language' },
  'acct.account.lang-help': { fr: 'Langue des pages, des bilans et des courriers.', en: 'Language of the pages, reports and mails.' },
  'acct.account.save': { fr: 'Enregistrer', en: 'Save' },
  'acct.account.lang-saved': { fr: 'Langue enregistrée.', en: 'Language saved.' },
  'acct.account.password': { fr: 'Changer de mot de passe', en: 'Change password' },
  'acct.account.notifications': { fr: 'Notifications', en: 'Notifications' },
  'acct.account.notifications-link': { fr: 'Choisir, pour le forum, les lettres et la gazette : un courriel par message, un résumé quotidien, ou rien.', en: 'Choose, for the forum, letters and gazette: a mail per message, a daily digest, or nothing.' },
  'acct.account.password-submit': { fr: 'Changer le mot de passe', en: 'Change the password' },
  'acct.account.password-changed': {
    fr: 'Mot de passe changé ; vos autres sessions ont été fermées.',
    en: 'Password changed; your other sessions have been closed.',
  },
  'acct.account.reset-done': {
    fr: 'Votre nouveau mot de passe est enregistré ; toutes vos autres sessions ont été fermées.',
    en: 'Your new password is saved; all your other sessions have been closed.',
  },
});

type Form = Record<string, unknown>;
const str = (x: unknown): string => (typeof x === 'string' ? x : Array.isArray(x) && typeof x[0] === 'string' ? x[0] : '');
const body = (req: FastifyRequest): Form => (req.body && typeof req.body === 'object' ? (req.body as Form) : {});
const query = (req: FastifyRequest): Form => (req.query && typeof req.query === 'object' ? (req.query as Form) : {});
const notice = (lang: Lang, key: string | null | undefined): Html | '' => (key ? html`<p class="notice">${t(lang, key)}</p>` : '');
/** The text of `key` with its `{link}` placeholder made a link to `href` showing `label`. */
const withLink = (lang: Lang, key: string, href: string, label: string): Html => {
  const [before = '', after = ''] = t(lang, key, { link: '\u0000' }).split('\u0000');
  return html`${before}<a href="${href}">${label}</a>${after}`;
};

/**
 * The "please validate your address" banner for a logged-in account that is not validated yet.
 * Such an account cannot log in any more (see authenticate); this stays for sessions opened before.
 */
export function validationBanner(v: Visitor): Html | '' {
  if (!v.user || v.user.validated) return '';
  return html`<div class="notice banner">
  <p>${t(v.lang, 'acct.banner.text')}</p>
  <div class="actions"><a href="/validate">${t(v.lang, 'acct.banner.enter')}</a>
  <form method="post" action="/validate/resend" class="inline">${csrfField(v)}<button type="submit" class="link">${t(v.lang, 'acct.banner.resend')}</button></form></div>
</div>`;
}

function signupPage(v: Visitor, values: { login?: string; email?: string }, errors: SignupErrors): string {
  const l = v.lang;
  // The first field in error takes the focus (the login field on a blank form).
  const focus = firstInvalid(['login', 'email', 'password'] as const, errors) ?? 'login';
  const failed = !!firstInvalid(['login', 'email', 'password'] as const, errors);
  const msg = (k: string | undefined) => (k ? t(l, k) : null);
  return page(v, t(l, 'acct.signup.title'), html`
<h1>${t(l, 'acct.signup.title')}</h1>
<p class="lead">${t(l, 'acct.signup.intro')}</p>
<form method="post" action="/signup" class="stack" novalidate>
  ${csrfField(v)}
  <label for="login">${t(l, 'acct.field.login')}</label>
  <input id="login" name="login" value="${values.login ?? ''}" required minlength="3" maxlength="${LOGIN_MAX}" autocomplete="username"${fieldAria('login', { help: true, invalid: !!errors.login, focus: focus === 'login' })}>
  <p class="muted" id="${helpIdOf('login')}">${t(l, 'acct.help.login')}</p>
  ${fieldError('login', msg(errors.login))}
  <label for="email">${t(l, 'acct.field.email')}</label>
  <input id="email" name="email" type="email" value="${values.email ?? ''}" required maxlength="254" autocomplete="email"${fieldAria('email', { help: true, invalid: !!errors.email, focus: focus === 'email' })}>
  <p class="muted" id="${helpIdOf('email')}">${t(l, 'acct.help.email')}</p>
  ${fieldError('email', msg(errors.email))}
  <label for="password">${t(l, 'acct.field.password')}</label>
  <input id="password" name="password" type="password" required minlength="${PASSWORD_MIN}" autocomplete="new-password"${fieldAria('password', { help: true, invalid: !!errors.password, focus: focus === 'password' })}>
  <label for="password2">${t(l, 'acct.field.password2')}</label>
  <input id="password2" name="password2" type="password" required minlength="${PASSWORD_MIN}" autocomplete="new-password" aria-describedby="${helpIdOf('password')}">
  <p class="muted" id="${helpIdOf('password')}">${t(l, 'acct.help.password')}</p>
  ${fieldError('password', msg(errors.password))}
  <p><button type="submit" class="primary">${t(l, 'acct.signup.submit')}</button></p>
</form>
<p><a href="/login">${t(l, 'acct.signup.have-account')}</a></p>`, { error: failed });
}

/**
 * Validation by code, for anyone (an unvalidated account cannot log in), and a form asking for a new
 * code by login or address. A logged-in, unvalidated account (a session from before validation was
 * required to log in) gets its own login filled in and a one-click resend instead.
 */
function validatePage(v: Visitor, opts: { login?: string; next?: string | null; error?: string | null; notice?: string | null }): string {
  const l = v.lang;
  const forUser = v.user && !v.user.validated ? v.user : null;
  // A refused code: the message is tied to the code field (to the login field too when none was
  // typed), and the first of them takes the focus; too many attempts: the message itself does.
  const throttled = opts.error === 'acct.validate.throttled';
  const badCode = !!opts.error && !throttled;
  const badLogin = badCode && !forUser && !opts.login;
  return page(v, t(l, 'acct.validate.title'), html`
<h1>${t(l, 'acct.validate.title')}</h1>
${notice(l, opts.notice)}
${forUser ? html`<p class="notice">${t(l, 'acct.banner.text')}</p>` : ''}
<p class="lead">${t(l, 'acct.validate.check-mail')}</p>
${throttled ? html`<p class="error" role="alert" id="validate-error" tabindex="-1" autofocus>${t(l, opts.error!)}</p>` : ''}
<form method="post" action="/validate" class="stack" novalidate>
  ${csrfField(v)}
  ${opts.next ? html`<input type="hidden" name="next" value="${opts.next}">` : ''}
  ${forUser ? html`<input type="hidden" name="login" value="${forUser.login}">` : html`
  <label for="login">${t(l, 'acct.field.login')}</label>
  <input id="login" name="login" value="${opts.login ?? ''}" required autocomplete="username"${badLogin ? raw(` aria-invalid="true" aria-describedby="${errorIdOf('code')}" autofocus`) : ''}>`}
  <label for="code">${t(l, 'acct.validate.code')}</label>
  <input id="code" name="code" required maxlength="20" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" class="code"${fieldAria('code', { invalid: badCode, focus: !throttled && !badLogin && (badCode || !!opts.login || !!forUser) })}>
  ${badCode ? fieldError('code', t(l, opts.error!)) : ''}
  <p><button type="submit" class="primary">${t(l, 'acct.validate.submit')}</button></p>
</form>
${forUser ? html`<form method="post" action="/validate/resend" class="inline">${csrfField(v)}<button type="submit" class="link">${t(l, 'acct.banner.resend')}</button></form>` : html`
<section>
<h2>${t(l, 'acct.validate.resend-title')}</h2>
<p class="muted">${t(l, 'acct.validate.resend-intro')}</p>
<form method="post" action="/validate/resend" class="stack">
  ${csrfField(v)}
  ${opts.next ? html`<input type="hidden" name="next" value="${opts.next}">` : ''}
  <label for="resend-login">${t(l, 'acct.field.login-or-email')}</label>
  <input id="resend-login" name="login" value="${opts.login ?? ''}" required maxlength="254" autocomplete="username">
  <p><button type="submit">${t(l, 'acct.validate.resend-submit')}</button></p>
</form>
</section>`}`, { error: !!opts.error });
}

/** The validation page, with the login typed (not an address: codes go with logins) filled in. */
const validateHref = (login?: string): string => {
  const l = (login ?? '').trim();
  return l && !l.includes('@') ? `/validate?${new URLSearchParams({ login: l })}` : '/validate';
};

function loginPage(v: Visitor, opts: { login?: string; next?: string | null; error?: boolean; notice?: string | null }): string {
  const l = v.lang;
  // After a failure both fields are in error (which one was wrong is not told) and the first takes
  // the focus; otherwise the password when the login is known, else the login.
  const bad = !!opts.error;
  return page(v, t(l, 'acct.login.title'), html`
<h1>${t(l, 'acct.login.title')}</h1>
${notice(l, opts.notice)}
${v.user ? html`<p class="muted">${t(l, 'acct.login.already', { login: v.user.login })}</p>` : ''}
${bad ? fieldError('login', withLink(l, 'acct.login.failed', validateHref(opts.login), t(l, 'acct.login.validation-page'))) : ''}
<form method="post" action="/login" class="stack">
  ${csrfField(v)}
  ${opts.next ? html`<input type="hidden" name="next" value="${opts.next}">` : ''}
  <label for="login">${t(l, 'acct.field.login-or-email')}</label>
  <input id="login" name="login" value="${opts.login ?? ''}" required autocomplete="username"${fieldAria('login', { invalid: bad, focus: bad || !opts.login })}>
  <label for="password">${t(l, 'acct.field.password')}</label>
  <input id="password" name="password" type="password" required autocomplete="current-password"${bad ? raw(` aria-invalid="true" aria-describedby="${errorIdOf('login')}"`) : ''}${!bad && opts.login ? raw(' autofocus') : ''}>
  <p><button type="submit" class="primary">${t(l, 'acct.login.submit')}</button></p>
</form>
<p><a href="/reset">${t(l, 'acct.login.forgot')}</a> · <a href="/signup">${t(l, 'acct.login.no-account')}</a></p>`, { error: bad });
}

function resetRequestPage(v: Visitor, opts: { email?: string; error?: string | null; sent?: boolean }): string {
  const l = v.lang;
  return page(v, t(l, 'acct.reset.title'), html`
<h1>${t(l, 'acct.reset.title')}</h1>
${opts.sent ? html`<p class="notice">${t(l, 'acct.reset.sent')}</p>` : html`
<p class="lead">${t(l, 'acct.reset.intro')}</p>
<form method="post" action="/reset" class="stack" novalidate>
  ${csrfField(v)}
  <label for="email">${t(l, 'acct.field.email')}</label>
  <input id="email" name="email" type="email" value="${opts.email ?? ''}" required autocomplete="email"${fieldAria('email', { invalid: !!opts.error, focus: true })}>
  ${fieldError('email', opts.error ? t(l, opts.error) : null)}
  <p><button type="submit" class="primary">${t(l, 'acct.reset.submit')}</button></p>
</form>`}`, { error: !!opts.error });
}

function resetTokenPage(v: Visitor, token: string, login: string | null, error?: string | null): string {
  const l = v.lang;
  if (!login) {
    return page(v, t(l, 'acct.reset.new-title'), html`
<h1>${t(l, 'acct.reset.new-title')}</h1>
<p class="error">${t(l, 'acct.reset.invalid')}</p>
<p><a href="/reset">${t(l, 'acct.reset.again')}</a></p>`, { error: true });
  }
  return page(v, t(l, 'acct.reset.new-title'), html`
<h1>${t(l, 'acct.reset.new-title')}</h1>
<p class="lead">${t(l, 'acct.reset.new-intro', { login })}</p>
<form method="post" action="/reset/${token}" class="stack" novalidate>
  ${csrfField(v)}
  <input type="text" name="username" value="${login}" autocomplete="username" hidden>
  <label for="password">${t(l, 'acct.field.password-new')}</label>
  <input id="password" name="password" type="password" required minlength="${PASSWORD_MIN}" autocomplete="new-password"${fieldAria('password', { help: true, invalid: !!error, focus: true })}>
  <label for="password2">${t(l, 'acct.field.password2')}</label>
  <input id="password2" name="password2" type="password" required minlength="${PASSWORD_MIN}" autocomplete="new-password" aria-describedby="${helpIdOf('password')}">
  <p class="muted" id="${helpIdOf('password')}">${t(l, 'acct.help.password')}</p>
  ${fieldError('password', error ? t(l, error) : null)}
  <p><button type="submit" class="primary">${t(l, 'acct.reset.save')}</button></p>
</form>`, { error: !!error });
}

/**
 * Sections that other modules add to the account page (the calendar feed, games/calendar-page.ts),
 * filled in by those modules when their routes are registered; each is given the page's query.
 */
export type AccountSection = (ctx: AppCtx, v: Visitor, query: Record<string, unknown>) => Promise<Html>;
const accountSections = new Map<string, AccountSection>();
export function addAccountSection(key: string, section: AccountSection): void { accountSections.set(key, section); }
const sectionsFor = (ctx: AppCtx, req: FastifyRequest): Promise<Html[]> =>
  Promise.all([...accountSections.values()].map((f) => f(ctx, req.visitor, (req.query ?? {}) as Record<string, unknown>)));

function accountPage(v: Visitor, opts: { notice?: string | null; pwError?: string | null; sections?: Html[] }): string {
  const l = v.lang;
  // The message belongs to the current password when that was wrong, else to the new one.
  const wrongCurrent = opts.pwError === 'acct.err.password-wrong';
  const u = v.user!;
  return page(v, t(l, 'acct.account.title'), html`
<h1>${t(l, 'acct.account.title')}</h1>
${notice(l, opts.notice)}
${validationBanner(v)}
<table class="facts">
  <tr><th>${t(l, 'acct.field.login')}</th><td>${u.login}</td></tr>
  <tr><th>${t(l, 'acct.field.email')}</th><td>${u.email}</td></tr>
  <tr><th>${t(l, 'acct.account.status')}</th><td>${t(l, u.validated ? 'acct.account.validated' : 'acct.account.not-validated')}${u.isHost ? html` · ${t(l, 'acct.account.host')}` : ''}</td></tr>
</table>
<section>
<h2>${t(l, 'acct.account.lang')}</h2>
<form method="post" action="/account/lang" class="inline">
  ${csrfField(v)}
  <label for="lang" class="muted">${t(l, 'acct.account.lang-help')}</label>
  <select id="lang" name="lang">
    <option value="fr" ${u.lang === 'fr' ? 'selected' : ''}>Français</option>
    <option value="en" ${u.lang === 'en' ? 'selected' : ''}>English</option>
  </select>
  <button type="submit">${t(l, 'acct.account.save')}</button>
</form>
</section>
${opts.sections ?? ''}
<section>
<h2>${t(l, 'acct.account.notifications')}</h2>
<p><a href="/account/notifications">${t(l, 'acct.account.notifications-link')}</a></p>
<p><a href="/account/tokens">${t(l, 'tokens.link')}</a></p>
<h2>${t(l, 'acct.account.password')}</h2>
${fieldError(wrongCurrent ? 'current' : 'password', opts.pwError ? t(l, opts.pwError) : null)}
<form method="post" action="/account/password" class="stack">
  ${csrfField(v)}
  <input type="text" name="username" value="${u.login}" autocomplete="username" hidden>
  <label for="current">${t(l, 'acct.field.password-current')}</label>
  <input id="current" name="current" type="password" required autocomplete="current-password"${fieldAria('current', { invalid: wrongCurrent, focus: wrongCurrent })}>
  <label for="password">${t(l, 'acct.field.password-new')}</label>
  <input id="password" name="password" type="password" required minlength="${PASSWORD_MIN}" autocomplete="new-password"${fieldAria('password', { help: true, invalid: !!opts.pwError && !wrongCurrent, focus: !!opts.pwError && !wrongCurrent })}>
  <label for="password2">${t(l, 'acct.field.password2')}</label>
  <input id="password2" name="password2" type="password" required minlength="${PASSWORD_MIN}" autocomplete="new-password" aria-describedby="${helpIdOf('password')}">
  <p class="muted" id="${helpIdOf('password')}">${t(l, 'acct.help.password')}</p>
  <p><button type="submit" class="primary">${t(l, 'acct.account.password-submit')}</button></p>
</form>
</section>`, { error: !!opts.pwError });
}

/**
 * After a code was accepted: on to the game or the account page, logged in, or to the login page.
 * A right code (or link) proves the player reads the address: he is logged in there and then (a new session; another account's session in this browser ends). An address
 * validated before ('already': the code was not checked) leads to the login page instead.
 */
async function afterValidation(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, userId: number, login: string, next: string | null, proven: boolean): Promise<FastifyReply> {
  if (req.visitor.user?.id === userId) return reply.redirect(next ?? '/account?validated=1', 303);
  if (proven) {
    if (req.visitor.sessionHash) await ctx.db.query('DELETE FROM sessions WHERE id_hash = $1', [req.visitor.sessionHash]);
    sessionsChanged();
    await startSession(ctx, reply, userId);
    return reply.redirect(next ?? '/account?validated=1', 303);
  }
  const q = new URLSearchParams({ validated: '1', login });
  if (next) q.set('next', next);
  return reply.redirect(`/login?${q}`, 303);
}

async function doValidate(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, login: string, code: string, next: string | null): Promise<FastifyReply> {
  const v = req.visitor;
  const r = await validateAccount(ctx, login, code, req.ip);
  if (r.status === 'ok' || r.status === 'already') return afterValidation(ctx, req, reply, r.userId, login, next, r.status === 'ok');
  return sendPage(reply, validatePage(v, { login, next, error: r.status === 'throttled' ? 'acct.validate.throttled' : 'acct.validate.invalid' }),
    r.status === 'throttled' ? 429 : 400);
}

export const accountRoutes: RouteModule = (app, ctx) => {
  app.get('/signup', async (req, reply) => {
    if (req.visitor.user) return reply.redirect('/account', 303);
    return sendPage(reply, signupPage(req.visitor, {}, {}));
  });

  app.post('/signup', async (req, reply) => {
    const v = req.visitor;
    const f = body(req);
    const input = { login: str(f.login), email: str(f.email), password: str(f.password), password2: f.password2 === undefined ? undefined : str(f.password2), lang: v.lang };
    const r = await signUp(ctx, input);
    if (!r.ok) return sendPage(reply, signupPage(v, { login: input.login, email: input.email }, r.errors), 400);
    // The same answer whether the address was new or already in use.
    return reply.redirect(`/validate?login=${encodeURIComponent(r.login)}`, 303);
  });

  app.get('/validate', async (req, reply) => {
    const v = req.visitor;
    const q = query(req);
    const login = str(q.login) || (v.user?.login ?? '');
    const next = safeNext(str(q.next));
    if (str(q.code)) return doValidate(ctx, req, reply, login, str(q.code), next);
    if (v.user?.validated && !str(q.login)) return reply.redirect(next ?? '/account', 303);
    const resent = str(q.resent);
    const note = resent === 'any' ? 'acct.validate.resend-maybe' : resent === '1' ? 'acct.validate.resent' : resent === '0' ? 'acct.validate.resend-wait' : null;
    return sendPage(reply, validatePage(v, { login, next, notice: note }));
  });

  app.post('/validate', async (req, reply) => {
    const f = body(req);
    const login = str(f.login) || (req.visitor.user?.login ?? '');
    return doValidate(ctx, req, reply, login, str(f.code), safeNext(str(f.next)));
  });

  app.post('/validate/resend', async (req, reply) => {
    const u = req.visitor.user;
    const f = body(req);
    const who = str(f.login).trim();
    if (who || !u) {
      // By login or address, logged in or not: always the same answer, a code only for an account
      // that awaits validation (within its mail limit).
      await resendValidationFor(ctx, who);
      const q = new URLSearchParams({ resent: 'any' });
      // echoed back only when it may be a login: a longer one is none, and would swell the redirect's header past what clients read
      if (who && !who.includes('@') && [...who].length <= LOGIN_MAX) q.set('login', who);
      const next = safeNext(str(f.next));
      if (next) q.set('next', next);
      return reply.redirect(`/validate?${q}`, 303);
    }
    // The one-click resend of a logged-in account still unvalidated (a session from before).
    if (u.validated) return reply.redirect('/account', 303);
    const sent = await resendValidation(ctx, u.id);
    return reply.redirect(`/validate?resent=${sent ? 1 : 0}`, 303);
  });

  app.get('/login', async (req, reply) => {
    const q = query(req);
    const next = safeNext(str(q.next));
    if (req.visitor.user && next) return reply.redirect(next, 303);
    return sendPage(reply, loginPage(req.visitor, { next, login: str(q.login), notice: str(q.validated) === '1' ? 'acct.validate.done-login' : null }));
  });

  app.post('/login', async (req, reply) => {
    const v = req.visitor;
    const f = body(req);
    const login = str(f.login);
    const next = safeNext(str(f.next));
    const user = await authenticate(ctx, login, str(f.password), req.ip);
    if (!user) return sendPage(reply, loginPage(v, { login, next, error: true }), 401);
    // A new session id at each login (the old one, if any, ends).
    if (v.sessionHash) await ctx.db.query('DELETE FROM sessions WHERE id_hash = $1', [v.sessionHash]); sessionsChanged();
    await startSession(ctx, reply, user.id);
    reply.setCookie('lang', user.lang, { path: '/', sameSite: 'lax', secure: ctx.config.secureCookies });
    // Only validated accounts get here (authenticate refuses the others like a wrong password).
    return reply.redirect(next ?? '/', 303);
  });

  app.post('/logout', async (req, reply) => {
    await endSession(ctx, req, reply);
    return reply.redirect('/', 303);
  });

  app.get('/reset', async (req, reply) => sendPage(reply, resetRequestPage(req.visitor, {})));

  app.post('/reset', async (req, reply) => {
    const email = str(body(req).email).trim();
    if (!/^\S+@\S+$/.test(email) || email.length > 254) return sendPage(reply, resetRequestPage(req.visitor, { email, error: 'acct.err.email-format' }), 400);
    await requestPasswordReset(ctx, email);
    return sendPage(reply, resetRequestPage(req.visitor, { sent: true }));
  });

  app.get('/reset/:token', async (req, reply) => {
    const token = (req.params as { token: string }).token;
    const u = await resetTokenUser(ctx, token);
    return sendPage(reply, resetTokenPage(req.visitor, token, u?.login ?? null), u ? 200 : 400);
  });

  app.post('/reset/:token', async (req, reply) => {
    const v = req.visitor;
    const token = (req.params as { token: string }).token;
    const f = body(req);
    const password = str(f.password);
    const u = await resetTokenUser(ctx, token);
    if (!u) return sendPage(reply, resetTokenPage(v, token, null), 400);
    const pe = password.length < PASSWORD_MIN ? 'acct.err.password-short' : password.length > 200 ? 'acct.err.password-long'
      : f.password2 !== undefined && str(f.password2) !== password ? 'acct.err.password-mismatch' : null;
    if (pe) return sendPage(reply, resetTokenPage(v, token, u.login, pe), 400);
    const done = await resetPassword(ctx, token, password);
    if (!done) return sendPage(reply, resetTokenPage(v, token, null), 400);
    if (v.sessionHash) await ctx.db.query('DELETE FROM sessions WHERE id_hash = $1', [v.sessionHash]); sessionsChanged();
    await startSession(ctx, reply, done.id);
    reply.setCookie('lang', done.lang, { path: '/', sameSite: 'lax', secure: ctx.config.secureCookies });
    return reply.redirect('/account?reset=1', 303);
  });

  app.get('/account', async (req, reply) => {
    const u = requireUser(req, reply);
    if (!u) return reply;
    const q = query(req);
    const note = str(q.validated) === '1' ? 'acct.validate.done' : str(q.reset) === '1' ? 'acct.account.reset-done'
      : str(q.pw) === '1' ? 'acct.account.password-changed' : str(q.lang) === '1' ? 'acct.account.lang-saved' : null;
    return sendPage(reply, accountPage(req.visitor, { notice: note, sections: await sectionsFor(ctx, req) }));
  });

  app.post('/account/lang', async (req, reply) => {
    const u = requireUser(req, reply);
    if (!u) return reply;
    const lang: Lang = str(body(req).lang) === 'en' ? 'en' : 'fr';
    await setLang(ctx, u.id, lang);
    reply.setCookie('lang', lang, { path: '/', sameSite: 'lax', secure: ctx.config.secureCookies });
    return reply.redirect('/account?lang=1', 303);
  });

  app.post('/account/password', async (req, reply) => {
    const u = requireUser(req, reply);
    if (!u) return reply;
    const f = body(req);
    const r = await changePassword(ctx, u.id, str(f.current), str(f.password), f.password2 === undefined ? undefined : str(f.password2), req.visitor.sessionHash);
    if (r !== 'ok') return sendPage(reply, accountPage(req.visitor, { pwError: r, sections: await sectionsFor(ctx, req) }), 400);
    return reply.redirect('/account?pw=1', 303);
  });
};

