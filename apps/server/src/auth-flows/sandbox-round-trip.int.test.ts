import { createSession, fixedClock } from "@market/api";
import { createInfluencer } from "@market/api/testing";
import { eq, networks, SANDBOX_CONFLICT_ACCOUNTS } from "@market/db";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { cookieFor } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";
import { LINK_STATE_COOKIE } from "./link-state-cookie";

/**
 * What a newcomer does on a fresh machine (no provider configured): /auth/youtube, the sandbox's consent page,
 * a sample account, back on the networks tab; the conflicting sample meets another influencer's copy, and the
 * choice resolves it.
 */

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock });

const get = (url: string, token: string, cookies: string[] = []) =>
  server.app.inject({ method: "GET", url, headers: { cookie: [cookieFor(token), ...cookies].join("; ") } });
const location = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(302);
  return String(response.headers.location);
};

/** Starts linking, picks the sample `sample` on the consent page and comes back: where the browser lands. */
async function linkSample(token: string, sample: string) {
  const start = await get("/auth/youtube", token);
  const consent = location(start);
  expect(consent).toMatch(/^http:\/\/localhost(:80)?\/auth\/sandbox\/youtube\?/);
  const page = await get(new URL(consent).pathname + new URL(consent).search, token);
  const picked = page.json().data.samples.find((s: { id: string }) => s.id === sample);
  const cookie = [start.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith(`${LINK_STATE_COOKIE}=`));
  return location(await get(picked.href, token, [(cookie ?? "").split(";")[0] ?? ""]));
}

describe("linking on the sandbox", () => {
  it("links a channel, refuses the small one, and resolves the conflict of the shared one", async () => {
    const other = await createInfluencer(server.db, { networks: [] });
    await server.db.insert(networks).values({
      userId: other.id,
      type: "youtube",
      ...SANDBOX_CONFLICT_ACCOUNTS.youtube,
      followers: 50_000,
      isVerified: true,
    });
    const me = await createInfluencer(server.db, { networks: [] });
    const token = (await createSession(server.db, clock, me.id)).token;

    expect(await linkSample(token, "small")).toBe("/account?p=networks&error=followers");
    expect(await linkSample(token, "conflict")).toBe("/account?p=networks&linked=youtube");
    const listed = await server.app.inject({
      method: "GET",
      url: "/api/networks",
      headers: { cookie: cookieFor(token) },
    });
    const [mine] = listed.json().data.networks;
    expect(mine).toMatchObject({ isConflicting: true, sharedWithOthers: true, canApply: false });
    const [theirs] = await server.db.select().from(networks).where(eq(networks.userId, other.id));
    expect(theirs?.isConflicting).toBe(true);

    const chosen = await server.app.inject({
      method: "POST",
      url: "/api/networks/choose",
      headers: { cookie: cookieFor(token), "sec-fetch-site": "same-origin", "content-type": "application/json" },
      payload: { id: mine.id, type: "youtube" },
    });
    expect(chosen.json().data.networks[0]).toMatchObject({ isConflicting: false, canApply: true });
  });
});
