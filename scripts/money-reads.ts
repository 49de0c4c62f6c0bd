/**
 * The signed-in reads of the brand's and the influencer's screens (issue 33), as scripts/bench-reads.ts measures
 * them one by one and scripts/bench-load.ts's money mix drives them together: each a tRPC query with its input and
 * the REST route serving it, planned for the demo users (and the money scale seed's) from the ids in the database.
 * The list of reads is in bench-reads.ts's header.
 */
import { APPLICATION_FILTERS, BRAND_APPLICATION_SORTS, INFLUENCER_APPLICATION_SORTS } from "@market/contracts";
import postgres from "postgres";
import { type Planned, trpcQueryPath } from "./bench-http";
import { MONEY_SCALE } from "./seed-money-scale";

/**
 * One read: a tRPC query and its input, and the REST route serving it (null: tRPC only), a GET unless it has a
 * body (the searches are POSTs there).
 */
export interface Read {
  name: string;
  procedure: string;
  input?: unknown;
  rest: string | null;
  restBody?: unknown;
}

/**
 * The searches, measured beside the reads as the yardstick (issue 33: a signed-in read costs no more than the
 * searches): the deal search as an influencer sends it, the influencer search as a brand's landing sends it.
 */
const SEARCH_READS: Record<"brand" | "influencer", Read> = {
  brand: {
    name: "influencers.search (yardstick)",
    procedure: "influencers.search",
    input: {},
    rest: "/api/influencers/search",
    restBody: {},
  },
  influencer: {
    name: "deals.search (yardstick)",
    procedure: "deals.search",
    input: {},
    rest: "/api/deals/search",
    restBody: {},
  },
};

export interface Subject {
  kind: "brand" | "influencer";
  username: string;
  reads: Read[];
}

/** The list's query string as the REST route reads it. */
const queryString = (input: Record<string, string>) => `?${new URLSearchParams(input)}`;

/**
 * The list variants: every filter with the default sort and every other sort over all (or every pair). The web's
 * infinite queries send `direction` beside the input; the first page has no cursor.
 */
function listVariants(sorts: readonly string[], allVariants: boolean): { status: string; sort: string }[] {
  const [defaultSort, ...otherSorts] = sorts as [string, ...string[]];
  if (allVariants) return APPLICATION_FILTERS.flatMap((status) => sorts.map((sort) => ({ status, sort })));
  return [
    ...APPLICATION_FILTERS.map((status) => ({ status, sort: defaultSort })),
    ...otherSorts.map((sort) => ({ status: "all", sort })),
  ];
}

const infinite = (input: Record<string, unknown>) => ({ ...input, direction: "forward" });

function commonReads(kind: "brand" | "influencer", application: number | null, allVariants: boolean): Read[] {
  const sorts = kind === "brand" ? BRAND_APPLICATION_SORTS : INFLUENCER_APPLICATION_SORTS;
  const reads: Read[] = [SEARCH_READS[kind]];
  for (const { status, sort } of listVariants(sorts, allVariants)) {
    reads.push({
      name: `applications.list ${status} ${sort}`,
      procedure: "applications.list",
      input: infinite({ status, sort }),
      rest: `/api/applications${queryString({ status, sort })}`,
    });
  }
  if (application !== null) {
    reads.push(
      {
        name: "applications.get",
        procedure: "applications.get",
        input: { id: application },
        rest: `/api/applications/${application}`,
      },
      {
        name: "chat.page",
        procedure: "chat.page",
        input: { id: application },
        rest: `/api/applications/${application}/messages`,
      },
    );
  }
  reads.push(
    { name: "notifications.list", procedure: "notifications.list", input: undefined, rest: null },
    { name: "notifications unread (list limit 1)", procedure: "notifications.list", input: { limit: 1 }, rest: null },
    { name: "settings.get", procedure: "settings.get", rest: "/api/settings" },
  );
  return reads;
}

function brandReads(
  ids: { application: number | null; campaign: number | null; influencer: number | null },
  allVariants: boolean,
): Read[] {
  const reads = commonReads("brand", ids.application, allVariants);
  if (ids.campaign !== null) {
    const campaign = ids.campaign;
    const variants = allVariants
      ? listVariants(BRAND_APPLICATION_SORTS, true)
      : [
          { status: "all", sort: "time_p" },
          { status: "waiting", sort: "time_p" },
          { status: "all", sort: "reach_p" },
        ];
    reads.push(
      ...variants.map(({ status, sort }) => ({
        name: `applications.ofCampaign ${status} ${sort}`,
        procedure: "applications.ofCampaign",
        input: infinite({ status, sort, id: campaign }),
        rest: `/api/campaigns/${campaign}/applications${queryString({ status, sort })}`,
      })),
    );
  }
  reads.push({ name: "hires.list", procedure: "hires.list", input: infinite({}), rest: "/api/hires" });
  if (ids.influencer !== null) {
    reads.push({
      name: "influencers.get (public profile)",
      procedure: "influencers.get",
      input: { id: ids.influencer },
      rest: `/api/influencers/${ids.influencer}`,
    });
  }
  return reads;
}

function influencerReads(application: number | null, allVariants: boolean): Read[] {
  return [
    ...commonReads("influencer", application, allVariants),
    { name: "earnings.list", procedure: "earnings.list", input: infinite({}), rest: "/api/earnings" },
    { name: "earnings.payouts", procedure: "earnings.payouts", input: infinite({}), rest: "/api/earnings/payouts" },
    { name: "account.balance", procedure: "account.balance", rest: "/api/balance" },
    { name: "influencers.own (own profile)", procedure: "influencers.own", rest: "/api/profile" },
    { name: "networks.list", procedure: "networks.list", rest: "/api/networks" },
  ];
}

/**
 * The users to measure and the ids their reads need, from the scratch database (before any timing): the demo brand
 * and influencer, and with `scale` the money scale seed's two users.
 */
export async function planMoneyReads(
  databaseUrl: string,
  { scale, allVariants }: { scale: boolean; allVariants: boolean },
): Promise<Subject[]> {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const idOf = async (username: string) =>
      (await db<{ id: number }[]>`select id from users where username = ${username}`)[0]?.id ?? null;
    /** The user's application with the most chat messages (the heaviest chat page), the newest on a tie. */
    const applicationOf = async (column: "brand_id" | "influencer_id", userId: number) =>
      (
        await db<{ id: number }[]>`
          select a.id from applications a left join chat_messages m on m.application_id = a.id
          where a.${db(column)} = ${userId} group by a.id order by count(m.id) desc, a.id desc limit 1`
      )[0]?.id ?? null;
    const campaignOf = async (brandId: number) =>
      (
        await db<{ id: number }[]>`
          select deal_id as id from applications where brand_id = ${brandId}
          group by deal_id order by count(*) desc, deal_id desc limit 1`
      )[0]?.id ?? null;
    const pairs: [brand: string, influencer: string][] = [["demobrand", "demoinfluencer"]];
    if (scale) pairs.push([MONEY_SCALE.brand, MONEY_SCALE.influencer]);
    const subjects: Subject[] = [];
    for (const [brand, influencer] of pairs) {
      const brandId = await idOf(brand);
      const influencerId = await idOf(influencer);
      if (brandId === null || influencerId === null) throw new Error(`no ${brand} or ${influencer} in the database`);
      subjects.push(
        {
          kind: "brand",
          username: brand,
          reads: brandReads(
            {
              application: await applicationOf("brand_id", brandId),
              campaign: await campaignOf(brandId),
              influencer: influencerId,
            },
            allVariants,
          ),
        },
        {
          kind: "influencer",
          username: influencer,
          reads: influencerReads(await applicationOf("influencer_id", influencerId), allVariants),
        },
      );
    }
    return subjects;
  } finally {
    await db.end();
  }
}

/**
 * Issue 40's reads, for scripts/bench-reads.ts (not in the money mix): the demo brand's reports (its last 30 days, its
 * campaign with the most applications) and, as the demo influencer, the demo brand's public profile and reviews.
 */
export async function planReputationReads(databaseUrl: string): Promise<Subject[]> {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [brand] = await db<{ id: number }[]>`select id from users where username = 'demobrand'`;
    if (!brand) throw new Error("no demobrand in the database");
    const [campaign] = await db<{ id: number }[]>`
      select deal_id as id from applications where brand_id = ${brand.id} and paid_at is not null
      group by deal_id order by count(*) desc, deal_id desc limit 1`;
    const reports: Read[] = [
      { name: "reports.period (30 days)", procedure: "reports.period", input: {}, rest: "/api/reports" },
    ];
    if (campaign) {
      reports.push({
        name: "reports.campaign",
        procedure: "reports.campaign",
        input: { id: campaign.id },
        rest: `/api/campaigns/${campaign.id}/report`,
      });
    }
    return [
      { kind: "brand", username: "demobrand", reads: reports },
      {
        kind: "influencer",
        username: "demoinfluencer",
        reads: [
          {
            name: "brands.profile",
            procedure: "brands.profile",
            input: { id: brand.id },
            rest: `/api/brands/${brand.id}`,
          },
          {
            name: "reviews.ofBrand",
            procedure: "reviews.ofBrand",
            input: { id: brand.id },
            rest: `/api/brands/${brand.id}/reviews`,
          },
        ],
      },
    ];
  } finally {
    await db.end();
  }
}

/**
 * The operator's console's reads (issue 36), for the demo admin in their own session (scripts/bench-reads.ts; not
 * in the money mix): the queue counts, the dashboard (figures and counts: tRPC only), a user search, the audit view.
 */
export const CONSOLE_READS: Read[] = [
  { name: "console queues", procedure: "admin.console.dashboard.queues", rest: "/admin/api/queues" },
  { name: "console dashboard (30 days)", procedure: "admin.console.dashboard.get", input: {}, rest: null },
  {
    name: "console users ?q=demo",
    procedure: "admin.console.users.search",
    input: { q: "demo" },
    rest: "/admin/api/users?q=demo",
  },
  { name: "console audit", procedure: "admin.console.audit.list", input: {}, rest: "/admin/api/audit" },
];

/**
 * A read as a request: through /trpc as the web app's httpBatchLink sends it (GET, superjson, a batch of one), or
 * with `via` "rest" through its REST route where it has one (a search is a POST there).
 */
export function readRequest(read: Read, name: string, headers: Record<string, string>, via: "rest" | "trpc"): Planned {
  if (via === "rest" && read.rest !== null) {
    if (read.restBody === undefined) return { name, method: "GET", path: read.rest, headers };
    const body = JSON.stringify(read.restBody);
    return { name, method: "POST", path: read.rest, body, headers: { ...headers, "content-type": "application/json" } };
  }
  return { name, method: "GET", path: trpcQueryPath(read.procedure, read.input), headers };
}
