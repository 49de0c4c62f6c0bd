import { type UserSearchInput, type UserSearchPage, userSearchInput } from "@market/contracts";

/** The user search's state in the URL; an invalid value is dropped (a hand-edited address never fails the screen). */
export interface UsersSearch {
  q?: string;
  kind?: "brand" | "influencer";
  flag?: "maybe_fake";
}

export function usersSearchOf(raw: Record<string, unknown>): UsersSearch {
  const search: UsersSearch = {};
  const q = typeof raw.q === "number" ? String(raw.q) : raw.q;
  if (typeof q === "string" && q.trim() !== "" && userSearchInput.shape.q.safeParse(q).success) search.q = q.trim();
  if (raw.kind === "brand" || raw.kind === "influencer") search.kind = raw.kind;
  if (raw.flag === "maybe_fake") search.flag = "maybe_fake";
  return search;
}

/** The procedure's input of a state (the query key the screen and its loader share). */
export const usersInputOf = (search: UsersSearch): Omit<UserSearchInput, "cursor"> => ({ ...search });

export const USERS_PAGES = { getNextPageParam: (page: UserSearchPage) => page.nextCursor } as const;
