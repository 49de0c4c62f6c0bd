import { missingFields } from "@market/contracts";
import { fail } from "../../errors";
import { middleware } from "../../trpc";

/**
 * Spec section 8 "missing parameters": a body without one of the required fields answers
 * missing_parameters before the schema runs (a present but malformed field is `invalid`, on its field).
 */
export const requireFields = (fields: readonly string[]) =>
  middleware(async ({ getRawInput, next }) => {
    const missing = missingFields(await getRawInput(), fields);
    if (missing.length > 0) fail("missing_parameters", `Missing: ${missing.join(", ")}.`);
    return next();
  });
