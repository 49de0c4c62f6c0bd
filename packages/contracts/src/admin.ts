import { z } from "zod";
import type { AccountKind } from "./enums";
import { rowId } from "./ids";

/** The `u` of /admin/login?u=i&id={id} (spec section 2): i for an influencer, b for a brand. */
export const IMPERSONATION_KINDS = { i: "influencer", b: "brand" } as const satisfies Record<string, AccountKind>;

/** Query of GET /admin/login; the values arrive as strings. */
export const impersonateInput = z.object({
  u: z.enum(["i", "b"]),
  id: rowId,
});
export type ImpersonateInput = z.infer<typeof impersonateInput>;
