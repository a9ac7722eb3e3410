/** A ruleset's ViewDoc (titled key/value rows, tables, bars) as HTML, in the site's style. */
import type { ViewDoc } from '../../engine/ruleset.ts';
import { html, raw, type Html } from './html.ts';

export function renderDoc(doc: ViewDoc): Html {
  return html`${doc.sections.map((sec) => {
    if (sec.kind === 'bars') {
      return html`<h3>${sec.title}</h3><div class="bars">${sec.bars.map((b) => html`<div class="bar-row"><span class="bar-label">${b.label}</span>
        <span class="bar-track"><span class="bar-fill" style="width: ${(Math.max(0, Math.min(1, b.share)) * 100).toFixed(1)}%"></span></span>
        <span class="bar-text">${b.text}</span></div>`)}</div>`;
    }
    const body = sec.kind === 'kv'
      ? html`<dl class="kv">${sec.rows.map(([k, val]) => html`<dt>${k}</dt><dd>${val}</dd>`)}</dl>`
      : sec.rows.length === 0 ? html`<p class="muted">—</p>`
      : html`<div class="table-wrap"><table class="data"><thead><tr>${sec.columns.map((c) => html`<th>${c}</th>`)}</tr></thead>
          <tbody>${sec.rows.map((r, i) => html`<tr${sec.highlight === i ? raw(' class="me"') : ''}>${r.map((c) => html`<td>${c}</td>`)}</tr>`)}</tbody></table></div>`;
    return sec.kind === 'table' && sec.collapsed
      ? html`<details class="block"><summary>${sec.title} <small class="muted">(${sec.rows.length})</small></summary>${body}</details>`
      : html`<h3>${sec.title}</h3>${body}`;
  })}`;
}
