/**
 * The cluster of a fault test (issue 38's suite): built servers on their own database with the test routes and no
 * demo marketplace (the ledger checked after the fault holds the test's money only, and no demo payout or schedule
 * moves anything else), plus the test's own timings, and a connection of the test's own to that database. Started
 * before the file's tests, stopped after them.
 */
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { type Cluster, startCluster } from "./cluster";

export interface FaultCluster {
  readonly cluster: Cluster;
  readonly sql: postgres.Sql;
}

export function useFaultCluster(options: { instances: number; timings?: Record<string, string> }): FaultCluster {
  let cluster: Cluster | undefined;
  let sql: postgres.Sql | undefined;
  beforeAll(async () => {
    cluster = await startCluster({
      instances: options.instances,
      env: { E2E_TEST_ROUTES: "1", NODE_ENV: "test", SEED_DEMO: "false", ...options.timings },
      quiet: true,
    });
    sql = postgres(cluster.databaseUrl, { max: 3, onnotice: () => {} });
  }, 240_000);
  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
  }, 60_000);
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useFaultCluster: read inside a test, after the cluster started");
    return value;
  };
  return {
    get cluster() {
      return started(cluster);
    },
    get sql() {
      return started(sql);
    },
  };
}
