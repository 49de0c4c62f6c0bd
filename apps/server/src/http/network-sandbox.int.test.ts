import {
  type NetworkProviders,
  sandboxBioReader,
  sandboxNetworkProviders,
  systemClock,
  unavailableOAuthProvider,
} from "@market/api";
import { TEST_ORIGIN } from "@market/api/testing";
import { generateCodeVerifier } from "arctic";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { useTestApp } from "../testing/test-app";

const server = useTestApp();
const ORIGIN = "http://localhost:80";
const HTML = { accept: "text/html,application/xhtml+xml" };

/** The consent page's sample links, as a browser would find them. */
const linksOf = (page: string) =>
  [...page.matchAll(/<a class="choice" href="([^"]+)">/g)].map((match) => (match[1] ?? "").replaceAll("&amp;", "&"));

describe("the OAuth sandbox consent page", () => {
  it("lists every sample as a link to the callback whose code the provider then accepts", async () => {
    const youtube = sandboxNetworkProviders(server.db, systemClock).oauth.youtube;
    const verifier = generateCodeVerifier();
    const consent = youtube.authorizationUrl("state-123", verifier, ORIGIN);
    const response = await server.app.inject({
      method: "GET",
      url: `${consent.pathname}${consent.search}`,
      headers: HTML,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.body).toContain("Link an account from the YouTube sandbox");

    const links = linksOf(response.body);
    expect(links).toHaveLength(6);
    const picked = new URL(links[0] ?? "", ORIGIN);
    expect(picked.pathname).toBe("/auth/youtube/callback");
    expect(picked.searchParams.get("state")).toBe("state-123");
    const tokens = await youtube.exchangeCode(picked.searchParams.get("code") ?? "", verifier);
    expect(await youtube.readAccounts(tokens)).toEqual([expect.objectContaining({ title: "Jordan Lee Kitchen" })]);

    expect(response.body).toContain('href="/auth/youtube/callback?error=access_denied&amp;state=state-123"');
  });

  it("escapes what the link carries", async () => {
    const state = `"><script>alert(1)</script>`;
    const challenge = "a".repeat(43);
    const response = await server.app.inject({
      method: "GET",
      url: `/auth/sandbox/twitter?${new URLSearchParams({ state, code_challenge: challenge })}`,
      headers: HTML,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("<script>");
    expect(response.body).toContain("%22%3E%3Cscript%3E");
  });

  it("answers the same choices as JSON to a client that does not ask for HTML", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: `/auth/sandbox/facebook?state=s&code_challenge=${"b".repeat(43)}`,
    });
    const body = response.json();
    expect(body.status).toBe("success");
    expect(body.data.samples.map((sample: { id: string }) => sample.id)).toEqual([
      "page-owner",
      "small-page",
      "no-page",
      "conflict",
      "broken",
    ]);
    expect(body.data.samples[0].href).toBe(`/auth/facebook/callback?code=page-owner.${"b".repeat(43)}&state=s`);
  });

  it("refuses a link without its state or challenge: a page for a browser, invalid otherwise", async () => {
    for (const query of ["", "?state=s", `?code_challenge=${"c".repeat(43)}`, "?state=s&code_challenge=short"]) {
      const page = await server.app.inject({ method: "GET", url: `/auth/sandbox/youtube${query}`, headers: HTML });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain("This link is not valid");
      const json = await server.app.inject({ method: "GET", url: `/auth/sandbox/youtube${query}` });
      expect(json.json()).toEqual({ status: "error", reason: "invalid" });
    }
  });

  it("does not exist for a network whose provider is not the sandbox", async () => {
    const sandboxes = sandboxNetworkProviders(server.db, systemClock);
    const networkProviders: NetworkProviders = {
      oauth: { ...sandboxes.oauth, youtube: unavailableOAuthProvider("youtube") },
      instagram: { sandbox: false, readProfile: sandboxBioReader(server.db).readProfile },
    };
    const app = await buildApp({ db: server.db, clock: systemClock, publicUrl: TEST_ORIGIN, networkProviders });
    try {
      const query = `?state=s&code_challenge=${"d".repeat(43)}`;
      expect((await app.inject({ method: "GET", url: `/auth/sandbox/youtube${query}` })).statusCode).toBe(404);
      expect((await app.inject({ method: "GET", url: "/auth/sandbox/instagram" })).statusCode).toBe(404);
      expect((await app.inject({ method: "GET", url: `/auth/sandbox/twitter${query}` })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("the Instagram sandbox page", () => {
  const postBio = (payload: string, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: "POST",
      url: "/auth/sandbox/instagram",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-origin",
        ...HTML,
        ...headers,
      },
      payload,
    });

  it("lists the sample profiles, each with a form to set its bio", async () => {
    const response = await server.app.inject({ method: "GET", url: "/auth/sandbox/instagram", headers: HTML });
    expect(response.statusCode).toBe(200);
    for (const username of ["jordan.lee.eats", "tiny.sketchbook", "quiet.garden", "lena.wanders"]) {
      expect(response.body).toContain(`<input type="hidden" name="username" value="${username}">`);
    }
    expect(response.body).toContain('maxlength="150"');
  });

  it("saves a bio posted by the form, redirects, and the reader then finds the code in it", async () => {
    const saved = await postBio(
      new URLSearchParams({ username: "jordan.lee.eats", bio: "Food <3 code: K7Q2XZ" }).toString(),
    );
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe("/auth/sandbox/instagram?saved=jordan.lee.eats");

    const page = await server.app.inject({ method: "GET", url: saved.headers.location as string, headers: HTML });
    expect(page.body).toContain("Bio saved.");
    expect(page.body).toContain("Food &lt;3 code: K7Q2XZ</textarea>");
    expect((await sandboxBioReader(server.db).readProfile("jordan.lee.eats"))?.bio).toBe("Food <3 code: K7Q2XZ");
  });

  it("takes JSON too, answering the envelope", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/auth/sandbox/instagram",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      payload: JSON.stringify({ username: "@Quiet.Garden", bio: "hello" }),
    });
    expect(response.json()).toEqual({ status: "success", data: { username: "quiet.garden" } });
    const list = await server.app.inject({ method: "GET", url: "/auth/sandbox/instagram" });
    expect(list.json().data.profiles).toContainEqual(
      expect.objectContaining({ username: "quiet.garden", bio: "hello", isPrivate: true }),
    );
  });

  it("refuses a post from another site", async () => {
    const response = await postBio("username=jordan.lee.eats&bio=hacked", { "sec-fetch-site": "cross-site" });
    expect(response.statusCode).toBe(403);
    expect((await sandboxBioReader(server.db).readProfile("jordan.lee.eats"))?.bio).not.toBe("hacked");
  });

  it("says what is wrong with a refused bio", async () => {
    const tooLong = await postBio(
      new URLSearchParams({ username: "tiny.sketchbook", bio: "x".repeat(151) }).toString(),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('role="alert">A bio has at most 150 characters.');
    const unknown = await postBio("username=nobody&bio=hi");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("No sample profile has this username.");
    const missing = await postBio("bio=hi");
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain("Choose a profile and write its bio.");
  });
});
