import type { AppRouter } from "@market/api";
import { createReconnectBackoff } from "@market/contracts";
import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  type TRPCClient,
  TRPCClientError,
  wsLink,
} from "@trpc/client";
import superjson from "superjson";
import WebSocket from "ws";

export interface ClientOptions {
  /** The server's origin, e.g. http://127.0.0.1:3000. */
  url: string;
  /** A session token (`id.secret`), sent as the session cookie; omit to call as a visitor, or to login() first. */
  token?: string;
  /** An API key (`mk_live_…`, `mk_test_…`), sent as `Authorization: Bearer`, on HTTP and the WebSocket alike. */
  apiKey?: string;
  /** Use one WebSocket for every call (needed for subscriptions) instead of HTTP batching. */
  transport?: "http" | "ws";
}

export interface MarketClient {
  trpc: TRPCClient<AppRouter>;
  /**
   * Logs in through `POST /api/login` (a username or an email, and the password) and calls as that user from then
   * on (HTTP transport). Rejects with the server's reason (`bad_password`, `rate_limited`, …) as a LoginRefused.
   */
  login(login: string, password: string): Promise<{ kind: string; token: string }>;
  close(): void;
}

/** A login the server refused, with its machine reason (docs/api.md). */
export class LoginRefused extends Error {
  constructor(readonly reason: string) {
    super(`login refused: ${reason}`);
    this.name = "LoginRefused";
  }
}

/**
 * The machine reason of a refusal (docs/api.md): a refused login's, or a procedure's (tRPC's `data.reason`, which
 * every refusal on /trpc carries, the CSRF check's included); null for anything else (the network, a bug).
 */
export function reasonOf(error: unknown): string | null {
  if (error instanceof LoginRefused) return error.reason;
  if (!(error instanceof TRPCClientError)) return null;
  const reason = (error.data as { reason?: unknown } | undefined)?.reason;
  return typeof reason === "string" ? reason : null;
}

const SESSION_COOKIE = /(?:^|,\s*)session=([^;]+)/;

/**
 * A typed client of the marketplace API for scripts and internal tools (Node: passes `ws`, which Node 20 lacks).
 * It states the server's own origin on every call, as the web app's pages do: the server's CSRF check refuses a
 * write that carries a session from another origin, and a browser always tells its page's origin, so a script
 * saying the server's is no way around the check for another site.
 */
export function createClient(options: ClientOptions): MarketClient {
  const origin = new URL(options.url).origin;
  let token = options.token;
  const headers = (): Record<string, string> => ({
    origin,
    ...(token ? { cookie: `session=${encodeURIComponent(token)}` } : {}),
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  });

  const login = async (name: string, password: string) => {
    const response = await fetch(`${origin}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ login: name, password }),
    });
    // An answer that is not the envelope (a proxy's error page) is refused as generic, not a JSON syntax error.
    const body = (await response.json().catch(() => ({ status: "error" }))) as {
      status: string;
      reason?: string;
      data?: { kind: string };
    };
    const cookie = SESSION_COOKIE.exec(response.headers.get("set-cookie") ?? "");
    if (body.status !== "success" || !body.data || !cookie?.[1]) throw new LoginRefused(body.reason ?? "generic");
    token = decodeURIComponent(cookie[1]);
    return { kind: body.data.kind, token };
  };

  if (options.transport === "ws") {
    // The web app's reconnect delays: growing after failures, a short random wait after a server's restart (1012),
    // so a script's sockets spread over the other instances instead of all coming back at once.
    const backoff = createReconnectBackoff();
    const wsClient = createWSClient({
      url: `${origin.replace(/^http/, "ws")}/trpc`,
      retryDelayMs: () => backoff.nextDelayMs(),
      onOpen: () => backoff.opened(),
      onClose: (cause) => backoff.closed(cause?.code),
      WebSocket: class extends WebSocket {
        constructor(address: string | URL) {
          super(address, { headers: headers() });
        }
      } as unknown as typeof globalThis.WebSocket,
    });
    return {
      trpc: createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] }),
      login,
      close: () => wsClient.close(),
    };
  }
  return {
    trpc: createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${origin}/trpc`, transformer: superjson, headers })],
    }),
    login,
    close: () => {},
  };
}

export { type ApiClient, type ApiClientOptions, type ApiPaths, type ApiSchemas, createApiClient } from "./api-client";
