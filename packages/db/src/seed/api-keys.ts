import { createHash } from "node:crypto";
import { apiKeys } from "../schema";
import type { SeededBrand } from "./brands";
import type { SeedContext } from "./context";

/**
 * The demo brand's API keys (issue 39), to show the settings' API tab with something in it: one working, used
 * yesterday, one revoked. Names only: each stored hash is of a text that is not a key's secret (the format has 52
 * base32 characters), so no secret exists that would work.
 */
export async function seedApiKeys(ctx: SeedContext, brands: SeededBrand[]): Promise<number> {
  const demo = brands.find((brand) => brand.isDemo);
  if (!demo) return 0;
  const unusable = (label: string) => new Uint8Array(createHash("sha256").update(`seed:${label}`).digest());
  await ctx.db.insert(apiKeys).values([
    {
      publicId: "demoreportscript",
      secretHash: unusable("reports"),
      userId: demo.id,
      name: "Weekly report script",
      scopes: ["campaigns:read", "applications:read", "payments:read"],
      mode: "test",
      createdAt: ctx.clock.ago(20),
      lastUsedAt: ctx.clock.ago(1, ctx.clock.now),
      lastUsedIp: "203.0.113.24",
    },
    {
      publicId: "demoagencysyncaa",
      secretHash: unusable("agency"),
      userId: demo.id,
      name: "Old agency integration",
      scopes: ["campaigns:read", "campaigns:write", "applications:read", "applications:write"],
      mode: "test",
      createdAt: ctx.clock.ago(90),
      lastUsedAt: ctx.clock.ago(12),
      lastUsedIp: "198.51.100.77",
      revokedAt: ctx.clock.ago(10),
    },
  ]);
  return 2;
}
