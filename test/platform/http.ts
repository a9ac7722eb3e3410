/**
 * A small browser for platform tests: `fetch` with a cookie jar, redirects followed by hand (so
 * cookies set on the way are kept), the page's CSRF token picked up from the `<meta name="csrf-token">`
 * tag or a hidden `_csrf` field and sent with forms (field) and JSON calls (X-CSRF-Token header).
 */

export interface Res {
  status: number;
  /** The final URL's path and query (after redirects). */
  path: string;
  url: string;
  headers: Headers;
  text: string;
  /** Set-Cookie headers of every response on the way. */
  setCookies: string[];
  /** Locations followed, in order. */
  redirects: string[];
  /** Location of the last response when redirects were not followed. */
  location: string | null;
  json<T = any>(): T;
}

export interface RequestOpts {
  /** Form fields (application/x-www-form-urlencoded). `_csrf` is added unless `csrf` says otherwise. */
  /** A list value sends the field once per item (checkboxes of one name). */
  form?: Record<string, string | number | boolean | undefined | string[]>;
  /** JSON body; the CSRF token goes in the X-CSRF-Token header. */
  json?: unknown;
  headers?: Record<string, string>;
  /** Follow redirects (default true). */
  follow?: boolean;
  /** The CSRF token to send: default the last one seen; false sends none. */
  csrf?: string | false;
}

export class Browser {
  readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page read. */
  csrf: string | null = null;
  last: Res | null = null;

  /** `ip`: sent as X-Forwarded-For (the server trusts its proxy), to act as several clients. */
  constructor(readonly base: string, readonly opts: { ip?: string; lang?: 'fr' | 'en' } = {}) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(setCookies: string[]): void {
    for (const sc of setCookies) {
      const [pair, ...attrs] = sc.split(';');
      const eq = pair!.indexOf('=');
      if (eq < 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.trim().split('=');
        const key = k!.toLowerCase();
        if (key === 'max-age') return Number(v) <= 0;
        if (key === 'expires') return new Date(v ?? '').getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, path: string, o: RequestOpts = {}): Promise<Res> {
    const redirects: string[] = [];
    const setCookies: string[] = [];
    let url = new URL(path, this.base).toString();
    let m = method.toUpperCase();
    let body: string | undefined;
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (this.opts.ip) headers['x-forwarded-for'] = this.opts.ip;
    if (this.opts.lang) headers['accept-language'] = this.opts.lang;
    const token = o.csrf === false ? null : o.csrf ?? this.csrf;
    if (o.form) {
      const f = new URLSearchParams();
      for (const [k, v] of Object.entries(o.form)) for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) f.append(k, String(x));
      if (token && !f.has('_csrf')) f.set('_csrf', token);
      body = f.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (o.json !== undefined) {
      body = JSON.stringify(o.json);
      headers['content-type'] = 'application/json';
      if (token) headers['x-csrf-token'] = token;
    } else if (m !== 'GET' && m !== 'HEAD' && token && !headers['x-csrf-token']) {
      headers['x-csrf-token'] = token;
    }
    for (let hop = 0; ; hop++) {
      const r = await fetch(url, { method: m, headers: { ...headers, cookie: this.cookieHeader() }, body, redirect: 'manual' });
      const sc = r.headers.getSetCookie();
      setCookies.push(...sc);
      this.store(sc);
      const location = r.headers.get('location');
      if (location && r.status >= 300 && r.status < 400 && o.follow !== false && hop < 10) {
        await r.arrayBuffer();
        url = new URL(location, url).toString();
        redirects.push(location);
        if (r.status !== 307 && r.status !== 308) {
          m = 'GET'; body = undefined;
          delete headers['content-type']; delete headers['x-csrf-token'];
        }
        continue;
      }
      const text = await r.text();
      const u = new URL(url);
      const res: Res = {
        status: r.status, url, path: u.pathname + u.search, headers: r.headers, text, setCookies, redirects,
        location: r.status >= 300 && r.status < 400 ? location : null,
        json: () => JSON.parse(text),
      };
      const found = /<meta name="csrf-token" content="([^"]*)"/.exec(text) ?? /name="_csrf" value="([^"]*)"/.exec(text);
      if (found?.[1]) this.csrf = found[1];
      this.last = res;
      return res;
    }
  }

  get(path: string, o: Omit<RequestOpts, 'form' | 'json'> = {}): Promise<Res> {
    return this.request('GET', path, o);
  }

  /** Posts a form; reads a page first when no CSRF token is known yet. */
  async post(path: string, form: RequestOpts['form'] = {}, o: Omit<RequestOpts, 'form'> = {}): Promise<Res> {
    if (o.csrf === undefined && !this.csrf) await this.get('/');
    return this.request('POST', path, { ...o, form });
  }

  async postJson(path: string, json: unknown, o: Omit<RequestOpts, 'json'> = {}): Promise<Res> {
    if (o.csrf === undefined && !this.csrf) await this.get('/');
    return this.request('POST', path, { ...o, json });
  }
}

/** The visible text of a page (tags removed, entities for quotes/ampersands decoded, spaces squeezed). */
export function pageText(htmlText: string): string {
  return htmlText
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The value of a form's hidden or text input named `name` in the page. */
export function inputValue(htmlText: string, name: string): string | null {
  const re = new RegExp(`<input[^>]*name="${name}"[^>]*>`, 'i');
  const tag = re.exec(htmlText)?.[0];
  return tag ? (/value="([^"]*)"/.exec(tag)?.[1] ?? '') : null;
}

/** The 8-character validation code in a validation mail. */
export function codeFromMail(text: string): string {
  const m = /code=([A-Za-z0-9]{8})\b/.exec(text) ?? /^\s+([A-Za-z0-9]{8})\s*$/m.exec(text);
  if (!m) throw new Error(`no validation code in mail:\n${text}`);
  return m[1]!;
}

export interface SignupOpts { login: string; email: string; password: string }

/**
 * Signs up through the pages, reads the code from the test SMTP server's mail, validates and logs
 * in. For other tests that need a ready account. `smtp.waitFor` comes from test/platform/util.ts.
 */
export async function signUpAndLogIn(
  b: Browser,
  smtp: { waitFor(pred: (m: { to: string[]; subject: string; text: string }) => boolean, ms?: number): Promise<{ text: string }> },
  u: SignupOpts,
): Promise<void> {
  await b.get('/signup');
  const r = await b.post('/signup', { login: u.login, email: u.email, password: u.password, password2: u.password });
  if (r.status !== 200 || !r.path.startsWith('/validate')) throw new Error(`sign-up failed (${r.status} ${r.path}): ${pageText(r.text).slice(0, 300)}`);
  const mail = await smtp.waitFor((m) => m.to.some((a) => a.toLowerCase() === u.email.toLowerCase()) && /validation/i.test(m.subject));
  const code = codeFromMail(mail.text);
  // A right code logs the player in (issue 13 §6).
  const v = await b.post('/validate', { login: u.login, code });
  if (v.path !== '/account?validated=1' || !b.cookies.has('sid')) throw new Error(`validation failed (${v.status} ${v.path})`);
  await b.post('/logout');
  const l = await b.post('/login', { login: u.login, password: u.password });
  if (l.status !== 200 || !b.cookies.has('sid')) throw new Error(`login failed (${l.status} ${l.path})`);
}
