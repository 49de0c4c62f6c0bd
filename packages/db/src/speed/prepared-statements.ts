import type { Sql } from "postgres";

/**
 * The postgres.js client as drizzle should use it: every single-statement query is sent as a named prepared
 * statement, which postgres.js keeps per connection keyed by the query's text. drizzle sends its queries unnamed
 * (postgres.js's `unsafe` without `prepare`), so PostgreSQL parsed and planned each one on every call, which cost
 * more than running it for the small indexed queries a request sends (issue 17: planning 1.1-1.8 ms against
 * 0.1-0.15 ms of execution for a search page).
 *
 * drizzle builds the same text for the same query shape with the values as parameters, so the statements per
 * connection stay as many as the app's query shapes (postgres.js ends each connection after 30 to 60 minutes,
 * which bounds what a long-lived one accumulates). Text holding more than one statement (a `;`: raw scripts) stays
 * unnamed, as PostgreSQL refuses to prepare it. Transactions and savepoints hand drizzle a client of their own,
 * wrapped the same way. Migrations do not go through this (migrate.ts builds its own drizzle over the raw client).
 */
export function preparingClient(client: Sql): Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, parameters?: unknown[], options?: { prepare?: boolean }) =>
          // Not `{ ...options, prepare }`: a literal that spreads first and then names a key costs about 1 µs on
          // Node 20 (docs/performance.md, "Spread first"), and this runs for every query.
          target.unsafe(query, parameters as never, Object.assign({}, options, { prepare: !query.includes(";") }));
      }
      if (property === "begin" || property === "savepoint") {
        const open = Reflect.get(target, property, receiver) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => {
          const body = args.at(-1) as (client: Sql) => unknown;
          return open(...args.slice(0, -1), (scoped: Sql) => body(preparingClient(scoped)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}
