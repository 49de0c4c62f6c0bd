import { createSession, fixedClock } from "@market/api";
import { createBrand, createInfluencer } from "@market/api/testing";
import { savedCards } from "@market/db";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-05-15T12:00:00Z"));

const server = useTestApp({ clock });

const sessionOf = async (userId: number) => (await createSession(server.db, clock, userId)).token;

const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, ...(token ? { cookies: { session: token } } : {}) });

const post = (url: string, body: unknown, token?: string) =>
  server.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    payload: JSON.stringify(body),
    ...(token ? { cookies: { session: token } } : {}),
  });

describe("GET and POST /api/settings", () => {
  it("answers 401 unauthorized to a visitor, without caching", async () => {
    const read = await get("/api/settings");
    expect(read.statusCode).toBe(401);
    expect(read.json()).toEqual({ status: "error", reason: "unauthorized" });
    expect(read.headers["cache-control"]).toBe("no-cache, no-store, must-revalidate");
    const save = await post("/api/settings", { field: "profile", data: { brandName: "x", about: "" } });
    expect(save.statusCode).toBe(401);
  });

  it("answers the settings and saves one field", async () => {
    const influencer = await createInfluencer(server.db, { username: "restinfluencer" });
    const token = await sessionOf(influencer.id);
    const read = await get("/api/settings", token);
    expect(read.json()).toMatchObject({
      status: "success",
      data: { kind: "influencer", user: { username: "restinfluencer" }, notifications: { deals: true } },
    });
    const data = {
      about: "",
      category: "music",
      city: "Oslo",
      country: "no",
      audience: { males: 40, ages: [18, 24], interests: [], country: null },
    };
    const save = await post("/api/settings", { field: "profile", data }, token);
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({ status: "success", data: { profile: data } });
    expect((await get("/api/settings", token)).json().data.profile).toEqual(data);
  });

  it("answers 400 invalid with the issues of each bad field", async () => {
    const influencer = await createInfluencer(server.db);
    const token = await sessionOf(influencer.id);
    const data = {
      about: "",
      category: "cooking",
      city: "",
      country: null,
      audience: { males: 101, ages: [30, 20], interests: [], country: null },
    };
    const save = await post("/api/settings", { field: "profile", data }, token);
    expect(save.statusCode).toBe(400);
    const body = save.json();
    expect(body).toMatchObject({ status: "error", reason: "invalid" });
    expect(body.issues.map((issue: { path: string[] }) => issue.path.join(".")).sort()).toEqual([
      "data.audience.ages",
      "data.audience.males",
      "data.category",
    ]);
    const unknownField = await post("/api/settings", { field: "username", data: "someone" }, token);
    expect(unknownField.json()).toMatchObject({ status: "error", reason: "invalid" });
  });
});

describe("GET /api/account/card and POST /api/account/card/forget", () => {
  it("answers the brand's card, then null once forgotten", async () => {
    const brand = await createBrand(server.db);
    await server.db.insert(savedCards).values({
      userId: brand.id,
      provider: "sandbox",
      providerCustomerId: "cus_rest",
      providerPaymentMethodId: "pm_rest",
      brand: "visa",
      last4: "4242",
      expMonth: 4,
      expYear: 2027,
    });
    const token = await sessionOf(brand.id);
    expect((await get("/api/account/card", token)).json()).toEqual({
      status: "success",
      data: { type: "visa", last4: "4242", expMonth: "04", expYear: 2027 },
    });
    const forget = await post("/api/account/card/forget", undefined, token);
    expect(forget.json()).toEqual({ status: "success", data: null });
    expect((await get("/api/account/card", token)).json()).toEqual({ status: "success", data: null });
  });

  it("answers 403 forbidden to an influencer and 401 to a visitor", async () => {
    const influencer = await createInfluencer(server.db);
    const token = await sessionOf(influencer.id);
    const read = await get("/api/account/card", token);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ status: "error", reason: "forbidden" });
    expect((await post("/api/account/card/forget", undefined, token)).statusCode).toBe(403);
    expect((await get("/api/account/card")).statusCode).toBe(401);
  });
});

describe("GET /api/networks", () => {
  it("lists the influencer's networks and refuses brands", async () => {
    const influencer = await createInfluencer(server.db, { networks: [{ type: "twitter", followers: 3_000 }] });
    const list = await get("/api/networks", await sessionOf(influencer.id));
    expect(list.json()).toMatchObject({
      status: "success",
      data: { networks: [{ type: "twitter", followers: 3_000 }], canApply: true },
    });
    const brand = await createBrand(server.db);
    expect((await get("/api/networks", await sessionOf(brand.id))).statusCode).toBe(403);
  });
});
