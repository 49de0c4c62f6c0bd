import { spawnSync } from "node:child_process";
import { brandWithCampaign, campaignOf } from "./support/checkout-steps";
import { expect, test } from "./support/users";

/**
 * The SDK works for scripts (issue 34, point 9): scripts/sdk-example.ts, the script docs/api.md shows, logs in through
 * /api/login, reads with a query and writes with mutations, against the built server as it is deployed.
 */
const runScript = (baseURL: string, login: string, password: string) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/sdk-example.ts", baseURL, login, password], {
    encoding: "utf8",
    timeout: 30_000,
  });

test("a script logs in with the SDK, queries and mutates", async ({ users, baseURL }) => {
  const brand = await brandWithCampaign(users, "Scripted");
  const run = runScript(baseURL as string, brand.email, brand.password);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual({ kind: "brand", campaigns: 1, paused: "paused", resumed: "open" });

  // The mutations happened: the campaign was paused, then resumed, so it reads open again.
  const answer = await brand.api.get(`/api/deals/${campaignOf(brand).id}`);
  expect(((await answer.json()) as { data: { status: string } }).data.status).toBe("open");
});

test("a script's refusals come with their reason", async ({ users, baseURL }) => {
  const brand = await brandWithCampaign(users, "Refused");
  const wrong = runScript(baseURL as string, brand.username, "not-the-password");
  expect(wrong.stderr.trim()).toBe("refused: bad_password");
  expect(wrong.status).toBe(1);

  const influencer = await users.create("influencer");
  const notABrand = runScript(baseURL as string, influencer.username, influencer.password);
  expect(notABrand.stderr.trim()).toBe("refused: forbidden");
  expect(notABrand.status).toBe(1);
});
