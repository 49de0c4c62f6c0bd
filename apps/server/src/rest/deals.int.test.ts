import { randomUUID } from "node:crypto";
import { createSession, fixedClock, memoryFileStore } from "@market/api";
import {
  applyTo,
  blackPngBytes,
  campaignBody,
  createAdminUser,
  createBrand,
  createInfluencer,
  pngBytes,
} from "@market/api/testing";
import { DAY_MS, MAX_UPLOAD_BYTES, SINGLE_LINE_MESSAGE } from "@market/contracts";
import { adminAuditLog, deals, eq, files } from "@market/db";
import { describe, expect, it } from "vitest";
import { cookieFor, post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const store = memoryFileStore();
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

const server = useTestApp({ clock, files: store });

const sessionOf = async (userId: number, impersonatorId: number | null = null) =>
  (await createSession(server.db, clock, userId, impersonatorId)).token;

const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { cookie: cookieFor(token) } : {} });

/** A brand's session and one of its campaigns. */
async function brandWithCampaign(overrides: Record<string, unknown> = {}) {
  const brand = await createBrand(server.db, { brandName: "Rest Brand" });
  const token = await sessionOf(brand.id);
  const response = await post(server.app, "/api/campaigns", campaignBody(clock, overrides), { token });
  expect(response.statusCode).toBe(200);
  return { brand, token, id: response.json().data.id as number };
}

/** Uploads one file as a browser's FormData would send it. */
function uploadImage(token: string | null, bytes: Uint8Array | string, filename = "shot.png") {
  const boundary = `----test${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: "POST",
    url: "/api/campaigns/images",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "sec-fetch-site": "same-origin" },
    payload,
    ...(token ? { cookies: { session: token } } : {}),
  });
}

describe("POST /api/campaigns", () => {
  it("creates a campaign and answers data.id", async () => {
    const { token, id } = await brandWithCampaign();
    const response = await get(`/api/deals/${id}`, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: "success",
      data: { id, title: "Summer launch", author: "Rest Brand", status: "open", reviewStatus: "NONE" },
    });
    expect(response.json().data.deadline).toBe(new Date(clock.now().getTime() + 30 * DAY_MS).toISOString());
  });

  it("answers 400 invalid with the field issues for bad fields and a past deadline", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    const bad = await post(server.app, "/api/campaigns", campaignBody(clock, { title: "", link: "nope" }), { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: "error", reason: "invalid" });
    expect(
      bad
        .json()
        .issues.map((issue: { path: string[] }) => issue.path[0])
        .sort(),
    ).toEqual(["link", "title"]);

    const past = new Date(clock.now().getTime() - DAY_MS).toISOString();
    const late = await post(server.app, "/api/campaigns", campaignBody(clock, { deadline: past }), { token });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      status: "error",
      reason: "invalid",
      issues: [{ path: ["deadline"], message: "The deadline must be in the future." }],
    });
    expect((await post(server.app, "/api/campaigns", undefined, { token })).json()).toMatchObject({
      reason: "invalid",
    });
    expect(await server.db.select().from(deals).where(eq(deals.userId, brand.id))).toEqual([]);
  });

  it("answers 400 invalid naming the title when it holds a line break, and stores nothing", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    for (const title of ["Vitamin C serum\n=cmd|' /C calc'!A0", "Serum\rpart 2", "Serum\u2028part 2", "Serum\u0007"]) {
      const response = await post(server.app, "/api/campaigns", campaignBody(clock, { title }), { token });
      expect(response.statusCode, JSON.stringify(title)).toBe(400);
      expect(response.json()).toEqual({
        status: "error",
        reason: "invalid",
        issues: [{ path: ["title"], message: SINGLE_LINE_MESSAGE }],
      });
    }
    expect(await server.db.select().from(deals).where(eq(deals.userId, brand.id))).toEqual([]);
  });

  it("answers 401 to a visitor and 403 to an influencer", async () => {
    const visitor = await post(server.app, "/api/campaigns", campaignBody(clock));
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ status: "error", reason: "unauthorized" });
    const influencer = await createInfluencer(server.db);
    const refused = await post(server.app, "/api/campaigns", campaignBody(clock), {
      token: await sessionOf(influencer.id),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: "error", reason: "forbidden" });
  });
});

describe("POST /api/campaigns/{id}", () => {
  it("edits the owner's campaign and answers data.id", async () => {
    const { token, id } = await brandWithCampaign();
    const response = await post(server.app, `/api/campaigns/${id}`, campaignBody(clock, { title: "Edited" }), {
      token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", data: { id } });
    expect((await get(`/api/deals/${id}`, token)).json().data.title).toBe("Edited");
  });

  it("answers 404 to another brand and 400 to a bad id or body", async () => {
    const { id } = await brandWithCampaign();
    const stranger = await sessionOf((await createBrand(server.db)).id);
    const response = await post(server.app, `/api/campaigns/${id}`, campaignBody(clock, { title: "Mine now" }), {
      token: stranger,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: "error", reason: "not_found" });
    expect((await post(server.app, "/api/campaigns/abc", campaignBody(clock), { token: stranger })).statusCode).toBe(
      400,
    );
    const empty = await post(server.app, `/api/campaigns/${id}`, {}, { token: stranger });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().reason).toBe("invalid");
  });
});

describe("POST /api/campaigns/{id}/pause, /resume, /delete", () => {
  it("pauses, resumes and deletes, answering the campaign or its id", async () => {
    const { token, id } = await brandWithCampaign();
    const paused = await post(server.app, `/api/campaigns/${id}/pause`, undefined, { token });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ status: "success", data: { id, status: "paused", paused: true } });
    const resumed = await post(server.app, `/api/campaigns/${id}/resume`, undefined, { token });
    expect(resumed.json()).toMatchObject({ status: "success", data: { id, status: "open", paused: false } });
    const deleted = await post(server.app, `/api/campaigns/${id}/delete`, undefined, { token });
    expect(deleted.json()).toEqual({ status: "success", data: { id } });
    expect((await get(`/api/deals/${id}`, token)).statusCode).toBe(404);
  });

  it("answers 409 conflict, closed and has_applicants", async () => {
    const { brand, token, id } = await brandWithCampaign({ deadline: new Date(clock.now().getTime() + DAY_MS) });
    const resumeOpen = await post(server.app, `/api/campaigns/${id}/resume`, undefined, { token });
    expect(resumeOpen.statusCode).toBe(409);
    expect(resumeOpen.json()).toEqual({ status: "error", reason: "conflict" });
    await applyTo(server.db, { id, brandId: brand.id }, clock.now());
    const remove = await post(server.app, `/api/campaigns/${id}/delete`, undefined, { token });
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({ status: "error", reason: "has_applicants" });
    clock.advance(DAY_MS);
    const pauseClosed = await post(server.app, `/api/campaigns/${id}/pause`, undefined, { token });
    expect(pauseClosed.statusCode).toBe(409);
    expect(pauseClosed.json()).toEqual({ status: "error", reason: "closed" });
  });

  it("answers 404 to another brand, 403 to an influencer and 401 to a visitor", async () => {
    const { id } = await brandWithCampaign();
    const stranger = await sessionOf((await createBrand(server.db)).id);
    const influencer = await sessionOf((await createInfluencer(server.db)).id);
    for (const action of ["pause", "resume", "delete"]) {
      const url = `/api/campaigns/${id}/${action}`;
      expect((await post(server.app, url, undefined, { token: stranger })).statusCode).toBe(404);
      expect((await post(server.app, url, undefined, { token: influencer })).json()).toEqual({
        status: "error",
        reason: "forbidden",
      });
      expect((await post(server.app, url, undefined)).statusCode).toBe(401);
    }
  });
});

describe("GET /api/deals and GET /api/deals/{id}", () => {
  it("lists the brand's campaigns newest first with applicants", async () => {
    const { brand, token, id: first } = await brandWithCampaign();
    clock.advance(1_000);
    const second = (
      await post(server.app, "/api/campaigns", campaignBody(clock, { title: "Second" }), { token })
    ).json().data.id;
    await applyTo(server.db, { id: first, brandId: brand.id }, clock.now());
    const response = await get("/api/deals", token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("no-cache");
    const { status, data } = response.json();
    expect(status).toBe("success");
    expect(data.map((deal: { id: number; applicants: number }) => [deal.id, deal.applicants])).toEqual([
      [second, 0],
      [first, 1],
    ]);
  });

  it("answers 404 for another brand's or an unknown deal, 400 for a bad id, 403 to an influencer listing", async () => {
    const { id } = await brandWithCampaign();
    const stranger = await sessionOf((await createBrand(server.db)).id);
    const influencer = await sessionOf((await createInfluencer(server.db)).id);
    expect((await get(`/api/deals/${id}`, stranger)).json()).toEqual({ status: "error", reason: "not_found" });
    // An influencer reads the deal page (with their own application, here none).
    expect((await get(`/api/deals/${id}`, influencer)).json().data.application).toBeNull();
    expect((await get("/api/deals/999999999", stranger)).statusCode).toBe(404);
    expect((await get("/api/deals/x1", stranger)).statusCode).toBe(400);
    expect((await get("/api/deals", influencer)).statusCode).toBe(403);
    expect((await get("/api/deals")).statusCode).toBe(401);
  });
});

describe("POST /api/campaigns/images", () => {
  it("stores a brand's image, served publicly, and a campaign can use it", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    const png = pngBytes({ width: 3, height: 2 });
    const response = await uploadImage(token, png);
    expect(response.statusCode).toBe(200);
    const { id, url } = response.json().data;
    expect(url).toBe(`/files/${id}`);
    const [row] = await server.db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({ ownerId: brand.id, purpose: "deal_image", contentType: "image/png" });
    const served = await server.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(new Uint8Array(served.rawPayload)).toEqual(png);

    const created = await post(server.app, "/api/campaigns", campaignBody(clock, { images: [id] }), { token });
    const dealId = created.json().data.id;
    expect((await get(`/api/deals/${dealId}`, token)).json().data.images).toEqual([{ id, url }]);
  });

  it("judges the image by its content and size", async () => {
    const token = await sessionOf((await createBrand(server.db)).id);
    const text = await uploadImage(token, "not an image at all", "fake.png");
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ status: "error", reason: "bad_format" });
    const big = await uploadImage(token, pngBytes({ padTo: MAX_UPLOAD_BYTES }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ status: "error", reason: "too_big" });
  });

  it("refuses an image of more pixels than any campaign needs, however few bytes it has", async () => {
    const brand = await createBrand(server.db);
    const response = await uploadImage(await sessionOf(brand.id), blackPngBytes(20_000, 20_000), "huge.png");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: "error", reason: "too_many_pixels" });
    expect(await server.db.select().from(files).where(eq(files.ownerId, brand.id))).toEqual([]);
  });

  it("is for brands only", async () => {
    const influencer = await uploadImage(await sessionOf((await createInfluencer(server.db)).id), pngBytes());
    expect(influencer.statusCode).toBe(403);
    expect(influencer.json()).toEqual({ status: "error", reason: "forbidden" });
    const visitor = await uploadImage(null, pngBytes());
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ status: "error", reason: "unauthorized" });
  });
});

describe("POST /admin/api/deals/{id}/ok and /ko", () => {
  it("approves and rejects as an impersonating admin, answering the deal, audited", async () => {
    const { brand, id } = await brandWithCampaign();
    const admin = await createAdminUser(server.db);
    const token = await sessionOf(brand.id, admin.id);
    const ok = await post(server.app, `/admin/api/deals/${id}/ok`, undefined, { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "success", data: { id, reviewStatus: "OK", badReview: false } });
    const again = await post(server.app, `/admin/api/deals/${id}/ok`, undefined, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: "error", reason: "conflict" });
    const ko = await post(server.app, `/admin/api/deals/${id}/ko`, undefined, { token });
    expect(ko.json()).toMatchObject({ status: "success", data: { id, reviewStatus: "KO", badReview: true } });
    const audit = await server.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, String(id)));
    expect(audit.map((entry) => entry.details)).toEqual([
      { from: "NONE", to: "OK" },
      { from: "OK", to: "KO" },
    ]);
  });

  it("answers 403 to a user not impersonated, 401 to a visitor, 404 for an unknown deal", async () => {
    const { token, id } = await brandWithCampaign();
    const own = await post(server.app, `/admin/api/deals/${id}/ok`, undefined, { token });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ status: "error", reason: "forbidden" });
    expect((await post(server.app, `/admin/api/deals/${id}/ko`, undefined)).statusCode).toBe(401);
    const admin = await createAdminUser(server.db);
    const asAdmin = await sessionOf((await createInfluencer(server.db)).id, admin.id);
    expect((await post(server.app, "/admin/api/deals/999999999/ok", undefined, { token: asAdmin })).statusCode).toBe(
      404,
    );
  });
});
