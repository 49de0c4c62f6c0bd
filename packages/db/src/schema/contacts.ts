import { BIRTH_YEARS } from "@market/contracts";
import { check, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { between, updatedAt } from "./helpers";
import { users } from "./users";

/** Contact details, one row per user. website is the brand's site; the birth date is the influencer's. */
export const contacts = pgTable(
  "contacts",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    website: text("website"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    birthDay: smallint("birth_day"),
    birthMonth: smallint("birth_month"),
    birthYear: smallint("birth_year"),
    address: text("address"),
    address2: text("address2"),
    city: text("city"),
    state: text("state"),
    zipcode: text("zipcode"),
    country: text("country"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("contacts_birth_day_check", between(t.birthDay, 1, 31)),
    check("contacts_birth_month_check", between(t.birthMonth, 1, 12)),
    check("contacts_birth_year_check", between(t.birthYear, BIRTH_YEARS.min, BIRTH_YEARS.max)),
  ],
);

export type Contact = typeof contacts.$inferSelect;
export type NewContact = typeof contacts.$inferInsert;
