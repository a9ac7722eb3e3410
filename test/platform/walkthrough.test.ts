/**
 * The whole journey in a real browser (Debian's Chromium), on the embedded database and on
 * PostgreSQL: two players sign up (validation codes read from the test SMTP server), one creates
 * a private game, the other joins and the game starts; orders are entered through the guided form
 * and the text box, a bad line shows its error, both lords mark ready, the turn resolves, and the
 * report is on the site and in the mailbox.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import type { Browser, Page } from 'playwright-core';
import { BROWSER_SKIP, launchBrowser } from './browser.ts';
import { codeFromMail } from './http.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';

async function signUp(page: Page, tp: TestPlatform, login: string, email: string, password: string): Promise<void> {
  await page.goto(`${tp.url}/signup`);
  await page.fill('#login', login);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.fill('#password2', password);
  await page.click('form[action="/signup"] button[type=submit]');
  const mail = await tp.smtp.waitFor((m) => m.to.includes(email));
  const code = codeFromMail(mail.text);
  assert.match(code, /^[A-Za-z0-9]{8}$/);
  await page.goto(`${tp.url}/validate`);
  if (await page.locator('form[action="/validate"] #login').count()) await page.fill('form[action="/validate"] #login', login);
  await page.fill('#code', code);
  await page.click('form[action="/validate"] button[type=submit]');
  await page.goto(`${tp.url}/login`);
  await page.fill('form[action="/login"] #login', login);
  await page.fill('form[action="/login"] #password', password);
  await page.click('form[action="/login"] button[type=submit]');
  await page.waitForLoadState('load');
  assert.ok((await page.content()).includes(login), `${login} is logged in`);
}

describe('walkthrough in a real browser', { skip: BROWSER_SKIP }, () => {
  for (const kind of DB_KINDS) {
    test(`sign-up to e-mailed report (${kind})`, { timeout: 180_000 }, async () => {
      const tp = await startTestPlatform(kind, { tickMs: 100 });
      let browser: Browser | null = null;
      try {
        browser = await launchBrowser();
        const a = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
        const b = await (await browser.newContext({ locale: 'en-GB' })).newPage();
        await signUp(a, tp, 'Hawkmoon', 'hawk@example.org', 'narvik-1234');
        await signUp(b, tp, 'Hylith', 'hylith@example.org', 'livojoki-99');

        // Hawkmoon creates a private game for two lords.
        await a.goto(`${tp.url}/games`);
        await a.fill('#create input[name=name]', 'Partie des Fjords');
        await a.selectOption('#create select[name=map]', 'gloire-et-pouvoir/scandinavia');
        await a.fill('#create input[name=lords]', '2');
        await a.fill('#create input[name=lordName]', 'Hawkmoon');
        await a.fill('#create input[name=password]', 'fjords');
        await a.check('#create input[name=early]');
        await a.click('#create button.primary[type=submit]');
        await a.waitForURL(/\/games\/\d+/);
        const gameUrl = a.url().replace(/\/(orders|join).*$/, '').replace(/\?.*$/, '');
        const gameId = /\/games\/(\d+)/.exec(gameUrl)![1];

        // Hylith joins with the password: the game is full and starts.
        await b.goto(`${tp.url}/games/${gameId}`);
        await b.fill(`form[action="/games/${gameId}/join"] input[name=lordName]`, 'Hylith');
        await b.fill(`form[action="/games/${gameId}/join"] input[name=password]`, 'fjords');
        await b.click(`form[action="/games/${gameId}/join"] button[type=submit]`);
        await tp.smtp.waitFor((m) => m.to.includes('hawk@example.org') && /Début de partie|begins/.test(m.subject));
        await tp.smtp.waitFor((m) => m.to.includes('hylith@example.org') && /Début de partie|begins/.test(m.subject));

        // Hawkmoon's orders: one line from the guided form, more typed in the text box.
        await a.goto(`${tp.url}/games/${gameId}/orders`);
        const imp = a.locator('.entry[data-code="IMP"]');
        await a.evaluate(() => document.querySelectorAll('#orders details').forEach((d) => d.setAttribute('open', '')));
        await imp.locator('[data-name="level"]').fill('9');
        const territory = await imp.locator('select[data-name="territory"] option').nth(1).getAttribute('value')
          ?? await imp.locator('select[data-name="territory"] option').first().getAttribute('value');
        await imp.locator('select[data-name="territory"]').selectOption(territory!);
        await imp.locator('button.add').click();
        await a.waitForFunction(() => /IMP 9 /.test((document.getElementById('sheet-text') as HTMLTextAreaElement).value));
        const formLine = await a.inputValue('#sheet-text');
        assert.match(formLine, new RegExp(`IMP 9 "?${territory}"?`));
        // A bad line typed in the text box: its error appears beside it, the good lines stay.
        await a.fill('#sheet-text', `${formLine.trim()}\nIMP 12 ${territory}\nCHE 2`);
        await a.waitForSelector('#issues li[data-line="2"]', { timeout: 10_000 });
        assert.match(await a.locator('#issues li[data-line="2"]').innerText(), /0 (to|à) 10/);
        // Fix it.
        await a.fill('#sheet-text', `${formLine.trim()}\nCHE 2\nARM ${territory} 3000 Hawkmoon`);
        await a.waitForFunction(() => document.querySelectorAll('#issues li[data-line]').length === 0, undefined, { timeout: 10_000 });
        await a.click('#ready-button');
        // A warned line (the levy may outrun the treasury): "ready" warns once, a second click confirms (issue 13 §4).
        await a.waitForFunction(() => document.querySelector('#ready-form')?.classList.contains('is-ready') || !(document.getElementById('ready-warning') as HTMLElement).hidden);
        if (await a.locator('#ready-warning').isVisible()) await a.click('#ready-button');
        await a.waitForFunction(() => document.querySelector('#ready-form')?.classList.contains('is-ready'));

        // Hylith is ready too (with an empty sheet): early resolution resolves the turn.
        await b.goto(`${tp.url}/games/${gameId}/orders`);
        await b.click('#ready-button');
        const mail = await tp.smtp.waitFor((m) => m.to.includes('hawk@example.org') && /BILAN/.test(m.subject), 20_000);
        assert.match(mail.text, /IMP 9|impôts/);
        assert.match(mail.text, /4 948/, 'the tax figure of the rules (TV-05) is in the mailed report');
        // The report on the site.
        await a.goto(`${tp.url}/games/${gameId}/reports`);
        await a.locator('a[href*="/reports/1"]').first().click();
        const report = await a.locator('article.report').first().innerText();
        assert.match(report, /BILAN/);
        assert.match(report, /4 948/);
        const hylithMail = await tp.smtp.waitFor((m) => m.to.includes('hylith@example.org') && /Report|BILAN/.test(m.subject));
        assert.doesNotMatch(hylithMail.text, /4 948|4,948/, "Hylith's report does not tell him Hawkmoon's taxes");
      } finally {
        await browser?.close();
        await tp.close();
      }
    });
  }
});
