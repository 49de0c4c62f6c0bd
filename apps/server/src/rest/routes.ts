import { influencerRoutes } from "./influencers";
import type { RestRoute } from "./route";

/** Every documented /api and /admin/api path, one table per domain. */
export const restRoutes: RestRoute[] = [...influencerRoutes];
