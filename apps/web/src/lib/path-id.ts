import { MAX_ROW_ID } from "@market/contracts";

/**
 * The {id} of a page's path (/campaigns/{id}, /deals/{id}, /applications/{id}, /proposals/{id}): a positive whole
 * number, or null for anything else (the page says not found).
 */
export function parsePathId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ROW_ID ? id : null;
}
