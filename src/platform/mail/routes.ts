/**
 * Host pages: the outbox (every mail the site wrote, sent or not). Without SMTP it is where the
 * host reads them. A mail's HTML is shown as escaped source, never rendered.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import { html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { notFoundPage, page } from '../http/layout.ts';
import { badNumber, MAX_ID, queryInt } from '../http/input.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import { MAX_ATTEMPTS } from './mailer.ts';

messages({
  'hostmail.title': { fr: 'Courrier sortant', en: 'Outgoing mail' },
  'hostmail.intro-smtp': {
    fr: 'Tous les courriers écrits par le site, du plus récent au plus ancien. Ils partent par SMTP.',
    en: 'Every mail the site wrote, newest first. They are sent by SMTP.',
  },
  'hostmail.intro-nosmtp': {
    fr: 'Aucun serveur SMTP n’est configuré (SMTP_URL) : les courriers restent ici, du plus récent au plus ancien.',
    en: 'No SMTP server is configured (SMTP_URL): mails stay here, newest first.',
  },
  'hostmail.host-only': { fr: 'Cette page est réservée à l’hôte du site.', en: 'This page is for the site’s host only.' },
  'hostmail.empty': { fr: 'Aucun courrier.', en: 'No mail.' },
  'hostmail.date': { fr: 'Écrit le', en: 'Written' },
  'hostmail.to': { fr: 'Destinataire', en: 'To' },
  'hostmail.subject': { fr: 'Objet', en: 'Subject' },
  'hostmail.status': { fr: 'État', en: 'Status' },
  'hostmail.sent': { fr: 'envoyé le {date}', en: 'sent {date}' },
  'hostmail.pending': { fr: 'en attente', en: 'waiting' },
  'hostmail.retrying': { fr: 'échec, nouvel essai prévu ({n}/{max})', en: 'failed, will retry ({n}/{max})' },
  'hostmail.failed': { fr: 'abandonné après {n} {n|essai|essais}', en: 'given up after {n} {n|attempt|attempts}' },
  'hostmail.older': { fr: 'Plus anciens', en: 'Older' },
  'hostmail.back': { fr: 'Retour au courrier sortant', en: 'Back to the outbox' },
  'hostmail.error': { fr: 'Dernière erreur', en: 'Last error' },
  'hostmail.text': { fr: 'Texte', en: 'Text' },
  'hostmail.html': { fr: 'HTML (source)', en: 'HTML (source)' },
});

const PAGE_SIZE = 100;

function fmt(ctx: AppCtx, lang: Lang, d: Date | string | null): string {
  if (!d) return '';
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: ctx.config.timeZone }).format(new Date(d));
}

function status(ctx: AppCtx, lang: Lang, r: Record<string, any>): string {
  if (r.sent_at) return t(lang, 'hostmail.sent', { date: fmt(ctx, lang, r.sent_at) });
  if (r.attempts >= MAX_ATTEMPTS) return t(lang, 'hostmail.failed', { n: r.attempts });
  if (r.last_error) return t(lang, 'hostmail.retrying', { n: r.attempts, max: MAX_ATTEMPTS });
  return t(lang, 'hostmail.pending');
}

/** The host, or a 403 page (anyone else, logged in or not). */
function requireHost(req: FastifyRequest, reply: FastifyReply): boolean {
  const v = req.visitor;
  if (v.user?.isHost) return true;
  void sendPage(reply, page(v, t(v.lang, 'error.forbidden'), html`
<h1>${t(v.lang, 'error.forbidden')}</h1>
<p class="error">${t(v.lang, 'hostmail.host-only')}</p>
${v.user ? '' : html`<p><a href="/login?next=${encodeURIComponent(req.url)}">${t(v.lang, 'nav.login')}</a></p>`}`), 403);
  return false;
}

export const hostRoutes: RouteModule = (app, ctx) => {
  app.get('/host/outbox', async (req, reply) => {
    if (!requireHost(req, reply)) return reply;
    const v = req.visitor;
    const l = v.lang;
    // `before`: an outbox id (a whole number that fits the id column), else 400.
    const before = queryInt(req.query, 'before');
    if (before === null) return badNumber(reply, v, 'before', 1, MAX_ID);
    const rows = await ctx.db.query(
      `SELECT id, to_addr, subject, created_at, sent_at, attempts, last_error FROM outbox
        ${before !== undefined ? 'WHERE id < $2' : ''} ORDER BY id DESC LIMIT $1`,
      before !== undefined ? [PAGE_SIZE, before] : [PAGE_SIZE]);
    const last = rows[rows.length - 1];
    return sendPage(reply, page(v, t(l, 'hostmail.title'), html`
<h1>${t(l, 'hostmail.title')}</h1>
<p class="lead">${t(l, ctx.config.smtpUrl ? 'hostmail.intro-smtp' : 'hostmail.intro-nosmtp')}</p>
${rows.length === 0 ? html`<p class="muted">${t(l, 'hostmail.empty')}</p>` : html`
<table class="list outbox">
  <thead><tr><th>#</th><th>${t(l, 'hostmail.date')}</th><th>${t(l, 'hostmail.to')}</th><th>${t(l, 'hostmail.subject')}</th><th>${t(l, 'hostmail.status')}</th></tr></thead>
  <tbody>
  ${rows.map((r) => html`<tr class="${r.sent_at ? 'sent' : r.last_error ? 'failed' : 'pending'}">
    <td>${r.id}</td><td>${fmt(ctx, l, r.created_at)}</td><td>${r.to_addr}</td>
    <td><a href="/host/outbox/${r.id}">${r.subject}</a></td><td>${status(ctx, l, r)}</td></tr>`)}
  </tbody>
</table>
${rows.length === PAGE_SIZE && last ? html`<p><a href="/host/outbox?before=${last.id}">${t(l, 'hostmail.older')} →</a></p>` : ''}`}`));
  });

  app.get('/host/outbox/:id', async (req, reply) => {
    if (!requireHost(req, reply)) return reply;
    const v = req.visitor;
    const l = v.lang;
    const id = Number((req.params as { id: string }).id);
    const r = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await ctx.db.one('SELECT * FROM outbox WHERE id = $1', [id]) : null;
    if (!r) return sendPage(reply, notFoundPage(v), 404);
    return sendPage(reply, page(v, r.subject, html`
<p><a href="/host/outbox">← ${t(l, 'hostmail.back')}</a></p>
<h1>${r.subject}</h1>
<table class="facts">
  <tr><th>${t(l, 'hostmail.to')}</th><td>${r.to_addr}</td></tr>
  <tr><th>${t(l, 'hostmail.date')}</th><td>${fmt(ctx, l, r.created_at)}</td></tr>
  <tr><th>${t(l, 'hostmail.status')}</th><td>${status(ctx, l, r)}</td></tr>
  ${r.last_error ? html`<tr><th>${t(l, 'hostmail.error')}</th><td>${r.last_error}</td></tr>` : ''}
</table>
<h2>${t(l, 'hostmail.text')}</h2>
<pre class="mail">${r.text}</pre>
${r.html ? html`<h2>${t(l, 'hostmail.html')}</h2><pre class="mail source"><code>${r.html}</code></pre>` : ''}`));
  });
};
