/** Platform configuration, from environment variables (documented in the README). */
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
  /** Trust X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
  /** Port of the inbound SMTP server that takes replies to letters by mail (null: off). */
  inboundSmtpPort: number | null;
  /** Domain of the reply addresses (`lettre+<token>@<domain>`), routed by the host to that port. */
  inboundDomain: string;
  /** UTC hour at which daily digests and the gazette batch go out. */
  digestHour: number;
  /** Hours a lobby candidate asked to confirm has to answer before his request expires. */
  lobbyConfirmHours: number;
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
    trustProxy: env.TRUST_PROXY === '1',
    inboundSmtpPort: env.INBOUND_SMTP_PORT ? Number(env.INBOUND_SMTP_PORT) : null,
    inboundDomain: env.INBOUND_DOMAIN ?? 'suzerain.localhost',
    digestHour: Number(env.DIGEST_HOUR ?? 6),
    lobbyConfirmHours: Number(env.LOBBY_CONFIRM_HOURS ?? 72),
  };
}
