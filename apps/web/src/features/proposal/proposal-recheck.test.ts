import { ORGANIC_RIGHTS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { checkProposal, type ProposalContext, type ProposalErrors } from "./proposal-check";
import { type LineValues, type ProposalFormValues, proposalTableOf } from "./proposal-lines";
import { recheckProposal } from "./proposal-recheck";
import { local, ownNetwork } from "./test-fixtures";

const now = local(2026, 3, 10, 9);
const { lines } = proposalTableOf(
  [ownNetwork(1, "instagram"), ownNetwork(2, "youtube"), ownNetwork(4, "youtube")],
  ["instagram", "youtube"],
);
const context: ProposalContext = { dealId: 7, application: null, lines };
const form = (overrides: Partial<ProposalFormValues>): ProposalFormValues => ({
  text: "I love your shoes.",
  expiration: "2026-05-10",
  lines: {},
  ...overrides,
});
const withLine = (values: ProposalFormValues, networkId: number, line: LineValues): ProposalFormValues => ({
  ...values,
  lines: { ...values.lines, [networkId]: line },
});

/** The messages a submit of these values shows. */
function refused(values: ProposalFormValues): ProposalErrors {
  const checked = checkProposal(context, values, now);
  if (checked.ok) throw new Error("the values pass the check");
  return checked.errors;
}

const FIX_FIELDS = { key: "PROPOSAL_MODAL.FIX_FIELDS" } as const;
const PRICE_INVALID = { key: "PROPOSAL_MODAL.PRICE_INVALID", values: { min: 25 } } as const;

describe("recheckProposal", () => {
  it("drops the message of a fixed field and the headline with it", () => {
    const before = form({ lines: { 1: { price: "24", creationDays: "3" } } });
    const shown = refused(before);
    expect(shown.lines[1]?.price).toEqual(PRICE_INVALID);
    const after = withLine(before, 1, { price: "150", creationDays: "3" });
    expect(recheckProposal(context, before, after, shown, now)).toEqual({ lines: {} });
  });

  it("gives an edited field its new message when it is wrong in another way", () => {
    const before = form({ lines: { 1: { price: "30", creationDays: "0" } } });
    const shown = refused(before);
    expect(shown.lines[1]?.creationDays).toEqual({ key: "PROPOSAL_MODAL.DAYS_INVALID", values: { min: 1, max: 365 } });
    const after = withLine(before, 1, { price: "30", creationDays: "" });
    expect(recheckProposal(context, before, after, shown, now)).toEqual({
      form: FIX_FIELDS,
      lines: { 1: { creationDays: { key: "PROPOSAL_MODAL.DAYS_REQUIRED" } } },
    });
  });

  it("marks an edited field that had no message, but never one nobody touched", () => {
    const before = form({ text: "", lines: { 1: { price: "30", creationDays: "3" } } });
    const shown = refused(before);
    expect(shown).toEqual({ form: FIX_FIELDS, text: { key: "PROPOSAL_MODAL.TEXT_REQUIRED" }, lines: {} });
    // A price typed on a new line: its days are missing, but the days field was not touched yet.
    const priced = withLine(before, 2, { price: "40", creationDays: "" });
    const afterPrice = recheckProposal(context, before, priced, shown, now);
    expect(afterPrice).toEqual(shown);
    // The first line's price made wrong: marked at once.
    const wrong = withLine(priced, 1, { price: "10", creationDays: "3" });
    expect(recheckProposal(context, priced, wrong, afterPrice, now).lines).toEqual({ 1: { price: PRICE_INVALID } });
  });

  it("re-checks a marked field that depends on the edit: the other field of its line, a line of its type", () => {
    // Days without a price mark the price; emptying the days leaves a blank line, which is fine.
    const before = form({ lines: { 1: { price: "30", creationDays: "3" }, 2: { price: "", creationDays: "9" } } });
    const shown = refused(before);
    expect(shown.lines[2]).toEqual({ price: { key: "PROPOSAL_MODAL.PRICE_REQUIRED" } });
    const after = withLine(before, 2, { price: "", creationDays: "" });
    expect(recheckProposal(context, before, after, shown, now)).toEqual({ lines: {} });

    // Two YouTube lines: the second is marked; emptying the first clears it.
    const twice = form({ lines: { 2: { price: "30", creationDays: "3" }, 4: { price: "40", creationDays: "3" } } });
    const once = refused(twice);
    expect(once.lines).toEqual({ 4: { network: { key: "PROPOSAL_MODAL.ONE_PER_TYPE" } } });
    const cleared = withLine(twice, 2, { price: "", creationDays: "" });
    expect(recheckProposal(context, twice, cleared, once, now)).toEqual({ lines: {} });
  });

  it("keeps what the submit said on fields the edit does not bear on, the server's words included", () => {
    const before = form({ lines: { 1: { price: "30", creationDays: "3" } } });
    const shown: ProposalErrors = { form: FIX_FIELDS, text: { text: "Too rude." }, lines: {} };
    const after = form({ ...before, expiration: "2026-05-11" });
    expect(recheckProposal(context, before, after, shown, now)).toEqual(shown);
  });

  it("keeps the table's headline while the table is empty, and drops it once a line is priced", () => {
    const before = form({});
    const shown = refused(before);
    expect(shown).toEqual({ form: { key: "PROPOSAL.FILL_ONE_LINE" }, lines: {} });
    const texted = form({ text: "Hello" });
    expect(recheckProposal(context, before, texted, shown, now)).toEqual(shown);
    const priced = withLine(before, 1, { price: "30", creationDays: "3" });
    expect(recheckProposal(context, before, priced, shown, now)).toEqual({ lines: {} });
  });

  it("drops 'Please change something.' once something changed, and keeps the answer of the last send", () => {
    const update: ProposalContext = {
      ...context,
      application: {
        id: 42,
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
        ],
      },
    };
    const same = form({ text: "", expiration: "2026-04-01", lines: { 1: { price: "120", creationDays: "5" } } });
    const unchanged: ProposalErrors = { form: { key: "PROPOSAL.CHANGE_SOMETHING" }, lines: {} };
    const moved = form({ ...same, expiration: "2026-04-02" });
    expect(recheckProposal(update, same, moved, unchanged, now)).toEqual({ lines: {} });

    const paused: ProposalErrors = { form: { key: "DEAL.ERROR_PAUSED" }, lines: {} };
    expect(recheckProposal(update, same, moved, paused, now)).toEqual(paused);
  });
});
