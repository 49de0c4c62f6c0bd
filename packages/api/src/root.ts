import type { Context, RequestInfo } from "./context";
import { accountRouter } from "./routers/account/router";
import { adminRouter } from "./routers/admin/router";
import { applicationsRouter } from "./routers/applications/router";
import { authRouter } from "./routers/auth/router";
import { brandsRouter } from "./routers/brands/router";
import { chatRouter } from "./routers/chat/router";
import { dealsRouter } from "./routers/deals/router";
import { earningsRouter } from "./routers/earnings/router";
import { hiresRouter } from "./routers/hires/router";
import { influencersRouter } from "./routers/influencers/router";
import { keysRouter } from "./routers/keys/router";
import { networksRouter } from "./routers/networks/router";
import { notificationsRouter } from "./routers/notifications/router";
import { paymentsRouter } from "./routers/payments/router";
import { reportsRouter } from "./routers/reports/router";
import { reviewsRouter } from "./routers/reviews/router";
import { settingsRouter } from "./routers/settings/router";
import { supportRouter } from "./routers/support/router";
import { webhooksRouter } from "./routers/webhooks/router";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  account: accountRouter,
  admin: adminRouter,
  applications: applicationsRouter,
  auth: authRouter,
  brands: brandsRouter,
  chat: chatRouter,
  deals: dealsRouter,
  earnings: earningsRouter,
  hires: hiresRouter,
  influencers: influencersRouter,
  keys: keysRouter,
  payments: paymentsRouter,
  reviews: reviewsRouter,
  networks: networksRouter,
  reports: reportsRouter,
  notifications: notificationsRouter,
  settings: settingsRouter,
  support: supportRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
export type CallerFactory = (request: RequestInfo) => Promise<Caller>;

/** Binds a context factory to the router: one caller per request, as the REST shims need. */
export function createCallerFactoryFor(createContext: (request: RequestInfo) => Promise<Context>): CallerFactory {
  return async (request) => createCaller(await createContext(request));
}
