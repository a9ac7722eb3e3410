/**
 * The players' planning tools (an economic planner, a battle simulator…), offered by the ruleset
 * (`tools`, `runTool`) and shown here without knowing what they compute: the tool's form as a
 * plain GET form (so a result can be bookmarked and the page works without script), then its
 * result (a ViewDoc). Only a lord with an active seat in a running game may use them, on his
 * own lord, with his own order sheet as written so far.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang, ToolDoc, ToolField } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import { games } from '../games/service.ts';
import { gameState, notFound, ownSeat, pageHead, SCRIPTS, toolsOf } from '../games/page-kit.ts';
import { html, raw, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import { renderDoc } from '../http/viewdoc.ts';
import { TokenBuckets } from '../http/bucket.ts';
import { BudgetExceeded, PoolBusy, runReferee } from '../referee/pool.ts';

messages({
  'tools.compute': { fr: 'Calculer', en: 'Compute' },
  'tools.result': { fr: 'Résultat', en: 'Result' },
  'tools.none': { fr: 'Ce jeu n’offre pas cet outil.', en: 'This game offers no such tool.' },
  'tools.back': { fr: 'Retour aux ordres', en: 'Back to the orders' },
  'tools.failed': { fr: 'L’outil a échoué sur ces valeurs : {error}', en: 'The tool failed on these values: {error}' },
  'tools.overBudget': {
    fr: 'Le calcul a dépassé son temps ({seconds} s) et a été arrêté : essayez avec moins de batailles simulées ou des valeurs plus simples.',
    en: 'The computation ran out of its time ({seconds} s) and was stopped: try fewer simulated battles or simpler values.',
  },
  'tools.busy': { fr: 'Les calculateurs sont tous occupés : réessayez dans un moment.', en: 'Every calculator is busy: try again in a moment.' },
  'tools.slowDown': {
    fr: 'Trop de calculs demandés coup sur coup : réessayez dans {seconds} s.',
    en: 'Too many computations in a row: try again in {seconds} s.',
  },
});

/**
 * Each player's tools: 10 computations at once, then one every 3 s (per account, in this
 * process). A simulation costs a worker thread up to the tool budget (TOOL_BUDGET_SECONDS).
 */
const TOOL_BUCKETS = new TokenBuckets(10, 3000);

/** Query string values as the tool's input (first value of repeated keys; at most 200 keys). */
function inputOf(req: FastifyRequest): Record<string, string> {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q).slice(0, 200)) {
    const val = Array.isArray(v) ? v[0] : v;
    if (typeof val === 'string' && k.length <= 80) out[k] = val.slice(0, 200);
  }
  return out;
}

function fieldInput(f: ToolField): Html {
  const common = html`name="${f.name}" aria-label="${f.label}"`;
  if (f.kind === 'choice') {
    const resets = f.resetOnChange?.length ? html` data-resets="${f.resetOnChange.join(' ')}"` : '';
    return html`<select ${common}${resets}>${f.optional ? html`<option value="">—</option>` : ''}${f.options.map((o) => html`<option value="${o.value}"${o.value === f.value ? raw(' selected') : ''}>${o.label}</option>`)}</select>`;
  }
  if (f.kind === 'integer') {
    return html`<input type="number" step="1" inputmode="numeric" ${common} value="${f.value}" ${f.min !== undefined ? html`min="${f.min}"` : ''} ${f.max !== undefined ? html`max="${f.max}"` : ''}>`;
  }
  return html`<input type="text" ${common} value="${f.value}">`;
}

function toolForm(doc: ToolDoc, action: string, lang: Lang): Html {
  return html`<form method="get" action="${action}" class="tool-form" id="tool-form">
    ${doc.form.sections.map((sec) => html`<fieldset><legend>${sec.title}</legend>${sec.columns
      ? html`<div class="table-wrap"><table class="data"><thead><tr>${sec.columns.map((c) => html`<th>${c}</th>`)}</tr></thead><tbody>
          ${sec.rows.map((r) => html`<tr><th scope="row">${r.label}</th>${r.fields.map((f) => html`<td>${fieldInput(f)}</td>`)}</tr>`)}</tbody></table></div>`
      : html`<div class="tool-rows">${sec.rows.map((r) => html`${r.fields.map((f) => html`<label class="field"><span>${r.fields.length > 1 ? `${r.label} — ${f.label}` : r.label}</span>${fieldInput(f)}</label>`)}`)}</div>`}</fieldset>`)}
    <p><button type="submit" class="primary">${t(lang, 'tools.compute')}</button></p>
  </form>`;
}

async function toolPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const v = req.visitor;
  const lang = v.lang;
  const a = await ownSeat(ctx, req, true);
  if (!a || a.game.status !== 'running') return notFound(req, reply);
  const entry = getRuleset(a.game.ruleset);
  const { state } = await gameState(ctx, a.game.id);
  const player = a.seat!.player;
  const toolId = String((req.params as { tool?: string }).tool ?? '');
  const tools = toolsOf(entry, state, player, lang);
  const info = tools.find((x) => x.id === toolId);
  if (!info || !entry.ruleset.runTool) return notFound(req, reply);
  const wait = TOOL_BUCKETS.take(`${ctx.instanceId}/${v.user!.id}`, Date.now());
  if (wait > 0) {
    reply.header('retry-after', String(Math.ceil(wait / 1000)));
    return sendPage(reply, page(v, info.title, html`<h1>${info.title}</h1><p class="error" role="alert">${t(lang, 'tools.slowDown', { seconds: Math.ceil(wait / 1000) })}</p>`), 429);
  }
  const sheet = await games.sheet(ctx, a.game.id, player);
  let doc: ToolDoc | null = null;
  let failure: string | null = null;
  let busy = false;
  try {
    // In a worker thread, within the tool budget (referee/pool.ts): a stuck simulation costs one
    // thread for a few seconds, never the site.
    doc = await runReferee('tool', { ruleset: a.game.ruleset, state, player, tool: toolId, input: inputOf(req), lang, sheet: sheet.value ?? null }, ctx.config.toolBudgetMs);
  } catch (e) {
    if (e instanceof BudgetExceeded) {
      console.error(`suzerain: tool ${toolId} of game ${a.game.id} (${player}) ran out of its budget`);
      failure = t(lang, 'tools.overBudget', { seconds: (e.budgetMs / 1000).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB') });
    } else if (e instanceof PoolBusy) {
      busy = true;
      failure = t(lang, 'tools.busy');
    } else {
      req.log.error(e);
      failure = t(lang, 'tools.failed', { error: e instanceof Error ? e.message : String(e) });
    }
  }
  const g = a.game;
  const body = html`${pageHead()}<p class="crumbs"><a href="/games/${g.id}">${g.name}</a> › <a href="/games/${g.id}/orders">${t(lang, 'tools.back')}</a> › ${info.title}</p>
    <h1>${info.title}</h1>
    <p class="tools-nav">${tools.map((x) => html`<a class="button${x.id === toolId ? ' primary' : ''}" href="/games/${g.id}/tools/${x.id}">${x.title}</a>`)}</p>
    <p class="muted">${info.summary}</p>
    ${failure ? html`<p class="error" role="alert">${failure}</p>` : ''}
    ${doc ? html`${toolForm(doc, `/games/${g.id}/tools/${toolId}`, lang)}
      ${doc.note ? html`<p class="muted small">${doc.note}</p>` : ''}
      ${doc.errors?.length ? html`<div class="error" role="alert"><ul>${doc.errors.map((e) => html`<li>${e}</li>`)}</ul></div>` : ''}
      ${doc.result ? html`<section class="tool-result" id="tool-result"><h2>${t(lang, 'tools.result')}</h2>${renderDoc(doc.result)}</section>` : ''}` : ''}`;
  if (busy) reply.header('retry-after', '5');
  return sendPage(reply, page(v, `${info.title} — ${g.name}`, body, { scripts: [...SCRIPTS.scripts, '/static/tools.js'] }), busy ? 503 : 200);
}

export const toolRoutes: RouteModule = async (app, ctx) => {
  app.get('/games/:id/tools/:tool', (req, reply) => toolPage(ctx, req, reply));
};
