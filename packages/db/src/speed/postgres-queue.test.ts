import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";

/**
 * postgres.js keeps its pool's connections (and the queries waiting for one) in small FIFO queues. In 3.4.9 a queue
 * that is pushed to as fast as it is shifted is never emptied, so its array keeps one dead slot per item ever
 * queued and `remove` scans them all: under a steady load every query got slower (a `select 1` loop at 30 in flight
 * fell from 36,000 to 19,000 a second within 160,000 queries), and the memory grew. patches/postgres+3.4.9.patch
 * (applied by `npm ci`'s postinstall) compacts the array; these tests hold the patched queues, both builds Node
 * loads, to a plain array's behaviour and to a bounded array.
 */
interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}
type QueueFactory = <T>(initial?: T[]) => Queue<T>;

const require = createRequire(import.meta.url);
const cjsDir = dirname(require.resolve("postgres"));
const builds: [string, QueueFactory][] = [
  ["esm", (await import(pathToFileURL(join(cjsDir, "../../src/queue.js")).href)).default],
  ["cjs", require(join(cjsDir, "queue.js"))],
];

type Step = { op: "push" } | { op: "shift" } | { op: "cycle" } | { op: "remove"; pick: number };
// Mostly the pool's own pattern (a connection shifted, then queued again), which never empties the queue, so that
// each run goes past the 256 shifts after which the patched queue compacts its array, often several times.
const steps = fc.array(
  fc.oneof(
    { arbitrary: fc.constant<Step>({ op: "cycle" }), weight: 6 },
    { arbitrary: fc.constant<Step>({ op: "push" }), weight: 2 },
    { arbitrary: fc.constant<Step>({ op: "shift" }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant("remove" as const), pick: fc.nat() }), weight: 1 },
  ),
  { minLength: 300, maxLength: 1_500 },
);

/** Counts the slots Array.prototype.indexOf looks at, the queue's only scan. */
function countScannedSlots(): { scanned: () => number; restore: () => void } {
  const indexOf = Array.prototype.indexOf;
  let scanned = 0;
  Array.prototype.indexOf = function (this: unknown[], item: unknown, from?: number) {
    scanned += this.length - (from ?? 0);
    return indexOf.call(this, item, from);
  };
  const restore = () => {
    Array.prototype.indexOf = indexOf;
  };
  return { scanned: () => scanned, restore };
}

describe.each(builds)("postgres.js's pool queue (%s build, patched)", (_build, Queue) => {
  let restore = () => {};
  afterEach(() => restore());

  it("behaves as a first-in first-out array with removal, whatever the order of its calls", () => {
    fc.assert(
      // A property that answers false (not an expect that throws) keeps shrinking a long failing run quick.
      fc.property(steps, (ops) => {
        // Items are objects, as the pool's connections and queries are (never undefined).
        const queue = Queue<{ n: number }>();
        const model: { n: number }[] = [];
        let next = 0;
        for (const step of ops) {
          if (step.op === "push") {
            const item = { n: next++ };
            if (queue.push(item) !== item) return false;
            model.push(item);
          } else if (step.op === "shift" || step.op === "cycle") {
            // The pool shifts only a queue it knows is not empty.
            if (model.length === 0) continue;
            const head = queue.shift();
            if (head === undefined || head !== model.shift()) return false;
            if (step.op === "cycle") model.push(queue.push(head));
          } else {
            // Half the removals ask for an item no longer queued: the pool does that when it moves a connection
            // it has just shifted.
            const gone = step.pick % 2 === 1 || model.length === 0;
            const item = gone ? { n: -1 } : (model[step.pick % model.length] as { n: number });
            if (queue.remove(item) !== (gone ? null : item)) return false;
            if (!gone) model.splice(model.indexOf(item), 1);
          }
          if (queue.length !== model.length) return false;
        }
        return true;
      }),
    );
  });

  it("stays small when it is never emptied, so that a removal scans only what is queued", () => {
    const queue = Queue<{ n: number }>();
    const [a, b, c] = [{ n: 0 }, { n: 1 }, { n: 2 }];
    queue.push(a);
    queue.push(b);
    const counter = countScannedSlots();
    restore = counter.restore;
    // The pool under load: a busy connection is shifted to take a query, then moved back (a removal that finds
    // nothing, then a push), while another is always queued; 100,000 times.
    for (let i = 0; i < 100_000; i++) {
      const connection = queue.shift() as { n: number };
      queue.remove(connection);
      queue.push(connection);
    }
    queue.remove(c);
    counter.restore();
    expect(queue.length).toBe(2);
    // Unpatched, the removals scan every slot ever used: about 5 billion. Patched, the dead slots before the head
    // are never scanned, and at most a few hundred are kept.
    expect(counter.scanned()).toBeLessThan(100_001 * 4);
  });
});
