import { type ChannelListener, channelListenerOf, newestMigrationMillis } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { createReadiness, type ReadinessDeps } from "./readiness";

const testDb = useTestDb();

/** A LISTEN that starts and then hears nothing: a connection lost without the listener knowing yet. */
const deafListener: ChannelListener = { listen: async () => async () => {} };

async function checkWith(overrides: Partial<ReadinessDeps>) {
  const readiness = createReadiness({
    db: testDb.db,
    listener: channelListenerOf(testDb.db),
    expectedMigration: newestMigrationMillis(),
    isDraining: () => false,
    ...overrides,
  });
  try {
    return await readiness.check();
  } finally {
    await readiness.close();
  }
}

describe("readiness", () => {
  it("is ready on a migrated database whose NOTIFY comes back over the LISTEN", async () => {
    expect(await checkWith({})).toEqual({
      ready: true,
      checks: { database: "ok", listen: "ok", migrations: "ok", draining: "ok" },
    });
  });

  it("fails the check that fails: draining, a migration missing, a LISTEN that hears nothing", async () => {
    expect((await checkWith({ isDraining: () => true })).checks).toMatchObject({ draining: "failed", listen: "ok" });
    const newer = await checkWith({ expectedMigration: newestMigrationMillis() + 1 });
    expect([newer.ready, newer.checks.migrations, newer.checks.database]).toEqual([false, "failed", "ok"]);
    const deaf = await checkWith({ listener: deafListener });
    expect([deaf.ready, deaf.checks.listen, deaf.checks.database]).toEqual([false, "failed", "ok"]);
  });

  it("reads draining at every probe but checks the database at most once a second", async () => {
    let draining = false;
    let listens = 0;
    const counting: ChannelListener = {
      listen: (channel, onPayload, onListening) =>
        channelListenerOf(testDb.db).listen(
          channel,
          (payload) => {
            listens += 1;
            onPayload(payload);
          },
          onListening,
        ),
    };
    const readiness = createReadiness({
      db: testDb.db,
      listener: counting,
      expectedMigration: newestMigrationMillis(),
      isDraining: () => draining,
    });
    try {
      expect((await readiness.check()).ready).toBe(true);
      draining = true;
      expect((await readiness.check()).checks.draining).toBe("failed");
      expect(listens).toBe(1);
    } finally {
      await readiness.close();
    }
  });
});
