import { z } from "zod";
import type { AccountKind } from "./enums";

/** The `u` of /admin/login?u=i&id={id} (spec section 2): i for an influencer, b for a brand. */
export const IMPERSONATION_KINDS = { i: "influencer", b: "brand" } as const satisfies Record<string, AccountKind>;

/** Query of GET /admin/login; the values arrive as strings. */
export const impersonateInput = z.object({
  u: z.enum(["i", "b"]),
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type ImpersonateInput = z.infer<typeof impersonateInput>;
