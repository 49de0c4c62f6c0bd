import { NETWORK_LINK_ERRORS, type NetworkLinkError } from "@market/contracts";

/**
 * The linking error an `error` query parameter of the networks tab names (spec section 8), or null without one.
 * A value the product does not know is shown as the generic `unknown`.
 */
export function networkLinkErrorOf(value: unknown): NetworkLinkError | null {
  if (value === undefined || value === null || value === "") return null;
  return (NETWORK_LINK_ERRORS as readonly unknown[]).includes(value) ? (value as NetworkLinkError) : "unknown";
}
