import {
  addNetworkInput,
  chooseNetworkInput,
  finishLinkInput,
  instagramCodeInput,
  networkIdInput,
  refreshInstagramInput,
  startLinkInput,
  verifyInstagramInput,
} from "@market/contracts";
import { addNetwork } from "../../services/networks/add-network";
import { instagramCode, refreshInstagram, verifyInstagram } from "../../services/networks/instagram-code";
import { finishLink, startLink } from "../../services/networks/oauth-flow";
import { listNetworks } from "../../services/networks/own-networks";
import { refreshNetwork } from "../../services/networks/refresh-network";
import { chooseNetwork, removeNetwork } from "../../services/networks/remove-network";
import { influencerProcedure, router } from "../../trpc";

/** The influencer's networks (contracts/networks.ts lists each procedure with its REST path or browser route). */
export const networksRouter = router({
  /** GET /api/networks. */
  list: influencerProcedure.query(({ ctx }) => listNetworks(ctx, ctx.viewer.userId)),
  /** POST /api/networks: an unlinkable network by name. */
  add: influencerProcedure
    .input(addNetworkInput)
    .mutation(({ ctx, input }) => addNetwork(ctx, ctx.viewer.userId, input)),
  /** POST /api/networks/remove. */
  remove: influencerProcedure
    .input(networkIdInput)
    .mutation(({ ctx, input }) => removeNetwork(ctx, ctx.viewer.userId, input.id)),
  /** POST /api/networks/refresh: read again through its provider. */
  refresh: influencerProcedure
    .input(networkIdInput)
    .mutation(({ ctx, input }) => refreshNetwork(ctx, ctx.viewer.userId, input.id)),
  /** POST /api/networks/choose: keep one of the conflicting accounts of a type. */
  choose: influencerProcedure
    .input(chooseNetworkInput)
    .mutation(({ ctx, input }) =>
      chooseNetwork(ctx, ctx.viewer.userId, input, () => listNetworks(ctx, ctx.viewer.userId)),
    ),
  /** POST /auth/instagram/token. */
  instagramCode: influencerProcedure
    .input(instagramCodeInput)
    .mutation(({ ctx, input }) => instagramCode(ctx, ctx.viewer.userId, input.username)),
  /** GET /auth/{network} (the redirect route only). */
  startLink: influencerProcedure
    .input(startLinkInput)
    .mutation(({ ctx, input }) => startLink(ctx, ctx.viewer.userId, input, ctx.origin ?? "")),
  /** GET /auth/{network}/callback (the redirect route only). */
  finishLink: influencerProcedure
    .input(finishLinkInput)
    .mutation(({ ctx, input }) => finishLink(ctx, ctx.viewer.userId, input)),
  /** GET /auth/instagram/verify (the redirect route only). */
  verifyInstagram: influencerProcedure
    .input(verifyInstagramInput)
    .mutation(({ ctx, input }) => verifyInstagram(ctx, ctx.viewer.userId, input)),
  /** GET /auth/instagram/refresh (the redirect route only). */
  refreshInstagram: influencerProcedure
    .input(refreshInstagramInput)
    .mutation(({ ctx, input }) => refreshInstagram(ctx, ctx.viewer.userId, input.id)),
});
