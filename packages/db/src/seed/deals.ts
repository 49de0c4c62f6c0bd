import {
  CATEGORIES,
  type Category,
  type DealCountry,
  type DealStatus,
  EXTRAS,
  type Language,
  type NetworkType,
  OPTION_ALL,
  PRICE_RANGES,
  type PriceRange,
  type ReviewStatus,
  SPONSORED_CONTENT_MIN_MONTHS,
} from "@market/contracts";
import { deals } from "../schema";
import { insertWithIds } from "./batch";
import type { SeededBrand } from "./brands";
import type { SeedClock } from "./clock";
import { fill, type SeedContext, slug } from "./context";
import type { Random } from "./random";
import { CATEGORY_COPY } from "./words/categories";

const DEAL_COUNT = 80;

/** The demo brand's campaigns: several per state with applicants, and one without (it can be deleted). */
const DEMO_DEALS: readonly DealPlan[] = [
  { status: "open", isNew: true, review: "OK", applicants: "some" },
  { status: "open", isNew: false, review: "OK", applicants: "some" },
  { status: "open", isNew: false, review: "OK", applicants: "some" },
  { status: "open", isNew: false, review: "OK", applicants: "some" },
  { status: "open", isNew: false, review: "NONE", applicants: "some" },
  { status: "open", isNew: false, review: "OK", applicants: "none" },
  { status: "paused", isNew: false, review: "OK", applicants: "some" },
  { status: "paused", isNew: false, review: "OK", applicants: "some" },
  { status: "paused", isNew: false, review: "KO", applicants: "some" },
  { status: "closed", isNew: false, review: "OK", applicants: "some" },
  { status: "closed", isNew: false, review: "OK", applicants: "some" },
  { status: "closed", isNew: false, review: "OK", applicants: "some" },
  { status: "closed", isNew: false, review: "KO", applicants: "some" },
];
const DEMO_CATEGORIES: readonly Category[] = ["lifestyle", "beauty", "clothing", "electronics", "home"];

/** The other brands' campaigns: counts per computed status and per review status. */
const OTHER_STATUSES = { newOpen: 6, open: 33, paused: 9, closed: 19 } as const;
const OTHER_REVIEWS: Record<ReviewStatus, number> = { OK: 40, NONE: 18, KO: 9 };
const OTHER_WITHOUT_APPLICANTS = 5;

/** Name-only networks are never verified, so a deal always asks for at least one of the linkable four. */
const MAIN_NETWORK_WEIGHTS: readonly (readonly [NetworkType, number])[] = [
  ["instagram", 40],
  ["youtube", 25],
  ["facebook", 20],
  ["twitter", 15],
];
const NETWORK_WEIGHTS: readonly (readonly [NetworkType, number])[] = [
  ...MAIN_NETWORK_WEIGHTS,
  ["snapchat", 3],
  ["pinterest", 3],
  ["blog", 2],
  ["tumblr", 1],
];
const PRICE_WEIGHTS: readonly (readonly [PriceRange, number])[] = PRICE_RANGES.map((range, i) => [
  range,
  [15, 25, 22, 15, 10, 7, 4, 2][i] ?? 1,
]);
const COUNTRY_WEIGHTS: readonly (readonly [DealCountry, number])[] = [
  ["us", 30],
  ["gb", 10],
  ["ca", 8],
  ["fr", 7],
  ["de", 7],
  ["br", 7],
  ["in", 7],
  ["it", 5],
  ["es", 5],
  ["other", 2],
];
const COUNTRY_LANGUAGE: Record<DealCountry, Language> = {
  us: "en",
  gb: "en",
  ca: "en",
  in: "en",
  fr: "fr",
  de: "de",
  it: "it",
  es: "es",
  br: "pt",
  other: "other",
};

interface DealPlan {
  status: DealStatus;
  /** Created within the last 24 hours (spec: isNew). */
  isNew: boolean;
  review: ReviewStatus;
  applicants: "some" | "none";
}

export interface SeededDeal {
  id: number;
  brand: SeededBrand;
  title: string;
  category: Category;
  networks: NetworkType[];
  status: DealStatus;
  isNew: boolean;
  reviewStatus: ReviewStatus;
  applicants: "some" | "none";
  /**
   * Moments about the deal count in days before `anchor`: the start of today, or for new deals the
   * current time, so that everything about them stays within the last 24 hours.
   */
  anchor: Date;
  createdAgo: number;
  /** Proposals must be sent before this (the deadline of a closed deal); 0 for open deals. */
  applyByAgo: number;
  createdAt: Date;
}

export async function seedDeals(ctx: SeedContext, brands: readonly SeededBrand[]): Promise<SeededDeal[]> {
  const rng = ctx.random("deals");
  const demo = brands.find((brand) => brand.isDemo);
  if (!demo) throw new Error("demo brand missing");
  const plans = [
    ...DEMO_DEALS.map((plan, i) => ({ plan, brand: demo, category: DEMO_CATEGORIES[i % DEMO_CATEGORIES.length] })),
    ...planOtherDeals(
      rng,
      brands.filter((brand) => !brand.isDemo),
    ),
  ];
  if (plans.length !== DEAL_COUNT) throw new Error(`planned ${plans.length} deals, expected ${DEAL_COUNT}`);

  const drafts = plans.map(({ plan, brand, category }) =>
    drawDeal(rng, ctx.clock, plan, brand, category ?? brand.category),
  );
  const seeded = await insertWithIds(ctx.db, deals, drafts, ({ row }) => row);
  return seeded.map(({ id, row, timing }) => ({
    id,
    brand: timing.brand,
    title: row.title,
    category: row.category,
    networks: row.networks,
    status: timing.status,
    isNew: timing.isNew,
    reviewStatus: row.reviewStatus,
    applicants: timing.applicants,
    anchor: timing.anchor,
    createdAgo: timing.createdAgo,
    applyByAgo: timing.applyByAgo,
    createdAt: row.createdAt,
  }));
}

function planOtherDeals(rng: Random, brands: readonly SeededBrand[]) {
  const statuses = rng.shuffle([
    ...repeat<Omit<DealPlan, "review" | "applicants">>({ status: "open", isNew: true }, OTHER_STATUSES.newOpen),
    ...repeat({ status: "open" as const, isNew: false }, OTHER_STATUSES.open),
    ...repeat({ status: "paused" as const, isNew: false }, OTHER_STATUSES.paused),
    ...repeat({ status: "closed" as const, isNew: false }, OTHER_STATUSES.closed),
  ]);
  const reviews = rng.shuffle(
    Object.entries(OTHER_REVIEWS).flatMap(([review, count]) => repeat(review as ReviewStatus, count)),
  );
  // Every brand gets two campaigns, and some a third, in a random order.
  const owners = rng.shuffle([...brands, ...brands, ...rng.sample(brands, statuses.length - 2 * brands.length)]);
  const withoutApplicants = new Set(
    rng.sample(
      statuses.flatMap((status, i) => (status.status === "open" && !status.isNew ? [i] : [])),
      OTHER_WITHOUT_APPLICANTS,
    ),
  );
  return statuses.map((status, i) => {
    const brand = owners[i];
    if (!brand) throw new Error("not enough deal owners");
    const plan: DealPlan = {
      ...status,
      review: reviews[i] ?? "OK",
      applicants: withoutApplicants.has(i) ? "none" : "some",
    };
    return { plan, brand, category: rng.chance(0.75) ? brand.category : rng.pick(CATEGORIES) };
  });
}

function drawDeal(rng: Random, clock: SeedClock, plan: DealPlan, brand: SeededBrand, category: Category) {
  const copy = CATEGORY_COPY[category];
  const product = rng.pick(copy.products);
  const main = rng.weighted(MAIN_NETWORK_WEIGHTS);
  const networks = [
    main,
    ...rng.weightedSample(
      NETWORK_WEIGHTS.filter(([type]) => type !== main),
      rng.weighted([
        [0, 35],
        [1, 45],
        [2, 20],
      ] as const),
    ),
  ];
  const timing = drawTiming(rng, clock, plan);
  const countries = rng.chance(0.15)
    ? [OPTION_ALL]
    : rng.weightedSample(
        COUNTRY_WEIGHTS,
        rng.weighted([
          [1, 50],
          [2, 35],
          [3, 15],
        ] as const),
      );
  const languages = countries.includes(OPTION_ALL)
    ? [OPTION_ALL]
    : [...new Set(countries.map((country) => COUNTRY_LANGUAGE[country as DealCountry]))];
  const extras = rng.sample(
    EXTRAS,
    rng.weighted([
      [0, 40],
      [1, 40],
      [2, 20],
    ] as const),
  );
  const priceDollars = rng.int(2, 30) * 5;
  return {
    timing: { ...timing, brand, status: plan.status, isNew: plan.isNew, applicants: plan.applicants },
    row: {
      userId: brand.id,
      title: fill(rng.pick(copy.titles), { product }),
      link: `${brand.website}/${slug(product)}`,
      category,
      price: rng.weighted(PRICE_WEIGHTS),
      description: [
        fill(copy.pitch, { brand: brand.brandName, product }),
        `We are looking for ${networks.join(", ")} creators to feature the ${product} in ${posts(rng.int(1, 3))}.`,
        `Content must stay online for at least ${SPONSORED_CONTENT_MIN_MONTHS} months.`,
      ].join(" "),
      networks,
      deadline: timing.deadline,
      paused: plan.status === "paused" || (plan.status === "closed" && rng.chance(0.1)),
      reviewStatus: plan.review,
      aAbout: copy.audience,
      aCountries: countries,
      aLanguages: languages,
      extras,
      eDiscount: extras.includes("discount") ? `${rng.int(10, 30)}% off with code ${rng.token(6).toUpperCase()}` : null,
      eGiveaway: extras.includes("giveaway") ? `Give away ${rng.int(2, 5)} x ${product} to your followers.` : null,
      eFree: extras.includes("free") ? `Keep the ${product} (worth $${priceDollars}).` : null,
      createdAt: timing.createdAt,
      updatedAt: timing.updatedAt,
    },
  };
}

/** Creation, update and deadline consistent with the computed status (spec 4: closed once the deadline passed). */
function drawTiming(rng: Random, clock: SeedClock, plan: DealPlan) {
  if (plan.isNew) {
    const createdAgo = rng.between(0.03, 0.9);
    return {
      anchor: clock.now,
      createdAgo,
      applyByAgo: 0,
      createdAt: clock.ago(createdAgo, clock.now),
      updatedAt: clock.ago(createdAgo, clock.now),
      deadline: clock.endOfDay(rng.int(20, 70)),
    };
  }
  const closedDaysAgo = plan.status === "closed" ? rng.int(1, 45) : 0;
  const createdAgo =
    plan.status === "closed" ? closedDaysAgo + rng.between(15, 60) : rng.between(plan.status === "open" ? 2 : 5, 55);
  // A few open deals close within 4 days, to show the deadline warning.
  const deadlineDays = plan.status === "closed" ? -closedDaysAgo : rng.chance(0.1) ? rng.int(1, 3) : rng.int(5, 70);
  return {
    anchor: clock.dayStart,
    createdAgo,
    // endOfDay(-k) is k - 1 days and one minute before the start of today.
    applyByAgo: plan.status === "closed" ? closedDaysAgo - 0.99 : 0,
    createdAt: clock.ago(createdAgo),
    updatedAt: clock.ago(rng.between(0.05, createdAgo)),
    deadline: clock.endOfDay(deadlineDays),
  };
}

const posts = (count: number) => (count === 1 ? "one post" : `${count} posts`);

function repeat<T>(item: T, count: number): T[] {
  return Array.from({ length: count }, () => item);
}
