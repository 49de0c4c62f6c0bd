import { createSession, fixedClock, memoryFileStore } from "@market/api";
import { campaignBody, createBrand, createInfluencer } from "@market/api/testing";
import { DAY_MS } from "@market/contracts";
import { eq, networks } from "@market/db";
import { describe, expect, it } from "vitest";
import { cookieFor, post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

const server = useTestApp({ clock, files: memoryFileStore() });

const sessionOf = async (userId: number) => (await createSession(server.db, clock, userId, null)).token;

async function setup() {
  const brand = await createBrand(server.db, { brandName: "Rest Proposals" });
  const brandToken = await sessionOf(brand.id);
  const created = await post(server.app, "/api/campaigns", campaignBody(clock, { title: "Rest deal" }), {
    token: brandToken,
  });
  const dealId = created.json().data.id as number;
  const influencer = await createInfluencer(server.db, { networks: [{ type: "instagram", followers: 9_000 }] });
  const [network] = await server.db.select().from(networks).where(eq(networks.userId, influencer.id));
  return { brandToken, dealId, token: await sessionOf(influencer.id), networkId: network?.id as number };
}

const expiration = () => new Date(clock.now().getTime() + 60 * DAY_MS).toISOString();

describe("proposal REST routes", () => {
  it("POST /api/deals/search answers the envelope for influencers only", async () => {
    const { brandToken, token } = await setup();
    const found = await post(
      server.app,
      "/api/deals/search",
      { query: "rest deal", sort: "time_p", page: 1 },
      { token },
    );
    expect(found.statusCode).toBe(200);
    expect(found.json().status).toBe("success");
    expect(found.json().data.deals.map((deal: { title: string }) => deal.title)).toContain("Rest deal");
    expect(found.json().data.categoryCounts.sports).toBeGreaterThan(0);
    const brand = await post(server.app, "/api/deals/search", {}, { token: brandToken });
    expect([brand.statusCode, brand.json()]).toEqual([403, { status: "error", reason: "forbidden" }]);
    const visitor = await post(server.app, "/api/deals/search", {});
    expect([visitor.statusCode, visitor.json()]).toEqual([401, { status: "error", reason: "unauthorized" }]);
  });

  it("POST /api/applications creates, then POST /api/applications/{id} updates; GET /api/deals/{id} shows it", async () => {
    const { dealId, token, networkId } = await setup();
    const body = {
      dealId,
      text: "Hi",
      expiration: expiration(),
      prices: [{ networkId, price: "$100", creationDays: 3 }],
    };
    const created = await post(server.app, "/api/applications", body, { token });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data.status).toBe("WAITING");
    const again = await post(server.app, "/api/applications", body, { token });
    expect([again.statusCode, again.json().reason]).toEqual([409, "conflict"]);

    const same = await post(
      server.app,
      `/api/applications/${id}`,
      { expiration: body.expiration, prices: body.prices },
      { token },
    );
    expect([same.statusCode, same.json().reason]).toEqual([409, "no_change"]);
    const changed = await post(
      server.app,
      `/api/applications/${id}`,
      { expiration: body.expiration, prices: [{ networkId, price: "$150", creationDays: 3 }] },
      { token },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.prices[0].price).toBe(150);

    const deal = await server.app.inject({
      method: "GET",
      url: `/api/deals/${dealId}`,
      headers: { cookie: cookieFor(token) },
    });
    expect(deal.json().data.application).toMatchObject({ id, status: "WAITING" });
  });

  it("answers missing_parameters, invalid with the field, and paused", async () => {
    const { brandToken, dealId, token, networkId } = await setup();
    const missing = await post(server.app, "/api/applications", { dealId, text: "Hi" }, { token });
    expect([missing.statusCode, missing.json().reason]).toEqual([400, "missing_parameters"]);
    const low = await post(
      server.app,
      "/api/applications",
      { dealId, text: "Hi", expiration: expiration(), prices: [{ networkId, price: "$24", creationDays: 3 }] },
      { token },
    );
    expect(low.statusCode).toBe(400);
    expect(low.json().reason).toBe("invalid");
    expect(low.json().issues.map((issue: { path: unknown[] }) => issue.path.join("."))).toEqual(["prices.0.price"]);
    await post(server.app, `/api/campaigns/${dealId}/pause`, {}, { token: brandToken });
    const paused = await post(
      server.app,
      "/api/applications",
      { dealId, text: "Hi", expiration: expiration(), prices: [{ networkId, price: 25, creationDays: 3 }] },
      { token },
    );
    expect([paused.statusCode, paused.json().reason]).toEqual([409, "paused"]);
  });

  it("answers invalid with the field for a NUL character anywhere, which PostgreSQL text cannot hold", async () => {
    const { dealId, token, networkId } = await setup();
    const fieldOf = (answer: { json(): { issues: { path: unknown[] }[] } }) =>
      answer.json().issues.map((issue) => issue.path.join("."));
    const search = await post(server.app, "/api/deals/search", { query: "ab\u0000c" }, { token });
    expect([search.statusCode, search.json().reason, fieldOf(search)]).toEqual([400, "invalid", ["query"]]);
    const body = { dealId, expiration: expiration(), prices: [{ networkId, price: 25, creationDays: 3 }] };
    const nul = await post(server.app, "/api/applications", { ...body, text: "hi\u0000there" }, { token });
    expect([nul.statusCode, nul.json().reason, fieldOf(nul)]).toEqual([400, "invalid", ["text"]]);
    // Nothing was written: the same proposal without the character goes through.
    const created = await post(server.app, "/api/applications", { ...body, text: "hi there" }, { token });
    expect(created.statusCode).toBe(200);
    const update = await post(server.app, "/api/applications/1%00", { expiration: expiration() }, { token });
    expect([update.statusCode, update.json().reason, fieldOf(update)]).toEqual([400, "invalid", ["id"]]);
  });
});
