import { once } from "node:events";
import { WS_CLOSE_SERVER_RESTART } from "@market/contracts";
import type { WebSocket, WebSocketServer } from "ws";

/** How long a client has to answer the close frame before its socket is cut: a drain must not wait on it. */
export const SOCKET_CLOSE_GRACE_MS = 2_000;

/**
 * Closes every WebSocket of the server with 1012 (Service Restart), which tells a client to reconnect, after a
 * short random wait, to another instance (apps/web's ws-backoff.ts); then stops the server taking upgrades. The
 * sockets that have not closed within SOCKET_CLOSE_GRACE_MS are cut. @fastify/websocket's preClose (app.ts): it
 * runs when the app closes, after the drain's delay (lifecycle/drain.ts).
 */
export async function closeSocketsForRestart(server: WebSocketServer, graceMs = SOCKET_CLOSE_GRACE_MS): Promise<void> {
  const open = [...server.clients];
  for (const socket of open) socket.close(WS_CLOSE_SERVER_RESTART, "server restart");
  const timer = setTimeout(() => {
    for (const socket of open) socket.terminate();
  }, graceMs);
  try {
    await Promise.all(open.map(closed));
  } finally {
    clearTimeout(timer);
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

const closed = async (socket: WebSocket): Promise<void> => {
  if (socket.readyState === socket.CLOSED) return;
  await once(socket, "close");
};
