import { SANDBOX_TEST_CARDS } from "@market/contracts";
import { applications, type Db, eq } from "@market/db";
import type { Clock } from "../clock";
import type { FileStore } from "../services/files/file-store";
import { ledgerAccount } from "../services/ledger/accounts";
import type { PaymentGateway } from "../services/payments/gateway";
import { sandboxGateway } from "../services/payments/sandbox/sandbox-gateway";
import { waitingApplication } from "./applications";
import { sandboxTokenOf } from "./checkout";

/** B of waitingApplication's proposal hired whole: instagram at $1,250 with the 10 % brand fee. */
const BRAND_CENTS = 137_500;

/**
 * A PROGRESS application for the tests of what comes after the hire: waitingApplication's proposal ($1,250 on
 * instagram) accepted and paid by its brand with the sandbox's 4242 card, through the real checkout (the attempt,
 * escrow +B in the ledger, the fees fixed on the row). `feeInfluencer` then changes the influencer fee fixed on the
 * row, as if configured so at accept, to check the rounding of I.
 */
export async function paidApplication(
  db: Db,
  clock: Clock,
  {
    feeInfluencer,
    payments = sandboxGateway({ db, clock }),
    files,
  }: { feeInfluencer?: number; payments?: PaymentGateway; files?: FileStore } = {},
) {
  const app = await waitingApplication(db, clock, { payments, ...(files ? { files } : {}) });
  const result = await app.callers.brand.applications.accept({
    id: app.id,
    frontendPriceInCents: BRAND_CENTS,
    networks: ["instagram"],
    cardOptions: { token: await sandboxTokenOf(app.callers.brand, SANDBOX_TEST_CARDS.succeeds) },
  });
  if (result.requiresAction) throw new Error("the 4242 card asked for authentication");
  if (feeInfluencer !== undefined) {
    await db.update(applications).set({ feeInfluencerPercent: feeInfluencer }).where(eq(applications.id, app.id));
  }
  return { ...app, priceCents: 125_000, brandCents: BRAND_CENTS, escrow: ledgerAccount.escrow(app.id) };
}
