/**
 * `DATABASE_URL=postgres://... npx tsx scripts/seed-money-scale.ts`: the money screens at scale (issue 33), added
 * to a database that has the demo seed: an influencer with 2,000 applications and 20,000 notifications
 * (money_influencer) and a brand with 500 hires (money_brand), both with the demo password, for the per-read bench
 * (scripts/bench-reads.ts --scale).
 *
 * Written as the demo seed writes (packages/db/src/seed): batched inserts of 500 rows, the ledger's accounts from
 * ledgerAccount, a payment (and a release once complete) per paid application with its succeeded charge and the
 * payment sandbox's intent, money.md's B and I from contracts; the notifications are one INSERT ... SELECT over
 * generate_series. Everything is one transaction, so the ledger's deferred balance check sees it whole, and a
 * second run finds money_influencer and adds nothing. Dates are relative to `now`, values drawn from the row's index:
 * the same rows on every run.
 *
 * The influencer applied to 2,000 campaigns of 20 brands of its own (money_shop_1..20, 100 campaigns each), so that
 * no demo account's lists change: a quarter waiting, a fifth in progress (paid, not yet delivered), about a third
 * complete (released), a fifth declined. The brand ran 10 campaigns and hired 50 seeded influencers in each (the
 * demo influencer left out), a fifth of them still in progress.
 */
import {
  type APPLICATION_STATUSES,
  brandTotalCents,
  DAY_MS,
  DEFAULT_FEE_PERCENT,
  influencerNetCents,
  NETWORK_TYPES,
  type NetworkType,
} from "@market/contracts";
import {
  applicationPrices,
  applications,
  brandProfiles,
  chatMessages,
  createDb,
  type Db,
  deals,
  ledgerAccount,
  ledgerEntries,
  ledgerTransactions,
  migrate,
  type NewApplication,
  type NewLedgerTransaction,
  paymentAttempts,
  refreshApplicationTotals,
  refreshInfluencerSearchColumns,
  rowsOf,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sql,
  users,
} from "@market/db";
import { DEMO_ACCOUNTS, insertRows, insertWithIds } from "@market/db/seed";

type Status = (typeof APPLICATION_STATUSES)[number];

/** Every seeded proposal's text, which also opens its chat. */
const PROPOSAL_TEXT = "A proposal of the money scale seed.";

export const MONEY_SCALE = {
  influencer: "money_influencer",
  brand: "money_brand",
  influencerApplications: 2_000,
  influencerNotifications: 20_000,
  /** Of the influencer's notifications, the newest this many are unseen (the bell's count, the notif sort). */
  unseenNotifications: 200,
  shops: 20,
  brandCampaigns: 10,
  hiresPerCampaign: 50,
} as const;

export interface MoneyScaleCounts {
  users: number;
  deals: number;
  applications: number;
  paid: number;
  ledgerTransactions: number;
  ledgerEntries: number;
  notifications: number;
}

interface Draft {
  dealId: number;
  brandId: number;
  influencerId: number;
  status: Status;
  createdAt: Date;
  prices: { networkType: NetworkType; networkId: number; priceCents: number; reach: number }[];
}

interface Network {
  id: number;
  userId: number;
  type: NetworkType;
  followers: number;
}

/** The influencer's applications by index: 25 % waiting, 20 % in progress, 35 % complete, 20 % declined. */
const statusOf = (i: number): Status => {
  const slot = i % 20;
  return slot < 5 ? "WAITING" : slot < 9 ? "PROGRESS" : slot < 16 ? "COMPLETE" : "DENIED";
};

/** A price in whole dollars of at least $25, drawn from the index (like the demo's proposals). */
const priceOf = (i: number, salt: number) => (25 + ((i * 37 + salt * 11) % 476)) * 100;

export async function seedMoneyScale(db: Db, now = new Date()): Promise<MoneyScaleCounts | null> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return db.transaction(async (tx) => {
    const found = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from users where username = ${MONEY_SCALE.influencer}`),
    );
    if (found.length > 0) return null;
    const [demoInfluencer] = rowsOf<{ id: number; password_hash: string }>(
      await tx.execute(sql`select id, password_hash from users where email = ${DEMO_ACCOUNTS.influencer.email}`),
    );
    if (!demoInfluencer) throw new Error("seed-money-scale needs the demo seed (no demo influencer)");
    const passwordHash = demoInfluencer.password_hash;

    // --- The accounts: the influencer (a copy of the demo influencer's profile and networks) and the brands.
    const shopNames = Array.from({ length: MONEY_SCALE.shops }, (_, k) => `money_shop_${k + 1}`);
    const account = (username: string, kind: "brand" | "influencer") => ({
      kind,
      username,
      email: `${username}@scale.test`,
      passwordHash,
      hasSeenOnboarding: true,
      createdAt: ago(400),
    });
    const created = await tx
      .insert(users)
      .values([
        account(MONEY_SCALE.influencer, "influencer"),
        account(MONEY_SCALE.brand, "brand"),
        ...shopNames.map((name) => account(name, "brand")),
      ])
      .returning({ id: users.id, username: users.username });
    const idOf = (username: string) => {
      const user = created.find((row) => row.username === username);
      if (!user) throw new Error(`${username} was not created`);
      return user.id;
    };
    const influencerId = idOf(MONEY_SCALE.influencer);
    const brandId = idOf(MONEY_SCALE.brand);
    const shopIds = shopNames.map(idOf);
    await insertRows(tx, brandProfiles, [
      { userId: brandId, brandName: "Money Scale Brand", about: "Hires at scale." },
      ...shopIds.map((userId, k) => ({ userId, brandName: `Money Shop ${k + 1}`, about: "A shop at scale." })),
    ]);
    // Every column but the key, so that the copy follows the profile's schema.
    await tx.execute(sql`insert into influencer_profiles
      select (jsonb_populate_record(null::influencer_profiles, to_jsonb(p) || jsonb_build_object('user_id', ${influencerId}::int))).*
      from influencer_profiles p where p.user_id = ${demoInfluencer.id}`);
    await tx.execute(sql`insert into networks (user_id, type, title, identifier, link, followers, posts, reactions,
        engagement, rating, size_class, is_verified, created_at, updated_at)
      select ${influencerId}, type, title, identifier, link, followers, posts, reactions, engagement, rating,
        size_class, true, created_at, updated_at
      from networks where user_id = ${demoInfluencer.id} and not is_conflicting and followers > 0`);
    const networkRows = rowsOf<{ id: number; user_id: number; type: NetworkType; followers: number }>(
      await tx.execute(sql`select distinct on (n.user_id, n.type) n.id, n.user_id, n.type, n.followers
        from networks n join users u on u.id = n.user_id
        where u.kind = 'influencer' and n.followers > 0 and u.id <> ${demoInfluencer.id}
        order by n.user_id, n.type, n.id`),
    );
    const networksOf = new Map<number, Network[]>();
    for (const row of networkRows) {
      const list = networksOf.get(row.user_id) ?? [];
      list.push({ id: row.id, userId: row.user_id, type: row.type, followers: row.followers });
      networksOf.set(row.user_id, list);
    }
    const ownNetworks = networksOf.get(influencerId) ?? [];
    if (ownNetworks.length === 0) throw new Error("the demo influencer has no network to copy");

    // --- The campaigns: 100 a shop, one per application of the influencer; 10 of the brand's.
    const hireable = [...networksOf.keys()].filter((id) => id !== influencerId).slice(0, MONEY_SCALE.hiresPerCampaign);
    if (hireable.length < MONEY_SCALE.hiresPerCampaign) throw new Error("too few seeded influencers to hire");
    const campaign = (userId: number, i: number, open: boolean, createdAt: Date, networks: NetworkType[]) => ({
      userId,
      title: `Scale campaign ${i + 1}`,
      link: `https://shop.example/scale/${i + 1}`,
      category: "lifestyle" as const,
      price: "p100_250" as const,
      description: "A campaign of the money scale seed.",
      networks,
      deadline: open ? new Date(now.getTime() + 30 * DAY_MS) : ago(1),
      reviewStatus: "OK" as const,
      createdAt,
      updatedAt: createdAt,
    });
    const createdAgo = (i: number) => 10 + ((i * 37) % 350) + (i % 7) / 7;
    const shopDeals = await insertWithIds(
      tx,
      deals,
      Array.from({ length: MONEY_SCALE.influencerApplications }, (_, i) => i),
      (i) =>
        campaign(
          shopIds[i % MONEY_SCALE.shops] as number,
          i,
          statusOf(i) === "WAITING" || i % 10 === 5,
          ago(createdAgo(i) + 1),
          ownNetworks.map((network) => network.type),
        ),
    );
    const brandDeals = await insertWithIds(
      tx,
      deals,
      Array.from({ length: MONEY_SCALE.brandCampaigns }, (_, c) => c),
      (c) => campaign(brandId, c, c % 2 === 0, ago(380 - c), [...NETWORK_TYPES]),
    );

    // --- The applications and their priced networks.
    const drafts: Draft[] = shopDeals.map((deal, i) => ({
      dealId: deal.id,
      brandId: shopIds[i % MONEY_SCALE.shops] as number,
      influencerId,
      status: statusOf(i),
      createdAt: ago(createdAgo(i)),
      prices: ownNetworks.slice(0, 1 + (i % ownNetworks.length)).map((network, k) => ({
        networkType: network.type,
        networkId: network.id,
        priceCents: priceOf(i, k),
        reach: network.followers,
      })),
    }));
    brandDeals.forEach((deal, c) => {
      hireable.forEach((hiredId, h) => {
        const i = c * MONEY_SCALE.hiresPerCampaign + h;
        const network = (networksOf.get(hiredId) ?? [])[i % (networksOf.get(hiredId)?.length ?? 1)] as Network;
        drafts.push({
          dealId: deal.id,
          brandId,
          influencerId: hiredId,
          status: i % 5 === 0 ? "PROGRESS" : "COMPLETE",
          createdAt: ago(createdAgo(i)),
          prices: [
            { networkType: network.type, networkId: network.id, priceCents: priceOf(i, 3), reach: network.followers },
          ],
        });
      });
    });
    const money = (draft: Draft) => {
      if (draft.status !== "PROGRESS" && draft.status !== "COMPLETE") return null;
      const hired = draft.prices.reduce((sum, price) => sum + price.priceCents, 0);
      const paidAt = new Date(draft.createdAt.getTime() + DAY_MS);
      return {
        b: brandTotalCents(hired, DEFAULT_FEE_PERCENT),
        i: influencerNetCents(hired, DEFAULT_FEE_PERCENT),
        paidAt,
        releasedAt: draft.status === "COMPLETE" ? new Date(paidAt.getTime() + 7 * DAY_MS) : null,
      };
    };
    const seeded = await insertWithIds(tx, applications, drafts, (draft): NewApplication => {
      const paid = money(draft);
      return {
        dealId: draft.dealId,
        influencerId: draft.influencerId,
        brandId: draft.brandId,
        status: draft.status,
        text: PROPOSAL_TEXT,
        // Waiting ones expire later than any bench runs, so the expiry sweep leaves them be.
        expiration: draft.status === "WAITING" ? new Date(now.getTime() + 5 * DAY_MS) : ago(1),
        deniedReason: draft.status === "DENIED" ? "NO_REASON" : null,
        feeBrandPercent: paid ? DEFAULT_FEE_PERCENT : null,
        feeInfluencerPercent: paid ? DEFAULT_FEE_PERCENT : null,
        paidAt: paid?.paidAt ?? null,
        releasedAt: paid?.releasedAt ?? null,
        paidAmountCents: paid?.b ?? 0,
        createdAt: draft.createdAt,
        updatedAt: paid?.releasedAt ?? paid?.paidAt ?? draft.createdAt,
      };
    });
    await insertRows(
      tx,
      applicationPrices,
      seeded.flatMap((application) =>
        application.prices.map((price) => ({
          ...price,
          applicationId: application.id,
          creationDays: 3,
          hired: money(application) !== null,
        })),
      ),
    );
    await refreshApplicationTotals(
      tx,
      seeded.map((application) => application.id),
    );
    // Each chat opens with the proposal's text, as sending a proposal writes it (proposals.ts): the product has no
    // empty chat, and a chat page counts on it to answer in one statement (get-chat-page.ts).
    await insertRows(
      tx,
      chatMessages,
      seeded.map((application) => ({
        applicationId: application.id,
        senderId: application.influencerId,
        type: "text" as const,
        text: PROPOSAL_TEXT,
        createdAt: application.createdAt,
      })),
    );

    // --- The money: a card per paying brand, the charge and the sandbox's intent, the ledger's transactions.
    const paid = seeded.flatMap((application) => {
      const m = money(application);
      return m ? [{ ...application, ...m }] : [];
    });
    const intentIdOf = (applicationId: number) => `pi_sandbox_seed_${applicationId}`;
    const cardOf = (payingId: number) => `pm_sandbox_seed_history_${payingId}`;
    await insertRows(
      tx,
      sandboxPaymentMethods,
      [...new Set(paid.map((application) => application.brandId))].map((payingId) => ({
        id: cardOf(payingId),
        brand: "visa",
        last4: "4242",
        expMonth: 4,
        expYear: now.getUTCFullYear() + 3,
        behaviour: "succeeds" as const,
      })),
    );
    await insertRows(
      tx,
      sandboxPaymentIntents,
      paid.map((application) => ({
        id: intentIdOf(application.id),
        idempotencyKey: `seed:accept:${application.id}:1`,
        amountCents: application.b,
        paymentMethodId: cardOf(application.brandId),
        status: "succeeded" as const,
        clientSecret: `${intentIdOf(application.id)}_secret_seed`,
        createdAt: application.paidAt,
        updatedAt: application.paidAt,
      })),
    );
    await insertRows(
      tx,
      paymentAttempts,
      paid.map((application) => ({
        applicationId: application.id,
        attempt: 1,
        provider: "sandbox" as const,
        providerIntentId: intentIdOf(application.id),
        status: "succeeded" as const,
        amountCents: application.b,
        networks: application.prices.map((price) => price.networkType).sort(),
        feeBrandPercent: DEFAULT_FEE_PERCENT,
        feeInfluencerPercent: DEFAULT_FEE_PERCENT,
        idempotencyKey: `seed:accept:${application.id}:1`,
        createdAt: application.paidAt,
        updatedAt: application.paidAt,
      })),
    );
    type Movement = NewLedgerTransaction & { entries: [string, number][] };
    const movements: Movement[] = paid.flatMap((application) => {
      const { id, b, i } = application;
      const payment: Movement = {
        kind: "payment",
        applicationId: id,
        createdAt: application.paidAt,
        entries: [
          [ledgerAccount.stripe, -b],
          [ledgerAccount.escrow(id), b],
        ],
      };
      if (!application.releasedAt) return [payment];
      const release: Movement = {
        kind: "release",
        applicationId: id,
        createdAt: application.releasedAt,
        entries: [
          [ledgerAccount.escrow(id), -b],
          [ledgerAccount.influencer(application.influencerId), i],
          [ledgerAccount.platformFees, b - i],
        ],
      };
      return [payment, release];
    });
    const transactions = await insertWithIds(tx, ledgerTransactions, movements, ({ entries: _entries, ...row }) => row);
    const entries = transactions.flatMap((transaction) =>
      transaction.entries.map(([name, amountCents]) => ({
        transactionId: transaction.id,
        account: name,
        amountCents,
        createdAt: transaction.createdAt,
      })),
    );
    await insertRows(tx, ledgerEntries, entries);

    // --- The influencer's notifications: one every 20 minutes back from now, cycling over its applications.
    const own = seeded.filter((application) => application.influencerId === influencerId);
    const ints = (values: number[]) => sql`${sql.param(values)}::int[]`;
    await tx.execute(sql`
      insert into notifications (user_id, type, application_id, deal_id, sender_id, text, created_at, seen_at, mailed_at)
      select ${influencerId}, t.type, a.id, a.deal_id, a.brand_id, t.text, at, case when n < ${MONEY_SCALE.influencerNotifications - MONEY_SCALE.unseenNotifications}
          then at + interval '1 hour' end, at
      from generate_series(0, ${MONEY_SCALE.influencerNotifications - 1}) as n
      cross join lateral (select ${now.toISOString()}::timestamptz - (${MONEY_SCALE.influencerNotifications} - n) * interval '20 minutes' as at) d
      join unnest(${ints(own.map((a) => a.id))}, ${ints(own.map((a) => a.dealId))}, ${ints(own.map((a) => a.brandId))})
        with ordinality as a(id, deal_id, brand_id, k) on a.k = n % ${own.length} + 1
      join (values (0, 'message', 'New message about your proposal.'), (1, 'payment', 'You were hired.'),
        (2, 'money_released', 'The money was released.'), (3, 'declined', 'Your proposal was declined.'),
        (4, 'change_request', 'The brand asks for changes to your proposal.')) as t(slot, type, text)
        on t.slot = n / ${own.length} % 5`);
    await refreshInfluencerSearchColumns(tx, [...new Set(seeded.map((application) => application.influencerId))]);
    return {
      users: created.length,
      deals: shopDeals.length + brandDeals.length,
      applications: seeded.length,
      paid: paid.length,
      ledgerTransactions: transactions.length,
      ledgerEntries: entries.length,
      notifications: MONEY_SCALE.influencerNotifications,
    };
  });
}

/** Seeds the PostgreSQL database of `url` (migrated first) and ANALYZEs it, printing what was added and how fast. */
export async function seedMoneyScaleInto(url: string): Promise<void> {
  // Two connections: migrate holds its lock on one and migrates on the other.
  const handle = await createDb({ url, max: 2 });
  try {
    await migrate(handle);
    const started = performance.now();
    const counts = await seedMoneyScale(handle.db);
    console.log(
      counts
        ? `money scale seed: ${JSON.stringify(counts)} in ${((performance.now() - started) / 1000).toFixed(1)} s`
        : `${MONEY_SCALE.influencer} exists already; nothing added`,
    );
    // The planner's statistics of the grown tables, as a production database's autovacuum would have them.
    await handle.db.execute(sql`analyze`);
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) throw new Error("set DATABASE_URL=postgres://... (with the demo seed)");
  await seedMoneyScaleInto(url);
}
