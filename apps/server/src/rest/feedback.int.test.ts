import { createSession, fixedClock, memoryFileStore } from "@market/api";
import { paidApplication } from "@market/api/testing";
import { applicationPageAnswer, DAY_MS, REVIEW_WINDOW_MS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { cookieFor, post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock, files: memoryFileStore() });
const tokenOf = async (userId: number) => (await createSession(server.db, clock, userId, null)).token;
const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { cookie: cookieFor(token) } : {} });

const BODY = {
  rating: { content: 5, availability: 5, communication: 4, cooperation: 4, schedule: 4 },
  iComment: "Lovely work",
  workAgain: true,
  droveAction: true,
  roi: "excellent",
  rComment: "",
  allowUse: false,
};

describe("feedback REST routes", () => {
  it("GET and POST /api/applications/{id}/feedback answer the envelope, refusals with their reason", async () => {
    const app = await paidApplication(server.db, clock);
    await app.callers.brand.applications.release({ id: app.id });
    const brand = await tokenOf(app.brand.id);
    const influencer = await tokenOf(app.influencer.id);
    const url = `/api/applications/${app.id}/feedback`;

    clock.advance(6 * DAY_MS);
    const early = await post(server.app, url, BODY, { token: brand });
    expect([early.statusCode, early.json()]).toEqual([409, { status: "error", reason: "not_allowed_yet" }]);
    const page = await get(url, brand);
    expect([page.statusCode, page.json().data.state]).toEqual([200, "not_yet"]);
    expect(page.headers["cache-control"]).toContain("no-store");

    clock.advance(2 * DAY_MS);
    const wrongSide = await post(server.app, url, BODY, { token: influencer });
    expect([wrongSide.statusCode, wrongSide.json()]).toEqual([403, { status: "error", reason: "forbidden" }]);
    const visitor = await get(url);
    expect([visitor.statusCode, visitor.json().reason]).toEqual([401, "unauthorized"]);
    const invalid = await post(server.app, url, { ...BODY, roi: "meh" }, { token: brand });
    expect([invalid.statusCode, invalid.json().reason, invalid.json().issues?.[0]?.path]).toEqual([
      400,
      "invalid",
      ["roi"],
    ]);
    const badId = await get("/api/applications/abc/feedback", brand);
    expect([badId.statusCode, badId.json().reason]).toEqual([400, "invalid"]);

    const given = await post(server.app, url, BODY, { token: brand });
    expect([given.statusCode, given.json()]).toEqual([
      200,
      { status: "success", data: { ...BODY, average: 4.4, created: clock.now().toISOString() } },
    ]);
    const again = await post(server.app, url, BODY, { token: brand });
    expect([again.statusCode, again.json()]).toEqual([409, { status: "error", reason: "conflict" }]);
    const after = (await get(url, brand)).json().data;
    expect(after).toMatchObject({ state: "given", feedback: { roi: "excellent", average: 4.4 } });
  });

  it("GET /api/applications/{id} answers the feedback part the document describes, to each side", async () => {
    const app = await paidApplication(server.db, clock);
    await app.callers.brand.applications.release({ id: app.id });
    const brand = await tokenOf(app.brand.id);
    const influencer = await tokenOf(app.influencer.id);
    const feedbackOf = async (token: string) => {
      const page = await get(`/api/applications/${app.id}`, token);
      expect(page.statusCode).toBe(200);
      return applicationPageAnswer.parse(page.json().data).feedback;
    };

    expect(await feedbackOf(brand)).toMatchObject({ state: "not_yet", opensAt: expect.any(String) });
    expect(await feedbackOf(influencer)).toBeNull();
    clock.advance(8 * DAY_MS);
    expect(await feedbackOf(brand)).toEqual({ state: "open" });
    await post(server.app, `/api/applications/${app.id}/feedback`, BODY, { token: brand });
    expect(await feedbackOf(brand)).toMatchObject({
      state: "given",
      feedback: { roi: "excellent", average: 4.4 },
      published: false,
    });
    // Double blind (issue 40): the influencer reads nothing of it until it is published, here at the window's close
    // (they wrote no review); then the ratings and the word to them, never the brand-only fields.
    expect(await feedbackOf(influencer)).toBeNull();
    clock.advance(REVIEW_WINDOW_MS);
    const theirs = await feedbackOf(influencer);
    expect(theirs).toMatchObject({ state: "given", feedback: { iComment: "Lovely work", average: 4.4 } });
    expect(theirs?.state === "given" && "roi" in theirs.feedback).toBe(false);
  });
});
