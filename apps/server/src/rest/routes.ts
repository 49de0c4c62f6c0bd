import { accountRoutes } from "./account";
import { adminRoutes } from "./admin";
import { apiKeyRoutes } from "./api-keys";
import { applicationListRoutes } from "./application-lists";
import { authRoutes } from "./auth";
import { chatRoutes } from "./chat";
import { dealRoutes } from "./deals";
import { deliveryRoutes } from "./delivery";
import { earningsRoutes } from "./earnings";
import { feedbackRoutes } from "./feedback";
import { influencerRoutes } from "./influencers";
import { networkRoutes } from "./networks";
import { paymentRoutes } from "./payments";
import { proposalRoutes } from "./proposals";
import { reportRoutes } from "./reports";
import { reviewRoutes } from "./reviews";
import type { RestRoute } from "./route";
import { settingsRoutes } from "./settings";
import { supportRoutes } from "./support";
import { waitingActionRoutes } from "./waiting-actions";
import { webhookRoutes } from "./webhooks";

/** Every documented /api and /admin/api path, one table per domain. */
export const restRoutes: RestRoute[] = [
  ...influencerRoutes,
  ...networkRoutes,
  ...accountRoutes,
  ...supportRoutes,
  ...settingsRoutes,
  ...authRoutes,
  ...dealRoutes,
  ...proposalRoutes,
  ...chatRoutes,
  ...applicationListRoutes,
  ...waitingActionRoutes,
  ...paymentRoutes,
  ...earningsRoutes,
  ...deliveryRoutes,
  ...feedbackRoutes,
  ...reviewRoutes,
  ...adminRoutes,
  ...apiKeyRoutes,
  ...webhookRoutes,
  ...reportRoutes,
];
