import { createHash, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createSession, fixedClock, s3FileStore } from "@market/api";
import { createBrand, createInfluencer, pngBytes, startS3Server, type TestS3Server } from "@market/api/testing";
import { MAX_UPLOAD_BYTES } from "@market/contracts";
import { eq, files } from "@market/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../env";
import { type ChosenFileStore, fileStoreFrom } from "../file-store";
import { chatBetween } from "../testing/chat-between";
import { multipart } from "../testing/multipart";
import { useTestApp } from "../testing/test-app";

/**
 * The chat's files through the HTTP routes on a server configured for S3 as main.ts configures it (FILES_S3_* read
 * by loadEnv, the store chosen by fileStoreFrom), against s3rver: a real S3-protocol server on 127.0.0.1.
 */
let s3: TestS3Server;
let storage: ChosenFileStore;
/** The bucket read directly, beside the server. */
let bucket: Awaited<ReturnType<typeof s3FileStore>>;
beforeAll(async () => {
  s3 = await startS3Server();
  storage = await fileStoreFrom(loadEnv(s3.env));
  bucket = await s3FileStore(s3.storeOptions);
});
afterAll(async () => {
  storage?.close();
  bucket?.destroy();
  await s3?.stop();
});

const clock = fixedClock(new Date("2026-05-15T12:00:00Z"));
const server = useTestApp({
  clock,
  // Read when the app is built (useTestApp's beforeAll, after the one above).
  get files() {
    return storage.store;
  },
});

const sessionOf = async (userId: number) => (await createSession(server.db, clock, userId)).token;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
/** 64 bytes of text no other file has. */
const randomId = () => Buffer.from(randomBytes(32).toString("hex"));

/** A brand, an influencer and an application between them: a chat for their files. */
async function chat() {
  const brand = await createBrand(server.db);
  const influencer = await createInfluencer(server.db);
  return { brand, influencer, applicationId: await chatBetween(server.db, brand.id, influencer.id) };
}

/** POST /api/applications/{id}/file as a browser's FormData sends it; answers the file's /files URL. */
async function sendChatFile(token: string, applicationId: number, bytes: Uint8Array, name: string) {
  const body = multipart([{ value: bytes, filename: name, contentType: "application/octet-stream" }]);
  const response = await server.app.inject({
    method: "POST",
    url: `/api/applications/${applicationId}/file`,
    headers: { "content-type": body.contentType, "sec-fetch-site": "same-origin" },
    payload: body.payload,
    cookies: { session: token },
  });
  expect(response.statusCode).toBe(200);
  const url: string = response.json().data.file.url;
  return { url, id: url.split("/").pop() ?? "" };
}

async function storageKeyOf(fileId: string) {
  const [row] = await server.db.select({ key: files.storageKey }).from(files).where(eq(files.id, fileId));
  return row?.key ?? "";
}

describe("chat files on S3 storage", () => {
  it("stores an upload in the bucket and streams it back over HTTP to the other party only", async () => {
    const { brand, influencer, applicationId } = await chat();
    // The largest upload: a script of 4 MiB less a byte, with a random tail so no other test's bytes could match.
    const bytes = Buffer.concat([Buffer.alloc(MAX_UPLOAD_BYTES - 1 - 64, "Take 2, the trail at dawn. "), randomId()]);
    const sent = await sendChatFile(await sessionOf(influencer.id), applicationId, bytes, "video script.txt");
    // In the bucket under the key the files row names, whole.
    expect(storage.where).toEqual({ kind: "s3", bucket: s3.bucket, region: s3.region, endpoint: s3.endpoint });
    expect(await bucket.sizeOf(await storageKeyOf(sent.id))).toBe(bytes.length);

    // Downloaded through a real socket: the bytes arrive as the bucket sends them, with their length.
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = server.app.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${sent.url}`, {
      headers: { cookie: `session=${await sessionOf(brand.id)}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    expect(response.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''video%20script.txt");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(bytes));

    // The server checks every download: a stranger and a visitor learn nothing, not even that it exists.
    const stranger = await createInfluencer(server.db);
    for (const cookie of [`session=${await sessionOf(stranger.id)}`, ""]) {
      const refused = await fetch(`http://127.0.0.1:${port}${sent.url}`, { headers: cookie ? { cookie } : {} });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ status: "error", reason: "not_found" });
    }
  });

  it("shows an image from the bucket inline in the chat, by its bytes", async () => {
    const { brand, influencer, applicationId } = await chat();
    const png = pngBytes({ width: 3, height: 2 });
    const sent = await sendChatFile(await sessionOf(influencer.id), applicationId, png, "photo.png");
    const response = await server.app.inject({
      method: "GET",
      url: `${sent.url}?inline=1`,
      cookies: { session: await sessionOf(brand.id) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-disposition"]).toBe("inline; filename*=UTF-8''photo.png");
    expect(new Uint8Array(response.rawPayload)).toEqual(png);
  });

  it("answers 404 not_found when the bucket no longer has a file's bytes", async () => {
    const { brand, influencer, applicationId } = await chat();
    const sent = await sendChatFile(await sessionOf(influencer.id), applicationId, randomId(), "notes.txt");
    await bucket.delete(await storageKeyOf(sent.id));
    const response = await server.app.inject({
      method: "GET",
      url: sent.url,
      cookies: { session: await sessionOf(brand.id) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: "error", reason: "not_found" });
  });
});
