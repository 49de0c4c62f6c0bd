import { REFUND_SECOND_APPROVAL_DEFAULT_CENTS } from "@market/contracts";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { adminAuditLog, refundRequests } from "../schema/admin";
import { applications } from "../schema/applications";
import { brandProfiles } from "../schema/profiles";
import { users } from "../schema/users";
import type { SeedContext } from "./context";
import { DEMO_ACCOUNTS } from "./demo-logins";

/**
 * The console's users part (issue 36, point 4) in the demo: a second admin (admin2@demo.test), and a refund
 * above the two-person rule's default threshold asked by the demo admin, waiting in /admin/refunds for admin2.
 * The hire is the largest paid one in progress; it stays in escrow until admin2 decides.
 */
export async function seedConsoleUsers(ctx: SeedContext): Promise<{ refundRequests: number }> {
  const now = ctx.clock.now;
  const [second] = await ctx.db
    .insert(users)
    .values({
      kind: "brand",
      username: DEMO_ACCOUNTS.admin2.username,
      email: DEMO_ACCOUNTS.admin2.email,
      passwordHash: ctx.passwordHash,
      isAdmin: true,
      hasSeenOnboarding: true,
      createdAt: ctx.clock.ago(30),
      updatedAt: ctx.clock.ago(30),
    })
    .returning({ id: users.id });
  if (!second) throw new Error("admin2 not inserted");
  await ctx.db.insert(brandProfiles).values({ userId: second.id, brandName: "Influence Market" });

  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.admin.email))
    .limit(1);
  const [hire] = await ctx.db
    .select({ id: applications.id, brandId: applications.brandId, paid: applications.paidAmountCents })
    .from(applications)
    .where(
      and(
        eq(applications.status, "PROGRESS"),
        gt(applications.paidAmountCents, REFUND_SECOND_APPROVAL_DEFAULT_CENTS),
        isNull(applications.refundedAt),
        isNull(applications.releasedAt),
      ),
    )
    .orderBy(desc(applications.paidAmountCents))
    .limit(1);
  if (!admin || !hire) return { refundRequests: 0 };
  const reason = "The brand reports the posts were never published; the influencer has not answered in a week.";
  const at = new Date(now.getTime() - 2 * 60 * 60 * 1000);
  const [request] = await ctx.db
    .insert(refundRequests)
    .values({ applicationId: hire.id, amountCents: hire.paid, requestedBy: admin.id, reason, createdAt: at })
    .returning({ id: refundRequests.id });
  await ctx.db.insert(adminAuditLog).values({
    adminId: admin.id,
    impersonatedUserId: hire.brandId,
    action: "refund_request",
    targetType: "application",
    targetId: String(hire.id),
    details: {
      refundRequestId: request?.id,
      amountCents: hire.paid,
      thresholdCents: REFUND_SECOND_APPROVAL_DEFAULT_CENTS,
    },
    reason,
    createdAt: at,
  });
  return { refundRequests: 1 };
}
