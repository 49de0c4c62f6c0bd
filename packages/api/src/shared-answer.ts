/**
 * Answers shared by many requests as they are: an influencer search page from the search cache (search-cache.ts)
 * goes to every brand and visitor searching the same thing for a few seconds. Frozen deep when shared, so no
 * request's code can change what the next one gets (it would throw), and known as such, so that the server writes
 * each one's JSON once (apps/server/src/speed/trpc-queries.ts) rather than at every request.
 */
const shared = new WeakSet<object>();

export function shareAnswer<T>(answer: T): T {
  freezeDeep(answer);
  if (typeof answer === "object" && answer !== null) shared.add(answer);
  return answer;
}

export const isSharedAnswer = (value: unknown): value is object =>
  typeof value === "object" && value !== null && shared.has(value);

function freezeDeep(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) freezeDeep(child);
}
