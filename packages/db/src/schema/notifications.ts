import { NOTIFICATION_KEYS, NOTIFICATION_TYPES } from "@market/contracts";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { deals } from "./deals";
import { files } from "./files";
import { createdAt, oneOf, tstz } from "./helpers";
import { users } from "./users";

export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    applicationId: integer("application_id").references(() => applications.id, { onDelete: "cascade" }),
    dealId: integer("deal_id").references(() => deals.id, { onDelete: "cascade" }),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text"),
    fileId: uuid("file_id").references(() => files.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    seenAt: tstz("seen_at"),
    /**
     * When the notification mail sweep handled it: mailed in a digest, or passed over (seen first, its mail key
     * turned off, or a type that sends its own mail). Null while it may still be mailed.
     */
    mailedAt: tstz("mailed_at"),
  },
  (t) => [
    // Unseen first, newest first, per user.
    index("notifications_user_seen_created_idx").on(t.userId, t.seenAt, t.createdAt),
    // A user's notifications by id: the header's pages (newest first) and a stream's catch-up after an id.
    index("notifications_user_id_idx").on(t.userId, t.id),
    index("notifications_application_id_idx").on(t.applicationId),
    // A user's unseen notifications per application: the applications lists' unread counts and notif sort.
    index("notifications_unseen_application_idx")
      .on(t.userId, t.applicationId, t.createdAt)
      .where(sql`${t.seenAt} is null`),
    // The notification mail sweep's queue: unseen and not yet handled, oldest first; a row leaves it once seen or
    // handled, so the index stays as small as the few minutes' backlog.
    index("notifications_unmailed_idx").on(t.createdAt).where(sql`${t.mailedAt} is null and ${t.seenAt} is null`),
    index("notifications_sender_id_idx").on(t.senderId),
    // Deleting a deal or a file (the orphan image sweep) finds the notifications pointing at it through these.
    index("notifications_deal_id_idx").on(t.dealId),
    index("notifications_file_id_idx").on(t.fileId),
    check("notifications_type_check", oneOf(t.type, NOTIFICATION_TYPES)),
  ],
);

/** Opt-outs per user and key; a missing row means the key's default (enabled). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key", { enum: NOTIFICATION_KEYS }).notNull(),
    enabled: boolean("enabled").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    check("notification_preferences_key_check", oneOf(t.key, NOTIFICATION_KEYS)),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type NotificationPreference = typeof notificationPreferences.$inferSelect;
