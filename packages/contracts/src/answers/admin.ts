import { z } from "zod";
import { CONSOLE_QUEUES } from "../console-dashboard";
import { consoleUserKind } from "../console-users";
import { deliveryStepAnswer } from "./delivery";
import { answerSchemas, isoInstant } from "./registry";

const person = z.object({ id: z.number().int(), username: z.string() });

/** One row of GET /admin/api/audit (AuditEntryView): `details` is the action's own record, free-form. */
export const auditEntryAnswer = z
  .object({
    id: z.number().int(),
    at: isoInstant,
    action: z.string(),
    admin: person,
    actingAs: person.nullable(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    reason: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
  })
  .register(answerSchemas, { id: "AuditEntry" });

/** GET /admin/api/audit: newest first; pass nextCursor back as `cursor`. */
export const auditPageAnswer = z
  .object({ entries: z.array(auditEntryAnswer), nextCursor: z.string().nullable() })
  .register(answerSchemas, { id: "AuditPage" });

/** GET /admin/api/queues: how many items wait in each console queue (QueueCounts). */
export const queueCountsAnswer = z
  .object(
    Object.fromEntries(CONSOLE_QUEUES.map((queue) => [queue, z.number().int()])) as Record<
      (typeof CONSOLE_QUEUES)[number],
      z.ZodNumber
    >,
  )
  .register(answerSchemas, { id: "QueueCounts" });

/** One row of GET /admin/api/users (ConsoleUserRow). */
export const consoleUserAnswer = z
  .object({
    id: z.number().int(),
    kind: consoleUserKind,
    username: z.string(),
    email: z.string(),
    brandName: z.string().nullable(),
    isAdmin: z.boolean(),
    maybeFake: z.boolean(),
    createdAt: isoInstant,
    lastLoginAt: isoInstant.nullable(),
  })
  .register(answerSchemas, { id: "ConsoleUser" });

/** GET /admin/api/users: a page of users; pass nextCursor back as `cursor`. */
export const userSearchPageAnswer = z
  .object({ users: z.array(consoleUserAnswer), nextCursor: z.string().nullable() })
  .register(answerSchemas, { id: "UserSearchPage" });

/** An admin's refund above the threshold (RefundAwaitingApproval): no money moved, a request waits a second admin. */
export const refundAwaitingApprovalAnswer = z
  .object({
    status: z.literal("awaiting_second_approval"),
    refundRequestId: z.number().int(),
    amountCents: z.number().int(),
    thresholdCents: z.number().int(),
  })
  .register(answerSchemas, { id: "RefundAwaitingApproval" });

/** POST /admin/api/applications/{id}/refund: refunded (the hire as it now stands), or waiting for a second admin. */
export const adminRefundAnswer = z
  .union([deliveryStepAnswer, refundAwaitingApprovalAnswer])
  .register(answerSchemas, { id: "AdminRefundResult" });
