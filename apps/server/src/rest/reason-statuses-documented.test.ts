import { readFileSync } from "node:fs";
import { REASON_STATUS, REASONS, type Reason } from "@market/contracts";
import { describe, expect, it } from "vitest";

const reference = readFileSync(new URL("../../../../docs/api.md", import.meta.url), "utf8");

/** The status of each reason as docs/api.md's table writes it, but for the transport's own rows. */
function documentedStatuses(): Map<string, number[]> {
  const statuses = new Map<string, number[]>();
  for (const row of reference.matchAll(/^\| (\d{3}) +\| (.*) \|$/gm)) {
    const [, status, text = ""] = row;
    if (text.includes("(transport)")) continue;
    for (const [, reason = ""] of text.matchAll(/`([a-z_]+)`/g)) {
      statuses.set(reason, [...(statuses.get(reason) ?? []), Number(status)]);
    }
  }
  return statuses;
}

describe("docs/api.md's statuses", () => {
  it("give each reason the one status REASON_STATUS answers", () => {
    const documented = documentedStatuses();
    const expected = new Map(REASONS.map((reason: Reason) => [reason, [REASON_STATUS[reason]]]));
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(expected));
  });
});
