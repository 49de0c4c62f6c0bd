import type { LoginInput } from "@market/contracts";
import { eq, or, sql, users } from "@market/db";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { admitLogin, type LoginThrottleDeps } from "./login-throttle";
import { verifyPassword } from "./password";
import { createSession, invalidateSession } from "./sessions";
import type { SignedIn } from "./sign-up";

/**
 * An argon2id hash (same parameters as real ones) of a random password nobody knows. Verifying against it
 * when the login names no account makes "unknown user" cost what "wrong password" costs.
 */
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$m46XR+pvyMvQTmic7JkcGA$x1/35Yk0I5ioe90ir8ehRMgRnR/IpZSPoz3zyADREIQ";

/**
 * Signs in with a username or an email (any letter case) and the password. Whether the account exists or the
 * password is wrong, the answer is the same `bad_password`. Admins sign in here too: they are users. The limits
 * (login-throttle.ts) count wrong passwords only, so nobody can keep an owner out of their account.
 */
export async function login(
  deps: LoginThrottleDeps,
  request: { ip: string; viewer: Viewer | null },
  input: LoginInput,
): Promise<SignedIn> {
  const login = input.login.toLowerCase();
  const [user] = await deps.db
    .select({
      id: users.id,
      kind: users.kind,
      username: users.username,
      email: users.email,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, login), eq(sql`lower(${users.email})`, login)))
    .limit(1);
  // An account is counted under its id, so alternating its username and email buys no extra attempts.
  const attempt = await admitLogin(deps, request.ip, {
    key: user ? `user:${user.id}` : `login:${login}`,
    user: user ?? null,
  });
  const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, input.password);
  if (!user || !valid) {
    await attempt.failed();
    fail("bad_password");
  }
  await attempt.succeeded();

  const now = deps.clock.now();
  // A login is not an edit of the account: updated_at keeps its value.
  await deps.db
    .update(users)
    .set({ lastLoginAt: now, updatedAt: sql`${users.updatedAt}` })
    .where(eq(users.id, user.id));
  if (request.viewer) await invalidateSession(deps.db, request.viewer.sessionId);
  return { kind: user.kind, session: await createSession(deps.db, deps.clock, user.id) };
}
