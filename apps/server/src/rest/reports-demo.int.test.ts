import { createSession, fixedClock } from "@market/api";
import type { Report } from "@market/contracts";
import { eq, users } from "@market/db";
import { DEMO_ACCOUNTS, seedDemo } from "@market/db/seed";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieFor } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

/**
 * Issue 40's reports on the demo marketplace: a newcomer signed in as the demo brand finds a report with something
 * in every chart (spend over several days, engagement of several influencers, more than one network), and a
 * campaign report with delivered posts.
 */
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock });
let cookie: string;

const report = async (url: string): Promise<Report> => {
  const answer = await server.app.inject({ method: "GET", url, headers: { cookie } });
  expect(answer.statusCode, url).toBe(200);
  return answer.json().data;
};

beforeAll(async () => {
  await seedDemo(server.db, { hashPassword: async (plain) => `plain:${plain}`, now: clock.now() });
  const [brand] = await server.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.brand.email));
  cookie = cookieFor((await createSession(server.db, clock, brand?.id ?? 0)).token);
}, 120_000);

describe("the demo brand's reports", () => {
  it("fill every chart of the default period", async () => {
    const recent = await report("/api/reports");
    const days = (bucket: (point: Report["overTime"][number]) => number) =>
      recent.overTime.filter((point) => bucket(point) > 0).length;
    expect(days((point) => point.paidCents)).toBeGreaterThanOrEqual(3);
    expect(days((point) => point.views)).toBeGreaterThanOrEqual(3);
    expect(recent.byInfluencer.filter((row) => row.engagements > 0).length).toBeGreaterThanOrEqual(3);
    expect(recent.byNetwork.filter((row) => row.engagements > 0).length).toBeGreaterThanOrEqual(2);
    expect(recent.byCampaign.length).toBeGreaterThanOrEqual(2);
    expect(recent.totals.costPerEngagementCents).not.toBeNull();
    // A refund is among them: the spend chart shows money going back too.
    expect(recent.totals.refundedCents).toBeGreaterThan(0);
  });

  it("give a campaign's report its posts and their readings", async () => {
    const recent = await report("/api/reports");
    const best = recent.byCampaign.find((row) => row.posts > 0);
    expect(best).toBeDefined();
    const campaign = await report(`/api/campaigns/${best?.campaign.id}/report`);
    expect(campaign.totals.posts).toBeGreaterThan(0);
    expect(campaign.totals.views).toBeGreaterThan(0);
    expect(campaign.overTime.filter((point) => point.views > 0).length).toBeGreaterThanOrEqual(2);
  });
});
