/**
 * The report renderer (src/platform/http/markdown.ts): a ruleset's Markdown report as HTML (raw
 * HTML off: a name with `<script>` stays text; tables wrapped to scroll in their own box) and as
 * plain text for mails and the command line (no `#`, no `|---|`, no `**`; tables as aligned
 * columns, or "header: value" lines when too wide; nothing hard-wrapped).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markdownHtml, markdownHtmlString, markdownText, plainTable } from '../../src/platform/http/markdown.ts';

const REPORT = [
  '# Report — <script>alert("x")</script> of Logres',
  'A **long** paragraph written on one line by the referee, which the reader’s screen wraps wherever it likes, however long it is, with *emphasis* and a [link](/games/3/orders).',
  '## Treasury',
  '| Item | Écus |\n|---|---:|\n| Taxes: <img src=x onerror=alert(1)> | +5 |\n| **Treasury at the end** | **23** |',
  '- first\n- second, with `CODE`\n  - nested',
  '1. one\n2. two',
  '[bad](javascript:alert(1))',
].join('\n\n');

test('HTML: the Markdown rendered, raw HTML shown as text, tables in a scrolling box, no javascript: link', () => {
  const h = markdownHtmlString(REPORT);
  assert.match(h, /<h1>Report — &lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; of Logres<\/h1>/);
  assert.ok(!/<script/i.test(h), 'no script element');
  assert.ok(!/<img/i.test(h), 'no img element from a cell');
  assert.match(h, /<div class="table-wrap"><table class="data">/);
  assert.match(h, /<td>Taxes: &lt;img src=x onerror=alert\(1\)&gt;<\/td>/);
  assert.match(h, /<td style="text-align:right"><strong>23<\/strong><\/td>/);
  assert.match(h, /<strong>long<\/strong>/);
  assert.match(h, /<a href="\/games\/3\/orders">link<\/a>/);
  assert.ok(!h.includes('href="javascript:'), 'javascript: links are not links');
  assert.match(h, /<ul>\n<li>first<\/li>/);
});

test('plain text: headings as lines, lists, tables as columns, no Markdown syntax, paragraphs unwrapped', () => {
  const txt = markdownText(REPORT);
  const lines = txt.split('\n');
  assert.equal(lines[0], 'Report — <script>alert("x")</script> of Logres', 'text, as written');
  assert.match(lines[1]!, /^═+$/);
  assert.ok(lines.includes('Treasury'));
  assert.ok(!/^#/m.test(txt), 'no heading marks');
  assert.ok(!/\|/.test(txt), 'no table pipes');
  assert.ok(!/\*\*|`/.test(txt), 'no emphasis or code marks');
  assert.ok(lines.some((l) => l.startsWith('A long paragraph') && l.endsWith('it is, with emphasis and a link (/games/3/orders).')), 'one line, the link’s address after it');
  // The table's columns line up: the amounts start at the same column.
  const rows = lines.filter((l) => /^(Item|Taxes|Treasury at the end)/.test(l));
  assert.equal(rows.length, 3);
  const col = rows[0]!.indexOf('Écus');
  assert.ok(col > 0 && rows.every((r) => r.length > col && r[col - 1] === ' ' && r[col] !== ' '), rows.join('\n'));
  assert.ok(lines.includes('- first') && lines.includes('- second, with CODE') && lines.includes('  - nested'), txt);
  assert.ok(lines.includes('1. one') && lines.includes('2. two'));
});

test('plain text: a table too wide for columns becomes one block per row, "header: value"', () => {
  const header = ['No.', 'Name', 'Location', 'Items', 'Legend'];
  const rows = [['1', 'Arthur', 'Brocéliande (305)', 'Excalibur (1), the Holy Grail (4), a very long list of things', 'Legend tells of a rich hoard kept by a Vampire']];
  const out = plainTable(header, rows);
  assert.equal(out, '1\n  Name: Arthur\n  Location: Brocéliande (305)\n  Items: Excalibur (1), the Holy Grail (4), a very long list of things\n  Legend: Legend tells of a rich hoard kept by a Vampire');
  assert.equal(plainTable(['A', 'B'], [['x', 'yy']]), 'A  B\n─  ──\nx  yy');
});

test('HTML under a page title: headings one level down; mails keep them as written', () => {
  assert.match(markdownHtml('# A\n\n## B\n\n###### C', { headingOffset: 1 }).toString(), /^<h2>A<\/h2>\n<h3>B<\/h3>\n<h6>C<\/h6>\n$/);
  assert.match(markdownHtmlString('# A'), /^<h1>A<\/h1>\n$/);
});
