export type { InferInsertModel, InferSelectModel, Placeholder, SQL, SQLWrapper } from "drizzle-orm";
/**
 * Query helpers re-exported so consumers build queries with the drizzle-orm copy the schema is built
 * with, and need no drizzle-orm dependency of their own (two copies would make their types clash).
 */
export {
  and,
  arrayContained,
  arrayContains,
  arrayOverlaps,
  asc,
  avg,
  between,
  count,
  countDistinct,
  desc,
  eq,
  exists,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  max,
  min,
  ne,
  not,
  notExists,
  notInArray,
  or,
  sql,
  sum,
} from "drizzle-orm";
export { alias } from "drizzle-orm/pg-core";
export { refreshApplicationTotals } from "./application-totals";
export {
  type MeasuredStatistics,
  NETWORK_SNAPSHOT_RETENTION_DAYS,
  recordNetworkSnapshot,
  refreshEngagementTierMedians,
  scoreNetworks,
  snapshotDay,
  sweepOldNetworkSnapshots,
} from "./audience-quality";
export { type ChannelListener, channelListenerOfClient } from "./channel-listener";
export type { CreateDbOptions, Db, DbHandle, PoolerMode, Schema, Tx } from "./client";
export { createDb, pgliteHandle, rowsOf } from "./client";
export { sweepClosedSearchDocs } from "./deal-search-docs";
export type { PgError } from "./errors";
export { PG_CHECK_VIOLATION, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorOf } from "./errors";
export { writeInfluencerProfile } from "./influencer-profile";
export { channelListenerOf } from "./listen";
export type { MigrateOptions } from "./migrate";
export { migrate, newestAppliedMigrationMillis, newestMigrationMillis, resolveMigrationsFolder } from "./migrate";
export { insertSandboxSavedCard, sandboxSavedCardRows } from "./sandbox-cards";
export * from "./schema";
export { networkSearchColumns, refreshInfluencerSearchColumns, searchTextOf } from "./search-columns";
export {
  SANDBOX_CONFLICT_ACCOUNTS,
  SANDBOX_DEMO_ACCOUNTS,
  SANDBOX_DEMO_INSTAGRAM,
  SANDBOX_DEMO_SAMPLE_ID,
  type SandboxConflictType,
  type SandboxOAuthType,
  sandboxToken,
} from "./seed/sandbox-accounts";
export {
  type Placeholders,
  type Preparable,
  preparedQuery,
  preparedShapes,
  rawStatement,
} from "./speed/prepared-query";
/** The postgres.js client as createDb hands it to drizzle (for a script's own client that counts statements). */
export { preparingClient } from "./speed/prepared-statements";
