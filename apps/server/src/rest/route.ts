import type { Caller } from "@market/api";

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/** One documented REST path mapped onto a procedure call; the procedure validates and authorizes. */
export interface RestRoute {
  method: "GET" | "POST";
  path: string;
  /** A POST that only reads (a search, whose filters are its body): it leaves the search caches be (may-write.ts). */
  reads?: true;
  call: (caller: Caller, request: RestRequest) => Promise<unknown>;
}

/**
 * Hands an untrusted value to a procedure as its input. Safe because every procedure parses its input with
 * its zod schema before use; the cast only silences the compile-time type of the caller.
 */
export function untrusted(value: unknown): never {
  return value as never;
}

/** A JSON body with the path's {id} added (the path wins), for the calls that act on one row. */
export function bodyWithPathId(request: RestRequest): never {
  const { body, params } = request;
  return untrusted(typeof body === "object" && body !== null ? { ...body, id: params.id } : { id: params.id });
}
