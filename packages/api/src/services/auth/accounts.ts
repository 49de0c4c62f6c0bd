import {
  type AccountKind,
  BRAND_NOTIFICATION_KEYS,
  INFLUENCER_NOTIFICATION_KEYS,
  MIN_PASSWORD_LENGTH,
} from "@market/contracts";
import {
  brandProfiles,
  contacts,
  type Db,
  influencerProfiles,
  notificationPreferences,
  PG_UNIQUE_VIOLATION,
  pgErrorOf,
  refreshInfluencerSearchColumns,
  users,
} from "@market/db";
import { fail } from "../../errors";

export interface NewAccount {
  kind: AccountKind;
  username: string;
  email: string;
  passwordHash: string;
  /** Brands only. */
  brandName?: string;
  isAdmin?: boolean;
  hasSeenOnboarding?: boolean;
  at: Date;
}

/** Refuses a new password under the spec's minimum with `password_too_short`. */
export function assertPasswordLength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) fail("BAD_REQUEST", "password_too_short");
}

const TAKEN_BY_CONSTRAINT = {
  users_username_lower_key: "username_taken",
  users_email_lower_key: "email_taken",
} as const;

/**
 * Creates the user with everything a signed-in screen reads (profile of the kind, contacts, notification
 * preferences all on) in one transaction. A username or email taken in any letter case is a CONFLICT with
 * `username_taken` / `email_taken`, decided by the unique indexes so that two racing sign-ups cannot both win.
 */
export async function insertAccount(db: Db, account: NewAccount): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          kind: account.kind,
          username: account.username,
          email: account.email,
          passwordHash: account.passwordHash,
          isAdmin: account.isAdmin ?? false,
          hasSeenOnboarding: account.hasSeenOnboarding ?? false,
          createdAt: account.at,
          updatedAt: account.at,
          lastLoginAt: account.at,
        })
        .returning({ id: users.id });
      if (!user) throw new Error("user not inserted");
      if (account.kind === "brand") {
        await tx.insert(brandProfiles).values({
          userId: user.id,
          brandName: account.brandName ?? "",
          createdAt: account.at,
          updatedAt: account.at,
        });
      } else {
        await tx.insert(influencerProfiles).values({
          userId: user.id,
          createdAt: account.at,
          updatedAt: account.at,
        });
        await refreshInfluencerSearchColumns(tx, [user.id]);
      }
      await tx.insert(contacts).values({ userId: user.id, updatedAt: account.at });
      const keys = account.kind === "brand" ? BRAND_NOTIFICATION_KEYS : INFLUENCER_NOTIFICATION_KEYS;
      await tx.insert(notificationPreferences).values(keys.map((key) => ({ userId: user.id, key, enabled: true })));
      return user;
    });
  } catch (error) {
    const pgError = pgErrorOf(error);
    if (pgError?.code === PG_UNIQUE_VIOLATION && pgError.constraint && pgError.constraint in TAKEN_BY_CONSTRAINT) {
      fail("CONFLICT", TAKEN_BY_CONSTRAINT[pgError.constraint as keyof typeof TAKEN_BY_CONSTRAINT]);
    }
    throw error;
  }
}
