import { MAX_ROW_ID } from "@market/contracts";

/**
 * The id of /campaigns/{id} (the brand's campaign page) and /deals/{id} (the influencer's deal page): a positive
 * whole number, or null for anything else (the page says not found).
 */
export function parseDealId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ROW_ID ? id : null;
}
