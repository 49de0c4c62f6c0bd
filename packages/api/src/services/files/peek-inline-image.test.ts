import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { blackPngBytes, jpegBytes, pngBytes } from "../../testing/images";
import { peekInlineImageType } from "./peek-inline-image";

/** A stream of the bytes in chunks of `size`, counting the chunks it has been asked for (one ahead at most). */
function chunked(bytes: Uint8Array, size: number) {
  const pulled = { count: 0, total: Math.ceil(bytes.length / size) };
  async function* chunks() {
    for (let at = 0; at < bytes.length; at += size) {
      pulled.count += 1;
      yield Buffer.from(bytes.subarray(at, at + size));
    }
  }
  return { stream: Readable.from(chunks(), { highWaterMark: 1 }), pulled };
}

/** Whether the stream carries exactly these bytes (compared as buffers: a deep equality of 700 KB takes seconds). */
async function carries(stream: Readable, bytes: Uint8Array): Promise<boolean> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).equals(bytes);
}

/**
 * A JPEG whose frame header comes after two 64 KB metadata segments (APP1: EXIF, XMP), as a camera writes it, and
 * 600 KB of image data after it (the header is looked at each time the bytes read have doubled).
 */
function jpegWithMetadata(): Uint8Array {
  const jpeg = jpegBytes();
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0xff, 0xff]), Buffer.alloc(0xffff - 2, 0x41)]);
  return new Uint8Array(
    Buffer.concat([jpeg.subarray(0, 2), app1, app1, jpeg.subarray(2, -2), Buffer.alloc(600_000), jpeg.subarray(-2)]),
  );
}

describe("peekInlineImageType", () => {
  it("names an image from its first bytes and passes every byte on", async () => {
    const png = blackPngBytes(2000, 2000);
    const { stream, pulled } = chunked(png, 7);
    const peeked = await peekInlineImageType(stream);
    expect(peeked.type).toBe("image/png");
    // A PNG's size is in its first 29 bytes (looked at after 7, 14, 28 and 56 bytes read, and one chunk ahead).
    expect(pulled.count).toBeLessThanOrEqual(9);
    expect(pulled.total).toBeGreaterThan(50);
    expect(await carries(peeked.body, png)).toBe(true);
  });

  it("reads a JPEG only up to its frame header, past its metadata", async () => {
    const jpeg = jpegWithMetadata();
    const { stream, pulled } = chunked(jpeg, 16_384);
    const peeked = await peekInlineImageType(stream);
    expect(peeked.type).toBe("image/jpeg");
    expect(pulled.count).toBeLessThan(pulled.total / 2);
    expect(await carries(peeked.body, jpeg)).toBe(true);
  });

  it("decides on the first chunk that a file is no image", async () => {
    const html = new TextEncoder().encode(`<html><script>alert(1)</script>${"x".repeat(100_000)}</html>`);
    const { stream, pulled } = chunked(html, 1024);
    const peeked = await peekInlineImageType(stream);
    expect(peeked.type).toBeNull();
    expect(pulled.count).toBeLessThanOrEqual(2);
    expect(await carries(peeked.body, html)).toBe(true);
  });

  it("answers null for a header that never completes, having read the file to its end", async () => {
    const cut = pngBytes().subarray(0, 20);
    const peeked = await peekInlineImageType(chunked(cut, 3).stream);
    expect(peeked.type).toBeNull();
    expect(await carries(peeked.body, cut)).toBe(true);
  });

  it("hands a destroy of the answer back to the store's stream", async () => {
    const { stream } = chunked(new Uint8Array(1_000_000).fill(7), 1024);
    const peeked = await peekInlineImageType(stream);
    peeked.body.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.destroyed).toBe(true);
  });
});
