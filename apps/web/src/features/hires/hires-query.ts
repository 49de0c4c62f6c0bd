import type { HiresPage } from "@market/contracts";

/** The hires list's request (every hire, newest first) and its pages, by the server's cursor. */
export const HIRES_INPUT = {};
export const HIRES_PAGES = { getNextPageParam: (page: HiresPage) => page.nextCursor } as const;
