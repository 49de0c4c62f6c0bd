import { sandboxAuthenticateInput, sandboxTokenInput } from "@market/contracts";
import { sandboxAuthenticate, sandboxToken } from "../../services/payments/sandbox-card-form";
import { brandProcedure, publicProcedure, router } from "../../trpc";

/** The checkout's card form (spec section 2, Checkout modal; money.md, Payments). */
export const paymentsRouter = router({
  /** GET /api/payments/config: Stripe's publishable key, or the built-in sandbox. */
  config: publicProcedure.query(({ ctx }) => ctx.payments.publicConfig),
  /** POST /api/payments/sandbox/tokens: the sandbox card form's tokenization (not_found unless the sandbox). */
  sandboxToken: brandProcedure
    .input(sandboxTokenInput)
    .mutation(({ ctx, input }) => sandboxToken(ctx, ctx.viewer, input)),
  /** POST /api/payments/sandbox/authenticate: the sandbox's card authentication step, approved or failed. */
  sandboxAuthenticate: brandProcedure
    .input(sandboxAuthenticateInput)
    .mutation(({ ctx, input }) => sandboxAuthenticate(ctx, ctx.viewer, input)),
});
