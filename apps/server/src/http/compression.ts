import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Below this an answer goes as it is: the encoding's overhead and the CPU would buy next to nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses the answers of the routes registered after it in `scope` (REST and tRPC over HTTP) when they reach
 * the threshold, as brotli when the client accepts it, else gzip, with `Vary: Accept-Encoding`. The built web app
 * is compressed once at build time instead (spa.ts), and stored files are served as they are. A WebSocket upgrade
 * never reaches the plugin's hook. Request bodies are left as sent (no client of ours compresses them), so a
 * compressed one stays a 400 in the envelope rather than the plugin's own error shape.
 */
export async function compressAnswers(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    globalDecompression: false,
  });
}
