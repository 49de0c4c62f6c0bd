import {
  brandTotalCents,
  DAY_MS,
  DEFAULT_FEE_PERCENT,
  HOUR_MS,
  type NetworkType,
  type Reason,
  SANDBOX_TEST_CARDS,
  sandboxDeliverables,
} from "@market/contracts";
import { and, applications, type Db, eq, inArray, ledgerEntries, ledgerTransactions, rowsOf, sql } from "@market/db";
import { createTestDb, moneyModelSeed, moneyModelSequences, type TestDb, testDatabaseUrl } from "@market/db/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../../clock";
import { noSessionCookie } from "../../../../context";
import { callerFor, callFailure, createAdminUser, createBrand, type TestCaller } from "../../../../testing";
import { assertLedgerInvariants } from "../../../../testing/ledger-invariants";
import { memoryFileStore } from "../../../files/memory-file-store";
import { ledgerAccount } from "../../../ledger/accounts";
import { type SandboxGateway, sandboxGateway } from "../../../payments/sandbox/sandbox-gateway";
import { processWebhook } from "../../../payments/webhooks";
import { sweepDueReleases } from "../release-sweep";
import {
  CARDS,
  type Card,
  type HireModel,
  MONEY_ACTIONS,
  type MoneyAction,
  type Step,
  step,
  sweep,
  waitingHire,
} from "./model";

/**
 * The model-based test of issue 13: random sequences of accept (paying with each of the sandbox's test cards), work
 * done, work not done, release, refund (an admin impersonating the brand), clock jumps followed by the real
 * automatic-release sweep, and the same action twice at once, against the real services on a database. After every
 * step the application rows match the plain model (model.ts), each hire's external:stripe entries net -B while
 * paid and 0 once refunded, and the ledger holds money.md's invariants (testing/ledger-invariants.ts, scoped to the
 * sequence's applications: balanced transactions, escrow B while PROGRESS and paid and 0 otherwise, nothing below
 * zero, each movement's entries).
 *
 * One database per lane for the whole run; each sequence gets fresh applications (of the lane's brand and influencer,
 * on new campaigns) and starts the lane's clock again at T0. MONEY_MODEL_SEQUENCES sets the count and
 * MONEY_MODEL_SEED replays a run (packages/db's testing env).
 */

const T0 = new Date("2026-06-01T12:00:00Z").getTime();
/** Hires per sequence: two, so that one sweep meets several due rows. */
const HIRES = 2;
/** The proposal's priced networks (whole dollars, as the influencer prices them). */
const PRICES: Record<"instagram" | "youtube", number> = { instagram: 1_250, youtube: 799 };
/** Lanes running side by side: PGlite has one connection, so one there. */
const LANES = testDatabaseUrl ? 4 : 1;

/**
 * One lane of the run: its own database, clock, sandbox and parties. Lanes run side by side on PostgreSQL (each
 * sequence mostly waits on the database); each has its own database because the sweep releases every due row of
 * its database at its lane's time.
 */
interface Lane {
  index: number;
  /** Sequences started, for the names of their influencers. */
  sequences: number;
  testDb: TestDb;
  db: Db;
  clock: ReturnType<typeof fixedClock>;
  gateway: SandboxGateway;
  brandId: number;
  /** A caller as the user, through a real session on the lane's clock and sandbox. */
  as(userId: number, impersonatorId?: number): Promise<TestCaller>;
  brand: TestCaller;
  /** The admin impersonating the brand (the refund). */
  admin: TestCaller;
}

async function createLane(index: number): Promise<Lane> {
  const testDb = await createTestDb();
  const { db } = testDb;
  const clock = fixedClock(new Date(T0));
  const gateway = sandboxGateway({ db, clock });
  const files = memoryFileStore();
  const as = (userId: number, impersonatorId?: number) =>
    callerFor(
      db,
      impersonatorId === undefined ? { userId } : { userId, impersonatorId },
      clock,
      noSessionCookie,
      files,
      gateway,
    );
  const brand = await createBrand(db);
  const admin = await createAdminUser(db);
  return {
    index,
    sequences: 0,
    testDb,
    db,
    clock,
    gateway,
    brandId: brand.id,
    as,
    brand: await as(brand.id),
    admin: await as(brand.id, admin.id),
  };
}

/** Where the run's time goes, and what its steps did (so that a run shows it reached every state), printed at its end. */
const timing = { setupMs: 0, verifyMs: 0, steps: 0 };
const seen = new Map<string, number>();
const count = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
const lanes: Lane[] = [];

beforeAll(async () => {
  for (let index = 0; index < LANES; index += 1) lanes.push(await createLane(index));
}, 120_000);
afterAll(() => Promise.all(lanes.map((lane) => lane.testDb.close())));

/** One hire of the sequence: its application and what the brand ticks and pays. */
interface RealHire {
  id: number;
  networks: NetworkType[];
  /** B for the ticked networks. */
  brandCents: number;
}
interface Real {
  lane: Lane;
  /** The sequence's influencer. */
  influencer: TestCaller;
  hires: RealHire[];
}
interface Model {
  now: number;
  hires: HireModel[];
}

/**
 * A sequence's hires: a new influencer (so that balances and their checks stay as small as one sequence) and
 * WAITING applications of theirs on new campaigns of the lane's brand, priced on both networks, expiring the given
 * days after the clock's now; written in one statement (a proposal's own flow is not what this test is about, and
 * ten thousand sequences pay for every round trip).
 */
async function freshHires(
  lane: Lane,
  hires: { expiresInDays: number; networks: NetworkType[] }[],
): Promise<Omit<Real, "lane">> {
  const now = lane.clock.now();
  lane.sequences += 1;
  const name = `model_${lane.index}_${lane.sequences}`;
  const rows = rowsOf<{ id: number; influencer_id: number }>(
    await lane.db.execute(sql`
      with wanted as (
        select n, (${now.toISOString()}::timestamptz + (days || ' days')::interval) as expiration
        from unnest(${sql.raw(`array[${hires.map((hire) => hire.expiresInDays).join(",")}]::int[]`)}) with ordinality as w(days, n)
      ),
      made_influencer as (
        insert into users (kind, username, email, password_hash)
        values ('influencer', ${name}, ${`${name}@test.example`}, 'fixture:no-login')
        returning id
      ),
      made_profile as (insert into influencer_profiles (user_id) select id from made_influencer),
      made_deals as (
        insert into deals (user_id, title, link, category, price, description, networks, deadline)
        select ${lane.brandId}::int, 'Model run ' || n, 'https://brand.example', 'sports', 'p100_250', 'Model run',
          array['instagram', 'youtube'], ${now.toISOString()}::timestamptz + interval '365 days'
        from wanted order by n
        returning id
      ),
      numbered as (select id, row_number() over (order by id) as n from made_deals),
      made_applications as (
        insert into applications (deal_id, influencer_id, brand_id, text, expiration, total_price_cents)
        select d.id, i.id, ${lane.brandId}::int, 'Model run', w.expiration, ${(PRICES.instagram + PRICES.youtube) * 100}::int
        from numbered d join wanted w using (n) cross join made_influencer i
        returning id, deal_id, influencer_id
      ),
      made_prices as (
        insert into application_prices (application_id, network_type, price_cents, creation_days)
        select a.id, p.type, p.cents, 3
        from made_applications a cross join (values
          ('instagram', ${PRICES.instagram * 100}::int), ('youtube', ${PRICES.youtube * 100}::int)) p(type, cents)
      )
      select a.id, a.influencer_id from made_applications a join numbered d on d.id = a.deal_id order by d.n`),
  );
  const influencerId = rows[0]?.influencer_id;
  if (influencerId === undefined) throw new Error("no hire written");
  return {
    influencer: await lane.as(influencerId),
    hires: rows.map((row, index) => {
      const networks = hires[index]?.networks ?? [];
      const priceCents = networks.reduce((sum, type) => sum + PRICES[type as keyof typeof PRICES] * 100, 0);
      return { id: row.id, networks, brandCents: brandTotalCents(priceCents, DEFAULT_FEE_PERCENT) };
    }),
  };
}

type Outcome = { ok: true } | { ok: false; reason: Reason };
const outcomeOf = async (call: () => Promise<unknown>): Promise<Outcome> => {
  try {
    await call();
    return { ok: true };
  } catch (error) {
    const failure = await callFailure(Promise.reject(error));
    return { ok: false, reason: failure.reason as Reason };
  }
};
const asOutcome = (expected: Step): Outcome => (expected.ok ? { ok: true } : { ok: false, reason: expected.reason });

const CARD_NUMBER: Record<Card, string> = {
  succeeds: SANDBOX_TEST_CARDS.succeeds,
  authApproved: SANDBOX_TEST_CARDS.requiresAuthentication,
  authApprovedWebhookOnly: SANDBOX_TEST_CARDS.requiresAuthentication,
  authFailed: SANDBOX_TEST_CARDS.requiresAuthentication,
  declined: SANDBOX_TEST_CARDS.declined,
};

/** The brand pays as the checkout does: a token of the card, accept, and the authentication step when asked. */
async function accept(lane: Lane, hire: RealHire, card: Card): Promise<unknown> {
  const testCard = { number: CARD_NUMBER[card], expMonth: 12, expYear: 2099, cvc: "123" };
  const tokenized = await lane.gateway.tokenize(testCard, lane.brandId);
  if (!tokenized.ok) throw new Error(`the sandbox refused the test card: ${tokenized.message}`);
  const input = { id: hire.id, frontendPriceInCents: hire.brandCents, networks: hire.networks };
  const answer = await lane.brand.applications.accept({ ...input, cardOptions: { token: tokenized.token } });
  if (!answer.requiresAction) return answer;
  if (card === "authApprovedWebhookOnly") {
    // The brand passed the step (whose event the sandbox delivers) and closed the tab: only the provider's event,
    // delivered twice more as providers do, completes the payment.
    const { intentId } = await lane.brand.payments.sandboxAuthenticate({
      intentSecret: answer.intentSecret,
      approve: true,
    });
    const again = await lane.gateway.authenticate(answer.intentSecret, true);
    if (again?.intentId !== intentId) throw new Error("the sandbox lost the intent");
    for (let delivery = 0; delivery < 2; delivery += 1) {
      await processWebhook(
        { db: lane.db, clock: lane.clock, payments: lane.gateway },
        again.webhook.rawBody,
        again.webhook.signature,
      );
    }
    return answer;
  }
  if (card !== "authApproved" && card !== "authFailed") throw new Error(`${card} asked for authentication`);
  const { intentId } = await lane.brand.payments.sandboxAuthenticate({
    intentSecret: answer.intentSecret,
    approve: card === "authApproved",
  });
  return lane.brand.applications.accept({ ...input, cardOptions: { confirmToken: intentId } });
}

/** Each action as its party calls it; the refund is the admin's, impersonating the brand (its only caller). */
const ACTIONS: Record<MoneyAction, (real: Real, hire: RealHire, card: Card) => Promise<unknown>> = {
  accept: (real, hire, card) => accept(real.lane, hire, card),
  workDone: (real, hire) =>
    real.influencer.applications.workDone({ id: hire.id, deliverables: sandboxDeliverables(hire.networks) }),
  workNotDone: (real, hire) => real.lane.brand.applications.workNotDone({ id: hire.id }),
  release: (real, hire) => real.lane.brand.applications.release({ id: hire.id }),
  refund: (real, hire) => real.lane.admin.admin.refund({ id: hire.id }),
};

/**
 * What the card world holds of each hire: the sum of the application's external:stripe entries, -B once paid and
 * back to 0 once refunded (the payment's -B and the refund's +B).
 */
async function stripeNetOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({
      id: ledgerTransactions.applicationId,
      cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(inArray(ledgerTransactions.applicationId, ids), eq(ledgerEntries.account, ledgerAccount.stripe)))
    .groupBy(ledgerTransactions.applicationId);
  return new Map(rows.map((row) => [row.id as number, row.cents]));
}

/** The rows of the sequence's applications against the model, and the ledger's invariants over them. */
async function verify(model: Model, real: Real) {
  const verifyStarted = performance.now();
  const ids = real.hires.map((hire) => hire.id);
  const rows = await real.lane.db.select().from(applications).where(inArray(applications.id, ids));
  const stripeNet = await stripeNetOf(real.lane.db, ids);
  for (const [index, hire] of real.hires.entries()) {
    const row = rows.find((candidate) => candidate.id === hire.id);
    const expected = model.hires[index] as HireModel;
    expect(
      {
        status: row?.status,
        releaseAt: row?.moneyReleaseDate?.getTime() ?? null,
        remainingMs: row?.releaseRemainingMs ?? null,
        contested: row?.contestedAt != null,
        refunded: row?.refundedAt != null,
        paidCents: row?.paidAmountCents,
        stripeNetCents: stripeNet.get(hire.id) ?? 0,
      },
      `hire ${index} (application ${hire.id}) at T0 + ${(model.now - T0) / HOUR_MS} h`,
    ).toEqual({
      status: expected.status,
      releaseAt: expected.releaseAt,
      remainingMs: expected.remainingMs,
      contested: expected.contested,
      refunded: expected.refunded,
      paidCents: expected.paid ? hire.brandCents : 0,
      stripeNetCents: expected.paid && !expected.refunded ? -hire.brandCents : 0,
    });
  }
  await assertLedgerInvariants(real.lane.db, { applicationIds: ids });
  timing.verifyMs += performance.now() - verifyStarted;
  timing.steps += 1;
}

/**
 * One party's action on one hire, or the same action twice at once (two tabs, a double click). A guarded command
 * runs only where the model lets it pass (so that sequences reach the later states); an unguarded one runs anywhere
 * and must be refused with the model's reason.
 */
class ActCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly hire: number,
    readonly action: MoneyAction,
    readonly card: Card,
    readonly twice: boolean,
    readonly guarded = false,
  ) {}
  check = (model: Readonly<Model>) =>
    !this.guarded || step(model.hires[this.hire] as HireModel, this.action, model.now, this.card).ok;
  async run(model: Model, real: Real) {
    const hire = real.hires[this.hire] as RealHire;
    const before = model.hires[this.hire] as HireModel;
    const first = step(before, this.action, model.now, this.card);
    const call = () => outcomeOf(() => ACTIONS[this.action](real, hire, this.card));
    count(
      `${this.twice ? "twice " : ""}${this.action === "accept" ? `accept ${this.card}` : this.action}: ${first.ok ? "done" : first.reason}`,
    );
    if (!this.twice) {
      expect(await call(), `${this}`).toEqual(asOutcome(first));
      if (first.ok) model.hires[this.hire] = first.next;
    } else {
      // Whichever runs first takes the first step; the other meets its result.
      const second = first.ok ? step(first.next, this.action, model.now, this.card) : first;
      const outcomes = await Promise.all([call(), call()]);
      // An accept that meets the other's charge under way is a conflict (services/payments/attempts.ts): whether it
      // does or comes after is the scheduler's choice, and either leaves the state of the first step.
      const seen = outcomes.map((outcome) =>
        this.action === "accept" && !outcome.ok && outcome.reason === "conflict" ? asOutcome(second) : outcome,
      );
      const sorted = (list: Outcome[]) => list.map((outcome) => JSON.stringify(outcome)).sort();
      expect(sorted(seen), `${this}: ${JSON.stringify(outcomes)}`).toEqual(
        sorted([asOutcome(first), asOutcome(second)]),
      );
      if (second.ok) model.hires[this.hire] = second.next;
      else if (first.ok) model.hires[this.hire] = first.next;
    }
    await verify(model, real);
  }
  toString = () =>
    `${this.twice ? "twice " : ""}${this.action}(hire ${this.hire}${this.action === "accept" ? `, ${this.card}` : ""})`;
}

/** Time passes (by some hours or days, or to a hire's release date give or take 1 ms), then the sweep runs. */
class JumpCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly target: { by: number } | { releaseOf: number; offsetMs: -1 | 0 | 1 },
    readonly twice: boolean,
  ) {}
  /** A jump to a release date needs one. */
  check = (model: Readonly<Model>) => "by" in this.target || model.hires[this.target.releaseOf]?.releaseAt != null;
  async run(model: Model, real: Real) {
    let to = model.now;
    if ("by" in this.target) to += this.target.by;
    else {
      const releaseAt = model.hires[this.target.releaseOf]?.releaseAt;
      if (releaseAt != null) to = Math.max(model.now, releaseAt + this.target.offsetMs);
    }
    model.now = to;
    real.lane.clock.set(new Date(to));
    // Twice: two instances sweeping at the same moment.
    await Promise.all(Array.from({ length: this.twice ? 2 : 1 }, () => sweepDueReleases(real.lane.db, new Date(to))));
    const swept = model.hires.map((hire) => sweep(hire, to));
    for (const [index, hire] of swept.entries()) if (hire !== model.hires[index]) count("automatic release");
    model.hires = swept;
    await verify(model, real);
  }
  toString = () =>
    `${this.twice ? "twice " : ""}sweep after ${"by" in this.target ? `${this.target.by / HOUR_MS} h` : `release date of hire ${this.target.releaseOf} ${this.target.offsetMs >= 0 ? "+" : ""}${this.target.offsetMs} ms`}`;
}

const hireIndex = fc.integer({ min: 0, max: HIRES - 1 });
const anyCard = fc.constantFrom(...CARDS);
const act = (action: MoneyAction, guarded: boolean) =>
  fc.tuple(hireIndex, anyCard).map(([hire, card]) => new ActCommand(hire, action, card, false, guarded));
const jump = (target: fc.Arbitrary<JumpCommand["target"]>) =>
  fc.tuple(target, fc.boolean()).map(([to, twice]) => new JumpCommand(to, twice));
const toReleaseDate = fc
  .tuple(hireIndex, fc.constantFrom(-1 as const, 0 as const, 1 as const))
  .map(([releaseOf, offsetMs]) => ({ releaseOf, offsetMs }));
/** fc.commands draws each command from one of these alike: the list weighs what a sequence does. */
const COMMANDS = [
  // Every action where the model allows it, and anywhere (to be refused with the model's reason).
  ...MONEY_ACTIONS.map((action) => act(action, true)),
  fc
    .tuple(hireIndex, fc.constantFrom(...MONEY_ACTIONS), anyCard)
    .map(([hire, action, card]) => new ActCommand(hire, action, card, false)),
  // The same action twice at once; accept twice with a card that answers at once (4242 or declined).
  fc
    .tuple(hireIndex, fc.constantFrom(...MONEY_ACTIONS), fc.constantFrom<Card>("succeeds", "declined"), fc.boolean())
    .map(([hire, action, card, guarded]) => new ActCommand(hire, action, card, true, guarded)),
  jump(fc.integer({ min: 1, max: 12 * 24 }).map((hours) => ({ by: hours * HOUR_MS }))),
  // To a hire's release date, give or take a millisecond: the sweep's edge.
  jump(toReleaseDate),
];

/** A sequence: fresh hires (their expirations and ticked networks drawn too), then the commands. */
const sequence = (lane: Lane) =>
  fc.asyncProperty(
    fc.commands(COMMANDS, { maxCommands: 16, size: "medium" }),
    fc.array(fc.constantFrom(3, 30, 90), { minLength: HIRES, maxLength: HIRES }),
    fc.array(fc.subarray<NetworkType>(["instagram", "youtube"], { minLength: 1 }), {
      minLength: HIRES,
      maxLength: HIRES,
    }),
    async (commands, expirations, ticked) => {
      lane.clock.set(new Date(T0));
      const setupStarted = performance.now();
      const wanted = expirations.map((expiresInDays, index) => ({ expiresInDays, networks: ticked[index] ?? [] }));
      const { influencer, hires } = await freshHires(lane, wanted);
      timing.setupMs += performance.now() - setupStarted;
      const model: Model = { now: T0, hires: wanted.map((hire) => waitingHire(T0 + hire.expiresInDays * DAY_MS)) };
      await fc.asyncModelRun(() => ({ model, real: { lane, influencer, hires } }), commands);
    },
  );

describe("the money lifecycle against its model", () => {
  it(`holds over ${moneyModelSequences} random sequences`, async () => {
    const started = performance.now();
    const seed = moneyModelSeed ?? Date.now() % 1_000_000_000;
    // The lanes share the count; each its own seed (from the run's), printed so that a failure can be replayed.
    await Promise.all(
      lanes.map((lane, index) =>
        fc.assert(sequence(lane), {
          numRuns: Math.ceil(moneyModelSequences / LANES),
          seed: seed + index,
        }),
      ),
    );
    console.log(
      `money model: ${Math.ceil(moneyModelSequences / LANES) * LANES} sequences (${LANES} lanes, seed ${seed}), ${timing.steps} steps in ${((performance.now() - started) / 1000).toFixed(1)} s (setting up ${(timing.setupMs / 1000).toFixed(1)} s, checking ${(timing.verifyMs / 1000).toFixed(1)} s)\n${[
        ...seen.entries(),
      ]
        .sort()
        .map(([what, times]) => `  ${what}: ${times}`)
        .join("\n")}`,
    );
  }, 3_600_000);
});
