import { SANDBOX_TEST_CARDS } from "@market/contracts";
import { and, type Db, eq, ledgerTransactions, paymentAttempts } from "@market/db";
import { testDatabaseUrl, useTestDb } from "@market/db/testing";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { countingGateway, sandboxTokenOf, waitingApplication } from "../../testing";
import { assertLedgerInvariants } from "../../testing/ledger-invariants";
import { reasonOf } from "../../trpc-errors";
import { accountBalance } from "../ledger/balance";
import { sandboxGateway } from "./sandbox/sandbox-gateway";
import { processWebhook } from "./webhooks";

/**
 * Many accepts of one application at once, on real concurrent connections: PGlite has one connection, so these
 * run on PostgreSQL (TEST_DATABASE_URL, as CI sets it).
 */
const onPostgres = Boolean(testDatabaseUrl);
let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const B = 137_500;

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "paid",
    (error: unknown) => {
      if (error instanceof TRPCError) return reasonOf(error);
      throw error;
    },
  );

async function paidOnce(id: number) {
  const attempts = await db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, id));
  expect(attempts.filter((attempt) => attempt.status === "succeeded")).toHaveLength(1);
  const payments = await db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.applicationId, id), eq(ledgerTransactions.kind, "payment")));
  expect(payments).toHaveLength(1);
  expect(await accountBalance(db, `escrow:${id}`)).toBe(B);
  await assertLedgerInvariants(db, { applicationIds: [id] });
}

describe.runIf(onPostgres)("50 accepts of one application at once", () => {
  it("charge the card once and write one payment; the others answer conflict (being charged) or closed (paid)", async () => {
    const counted = countingGateway(sandboxGateway({ db, clock }));
    const app = await waitingApplication(db, clock, { payments: counted.gateway });
    const token = await sandboxTokenOf(app.callers.brand);
    const accept = () =>
      app.callers.brand.applications.accept({
        id: app.id,
        frontendPriceInCents: B,
        networks: ["instagram"],
        cardOptions: { token },
      });
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => outcomeOf(accept())));
    expect(outcomes.filter((outcome) => outcome === "paid")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== "paid" && outcome !== "conflict" && outcome !== "closed")).toEqual(
      [],
    );
    expect(counted.calls.charge).toBe(1);
    await paidOnce(app.id);
  });

  it("complete an authenticated payment once when 25 confirmations and its webhook, 3 times, arrive together", async () => {
    const gateway = sandboxGateway({ db, clock });
    const app = await waitingApplication(db, clock, { payments: gateway });
    const token = await sandboxTokenOf(app.callers.brand, SANDBOX_TEST_CARDS.requiresAuthentication);
    const first = await app.callers.brand.applications.accept({
      id: app.id,
      frontendPriceInCents: B,
      networks: ["instagram"],
      cardOptions: { token },
    });
    if (!first.requiresAction) throw new Error("paid without authentication");
    // Approved at the sandbox, its event not delivered yet: the confirmations and the event race.
    const approved = await gateway.authenticate(first.intentSecret, true);
    if (!approved) throw new Error("no intent");
    const confirm = () =>
      app.callers.brand.applications.accept({
        id: app.id,
        frontendPriceInCents: B,
        networks: ["instagram"],
        cardOptions: { confirmToken: approved.intentId },
      });
    const deliver = () =>
      processWebhook({ db, clock, payments: gateway }, approved.webhook.rawBody, approved.webhook.signature);
    const outcomes = await Promise.all([
      ...Array.from({ length: 25 }, () => outcomeOf(confirm())),
      ...Array.from({ length: 3 }, () => outcomeOf(deliver())),
    ]);
    expect(new Set(outcomes)).toEqual(new Set(["paid"]));
    await paidOnce(app.id);
  });
});
