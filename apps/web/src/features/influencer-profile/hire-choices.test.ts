import type { DealStatus, ReviewStatus } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { hireChoices } from "./hire-choices";

const campaign = (id: number, status: DealStatus, reviewStatus: ReviewStatus) => ({
  id,
  title: `Campaign ${id}`,
  status,
  reviewStatus,
});

describe("hireChoices", () => {
  it("lists open campaigns only, approved ones selectable first, the others with their review status", () => {
    expect(
      hireChoices([
        campaign(1, "open", "NONE"),
        campaign(2, "open", "OK"),
        campaign(3, "paused", "OK"),
        campaign(4, "open", "KO"),
        campaign(5, "closed", "NONE"),
        campaign(6, "open", "OK"),
      ]),
    ).toEqual([
      { id: 2, title: "Campaign 2", selectable: true },
      { id: 6, title: "Campaign 6", selectable: true },
      { id: 1, title: "Campaign 1", selectable: false, reviewStatus: "NONE" },
      { id: 4, title: "Campaign 4", selectable: false, reviewStatus: "KO" },
    ]);
  });

  it("is empty without an open campaign", () => {
    expect(hireChoices([campaign(1, "paused", "OK"), campaign(2, "closed", "OK")])).toEqual([]);
  });
});
