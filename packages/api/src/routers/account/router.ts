import { loadMe } from "../../services/account/me";
import { publicProcedure, router } from "../../trpc";

export const accountRouter = router({
  /** Who is using the app; the web picks its route tree from `kind` at load. */
  me: publicProcedure.query(({ ctx }) => loadMe(ctx.db, ctx.viewer)),
});
