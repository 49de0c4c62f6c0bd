import { HOUR_MS } from "@market/contracts";
import { applications, chatMessages, type Db, deals, eq, type NewDeal } from "@market/db";
import { createInfluencer } from "../../../testing/fixtures";

/** How one hand-made hire of a brand went: every step after its payment is optional. */
export interface HireStory {
  /** Hours from the last work done to the release; null: released without a work done. */
  hoursToRelease?: number | null;
  /** Released by the countdown rather than by the brand. */
  automatic?: boolean;
  /** Contested (work_not_done lines) this many times. */
  contests?: number;
  refunded?: boolean;
  /** Paid but not released yet. */
  unreleased?: boolean;
}

/** One deal of the brand, written directly (open, approved, deadline 10 days after `now`). */
export async function brandDeal(db: Db, brandId: number, now: Date, values: Partial<NewDeal> = {}) {
  const [row] = await db
    .insert(deals)
    .values({
      userId: brandId,
      title: "A campaign",
      link: "https://brand.example",
      category: "sports",
      price: "p100_250",
      description: "A plain campaign",
      networks: ["instagram"],
      deadline: new Date(now.getTime() + 10 * 24 * HOUR_MS),
      reviewStatus: "OK",
      aCountries: ["us"],
      aLanguages: ["en"],
      createdAt: now,
      ...values,
    })
    .returning({ id: deals.id });
  if (!row) throw new Error("no deal");
  return row.id;
}

/**
 * A paid hire of a fresh influencer on the deal and the lifecycle lines of its story, written directly as the
 * lifecycle writes them (the chat lines, then the application's dates): the triggers keep release_facts and
 * brand_reliability from these rows, as they do from the services'. Paid 20 days before `releasedAt`.
 */
export async function hireWithStory(
  db: Db,
  deal: { id: number; brandId: number },
  releasedAt: Date,
  story: HireStory,
): Promise<number> {
  const influencer = await createInfluencer(db);
  const paidAt = new Date(releasedAt.getTime() - 20 * 24 * HOUR_MS);
  const [row] = await db
    .insert(applications)
    .values({
      dealId: deal.id,
      influencerId: influencer.id,
      brandId: deal.brandId,
      text: "Hired",
      expiration: paidAt,
      status: "PROGRESS",
      paidAt,
      paidAmountCents: 11_000,
    })
    .returning({ id: applications.id });
  if (!row) throw new Error("no application");
  const line = (type: "work_done" | "work_not_done" | "money_released", createdAt: Date, automatic?: boolean) =>
    db.insert(chatMessages).values({
      applicationId: row.id,
      type,
      createdAt,
      ...(type === "money_released" ? { payload: { type, automatic: automatic ?? false } } : {}),
    });
  for (let contest = 0; contest < (story.contests ?? 0); contest += 1) {
    await line("work_not_done", new Date(paidAt.getTime() + (contest + 1) * HOUR_MS));
  }
  if (!story.unreleased) {
    if (story.hoursToRelease !== null) {
      await line("work_done", new Date(releasedAt.getTime() - (story.hoursToRelease ?? 24) * HOUR_MS));
    }
    await line("money_released", releasedAt, story.automatic ?? false);
    await db.update(applications).set({ status: "COMPLETE", releasedAt }).where(eq(applications.id, row.id));
  }
  if (story.refunded) {
    await db
      .update(applications)
      .set({ status: "COMPLETE", refundedAt: releasedAt })
      .where(eq(applications.id, row.id));
  }
  return row.id;
}
