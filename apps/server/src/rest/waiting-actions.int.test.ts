import { createSession, fixedClock, memoryFileStore } from "@market/api";
import { waitingApplication } from "@market/api/testing";
import { describe, expect, it } from "vitest";
import { post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock, files: memoryFileStore() });
const tokenOf = async (userId: number, impersonatorId: number | null = null) =>
  (await createSession(server.db, clock, userId, impersonatorId)).token;

async function setup() {
  const app = await waitingApplication(server.db, clock);
  return {
    id: app.id,
    brand: await tokenOf(app.brand.id),
    influencer: await tokenOf(app.influencer.id),
    adminAsBrand: await tokenOf(app.brand.id, app.admin.id),
  };
}

describe("waiting-stage REST routes", () => {
  it("POST /api/applications/{id}/changes answers the envelope to the brand, and refusals with their reason", async () => {
    const { id, brand, influencer, adminAsBrand } = await setup();
    const body = { prices: [{ network: "instagram", price: "$900" }] };
    const asked = await post(server.app, `/api/applications/${id}/changes`, body, { token: brand });
    expect([asked.statusCode, asked.json()]).toEqual([
      200,
      { status: "success", data: { id, status: "WAITING", deniedReason: null } },
    ]);
    const byAdmin = await post(server.app, `/api/applications/${id}/changes`, body, { token: adminAsBrand });
    expect(byAdmin.statusCode).toBe(200);
    const unchanged = { prices: [{ network: "instagram", price: 1250 }] };
    const same = await post(server.app, `/api/applications/${id}/changes`, unchanged, { token: brand });
    expect([same.statusCode, same.json().reason]).toEqual([409, "no_change"]);
    const empty = await post(server.app, `/api/applications/${id}/changes`, {}, { token: brand });
    expect([empty.statusCode, empty.json().reason]).toEqual([400, "missing_parameters"]);
    const wrongSide = await post(server.app, `/api/applications/${id}/changes`, body, { token: influencer });
    expect([wrongSide.statusCode, wrongSide.json()]).toEqual([403, { status: "error", reason: "forbidden" }]);
    const visitor = await post(server.app, `/api/applications/${id}/changes`, body);
    expect([visitor.statusCode, visitor.json().reason]).toEqual([401, "unauthorized"]);
  });

  it("POST /api/applications/{id}/decline declines once with the reason; others get not_found", async () => {
    const { id, brand, influencer } = await setup();
    const other = await setup();
    const stranger = await post(server.app, `/api/applications/${id}/decline`, {}, { token: other.brand });
    expect([stranger.statusCode, stranger.json()]).toEqual([404, { status: "error", reason: "not_found" }]);
    const wrongSide = await post(server.app, `/api/applications/${id}/decline`, {}, { token: influencer });
    expect(wrongSide.statusCode).toBe(403);
    const unknown = await post(server.app, `/api/applications/${id}/decline`, { reason: "EXPIRED" }, { token: brand });
    expect([unknown.statusCode, unknown.json().reason]).toEqual([400, "invalid"]);
    const declined = await post(server.app, `/api/applications/${id}/decline`, { reason: "FAKE" }, { token: brand });
    expect([declined.statusCode, declined.json()]).toEqual([
      200,
      { status: "success", data: { id, status: "DENIED", deniedReason: "FAKE" } },
    ]);
    const again = await post(server.app, `/api/applications/${id}/decline`, undefined, { token: brand });
    expect([again.statusCode, again.json()]).toEqual([409, { status: "error", reason: "closed" }]);
  });
});
