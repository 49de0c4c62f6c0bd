import type { AppRouter } from "@market/api";
import { createWSClient, httpBatchLink, splitLink, wsLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import superjson from "superjson";
import { wsReconnectDelayMs } from "./ws-backoff";

export const trpc = createTRPCReact<AppRouter>();

/** Same origin as the page: the dev server proxies /trpc (WebSocket included) and production serves both. */
const wsUrl = () => `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/trpc`;

const wsClient = createWSClient({
  url: wsUrl,
  retryDelayMs: wsReconnectDelayMs,
  // Opened by the first subscription only, and closed when none has been active for a while, so visitors
  // and screens without live data never hold a socket.
  lazy: { enabled: true, closeMs: 10_000 },
});

export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: wsLink({ client: wsClient, transformer: superjson }),
      false: httpBatchLink({ url: "/trpc", transformer: superjson }),
    }),
  ],
});
