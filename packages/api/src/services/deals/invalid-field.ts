import { TRPCError } from "@trpc/server";
import { ZodRealError } from "zod";

/**
 * Refuses input that passed its schema but breaks a rule only the server can check (the clock, ownership of
 * files). It fails like the schema would: BAD_REQUEST, reason `invalid`, and one issue on the field, so the
 * wizard marks that field the same way in both cases.
 */
export function failField(path: (string | number)[], message: string): never {
  throw new TRPCError({
    code: "BAD_REQUEST",
    message,
    // ZodRealError, the Error subclass zod itself throws: tRPC keeps only Error causes as they are.
    cause: new ZodRealError([{ code: "custom", path, message, input: undefined }]),
  });
}
