/**
 * Two built instances on one PostgreSQL database behind haproxy (issue 38): what one instance does, the other sees at
 * once, and losing one instance loses nothing a client was told was done. Runs on the build (`npm run build`) and
 * Debian's haproxy, which CI installs.
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, proposal } from "./client";
import { type Cluster, HEALTH_CHECK_FALLS, HEALTH_CHECK_INTERVAL_MS, startCluster } from "./cluster";
import { wholeLedgerViolations } from "./faults";

let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster({
    // The test routes make accounts; the load test below writes faster than a person may (rate limits scaled up).
    env: { E2E_TEST_ROUTES: "1", NODE_ENV: "test", RATE_LIMIT_SCALE: "10000" },
    // The files in one S3 server; each instance's disk its own.
    s3: true,
    quiet: true,
  });
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

describe("two instances behind haproxy", () => {
  it("a chat message written through one instance reaches a WebSocket held by the other", async () => {
    const [one, two] = cluster.instances.map((instance) => instance.baseUrl) as [string, string];
    const { brand, influencer, applicationId } = await proposal(one);
    const socket = await brand.listen(two);
    try {
      const sent = await influencer.call<{ id: number }>(one, "POST", `/api/applications/${applicationId}/messages`, {
        text: "Hello from the first instance",
      });
      expect(sent.status, sent.reason).toBe(200);
      const notification = await socket.next(
        (candidate) => candidate.applicationId === applicationId && candidate.type === "message",
      );
      expect(notification.text).toContain("Hello from the first instance");
    } finally {
      socket.close();
    }
  });

  it("a chat file uploaded through one instance downloads through the other, byte for byte", async () => {
    const [one, two] = cluster.instances.map((instance) => instance.baseUrl) as [string, string];
    const { brand, influencer, applicationId } = await proposal(one);
    const bytes = new TextEncoder().encode(`brief ${Date.now()}\n`.repeat(200));
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "text/plain" }), "brief.txt");
    const uploaded = await influencer.call<{ file: { url: string } }>(
      one,
      "POST",
      `/api/applications/${applicationId}/file`,
      form,
    );
    expect(uploaded.status, uploaded.reason).toBe(200);
    const url = (uploaded.data as { file: { url: string } }).file.url;
    const download = await fetch(`${two}${url}`, { headers: { cookie: brand.cookie } });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  it("a session ended through one instance is refused by the other at once", async () => {
    const [one, two] = cluster.instances.map((instance) => instance.baseUrl) as [string, string];
    const brand = await createUser(one, { kind: "brand" });
    // The other instance knows the session (and keeps it in its session cache) before it ends.
    expect((await brand.call(two, "GET", "/api/settings")).status).toBe(200);
    const socket = await brand.listen(two);
    expect((await brand.call(one, "POST", "/api/logout")).status).toBe(200);
    const after = await brand.call(two, "GET", "/api/settings");
    expect([after.status, after.reason]).toEqual([401, "unauthorized"]);
    // Its live socket on the other instance is closed as the session's end (4401), not left open.
    expect(await Promise.race([socket.closed, new Promise((done) => setTimeout(() => done("open"), 5_000))])).toBe(
      4401,
    );
  });

  it("notifications written while the instances' LISTEN connections are cut all reach a socket, none lost", async () => {
    const [one, two] = cluster.instances.map((instance) => instance.baseUrl) as [string, string];
    const { brand, influencer, applicationId } = await proposal(one);
    const socket = await brand.listen(two);
    const sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const cut = await sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`;
      // Each instance listens on one connection of its own.
      expect(cut.length).toBeGreaterThanOrEqual(cluster.instances.length);
      const texts = Array.from({ length: 5 }, (_, index) => `While the listeners were down ${index}`);
      for (const text of texts) {
        const sent = await influencer.call(one, "POST", `/api/applications/${applicationId}/messages`, { text });
        expect(sent.status, sent.reason).toBe(200);
      }
      for (const text of texts)
        await socket.next(
          (candidate) => candidate.applicationId === applicationId && String(candidate.text).includes(text),
          20_000,
        );
    } finally {
      socket.close();
      await sql.end();
    }
    expect(await wholeLedgerViolations(cluster.databaseUrl)).toEqual([]);
  });

  it("SIGKILL of one instance under load loses no acknowledged write, and once haproxy marks it down no request fails", async () => {
    const [one] = cluster.instances.map((instance) => instance.baseUrl) as [string, string];
    const { brand, influencer, applicationId } = await proposal(one);
    const victim = cluster.instances[1];
    if (!victim) throw new Error("two instances expected");

    const acknowledged: number[] = [];
    // Each failed request with when it was sent, relative to the kill.
    const failures: { sentAt: number; status: number | string }[] = [];
    let markedDownAt: number | null = null;
    let killedAt: number | null = null;
    const deadline = Date.now() + 6_000;
    // Four clients write chat messages through the balancer as fast as they are answered, for 6 s (bounded).
    const writer = async (client: number) => {
      let sequence = 0;
      while (Date.now() < deadline) {
        const author = client % 2 === 0 ? influencer : brand;
        const sentAt = Date.now();
        try {
          const sent = await author.call<{ id: number }>(
            cluster.baseUrl,
            "POST",
            `/api/applications/${applicationId}/messages`,
            { text: `load ${client}.${sequence++}` },
          );
          if (sent.status === 200) acknowledged.push((sent.data as { id: number }).id);
          else failures.push({ sentAt, status: `${sent.status} ${sent.reason ?? "(not the app's envelope)"}` });
        } catch (error) {
          failures.push({ sentAt, status: (error as Error).message });
        }
      }
    };
    const watcher = async () => {
      while (Date.now() < deadline && markedDownAt === null) {
        if (killedAt !== null && (await cluster.serverStates())[victim.name]?.startsWith("DOWN"))
          markedDownAt = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const killer = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      killedAt = Date.now();
      await victim.stop("SIGKILL");
    };
    await Promise.all([writer(0), writer(1), writer(2), writer(3), watcher(), killer()]);

    expect(killedAt).not.toBeNull();
    // haproxy's check: HEALTH_CHECK_FALLS failures HEALTH_CHECK_INTERVAL_MS apart, with room for a loaded machine.
    expect(markedDownAt, "haproxy marked the killed instance down").not.toBeNull();
    expect((markedDownAt as unknown as number) - (killedAt as unknown as number)).toBeLessThan(
      HEALTH_CHECK_FALLS * HEALTH_CHECK_INTERVAL_MS + 2_000,
    );
    const sentOnceDown = failures.filter((failure) => failure.sentAt > (markedDownAt as unknown as number));
    const states = await cluster.serverStates();
    expect(sentOnceDown, JSON.stringify({ killedAt, markedDownAt, states, failures })).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);

    // Every acknowledged message is in the database, once.
    const sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ id: number }[]>`select id from chat_messages where id in ${sql(acknowledged)}`;
      expect(rows.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual(
        [...new Set(acknowledged)].sort((a, b) => a - b),
      );
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
    } finally {
      await sql.end();
    }
    expect(await wholeLedgerViolations(cluster.databaseUrl)).toEqual([]);
  }, 60_000);
});
