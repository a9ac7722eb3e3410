/**
 * The platform's routes as Fastify lists them (printRoutes prints one node of its route tree per
 * line, with the node's methods), for tests that must cover every route, including routes added
 * after the test was written.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteEntry { method: string; path: string }

/** Every (method, path) of the app's route table, HEAD routes included. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const out: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const full = (depth ? stack[depth - 1]! : '') + m[2]!;
    stack.push(full);
    for (const method of (m[3] ?? '').split(', ')) if (method) out.push({ method, path: full });
  }
  return out;
}

/** The routes that may change state: every method but GET, HEAD and OPTIONS. */
export function stateChangingRoutes(app: FastifyInstance): RouteEntry[] {
  return routeTable(app).filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
}
