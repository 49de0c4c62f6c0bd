import type { UserKind } from "@market/contracts";
import { type Db, eq, users } from "@market/db";
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
      balanceCents: isBrand ? null : await accountBalance(db, ledgerAccount.influencer(user.id)),
      hasSeenOnboarding: user.hasSeenOnboarding,
    },
  };
}
