import { describe, expect, it } from "vitest";
import { channelListenerOfClient } from "./channel-listener";

type Listener = { fn: (payload: string) => void; onlisten: () => void };

/**
 * postgres.js's listen as it behaves (node_modules/postgres/src/index.js, listen): the caller's `onlisten` runs once
 * the LISTEN's query has resolved, when the awaiting code resumes (a microtask later); a NOTIFY is handed to `fn` as
 * soon as it is parsed. On a connection re-established after a loss, the LISTEN's answer and a NOTIFY can come in
 * one read (the LISTENs of several channels go out pipelined): the NOTIFY then reaches `fn` before `onlisten`, as
 * seen against PostgreSQL 15 with six channels and notifications sent all along.
 */
function fakePostgresJs() {
  let listener: Listener | undefined;
  return {
    client: {
      async listen(_channel: string, fn: Listener["fn"], onlisten: Listener["onlisten"]) {
        listener = { fn, onlisten };
        await Promise.resolve();
        onlisten();
        return { unlisten: async () => {} };
      },
    },
    /** The connection re-established: its LISTEN answered, and `payload` parsed in the same read. */
    reconnectWith(payload: string) {
      const heard = listener as Listener;
      const answered = Promise.resolve();
      void answered.then(() => heard.onlisten());
      heard.fn(payload);
    },
  };
}

const nextMacrotask = () => new Promise((resolve) => setImmediate(resolve));

describe("channelListenerOfClient on postgres.js", () => {
  it("hands a NOTIFY heard on a re-established connection over after its onListening, not before", async () => {
    const fake = fakePostgresJs();
    const events: string[] = [];
    await channelListenerOfClient(fake.client).listen(
      "notifications",
      (payload) => events.push(`payload ${payload}`),
      () => events.push("listening"),
    );
    fake.reconnectWith("42");
    await nextMacrotask();
    // The hub catches up from the table at onListening; a row handed first would move its catch-up past the rows
    // written while the connection was down, and they would never reach a client.
    expect(events).toEqual(["listening", "listening", "payload 42"]);
  });

  it("keeps the payloads in the order they came", async () => {
    const fake = fakePostgresJs();
    const events: string[] = [];
    await channelListenerOfClient(fake.client).listen(
      "notifications",
      (payload) => events.push(payload),
      () => {},
    );
    fake.reconnectWith("1");
    fake.reconnectWith("2");
    await nextMacrotask();
    expect(events).toEqual(["1", "2"]);
  });
});
