import { brandIdInput } from "@market/contracts";
import { getBrandProfile } from "../../services/brands/brand-profile";
import { router, signedInProcedure } from "../../trpc";

/** Brands' public profiles (issue 40, point 2): any signed-in user reads any brand's; visitors none (spec section 1). */
export const brandsRouter = router({
  /** GET /api/brands/{id}. */
  profile: signedInProcedure.input(brandIdInput).query(({ ctx, input }) => getBrandProfile(ctx, input.id)),
});
