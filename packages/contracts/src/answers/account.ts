import { z } from "zod";
import { USER_KINDS } from "../enums";
import { answerSchemas } from "./registry";

/** GET /api/me: who is calling (a visitor has no user). */
export const meAnswer = z
  .object({
    kind: z.enum(USER_KINDS),
    user: z
      .object({
        id: z.number().int(),
        username: z.string(),
        email: z.string(),
        picture: z.string().nullable(),
        isBrand: z.boolean(),
        isImpersonating: z.boolean(),
        isAdmin: z.boolean(),
        impersonationEndsAt: z.string().nullable(),
        balanceCents: z.number().int().nullable(),
        hasSeenOnboarding: z.boolean(),
      })
      .nullable(),
  })
  .register(answerSchemas, { id: "Me" });

/** POST /api/signup and POST /api/login: the kind of account now signed in (the cookie carries the session). */
export const signedInAnswer = z.object({ kind: z.enum(USER_KINDS) }).register(answerSchemas, { id: "SignedIn" });

/** The answer of the calls that only act: nothing to say. */
export const nothingAnswer = z.null().register(answerSchemas, { id: "Nothing" });

/** The answer of the calls that name the row they made or removed. */
export const idAnswer = z.object({ id: z.number().int() }).register(answerSchemas, { id: "Id" });
