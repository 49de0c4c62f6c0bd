import { email as emailSchema, username as usernameSchema } from "@market/contracts";
import type { Db } from "@market/db";
import type { Clock } from "../../clock";
import { insertAccount } from "./accounts";
import { hashPassword } from "./password";

/** Admins hold every key: their password must be longer than a user's. */
export const ADMIN_MIN_PASSWORD_LENGTH = 12;

export class AdminInputError extends Error {
  override name = "AdminInputError";
}

/**
 * Creates an admin account, the only way one comes to exist (`npm run admin:create`). An admin is a brand
 * account flagged is_admin, like the demo seed's: signed in as themselves they use the brand screens (brands
 * are never listed publicly, so the account shows up nowhere), and they act on users by impersonating them.
 * Throws AdminInputError for a bad username, email or weak password, and the `username_taken` /
 * `email_taken` TRPCError when the account exists.
 */
export async function createAdmin(
  db: Db,
  clock: Clock,
  input: { username: string; email: string; password: string },
): Promise<{ id: number; username: string; email: string }> {
  const username = usernameSchema.safeParse(input.username);
  if (!username.success) throw new AdminInputError("username: 3 to 30 letters, digits, dots or underscores");
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AdminInputError("email: not a valid address");
  const weakness = passwordWeakness(input.password, [username.data, email.data.split("@")[0] ?? ""]);
  if (weakness) throw new AdminInputError(`password: ${weakness}`);

  const user = await insertAccount(db, {
    kind: "brand",
    username: username.data,
    email: email.data,
    passwordHash: await hashPassword(input.password),
    brandName: "Administration",
    isAdmin: true,
    hasSeenOnboarding: true,
    at: clock.now(),
  });
  return { id: user.id, username: username.data, email: email.data };
}

function passwordWeakness(password: string, personal: string[]): string | null {
  if (password.length < ADMIN_MIN_PASSWORD_LENGTH) return `at least ${ADMIN_MIN_PASSWORD_LENGTH} characters`;
  if (new Set(password).size < 6) return "too few different characters";
  const lower = password.toLowerCase();
  if (personal.some((value) => value.length >= 3 && lower.includes(value.toLowerCase()))) {
    return "must not contain the username or the email";
  }
  return null;
}
