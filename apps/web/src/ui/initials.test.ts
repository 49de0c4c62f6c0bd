import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initialsOf", () => {
  it.each([
    ["jane_doe", "JD"],
    ["Jane Marie Doe", "JM"],
    ["alice", "AL"],
    ["x", "X"],
    ["élodie.roux", "ÉR"],
    ["__", ""],
  ])("%s -> %s", (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
