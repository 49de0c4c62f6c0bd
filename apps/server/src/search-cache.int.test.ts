import { createSession, systemClock } from "@market/api";
import { createBrand, createInfluencer } from "@market/api/testing";
import { sql } from "@market/db";
import { describe, expect, it } from "vitest";
import { cookieFor, post } from "./testing/auth-helpers";
import { useTestApp } from "./testing/test-app";

const server = useTestApp();

/** The cities of a keyword search's cards, as a brand's browser asks for them. */
async function citiesFound(token: string, query: string): Promise<(string | null)[]> {
  const input = encodeURIComponent(JSON.stringify({ 0: { json: { query } } }));
  const response = await server.app.inject({
    method: "GET",
    url: `/trpc/influencers.search?batch=1&input=${input}`,
    headers: { cookie: cookieFor(token) },
  });
  expect(response.statusCode).toBe(200);
  const [item] = response.json() as { result: { data: { json: { influencers: { city: string | null }[] } } } }[];
  return item?.result.data.json.influencers.map((card) => card.city) ?? [];
}

/** Changes an influencer's city with the triggers off (session_replication_role): no NOTIFY tells the app. */
const moveQuietly = (userId: number, city: string) =>
  server.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update influencer_profiles set city = ${city} where user_id = ${userId}`);
  });

const moveLoudly = (userId: number, city: string) =>
  server.db.execute(sql`update influencer_profiles set city = ${city} where user_id = ${userId}`);

describe("the app's search caches", () => {
  it("answer a search again from memory, until a write of this instance, which the next search sees", async () => {
    const brand = await createBrand(server.db);
    const { token } = await createSession(server.db, systemClock, brand.id);
    const star = await createInfluencer(server.db, { username: "quietstar", city: "Lyon" });
    expect(await citiesFound(token, "quietstar")).toEqual(["Lyon"]);

    await moveQuietly(star.id, "Nice");
    expect(await citiesFound(token, "quietstar")).toEqual(["Lyon"]);
    // A search over REST is a POST that only reads: it keeps the caches.
    const rest = await post(server.app, "/api/influencers/search", { query: "quietstar" }, { token });
    expect(rest.json().data.influencers.map((card: { city: string }) => card.city)).toEqual(["Lyon"]);
    expect(await citiesFound(token, "quietstar")).toEqual(["Lyon"]);

    // Any write here (a logout writes no search table) forgets them before it answers.
    const other = await createSession(server.db, systemClock, brand.id);
    expect((await post(server.app, "/api/logout", {}, { token: other.token })).statusCode).toBe(200);
    expect(await citiesFound(token, "quietstar")).toEqual(["Nice"]);
  });

  it("forget a search when another instance writes what it read (search_changed), long before the TTL", async () => {
    const brand = await createBrand(server.db);
    const { token } = await createSession(server.db, systemClock, brand.id);
    const star = await createInfluencer(server.db, { username: "loudstar", city: "Lyon" });
    expect(await citiesFound(token, "loudstar")).toEqual(["Lyon"]);

    await moveLoudly(star.id, "Nice");
    const written = performance.now();
    let cities = await citiesFound(token, "loudstar");
    while (cities[0] !== "Nice" && performance.now() - written < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      cities = await citiesFound(token, "loudstar");
    }
    expect(cities).toEqual(["Nice"]);
  });
});
