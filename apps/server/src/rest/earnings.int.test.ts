import { createSession, fixedClock, mailQueue, sandboxPayoutProvider, sweepPayouts } from "@market/api";
import {
  createBrand,
  influencerWithBalance,
  PAYOUT_TEST_PASSWORD,
  payoutViolations,
  paypalPayout,
} from "@market/api/testing";
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

  it("answers each refusal with its reason and its status, never a 5xx", async () => {
    const { user } = await influencerWithBalance(server.db, clock, 3_000);
    const token = await sessionOf(user.id);
    const cases: [unknown, string, number][] = [
      [{ ...paypalPayout(5_000) }, "not_enough_earnings", 409],
      [{ ...paypalPayout(2_000), password: "nope" }, "bad_password", 400],
      [{ ...paypalPayout(1_000) }, "invalid", 400],
      [{ ...paypalPayout(2_000), method: "transferwise" }, "invalid", 400],
      [{ ...paypalPayout(2_000), email: "x" }, "invalid", 400],
      ["not json object", "invalid", 400],
    ];
    for (const [body, reason, status] of cases) {
      const response = await post(server.app, "/api/earnings/payout", body, { token });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
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

describe("GET /api/earnings/payouts/{id}", () => {
  it("answers one of the influencer's payouts as the tracker shows it; another's or a bad id is not theirs to read", async () => {
    const { user } = await influencerWithBalance(server.db, clock, 6_000);
    const token = await sessionOf(user.id);
    const created = (await post(server.app, "/api/earnings/payout", paypalPayout(2_000), { token })).json().data;
    const one = await get(`/api/earnings/payouts/${created.payout.id}`, token);
    expect(one.json()).toEqual({ status: "success", data: created.payout });

    const { user: other } = await influencerWithBalance(server.db, clock, 6_000);
    const theirs = await get(`/api/earnings/payouts/${created.payout.id}`, await sessionOf(other.id));
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { status: "error", reason: "not_found" }]);
    const bad = await get("/api/earnings/payouts/abc", token);
    expect([bad.statusCode, bad.json().reason]).toEqual([400, "invalid"]);
    const brand = await createBrand(server.db);
    expect((await get(`/api/earnings/payouts/${created.payout.id}`, await sessionOf(brand.id))).statusCode).toBe(403);
    expect((await get(`/api/earnings/payouts/${created.payout.id}`)).statusCode).toBe(401);
  });
});

/** The payout worker on the sandbox, as main.ts runs it (the sandbox fails an email containing "fail"). */
const SANDBOX_DELAY_MS = 30_000;
async function runPayoutWorker() {
  const payoutProviders = {
    paypal: sandboxPayoutProvider({ clock, delayMs: SANDBOX_DELAY_MS, method: "paypal" }),
    transferwise: sandboxPayoutProvider({ clock, delayMs: SANDBOX_DELAY_MS, method: "transferwise" }),
  };
  const deps = { db: server.db, clock, payoutProviders, mailer: mailQueue(clock) };
  await sweepPayouts(deps);
  clock.advance(SANDBOX_DELAY_MS);
  await sweepPayouts(deps);
}

describe("POST /api/earnings/payouts/{id}/retry", () => {
  it("sends a failed payout again to another method: its own amount, the new destination, the tracker linking both", async () => {
    const { user } = await influencerWithBalance(server.db, clock, 6_000);
    const token = await sessionOf(user.id);
    const failing = { ...paypalPayout(2_500), email: "fail@example.com" };
    const failed = (await post(server.app, "/api/earnings/payout", failing, { token })).json().data.payout;
    await runPayoutWorker();
    expect((await get("/api/balance", token)).json().data.balanceCents).toBe(6_000);

    const destination = {
      method: "transferwise",
      email: "Ann@Example.com",
      accountOwnerName: "  Ann Lee ",
      password: PAYOUT_TEST_PASSWORD,
    };
    const response = await post(server.app, `/api/earnings/payouts/${failed.id}/retry`, { destination }, { token });
    expect(response.statusCode).toBe(200);
    const retry = response.json().data;
    expect(retry).toMatchObject({
      balanceCents: 3_500,
      payout: {
        method: "transferwise",
        amountCents: 2_500,
        email: "ann@example.com",
        accountOwnerName: "Ann Lee",
        state: "requested",
        retryOf: failed.id,
      },
    });
    const items = (await get("/api/earnings/payouts", token)).json().data.items;
    expect(items.find((item: { id: number }) => item.id === failed.id)).toMatchObject({
      state: "failed",
      retriedBy: retry.payout.id,
      canRetry: false,
    });

    await runPayoutWorker();
    const paid = (await get("/api/earnings/payouts", token)).json().data.items[0];
    expect(paid).toMatchObject({ id: retry.payout.id, state: "paid" });
    expect((await get("/api/balance", token)).json().data.balanceCents).toBe(3_500);
    expect(await payoutViolations(server.db)).toEqual([]);
  });

  it("refuses a new destination without its password or its owner's name, and a second retry", async () => {
    const { user } = await influencerWithBalance(server.db, clock, 6_000);
    const token = await sessionOf(user.id);
    const failed = (
      await post(server.app, "/api/earnings/payout", { ...paypalPayout(2_000), email: "fail@example.com" }, { token })
    ).json().data.payout;
    await runPayoutWorker();
    const retryWith = (body: unknown) => post(server.app, `/api/earnings/payouts/${failed.id}/retry`, body, { token });
    const wise = {
      method: "transferwise",
      email: "a@example.com",
      accountOwnerName: "Ann",
      password: PAYOUT_TEST_PASSWORD,
    };
    for (const [destination, field] of [
      [{ ...wise, password: undefined }, "destination.password"],
      [{ ...wise, accountOwnerName: " " }, "destination.accountOwnerName"],
      [{ ...wise, method: "bank" }, "destination.method"],
    ] as const) {
      const refused = await retryWith({ destination });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json()).toMatchObject({ status: "error", reason: "invalid" });
      const paths = refused.json().issues.map((issue: { path: string[] }) => issue.path.join("."));
      expect(paths).toContain(field);
    }
    expect((await retryWith({ destination: wise })).statusCode).toBe(200);
    const again = await retryWith({ destination: wise });
    expect([again.statusCode, again.json()]).toEqual([409, { status: "error", reason: "conflict" }]);
  });

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
