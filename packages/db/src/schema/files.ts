import { FILE_PURPOSES } from "@market/contracts";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "./helpers";
import { users } from "./users";

/** Metadata of stored files; the bytes live in the storage adapter under storage_key. */
export const files = pgTable(
  "files",
  {
    /** Random, so file URLs cannot be enumerated. */
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    purpose: text("purpose", { enum: FILE_PURPOSES }).notNull(),
    storageKey: text("storage_key").notNull().unique(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("files_owner_id_idx").on(t.ownerId),
    // The orphan deal image sweep reads deal images by age every 10 minutes; pictures and chat files, most of the
    // table, stay out of this index.
    index("files_deal_image_created_idx").on(t.createdAt).where(sql`${t.purpose} = 'deal_image'`),
    check("files_purpose_check", oneOf(t.purpose, FILE_PURPOSES)),
    check("files_size_bytes_check", sql`${t.sizeBytes} >= 0`),
  ],
);

export type StoredFile = typeof files.$inferSelect;
export type NewStoredFile = typeof files.$inferInsert;
