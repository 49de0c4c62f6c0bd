import { type CampaignInput, DAY_MS } from "@market/contracts";
import { applications, type Db, eq, users } from "@market/db";
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { Clock } from "../clock";
import { ReasonError } from "../errors";
import { uploadDealImage } from "../services/deals/upload-deal-image";
import type { FileStore } from "../services/files/file-store";
import { reasonOf, trpcErrorOf } from "../trpc-errors";
import { createBrand, createInfluencer } from "./fixtures";
import { pngBytes } from "./images";

/** A valid campaign body, its deadline 30 days after the clock's now. */
export function campaignBody(clock: Clock, overrides: Partial<Record<keyof CampaignInput, unknown>> = {}) {
  return {
    networks: ["instagram", "youtube"],
    title: "Summer launch",
    link: "https://brand.example/summer",
    category: "sports",
    price: "p100_250",
    deadline: new Date(clock.now().getTime() + 30 * DAY_MS),
    images: [] as string[],
    aAbout: "Runners who train every week",
    aCountries: ["us", "gb"],
    aLanguages: ["en"],
    description: "Two posts showing our new shoe",
    extras: [] as string[],
    eDiscount: "",
    eGiveaway: "",
    eFree: "",
    ...overrides,
  } as CampaignInput;
}

/**
 * The tRPC code, reason and paths of the field issues a call failed with: a procedure's, or a service's refusal as
 * the tRPC edge answers it.
 */
export async function callFailure(call: Promise<unknown>) {
  try {
    await call;
  } catch (thrown) {
    const error = thrown instanceof ReasonError ? trpcErrorOf(thrown) : thrown;
    if (!(error instanceof TRPCError)) throw thrown;
    const { cause } = error;
    const named = cause instanceof ZodError || cause instanceof ReasonError ? (cause.issues ?? []) : [];
    return { code: error.code, reason: reasonOf(error), issues: named.map((issue) => issue.path.join(".")) };
  }
  throw new Error("the call succeeded");
}

/** Uploads `n` deal images as the brand; their ids. */
export async function uploadImages(deps: { db: Db; clock: Clock; files: FileStore }, brandId: number, n: number) {
  const ids: string[] = [];
  for (let index = 0; index < n; index += 1) {
    ids.push((await uploadDealImage(deps, brandId, { bytes: pngBytes({ rgb: [index, 1, 2] }), name: "i.png" })).id);
  }
  return ids;
}

/** An application of a fresh influencer to the deal, written directly (the proposal flow comes later). */
export async function applyTo(db: Db, deal: { id: number; brandId: number }, at: Date) {
  const influencer = await createInfluencer(db);
  await db.insert(applications).values({
    dealId: deal.id,
    influencerId: influencer.id,
    brandId: deal.brandId,
    text: "I would love to",
    expiration: new Date(at.getTime() + 60 * DAY_MS),
  });
  return influencer;
}

/** An admin account (admins hold a brand-kind account flagged is_admin). */
export async function createAdminUser(db: Db) {
  const admin = await createBrand(db);
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  return admin;
}
