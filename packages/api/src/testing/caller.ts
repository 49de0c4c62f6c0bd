import type { Db } from "@market/db";
import { type Clock, systemClock } from "../clock";
import { type ApiDeps, noSessionCookie, type SessionCookie } from "../context";
import { createCaller } from "../root";
import { createSession, validateSessionToken } from "../services/auth/sessions";
import type { FileStore } from "../services/files/file-store";
import { memoryFileStore } from "../services/files/memory-file-store";
import { DEV_SEARCH_ID_SECRET } from "../services/influencers/search-id";
import { mailQueue } from "../services/mail/mailer";
import { sandboxNetworkProviders } from "../services/networks/providers/sandbox";
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY } from "../services/networks/token-cipher";
import { createNotificationHub } from "../services/notifications/hub";
import type { PaymentGateway } from "../services/payments/gateway";
import { sandboxGateway } from "../services/payments/sandbox/sandbox-gateway";

export type TestCaller = ReturnType<typeof createCaller>;

/** The origin of test callers' requests, as links in their mails show it. */
export const TEST_ORIGIN = "http://market.test";

/**
 * A caller as a visitor (no user), or as the given user through a real session. Payments go to the sandbox on the
 * same database unless a test passes its own gateway; networks to their sandboxes. `deps` replaces any other
 * dependency (e.g. networkProviders with real adapters answered by msw).
 */
export async function callerFor(
  db: Db,
  as: { userId: number; impersonatorId?: number } | null = null,
  clock: Clock = systemClock,
  sessionCookie: SessionCookie = noSessionCookie,
  files: FileStore = memoryFileStore(),
  payments: PaymentGateway = sandboxGateway({ db, clock }),
  deps: Partial<ApiDeps> = {},
): Promise<TestCaller> {
  let viewer = null;
  if (as) {
    const { token } = await createSession(db, clock, as.userId, as.impersonatorId ?? null);
    viewer = await validateSessionToken(db, clock, token);
  }
  return createCaller({
    db,
    clock,
    files,
    // Mails land in outgoing_mail, where tests read them; their links point at TEST_ORIGIN.
    mailer: mailQueue(clock),
    payments,
    publicUrl: TEST_ORIGIN,
    origin: TEST_ORIGIN,
    searchIdSecret: DEV_SEARCH_ID_SECRET,
    networkProviders: sandboxNetworkProviders(db, clock),
    tokenCipher: createTokenCipher(DEV_NETWORK_TOKEN_KEY),
    // Listens only if a test streams.
    notificationHub: createNotificationHub({ db, clock }),
    // The money tests refund $1,375 hires at once, as before the two-person rule (issue 36); the rule's own tests
    // pass a threshold in `deps`.
    refundApprovalThresholdCents: Number.MAX_SAFE_INTEGER,
    ...deps,
    viewer,
    requestId: "test",
    ip: "127.0.0.1",
    sessionCookie,
  });
}
