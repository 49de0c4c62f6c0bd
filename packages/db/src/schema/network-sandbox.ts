import { pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./helpers";

/**
 * Bios of the Instagram sandbox's sample profiles (packages/api/src/services/networks/providers/sandbox): the
 * sandbox page sets them and the bio-code check reads them. In the database, not in memory, so every instance of
 * the server sees the bio a user just saved. Only the sandbox writes here; the real reader never does.
 */
export const sandboxBios = pgTable("sandbox_bios", {
  username: text("username").primaryKey(),
  bio: text("bio").notNull(),
  updatedAt: updatedAt(),
});

export type SandboxBio = typeof sandboxBios.$inferSelect;
