import { CHAT_MESSAGE_TYPES, type ChatMessagePayload } from "@market/contracts";
import { bigint, check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { files } from "./files";
import { createdAt, oneOf } from "./helpers";
import { users } from "./users";

/** The per-application chat, including the system messages that narrate the lifecycle. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** null for messages written by the system (automatic release, expiry). */
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    /** The admin who wrote while impersonating the sender. */
    impersonatorId: integer("impersonator_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type", { enum: CHAT_MESSAGE_TYPES }).notNull(),
    text: text("text"),
    fileId: uuid("file_id").references(() => files.id, { onDelete: "set null" }),
    payload: jsonb("payload").$type<ChatMessagePayload>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_application_created_idx").on(t.applicationId, t.createdAt, t.id),
    // Foreign keys to users: deleting a user must not scan the whole chat.
    index("chat_messages_sender_id_idx").on(t.senderId),
    index("chat_messages_impersonator_id_idx").on(t.impersonatorId),
    // Serving a chat file looks its message up by file.
    index("chat_messages_file_id_idx").on(t.fileId),
    check("chat_messages_type_check", oneOf(t.type, CHAT_MESSAGE_TYPES)),
  ],
);

export type { ChatMessagePayload };
export type ChatMessage = typeof chatMessages.$inferSelect;
export type NewChatMessage = typeof chatMessages.$inferInsert;
