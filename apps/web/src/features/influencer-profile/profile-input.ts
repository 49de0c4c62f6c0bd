import { type GetInfluencerInput, getInfluencerInput } from "@market/contracts";

/**
 * The profile's request for the path's {id} (a numeric id or a search result's opaque id), or null when the server
 * could not read it: the screen and its route's loader (issue 33) both ask with this.
 */
export const profileInputOf = (rawId: string): GetInfluencerInput | null =>
  getInfluencerInput.safeParse({ id: rawId }).success ? { id: rawId } : null;
