import type { ApplicationPriceView } from "@market/contracts";
import { ORGANIC_RIGHTS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { checkChangeRequest, initialChangeValues } from "./change-request";

const prices: ApplicationPriceView[] = [
  {
    network: "instagram",
    networkId: 1,
    reach: 12_000,
    price: 100,
    creationDays: 3,
    link: null,
    usageRights: ORGANIC_RIGHTS,
  },
  {
    network: "youtube",
    networkId: 2,
    reach: 30_000,
    price: 300,
    creationDays: 7,
    link: null,
    usageRights: ORGANIC_RIGHTS,
  },
];

describe("change request", () => {
  it("opens on the proposal's prices and days", () => {
    expect(initialChangeValues(prices)).toEqual({
      0: { price: "100", creationDays: "3" },
      1: { price: "300", creationDays: "7" },
    });
  });

  it("asks for the typed prices, blank days keeping the proposal's and a cleared line asking nothing", () => {
    const values = { 0: { price: "$80", creationDays: "" }, 1: { price: "", creationDays: "" } };
    expect(checkChangeRequest(prices, values)).toEqual({
      ok: true,
      prices: [{ network: "instagram", price: 80, creationDays: null, usageRights: null }],
    });
  });

  it("asks for other usage rights alone, and leaves the proposal's when they are the same (issue 37)", () => {
    const whitelisting = { kind: "whitelisting" as const, months: "3", countries: [] };
    const values = {
      0: { price: "100", creationDays: "3", rights: whitelisting },
      1: { price: "300", creationDays: "7" },
    };
    expect(checkChangeRequest(prices, values)).toEqual({
      ok: true,
      prices: [
        { network: "instagram", price: 100, creationDays: 3, usageRights: { kind: "whitelisting", months: 3 } },
        { network: "youtube", price: 300, creationDays: 7, usageRights: null },
      ],
    });
    expect(checkChangeRequest(prices, { ...values, 0: { price: "100", creationDays: "3" } })).toMatchObject({
      ok: false,
      errors: { form: { key: "PROPOSAL.CHANGE_SOMETHING" } },
    });
  });

  it("asks for a change when only the days differ", () => {
    const values = { 0: { price: "100", creationDays: "5" }, 1: { price: "300", creationDays: "7" } };
    expect(checkChangeRequest(prices, values)).toMatchObject({ ok: true });
  });

  it("says to change something when the lines ask for the proposal as it is", () => {
    expect(checkChangeRequest(prices, initialChangeValues(prices))).toEqual({
      ok: false,
      errors: { form: { key: "PROPOSAL.CHANGE_SOMETHING" }, lines: {} },
    });
  });

  it("marks a price under the minimum, bad days and days without a price", () => {
    const values = { 0: { price: "10", creationDays: "0" }, 1: { price: "", creationDays: "4" } };
    expect(checkChangeRequest(prices, values)).toEqual({
      ok: false,
      errors: {
        form: { key: "PROPOSAL_MODAL.FIX_FIELDS" },
        lines: {
          0: {
            price: { key: "PROPOSAL_MODAL.PRICE_INVALID", values: { min: 25 } },
            creationDays: { key: "PROPOSAL_MODAL.DAYS_INVALID", values: { min: 1, max: 365 } },
          },
          1: { price: { key: "PROPOSAL_MODAL.PRICE_REQUIRED" } },
        },
      },
    });
  });

  it("needs at least one priced line", () => {
    const values = { 0: { price: "", creationDays: "" }, 1: { price: " ", creationDays: "" } };
    expect(checkChangeRequest(prices, values)).toEqual({
      ok: false,
      errors: { form: { key: "PROPOSAL.FILL_ONE_LINE" }, lines: {} },
    });
  });
});
