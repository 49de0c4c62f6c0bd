import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/** Paths owned by the server; everything else belongs to the single-page app. */
export const isServerPath = (url: string): boolean =>
  /^\/(api|admin\/api|admin\/login|trpc|notifications|files|auth|health)(\/|\?|$)/.test(url);

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached and answered for every
 * other GET path so the client router can take over. Each file goes as the `.br` or `.gz` made beside it at build
 * time (apps/web/build/precompress.ts) when the client accepts that encoding (brotli first), with
 * `Vary: Accept-Encoding`; as it is otherwise.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, "index.html"))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, path) {
      const immutable = path.startsWith(join(webDist, "assets"));
      reply.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  return true;
}

export function sendIndex(reply: FastifyReply) {
  return reply.header("Cache-Control", "no-cache").sendFile("index.html");
}
