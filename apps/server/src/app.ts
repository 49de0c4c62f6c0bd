import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import fastifyWebsocket from "@fastify/websocket";
import {
  type ApiDeps,
  type AppRouter,
  appRouter,
  type Context,
  createCallerFactoryFor,
  createContextFactory,
  createNotificationHub,
  createSearchCache,
  createSessionCache,
  createTokenCipher,
  createUserReadsCache,
  DEV_NETWORK_TOKEN_KEY,
  DEV_SEARCH_ID_SECRET,
  type FileStore,
  keyModeOf,
  type Mailer,
  mailQueue,
  memoryFileStore,
  type PaymentGateway,
  type PayoutProviders,
  sandboxGateway,
  sandboxNetworkProviders,
  watchReadsChanges,
  watchSearchChanges,
} from "@market/api";
import { type ChannelListener, channelListenerOf, newestMigrationMillis } from "@market/db";
import type { TRPCError } from "@trpc/server";
import {
  type CreateFastifyContextOptions,
  type FastifyTRPCPluginOptions,
  fastifyTRPCPlugin,
} from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { WebSocket } from "ws";
import { networkFlowsPlugin } from "./auth-flows/network-flows";
import { adminLoginPlugin } from "./http/admin-login";
import { bearerAuth } from "./http/bearer-auth";
import { compressAnswers } from "./http/compression";
import { csrfGuard } from "./http/csrf";
import { answerClientError, answerError, answerFrameworkError } from "./http/error-answers";
import { acceptJsonBodies } from "./http/json-body";
import { mayWrite } from "./http/may-write";
import { networkSandboxPlugin } from "./http/network-sandbox";
import { noCacheOnApiGet } from "./http/no-cache";
import { endWhenSessionEnds, notificationsSocketPlugin } from "./http/notifications-socket";
import { paymentWebhookPlugin } from "./http/payment-webhook";
import { probesPlugin } from "./http/probes";
import { requestInfoOf, requestInfoOfUpgrade } from "./http/request-info";
import { OneLinePerRequest } from "./http/request-log";
import { recordRoutes } from "./http/route-table";
import { declareHttpsSite } from "./http/secure-cookie";
import { securityHeaders } from "./http/security-headers";
import { guardSockets } from "./http/socket-guard";
import { closeSocketsForRestart } from "./http/socket-restart";
import { isServerPath, registerSpa, sendIndex } from "./http/spa";
import { testRoutesPlugin } from "./http/test-routes";
import { answerTrpcError, trpcCsrfGuard } from "./http/trpc-refusal";
import { isSameOriginUpgrade } from "./http/upgrade-origin";
import { createReadiness } from "./lifecycle/readiness";
import { openApiPlugin } from "./openapi/plugin";
import { failure } from "./rest/envelope";
import { evidencePlugin } from "./rest/evidence";
import { fileServingPlugin, pictureUploadPlugin } from "./rest/files";
import { restPlugin } from "./rest/plugin";
import { receiptsPlugin } from "./rest/receipts";
import { restRoutes } from "./rest/routes";
import { statementsPlugin } from "./rest/statements";
import { trpcQueries } from "./speed/trpc-queries";

export interface AppDeps
  extends Omit<
    ApiDeps,
    "files" | "mailer" | "payments" | "searchIdSecret" | "networkProviders" | "tokenCipher" | "notificationHub"
  > {
  /** Where uploaded files live; in memory when absent (tests that never look at bytes). */
  files?: FileStore;
  /** Outgoing mail, queued (main.ts: with the job engine's mail jobs); queued for the runner's pass when absent. */
  mailer?: Mailer;
  /** Card payments; the built-in sandbox on this database when absent. */
  payments?: PaymentGateway;
  /**
   * Serves the browser tests' routes under /api/test (E2E_TEST_ROUTES=1, see test-routes.ts); never on a real server.
   * POST /api/test/clock moves `clock` only when it is an offsetClock (main.ts makes one in that mode).
   */
  testRoutes?: boolean;
  /**
   * The payout worker's providers (main.ts: payoutProvidersFrom), for POST /api/test/sweeps, which runs the worker
   * with them; without them that route sends no payouts.
   */
  payoutProviders?: PayoutProviders | undefined;
  /** SEARCH_ID_SECRET; the development secret when absent (tests; main.ts passes the environment's). */
  searchIdSecret?: string | undefined;
  /** Network linking providers (main.ts: networkProvidersFrom); every network on its sandbox when absent. */
  networkProviders?: ApiDeps["networkProviders"];
  /** The OAuth token cipher; the development key when absent (tests; main.ts passes NETWORK_TOKEN_KEY's). */
  tokenCipher?: ApiDeps["tokenCipher"];
  logger?: FastifyServerOptions["logger"];
  /** Whose X-Forwarded-* headers to believe (TRUST_PROXY); loopback when absent. */
  trustProxy?: FastifyServerOptions["trustProxy"];
  /** Folder of the built web app to serve, if any. */
  webDist?: string | undefined;
  /**
   * Whether to keep users' screen reads (services/user-reads-cache.ts): on unless false, which a script counting
   * each read's statements asks for (a read again would count none).
   */
  userReadsCache?: boolean | undefined;
  /**
   * Where the app LISTENs (the caches, the notifications, GET /readyz): the handle's listener, which goes to
   * DATABASE_DIRECT_URL; the database's own client when absent.
   */
  listener?: ChannelListener | undefined;
  /** Whether the instance drains (main.ts, on SIGTERM): GET /readyz then fails. Never when absent. */
  isDraining?: (() => boolean) | undefined;
  /** The newest migration this build carries (newestMigrationMillis); GET /readyz fails until the database has it. */
  expectedMigration?: number | undefined;
}

const TRPC_PREFIX = "/trpc";
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Largest WebSocket message the server reads, on both sockets; ws closes the connection (1009) past it. */
const WS_MAX_PAYLOAD_BYTES = 64 * 1024;

/** Builds the HTTP host without listening, so tests drive it with inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new OneLinePerRequest(),
    requestIdHeader: "x-request-id",
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: deps.trustProxy ?? "loopback",
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  recordRoutes(app);
  declareHttpsSite(app, deps.publicUrl);
  const listener = deps.listener ?? channelListenerOf(deps.db);
  // The searches' counts and pages, shared by everyone searching the same thing for a few seconds, and forgotten
  // on every instance when what they read changes.
  const searchCounts = createSearchCache({ clock: deps.clock });
  const searchPages = createSearchCache({ clock: deps.clock });
  const searchChanges = watchSearchChanges({
    listener,
    caches: [searchCounts, searchPages],
    onError: (error) =>
      app.log.error({ err: error }, "the search caches cannot listen: they may lag other instances' writes"),
  });
  // What users' own screens read, kept per user until a write concerns them (user-reads-cache.ts).
  const userReads = deps.userReadsCache === false ? undefined : createUserReadsCache({ clock: deps.clock });
  const readsChanges =
    userReads &&
    watchReadsChanges({
      listener,
      cache: userReads,
      onError: (error) =>
        app.log.error({ err: error }, "the user reads cache cannot listen: it may lag other instances' writes"),
    });
  const apiDeps: ApiDeps = {
    db: deps.db,
    clock: deps.clock,
    files: deps.files ?? memoryFileStore(),
    mailer: deps.mailer ?? mailQueue(deps.clock),
    payments: deps.payments ?? sandboxGateway({ db: deps.db, clock: deps.clock }),
    publicUrl: deps.publicUrl,
    rateLimitScale: deps.rateLimitScale,
    refundApprovalThresholdCents: deps.refundApprovalThresholdCents,
    supportEmail: deps.supportEmail,
    platformLegalName: deps.platformLegalName,
    platformAddress: deps.platformAddress,
    searchIdSecret: deps.searchIdSecret ?? DEV_SEARCH_ID_SECRET,
    networkProviders: deps.networkProviders ?? sandboxNetworkProviders(deps.db, deps.clock),
    tokenCipher: deps.tokenCipher ?? createTokenCipher(DEV_NETWORK_TOKEN_KEY),
    payoutJobs: deps.payoutJobs,
    webhookTargets: deps.webhookTargets,
    // LISTENs on its own connection once a client streams; closed with the app.
    notificationHub: createNotificationHub({ db: deps.db, clock: deps.clock, log: app.log, listener }),
    searchCounts,
    searchPages,
    userReads,
    // Sessions validated moments ago, forgotten on every instance when they end; LISTENs from the start.
    sessionCache: createSessionCache({
      db: deps.db,
      listener,
      onError: (error) =>
        app.log.error({ err: error }, "the session cache cannot listen: every request reads its session"),
    }),
  };
  const readiness = createReadiness({
    db: deps.db,
    listener,
    expectedMigration: deps.expectedMigration ?? newestMigrationMillis(),
    isDraining: deps.isDraining ?? (() => false),
    onError: (error, check) => app.log.warn({ err: error, check }, "a readiness check failed"),
  });
  app.addHook("onClose", async () => {
    await readiness.close();
    await apiDeps.sessionCache?.close();
    await apiDeps.notificationHub.close();
    await searchChanges.close();
    await readsChanges?.close();
  });
  const createContext = createContextFactory(apiDeps);
  const callerFor = createCallerFactoryFor(createContext);

  app.setErrorHandler(answerError);
  acceptJsonBodies(app);
  app.addHook("onRequest", noCacheOnApiGet);
  app.addHook("onRequest", securityHeaders({ httpsSite: app.httpsSite }));
  // API keys (issue 39), before every route's own hooks: the CSRF check lets a key's request through.
  app.addHook(
    "onRequest",
    bearerAuth({
      db: deps.db,
      clock: deps.clock,
      keyMode: keyModeOf(apiDeps.payments),
      rateLimitScale: deps.rateLimitScale,
      router: appRouter,
      log: app.log,
    }),
  );
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", String(request.id));
    // Before the answer: the user's next search, here, must see what this request wrote (search-changes.ts). Their
    // own screens' reads are forgotten by the procedure that wrote (trpc.ts), the other users' by the NOTIFY.
    if (mayWrite(request)) searchChanges.forget();
  });

  await app.register(probesPlugin, { db: deps.db, readiness });

  // What a procedure's failure leaves in the log, whichever of the /trpc paths answered it.
  const logProcedureError = ({ error, path, ctx }: { error: TRPCError; path?: string; ctx?: Context }) => {
    if (error.code === "INTERNAL_SERVER_ERROR") {
      app.log.error({ err: error.cause ?? error, path, reqId: ctx?.requestId }, "procedure failed");
    } else if (error.code === "SERVICE_UNAVAILABLE") {
      app.log.warn({ path, reqId: ctx?.requestId }, "provider unavailable");
    }
  };
  // Clients only subscribe and send seen ids over WebSockets: a frame has no reason to be large.
  // When the app closes (a drain), every socket is told to reconnect elsewhere (1012) rather than just dropped.
  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_MAX_PAYLOAD_BYTES },
    preClose: async () => closeSocketsForRestart(app.websocketServer),
  });
  // Every upgrade is counted, and every socket kept alive, in one place, before either door reads a session.
  guardSockets(app, { clock: deps.clock, publicUrl: deps.publicUrl, scale: deps.rateLimitScale });
  await app.register(notificationsSocketPlugin, { createContext, publicUrl: deps.publicUrl });
  await app.register(async (scope) => {
    scope.setErrorHandler(answerTrpcError(appRouter, TRPC_PREFIX, answerError));
    scope.addHook("onRequest", trpcCsrfGuard(appRouter, TRPC_PREFIX));
    scope.addHook("onRequest", async (request, reply) => {
      // A WebSocket upgrade from another site's page would ride the user's cookie: refused, as on /notifications.
      if (request.ws && !isSameOriginUpgrade(request.headers, deps.publicUrl)) {
        await reply.code(403).send(failure("forbidden"));
      }
    });
    await compressAnswers(scope);
    scope.addHook(
      "preHandler",
      trpcQueries({
        prefix: TRPC_PREFIX,
        router: appRouter,
        createContext: (request, reply) => createContext(requestInfoOf(request, reply)),
        onError: logProcedureError,
      }),
    );
    await scope.register(fastifyTRPCPlugin, {
      prefix: TRPC_PREFIX,
      useWSS: true,
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }: CreateFastifyContextOptions) =>
          // HTTP calls come as Fastify's request and reply; a WebSocket upgrade as the bare message and socket.
          "raw" in req && "raw" in res
            ? createContext(requestInfoOf(req, res))
            : createContext(requestInfoOfUpgrade(req as unknown as IncomingMessage, randomUUID())).then((ctx) => {
                // The socket's context is its upgrade's session: when that ends, so does the socket.
                if (ctx.viewer) {
                  const socket = res as unknown as WebSocket;
                  socket.once("close", endWhenSessionEnds(apiDeps.notificationHub, ctx.viewer, socket));
                }
                return ctx;
              }),
        onError: logProcedureError,
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>);
  });

  await app.register(async (scope) => {
    scope.addHook("onRequest", csrfGuard);
    await compressAnswers(scope);
    await scope.register(restPlugin, { routes: restRoutes, callerFor, requestInfo: requestInfoOf });
    await scope.register(pictureUploadPlugin, { createContext, requestInfo: requestInfoOf });
    await scope.register(statementsPlugin, { callerFor, requestInfo: requestInfoOf });
    await scope.register(receiptsPlugin, { callerFor, requestInfo: requestInfoOf });
    await scope.register(evidencePlugin, { callerFor, requestInfo: requestInfoOf });
    await scope.register(openApiPlugin, { routes: restRoutes });
  });
  await app.register(fileServingPlugin, { createContext, requestInfo: requestInfoOf });
  await app.register(paymentWebhookPlugin, { deps: apiDeps });
  await app.register(adminLoginPlugin, { callerFor, requestInfo: requestInfoOf });
  await app.register(networkSandboxPlugin, { providers: apiDeps.networkProviders, db: deps.db, clock: deps.clock });
  // GET navigations only (no CSRF scope needed): each flow's state is checked by the service.
  await app.register(networkFlowsPlugin, { callerFor, requestInfo: requestInfoOf });
  if (deps.testRoutes) {
    await app.register(testRoutesPlugin, {
      db: deps.db,
      clock: deps.clock,
      requestInfo: requestInfoOf,
      sweepDeps: { ...apiDeps, log: app.log },
      payoutProviders: deps.payoutProviders,
    });
  }

  const servesSpa = deps.webDist ? await registerSpa(app, deps.webDist) : false;
  app.setNotFoundHandler((request, reply) => {
    if (servesSpa && request.method === "GET" && !isServerPath(request.url)) return sendIndex(reply);
    return reply.code(404).send(failure("not_found"));
  });

  return app;
}
