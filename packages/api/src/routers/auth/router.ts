import {
  changePasswordInput,
  loginInput,
  requestPasswordResetInput,
  resetPasswordInput,
  signUpInput,
} from "@market/contracts";
import { z } from "zod";
import type { Context } from "../../context";
import { changePassword } from "../../services/auth/change-password";
import { impersonate, stopImpersonating } from "../../services/auth/impersonation";
import { login } from "../../services/auth/login";
import { requestPasswordReset, resetPassword } from "../../services/auth/password-reset";
import { invalidateSession } from "../../services/auth/sessions";
import type { SignedIn } from "../../services/auth/sign-up";
import { signUp } from "../../services/auth/sign-up";
import { impersonatingAdminProcedure, publicProcedure, router, signedInProcedure } from "../../trpc";

/** Sets the cookie of a new session and answers what the web needs to pick its route tree after reloading. */
function signedIn(ctx: Context, result: SignedIn) {
  ctx.sessionCookie.set(result.session.token, result.session.expiresAt);
  return { kind: result.kind };
}

export const authRouter = router({
  /** POST /api/signup */
  signUp: publicProcedure
    .input(signUpInput)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await signUp(ctx, ctx, input))),

  /** POST /api/login */
  login: publicProcedure
    .input(loginInput)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await login(ctx, ctx, input))),

  /** POST /api/logout: ends the session, if any, and clears the cookie either way. */
  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.viewer) await invalidateSession(ctx.db, ctx.viewer.sessionId);
    ctx.sessionCookie.clear();
    return null;
  }),

  /** POST /api/reset-password: the same answer whether the email has an account or not. */
  requestPasswordReset: publicProcedure.input(requestPasswordResetInput).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx, ctx, input.email);
    return null;
  }),

  /** POST /api/reset-password/confirm */
  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    await resetPassword(ctx, ctx, input);
    return null;
  }),

  /** POST /api/change-password */
  changePassword: signedInProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx, ctx.viewer, input);
    return null;
  }),

  /**
   * GET /admin/login?u=i&id={id} (a browser redirect): NOT_FOUND for anyone but an admin as themselves. The
   * service parses the query (impersonateInput) itself, after the admin check, so that to anyone else a
   * malformed query is the same not_found as any other.
   */
  impersonate: publicProcedure.input(z.unknown()).mutation(async ({ ctx, input }) => {
    const session = await impersonate(ctx.db, ctx.clock, ctx.viewer, input);
    ctx.sessionCookie.set(session.token, session.expiresAt);
    return null;
  }),

  /** POST /admin/api/stop-impersonating: back to the admin's own session. */
  stopImpersonating: impersonatingAdminProcedure.mutation(async ({ ctx }) => {
    const session = await stopImpersonating(ctx.db, ctx.clock, { ...ctx.viewer, impersonatorId: ctx.adminId });
    if (session) ctx.sessionCookie.set(session.token, session.expiresAt);
    else ctx.sessionCookie.clear();
    return null;
  }),
});
