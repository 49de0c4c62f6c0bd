import type { AppRouter } from "@market/api";
import { createTRPCClient, createWSClient, httpBatchLink, type TRPCClient, wsLink } from "@trpc/client";
import superjson from "superjson";
import WebSocket from "ws";

export interface ClientOptions {
  /** The server's origin, e.g. http://127.0.0.1:3000. */
  url: string;
  /** A session token (`id.secret`), sent as the session cookie; omit to call as a visitor. */
  token?: string;
  /** Use one WebSocket for every call (needed for subscriptions) instead of HTTP batching. */
  transport?: "http" | "ws";
}

export interface MarketClient {
  trpc: TRPCClient<AppRouter>;
  close(): void;
}

/** A typed client of the marketplace API for scripts and internal tools (Node: passes `ws`, which Node 20 lacks). */
export function createClient(options: ClientOptions): MarketClient {
  const origin = options.url.replace(/\/$/, "");
  const headers: Record<string, string> = options.token
    ? { cookie: `session=${encodeURIComponent(options.token)}` }
    : {};
  if (options.transport === "ws") {
    const wsClient = createWSClient({
      url: `${origin.replace(/^http/, "ws")}/trpc`,
      WebSocket: class extends WebSocket {
        constructor(address: string | URL) {
          super(address, { headers });
        }
      } as unknown as typeof globalThis.WebSocket,
    });
    return {
      trpc: createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] }),
      close: () => wsClient.close(),
    };
  }
  return {
    trpc: createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${origin}/trpc`, transformer: superjson, headers })],
    }),
    close: () => {},
  };
}
