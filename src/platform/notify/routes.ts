/**
 * The notification settings page: per channel (forum, letters, gazette, "your turn", turn reports),
 * a mail for every message, a daily digest (the default; "your turn" and the reports are a mail by
 * default) or nothing.
 */
import { html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { csrfField, page } from '../http/layout.ts';
import { requireUser, sendPage, type RouteModule } from '../http/server.ts';
import type { Channel, NotifyMode } from './api.ts';
import { CHANNELS, MODES, isMode, notifier } from './service.ts';

messages({
  'notify.title': { fr: 'Mes notifications', en: 'My notifications' },
  'notify.help': {
    fr: 'Pour chaque canal de vos parties, choisissez quand le Scribe vous écrit. Le résumé part une fois par jour, à {hour} h (UTC).',
    en: 'For each channel of your games, choose when the Scribe writes to you. The digest goes out once a day, at {hour}:00 (UTC).',
  },
  'notify.mode.each': { fr: 'Un courriel par message', en: 'A mail for every message' },
  'notify.mode.digest': { fr: 'Un résumé par jour', en: 'A daily digest' },
  'notify.mode.none': { fr: 'Rien', en: 'Nothing' },
  'notify.channel': { fr: 'Canal', en: 'Channel' },
  'notify.gazette-help': {
    fr: 'La Gazette est anonyme : même en « un courriel par message », ses articles vous sont envoyés à l’heure du résumé, tous ensemble, pour que l’heure d’un courriel ne trahisse pas son auteur.',
    en: 'The Gazette is anonymous: even with “a mail for every message”, its articles are sent at the digest hour, all together, so that the time of a mail never gives its author away.',
  },
  'notify.letters-help': {
    fr: 'Vous pouvez répondre à une lettre directement depuis votre messagerie, en répondant au courriel qui vous l’annonce.',
    en: 'You can answer a letter straight from your mailbox, by replying to the mail that announces it.',
  },
  'notify.save': { fr: 'Enregistrer', en: 'Save' },
  'notify.saved': { fr: 'Vos choix sont enregistrés.', en: 'Your choices are saved.' },
  'notify.back': { fr: 'Retour à mon compte', en: 'Back to my account' },
});

export const notifyRoutes: RouteModule = (app, ctx) => {
  app.get('/account/notifications', async (req, reply) => {
    const u = requireUser(req, reply);
    if (!u) return reply;
    const v = req.visitor;
    const l = v.lang;
    const prefs = await notifier.getPrefs(ctx, u.id);
    const saved = (req.query as Record<string, unknown>)?.saved === '1';
    return sendPage(reply, page(v, t(l, 'notify.title'), html`
<h1>${t(l, 'notify.title')}</h1>
${saved ? html`<p class="notice">${t(l, 'notify.saved')}</p>` : ''}
<p>${t(l, 'notify.help', { hour: ctx.config.digestHour })}</p>
<form method="post" action="/account/notifications" class="stack" id="notify-form">
  ${csrfField(v)}
  <div class="table-wrap"><table class="data notify-prefs">
    <thead><tr><th>${t(l, 'notify.channel')}</th>${MODES.map((m) => html`<th>${t(l, `notify.mode.${m}`)}</th>`)}</tr></thead>
    <tbody>${CHANNELS.map((ch) => html`<tr>
      <th scope="row">${t(l, `notify.ch.${ch}`)}</th>
      ${MODES.map((m) => html`<td><label><input type="radio" name="${ch}" value="${m}" ${prefs[ch] === m ? 'checked' : ''} aria-label="${t(l, `notify.ch.${ch}`)} — ${t(l, `notify.mode.${m}`)}"></label></td>`)}
    </tr>`)}</tbody>
  </table></div>
  <p class="muted">${t(l, 'notify.gazette-help')}</p>
  <p class="muted">${t(l, 'notify.letters-help')}</p>
  <p class="muted">${t(l, 'notify.turn-help')}</p>
  <p class="muted">${t(l, 'notify.reports-help')}</p>
  <p><button type="submit" class="primary">${t(l, 'notify.save')}</button></p>
</form>
<p><a href="/account">${t(l, 'notify.back')}</a></p>`));
  });

  app.post('/account/notifications', async (req, reply) => {
    const u = requireUser(req, reply);
    if (!u) return reply;
    const body = (req.body ?? {}) as Record<string, unknown>;
    for (const ch of CHANNELS as Channel[]) {
      const m = body[ch];
      if (isMode(m)) await notifier.setPref(ctx, u.id, ch, m as NotifyMode);
    }
    return reply.redirect('/account/notifications?saved=1', 303);
  });
};
