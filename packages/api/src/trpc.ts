import { eq, users } from "@market/db";
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError, ZodRealError } from "zod";
import type { Context } from "./context";
import { ReasonError } from "./errors";
import { keyRefusal, procedureScope } from "./procedure-scopes";
import { rawInputIssue } from "./raw-input";
import { serializeOutput } from "./speed/superjson-output";
import { reasonOf, refuse, translated, trpcErrorOf } from "./trpc-errors";
import type { Viewer } from "./viewer";

/**
 * The message a caller may read: one a service wrote (fail()) or the input parser's. Any other cause's message is
 * internal (a library's "Maximum call stack size exceeded", a JSON syntax error's position, a database error), so
 * the caller gets the reason instead; the server logs the cause of a 500 (apps/server/src/app.ts).
 */
function publicMessage(error: TRPCError): string {
  if (error.code === "INTERNAL_SERVER_ERROR") return reasonOf(error);
  const { cause } = error;
  return cause === undefined || cause instanceof ReasonError || cause instanceof ZodError
    ? error.message
    : reasonOf(error);
}

const t = initTRPC.context<Context>().create({
  // Inputs as superjson reads them; answers in superjson's format by a faster walk (speed/superjson-output.ts).
  transformer: { input: superjson, output: { serialize: serializeOutput, deserialize: superjson.deserialize } },
  errorFormatter({ shape, error }) {
    const issues =
      error.cause instanceof ZodError
        ? error.cause.issues
        : error.cause instanceof ReasonError
          ? error.cause.issues
          : undefined;
    return {
      ...shape,
      message: publicMessage(error),
      data: { ...shape.data, reason: reasonOf(error), issues, stack: undefined },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Every procedure's raw input, before its own parser: a string holding U+0000 (which PostgreSQL's text cannot
 * store) or nesting deeper than any input of the API is invalid, with the path of the problem, instead of failing
 * at the database or overflowing the stack of code that walks it (a 500 either way).
 */
async function refuseUnusableInput(getRawInput: () => Promise<unknown>): Promise<void> {
  const issue = rawInputIssue(await getRawInput());
  if (issue) {
    // ZodRealError: the ZodError that is an Error, which TRPCError keeps as its cause (as it does a parser's).
    const cause = new ZodRealError([{ code: "custom", ...issue, input: undefined }]);
    throw new TRPCError({ code: "BAD_REQUEST", message: "invalid", cause });
  }
}

/**
 * The answer of the procedure's own call, a service's refusal (ReasonError) translated into the TRPCError of its
 * reason's status: this edge and REST's are the only places a reason meets HTTP.
 */
async function answered<Result extends { ok: boolean }>(result: Promise<Result>): Promise<Result> {
  const outcome = await result;
  if (!outcome.ok) {
    const { error } = outcome as unknown as { error: TRPCError };
    const translation = translated(error);
    if (translation !== error) throw translation;
  }
  return outcome;
}

/**
 * An API key's call outside what it may reach (procedure-scopes.ts): refused before the input is read, whatever
 * the procedure's tier, so a key meets the same rule on every procedure, public ones included.
 */
function refuseKeyOutOfScope(ctx: Context, path: string): void {
  if (!ctx.apiKey) return;
  const refusal = keyRefusal(ctx.apiKey.scopes, procedureScope(path), path);
  if (refusal) throw trpcErrorOf(refusal);
}

/** Anyone, visitors included. */
export const publicProcedure = t.procedure.use(async ({ ctx, path, getRawInput, next }) => {
  refuseKeyOutOfScope(ctx, path);
  await refuseUnusableInput(getRawInput);
  return answered(next());
});

/**
 * A signed-in viewer, of `kind` when given: the input check, then who calls, in one middleware, as each middleware
 * costs tRPC two copies of the call's options (issue 17). The narrowed viewer is a type only: the context already
 * holds it, and a `ctx` passed to `next` would make tRPC copy the context's many keys twice.
 */
const signedInAs = (kind?: Viewer["kind"]) =>
  t.procedure.use(async ({ ctx, type, path, getRawInput, next }) => {
    refuseKeyOutOfScope(ctx, path);
    await refuseUnusableInput(getRawInput);
    if (!ctx.viewer) refuse("unauthorized");
    if (kind !== undefined && ctx.viewer.kind !== kind) refuse("forbidden");
    if (type !== "mutation") return answered(next<{ viewer: Viewer }>({}));
    try {
      return await answered(next<{ viewer: Viewer }>({}));
    } finally {
      // Before the answer: the writer's next read here must see the write, and its NOTIFY may come after that
      // read (services/user-reads-changes.ts); the other users it concerns are told by the NOTIFY.
      ctx.userReads?.forgetUsers([ctx.viewer.userId]);
    }
  });

/** A signed-in brand or influencer (an admin counts when impersonating one). */
export const signedInProcedure = signedInAs();

export const brandProcedure = signedInAs("brand");

export const influencerProcedure = signedInAs("influencer");

/** An admin acting through an impersonation session; the admin's own id is ctx.viewer.impersonatorId. */
export const impersonatingAdminProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.viewer.impersonatorId === null) refuse("forbidden");
  return next({ ctx: { adminId: ctx.viewer.impersonatorId } });
});

/**
 * The operator's console (issue 36): an admin in their own session. An admin acting as a user reaches it only after
 * stopping the impersonation (403 meanwhile, as to any non-admin). Whether the user is an admin is read at each call,
 * so withdrawn rights take effect at once.
 */
export const consoleProcedure = signedInProcedure.use(async ({ ctx, next }) => {
  if (ctx.viewer.impersonatorId !== null) refuse("forbidden");
  const [row] = await ctx.db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, ctx.viewer.userId))
    .limit(1);
  if (!row?.isAdmin) refuse("forbidden");
  return next({ ctx: { adminId: ctx.viewer.userId } });
});

export { TRPCError };
