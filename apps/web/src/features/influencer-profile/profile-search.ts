/**
 * The search of a brand's /influencers/{id}: `application`, the id of the brand's application the profile was
 * opened from, so that its way back leads to that application rather than to the search.
 */
export interface ProfileSearch {
  application?: number;
}

/** Keeps `application` when it is an id (a positive integer); anything else is dropped, the way back is the search. */
export function validateProfileSearch(search: Record<string, unknown>): ProfileSearch {
  const id = Number(search.application);
  return search.application !== undefined && Number.isSafeInteger(id) && id > 0 ? { application: id } : {};
}
