import { apiKeys, type Db, eq, users } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../clock";
import { apiKeyFor, createBrand } from "../../testing";
import { keySessionId } from "../api-keys/key-session";
import { createSession } from "../auth/sessions";
import { sessionWatch } from "./session-watch";

let db: Db;
const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** What a check ends, among the watched ids. */
async function endedByCheck(ids: string[], check: (watch: ReturnType<typeof sessionWatch>) => Promise<void>) {
  const watch = sessionWatch({ db, clock: systemClock });
  const ended: string[] = [];
  for (const id of ids) watch.watch(id, () => ended.push(id));
  await check(watch);
  watch.close();
  return ended;
}

describe("the sockets opened with an API key", () => {
  it("end at the check once their key is revoked, expired (a roll's end too) or its owner an admin; sessions beside them stand", async () => {
    const brand = await createBrand(db);
    const past = new Date(Date.now() - 1000);
    const alive = await apiKeyFor(db, brand.id);
    const revoked = await apiKeyFor(db, brand.id);
    const expired = await apiKeyFor(db, brand.id);
    const rolled = await apiKeyFor(db, brand.id);
    await db.update(apiKeys).set({ revokedAt: past }).where(eq(apiKeys.id, revoked.id));
    await db.update(apiKeys).set({ expiresAt: past }).where(eq(apiKeys.id, expired.id));
    await db.update(apiKeys).set({ rollExpiresAt: past }).where(eq(apiKeys.id, rolled.id));
    const { token } = await createSession(db, systemClock, brand.id);
    const sessionId = token.split(".")[0] ?? "";

    const keys = [alive, revoked, expired, rolled].map((key) => keySessionId(key.id));
    expect(await endedByCheck([...keys, sessionId], (watch) => watch.checkNow())).toEqual(keys.slice(1));

    // An account made an admin loses the use of its keys (authenticateApiKey), and so its sockets.
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, brand.id));
    expect(await endedByCheck([keySessionId(alive.id), sessionId], (watch) => watch.checkNow())).toEqual([
      keySessionId(alive.id),
    ]);
  });
});
