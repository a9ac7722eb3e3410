/**
 * Markdown written by code (reports, help pages) as HTML, with markdown-it.
 *
 * Raw HTML is off: a `<` in a report (a lord's name, a letter quoted) is text, never markup.
 * Links are kept only when they are relative or http(s) (markdown-it's own validateLink refuses
 * javascript:, vbscript:, file: and data: other than images). Soft line breaks stay spaces, so a
 * paragraph wraps to the reader's screen; tables are GFM tables, wrapped for narrow screens.
 */
import MarkdownIt from 'markdown-it';
import { Html, raw } from './html.ts';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });

// A table scrolls inside its own box on a phone instead of widening the page.
md.renderer.rules.table_open = () => '<div class="table-wrap"><table class="data">\n';
md.renderer.rules.table_close = () => '</table></div>\n';

// A document shown under a page's own title starts one heading level down (`headingOffset`):
// the page keeps a single <h1>. Mails render it as written.
md.renderer.rules.heading_open = (tokens, idx, _o, env: { headingOffset?: number } | undefined) => `<h${level(tokens[idx]!.tag, env)}>`;
md.renderer.rules.heading_close = (tokens, idx, _o, env: { headingOffset?: number } | undefined) => `</h${level(tokens[idx]!.tag, env)}>\n`;
function level(tag: string, env: { headingOffset?: number } | undefined): number {
  return Math.min(6, Number(tag.slice(1)) + (env?.headingOffset ?? 0));
}

/** A Markdown document as trusted HTML (safe: raw HTML in the source is escaped). */
export function markdownHtml(source: string, opts: { headingOffset?: number } = {}): Html {
  return raw(md.render(source, { headingOffset: opts.headingOffset ?? 0 }));
}

/** The same document as an HTML string, for mail bodies. */
export function markdownHtmlString(source: string): string {
  return md.render(source);
}

// ─── Plain text ────────────────────────────────────────────────────────────────────────────────

type Token = ReturnType<MarkdownIt['parse']>[number];

/** Display width of a string (code points; good enough for the Latin scripts reports use). */
const width = (s: string): number => [...s].length;

/** An inline token's children as plain text: emphasis dropped, a link followed by its address. */
function inlineText(tok: Token | undefined): string {
  if (!tok?.children) return tok?.content ?? '';
  let out = '';
  let href: string | null = null;
  let linkStart = 0;
  for (const c of tok.children) {
    switch (c.type) {
      case 'text': case 'code_inline': out += c.content; break;
      case 'softbreak': out += ' '; break;
      case 'hardbreak': out += '\n'; break;
      case 'image': out += c.content || (c.children ?? []).map((x) => x.content).join(''); break;
      case 'link_open': href = c.attrGet('href'); linkStart = out.length; break;
      case 'link_close':
        if (href && out.slice(linkStart) !== href) out += ` (${href})`;
        href = null;
        break;
      default: break; // strong, em, s: the words stay, the markers go
    }
  }
  return out;
}

/**
 * A table as plain text: aligned columns when it fits `maxWidth`, otherwise one block per row
 * (its first cell on a line, then "header: value" lines), so that nothing needs hard wrapping.
 */
export function plainTable(header: string[], rows: string[][], maxWidth = 78): string {
  const cols = Math.max(header.length, ...rows.map((r) => r.length));
  const cell = (r: string[], i: number) => (r[i] ?? '').replace(/\s+/g, ' ').trim();
  const widths = Array.from({ length: cols }, (_, i) => Math.max(width(cell(header, i)), ...rows.map((r) => width(cell(r, i)))));
  const total = widths.reduce((a, b) => a + b, 0) + 2 * (cols - 1);
  if (total <= maxWidth) {
    const line = (r: string[]) => r.length === 0 ? '' : Array.from({ length: cols }, (_, i) => {
      const x = cell(r, i);
      return i === cols - 1 ? x : x + ' '.repeat(widths[i]! - width(x));
    }).join('  ').trimEnd();
    return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
  }
  return rows.map((r) => {
    const lines = [cell(r, 0)];
    for (let i = 1; i < cols; i++) {
      const v = cell(r, i);
      if (v) lines.push(`  ${cell(header, i) || String(i + 1)}: ${v}`);
    }
    return lines.join('\n');
  }).join('\n\n');
}

/**
 * The same Markdown document as clean plain text, for the mail's text part and the command line:
 * headings as lines (the first two levels underlined), paragraphs unwrapped, lists with "-" or
 * "1.", tables as aligned columns or "header: value" lines, no emphasis markers, no `#` or `|`.
 */
export function markdownText(source: string): string {
  const tokens = md.parse(source, {});
  // Reads blocks from tokens[i] until a closing token of `level` below; returns them and where it stopped.
  const blocks = (from: number, until: (t: Token) => boolean): [string[], number] => {
    const out: string[] = [];
    let i = from;
    while (i < tokens.length && !until(tokens[i]!)) {
      const tok = tokens[i]!;
      switch (tok.type) {
        case 'heading_open': {
          const text = inlineText(tokens[i + 1]);
          const level = Number(tok.tag.slice(1));
          out.push(level <= 2 ? `${text}\n${(level === 1 ? '═' : '─').repeat(Math.min(Math.max(width(text), 3), 78))}` : text);
          i += 3;
          break;
        }
        case 'paragraph_open': out.push(inlineText(tokens[i + 1])); i += 3; break;
        case 'bullet_list_open': case 'ordered_list_open': {
          const ordered = tok.type === 'ordered_list_open';
          let n = ordered ? Number(tok.attrGet('start') ?? 1) : 0;
          const close = ordered ? 'ordered_list_close' : 'bullet_list_close';
          const items: string[] = [];
          i++;
          while (tokens[i]!.type !== close || tokens[i]!.level !== tok.level) {
            if (tokens[i]!.type !== 'list_item_open') { i++; continue; }
            const itemLevel = tokens[i]!.level;
            const [inner, next] = blocks(i + 1, (t) => t.type === 'list_item_close' && t.level === itemLevel);
            const mark = ordered ? `${n++}. ` : '- ';
            const pad = ' '.repeat(mark.length);
            items.push(inner.join('\n').split('\n').map((l, k) => (k === 0 ? mark + l : pad + l)).join('\n'));
            i = next + 1;
          }
          out.push(items.join('\n'));
          i++;
          break;
        }
        case 'blockquote_open': {
          const [inner, next] = blocks(i + 1, (t) => t.type === 'blockquote_close' && t.level === tok.level);
          out.push(inner.join('\n\n').split('\n').map((l) => `  ${l}`).join('\n'));
          i = next + 1;
          break;
        }
        case 'fence': case 'code_block': out.push(tok.content.replace(/\n$/, '').split('\n').map((l) => `    ${l}`).join('\n')); i++; break;
        case 'hr': out.push('—'); i++; break;
        case 'table_open': {
          let header: string[] = [];
          const rows: string[][] = [];
          let row: string[] = [];
          let head = false;
          i++;
          for (; tokens[i]!.type !== 'table_close'; i++) {
            const t = tokens[i]!;
            if (t.type === 'thead_open') head = true;
            else if (t.type === 'thead_close') head = false;
            else if (t.type === 'tr_open') row = [];
            else if (t.type === 'tr_close') { if (head) header = row; else rows.push(row); }
            else if (t.type === 'th_open' || t.type === 'td_open') row.push(inlineText(tokens[i + 1]));
          }
          out.push(plainTable(header, rows));
          i++;
          break;
        }
        default: i++; break;
      }
    }
    return [out, i];
  };
  const [out] = blocks(0, () => false);
  return `${out.join('\n\n')}\n`;
}
