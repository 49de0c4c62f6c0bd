import { DAY_MS } from "@market/contracts";
import { type Db, eq, networks } from "@market/db";
import type { Clock } from "../clock";
import { noSessionCookie } from "../context";
import type { FileStore } from "../services/files/file-store";
import { memoryFileStore } from "../services/files/memory-file-store";
import type { PaymentGateway } from "../services/payments/gateway";
import { sandboxGateway } from "../services/payments/sandbox/sandbox-gateway";
import { callerFor } from "./caller";
import { campaignBody, createAdminUser } from "./deals";
import { createBrand, createInfluencer } from "./fixtures";

/**
 * A WAITING application through the real flows: a brand's campaign asking for instagram and youtube, and an
 * influencer's proposal pricing instagram at $1,250 in 5 days, expiring `expiresInDays` after the clock's now.
 * Callers for both parties, the admin acting as either, another brand, another influencer and a visitor.
 */
export async function waitingApplication(
  db: Db,
  clock: Clock,
  {
    expiresInDays = 60,
    files = memoryFileStore(),
    payments = sandboxGateway({ db, clock }),
    brand: brandNames = {},
  }: {
    expiresInDays?: number;
    files?: FileStore;
    payments?: PaymentGateway;
    /** The brand's username and company name, when a test names them. */
    brand?: { username?: string; brandName?: string };
  } = {},
) {
  const as = (userId: number, impersonatorId?: number) =>
    callerFor(
      db,
      impersonatorId === undefined ? { userId } : { userId, impersonatorId },
      clock,
      noSessionCookie,
      files,
      payments,
    );
  const brand = await createBrand(db, brandNames);
  const brandCaller = await as(brand.id);
  const { id: dealId } = await brandCaller.deals.create(campaignBody(clock));
  const influencer = await createInfluencer(db, {
    networks: [
      { type: "instagram", followers: 10_000 },
      { type: "youtube", followers: 50_000 },
    ],
  });
  const owned = await db.select().from(networks).where(eq(networks.userId, influencer.id));
  const networkId = (type: string) => owned.find((network) => network.type === type)?.id as number;
  const influencerCaller = await as(influencer.id);
  const { id } = await influencerCaller.applications.create({
    dealId,
    text: "I would love to run this",
    expiration: new Date(clock.now().getTime() + expiresInDays * DAY_MS),
    prices: [{ networkId: networkId("instagram"), price: 1250, creationDays: 5 }],
  });
  const admin = await createAdminUser(db);
  const otherBrand = await createBrand(db);
  const otherInfluencer = await createInfluencer(db);
  return {
    id,
    dealId,
    brand,
    influencer,
    admin,
    instagram: networkId("instagram"),
    youtube: networkId("youtube"),
    callers: {
      brand: brandCaller,
      influencer: influencerCaller,
      adminAsBrand: await as(brand.id, admin.id),
      adminAsInfluencer: await as(influencer.id, admin.id),
      otherBrand: await as(otherBrand.id),
      otherInfluencer: await as(otherInfluencer.id),
      visitor: await callerFor(db, null, clock, noSessionCookie, files, payments),
    },
  };
}
