import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError, ZodRealError } from "zod";
import type { Context } from "./context";
import { fail, ReasonError, reasonOf } from "./errors";
import { findNulCharacter } from "./nul-character";

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const issues =
      error.cause instanceof ZodError
        ? error.cause.issues
        : error.cause instanceof ReasonError
          ? error.cause.issues
          : undefined;
    return { ...shape, data: { ...shape.data, reason: reasonOf(error), issues, stack: undefined } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Every procedure's raw input, before its own parser: a string holding U+0000, which PostgreSQL's text cannot store,
 * is invalid with its field's path (instead of failing at the database as a 500, whatever the field).
 */
const refuseNulCharacters = t.middleware(async ({ getRawInput, next }) => {
  const path = findNulCharacter(await getRawInput());
  if (path) {
    const issue = { code: "custom" as const, path, message: "Must not contain a NUL character.", input: undefined };
    // ZodRealError: the ZodError that is an Error, which TRPCError keeps as its cause (as it does a parser's).
    throw new TRPCError({ code: "BAD_REQUEST", message: "invalid", cause: new ZodRealError([issue]) });
  }
  return next();
});

/** Anyone, visitors included. */
export const publicProcedure = t.procedure.use(refuseNulCharacters);

/** A signed-in brand or influencer (an admin counts when impersonating one). */
export const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.viewer) fail("UNAUTHORIZED", "unauthorized");
  return next({ ctx: { ...ctx, viewer: ctx.viewer } });
});

export const brandProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.viewer.kind !== "brand") fail("FORBIDDEN", "forbidden");
  return next();
});

export const influencerProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.viewer.kind !== "influencer") fail("FORBIDDEN", "forbidden");
  return next();
});

/** An admin acting through an impersonation session; the admin's own id is ctx.viewer.impersonatorId. */
export const impersonatingAdminProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.viewer.impersonatorId === null) fail("FORBIDDEN", "forbidden");
  return next({ ctx: { ...ctx, adminId: ctx.viewer.impersonatorId } });
});

export { TRPCError };
