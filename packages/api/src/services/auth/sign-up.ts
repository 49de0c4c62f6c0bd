import type { AccountKind, SignUpInput } from "@market/contracts";
import { ReasonError } from "../../errors";
import type { Viewer } from "../../viewer";
import { assertPasswordLength, insertAccount } from "./accounts";
import { rememberSource, sourceOf } from "./login-sources";
import { hashPassword } from "./password";
import { giveBack, type RateLimitDeps, throttle } from "./rate-limit";
import { createSession, invalidateSession } from "./sessions";

export interface SignedIn {
  kind: AccountKind;
  session: { token: string; expiresAt: Date };
}

/** Whether a sign-up was refused with an email another account holds (its issues name the email field). */
const tellsEmailTaken = (error: unknown) =>
  error instanceof ReasonError && (error.issues ?? []).some((issue) => issue.path[0] === "email");

/**
 * Creates a brand or influencer account and signs it in. A session the caller already had ends, so one
 * browser never holds two accounts. The network it signs up from is its owner's (login-sources.ts).
 *
 * A taken email is said so, as on any sign-up form, but each such answer counts against the address
 * (signupEmailTakenPerIp): past a few an hour, every sign-up from it is refused, so probing emails costs time.
 */
export async function signUp(
  deps: RateLimitDeps,
  request: { ip: string; viewer: Viewer | null },
  input: SignUpInput,
): Promise<SignedIn> {
  assertPasswordLength(input.password);
  // The probe is counted up front, so sign-ups sent together cannot pass together; given back unless the email
  // turns out taken.
  const [, probe] = await throttle(deps, [
    ["signupPerIp", request.ip],
    ["signupEmailTakenPerIp", request.ip],
  ]);
  const passwordHash = await hashPassword(input.password);
  const user = await insertAccount(deps.db, {
    kind: input.kind,
    username: input.username,
    email: input.email,
    passwordHash,
    brandName: input.kind === "brand" ? input.brandName : undefined,
    at: deps.clock.now(),
  }).catch(async (error: unknown) => {
    if (!tellsEmailTaken(error)) await giveBack(deps.db, probe);
    throw error;
  });
  await giveBack(deps.db, probe);
  await rememberSource(deps, user.id, sourceOf(request.ip));
  if (request.viewer) await invalidateSession(deps.db, request.viewer.sessionId);
  return { kind: input.kind, session: await createSession(deps.db, deps.clock, user.id) };
}
