/**
 * The console's search params as plain text: `?adminId=336`, never the router's default `?adminId=%22336%22` (it
 * JSON-quotes a number-like text so that it reads back as a string). Every console screen validates its params
 * from text (features/console/<area>/*-query.ts), so nothing is lost by reading them all as strings, and an
 * operator can read and edit the address. Objects (none today) would still go as JSON.
 */
export function parsePlainSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr));
}

export function stringifyPlainSearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined) continue;
    params.set(key, typeof value === "object" && value !== null ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
