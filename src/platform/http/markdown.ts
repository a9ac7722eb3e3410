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

/** A Markdown document as trusted HTML (safe: raw HTML in the source is escaped). */
export function markdownHtml(source: string): Html {
  return raw(md.render(source));
}

/** The same document as an HTML string, for mail bodies. */
export function markdownHtmlString(source: string): string {
  return md.render(source);
}
