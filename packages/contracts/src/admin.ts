import { z } from "zod";
import type { AccountKind } from "./enums";
import { rowId } from "./ids";
import { MINUTE_MS } from "./time";

/** The `u` of /admin/login?u=i&id={id} (spec section 2): i for an influencer, b for a brand. */
export const IMPERSONATION_KINDS = { i: "influencer", b: "brand" } as const satisfies Record<string, AccountKind>;

/** Query of GET /admin/login; the values arrive as strings. */
export const impersonateInput = z.object({
  u: z.enum(["i", "b"]),
  id: rowId,
});
export type ImpersonateInput = z.infer<typeof impersonateInput>;

/**
 * An admin acting as a user does so for at most this long from the start, however busy (issue 36, point 4): a
 * stolen or forgotten impersonation ends soon, and the admin opens another from the console, with a new reason.
 */
export const IMPERSONATION_TTL_MS = 30 * MINUTE_MS;
