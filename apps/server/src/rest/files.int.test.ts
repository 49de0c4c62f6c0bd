import { randomUUID } from "node:crypto";
import { createSession, fixedClock, memoryFileStore, readStoredBytes } from "@market/api";
import {
  blackPngBytes,
  createAdminUser,
  createBrand,
  createInfluencer,
  jpegBytes,
  pngBytes,
} from "@market/api/testing";
import { MAX_UPLOAD_BYTES } from "@market/contracts";
import { chatMessages, deliveries, deliveryFiles, eq, files, users } from "@market/db";
import { describe, expect, it } from "vitest";
import { chatBetween } from "../testing/chat-between";
import { type MultipartPart, multipart } from "../testing/multipart";
import { useTestApp } from "../testing/test-app";

const store = memoryFileStore();
const clock = fixedClock(new Date("2026-05-15T12:00:00Z"));

const server = useTestApp({ clock, files: store });

const sessionOf = async (userId: number, impersonatorId: number | null = null) =>
  (await createSession(server.db, clock, userId, impersonatorId)).token;

const upload = (token: string | null, parts: MultipartPart[]) => {
  const body = multipart(parts);
  return server.app.inject({
    method: "POST",
    url: "/api/picture",
    headers: { "content-type": body.contentType, "sec-fetch-site": "same-origin" },
    payload: body.payload,
    ...(token ? { cookies: { session: token } } : {}),
  });
};

const file = (value: Uint8Array | string, filename: string, contentType: string): MultipartPart => ({
  value,
  filename,
  contentType,
});

async function pictureOf(userId: number) {
  const [user] = await server.db.select({ picture: users.picture }).from(users).where(eq(users.id, userId));
  return user?.picture ?? null;
}

/** The files row of the user's current picture. */
async function pictureRowOf(userId: number) {
  const [row] = await server.db
    .select()
    .from(files)
    .where(eq(files.id, (await pictureOf(userId)) ?? ""));
  return row;
}

describe("POST /api/picture", () => {
  it("stores a PNG, records it and makes it the user's picture", async () => {
    const brand = await createBrand(server.db);
    const png = pngBytes({ width: 4, height: 3 });
    const response = await upload(await sessionOf(brand.id), [file(png, "me.png", "image/png")]);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const id = await pictureOf(brand.id);
    expect(data).toEqual({ picture: `/files/${id}` });
    const [row] = await server.db
      .select()
      .from(files)
      .where(eq(files.id, id ?? ""));
    expect(row).toMatchObject({
      ownerId: brand.id,
      purpose: "picture",
      contentType: "image/png",
      sizeBytes: png.length,
      originalName: "me.png",
      sha256: Buffer.from(await crypto.subtle.digest("SHA-256", png)).toString("hex"),
    });
    expect(await readStoredBytes(store, row?.storageKey ?? "")).toEqual(png);
  });

  it("stores a JPEG", async () => {
    const influencer = await createInfluencer(server.db);
    const response = await upload(await sessionOf(influencer.id), [file(jpegBytes(), "me.jpeg", "image/jpeg")]);
    expect(response.statusCode).toBe(200);
    const row = await pictureRowOf(influencer.id);
    expect(row?.contentType).toBe("image/jpeg");
  });

  it("keeps the file's name without control characters (PostgreSQL text cannot hold U+0000)", async () => {
    const influencer = await createInfluencer(server.db);
    const answer = await upload(await sessionOf(influencer.id), [
      file(pngBytes(), "my\u0000pic\u0007.png", "image/png"),
    ]);
    expect(answer.statusCode).toBe(200);
    const row = await pictureRowOf(influencer.id);
    expect(row?.originalName).toBe("mypic.png");
  });

  it("judges by content: a PNG named .jpg and sent as image/jpeg is stored as a PNG", async () => {
    const brand = await createBrand(server.db);
    const response = await upload(await sessionOf(brand.id), [file(pngBytes(), "photo.jpg", "image/jpeg")]);
    expect(response.statusCode).toBe(200);
    const row = await pictureRowOf(brand.id);
    expect(row?.contentType).toBe("image/png");
  });

  it.each([
    ["a text file named x.png", file("just some text, no image here", "x.png", "image/png")],
    ["an empty file", file(new Uint8Array(0), "empty.png", "image/png")],
    ["a GIF", file("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "x.gif", "image/gif")],
  ])("answers 400 bad_format for %s and keeps the old picture", async (_, part) => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    await upload(token, [file(pngBytes(), "first.png", "image/png")]);
    const before = await pictureOf(brand.id);
    const response = await upload(token, [part]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: "error", reason: "bad_format" });
    expect(await pictureOf(brand.id)).toBe(before);
  });

  it("accepts 4194303 bytes and answers 413 too_big from 4194304 bytes on", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    const justBelow = await upload(token, [file(pngBytes({ padTo: MAX_UPLOAD_BYTES - 1 }), "a.png", "image/png")]);
    expect(justBelow.statusCode).toBe(200);
    const stored = await pictureOf(brand.id);
    for (const size of [MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES + 1, MAX_UPLOAD_BYTES + 100_000]) {
      const response = await upload(token, [file(pngBytes({ padTo: size }), "b.png", "image/png")]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ status: "error", reason: "too_big" });
    }
    expect(await pictureOf(brand.id)).toBe(stored);
  });

  it("answers 400 too_many_pixels for a 20000 x 20000 PNG of 48 KB and keeps the old picture", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    await upload(token, [file(pngBytes(), "first.png", "image/png")]);
    const before = await pictureOf(brand.id);
    const bomb = blackPngBytes(20_000, 20_000);
    expect(bomb.length).toBeLessThan(50_000);
    const response = await upload(token, [file(bomb, "huge.png", "image/png")]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: "error", reason: "too_many_pixels" });
    expect(await pictureOf(brand.id)).toBe(before);
    expect(await server.db.select().from(files).where(eq(files.ownerId, brand.id))).toHaveLength(1);
  });

  it("answers 400 invalid without a file field or without multipart", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    const noFile = await upload(token, [{ name: "note", value: "hello" }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ status: "error", reason: "invalid" });
    const otherField = await upload(token, [{ ...file(pngBytes(), "a.png", "image/png"), name: "picture" }]);
    expect(otherField.json()).toEqual({ status: "error", reason: "invalid" });
    const json = await server.app.inject({
      method: "POST",
      url: "/api/picture",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      payload: "{}",
      cookies: { session: token },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ status: "error", reason: "invalid" });
  });

  it("answers 400 invalid for a malformed multipart body, never 500", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    const cut = '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx';
    for (const [contentType, payload] of [
      ["multipart/form-data", "garbage"],
      ["multipart/form-data; boundary=abc", "garbage"],
      ["multipart/form-data; boundary=abc", cut],
    ] as const) {
      const response = await server.app.inject({
        method: "POST",
        url: "/api/picture",
        headers: { "content-type": contentType, "sec-fetch-site": "same-origin" },
        payload,
        cookies: { session: token },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: "error", reason: "invalid" });
    }
  });

  it("answers 401 to a visitor and 403 csrf to a cross-site upload", async () => {
    const visitor = await upload(null, [file(pngBytes(), "a.png", "image/png")]);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ status: "error", reason: "unauthorized" });
    const brand = await createBrand(server.db);
    const body = multipart([file(pngBytes(), "a.png", "image/png")]);
    const crossSite = await server.app.inject({
      method: "POST",
      url: "/api/picture",
      headers: { "content-type": body.contentType, "sec-fetch-site": "cross-site" },
      payload: body.payload,
      cookies: { session: await sessionOf(brand.id) },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ status: "error", reason: "csrf" });
  });
});

describe("GET /files/:id", () => {
  it("serves a picture with its type, nosniff and an immutable public cache", async () => {
    const brand = await createBrand(server.db);
    const png = pngBytes();
    const { data } = (await upload(await sessionOf(brand.id), [file(png, "a.png", "image/png")])).json();
    const response = await server.app.inject({ method: "GET", url: data.picture });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(response.rawPayload)).toEqual(png);
  });

  it("answers 404 not_found for an unknown id, a malformed id and missing bytes", async () => {
    const missingBytes = randomUUID();
    await server.db.insert(files).values({
      id: missingBytes,
      purpose: "picture",
      storageKey: `pictures/${missingBytes}`,
      originalName: "gone.png",
      contentType: "image/png",
      sizeBytes: 10,
      sha256: "0".repeat(64),
    });
    for (const id of [randomUUID(), "not-a-uuid", "..%2F..%2Fetc%2Fpasswd", missingBytes]) {
      const response = await server.app.inject({ method: "GET", url: `/files/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: "error", reason: "not_found" });
    }
  });

  it("serves a chat file only to the two parties of its application", async () => {
    const brand = await createBrand(server.db);
    const influencer = await createInfluencer(server.db);
    const stranger = await createInfluencer(server.db);
    const applicationId = await chatBetween(server.db, brand.id, influencer.id);
    const id = randomUUID();
    await store.put(`chat/${id}`, new TextEncoder().encode("<script>alert(1)</script>"));
    await server.db.insert(files).values({
      id,
      ownerId: influencer.id,
      purpose: "chat_file",
      storageKey: `chat/${id}`,
      originalName: "brief draft.html",
      contentType: "text/html",
      sizeBytes: 25,
      sha256: "0".repeat(64),
    });
    await server.db.insert(chatMessages).values({ applicationId, senderId: influencer.id, type: "file", fileId: id });

    for (const party of [brand, influencer]) {
      const response = await server.app.inject({
        method: "GET",
        url: `/files/${id}`,
        cookies: { session: await sessionOf(party.id) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe("<script>alert(1)</script>");
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''brief%20draft.html");
      expect(response.headers["cache-control"]).toBe("private, no-store");
    }
    const other = await server.app.inject({
      method: "GET",
      url: `/files/${id}`,
      cookies: { session: await sessionOf(stranger.id) },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ status: "error", reason: "not_found" });
    const visitor = await server.app.inject({ method: "GET", url: `/files/${id}` });
    expect(visitor.statusCode).toBe(404);
  });
});

describe("GET /files/:id?inline=1 (the chat's thumbnail)", () => {
  /** An application's two parties, the admin acting as the brand, and a stranger, with a way to send chat files. */
  async function chat() {
    const brand = await createBrand(server.db);
    const influencer = await createInfluencer(server.db);
    const admin = await createAdminUser(server.db);
    const applicationId = await chatBetween(server.db, brand.id, influencer.id);
    const tokens = {
      brand: await sessionOf(brand.id),
      influencer: await sessionOf(influencer.id),
      adminAsBrand: await sessionOf(brand.id, admin.id),
      stranger: await sessionOf((await createInfluencer(server.db)).id),
      admin: await sessionOf(admin.id),
    };
    /** Sends a file through POST /api/applications/{id}/file as the influencer; answers its /files URL. */
    async function send(value: Uint8Array | string, filename: string, contentType: string): Promise<string> {
      const body = multipart([file(value, filename, contentType)]);
      const response = await server.app.inject({
        method: "POST",
        url: `/api/applications/${applicationId}/file`,
        headers: { "content-type": body.contentType, "sec-fetch-site": "same-origin" },
        payload: body.payload,
        cookies: { session: tokens.influencer },
      });
      expect(response.statusCode).toBe(200);
      return response.json().data.file.url;
    }
    const get = (url: string, token: string | null) =>
      server.app.inject({ method: "GET", url, ...(token ? { cookies: { session: token } } : {}) });
    return { applicationId, influencer, tokens, send, get };
  }

  /** The headers of a chat file served as today: a sandboxed download. */
  function expectAttachment(response: Awaited<ReturnType<typeof server.app.inject>>, name: string) {
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(response.headers["content-security-policy"]).toBe("sandbox; default-src 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("private, no-store");
  }

  /** The control beside each refusal: a real PNG of the same chat is shown. */
  async function expectShownPng(c: Awaited<ReturnType<typeof chat>>) {
    const response = await c.get(`${await c.send(pngBytes(), "real.png", "image/png")}?inline=1`, c.tokens.brand);
    expect([response.headers["content-type"], response.headers["content-disposition"]]).toEqual([
      "image/png",
      "inline; filename*=UTF-8''real.png",
    ]);
  }

  it("shows a PNG inline with its type to both parties and an admin acting as one, and to no one else", async () => {
    const c = await chat();
    const png = pngBytes({ width: 3, height: 2 });
    const url = await c.send(png, "my photo.png", "image/png");
    for (const token of [c.tokens.brand, c.tokens.influencer, c.tokens.adminAsBrand]) {
      const response = await c.get(`${url}?inline=1`, token);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(response.headers["content-disposition"]).toBe("inline; filename*=UTF-8''my%20photo.png");
      expect(response.headers["content-security-policy"]).toBe(
        "sandbox; default-src 'none'; style-src 'unsafe-inline'",
      );
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["cache-control"]).toBe("private, no-store");
      expect(new Uint8Array(response.rawPayload)).toEqual(png);
    }
    // Without the query it stays the download it always was.
    expectAttachment(await c.get(url, c.tokens.brand), "my photo.png");
    for (const token of [c.tokens.stranger, c.tokens.admin, null]) {
      const response = await c.get(`${url}?inline=1`, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: "error", reason: "not_found" });
    }
  });

  it("shows the files delivered with the work to an admin in their own session (the case page), and no others", async () => {
    const c = await chat();
    const delivered = await c.send(pngBytes(), "screenshot.png", "image/png");
    const kept = await c.send(pngBytes(), "draft.png", "image/png");
    const [delivery] = await server.db
      .insert(deliveries)
      .values({ applicationId: c.applicationId, userId: c.influencer.id })
      .returning({ id: deliveries.id });
    await server.db
      .insert(deliveryFiles)
      .values({ deliveryId: delivery?.id ?? 0, fileId: delivered.split("/").pop() ?? "", position: 0 });
    const otherBrand = await sessionOf((await createBrand(server.db)).id);
    const shown = await c.get(`${delivered}?inline=1`, c.tokens.admin);
    expect([shown.statusCode, shown.headers["content-type"]]).toEqual([200, "image/png"]);
    // The parties still read both; an admin reads only the delivered one.
    for (const token of [c.tokens.brand, c.tokens.influencer]) {
      expect((await c.get(delivered, token)).statusCode).toBe(200);
      expect((await c.get(kept, token)).statusCode).toBe(200);
    }
    expect((await c.get(kept, c.tokens.admin)).statusCode).toBe(404);
    // Another brand, another influencer and a visitor never read a delivered file.
    for (const token of [otherBrand, c.tokens.stranger, null]) {
      const response = await c.get(`${delivered}?inline=1`, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: "error", reason: "not_found" });
    }
  });

  it("shows a JPEG as image/jpeg, and only ?inline=1 asks for it", async () => {
    const c = await chat();
    const url = await c.send(jpegBytes(), "shot.jpg", "image/jpeg");
    const inline = await c.get(`${url}?inline=1`, c.tokens.brand);
    expect(inline.headers["content-type"]).toBe("image/jpeg");
    expect(inline.headers["content-disposition"]).toMatch(/^inline;/);
    for (const query of ["?inline=true", "?inline=0", "?inline"]) {
      expectAttachment(await c.get(`${url}${query}`, c.tokens.brand), "shot.jpg");
    }
  });

  it("keeps a text, a PDF, and a file named .png that is no PNG a sandboxed attachment when asked inline", async () => {
    const c = await chat();
    const sent = [
      { url: await c.send("Two posts, one story.", "brief.txt", "text/plain"), name: "brief.txt" },
      { url: await c.send("%PDF-1.7\n...", "brief.pdf", "application/pdf"), name: "brief.pdf" },
      { url: await c.send("not an image at all", "photo.png", "image/png"), name: "photo.png" },
    ];
    for (const { url, name } of sent) {
      const response = await c.get(`${url}?inline=1`, c.tokens.brand);
      expectAttachment(response, name);
      expect(response.headers["content-type"]).not.toMatch(/^image\//);
    }
    await expectShownPng(c);
  });

  it("never trusts the stored type: an HTML file recorded as image/png stays a sandboxed attachment", async () => {
    const c = await chat();
    const id = randomUUID();
    await store.put(`chat/${id}`, new TextEncoder().encode("<html><script>alert(1)</script></html>"));
    await server.db.insert(files).values({
      id,
      ownerId: c.influencer.id,
      purpose: "chat_file",
      storageKey: `chat/${id}`,
      originalName: "page.png",
      contentType: "image/png",
      sizeBytes: 38,
      sha256: "0".repeat(64),
    });
    await server.db
      .insert(chatMessages)
      .values({ applicationId: c.applicationId, senderId: c.influencer.id, type: "file", fileId: id });
    expectAttachment(await c.get(`/files/${id}?inline=1`, c.tokens.brand), "page.png");
    await expectShownPng(c);
  });

  it("keeps an image of more pixels than a picture may have a download: a browser would decode it whole", async () => {
    const c = await chat();
    const url = await c.send(blackPngBytes(20_000, 20_000), "scan.png", "image/png");
    expectAttachment(await c.get(`${url}?inline=1`, c.tokens.brand), "scan.png");
    await expectShownPng(c);
  });
});
