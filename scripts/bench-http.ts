/**
 * The load benches' client (scripts/bench-load.ts, scripts/bench-reads.ts): sequential requests over keep-alive
 * connections of node:http, timed one by one, and what they print (percentiles, the load average).
 */
import { type Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { loadavg } from "node:os";
import superjson from "superjson";

const REQUEST_TIMEOUT_MS = 10_000;

export interface Response {
  status: number;
  /** The body's length only: this client shares the cores with the server, so it neither copies nor decodes it. */
  bytes: number;
  headers: IncomingHttpHeaders;
}

export function sendWith(
  agent: Agent,
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${baseUrl}${path}`,
      { method, agent, headers: body === undefined ? headers : { ...headers, "content-type": "application/json" } },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes, headers: response.headers }));
        response.on("error", reject);
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error("timeout")));
    request.on("error", reject);
    request.end(body);
  });
}

/** The path the web app's httpBatchLink requests for one query (a batch of one, GET, superjson). */
export function trpcQueryPath(procedure: string, input: unknown): string {
  const encoded = encodeURIComponent(JSON.stringify({ 0: superjson.serialize(input) }));
  return `/trpc/${procedure}?batch=1&input=${encoded}`;
}

export interface Tally {
  latencies: number[];
  errors: Map<string, number>;
  byRoute: Map<string, number[]>;
  /** The bytes of the last answer of each route: what its share of the server's CPU scales with. */
  bytesByRoute: Map<string, number>;
}

export interface Planned {
  name: string;
  method: string;
  path: string;
  body?: string;
  headers: Record<string, string>;
}

/** Runs `connections` loops of sequential requests for `ms`; each loop asks `next` for its next request. */
export async function drive(
  agent: Agent,
  baseUrl: string,
  connections: number,
  ms: number,
  next: () => Planned,
): Promise<Tally> {
  const tally: Tally = { latencies: [], errors: new Map(), byRoute: new Map(), bytesByRoute: new Map() };
  const deadline = performance.now() + ms;
  const loop = async () => {
    while (performance.now() < deadline) {
      const { name, method, path, body, headers } = next();
      const started = performance.now();
      let failure: string | null = null;
      try {
        const response = await sendWith(agent, baseUrl, method, path, headers, body);
        if (response.status < 200 || response.status > 299) failure = `${response.status} ${name}`;
        tally.bytesByRoute.set(name, response.bytes);
      } catch (error) {
        failure = `${(error as NodeJS.ErrnoException).code ?? (error as Error).message} ${name}`;
      }
      const elapsed = performance.now() - started;
      if (failure) tally.errors.set(failure, (tally.errors.get(failure) ?? 0) + 1);
      tally.latencies.push(elapsed);
      const route = tally.byRoute.get(name) ?? [];
      route.push(elapsed);
      tally.byRoute.set(name, route);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return tally;
}

export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
