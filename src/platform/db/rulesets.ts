/**
 * The platform's database, seen through the rulesets: every row read that names a ruleset (a
 * `ruleset` column: games, seats joined to their game, the hall of heroes…) has that ruleset
 * loaded (`loadRuleset`) before the rows are returned. Rulesets are imported on first use (see
 * rulesets/catalog.ts), and every path of the platform that runs a game's rules first reads its
 * row, so this one place makes `getRuleset` safe after any read, however the game was found
 * (a page, a job, a mail, a list). Ids that are not in the catalog (a test ruleset, a scope such
 * as `overall`) are left alone.
 */
import { loadRulesets } from '../../rulesets/index.ts';
import type { Db, QueryOpts, Row } from './index.ts';

const WRAPPED = Symbol('withRulesets');

async function loaded<T extends Row>(rows: T[]): Promise<T[]> {
  let ids: Set<string> | null = null;
  for (const r of rows) {
    const id = r.ruleset;
    if (typeof id === 'string') (ids ??= new Set()).add(id);
  }
  if (ids) await loadRulesets(ids);
  return rows;
}

/** `db` whose reads load the rulesets their rows name (transactions included). */
export function withRulesets(db: Db): Db {
  if ((db as { [WRAPPED]?: true })[WRAPPED]) return db;
  const wrapped: Db & { [WRAPPED]?: true } = {
    kind: db.kind,
    // The options go through (`prepare`: issue 20, a wrapper that dropped them sent every
    // "prepared" statement unnamed, parsed and planned again on each request).
    query: async <T extends Row = Row>(sql: string, params?: unknown[], opts?: QueryOpts) => loaded(await db.query<T>(sql, params, opts)),
    one: async <T extends Row = Row>(sql: string, params?: unknown[], opts?: QueryOpts) => { const r = await db.one<T>(sql, params, opts); if (r) await loaded([r]); return r; },
    tx: (fn) => db.tx((t) => fn(withRulesets(t))),
    close: () => db.close(),
    ...(db.listen ? { listen: db.listen.bind(db) } : {}),
    [WRAPPED]: true,
  };
  return wrapped;
}
