import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import type { Context } from "./context";
import { fail, reasonOf } from "./errors";

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const issues = error.cause instanceof ZodError ? error.cause.issues : undefined;
    return { ...shape, data: { ...shape.data, reason: reasonOf(error), issues, stack: undefined } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** Anyone, visitors included. */
export const publicProcedure = t.procedure;

/** A signed-in brand or influencer (an admin counts when impersonating one). */
export const signedInProcedure = t.procedure.use(({ ctx, next }) => {
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
