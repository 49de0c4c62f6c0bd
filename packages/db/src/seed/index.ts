/** Batched inserts, for the money scale seed (scripts/seed-money-scale.ts) to write as the demo seed writes. */
export { insertRows, insertWithIds } from "./batch";
export type { SeedOptions, SeedResult } from "./demo";
export { seedDemo, seedDemoIfEmpty } from "./demo";
export type { DemoLogin } from "./demo-logins";
export { DEMO_ACCOUNTS, DEMO_LOGINS, DEMO_PASSWORD } from "./demo-logins";
export {
  ENGAGEMENT_MODEL as SEED_ENGAGEMENT_MODEL,
  FOLLOWERS_SPREAD as SEED_FOLLOWERS_SPREAD,
  MAX_FOLLOWERS as SEED_MAX_FOLLOWERS,
  MEDIAN_FOLLOWERS as SEED_MEDIAN_FOLLOWERS,
  MIN_FOLLOWERS as SEED_MIN_FOLLOWERS,
  TYPE_WEIGHTS as SEED_NETWORK_TYPE_WEIGHTS,
} from "./networks";
/** The word lists, so the scale seed (scripts/seed-scale.ts) spreads influencers like the demo does. */
export { CATEGORY_COPY as SEED_CATEGORY_COPY, INTERESTS as SEED_INTERESTS } from "./words/categories";
export { COUNTRIES as SEED_COUNTRIES } from "./words/places";
