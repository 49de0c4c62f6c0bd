import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { createdAt, oneOf, tstz } from "./helpers";
import { users } from "./users";

/** Questions sent from the help form. */
export const helpRequests = pgTable(
  "help_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("help_requests_user_id_idx").on(t.userId)],
);

/**
 * What opened an arbitration request: a party's request for help, or the brand's contest of the work (work not
 * done), which the influencer's new delivery answers.
 */
export const ARBITRATION_KINDS = ["help", "contest"] as const;
export type ArbitrationKind = (typeof ARBITRATION_KINDS)[number];

/** Either party of an application asking the platform to arbitrate; an admin closing the case resolves it. */
export const arbitrationRequests = pgTable(
  "arbitration_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ARBITRATION_KINDS }).notNull().default("help"),
    text: text("text").notNull(),
    createdAt: createdAt(),
    resolvedAt: tstz("resolved_at"),
  },
  (t) => [
    index("arbitration_requests_application_id_idx").on(t.applicationId),
    check("arbitration_requests_kind_check", oneOf(t.kind, ARBITRATION_KINDS)),
    index("arbitration_requests_user_id_idx").on(t.userId),
  ],
);

export type HelpRequest = typeof helpRequests.$inferSelect;
export type ArbitrationRequest = typeof arbitrationRequests.$inferSelect;
