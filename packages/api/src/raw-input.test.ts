import { describe, expect, it } from "vitest";
import { MAX_INPUT_DEPTH, rawInputIssue } from "./raw-input";

const nulAt = (path: (string | number)[]) => ({ path, message: "Must not contain a NUL character." });
const nested = (depth: number, inner: unknown = 1): unknown => {
  let value = inner;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
};

describe("rawInputIssue", () => {
  it("finds none in ordinary inputs", () => {
    expect(rawInputIssue(undefined)).toBeNull();
    expect(rawInputIssue("café ☕ \n\t")).toBeNull();
    expect(rawInputIssue({ query: "x", page: 2, tags: ["a", null, true], at: new Date(0) })).toBeNull();
  });

  it("gives the path of the first string holding a NUL character", () => {
    expect(rawInputIssue("a\u0000b")).toEqual(nulAt([]));
    expect(rawInputIssue({ query: "ab\u0000c" })).toEqual(nulAt(["query"]));
    expect(
      rawInputIssue({ prices: [{ price: 30 }, { price: "3\u00000", creationDays: "\u0000" }], text: "\u0000" }),
    ).toEqual(nulAt(["prices", 1, "price"]));
  });

  it("checks object keys too", () => {
    expect(rawInputIssue({ data: { "first\u0000Name": "Ann" } })).toEqual(nulAt(["data", "first\u0000Name"]));
  });

  it("walks arrays and plain objects only", () => {
    expect(rawInputIssue(new Map([["k", "\u0000"]]))).toBeNull();
    expect(rawInputIssue(Object.assign(Object.create(null), { text: "\u0000" }))).toEqual(nulAt(["text"]));
  });

  it("refuses nesting deeper than the limit, at the level that breaks it, whatever the depth", () => {
    expect(rawInputIssue(nested(MAX_INPUT_DEPTH))).toBeNull();
    expect(rawInputIssue({ a: nested(MAX_INPUT_DEPTH - 1, "\u0000") })).toEqual(
      nulAt(["a", ...Array(MAX_INPUT_DEPTH - 1).fill(0)]),
    );
    for (const depth of [MAX_INPUT_DEPTH + 1, 3_000, 100_000]) {
      expect(rawInputIssue(JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`))).toEqual({
        path: Array(MAX_INPUT_DEPTH).fill(0),
        message: `Must not nest deeper than ${MAX_INPUT_DEPTH} levels.`,
      });
    }
  });

  it("visits a shared or cyclic object once", () => {
    const cyclic: Record<string, unknown> = { name: "a" };
    cyclic.self = cyclic;
    expect(rawInputIssue(cyclic)).toBeNull();
    // 30 levels of an object referenced twice: 2^30 paths, 30 objects.
    let shared: unknown = { text: "ok" };
    for (let level = 0; level < 30; level += 1) shared = [shared, shared];
    expect(rawInputIssue(shared)).toBeNull();
  });
});
