/**
 * Several built servers on one PostgreSQL database behind a real load balancer (issue 38): Debian's haproxy, round
 * robin, each instance health-checked. The tests of several instances (scripts/cluster/*.built.test.ts) and the load
 * bench's `--instances N` start one with startCluster.
 *
 * The instances share what a deployment's instances share: the database (the first one migrates it and seeds the
 * demo marketplace; the others start after it), the secrets (the search ids' and the stored tokens' keys), and the
 * file store (with `s3`, one S3-protocol server, s3rver, in this process, and a disk folder of each instance's own,
 * so nothing else can carry a file from one to the other; else one shared folder). haproxy listens on its own loopback port; its
 * health check asks each instance's `/readyz` (database, LISTEN, migrations, not draining) every
 * HEALTH_CHECK_INTERVAL_MS and takes an instance out after HEALTH_CHECK_FALLS failures; a request whose connection an
 * instance refused, or that got no answer at all, is sent to another one (`option redispatch 1`, `retry-on
 * conn-failure empty-response`), as a balancer in front of a crashed instance should.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startS3Server, type TestS3Server } from "@market/api/testing";
import { freshDatabase, spawnBuiltServer } from "../built-server.mjs";

export const HEALTH_CHECK_INTERVAL_MS = 300;
export const HEALTH_CHECK_FALLS = 2;

type BuiltServer = Awaited<ReturnType<typeof spawnBuiltServer>>;

export interface ClusterInstance {
  /** The instance's own address, past the balancer. */
  baseUrl: string;
  /** Its name in haproxy's configuration and stats (`app1`, `app2`...). */
  name: string;
  pid: number;
  /** Sends the signal (SIGTERM unless told) and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  exited: BuiltServer["exited"];
}

export interface Cluster {
  /** The balancer's address: what a user's browser would talk to. */
  baseUrl: string;
  instances: ClusterInstance[];
  /** The shared database's URL. */
  databaseUrl: string;
  /** Each instance's state as haproxy sees it now: `UP`, `DOWN`, or a transition such as `UP 1/2`. */
  serverStates(): Promise<Record<string, string>>;
  /** Stops haproxy and every instance still running, then drops the database. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  /** Extra environment for every instance (E2E_TEST_ROUTES, the S3 store's settings...). */
  env?: Record<string, string>;
  /** The instances' standard output (their logs) goes to /dev/null. */
  quiet?: boolean;
  /** Files in one S3 server the instances share (packages/api/src/testing/s3-server.ts), not in a shared folder. */
  s3?: boolean;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") return reject(new Error("no port"));
      server.close(() => resolve(address.port));
    });
  });
}

function haproxyConfig(port: number, statsSocket: string, backends: { name: string; port: number }[]): string {
  const servers = backends.map(
    ({ name, port: backend }) =>
      `  server ${name} 127.0.0.1:${backend} check inter ${HEALTH_CHECK_INTERVAL_MS} fall ${HEALTH_CHECK_FALLS} rise 2`,
  );
  return [
    "global",
    `  stats socket ${statsSocket} mode 600 level admin`,
    "  maxconn 2000",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    // A loaded instance may take long to answer its check; a dead one refuses the connection at once.
    "  timeout check 3s",
    "  timeout client 60s",
    "  timeout server 60s",
    // A WebSocket stays open as long as its client keeps it.
    "  timeout tunnel 1h",
    // A request whose connection failed goes to another instance at its first retry, not after three to a dead one.
    "  option redispatch 1",
    "  retries 3",
    "  retry-on conn-failure empty-response",
    "frontend web",
    `  bind 127.0.0.1:${port}`,
    "  option forwardfor",
    "  default_backend app",
    "backend app",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    "  http-check expect status 200",
    ...servers,
    "",
  ].join("\n");
}

/** Asks haproxy's stats socket (`show stat`, CSV) for the state of each server of the backend. */
async function readStates(statsSocket: string): Promise<Record<string, string>> {
  const { connect } = await import("node:net");
  const csv = await new Promise<string>((resolve, reject) => {
    const socket = connect(statsSocket);
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString();
    });
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
    socket.write("show stat\n");
  });
  const [header, ...rows] = csv.replace(/^# /, "").trim().split("\n");
  const columns = (header ?? "").split(",");
  const [proxy, server, status] = ["pxname", "svname", "status"].map((name) => columns.indexOf(name));
  const states: Record<string, string> = {};
  for (const row of rows) {
    const cells = row.split(",");
    if (cells[proxy as number] === "app" && !["FRONTEND", "BACKEND"].includes(cells[server as number] ?? ""))
      states[cells[server as number] as string] = cells[status as number] as string;
  }
  return states;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`cluster: ${what} not within ${timeoutMs} ms`);
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  if (!process.env.TEST_DATABASE_URL) throw new Error("cluster: TEST_DATABASE_URL names the PostgreSQL server");
  const count = options.instances ?? 2;
  const database = await freshDatabase();
  if (database.url === null) throw new Error("cluster: PostgreSQL only");
  const shared = {
    ...database.env,
    // What every instance must agree on: ids one signs, tokens one seals, the others read.
    SEARCH_ID_SECRET: randomBytes(32).toString("hex"),
    NETWORK_TOKEN_KEY: randomBytes(32).toString("hex"),
    ...options.env,
  };
  const folder = mkdtempSync(join(tmpdir(), "market-cluster-"));
  const s3: TestS3Server | undefined = options.s3 ? await startS3Server() : undefined;
  const statsSocket = join(folder, "haproxy.sock");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const servers: BuiltServer[] = [];
  let haproxy: ChildProcess | undefined;

  const stop = async () => {
    if (haproxy && haproxy.exitCode === null) {
      const ended = new Promise((resolve) => haproxy?.once("exit", resolve));
      haproxy.kill("SIGTERM");
      await ended;
    }
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    await s3?.stop();
    rmSync(folder, { recursive: true, force: true });
  };

  try {
    for (let index = 0; index < count; index++) {
      // One after the other: the first migrates and seeds, the others find it done. Every link in a mail names
      // the balancer, as PUBLIC_URL does behind a real one.
      const env = {
        ...shared,
        PUBLIC_URL: baseUrl,
        // Its backends named after it in pg_stat_activity: a fault test finds which instance a waiting write is of.
        PGAPPNAME: `market-app${index + 1}`,
        ...(index > 0 ? { SEED_DEMO: "false" } : {}),
        ...(s3 ? { ...s3.env, DATA_DIR: mkdtempSync(join(folder, `app${index + 1}-`)) } : {}),
      };
      servers.push(await spawnBuiltServer(env, { quiet: options.quiet ?? false }));
    }
    const backends = servers.map((server, index) => ({ name: `app${index + 1}`, port: server.port }));
    const config = join(folder, "haproxy.cfg");
    writeFileSync(config, haproxyConfig(port, statsSocket, backends));
    haproxy = spawn("haproxy", ["-db", "-f", config], { stdio: ["ignore", "ignore", "inherit"] });
    const started = haproxy;
    await waitFor(async () => {
      if (started.exitCode !== null) throw new Error(`haproxy exited with ${started.exitCode}`);
      const states = await readStates(statsSocket);
      return backends.every(({ name }) => states[name] === "UP");
    }, "every instance UP in haproxy");
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    baseUrl,
    databaseUrl: database.url,
    instances: servers.map((server, index) => ({
      baseUrl: server.baseUrl,
      name: `app${index + 1}`,
      pid: server.pid,
      stop: server.stop,
      exited: server.exited,
    })),
    serverStates: () => readStates(statsSocket),
    stop,
  };
}
