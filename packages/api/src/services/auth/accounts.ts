import {
  type AccountKind,
  BRAND_NOTIFICATION_KEYS,
  INFLUENCER_NOTIFICATION_KEYS,
  MIN_PASSWORD_LENGTH,
  type Reason,
} from "@market/contracts";
import {
  brandProfiles,
  contacts,
  type Db,
  influencerProfiles,
  notificationPreferences,
  or,
  PG_UNIQUE_VIOLATION,
  pgErrorOf,
  refreshInfluencerSearchColumns,
  sql,
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
  if (password.length < MIN_PASSWORD_LENGTH) fail("password_too_short");
}

type UniqueField = "username" | "email";

const FIELD_BY_CONSTRAINT = new Map<string | undefined, UniqueField>([
  ["users_username_lower_key", "username"],
  ["users_email_lower_key", "email"],
]);

const TAKEN = {
  username: { reason: "username_taken", message: "This username is already taken." },
  email: { reason: "email_taken", message: "An account already uses this email." },
} as const satisfies Record<UniqueField, { reason: Reason; message: string }>;

/**
 * Which of the account's username and email another account holds, in any letter case. `violated` (the field
 * the unique index refused) counts even if its holder has gone since.
 */
async function takenFields(db: Db, account: NewAccount, violated: UniqueField): Promise<UniqueField[]> {
  const [holders] = await db
    .select({
      username: sql<boolean>`bool_or(lower(${users.username}) = lower(${account.username}))`,
      email: sql<boolean>`bool_or(lower(${users.email}) = lower(${account.email}))`,
    })
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${account.username})`,
        sql`lower(${users.email}) = lower(${account.email})`,
      ),
    );
  return (["username", "email"] as const).filter((field) => field === violated || holders?.[field] === true);
}

/**
 * Creates the user with everything a signed-in screen reads (profile of the kind, contacts, notification
 * preferences all on) in one transaction. A username or email taken in any letter case is a CONFLICT, decided
 * by the unique indexes so that two racing sign-ups cannot both win: its reason is `username_taken` (else
 * `email_taken`), and its issues name every taken field, so a form marks both at once.
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
    const violated = pgError?.code === PG_UNIQUE_VIOLATION ? FIELD_BY_CONSTRAINT.get(pgError.constraint) : undefined;
    if (!violated) throw error;
    const taken = await takenFields(db, account, violated);
    const [first = violated] = taken;
    fail(
      TAKEN[first].reason,
      undefined,
      taken.map((field) => ({ path: [field], message: TAKEN[field].message })),
    );
  }
}
