import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";

it("refuses to start in production without PUBLIC_URL or SEARCH_ID_SECRET, saying so in a line each", () => {
  // Should the check ever go, the server would start: on a free port and a throwaway folder, stopped by the timeout.
  const dataDir = mkdtempSync(join(tmpdir(), "main-env-"));
  // Only these variables: none of the caller's (a SEARCH_ID_SECRET or DATABASE_URL) leaks in.
  const env = { NODE_ENV: "production", PORT: "0", DATA_DIR: dataDir };
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", new URL("./main.ts", import.meta.url).pathname], {
      env,
      encoding: "utf8",
      // Bounds a start that should not happen. Not 20 s: loading main.ts through tsx took longer than that at load
      // 30 to 47 (CI's second pass, on Node 24, runs niced beside npm test), while 3 s at load 5.
      timeout: 90_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Invalid environment:\n  PUBLIC_URL: must be set when NODE_ENV=production");
    expect(run.stderr).toContain("\n  SEARCH_ID_SECRET: must be set when NODE_ENV=production");
    expect(run.stderr).not.toMatch(/^\s+at /m);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

it("links every mail to the address it prints, never to a request's Host", async () => {
  // The demo seed holds hires whose release is near: the first lifecycle sweep mails the brand its reminders.
  const dataDir = mkdtempSync(join(tmpdir(), "main-sweeps-"));
  const env = { NODE_ENV: "test", E2E_TEST_ROUTES: "1", PORT: "0", DATA_DIR: dataDir };
  const server = spawn(process.execPath, ["--import", "tsx", new URL("./main.ts", import.meta.url).pathname], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    let printed = "";
    const url = await new Promise<string>((resolve, reject) => {
      server.stdout.on("data", (chunk: Buffer) => {
        printed += chunk.toString();
        const ready = /Ready: open (\S+)/.exec(printed);
        if (ready?.[1]) resolve(ready[1]);
      });
      server.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    });
    let reminder: { text: string } | undefined;
    for (let tries = 0; !reminder && tries < 100; tries += 1) {
      const answer = await fetch(`${url}/api/test/outbox?to=brand@demo.test`);
      const mails = ((await answer.json()) as { data: { subject: string; text: string }[] }).data;
      reminder = mails.find((mail) => mail.subject.includes("before the money"));
      if (!reminder) await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(reminder?.text).toContain(`${url}/applications/`);

    // A reset asked for with a forged Host: the link still names the configured address, so the token stays home.
    expect(await postWithHost(`${url}/api/reset-password`, "evil.example", { email: "influencer@demo.test" })).toBe(
      200,
    );
    const answer = await fetch(`${url}/api/test/outbox?to=influencer@demo.test`);
    const reset = ((await answer.json()) as { data: { subject: string; text: string }[] }).data.find((mail) =>
      mail.text.includes("/reset-password?token="),
    );
    expect(reset?.text).toContain(`${url}/reset-password?token=`);
    expect(reset?.text).not.toContain("evil.example");
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) =>
      server.exitCode !== null || server.signalCode !== null ? resolve(null) : server.once("exit", resolve),
    );
    rmSync(dataDir, { recursive: true, force: true });
  }
  // SIGTERM closes it cleanly: nothing it holds (the database, its LISTENs) fails on the way out.
  expect(server.exitCode).toBe(0);
}, 180_000);

/** POSTs JSON with the given Host header (fetch sets its own), resolving to the status. */
function postWithHost(url: string, host: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: "POST", headers: { host, "content-type": "application/json" } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    sent.once("error", reject);
    sent.end(JSON.stringify(body));
  });
}
