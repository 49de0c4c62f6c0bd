import { SEARCH_RESULT_ID_MIN_LENGTH } from "@market/contracts";

/** Spec section 2: an id longer than 10 characters marks a profile reached through a search (Hire shows). */
export const reachedThroughSearch = (routeId: string): boolean => routeId.length >= SEARCH_RESULT_ID_MIN_LENGTH;
