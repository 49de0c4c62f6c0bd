import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { issuesOf, proposalServerErrors } from "./server-errors";

const trpcError = (data: unknown) =>
  new TRPCClientError("failed", {
    result: { error: { code: -32600, message: "failed", data } },
  } as ConstructorParameters<typeof TRPCClientError>[1]);

describe("proposal server errors", () => {
  it("puts field issues on the lines that were sent, by position", () => {
    const errors = proposalServerErrors(
      "invalid",
      [
        { path: ["prices", 1, "networkId"], message: "Verify this network before applying with it." },
        { path: ["prices", 0, "price"], message: "A whole number of dollars, at least 25." },
        { path: ["prices", 0], message: "A number of days from 1 to 365." },
        { path: ["expiration"], message: "Choose an expiration date." },
      ],
      [11, 22],
      "create",
    );
    expect(errors).toEqual({
      form: { key: "PROPOSAL_MODAL.FIX_FIELDS" },
      expiration: { text: "Choose an expiration date." },
      lines: {
        11: {
          price: { text: "A whole number of dollars, at least 25." },
          network: { text: "A number of days from 1 to 365." },
        },
        22: { network: { text: "Verify this network before applying with it." } },
      },
    });
  });

  it("shows the table's own issue as the headline", () => {
    expect(
      proposalServerErrors(
        "invalid",
        [{ path: ["prices"], message: "Please fill at least one line of the table." }],
        [],
        "update",
      ),
    ).toEqual({ form: { text: "Please fill at least one line of the table." }, lines: {} });
  });

  it.each([
    ["paused", "DEAL.ERROR_PAUSED"],
    ["closed", "DEAL.ERROR_CLOSED"],
    ["no_change", "PROPOSAL.CHANGE_SOMETHING"],
    ["missing_parameters", "PROPOSAL.MISSING_PARAMETERS"],
    ["conflict", "PROPOSAL_MODAL.ALREADY_APPLIED"],
  ] as const)("shows the message of %s", (reason, key) => {
    expect(proposalServerErrors(reason, [], [1], "create")).toEqual({ form: { key }, lines: {} });
  });

  it("reads closed on an update as the application having moved on, not the deal's deadline", () => {
    expect(proposalServerErrors("closed", [], [1], "update")).toEqual({
      form: { key: "APPLICATION.ERROR_CLOSED" },
      lines: {},
    });
  });

  it("reads expired as the new proposal's past expiration day, or the updated proposal having expired", () => {
    expect(proposalServerErrors("expired", [], [1], "create")).toEqual({
      form: { key: "PROPOSAL_MODAL.FIX_FIELDS" },
      expiration: { key: "PROPOSAL_MODAL.EXPIRATION_PAST" },
      lines: {},
    });
    expect(proposalServerErrors("expired", [], [1], "update")).toEqual({
      form: { key: "DEAL_PAGE.PROPOSAL_EXPIRED" },
      lines: {},
    });
  });

  it("says 'Error! Please try again.' for anything else", () => {
    expect(proposalServerErrors("generic", [], [1], "create").form).toEqual({ key: "PROPOSAL_MODAL.SEND_ERROR" });
    expect(proposalServerErrors("not_found", [], [1], "update").form).toEqual({ key: "PROPOSAL_MODAL.UPDATE_ERROR" });
    // invalid without an issue the modal can place.
    expect(
      proposalServerErrors("invalid", [{ path: ["prices", 5, "price"], message: "x" }], [1], "create").form,
    ).toEqual({
      key: "PROPOSAL_MODAL.SEND_ERROR",
    });
  });

  it("reads the issues of a tRPC error", () => {
    const issues = [{ path: ["prices", 0, "networkId"], message: "m" }];
    expect(issuesOf(trpcError({ reason: "invalid", issues }))).toEqual(issues);
    expect(issuesOf(trpcError({ reason: "paused" }))).toEqual([]);
    expect(issuesOf(new Error("boom"))).toEqual([]);
  });
});
