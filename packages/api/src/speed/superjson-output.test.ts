import fc from "fast-check";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { serializeOutput } from "./superjson-output";

/** What procedures answer: plain objects and arrays of strings, numbers, booleans, null, undefined and Dates. */
const answer = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.date({ noInvalidDate: true }),
    fc.array(tie("value"), { maxLength: 5 }),
    // Keys with dots and backslashes: superjson escapes them in its paths.
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom("a.b", "c\\d", "e\\.f", "")), tie("value"), { maxKeys: 5 }),
  ),
})).value;

/**
 * What goes on the wire, as the client parses it, or the message `serialize` throws: generated keys include
 * "__proto__", which superjson refuses.
 */
function outcome(serialize: () => unknown) {
  try {
    return { sent: JSON.parse(JSON.stringify(serialize())) };
  } catch (error) {
    return { thrown: (error as Error).message };
  }
}

/** What the web app reads from it: superjson.deserialize of what was sent, or the message serializing threw. */
function readBack(serialize: () => unknown) {
  const result = outcome(serialize);
  return "sent" in result ? { read: superjson.deserialize(result.sent) } : result;
}

describe("serializeOutput", () => {
  it("sends superjson's JSON, which superjson reads back as it reads its own, or refuses as it does", () => {
    fc.assert(
      fc.property(answer, (value) => {
        const ours = outcome(() => serializeOutput(value));
        const theirs = outcome(() => superjson.serialize(value as never));
        if ("thrown" in theirs) return void expect(ours).toEqual(theirs);
        expect("sent" in ours && ours.sent.json).toEqual(theirs.sent.json);
        // toStrictEqual: a key read back as undefined is not a missing key.
        expect(readBack(() => serializeOutput(value))).toStrictEqual(
          readBack(() => superjson.serialize(value as never)),
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it("reads back through superjson as the value it was", () => {
    const created = new Date("2026-11-30T08:15:00.123Z");
    const value = { id: 7, created, prices: [{ at: created }, { at: null }], note: undefined, "a.b": [undefined] };
    const read = superjson.deserialize<typeof value>(JSON.parse(JSON.stringify(serializeOutput(value))));
    expect(read).toEqual(value);
    expect(read.created).toBeInstanceOf(Date);
    expect(read.prices[0]?.at?.getTime()).toBe(created.getTime());
    expect(Object.hasOwn(read, "note")).toBe(true);
  });

  it("annotates as a tree of the annotated values' keys, escaped as superjson escapes its paths", () => {
    const value = {
      id: 7,
      items: [{ at: new Date(1) }, { at: new Date(2), gone: [undefined] }, { at: null }],
      "a.b": { "c\\d": new Date(3) },
      plain: { n: 1 },
    };
    // superjson.serialize writes the same annotations flat, as "items.0.at": ["Date"], "a\\.b.c\\\\d"...: its
    // deserialize reads both (its MinimisedTree), and the tree is cheaper to build and shorter to send.
    expect(serializeOutput(value).meta?.values).toEqual({
      items: { 0: { at: ["Date"] }, 1: { at: ["Date"], gone: { 0: ["undefined"] } } },
      "a\\.b": { "c\\\\d": ["Date"] },
    });
    expect(serializeOutput({ id: 7, plain: { n: 1 } }).meta).toBeUndefined();
    expect(readBack(() => serializeOutput(value))).toStrictEqual({ read: value });
  });

  it("annotates a Date or undefined at the root as superjson does", () => {
    for (const value of [new Date(0), undefined, "plain", 3, null]) {
      expect(outcome(() => serializeOutput(value))).toEqual(outcome(() => superjson.serialize(value)));
    }
  });

  it("hands what it does not walk to superjson: it sends what superjson sends", () => {
    const shared = { n: 1 };
    class Point {
      constructor(readonly x: number) {}
    }
    // An array with a hole (superjson skips it: the hole reads back as null, not undefined).
    const sparse = [1, 2, 3];
    delete sparse[1];
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const values: unknown[] = [
      { map: new Map([["k", new Date(5)]]) },
      { set: new Set([1, 2]) },
      { big: 10n },
      { nan: Number.NaN, inf: Number.POSITIVE_INFINITY, negativeZero: -0 },
      { twice: [shared, shared] },
      { point: new Point(2) },
      { invalid: new Date(Number.NaN) },
      { sparse },
      { regexp: /x/g, error: new Error("boom") },
      cyclic,
    ];
    for (const value of values) {
      expect(outcome(() => serializeOutput(value))).toEqual(outcome(() => superjson.serialize(value as never)));
    }
  });

  it("refuses a prototype-polluting key exactly as superjson does", () => {
    // A computed key is an own property named __proto__, as fast-check's dictionaries make it.
    const generatedShape = [{ ["__proto__"]: null }];
    expect(() => superjson.serialize(generatedShape)).toThrow(/prototype pollution/);
    expect(() => serializeOutput(generatedShape)).toThrow(/prototype pollution/);
    const value = JSON.parse('{"ok":1,"constructor":{"prototype":{}}}');
    expect(() => superjson.serialize(value)).toThrow(/prototype pollution/);
    expect(() => serializeOutput(value)).toThrow(/prototype pollution/);
  });
});
