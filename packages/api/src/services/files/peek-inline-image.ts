import { Readable } from "node:stream";
import { MAX_UPLOAD_BYTES } from "@market/contracts";
import { inlineImageTypeOfPrefix } from "./inline-image";

/**
 * A streamed file's inline image type (inlineImageType: the chat's thumbnail) and a stream of all its bytes to send
 * on. Reads only as far as the bytes decide: the first chunk for anything that starts like no image, the first 30
 * bytes for a PNG, GIF or WebP, a JPEG up to its frame header (after its metadata segments). A file that never
 * decides (a broken header) is read to its end, below MAX_UPLOAD_BYTES as every upload is.
 */
export async function peekInlineImageType(body: Readable): Promise<{ type: string | null; body: Readable }> {
  const source = body[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let checkedAt = 0;
  let type: string | null | undefined;
  while (type === undefined) {
    const next = await source.next();
    if (!next.done) {
      chunks.push(next.value as Buffer);
      length += (next.value as Buffer).length;
    }
    const last = next.done || length >= MAX_UPLOAD_BYTES;
    // Looked at again each time the bytes have doubled, so a long JPEG header costs linear time, not quadratic.
    if (!last && length < 2 * checkedAt) continue;
    checkedAt = length;
    type = inlineImageTypeOfPrefix(Buffer.concat(chunks));
    if (type === undefined && last) type = null;
  }
  // What was read, then the rest as it comes.
  async function* replay() {
    yield* chunks;
    yield* { [Symbol.asyncIterator]: () => source };
  }
  const out = Readable.from(replay(), { objectMode: false });
  // An answer cut short (the viewer went away) releases the store's file handle or connection at once.
  out.once("close", () => body.destroy());
  return { type, body: out };
}
