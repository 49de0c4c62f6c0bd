import { createSession, fixedClock, memoryFileStore } from "@market/api";
import { createBrand, paidApplication } from "@market/api/testing";
import { applicationPageAnswer, DAY_MS, RELEASE_WINDOW_MS, sandboxDeliverables } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { cookieFor, post, postRaw } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock, files: memoryFileStore() });
const tokenOf = async (userId: number, impersonatorId: number | null = null) =>
  (await createSession(server.db, clock, userId, impersonatorId)).token;

async function setup() {
  const app = await paidApplication(server.db, clock);
  return {
    id: app.id,
    brand: await tokenOf(app.brand.id),
    influencer: await tokenOf(app.influencer.id),
    adminAsBrand: await tokenOf(app.brand.id, app.admin.id),
    otherBrand: await tokenOf((await createBrand(server.db)).id),
  };
}
/** The work-done body of paidApplication's hire (instagram). */
const DONE = { deliverables: sandboxDeliverables(["instagram"]) };
const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

describe("delivery REST routes", () => {
  it("refuses a malformed body on the paths that read none, and does nothing (docs/api.md, Bodies)", async () => {
    const { id, brand, influencer } = await setup();
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    for (const payload of ["[]", '"x"', "null", '{"a":"\\u0000"}', deep, `{"a":${deep}}`]) {
      for (const [path, token] of [
        ["done", influencer],
        ["release", brand],
      ] as const) {
        const refused = await postRaw(server.app, `/api/applications/${id}/${path}`, payload, { token });
        expect([refused.statusCode, refused.json()], `${path} ${payload.slice(0, 20)}`).toMatchObject([
          400,
          { status: "error", reason: "invalid", issues: [{ path: expect.any(Array) }] },
        ]);
      }
    }
    // Nothing happened: the work is still to be done, and a well-formed call does it.
    const done = await post(server.app, `/api/applications/${id}/done`, DONE, { token: influencer });
    expect([done.statusCode, done.json().data.moneyReleaseDate]).toEqual([200, at(RELEASE_WINDOW_MS)]);
  });

  it("POST /api/applications/{id}/done, /undone and /release answer the envelope, refusals with their reason", async () => {
    const { id, brand, influencer, otherBrand } = await setup();
    const early = await post(server.app, `/api/applications/${id}/undone`, undefined, { token: brand });
    expect([early.statusCode, early.json()]).toEqual([409, { status: "error", reason: "not_allowed_yet" }]);
    const wrongSide = await post(server.app, `/api/applications/${id}/done`, DONE, { token: brand });
    expect([wrongSide.statusCode, wrongSide.json()]).toEqual([403, { status: "error", reason: "forbidden" }]);
    const stranger = await post(server.app, `/api/applications/${id}/done`, DONE, { token: otherBrand });
    expect([stranger.statusCode, stranger.json()]).toEqual([404, { status: "error", reason: "not_found" }]);
    const visitor = await post(server.app, `/api/applications/${id}/release`, undefined);
    expect([visitor.statusCode, visitor.json().reason]).toEqual([401, "unauthorized"]);

    const done = await post(server.app, `/api/applications/${id}/done`, DONE, { token: influencer });
    const releaseDate = at(RELEASE_WINDOW_MS);
    expect([done.statusCode, done.json()]).toEqual([
      200,
      {
        status: "success",
        data: {
          id,
          status: "PROGRESS",
          moneyReleaseDate: releaseDate,
          countdown: { state: "running", releaseDate, remainingMs: RELEASE_WINDOW_MS },
        },
      },
    ]);
    const twice = await post(server.app, `/api/applications/${id}/done`, DONE, { token: influencer });
    expect([twice.statusCode, twice.json()]).toEqual([409, { status: "error", reason: "conflict" }]);

    clock.advance(DAY_MS);
    const tooLong = { text: "x".repeat(5001) };
    const invalid = await post(server.app, `/api/applications/${id}/undone`, tooLong, { token: brand });
    expect([invalid.statusCode, invalid.json().reason]).toEqual([400, "invalid"]);
    const undone = await post(server.app, `/api/applications/${id}/undone`, { text: "Not live" }, { token: brand });
    expect([undone.statusCode, undone.json().data]).toEqual([
      200,
      {
        id,
        status: "PROGRESS",
        moneyReleaseDate: null,
        countdown: { state: "paused", remainingMs: RELEASE_WINDOW_MS - DAY_MS, pausedBy: ["contest"] },
      },
    ]);

    const released = await post(server.app, `/api/applications/${id}/release`, undefined, { token: brand });
    expect([released.statusCode, released.json().data]).toMatchObject([
      200,
      { id, status: "COMPLETE", countdown: null },
    ]);
    const again = await post(server.app, `/api/applications/${id}/release`, undefined, { token: brand });
    expect([again.statusCode, again.json()]).toEqual([409, { status: "error", reason: "closed" }]);
  });

  it("POST /admin/api/applications/{id}/close-case is for an admin acting only, and needs an open case", async () => {
    const { id, brand, influencer, adminAsBrand } = await setup();
    await post(server.app, `/api/applications/${id}/done`, DONE, { token: influencer });
    const nothing = await post(server.app, `/admin/api/applications/${id}/close-case`, undefined, {
      token: adminAsBrand,
    });
    expect([nothing.statusCode, nothing.json()]).toEqual([409, { status: "error", reason: "conflict" }]);
    await post(server.app, `/api/applications/${id}/undone`, undefined, { token: brand });
    const notAdmin = await post(server.app, `/admin/api/applications/${id}/close-case`, undefined, { token: brand });
    expect([notAdmin.statusCode, notAdmin.json()]).toEqual([403, { status: "error", reason: "forbidden" }]);
    const closed = await post(server.app, `/admin/api/applications/${id}/close-case`, undefined, {
      token: adminAsBrand,
    });
    expect([closed.statusCode, closed.json().data]).toMatchObject([
      200,
      { id, status: "PROGRESS", countdown: { state: "running", remainingMs: RELEASE_WINDOW_MS } },
    ]);
  });

  it("POST /admin/api/applications/{id}/refund refunds once, for an admin acting only", async () => {
    const { id, brand, adminAsBrand } = await setup();
    const notAdmin = await post(server.app, `/admin/api/applications/${id}/refund`, undefined, { token: brand });
    expect([notAdmin.statusCode, notAdmin.json()]).toEqual([403, { status: "error", reason: "forbidden" }]);
    const refunded = await post(server.app, `/admin/api/applications/${id}/refund`, undefined, { token: adminAsBrand });
    expect([refunded.statusCode, refunded.json().data]).toMatchObject([200, { id, status: "DENIED", countdown: null }]);
    const again = await post(server.app, `/admin/api/applications/${id}/refund`, undefined, { token: adminAsBrand });
    expect([again.statusCode, again.json()]).toEqual([409, { status: "error", reason: "closed" }]);
    const unknown = await post(server.app, "/admin/api/applications/999999/refund", undefined, { token: adminAsBrand });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { status: "error", reason: "not_found" }]);
  });

  it("GET /api/applications/{id} answers the delivery part the document describes, contested work included", async () => {
    const { id, brand, influencer } = await setup();
    await post(server.app, `/api/applications/${id}/done`, DONE, { token: influencer });
    await post(server.app, `/api/applications/${id}/undone`, { text: "Not live" }, { token: brand });
    const page = await server.app.inject({ url: `/api/applications/${id}`, headers: { cookie: cookieFor(brand) } });
    expect(page.statusCode).toBe(200);
    const { delivery } = applicationPageAnswer.parse(page.json().data);
    expect(delivery).toMatchObject({
      current: { posts: [{ network: "instagram", check: { state: expect.any(String) } }], files: [] },
      history: [],
    });
    expect(delivery?.current.changesRequest).toMatchObject({ text: "Not live", at: clock.now().toISOString() });
  });
});
