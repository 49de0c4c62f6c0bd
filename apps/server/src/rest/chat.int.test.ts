import { createSession, fixedClock, memoryFileStore, RATE_LIMITS } from "@market/api";
import { createAdminUser, createBrand, createInfluencer } from "@market/api/testing";
import { CHAT_PAGE_SIZE, DAY_MS, MAX_UPLOAD_BYTES } from "@market/contracts";
import {
  applicationPrices,
  applications,
  arbitrationRequests,
  chatMessages,
  deals,
  desc,
  eq,
  files,
  notifications,
  outgoingMail,
} from "@market/db";
import { describe, expect, it } from "vitest";
import { cookieFor, post } from "../testing/auth-helpers";
import { type MultipartPart, multipart } from "../testing/multipart";
import { useTestApp } from "../testing/test-app";

const store = memoryFileStore();
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock, files: store, supportEmail: "support@market.test" });

const sessionOf = async (userId: number, impersonatorId: number | null = null) =>
  (await createSession(server.db, clock, userId, impersonatorId)).token;

const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { cookie: cookieFor(token) } : {} });

/** An application of a fresh influencer to a fresh brand's deal, with everyone who may or may not reach it. */
async function scenario(overrides: { status?: "WAITING" | "DENIED"; expiresInMs?: number } = {}) {
  const brand = await createBrand(server.db, { brandName: "Acme Shoes" });
  const influencer = await createInfluencer(server.db, { networks: [{ type: "instagram", followers: 12_000 }] });
  const otherBrand = await createBrand(server.db);
  const otherInfluencer = await createInfluencer(server.db);
  const admin = await createAdminUser(server.db);
  const [deal] = await server.db
    .insert(deals)
    .values({
      userId: brand.id,
      title: "Trail shoes",
      link: "https://acme.example",
      category: "sports",
      price: "p100_250",
      description: "Review our shoes.",
      networks: ["instagram", "youtube"],
      deadline: new Date(clock.now().getTime() + 30 * DAY_MS),
    })
    .returning();
  const status = overrides.status ?? "WAITING";
  const [application] = await server.db
    .insert(applications)
    .values({
      dealId: deal?.id ?? 0,
      influencerId: influencer.id,
      brandId: brand.id,
      status,
      deniedReason: status === "DENIED" ? "PRICE_TOO_HIGH" : null,
      text: "I would love to",
      expiration: new Date(clock.now().getTime() + (overrides.expiresInMs ?? 20 * DAY_MS)),
      createdAt: clock.now(),
      updatedAt: clock.now(),
    })
    .returning();
  const id = application?.id ?? 0;
  await server.db.insert(applicationPrices).values([
    { applicationId: id, networkType: "instagram", priceCents: 12_345, creationDays: 3, reach: 12_000 },
    {
      applicationId: id,
      networkType: "youtube",
      priceCents: 10_000,
      creationDays: 5,
      reach: 3_000,
      usageRights: { kind: "licensed", months: 6, territory: ["de", "fr"] },
    },
  ]);
  await server.db.insert(chatMessages).values({
    applicationId: id,
    senderId: influencer.id,
    type: "text",
    text: "I would love to",
    createdAt: clock.now(),
  });
  return {
    id,
    dealId: deal?.id ?? 0,
    brand,
    influencer,
    admin,
    tokens: {
      brand: await sessionOf(brand.id),
      influencer: await sessionOf(influencer.id),
      otherBrand: await sessionOf(otherBrand.id),
      otherInfluencer: await sessionOf(otherInfluencer.id),
      adminAsBrand: await sessionOf(brand.id, admin.id),
      adminAsInfluencer: await sessionOf(influencer.id, admin.id),
      admin: await sessionOf(admin.id),
    },
  };
}

type Scenario = Awaited<ReturnType<typeof scenario>>;
const outsiders = (s: Scenario) => [s.tokens.otherBrand, s.tokens.otherInfluencer, s.tokens.admin];

const notFound = { status: "error", reason: "not_found" };

describe("GET /api/applications/{id}", () => {
  it("answers each party its own view: role, totals and fee as that side sees them", async () => {
    const s = await scenario();
    const brandView = await get(`/api/applications/${s.id}`, s.tokens.brand);
    expect(brandView.statusCode).toBe(200);
    const page = brandView.json().data;
    expect(page).toMatchObject({
      id: s.id,
      role: "brand",
      impersonating: false,
      status: "WAITING",
      deniedReason: null,
      deal: {
        id: s.dealId,
        title: "Trail shoes",
        author: "Acme Shoes",
        status: "open",
        networks: ["instagram", "youtube"],
      },
      influencer: { id: s.influencer.id, username: s.influencer.username },
      author: { id: s.brand.id, username: s.brand.username },
      text: "I would love to",
      timeBeforeExpiration: 20 * DAY_MS,
      totalReach: 15_000,
      totalPriceCents: 22_345,
      fees: { i: 10, b: 10 },
      viewerFeePercent: 10,
      // 223.45 * 1.10 = 245.795, rounded half up.
      viewerTotalCents: 24_580,
      chat: { enabled: true, disabledReason: null, messageCount: 1 },
      moneyReleaseDate: null,
    });
    expect(page.prices).toEqual([
      {
        network: "instagram",
        networkId: null,
        reach: 12_000,
        price: 123.45,
        creationDays: 3,
        link: null,
        // A line written without usage rights reads organic (the column's default).
        usageRights: { kind: "organic" },
        hired: false,
      },
      {
        network: "youtube",
        networkId: null,
        reach: 3_000,
        price: 100,
        creationDays: 5,
        link: null,
        // prices[].usageRights (issue 37), as stored.
        usageRights: { kind: "licensed", months: 6, territory: ["de", "fr"] },
        hired: false,
      },
    ]);
    expect([...page.actions].sort()).toEqual(["accept", "arbitration", "decline", "requestChanges"]);

    const influencerView = (await get(`/api/applications/${s.id}`, s.tokens.influencer)).json().data;
    // 223.45 * 0.90 = 201.105, rounded half up.
    expect(influencerView).toMatchObject({ role: "influencer", viewerFeePercent: 10, viewerTotalCents: 20_111 });
    expect([...influencerView.actions].sort()).toEqual(["arbitration", "update"]);
  });

  it("shows an impersonating admin the page of the side acted as", async () => {
    const s = await scenario();
    const asBrand = (await get(`/api/applications/${s.id}`, s.tokens.adminAsBrand)).json().data;
    expect(asBrand).toMatchObject({ role: "brand", impersonating: true, viewerTotalCents: 24_580 });
    const asInfluencer = (await get(`/api/applications/${s.id}`, s.tokens.adminAsInfluencer)).json().data;
    expect(asInfluencer).toMatchObject({ role: "influencer", impersonating: true });
  });

  it("is not_found for the other brand, the other influencer, an admin as themselves and an unknown id; a visitor is unauthorized", async () => {
    const s = await scenario();
    for (const token of outsiders(s)) {
      const response = await get(`/api/applications/${s.id}`, token);
      expect([response.statusCode, response.json()]).toEqual([404, notFound]);
    }
    const unknown = await get(`/api/applications/${s.id + 1000}`, s.tokens.brand);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, notFound]);
    const visitor = await get(`/api/applications/${s.id}`);
    expect([visitor.statusCode, visitor.json()]).toEqual([401, { status: "error", reason: "unauthorized" }]);
  });

  it("says whether each side can still open the deal: not once rejected for the influencer, not once deleted", async () => {
    const s = await scenario();
    const available = async (token: string) =>
      (await get(`/api/applications/${s.id}`, token)).json().data.deal.available;
    const sides = [s.tokens.brand, s.tokens.influencer, s.tokens.adminAsInfluencer];
    expect(await Promise.all(sides.map(available))).toEqual([true, true, true]);
    await server.db.update(deals).set({ reviewStatus: "KO" }).where(eq(deals.id, s.dealId));
    expect(await Promise.all(sides.map(available))).toEqual([true, false, true]);
    await server.db.update(deals).set({ deletedAt: clock.now() }).where(eq(deals.id, s.dealId));
    expect(await Promise.all(sides.map(available))).toEqual([false, false, false]);
  });

  it("reads a WAITING application past its expiration as DENIED, EXPIRED, with the chat closed", async () => {
    const s = await scenario({ expiresInMs: DAY_MS });
    clock.advance(DAY_MS);
    try {
      const page = (await get(`/api/applications/${s.id}`, s.tokens.brand)).json().data;
      expect(page).toMatchObject({
        status: "DENIED",
        deniedReason: "EXPIRED",
        timeBeforeExpiration: 0,
        chat: { enabled: false, disabledReason: "denied_few_messages", messageCount: 1 },
      });
      expect(page.actions).toEqual(["arbitration"]);
      const sent = await post(
        server.app,
        `/api/applications/${s.id}/messages`,
        { text: "Still there?" },
        { token: s.tokens.brand },
      );
      expect([sent.statusCode, sent.json()]).toEqual([409, { status: "error", reason: "chat_disabled" }]);
    } finally {
      clock.advance(-DAY_MS);
    }
  });
});

describe("POST /api/applications/{id}/messages", () => {
  it("sends a trimmed text from either party and notifies the other", async () => {
    const s = await scenario();
    const sent = await post(
      server.app,
      `/api/applications/${s.id}/messages`,
      { text: "  Hello there \n" },
      { token: s.tokens.brand },
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({
      type: "text",
      text: "Hello there",
      isMe: true,
      sender: { id: s.brand.id, username: s.brand.username },
    });
    const reply = await post(
      server.app,
      `/api/applications/${s.id}/messages`,
      { text: "Hi!" },
      { token: s.tokens.influencer },
    );
    expect(reply.statusCode).toBe(200);
    const notified = await server.db
      .select()
      .from(notifications)
      .where(eq(notifications.applicationId, s.id))
      .orderBy(notifications.id);
    expect(notified.map((row) => [row.userId, row.type, row.senderId, row.text])).toEqual([
      [s.influencer.id, "message", s.brand.id, "Hello there"],
      [s.brand.id, "message", s.influencer.id, "Hi!"],
    ]);
  });

  it("refuses a blank or overlong text as invalid", async () => {
    const s = await scenario();
    for (const body of [{ text: "   " }, {}, { text: "a".repeat(5_001) }, { text: 42 }]) {
      const response = await post(server.app, `/api/applications/${s.id}/messages`, body, {
        token: s.tokens.influencer,
      });
      expect([response.statusCode, response.json().reason]).toEqual([400, "invalid"]);
    }
  });

  it("is not_found for outsiders and unauthorized for a visitor, and writes nothing", async () => {
    const s = await scenario();
    for (const token of outsiders(s)) {
      const response = await post(server.app, `/api/applications/${s.id}/messages`, { text: "Hi" }, { token });
      expect([response.statusCode, response.json()]).toEqual([404, notFound]);
    }
    const visitor = await post(server.app, `/api/applications/${s.id}/messages`, { text: "Hi" });
    expect(visitor.statusCode).toBe(401);
    const stored = await server.db.select().from(chatMessages).where(eq(chatMessages.applicationId, s.id));
    expect(stored).toHaveLength(1);
  });

  it("refuses a party's messages past the per-minute limit with 429 rate_limited, writing none of them", async () => {
    const s = await scenario();
    const { limit } = RATE_LIMITS.chatMessagesPerUser;
    for (let index = 0; index < limit; index += 1) {
      const sent = await post(
        server.app,
        `/api/applications/${s.id}/messages`,
        { text: `${index}` },
        { token: s.tokens.brand },
      );
      expect(sent.statusCode).toBe(200);
    }
    const refused = await post(
      server.app,
      `/api/applications/${s.id}/messages`,
      { text: "flood" },
      { token: s.tokens.brand },
    );
    expect([refused.statusCode, refused.json().reason]).toEqual([429, "rate_limited"]);
    // The other party is counted on its own.
    const reply = await post(
      server.app,
      `/api/applications/${s.id}/messages`,
      { text: "Slow down" },
      { token: s.tokens.influencer },
    );
    expect(reply.statusCode).toBe(200);
    const texts = (await server.db.select().from(chatMessages).where(eq(chatMessages.applicationId, s.id))).map(
      (row) => row.text,
    );
    expect(texts).toHaveLength(1 + limit + 1);
    expect(texts).not.toContain("flood");
  });

  it("sends an impersonating admin's message as the user, keeping the admin on record", async () => {
    const s = await scenario();
    const sent = await post(
      server.app,
      `/api/applications/${s.id}/messages`,
      { text: "As the brand" },
      { token: s.tokens.adminAsBrand },
    );
    expect(sent.json().data).toMatchObject({ isMe: true, sender: { id: s.brand.id } });
    const [row] = await server.db.select().from(chatMessages).orderBy(desc(chatMessages.id)).limit(1);
    expect(row).toMatchObject({ senderId: s.brand.id, impersonatorId: s.admin.id, text: "As the brand" });
  });

  it("closes the chat of a DENIED application with 4 messages or fewer, and keeps it open from 5", async () => {
    const s = await scenario({ status: "DENIED" });
    const send = () =>
      post(server.app, `/api/applications/${s.id}/messages`, { text: "Why?" }, { token: s.tokens.influencer });
    const refused = await send();
    expect([refused.statusCode, refused.json().reason]).toEqual([409, "chat_disabled"]);
    await server.db.insert(chatMessages).values(
      Array.from({ length: 3 }, () => ({
        applicationId: s.id,
        senderId: s.brand.id,
        type: "text" as const,
        text: "x",
      })),
    );
    expect((await send()).json().reason).toBe("chat_disabled");
    await server.db.insert(chatMessages).values({ applicationId: s.id, senderId: s.brand.id, type: "text", text: "x" });
    expect((await send()).statusCode).toBe(200);
  });
});

describe("GET /api/applications/{id}/messages", () => {
  it("pages backwards from the newest without gaps or duplicates, messages at the same instant included", async () => {
    const s = await scenario();
    // Three pages and a bit; every fourth message shares its instant with the one before.
    const total = CHAT_PAGE_SIZE * 3 + 7;
    const start = clock.now().getTime();
    await server.db.insert(chatMessages).values(
      Array.from({ length: total - 1 }, (_, i) => ({
        applicationId: s.id,
        senderId: i % 2 ? s.brand.id : s.influencer.id,
        type: "text" as const,
        text: `m${i + 1}`,
        createdAt: new Date(start + 1000 * (i + 1 - (i % 4 === 3 ? 1 : 0))),
      })),
    );
    const texts: string[] = [];
    let before: number | null | undefined;
    let pages = 0;
    do {
      const query = before ? `?before=${before}` : "";
      const response = await get(`/api/applications/${s.id}/messages${query}`, s.tokens.influencer);
      expect(response.statusCode).toBe(200);
      const page = response.json().data as { messages: { text: string; created: string }[]; before: number | null };
      expect(page.messages.length).toBeLessThanOrEqual(CHAT_PAGE_SIZE);
      texts.push(...page.messages.map((message) => message.text));
      before = page.before;
      pages += 1;
    } while (before);
    expect(pages).toBe(4);
    expect(texts).toHaveLength(total);
    expect(new Set(texts).size).toBe(total);
    const all = await server.db.select().from(chatMessages).where(eq(chatMessages.applicationId, s.id));
    const newestFirst = all
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((message) => message.text);
    expect(texts).toEqual(newestFirst);
  });

  it("answers every message type with its fields, isMe from the viewer's side", async () => {
    const s = await scenario();
    const at = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000);
    const price = { network: "instagram" as const, priceCents: 10_000, creationDays: 3 };
    await server.db.insert(chatMessages).values([
      {
        applicationId: s.id,
        senderId: s.influencer.id,
        type: "price_update",
        createdAt: at(1),
        payload: {
          type: "price_update",
          changes: [{ network: "instagram", old: price, new: { ...price, priceCents: 12_000 } }],
        },
      },
      {
        applicationId: s.id,
        senderId: s.brand.id,
        type: "change_request",
        createdAt: at(2),
        payload: { type: "change_request", prices: [price] },
      },
      {
        applicationId: s.id,
        senderId: s.brand.id,
        type: "payment",
        createdAt: at(3),
        payload: { type: "payment", amountCents: 10_000, feePercent: 10 },
      },
      {
        applicationId: s.id,
        senderId: s.influencer.id,
        type: "work_done",
        createdAt: at(4),
        payload: { type: "work_done", moneyReleaseDate: "2026-06-11T12:00:00.000Z" },
      },
      { applicationId: s.id, senderId: s.brand.id, type: "work_not_done", createdAt: at(5) },
      {
        applicationId: s.id,
        senderId: null,
        type: "money_released",
        createdAt: at(6),
        payload: { type: "money_released", automatic: true },
      },
      { applicationId: s.id, senderId: s.brand.id, type: "arbitration", createdAt: at(7) },
    ]);
    const page = (await get(`/api/applications/${s.id}/messages`, s.tokens.brand)).json().data;
    const byType = Object.fromEntries(page.messages.map((message: { type: string }) => [message.type, message]));
    expect(page.messages.map((message: { type: string }) => message.type)).toEqual([
      "arbitration",
      "money_released",
      "work_not_done",
      "work_done",
      "payment",
      "change_request",
      "price_update",
      "text",
    ]);
    expect(byType.price_update).toMatchObject({
      isMe: false,
      changes: [{ network: "instagram", old: price, new: { priceCents: 12_000 } }],
    });
    expect(byType.change_request).toMatchObject({ isMe: true, prices: [price] });
    expect(byType.payment).toMatchObject({ amountCents: 10_000, feePercent: 10 });
    expect(byType.work_done).toMatchObject({ moneyReleaseDate: "2026-06-11T12:00:00.000Z" });
    expect(byType.money_released).toMatchObject({ automatic: true, sender: null, isMe: false });
    expect(byType.arbitration).toMatchObject({ isMe: true, sender: { id: s.brand.id } });
    expect(byType.text).toMatchObject({ text: "I would love to", sender: { id: s.influencer.id } });
  });

  it("is for the two parties and an impersonating admin only; a bad cursor is invalid", async () => {
    const s = await scenario();
    for (const token of [s.tokens.adminAsBrand, s.tokens.adminAsInfluencer]) {
      expect((await get(`/api/applications/${s.id}/messages`, token)).statusCode).toBe(200);
    }
    const [first] = (await get(`/api/applications/${s.id}/messages`, s.tokens.brand)).json().data.messages;
    for (const token of outsiders(s)) {
      for (const query of ["", `?before=${first.id}`]) {
        const response = await get(`/api/applications/${s.id}/messages${query}`, token);
        expect([response.statusCode, response.json()]).toEqual([404, notFound]);
      }
    }
    // Before the first message: an empty page for a party, still not_found for anyone else and an unknown id.
    const beforeFirst = await get(`/api/applications/${s.id}/messages?before=${first.id}`, s.tokens.influencer);
    expect([beforeFirst.statusCode, beforeFirst.json().data]).toEqual([200, { messages: [], before: null }]);
    const unknown = await get(`/api/applications/${s.id + 1000}/messages`, s.tokens.brand);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, notFound]);
    expect((await get(`/api/applications/${s.id}/messages`)).statusCode).toBe(401);
    const bad = await get(`/api/applications/${s.id}/messages?before=abc`, s.tokens.brand);
    expect([bad.statusCode, bad.json().reason]).toEqual([400, "invalid"]);
  });
});

const sendFile = (id: number, token: string | null, part: MultipartPart) => {
  const body = multipart([part]);
  return server.app.inject({
    method: "POST",
    url: `/api/applications/${id}/file`,
    headers: {
      "content-type": body.contentType,
      "sec-fetch-site": "same-origin",
      ...(token ? { cookie: cookieFor(token) } : {}),
    },
    payload: body.payload,
  });
};

const text = (value: string) => new TextEncoder().encode(value);
const bytes = (...values: number[]) => new Uint8Array([...values, ...text(" some more bytes")]);

describe("POST /api/applications/{id}/file", () => {
  it("stores a file from a party, serves it to both parties only as an attachment, and notifies the other", async () => {
    const s = await scenario();
    const response = await sendFile(s.id, s.tokens.influencer, {
      value: "country,share\nus,40\n",
      filename: "audience.csv",
      contentType: "text/html",
    });
    expect(response.statusCode).toBe(200);
    const message = response.json().data;
    expect(message).toMatchObject({
      type: "file",
      isMe: true,
      sender: { id: s.influencer.id },
      // The declared text/html is not believed: the type comes from the name for plain text.
      file: { name: "audience.csv", type: "text/csv", sizeBytes: 20 },
    });
    for (const token of [s.tokens.brand, s.tokens.influencer, s.tokens.adminAsBrand]) {
      const download = await get(message.file.url, token);
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe("country,share\nus,40\n");
      expect(download.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''audience.csv");
      expect(download.headers["x-content-type-options"]).toBe("nosniff");
    }
    for (const token of outsiders(s)) expect((await get(message.file.url, token)).statusCode).toBe(404);
    expect((await get(message.file.url)).statusCode).toBe(404);
    const [notified] = await server.db.select().from(notifications).where(eq(notifications.applicationId, s.id));
    expect(notified).toMatchObject({ userId: s.brand.id, type: "message", fileId: message.file.id });
  });

  it("sends an impersonating admin's file as the admin", async () => {
    const s = await scenario();
    const response = await sendFile(s.id, s.tokens.adminAsBrand, {
      value: "%PDF-1.7 brief",
      filename: "brief.pdf",
      contentType: "application/pdf",
    });
    expect(response.json().data).toMatchObject({
      isMe: false,
      sender: { id: s.admin.id },
      file: { type: "application/pdf" },
    });
    const [row] = await server.db.select().from(files).where(eq(files.id, response.json().data.file.id));
    expect(row?.ownerId).toBe(s.admin.id);
  });

  it("refuses a file of 4194304 bytes or more as too_big, and an empty one as invalid", async () => {
    const s = await scenario();
    const tooBig = await sendFile(s.id, s.tokens.brand, {
      value: new Uint8Array(MAX_UPLOAD_BYTES),
      filename: "big.txt",
      contentType: "text/plain",
    });
    expect([tooBig.statusCode, tooBig.json().reason]).toEqual([413, "too_big"]);
    const justBelow = await sendFile(s.id, s.tokens.brand, {
      value: new Uint8Array(MAX_UPLOAD_BYTES - 1).fill(65),
      filename: "ok.txt",
      contentType: "text/plain",
    });
    expect(justBelow.statusCode).toBe(200);
    const empty = await sendFile(s.id, s.tokens.brand, { value: "", filename: "empty.txt", contentType: "text/plain" });
    expect([empty.statusCode, empty.json().reason]).toEqual([400, "invalid"]);
  });

  it.each([
    ["a Windows program", bytes(0x4d, 0x5a, 0x90, 0x00)],
    ["an ELF program", bytes(0x7f, 0x45, 0x4c, 0x46)],
    ["a Mach-O program", bytes(0xcf, 0xfa, 0xed, 0xfe)],
    ["a Java class", bytes(0xca, 0xfe, 0xba, 0xbe)],
    ["a shell script", text("#!/bin/sh\nrm -rf ~\n")],
    ["a Windows shortcut", bytes(0x4c, 0x00, 0x00, 0x00, 0x01, 0x14, 0x02, 0x00)],
    ["WebAssembly", bytes(0x00, 0x61, 0x73, 0x6d)],
    ["an HTML page", text("\uFEFF  <!DOCTYPE html><html><body>hi</body></html>")],
    ["an HTML fragment with script", text("<div><script>alert(1)</script></div>")],
    [
      "an SVG with script",
      text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
    ],
    ["a Java archive", new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...text("....META-INF/MANIFEST.MF....")])],
  ])("refuses %s by its content, whatever its name and declared type", async (_, value) => {
    const s = await scenario();
    const response = await sendFile(s.id, s.tokens.influencer, {
      value,
      filename: "holiday-photo.jpg",
      contentType: "image/jpeg",
    });
    expect([response.statusCode, response.json().reason]).toEqual([403, "forbidden"]);
  });

  it.each([
    "setup.exe",
    "run.BAT",
    "script.ps1",
    "app.js",
    "page.html",
    "logo.svg",
    "tool.jar",
    "invoice.pdf.exe",
    "trick.exe. ",
    "macro.xlsm",
    "link.lnk",
    "x.sh",
  ])("refuses %s by its name, whatever its content", async (filename) => {
    const s = await scenario();
    const response = await sendFile(s.id, s.tokens.brand, { value: "just text", filename, contentType: "text/plain" });
    expect([response.statusCode, response.json().reason]).toEqual([403, "forbidden"]);
  });

  it("refuses outsiders (not_found), a visitor (unauthorized) and a closed chat, storing nothing", async () => {
    const s = await scenario();
    const part = { value: "notes", filename: "notes.txt", contentType: "text/plain" };
    for (const token of outsiders(s)) {
      const response = await sendFile(s.id, token, part);
      expect([response.statusCode, response.json()]).toEqual([404, notFound]);
    }
    expect((await sendFile(s.id, null, part)).statusCode).toBe(401);
    const denied = await scenario({ status: "DENIED" });
    const closed = await sendFile(denied.id, denied.tokens.brand, part);
    expect([closed.statusCode, closed.json().reason]).toEqual([409, "chat_disabled"]);
    const stored = await server.db.select().from(files).where(eq(files.purpose, "chat_file"));
    expect(stored.filter((row) => [s.brand.id, denied.brand.id].includes(row.ownerId ?? 0))).toEqual([]);
  });
});

describe("POST /api/applications/{id}/file throttle", () => {
  it("refuses a party's files past the hourly limit with 429 rate_limited, storing none of them", async () => {
    const s = await scenario();
    const { limit } = RATE_LIMITS.chatFilesPerUser;
    const part = (index: number) => ({
      value: `notes ${index}`,
      filename: `notes-${index}.txt`,
      contentType: "text/plain",
    });
    for (let index = 0; index < limit; index += 1)
      expect((await sendFile(s.id, s.tokens.influencer, part(index))).statusCode).toBe(200);
    const refused = await sendFile(s.id, s.tokens.influencer, part(limit));
    expect([refused.statusCode, refused.json().reason]).toEqual([429, "rate_limited"]);
    const stored = await server.db.select().from(files).where(eq(files.ownerId, s.influencer.id));
    expect(stored).toHaveLength(limit);
  });
});

describe("POST /api/applications/{id}/help", () => {
  it("stores the request, shows a line in the chat, notifies the other party and mails support", async () => {
    const s = await scenario({ status: "DENIED" });
    const response = await post(
      server.app,
      `/api/applications/${s.id}/help`,
      { text: "  They never paid.  " },
      { token: s.tokens.influencer },
    );
    expect(response.statusCode).toBe(200);
    const [request] = await server.db
      .select()
      .from(arbitrationRequests)
      .where(eq(arbitrationRequests.applicationId, s.id));
    expect(request).toMatchObject({ id: response.json().data.id, userId: s.influencer.id, text: "They never paid." });
    const page = (await get(`/api/applications/${s.id}/messages`, s.tokens.brand)).json().data;
    expect(page.messages[0]).toMatchObject({ type: "arbitration", isMe: false, sender: { id: s.influencer.id } });
    const [notified] = await server.db.select().from(notifications).where(eq(notifications.applicationId, s.id));
    expect(notified).toMatchObject({ userId: s.brand.id, type: "arbitration", senderId: s.influencer.id });
    const [mail] = await server.db
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.to, "support@market.test"))
      .orderBy(desc(outgoingMail.id))
      .limit(1);
    expect(mail?.subject).toBe(`Arbitration #${request?.id} on application #${s.id} (Trail shoes)`);
    expect(mail?.text).toContain("They never paid.");
    expect(mail?.text).toContain(s.brand.email);
    expect(mail?.text).toContain(s.influencer.email);
  });

  it("leaves a lapsed proposal as it reads, DENIED, EXPIRED, for the expiry sweep to write down", async () => {
    const s = await scenario({ expiresInMs: DAY_MS });
    clock.advance(DAY_MS);
    try {
      const asked = await post(
        server.app,
        `/api/applications/${s.id}/help`,
        { text: "Help" },
        { token: s.tokens.brand },
      );
      expect(asked.statusCode).toBe(200);
      const page = (await get(`/api/applications/${s.id}`, s.tokens.influencer)).json().data;
      expect(page).toMatchObject({ status: "DENIED", deniedReason: "EXPIRED" });
      const [row] = await server.db.select().from(applications).where(eq(applications.id, s.id));
      expect(row).toMatchObject({ status: "WAITING", deniedReason: null });
    } finally {
      clock.advance(-DAY_MS);
    }
  });

  it("does not reopen a chat closed by the DENIED rule: arbitration lines are the platform's, not messages", async () => {
    const s = await scenario({ status: "DENIED" });
    for (let asked = 0; asked < 4; asked++) {
      const help = await post(
        server.app,
        `/api/applications/${s.id}/help`,
        { text: "Help" },
        { token: s.tokens.brand },
      );
      expect(help.statusCode).toBe(200);
    }
    const page = (await get(`/api/applications/${s.id}`, s.tokens.influencer)).json().data;
    expect(page.chat).toEqual({ enabled: false, disabledReason: "denied_few_messages", messageCount: 5 });
    const sent = await post(
      server.app,
      `/api/applications/${s.id}/messages`,
      { text: "Hi" },
      { token: s.tokens.brand },
    );
    expect([sent.statusCode, sent.json()]).toEqual([409, { status: "error", reason: "chat_disabled" }]);
  });

  it("takes either party and an impersonating admin; refuses outsiders, a visitor and a blank text", async () => {
    const s = await scenario();
    for (const token of [s.tokens.brand, s.tokens.adminAsInfluencer]) {
      expect((await post(server.app, `/api/applications/${s.id}/help`, { text: "Help" }, { token })).statusCode).toBe(
        200,
      );
    }
    for (const token of outsiders(s)) {
      const response = await post(server.app, `/api/applications/${s.id}/help`, { text: "Help" }, { token });
      expect([response.statusCode, response.json()]).toEqual([404, notFound]);
    }
    expect((await post(server.app, `/api/applications/${s.id}/help`, { text: "Help" })).statusCode).toBe(401);
    const blank = await post(server.app, `/api/applications/${s.id}/help`, { text: "  " }, { token: s.tokens.brand });
    expect([blank.statusCode, blank.json().reason]).toEqual([400, "invalid"]);
    const requests = await server.db
      .select()
      .from(arbitrationRequests)
      .where(eq(arbitrationRequests.applicationId, s.id));
    expect(requests).toHaveLength(2);
  });
});
