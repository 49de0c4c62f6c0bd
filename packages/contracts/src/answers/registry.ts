import { z } from "zod";

/**
 * The answers' schemas the OpenAPI document names as components (apps/server/src/openapi): each registered here
 * under the name the document and the generated client call it. A schema describes the JSON a REST answer's `data`
 * carries, so its instants are ISO strings (Wire), not the services' Date objects.
 */
export const answerSchemas = z.registry<{ id: string; description?: string }>();

/** A Date as JSON carries it: `Date.prototype.toJSON`'s ISO 8601 string in UTC. */
export const isoInstant = z.iso.datetime({ offset: true });

/** A service's answer as JSON.stringify writes it: every Date an ISO string, recursively. */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;
