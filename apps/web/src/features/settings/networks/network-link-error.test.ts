import { NETWORK_LINK_ERRORS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json";
import { networkLinkErrorOf } from "./network-link-error";

describe("networkLinkErrorOf", () => {
  it("names each error of the spec", () => {
    for (const error of NETWORK_LINK_ERRORS) expect(networkLinkErrorOf(error)).toBe(error);
  });

  it("has no error without the parameter, and the generic one for a value it does not know", () => {
    expect(networkLinkErrorOf(undefined)).toBeNull();
    expect(networkLinkErrorOf("")).toBeNull();
    expect(networkLinkErrorOf("teapot")).toBe("unknown");
  });

  it("has an English message for every error", () => {
    for (const error of NETWORK_LINK_ERRORS) expect(en.NETWORKS.LINK_ERROR[error]).toEqual(expect.any(String));
  });
});
