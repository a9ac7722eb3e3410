/** Platform configuration, from environment variables (documented in the README). */
import { isIP } from 'node:net';

export interface PlatformConfig {
  port: number;
  host: string;
  /** PostgreSQL server URL; when absent, the embedded database in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /** smtp://user:pass@host:port; when absent, mail is kept in the outbox (page /host/outbox). */
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  timeZone: string;
  /** Seconds after which a claimed turn that did not finish is taken over by another process. */
  claimTimeoutSeconds: number;
  /** Scheduler tick, milliseconds. */
  tickMs: number;
  /** Create the demo game on first start. */
  demo: boolean;
  /** Login of the site's host (sees the outbox, moderates); empty: the first account created. */
  hostLogin: string | null;
  /** Secure cookies (set behind HTTPS). */
  secureCookies: boolean;
  /**
   * Which X-Forwarded-For entries to believe (only behind reverse proxies that append to it):
   * false, a number of proxy hops (1: the right-most entry, the one our own proxy added), or the
   * proxies' addresses/CIDR ranges. Never the left-most entry, which the client writes.
   */
  trustProxy: false | number | string[];
  /** Demos (a guest account and a game each) one client address may create per hour. */
  demoPerHour: number;
  /** A guest account with no activity for this many days is deleted with its demo games. */
  guestDays: number;
  /** Port of the inbound SMTP server that takes replies to letters by mail (null: off). */
  inboundSmtpPort: number | null;
  /** Domain of the reply addresses (`lettre+<token>@<domain>`), routed by the host to that port. */
  inboundDomain: string;
  /** UTC hour at which daily digests and the gazette batch go out. */
  digestHour: number;
  /**
   * Time budgets of the referee's work in its worker threads (referee/pool.ts), milliseconds: a
   * turn's resolution (also a statistics replay and a new game's dry run), a player's tool or
   * simulator, a map's PNG. A task over budget is stopped and recorded as a failure.
   */
  turnBudgetMs: number;
  toolBudgetMs: number;
  renderBudgetMs: number;
  /** Hours a lobby candidate asked to confirm has to answer before his request expires. */
  lobbyConfirmHours: number;
  /**
   * Requests per minute to the API (/api/v1) per token, or per client address without a token,
   * with bursts of as many (api/routes.ts, a token bucket in each server process); 0: no limit.
   */
  apiPerMinute: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.DATA_DIR ?? './data',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Le Scribe Royal <scribe@suzerain.localhost>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    timeZone: env.DEFAULT_TIME_ZONE ?? 'Europe/Paris',
    claimTimeoutSeconds: Number(env.CLAIM_TIMEOUT_SECONDS ?? 300),
    tickMs: Number(env.SCHEDULER_TICK_MS ?? 5000),
    demo: env.DEMO !== '0',
    hostLogin: env.HOST_LOGIN || null,
    secureCookies: env.SECURE_COOKIES === '1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    demoPerHour: nonNegative('DEMO_PER_HOUR', env.DEMO_PER_HOUR, 5),
    guestDays: nonNegative('GUEST_DAYS', env.GUEST_DAYS, 3),
    inboundSmtpPort: env.INBOUND_SMTP_PORT ? Number(env.INBOUND_SMTP_PORT) : null,
    inboundDomain: env.INBOUND_DOMAIN ?? 'suzerain.localhost',
    digestHour: Number(env.DIGEST_HOUR ?? 6),
    turnBudgetMs: seconds(env.TURN_BUDGET_SECONDS, 120) * 1000,
    toolBudgetMs: seconds(env.TOOL_BUDGET_SECONDS, 5) * 1000,
    renderBudgetMs: seconds(env.RENDER_BUDGET_SECONDS, 10) * 1000,
    lobbyConfirmHours: Number(env.LOBBY_CONFIRM_HOURS ?? 72),
    apiPerMinute: nonNegative('API_PER_MINUTE', env.API_PER_MINUTE, 120),
  };
}

/** A number of seconds from the environment (default when absent or not a positive number). */
function seconds(v: string | undefined, byDefault: number): number {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n > 0 ? n : byDefault;
}

/** A whole number ≥ 0 from the environment, or the default; anything else stops the start with a clear message. */
function nonNegative(name: string, raw: string | undefined, dflt: number): number {
  if (raw === undefined || raw.trim() === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0 (got "${raw}")`);
  return n;
}

/**
 * TRUST_PROXY: unset, empty or 0 = no proxy (the socket's address is the client's); a number n =
 * n proxy hops, so the client is the n-th address from the right of X-Forwarded-For (1: behind one
 * proxy that appends the address it saw); otherwise a comma-separated list of the proxies'
 * addresses or CIDR ranges (the client is the right-most address not in the list). Any other
 * value stops the start: a mistyped setting must not silently trust a forged header.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const v = (raw ?? '').trim();
  if (v === '' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n > 20) throw new Error(`TRUST_PROXY: ${n} proxy hops is not plausible (at most 20)`);
    return n;
  }
  const list = v.split(',').map((x) => x.trim()).filter((x) => x !== '');
  if (list.length === 0) return false;
  for (const x of list) {
    const [addr = '', bits, extra] = x.split('/');
    const kind = isIP(addr);
    const max = kind === 4 ? 32 : 128;
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max);
    if (!kind || !okBits || extra !== undefined) {
      throw new Error(`TRUST_PROXY must be 0, a number of proxy hops, or a comma-separated list of proxy addresses (got "${x}")`);
    }
  }
  return list;
}
