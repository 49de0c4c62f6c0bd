import { HOUR_MS } from "@market/contracts";
import { and, eq, gt, isNull, passwordResetTokens, sql, users } from "@market/db";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { fail } from "../../errors";
import type { Mailer } from "../mail/mailer";
import { assertPasswordLength } from "./accounts";
import { rememberSource, sourceOf } from "./login-sources";
import { hashPassword } from "./password";
import { type RateLimitDeps, throttle } from "./rate-limit";
import { endUserSessions } from "./sessions";

/** A reset link works for this long, once. */
export const RESET_TOKEN_TTL_MS = HOUR_MS;

export interface ResetDeps extends RateLimitDeps {
  mailer: Mailer;
  /** The origin the link is built on (context.ts: PUBLIC_URL or the configured address, never the request's Host). */
  publicUrl: string;
}

const hashToken = (token: string) => sha256(new TextEncoder().encode(token));

function newToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function resetPasswordMail(username: string, link: string) {
  return {
    subject: "Reset your Influence Market password",
    text: [
      `Hello ${username},`,
      "",
      "Someone asked to reset the password of your Influence Market account. To choose a new password, open",
      "this link within one hour (it works once):",
      "",
      link,
      "",
      "If you did not ask for it, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}

/**
 * Mails a single-use reset link to the account with this email. The answer is the same whether such an
 * account exists or not, so the form cannot tell who has an account; only the limits make it fail. The mail is
 * queued with the link (mailer.ts): the mail job sends it within seconds, retrying while the mail server is away.
 */
export async function requestPasswordReset(deps: ResetDeps, request: { ip: string }, email: string): Promise<void> {
  await throttle(deps, [
    ["resetRequestPerIp", request.ip],
    ["resetRequestPerEmail", email],
  ]);
  const [user] = await deps.db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (!user) return;

  const token = newToken();
  const now = deps.clock.now();
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  // The link and its mail commit together: a mail never carries a token that was not stored.
  await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    await deps.mailer.queue(tx, { to: user.email, ...resetPasswordMail(user.username, link) });
  });
}

/**
 * Sets a new password through a reset link. An unknown, used or expired token is `expired`; on success the
 * token and every other pending link of the user are spent, all sessions of the user end, and the network it is
 * confirmed from counts as the owner's for the login's limits.
 */
export async function resetPassword(
  deps: RateLimitDeps,
  request: { ip: string },
  input: { token: string; newPassword: string },
): Promise<void> {
  assertPasswordLength(input.newPassword);
  await throttle(deps, [["resetConfirmPerIp", request.ip]]);
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  const userId = await deps.db.transaction(async (tx) => {
    // Spending the token is the guard: of two concurrent uses, one updates the row and the other finds none.
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return null;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, spent.userId));
    await endUserSessions(tx, spent.userId);
    return spent.userId;
  });
  if (userId === null) fail("expired");
  // The link proved the mailbox: this network is the owner's now, and an attack on the account never slows it.
  await rememberSource(deps, userId, sourceOf(request.ip));
}
