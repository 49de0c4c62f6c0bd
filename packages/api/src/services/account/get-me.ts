import type { UserKind } from "@market/contracts";
import { IMPERSONATION_TTL_MS } from "@market/contracts";
import { type Db, eq, sessions, users } from "@market/db";
import type { Viewer } from "../../viewer";
import { pictureUrl } from "../files/picture-url";
import { ledgerAccount } from "../ledger/accounts";
import { accountBalance } from "../ledger/balance";

export interface Me {
  kind: UserKind;
  user: {
    id: number;
    username: string;
    email: string;
    picture: string | null;
    isBrand: boolean;
    isImpersonating: boolean;
    /** An admin in their own session: the page runs the operator's console (issue 36). */
    isAdmin: boolean;
    /** While an admin acts as the user: when the impersonation ends by itself (ISO instant; the banner counts down). */
    impersonationEndsAt: string | null;
    /** Influencers only: the available balance from the ledger. */
    balanceCents: number | null;
    hasSeenOnboarding: boolean;
  } | null;
}

export async function getMe(db: Db, viewer: Viewer | null): Promise<Me> {
  if (!viewer) return { kind: "visitor", user: null };
  const [user] = await db.select().from(users).where(eq(users.id, viewer.userId)).limit(1);
  if (!user) return { kind: "visitor", user: null };
  const isBrand = user.kind === "brand";
  return {
    kind: user.kind,
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      picture: pictureUrl(user.picture),
      isBrand,
      isImpersonating: viewer.impersonatorId !== null,
      isAdmin: user.isAdmin && viewer.impersonatorId === null,
      impersonationEndsAt: viewer.impersonatorId === null ? null : await impersonationEnd(db, viewer.sessionId),
      balanceCents: isBrand ? null : await accountBalance(db, ledgerAccount.influencer(user.id)),
      hasSeenOnboarding: user.hasSeenOnboarding,
    },
  };
}

/** An impersonation's end is fixed at its start (services/auth/sessions.ts): its start plus the limit. */
async function impersonationEnd(db: Db, sessionId: string): Promise<string | null> {
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return session ? new Date(session.createdAt.getTime() + IMPERSONATION_TTL_MS).toISOString() : null;
}
