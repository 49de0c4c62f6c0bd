import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { createdAt, tstz } from "./helpers";
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

/** Either party of an application asking the platform to arbitrate. */
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
    text: text("text").notNull(),
    createdAt: createdAt(),
    resolvedAt: tstz("resolved_at"),
  },
  (t) => [
    index("arbitration_requests_application_id_idx").on(t.applicationId),
    index("arbitration_requests_user_id_idx").on(t.userId),
  ],
);

export type HelpRequest = typeof helpRequests.$inferSelect;
export type ArbitrationRequest = typeof arbitrationRequests.$inferSelect;
