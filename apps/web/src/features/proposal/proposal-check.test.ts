import {
  CHANGE_SOMETHING_MESSAGE,
  FILL_ONE_LINE_MESSAGE,
  ORGANIC_RIGHTS,
  PROPOSAL_TEXT_MAX,
  proposalPrice,
} from "@market/contracts";
import { describe, expect, it } from "vitest";
import { i18n, loadAllTexts } from "../../lib/i18n";
import { checkProposal, type ProposalContext, proposalChanged } from "./proposal-check";
import { type ProposalFormValues, proposalTableOf } from "./proposal-lines";
import { local, ownNetwork } from "./test-fixtures";

// The first load carries only the landing's texts (lib/i18n.ts).
await loadAllTexts();

const now = local(2026, 3, 10, 9);
const { lines } = proposalTableOf(
  [
    ownNetwork(1, "instagram"),
    ownNetwork(2, "youtube"),
    ownNetwork(3, "twitter", { isVerified: false }),
    ownNetwork(4, "youtube"),
  ],
  ["instagram", "youtube", "twitter"],
);
const newContext: ProposalContext = { dealId: 7, application: null, lines };
const form = (overrides: Partial<ProposalFormValues>): ProposalFormValues => ({
  text: "I love your shoes.",
  expiration: "2026-05-10",
  lines: {},
  ...overrides,
});

describe("checkProposal, new mode", () => {
  it("builds the create request: trimmed text, priced lines only, the day at 23:59", () => {
    const checked = checkProposal(
      newContext,
      form({
        text: "  Hello brand  ",
        lines: {
          1: { price: "$1,250", creationDays: " 5 " },
          2: { price: "", creationDays: "" },
          4: { price: " ", creationDays: " " },
        },
      }),
      now,
    );
    expect(checked).toEqual({
      ok: true,
      request: {
        kind: "create",
        input: {
          dealId: 7,
          text: "Hello brand",
          expiration: local(2026, 5, 10, 23, 59),
          prices: [{ networkId: 1, price: 1250, creationDays: 5, usageRights: ORGANIC_RIGHTS }],
        },
      },
    });
  });

  it("sends a line's usage rights, and marks months out of bounds on the line's rights (issue 37)", () => {
    const licensed = { kind: "licensed" as const, months: "6", countries: ["fr" as const] };
    const sent = checkProposal(
      newContext,
      form({ text: "Hi", lines: { 1: { price: "400", creationDays: "5", rights: licensed } } }),
      now,
    );
    expect(sent.ok && sent.request.input.prices).toEqual([
      {
        networkId: 1,
        price: 400,
        creationDays: 5,
        usageRights: { kind: "licensed", months: 6, territory: ["fr"] },
      },
    ]);
    for (const months of ["25", "0", "six", ""]) {
      const refused = checkProposal(
        newContext,
        form({ text: "Hi", lines: { 1: { price: "400", creationDays: "5", rights: { ...licensed, months } } } }),
        now,
      );
      expect(refused.ok ? null : refused.errors.lines[1]).toEqual({
        usageRights: { key: "PROPOSAL_MODAL.RIGHTS_MONTHS_INVALID", values: { min: 1, max: 24 } },
      });
    }
  });

  it("asks for one line when none is priced", () => {
    const checked = checkProposal(newContext, form({ lines: { 2: { price: " ", creationDays: "" } } }), now);
    expect(checked).toEqual({ ok: false, errors: { form: { key: "PROPOSAL.FILL_ONE_LINE" }, lines: {} } });
  });

  it("marks a price under 25 or not whole, and a price without days, on their lines", () => {
    const checked = checkProposal(
      newContext,
      form({
        lines: {
          1: { price: "24", creationDays: "3" },
          2: { price: "30.5", creationDays: "3" },
          4: { price: "30", creationDays: "" },
        },
      }),
      now,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.form).toEqual({ key: "PROPOSAL_MODAL.FIX_FIELDS" });
    expect(checked.errors.lines).toEqual({
      1: { price: { key: "PROPOSAL_MODAL.PRICE_INVALID", values: { min: 25 } } },
      2: { price: { key: "PROPOSAL_MODAL.PRICE_INVALID", values: { min: 25 } } },
      4: { creationDays: { key: "PROPOSAL_MODAL.DAYS_REQUIRED" } },
    });
  });

  it("marks days without a price on their price, and sends nothing", () => {
    // Instagram $2,000 in 4 days, and days typed for YouTube without its price.
    const checked = checkProposal(
      newContext,
      form({ lines: { 1: { price: "$2,000", creationDays: "4" }, 2: { price: "", creationDays: "9" } } }),
      now,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        form: { key: "PROPOSAL_MODAL.FIX_FIELDS" },
        lines: { 2: { price: { key: "PROPOSAL_MODAL.PRICE_REQUIRED" } } },
      },
    });
    // Alone, the line is marked too, under the table's own headline.
    const alone = checkProposal(newContext, form({ lines: { 2: { price: " ", creationDays: "9" } } }), now);
    expect(alone).toEqual({
      ok: false,
      errors: {
        form: { key: "PROPOSAL.FILL_ONE_LINE" },
        lines: { 2: { price: { key: "PROPOSAL_MODAL.PRICE_REQUIRED" } } },
      },
    });
  });

  it("marks days that are not a whole number from 1 to 365", () => {
    for (const days of ["0", "366", "2.5", "abc"]) {
      const checked = checkProposal(newContext, form({ lines: { 1: { price: "30", creationDays: days } } }), now);
      expect(checked.ok ? null : checked.errors.lines[1]).toEqual({
        creationDays: { key: "PROPOSAL_MODAL.DAYS_INVALID", values: { min: 1, max: 365 } },
      });
    }
  });

  it("prices a network type once", () => {
    const checked = checkProposal(
      newContext,
      form({ lines: { 2: { price: "30", creationDays: "3" }, 4: { price: "40", creationDays: "3" } } }),
      now,
    );
    expect(checked.ok ? null : checked.errors.lines).toEqual({
      4: { network: { key: "PROPOSAL_MODAL.ONE_PER_TYPE" } },
    });
  });

  it("ignores values on a line that cannot be priced", () => {
    const checked = checkProposal(newContext, form({ lines: { 3: { price: "30", creationDays: "3" } } }), now);
    expect(checked.ok ? null : checked.errors.form).toEqual({ key: "PROPOSAL.FILL_ONE_LINE" });
  });

  it("requires the text, at most PROPOSAL_TEXT_MAX characters", () => {
    const priced = { 1: { price: "30", creationDays: "3" } };
    const blank = checkProposal(newContext, form({ text: "   ", lines: priced }), now);
    expect(blank.ok ? null : blank.errors.text).toEqual({ key: "PROPOSAL_MODAL.TEXT_REQUIRED" });
    const long = checkProposal(newContext, form({ text: "a".repeat(PROPOSAL_TEXT_MAX + 1), lines: priced }), now);
    expect(long.ok ? null : long.errors.text).toEqual({
      key: "PROPOSAL_MODAL.TEXT_TOO_LONG",
      values: { max: PROPOSAL_TEXT_MAX },
    });
    expect(checkProposal(newContext, form({ text: "a".repeat(PROPOSAL_TEXT_MAX), lines: priced }), now).ok).toBe(true);
  });

  it("refuses a missing, impossible or past expiration day, and accepts today", () => {
    const priced = { 1: { price: "30", creationDays: "3" } };
    const errorOf = (expiration: string) => {
      const checked = checkProposal(newContext, form({ expiration, lines: priced }), now);
      return checked.ok ? null : checked.errors.expiration;
    };
    expect(errorOf("")).toEqual({ key: "PROPOSAL_MODAL.EXPIRATION_REQUIRED" });
    expect(errorOf("2026-02-30")).toEqual({ key: "VALIDATION.INVALID_DATE" });
    expect(errorOf("2026-03-09")).toEqual({ key: "PROPOSAL_MODAL.EXPIRATION_PAST" });
    expect(errorOf("2026-03-10")).toBeNull();
    // At 23:59 the day is over.
    const late = checkProposal(
      newContext,
      form({ expiration: "2026-03-10", lines: priced }),
      local(2026, 3, 10, 23, 59),
    );
    expect(late.ok ? null : late.errors.expiration).toEqual({ key: "PROPOSAL_MODAL.EXPIRATION_PAST" });
  });
});

describe("checkProposal, update mode", () => {
  // Stored in another time zone: not 23:59 local.
  const expiration = local(2026, 4, 1, 18, 30);
  const application = {
    id: 42,
    expiration,
    prices: [
      {
        network: "instagram" as const,
        networkId: 1,
        reach: 1000,
        price: 120,
        creationDays: 5,
        link: null,
        usageRights: ORGANIC_RIGHTS,
      },
    ],
  };
  const context: ProposalContext = { dealId: 7, application, lines };
  const same = { 1: { price: "120", creationDays: "5" } };

  it("says 'Please change something.' when nothing changed, without a request", () => {
    const checked = checkProposal(context, form({ text: "", expiration: "2026-04-01", lines: same }), now);
    expect(checked).toEqual({ ok: false, errors: { form: { key: "PROPOSAL.CHANGE_SOMETHING" }, lines: {} } });
  });

  it("sends a changed price with the application's own expiration instant when the day is kept", () => {
    const checked = checkProposal(
      context,
      form({ text: "", expiration: "2026-04-01", lines: { 1: { price: "$130", creationDays: "5" } } }),
      now,
    );
    expect(checked).toEqual({
      ok: true,
      request: {
        kind: "update",
        input: {
          id: 42,
          expiration,
          prices: [{ networkId: 1, price: 130, creationDays: 5, usageRights: ORGANIC_RIGHTS }],
        },
      },
    });
  });

  it("counts a new day, new days to create or a new line as a change; needs no text", () => {
    const changed = [
      form({ text: "", expiration: "2026-04-02", lines: same }),
      form({ text: "", expiration: "2026-04-01", lines: { 1: { price: "120", creationDays: "6" } } }),
      form({ text: "", expiration: "2026-04-01", lines: { ...same, 2: { price: "25", creationDays: "1" } } }),
    ];
    for (const values of changed) expect(checkProposal(context, values, now).ok).toBe(true);
    const moved = checkProposal(context, changed[0] as ProposalFormValues, now);
    expect(moved.ok && moved.request.input.expiration).toEqual(local(2026, 4, 2, 23, 59));
  });

  it("still requires a priced line", () => {
    const checked = checkProposal(context, form({ text: "", expiration: "2026-04-02", lines: {} }), now);
    expect(checked.ok ? null : checked.errors.form).toEqual({ key: "PROPOSAL.FILL_ONE_LINE" });
  });
});

describe("proposalChanged", () => {
  const application = {
    expiration: local(2026, 4, 1, 23, 59),
    prices: [
      {
        network: "instagram" as const,
        networkId: 1,
        reach: 1,
        price: 120,
        creationDays: 5,
        link: null,
        usageRights: ORGANIC_RIGHTS,
      },
      {
        network: "youtube" as const,
        networkId: 2,
        reach: 1,
        price: 60,
        creationDays: 2,
        link: null,
        usageRights: ORGANIC_RIGHTS,
      },
    ],
  };
  const prices = [
    { networkId: 2, price: 60, creationDays: 2, usageRights: ORGANIC_RIGHTS },
    { networkId: 1, price: 120, creationDays: 5, usageRights: ORGANIC_RIGHTS },
  ];

  it("ignores the order of the lines and the time within the day", () => {
    expect(proposalChanged(application, prices, local(2026, 4, 1, 12))).toBe(false);
  });

  it("sees a removed line, another network, another day", () => {
    expect(proposalChanged(application, prices.slice(1), application.expiration)).toBe(true);
    expect(
      proposalChanged(
        application,
        [...prices.slice(1), { networkId: 4, price: 60, creationDays: 2, usageRights: ORGANIC_RIGHTS }],
        application.expiration,
      ),
    ).toBe(true);
    expect(proposalChanged(application, prices, local(2026, 4, 2, 23, 59))).toBe(true);
  });

  it("sees usage rights changed alone (issue 37)", () => {
    const [first, second] = prices as [(typeof prices)[number], (typeof prices)[number]];
    const licensed = {
      ...first,
      usageRights: { kind: "licensed" as const, months: 6, territory: "worldwide" as const },
    };
    expect(proposalChanged(application, [licensed, second], application.expiration)).toBe(true);
  });
});

describe("messages", () => {
  it("say what the contracts say", () => {
    expect(i18n.t("PROPOSAL.FILL_ONE_LINE")).toBe(FILL_ONE_LINE_MESSAGE);
    expect(i18n.t("PROPOSAL.CHANGE_SOMETHING")).toBe(CHANGE_SOMETHING_MESSAGE);
    const priceIssue = proposalPrice.safeParse("24").error?.issues[0]?.message;
    expect(i18n.t("PROPOSAL_MODAL.PRICE_INVALID", { min: 25 })).toBe(priceIssue);
  });
});
