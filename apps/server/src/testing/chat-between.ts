import { applications, type Db, deals } from "@market/db";

/**
 * A deal of the brand and the influencer's application to it, written directly (no proposal lines, no money): a
 * chat for the files of its two parties. Answers the application's id.
 */
export async function chatBetween(db: Db, brandId: number, influencerId: number): Promise<number> {
  const [deal] = await db
    .insert(deals)
    .values({
      userId: brandId,
      title: "Trail shoes",
      link: "https://acme.example",
      category: "sports",
      price: "p100_250",
      description: "Review our shoes.",
      networks: ["instagram"],
      deadline: new Date("2026-07-01T23:59:00Z"),
    })
    .returning();
  const [application] = await db
    .insert(applications)
    .values({
      dealId: deal?.id ?? 0,
      influencerId,
      brandId,
      text: "Hello",
      expiration: new Date("2026-07-01T23:59:00Z"),
    })
    .returning();
  return application?.id ?? 0;
}
