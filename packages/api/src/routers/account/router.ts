import { appealFlagInput, saveOnboardingProfileInput } from "@market/contracts";
import { getMe } from "../../services/account/get-me";
import { appealFlag } from "../../services/influencers/flags/appeal-flag";
import { getMyFlag } from "../../services/influencers/flags/my-flag";
import { influencerBalanceCents } from "../../services/ledger/influencer-balance";
import { onboardingSeen } from "../../services/onboarding/onboarding-seen";
import { saveOnboardingProfile } from "../../services/onboarding/save-onboarding-profile";
import { forgetCard, getCard } from "../../services/payments/saved-cards";
import { brandProcedure, influencerProcedure, publicProcedure, router, signedInProcedure } from "../../trpc";

export const accountRouter = router({
  /** GET /api/me: who is using the app; the web picks its route tree from `kind` at load. */
  me: publicProcedure.query(({ ctx }) => getMe(ctx.db, ctx.viewer)),
  /** GET /api/balance: the influencer's available balance (spec: the balance refresh applies to influencers only). */
  balance: influencerProcedure.query(async ({ ctx }) => ({
    balanceCents: await influencerBalanceCents(ctx.db, ctx.viewer.userId),
  })),
  /**
   * GET /api/account/card: the brand's saved card for the checkout and the payment tab, month on 2 digits; null
   * when none, expired, or saved with another gateway than the current one.
   */
  card: brandProcedure.query(({ ctx }) => getCard(ctx, ctx.viewer.userId)),
  /** POST /api/account/card/forget. */
  forgetCard: brandProcedure.mutation(async ({ ctx }) => {
    await forgetCard(ctx.db, ctx.viewer.userId);
    return null;
  }),
  /** POST /api/onboarding/seen. An impersonating admin gets success without the flag being written. */
  onboardingSeen: signedInProcedure.mutation(({ ctx }) => onboardingSeen(ctx.db, ctx.clock, ctx.viewer)),
  /** The influencer's onboarding form: saves its part of the profile and marks onboarding seen. */
  saveOnboardingProfile: influencerProcedure
    .input(saveOnboardingProfileInput)
    .mutation(({ ctx, input }) => saveOnboardingProfile(ctx.db, ctx.clock, ctx.viewer, input)),
  /** The influencer's flag (issue 36): its reason and note, their appeal and its decision; null when none to show. */
  flag: influencerProcedure.query(({ ctx }) => getMyFlag(ctx.db, ctx.viewer.userId)),
  /**
   * Appeals the standing flag once, with a text and the files uploaded by POST /api/account/flag/files (which
   * calls no procedure: a multipart upload).
   */
  appealFlag: influencerProcedure
    .input(appealFlagInput)
    .mutation(({ ctx, input }) => appealFlag(ctx, ctx.viewer, input)),
});
