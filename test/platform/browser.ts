/** Debian's Chromium driven by playwright-core (never a downloaded browser). */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests run unless SKIP_BROWSER_TESTS=1 says otherwise: a missing Chromium is a
 * failure with its remedy, not a silent skip (a skipped suite would pass without testing anything).
 */
export const BROWSER_SKIP: string | false = process.env.SKIP_BROWSER_TESTS === '1' ? 'SKIP_BROWSER_TESTS=1' : false;

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium, as .ci/run does), set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1 to skip the browser tests`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

/** Collects a page's script errors and console errors (the favicon aside) into `errors`. */
export function watchErrors(p: Page, errors: string[]): Page {
  p.on('pageerror', (e) => errors.push(String(e)));
  p.on('console', (m) => { if (m.type() === 'error' && !/favicon/.test(m.location().url)) errors.push(m.text()); });
  return p;
}

// ─── Forms from the keyboard (the accessibility tests) ──────────────────────────────────────────

/** The focused element: its id, aria-invalid, and the text of what describes it. */
export async function focused(p: Page): Promise<{ id: string; tag: string; invalid: string | null; described: string }> {
  return p.evaluate(`(() => {
    const el = document.activeElement;
    const ids = (el && el.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean);
    return {
      id: el ? el.id : '', tag: el ? el.tagName.toLowerCase() : '',
      invalid: el ? el.getAttribute('aria-invalid') : null,
      described: ids.map((i) => { const d = document.getElementById(i); return d ? d.textContent.replace(/\\s+/g, ' ').trim() : '<missing #' + i + '>'; }).join(' | '),
    };
  })()`);
}

/**
 * The focused element once the focus has reached `id` (autofocus acts at the page's first
 * rendering, after "load"); what is focused after 5 s otherwise, for the assertion to show.
 */
export async function focusedOn(p: Page, id: string): Promise<Awaited<ReturnType<typeof focused>>> {
  await p.waitForFunction(`document.activeElement && document.activeElement.id === ${JSON.stringify(id)}`, undefined, { timeout: 5_000 }).catch(() => {});
  return focused(p);
}

/** Enter in the focused field: the form is sent and the answer page has loaded. */
export async function submit(p: Page): Promise<void> {
  await Promise.all([p.waitForNavigation({ waitUntil: 'load' }), p.keyboard.press('Enter')]);
}

/**
 * Opens a live page (live.js: the parts marked data-live-src) and waits for the stream's first
 * refresh of those parts: live.js fetches them again once its stream is open and replaces them, so
 * a test that fills or pictures an element before then may find it replaced under its hands.
 */
export async function gotoLive(p: Page, url: string): Promise<void> {
  await p.addInitScript(() => {
    const w = window as unknown as { liveUpdates: number };
    w.liveUpdates = 0;
    document.addEventListener('suzerain:live-updated', () => { w.liveUpdates++; });
  });
  await p.goto(url);
  await p.waitForFunction(() => (window as unknown as { liveUpdates: number }).liveUpdates >= 1);
}

/** How many live refreshes the page has had since `gotoLive` opened it. */
export const liveUpdates = (p: Page): Promise<number> => p.evaluate(() => (window as unknown as { liveUpdates: number }).liveUpdates);
