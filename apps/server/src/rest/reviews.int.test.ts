import { createSession, fixedClock, memoryFileStore } from "@market/api";
import { paidApplication, SAMPLE_FEEDBACK } from "@market/api/testing";
import { DAY_MS, reviewListAnswer, reviewPageAnswer } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { cookieFor, post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock, files: memoryFileStore() });
const tokenOf = async (userId: number) => (await createSession(server.db, clock, userId, null)).token;
const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { cookie: cookieFor(token) } : {} });

const BODY = { rating: { brief: 4, communication: 4, payment: 5, fairness: 5 }, text: "Fair and quick." };

describe("review REST routes (issue 40)", () => {
  it("POST /api/applications/{id}/review writes the influencer's review, GET /api/brands/{id}/reviews lists it once published", async () => {
    const app = await paidApplication(server.db, clock);
    await app.callers.brand.applications.release({ id: app.id });
    const [brand, influencer] = [await tokenOf(app.brand.id), await tokenOf(app.influencer.id)];
    const url = `/api/applications/${app.id}/review`;
    const listUrl = `/api/brands/${app.brand.id}/reviews`;

    const wrongSide = await post(server.app, url, BODY, { token: brand });
    expect([wrongSide.statusCode, wrongSide.json()]).toEqual([403, { status: "error", reason: "forbidden" }]);
    const invalid = await post(
      server.app,
      url,
      { ...BODY, rating: { ...BODY.rating, brief: 9 } },
      { token: influencer },
    );
    expect([invalid.statusCode, invalid.json().reason]).toEqual([400, "invalid"]);
    const written = await post(server.app, url, BODY, { token: influencer });
    expect(written.statusCode).toBe(200);
    expect(written.json().data).toMatchObject({ ...BODY, average: 4.5 });
    const page = await get(url, influencer);
    expect(reviewPageAnswer.parse(page.json().data)).toMatchObject({ state: "given" });

    // Not published yet: the brand's list is empty, to the brand and to anyone.
    expect((await get(listUrl, brand)).json().data).toEqual({ reviews: [], nextCursor: null });
    expect((await get(listUrl)).statusCode).toBe(401);

    clock.advance(8 * DAY_MS);
    await app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK });
    const listed = await get(listUrl, influencer);
    expect(listed.statusCode).toBe(200);
    const data = reviewListAnswer.parse(listed.json().data);
    expect(data.reviews).toEqual([expect.objectContaining({ applicationId: app.id, text: "Fair and quick." })]);
    const badCursor = await get(`${listUrl}?cursor=nope`, influencer);
    expect([badCursor.statusCode, badCursor.json().reason]).toEqual([400, "invalid"]);
  });
});
