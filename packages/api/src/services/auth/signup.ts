import type { AccountKind, SignupInput } from "@market/contracts";
import { assertPasswordLength, insertAccount } from "./accounts";
import { rememberSource, sourceOf } from "./login-sources";
import { hashPassword } from "./password";
import { type RateLimitDeps, throttle } from "./rate-limit";
import { createSession, invalidateSession, type Viewer } from "./sessions";

export interface SignedIn {
  kind: AccountKind;
  session: { token: string; expiresAt: Date };
}

/**
 * Creates a brand or influencer account and signs it in. A session the caller already had ends, so one
 * browser never holds two accounts. The network it signs up from is its owner's (login-sources.ts).
 */
export async function signUp(
  deps: RateLimitDeps,
  request: { ip: string; viewer: Viewer | null },
  input: SignupInput,
): Promise<SignedIn> {
  assertPasswordLength(input.password);
  await throttle(deps, [["signupPerIp", request.ip]]);
  const passwordHash = await hashPassword(input.password);
  const user = await insertAccount(deps.db, {
    kind: input.kind,
    username: input.username,
    email: input.email,
    passwordHash,
    brandName: input.kind === "brand" ? input.brandName : undefined,
    at: deps.clock.now(),
  });
  await rememberSource(deps, user.id, sourceOf(request.ip));
  if (request.viewer) await invalidateSession(deps.db, request.viewer.sessionId);
  return { kind: input.kind, session: await createSession(deps.db, deps.clock, user.id) };
}
