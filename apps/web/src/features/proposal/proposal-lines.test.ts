import { ORGANIC_RIGHTS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { defaultDeadline, toDateInputValue } from "../../lib/deadline";
import { initialProposalValues, lineLabelOf, priceableLines, proposalTableOf } from "./proposal-lines";
import { local, ownNetwork } from "./test-fixtures";

const networks = [
  ownNetwork(1, "instagram"),
  ownNetwork(2, "instagram", { isVerified: false }),
  ownNetwork(3, "youtube", { isConflicting: true, isVerified: true }),
  ownNetwork(4, "twitter"),
  ownNetwork(5, "facebook", { isConflicting: true, isVerified: false }),
];

describe("proposal table", () => {
  it("keeps the networks the deal asks for as lines and the others apart", () => {
    const table = proposalTableOf(networks, ["instagram", "youtube", "facebook"]);
    expect(table.lines.map((line) => [line.network.id, line.blocked])).toEqual([
      [1, null],
      [2, "unverified"],
      [3, "conflicting"],
      // A conflict is named before the missing verification.
      [5, "conflicting"],
    ]);
    expect(table.nonApplied.map((network) => network.id)).toEqual([4]);
    expect(priceableLines(table.lines).map((line) => line.network.id)).toEqual([1]);
  });

  it("has no line when the influencer has none of the asked types", () => {
    const table = proposalTableOf(networks, ["blog"]);
    expect(table.lines).toEqual([]);
    expect(table.nonApplied).toHaveLength(5);
  });

  it("labels a line by its type, with the account title when two lines share the type", () => {
    const { lines } = proposalTableOf(networks, ["instagram", "twitter"]);
    const [first, , twitter] = lines;
    if (!first || !twitter) throw new Error("lines missing");
    expect(lineLabelOf(first, lines, "Instagram")).toBe("Instagram (instagram-1)");
    expect(lineLabelOf(twitter, lines, "Twitter")).toBe("Twitter");
  });
});

describe("initial values", () => {
  const now = local(2026, 3, 10, 9);

  it("opens blank in new mode, expiring about two months ahead at 23:59", () => {
    const { lines } = proposalTableOf(networks, ["instagram"]);
    const values = initialProposalValues(lines, null, now);
    expect(values).toEqual({ text: "", expiration: "2026-05-10", lines: {} });
    expect(values.expiration).toBe(toDateInputValue(defaultDeadline(now)));
  });

  it("never defaults the expiration after the campaign's deadline, which closes the campaign sooner", () => {
    const { lines } = proposalTableOf(networks, ["instagram"]);
    const deadline = local(2026, 3, 25, 23, 59);
    expect(initialProposalValues(lines, null, now, deadline).expiration).toBe("2026-03-25");
    // A deadline further away than the usual two months leaves the usual default.
    expect(initialProposalValues(lines, null, now, local(2026, 8, 1, 23, 59)).expiration).toBe("2026-05-10");
  });

  it("fills update mode from the application: by network id, else by type, and its expiration", () => {
    const verified = [ownNetwork(1, "instagram"), ownNetwork(4, "twitter"), ownNetwork(6, "youtube")];
    const { lines } = proposalTableOf(verified, ["instagram", "twitter", "youtube"]);
    const values = initialProposalValues(
      lines,
      {
        expiration: local(2026, 4, 1, 23, 59),
        prices: [
          {
            network: "instagram",
            networkId: 1,
            reach: 1000,
            price: 120,
            creationDays: 5,
            link: null,
            usageRights: ORGANIC_RIGHTS,
          },
          // The twitter account was relinked: a new id, the same type.
          {
            network: "twitter",
            networkId: 99,
            reach: 4000,
            price: 80,
            creationDays: 2,
            link: null,
            usageRights: ORGANIC_RIGHTS,
          },
          // The influencer no longer has a snapchat line: nothing to fill.
          {
            network: "snapchat",
            networkId: null,
            reach: 10,
            price: 30,
            creationDays: 1,
            link: null,
            usageRights: ORGANIC_RIGHTS,
          },
        ],
      },
      now,
    );
    expect(values.expiration).toBe("2026-04-01");
    expect(values.lines).toEqual({
      1: { price: "120", creationDays: "5" },
      4: { price: "80", creationDays: "2" },
    });
  });

  it("never fills a blocked line nor takes by type a line another price owns", () => {
    const own = [ownNetwork(1, "instagram"), ownNetwork(2, "instagram", { isVerified: false })];
    const { lines } = proposalTableOf(own, ["instagram"]);
    const values = initialProposalValues(
      lines,
      {
        expiration: local(2026, 4, 1, 23, 59),
        prices: [
          {
            network: "instagram",
            networkId: 2,
            reach: 1,
            price: 50,
            creationDays: 3,
            link: null,
            usageRights: ORGANIC_RIGHTS,
          },
          {
            network: "instagram",
            networkId: 1,
            reach: 1,
            price: 40,
            creationDays: 4,
            link: null,
            usageRights: ORGANIC_RIGHTS,
          },
        ],
      },
      now,
    );
    expect(values.lines).toEqual({ 1: { price: "40", creationDays: "4" } });
  });
});
