import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Debian's package (CI: .ci/run installs it). */
export const PGBOUNCER = "/usr/sbin/pgbouncer";
/** PgBouncer refuses to run as root; as root it is started as this user (Debian's PostgreSQL owner). */
const UNPRIVILEGED_USER = "postgres";
const START_TIMEOUT_MS = 15_000;

export interface PgBouncer {
  /** The URL of `database` through the pooler (same user, the pooler's address). */
  urlOf(database: string): string;
  /** The pooler's log so far (its stderr), to say why a test failed. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts PgBouncer in the foreground, in transaction mode unless told, on a free loopback port in front of the
 * PostgreSQL of `serverUrl` (every database of it, trusted: the tests' server trusts its local users too). Its
 * configuration lives in a temporary folder removed by stop(). Fails, never skips, when PgBouncer is missing.
 */
export async function startPgBouncer(
  serverUrl: string,
  { poolMode = "transaction", poolSize = 2 }: { poolMode?: "session" | "transaction"; poolSize?: number } = {},
): Promise<PgBouncer> {
  const version = spawnSync(PGBOUNCER, ["--version"], { encoding: "utf8" });
  if (version.status !== 0) {
    throw new Error(
      `${PGBOUNCER} does not run (${version.error?.message ?? version.stderr}): apt-get install pgbouncer`,
    );
  }
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username) || "postgres";
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "pgbouncer-"));
  // Readable by the unprivileged user it runs as when started by root.
  chmodSync(dir, 0o755);
  const config = join(dir, "pgbouncer.ini");
  const userlist = join(dir, "userlist.txt");
  writeFileSync(userlist, `"${user}" ""\n`, { mode: 0o644 });
  writeFileSync(
    config,
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      // No Unix socket: several runs at once would share its path.
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${userlist}`,
      `pool_mode = ${poolMode}`,
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 200",
      // postgres.js's startup packet, as a production pgbouncer.ini would need it (docs/deployment.md).
      "ignore_startup_parameters = extra_float_digits",
      "",
    ].join("\n"),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER, [...(asRoot ? ["-u", UNPRIVILEGED_USER] : []), config], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    await ended(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening(port, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    urlOf(database) {
      const url = new URL(serverUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    },
    log: () => output,
    stop,
  };
}

/** SIGTERM: PgBouncer's immediate shutdown. */
async function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exit;
}

async function listening(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pgbouncer did not listen on ${port} within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
