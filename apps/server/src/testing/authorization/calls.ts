import { randomUUID } from "node:crypto";
import { appRouter } from "@market/api";
import { TEST_ORIGIN } from "@market/api/testing";
import { createClient } from "@market/sdk";
import type { FastifyInstance } from "fastify";
import superjson from "superjson";
import { cookieFor, nextIp } from "../auth-helpers";
import { openSocket, wsOrigin } from "../sockets";
import type { HttpCall } from "./matrix";

type ProcedureType = "query" | "mutation" | "subscription";
export const procedures = (
  appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: ProcedureType } }> } }
)._def.procedures;
export const typeOf = (path: string): ProcedureType => {
  const procedure = procedures[path];
  if (!procedure) throw new Error(`no procedure ${path}`);
  return procedure._def.type;
};

/**
 * How a cell calls a route on a listening app, as the site's own pages and the SDK do, and reads the answer as the
 * matrix writes it (roles.ts): a status, a redirect's path, 101 for a WebSocket that opened.
 */
export function callsOn(app: FastifyInstance) {
  /** A multipart/form-data body of one `file` field, as a browser's FormData sends it. */
  function multipart(file: NonNullable<HttpCall["file"]>) {
    const boundary = `----matrix${randomUUID()}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), Buffer.from(file.bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  }

  /** An HTTP request as a same-origin page of the site sends it; its answer (roles.ts). */
  async function httpAnswer(method: string, call: HttpCall, token: string | null): Promise<string> {
    const headers: Record<string, string> = { "sec-fetch-site": "same-origin", ...call.headers };
    if (token) headers.cookie = cookieFor(token);
    let payload: string | Buffer | undefined;
    if (call.file) {
      const body = multipart(call.file);
      headers["content-type"] = body.contentType;
      payload = body.payload;
    } else if (method === "POST") {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(call.body ?? {});
    }
    const response = await app.inject({
      method: method as "GET" | "POST",
      url: call.url,
      headers,
      remoteAddress: nextIp(),
      ...(payload === undefined ? {} : { payload }),
    });
    const location = response.headers.location;
    if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === "string") {
      return `${response.statusCode}:${new URL(location, TEST_ORIGIN).pathname}`;
    }
    return String(response.statusCode);
  }

  /** The status of a WebSocket upgrade: 101 when it opens, else the status that refused it. */
  async function upgradeAnswer(url: string, token: string | null): Promise<string> {
    try {
      const socket = await openSocket(`${wsOrigin(app)}${url}`, { origin: TEST_ORIGIN, ...(token ? { token } : {}) });
      socket.close();
      return "101";
    } catch (error) {
      const refused = /upgrade refused: (\d+)/.exec(String(error));
      if (refused?.[1]) return refused[1];
      throw error;
    }
  }

  /** A subscription over the /trpc WebSocket, as the SDK opens it: 200 once started, else its error's HTTP status. */
  async function subscriptionAnswer(path: string, input: unknown, token: string | null): Promise<string> {
    const client = createClient({
      url: wsOrigin(app).replace(/^ws/, "http"),
      transport: "ws",
      ...(token ? { token } : {}),
    });
    try {
      const procedure = path
        .split(".")
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], client.trpc) as {
        subscribe: (input: unknown, handlers: Record<string, (value?: unknown) => void>) => { unsubscribe(): void };
      };
      return await new Promise<string>((resolve) => {
        const subscription = procedure.subscribe(input, {
          onStarted: () => {
            subscription.unsubscribe();
            resolve("200");
          },
          // A TRPCClientError: its data holds the status the refusal would have over HTTP.
          onError: (error) => resolve(String((error as { data?: { httpStatus?: number } }).data?.httpStatus ?? 500)),
        });
      });
    } finally {
      client.close();
    }
  }

  /** A procedure's call on /trpc as the web app makes it: a query by GET, a mutation by POST. */
  async function procedureAnswer(path: string, input: unknown, token: string | null): Promise<string> {
    const type = typeOf(path);
    if (type === "subscription") return subscriptionAnswer(path, input, token);
    const serialized = input === undefined ? undefined : superjson.serialize(input);
    if (type === "query") {
      const query = serialized === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(serialized))}`;
      return httpAnswer("GET", { url: `/trpc/${path}${query}` }, token);
    }
    return httpAnswer("POST", { url: `/trpc/${path}`, body: serialized ?? {} }, token);
  }
  return { httpAnswer, upgradeAnswer, procedureAnswer };
}
