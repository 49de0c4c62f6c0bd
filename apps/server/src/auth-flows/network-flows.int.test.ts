import { createSession, fixedClock } from "@market/api";
import { account, createBrand, createInfluencer, fakeNetworkProviders, testTokenCipher } from "@market/api/testing";
import { MINUTE_MS } from "@market/contracts";
import { eq, networks } from "@market/db";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { cookieFor, post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";
import { LINK_STATE_COOKIE } from "./link-state-cookie";

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const providers = fakeNetworkProviders();
const server = useTestApp({ clock, networkProviders: providers, tokenCipher: testTokenCipher, rateLimitScale: 100 });

const sessionOf = async (userId: number) => (await createSession(server.db, clock, userId)).token;
const influencerSession = async () => {
  const user = await createInfluencer(server.db, { networks: [] });
  return { id: user.id, token: await sessionOf(user.id) };
};
const get = (url: string, token?: string, cookies: string[] = []) =>
  server.app.inject({
    method: "GET",
    url,
    headers: { cookie: [...(token ? [cookieFor(token)] : []), ...cookies].join("; ") },
  });

function linkStateCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers["set-cookie"];
  return [header ?? []].flat().find((cookie) => cookie.startsWith(`${LINK_STATE_COOKIE}=`));
}

/** The redirect's target, checked to come with the envelope naming it. */
function location(response: LightMyRequestResponse): string {
  expect(response.statusCode).toBe(302);
  expect(response.json()).toEqual({ status: "success", data: { location: response.headers.location } });
  return String(response.headers.location);
}

describe("the OAuth browser flow", () => {
  it("sends the influencer to the provider with a state cookie, and back to the tab with the network linked", async () => {
    const me = await influencerSession();
    providers.login("youtube", "web-code", [account({ identifier: "UC-web", followers: 50_000 })]);
    const start = await get("/auth/youtube?next=/deals/3", me.token);
    const consent = new URL(location(start));
    expect(consent.host).toBe("youtube.provider.test");
    const state = consent.searchParams.get("state") as string;
    const cookie = linkStateCookieOf(start);
    expect(cookie).toBe(`${LINK_STATE_COOKIE}=${state}; Path=/auth; HttpOnly; SameSite=Lax; Max-Age=600`);

    const back = await get(`/auth/youtube/callback?code=web-code&state=${state}`, me.token, [
      `${LINK_STATE_COOKIE}=${state}`,
    ]);
    expect(location(back)).toBe("/account?p=networks&linked=youtube&next=%2Fdeals%2F3");
    expect(linkStateCookieOf(back)).toContain("Max-Age=0");

    // The same callback again (a replay) links nothing more and says unknown.
    const replay = await get(`/auth/youtube/callback?code=web-code&state=${state}`, me.token, [
      `${LINK_STATE_COOKIE}=${state}`,
    ]);
    expect(location(replay)).toBe("/account?p=networks&error=unknown");

    const stored = await server.db.select().from(networks).where(eq(networks.userId, me.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain("access-youtube:web-code");
    expect(testTokenCipher.decryptToken(stored[0]?.accessToken ?? "")).toBe("access-youtube:web-code");
  });

  it("refuses a callback without the state cookie, or after 10 minutes", async () => {
    const me = await influencerSession();
    providers.login("twitter", "no-cookie", [account({ identifier: "T-web" })]);
    const state = new URL(location(await get("/auth/twitter", me.token))).searchParams.get("state");
    const back = await get(`/auth/twitter/callback?code=no-cookie&state=${state}`, me.token);
    expect(location(back)).toBe("/account?p=networks&error=unknown");

    const late = new URL(location(await get("/auth/twitter", me.token))).searchParams.get("state");
    clock.advance(10 * MINUTE_MS + 1);
    const tooLate = await get(`/auth/twitter/callback?code=no-cookie&state=${late}`, me.token, [
      `${LINK_STATE_COOKIE}=${late}`,
    ]);
    expect(location(tooLate)).toBe("/account?p=networks&error=unknown");
  });

  it("brings the provider's error value back to the tab", async () => {
    const me = await influencerSession();
    providers.login("facebook", "small-page", [account({ identifier: "P-small", followers: 1_500 })]);
    const state = new URL(location(await get("/auth/facebook", me.token))).searchParams.get("state");
    const back = await get(`/auth/facebook/callback?code=small-page&state=${state}`, me.token, [
      `${LINK_STATE_COOKIE}=${state}`,
    ]);
    expect(location(back)).toBe("/account?p=networks&error=fb-page-followers");
  });

  it("sends a visitor to log in and a brand home, starting nothing", async () => {
    expect(location(await get("/auth/youtube"))).toBe("/login");
    expect(location(await get("/auth/instagram/verify?data=x"))).toBe("/login");
    const brand = await sessionOf((await createBrand(server.db)).id);
    expect(location(await get("/auth/facebook", brand))).toBe("/");
    expect(location(await get("/auth/youtube/callback?code=a&state=b", brand))).toBe("/");
  });

  it("never redirects to another site through next", async () => {
    const me = await influencerSession();
    const start = await get("/auth/youtube?next=//evil.example/x", me.token);
    const state = new URL(location(start)).searchParams.get("state");
    const back = await get(`/auth/youtube/callback?error=access_denied&state=${state}`, me.token, [
      `${LINK_STATE_COOKIE}=${state}`,
    ]);
    expect(location(back)).toBe("/account?p=networks&error=unknown");
  });
});

describe("Instagram by bio code over HTTP", () => {
  it("gives the code over REST, verifies it through the browser route and refreshes", async () => {
    const me = await influencerSession();
    providers.profile("web.insta", { bio: "", account: account({ identifier: "x", followers: 9_000 }) });
    const answer = await post(server.app, "/auth/instagram/token", { username: "@Web.Insta" }, { token: me.token });
    expect(answer.statusCode).toBe(200);
    const { code } = answer.json().data;
    expect(location(await get("/auth/instagram/verify?data=web.insta", me.token))).toBe(
      "/account?p=networks&error=no-token",
    );
    providers.profile("web.insta", { bio: `hi ${code}`, account: account({ identifier: "x", followers: 9_000 }) });
    expect(location(await get("/auth/instagram/verify?data=web.insta&next=/deals/9", me.token))).toBe(
      "/account?p=networks&linked=instagram&next=%2Fdeals%2F9",
    );
    expect(location(await get("/auth/instagram/refresh", me.token))).toBe("/account?p=networks&refreshed=instagram");
  });

  it("answers the token call with invalid for a bad username, and forbidden for a brand", async () => {
    const me = await influencerSession();
    const bad = await post(server.app, "/auth/instagram/token", { username: "a b" }, { token: me.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: "error", reason: "invalid" });
    const brand = await sessionOf((await createBrand(server.db)).id);
    const refused = await post(server.app, "/auth/instagram/token", { username: "abc" }, { token: brand });
    expect(refused.json()).toEqual({ status: "error", reason: "forbidden" });
  });
});

describe("the networks REST paths", () => {
  it("lists, adds, chooses, removes and shows the own profile", async () => {
    const me = await influencerSession();
    const added = await post(server.app, "/api/networks", { type: "blog", title: " My Blog " }, { token: me.token });
    expect(added.json()).toMatchObject({ status: "success", data: { title: "MyBlog", linkMethod: "name" } });
    const again = await post(server.app, "/api/networks", { type: "blog", title: "Other" }, { token: me.token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: "error", reason: "conflict" });

    const listed = (await get("/api/networks", me.token)).json();
    expect(listed).toMatchObject({ status: "success", data: { canApply: false, sandbox: false } });
    const id = listed.data.networks[0].id;
    const chosen = await post(server.app, "/api/networks/choose", { id, type: "blog" }, { token: me.token });
    expect(chosen.json()).toMatchObject({ status: "success" });
    const refreshed = await post(server.app, "/api/networks/refresh", { id }, { token: me.token });
    expect(refreshed.json()).toMatchObject({ status: "error", reason: "invalid" });
    // A body's id is a JSON number (docs/api.md): its digits as text are refused, on either path, and nothing goes.
    for (const path of ["/api/networks/refresh", "/api/networks/remove"]) {
      const asText = await post(server.app, path, { id: String(id) }, { token: me.token });
      expect([asText.statusCode, asText.json()], path).toMatchObject([
        400,
        { status: "error", reason: "invalid", issues: [{ path: ["id"] }] },
      ]);
    }

    const profile = (await get("/api/profile", me.token)).json();
    expect(profile).toMatchObject({ status: "success", data: { id: me.id, isOwn: true, canApply: false } });
    const removed = await post(server.app, "/api/networks/remove", { id }, { token: me.token });
    expect(removed.json()).toEqual({ status: "success", data: { id } });
    expect((await get("/api/networks", me.token)).json().data.networks).toEqual([]);
  });

  it("refuses visitors and brands", async () => {
    expect((await get("/api/networks")).json()).toEqual({ status: "error", reason: "unauthorized" });
    const brand = await sessionOf((await createBrand(server.db)).id);
    expect((await get("/api/profile", brand)).json()).toEqual({ status: "error", reason: "forbidden" });
  });
});
