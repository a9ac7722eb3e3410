/**
 * A new host's first start without a mail server (README: "Two commands"): the real server
 * (`suzerain serve`) on a fresh data folder, no SMTP_URL. The host signs up in Chromium, reads his
 * validation link on the server's console, validates, logs in and reads /host/outbox. Then the
 * command line: `suzerain user validate LOGIN` and `suzerain outbox` on the same folder.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { Browser } from './http.ts';
import { freePort } from './util.ts';
import { mailHighlights } from '../../src/platform/mail/mailer.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'bin', 'suzerain.mjs');


/** The site's environment for a data folder: no SMTP, no DATABASE_URL, a fast scheduler. */
function env(dir: string, port: number): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: String(port), SCHEDULER_TICK_MS: '300', DEMO: '0' };
  delete e.SMTP_URL; delete e.DATABASE_URL; delete e.HOST_LOGIN;
  return e;
}

describe('mail without a mail server', () => {
  test('links and codes are the lines an account mail sets apart', () => {
    const text = 'Bonjour alice,\n\nVotre code :\n\n    Ab3dE9xZ\n\nOu suivez ce lien :\n\nhttp://localhost:3000/validate?login=alice&code=Ab3dE9xZ\n\n-- \nLe Scribe\nhttp://localhost:3000/\n';
    assert.deepEqual(mailHighlights(text), ['Ab3dE9xZ', 'http://localhost:3000/validate?login=alice&code=Ab3dE9xZ', 'http://localhost:3000/']);
  });
});

describe('first start without a mail server, in Chromium', { skip: BROWSER_SKIP }, () => {
  test('sign up, validate from the console, log in, read the outbox; then the command line', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'suzerain-first-'));
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const server = spawn(process.execPath, [BIN, 'serve'], { env: env(dir, port), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout!.on('data', (c: Buffer) => { output += c.toString(); });
    server.stderr!.on('data', (c: Buffer) => { output += c.toString(); });
    const waitFor = async (re: RegExp, what: string): Promise<RegExpExecArray> => {
      for (let i = 0; i < 600; i++) {
        const m = re.exec(output);
        if (m) return m;
        if (server.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no ${what} on the console:\n${output}`);
    };
    const chromium = await launchBrowser();
    try {
      await waitFor(/Suzerain is served at/, 'start line');
      const errors: string[] = [];
      const page = watchErrors(await chromium.newPage(), errors);
      await page.goto(`${url}/signup`);
      await page.fill('#login', 'Aliénor');
      await page.fill('#email', 'alienor@example.test');
      await page.fill('#password', 'a long enough password');
      await page.fill('#password2', 'a long enough password');
      await Promise.all([page.waitForURL(/\/validate/), page.click('form[action="/signup"] button[type="submit"]')]);

      // The console shows the mail: recipient, subject, the code and the link.
      const printed = await waitFor(/mail \(no SMTP_URL: kept in the outbox\) to alienor@example\.test: .*\n {4}(\S+)\n {4}(http\S+validate\S+)/, 'validation mail');
      // The link validates the address and logs the host in (issue 13 §6).
      await page.goto(printed[2]!);
      await page.waitForURL(/\/account\?validated=1/);

      // The first account is the site's host: he reads the outbox.
      await page.goto(`${url}/host/outbox`);
      assert.match(await page.locator('main').innerText(), /alienor@example\.test/);
      assert.deepEqual(errors, []);
      // A second account, left unvalidated, for the command line below.
      const b = new Browser(url);
      await b.get('/signup');
      const r = await b.post('/signup', { login: 'Bertrand', email: 'bertrand@example.test', password: 'another long password', password2: 'another long password', lang: 'fr' });
      assert.match(r.path, /\/validate/);
    } finally {
      await chromium.close();
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    try {
      // The command line, on the same folder (the server stopped): the outbox, and validating an account.
      const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { env: env(dir, port), encoding: 'utf8' });
      const out = cli('outbox');
      assert.equal(out.status, 0, out.stderr);
      assert.match(out.stdout, /kept to alienor@example\.test: .*\n {4}\S+\n {4}http\S+validate/);
      assert.match(cli('user', 'validate', 'bertrand').stdout, /Bertrand: address validated; the account can log in/);
      const bad = cli('user', 'validate', 'nobody');
      assert.equal(bad.status, 2);
      assert.match(bad.stderr, /no account "nobody"/);
      assert.match(cli('user', 'validate').stderr, /usage: suzerain user validate LOGIN/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
