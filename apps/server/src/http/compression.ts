import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Below this an answer goes as it is: the encoding's overhead and the CPU would buy next to nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality for answers compressed on the fly. The plugin's 4 cost 45-110 µs an answer of 1.5-15 KB of
 * JSON on this machine, a quarter of a request's CPU in the load bench with a browser's Accept-Encoding; 2 costs
 * 21-55 µs for answers 5-8 % larger (a campaign list of 15 KB: 3,223 B instead of 3,020), still smaller than gzip's
 * at its default level, which takes longer. The built web app is compressed once, at the highest quality (spa.ts).
 */
export const ANSWER_BROTLI_QUALITY = 2;

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
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY,
      },
    },
    globalDecompression: false,
  });
}
