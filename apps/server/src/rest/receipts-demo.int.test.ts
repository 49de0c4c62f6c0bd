import { createSession, fixedClock } from "@market/api";
import { formatUsd } from "@market/contracts";
import { and, applications, desc, eq, isNotNull, payouts, users } from "@market/db";
import { DEMO_ACCOUNTS, seedDemo } from "@market/db/seed";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieFor } from "../testing/auth-helpers";
import { pdfTextOf } from "../testing/pdf-text";
import { useTestApp } from "../testing/test-app";

/**
 * Issue 40's receipts on the demo marketplace: a newcomer signed in as the demo brand downloads the receipt of each
 * of its paid hires, and as the demo influencer that of each paid payout, each with its amount.
 */
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock });

const cookieOf = async (email: string) => {
  const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: user?.id ?? 0, cookie: cookieFor((await createSession(server.db, clock, user?.id ?? 0)).token) };
};

beforeAll(async () => {
  await seedDemo(server.db, { hashPassword: async (plain) => `plain:${plain}`, now: clock.now() });
}, 120_000);

describe("the demo's receipts", () => {
  it("are there for every paid hire of the demo brand, each with what it paid", async () => {
    const brand = await cookieOf(DEMO_ACCOUNTS.brand.email);
    const hires = await server.db
      .select({ id: applications.id, paidCents: applications.paidAmountCents })
      .from(applications)
      .where(and(eq(applications.brandId, brand.id), isNotNull(applications.paidAt)))
      .orderBy(desc(applications.paidAt));
    expect(hires.length).toBeGreaterThan(0);
    for (const hire of hires) {
      const url = `/api/applications/${hire.id}/receipt.pdf`;
      const answer = await server.app.inject({ method: "GET", url, headers: { cookie: brand.cookie } });
      expect(answer.statusCode, url).toBe(200);
      expect(await pdfTextOf(answer.rawPayload)).toContain(`Total paid ${formatUsd(hire.paidCents)}`);
    }
  });

  it("are there for every paid payout of the demo influencer, each with its amount", async () => {
    const influencer = await cookieOf(DEMO_ACCOUNTS.influencer.email);
    const paid = await server.db
      .select({ id: payouts.id, cents: payouts.amountCents })
      .from(payouts)
      .where(and(eq(payouts.userId, influencer.id), eq(payouts.status, "paid")));
    expect(paid.length).toBeGreaterThan(0);
    for (const payout of paid) {
      const url = `/api/earnings/payouts/${payout.id}/receipt.pdf`;
      const answer = await server.app.inject({ method: "GET", url, headers: { cookie: influencer.cookie } });
      expect(answer.statusCode, url).toBe(200);
      expect(await pdfTextOf(answer.rawPayload)).toContain(`Total paid out ${formatUsd(payout.cents)}`);
    }
  });
});
