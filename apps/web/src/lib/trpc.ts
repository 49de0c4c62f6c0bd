import type { AppRouter } from "@market/api";
import { createReconnectBackoff } from "@market/contracts";
import { createWSClient, httpBatchLink, splitLink, wsLink } from "@trpc/client";
import { type createTRPCQueryUtils, createTRPCReact } from "@trpc/react-query";
import superjson from "superjson";
import { createLiveConnection } from "./live-connection";

export const trpc = createTRPCReact<AppRouter>();

/**
 * The tRPC utilities usable outside React (a route's loader): the same query keys as the hooks of `trpc`, over the
 * page's one query client (main.tsx), so what a loader fetches is what the screen's hooks read.
 */
export type QueryUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;

/** Same origin as the page: the dev server proxies /trpc (WebSocket included) and production serves both. */
const wsUrl = () => `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/trpc`;

const backoff = createReconnectBackoff();

const wsClient = createWSClient({
  url: wsUrl,
  // Spec section 7's delays, counted across drops until a connection proves stable, and a short random wait after
  // a server's restart (1012), whose clients go to another instance (see createReconnectBackoff).
  retryDelayMs: () => backoff.nextDelayMs(),
  onOpen: () => backoff.opened(),
  onClose: (cause) => backoff.closed(cause?.code),
  // Opened by the first subscription only, and closed when none has been active for a while, so visitors
  // and screens without live data never hold a socket.
  lazy: { enabled: true, closeMs: 10_000 },
});

/** Whether the live connection is up, for the screens that say so (the offline notice). */
export const liveConnection = createLiveConnection(wsClient.connectionState);

export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: wsLink({ client: wsClient, transformer: superjson }),
      false: httpBatchLink({ url: "/trpc", transformer: superjson }),
    }),
  ],
});
