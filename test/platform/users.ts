/** Test users written straight into the database (validated), and logging them in. */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { hashPassword } from '../../src/platform/accounts/passwords.ts';
import { emailKey, loginKey } from '../../src/platform/accounts/service.ts';
import { Browser } from './http.ts';
import type { TestPlatform } from './util.ts';

export interface TestUser { id: number; login: string; password: string; email: string }

export async function newUser(tp: TestPlatform, login: string, lang: 'fr' | 'en' = 'fr'): Promise<TestUser> {
  const password = `pw-${login}-long-enough`;
  const email = `${login}@example.test`;
  const row = await tp.db.one<{ id: number }>(
    `INSERT INTO users(login, login_key, email, email_key, password_hash, validated, lang) VALUES ($1, $2, $3, $4, $5, TRUE, $6) RETURNING id`,
    [login, loginKey(login), email, emailKey(email), await hashPassword(password), lang]);
  return { id: Number(row!.id), login, password, email };
}

/** An HTTP client (cookie jar, CSRF) logged in as the user. */
export async function loggedIn(tp: TestPlatform, u: { login: string; password: string }): Promise<Browser> {
  const b = new Browser(tp.url);
  await b.get('/login');
  const r = await b.post('/login', { login: u.login, password: u.password }, { follow: false });
  assert.equal(r.status, 303, `login of ${u.login}`);
  return b;
}

/** Logs the user in through the login page of a real browser. */
export async function logIn(page: Page, url: string, u: { login: string; password: string }): Promise<void> {
  await page.goto(`${url}/login`);
  await page.fill('#login', u.login);
  await page.fill('#password', u.password);
  await Promise.all([page.waitForURL((x) => !x.pathname.startsWith('/login')), page.click('form[action="/login"] button[type="submit"]')]);
}
