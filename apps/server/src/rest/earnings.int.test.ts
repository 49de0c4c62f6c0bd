import { createSession, fixedClock } from "@market/api";
import { createBrand, influencerWithBalance, PAYOUT_TEST_PASSWORD, paypalPayout } from "@market/api/testing";
import { describe, expect, it } from "vitest";
import { cookieFor, post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-05-15T12:00:00Z"));
const server = useTestApp({ clock });

const sessionOf = async (userId: number) => (await createSession(server.db, clock, userId, null)).token;
const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { cookie: cookieFor(token) } : {} });

describe("POST /api/earnings/payout", () => {
  it("requests a payout: the new payout and the balance it leaves, which GET /api/balance shows at once", async () => {
    const { user } = await influencerWithBalance(server.db, clock, 6_000);
    const token = await sessionOf(user.id);
    const response = await post(server.app, "/api/earnings/payout", paypalPayout(2_000), { token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: "success",
      data: { balanceCents: 4_000, payout: { method: "paypal", amountCents: 2_000, state: "requested" } },
    });
    expect((await get("/api/balance", token)).json()).toEqual({ status: "success", data: { balanceCents: 4_000 } });

    const list = (await get("/api/earnings/payouts", token)).json();
    expect(list).toMatchObject({ status: "success", data: { items: [{ id: body.data.payout.id }], nextCursor: null } });
  });

  it("answers 400 with the reason for each refusal, never a 5xx", async () => {
    const { user } = await influencerWithBalance(server.db, clock, 3_000);
    const token = await sessionOf(user.id);
    const cases: [unknown, string][] = [
      [{ ...paypalPayout(5_000) }, "not_enough_earnings"],
      [{ ...paypalPayout(2_000), password: "nope" }, "bad_password"],
      [{ ...paypalPayout(1_000) }, "invalid"],
      [{ ...paypalPayout(2_000), method: "transferwise" }, "invalid"],
      [{ ...paypalPayout(2_000), email: "x" }, "invalid"],
      ["not json object", "invalid"],
    ];
    for (const [body, reason] of cases) {
      const response = await post(server.app, "/api/earnings/payout", body, { token });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ status: "error", reason });
    }
  });

  it("refuses brands (403) and visitors (401)", async () => {
    const brand = await createBrand(server.db);
    const brandAnswer = await post(server.app, "/api/earnings/payout", paypalPayout(2_000), {
      token: await sessionOf(brand.id),
    });
    expect(brandAnswer.statusCode).toBe(403);
    expect(brandAnswer.json()).toEqual({ status: "error", reason: "forbidden" });
    const visitor = await post(server.app, "/api/earnings/payout", paypalPayout(2_000));
    expect(visitor.statusCode).toBe(401);
    expect((await get("/api/earnings/payouts")).statusCode).toBe(401);
  });
});

describe("POST /api/earnings/payouts/{id}/retry", () => {
  it("answers not_found for an unknown payout and conflict for one that has not failed", async () => {
    const { user } = await influencerWithBalance(server.db, clock, 6_000);
    const token = await sessionOf(user.id);
    const created = (await post(server.app, "/api/earnings/payout", paypalPayout(2_000), { token })).json();
    const notFailed = await post(server.app, `/api/earnings/payouts/${created.data.payout.id}/retry`, {}, { token });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toEqual({ status: "error", reason: "conflict" });
    const unknown = await post(server.app, "/api/earnings/payouts/999999/retry", {}, { token });
    expect(unknown.statusCode).toBe(404);
    const badPassword = await post(
      server.app,
      `/api/earnings/payouts/${created.data.payout.id}/retry`,
      { destination: { method: "paypal", email: "a@b.co", password: `${PAYOUT_TEST_PASSWORD}x` } },
      { token },
    );
    expect(badPassword.json()).toEqual({ status: "error", reason: "bad_password" });
  });
});
