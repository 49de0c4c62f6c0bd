export { type Clock, fixedClock, isOffsetClock, type OffsetClock, offsetClock, systemClock } from "./clock";
export {
  type ApiDeps,
  type Context,
  createContextFactory,
  noSessionCookie,
  type RequestInfo,
  type SessionCookie,
} from "./context";
export { fail, RateLimited, ReasonError, schemaIssues } from "./errors";
export { isoInstant } from "./iso-instant";
export {
  keyRefusal,
  PROCEDURE_SCOPES,
  type ProcedureScope,
  procedureScope,
  refuseKeyOutside,
} from "./procedure-scopes";
export {
  type AppRouter,
  appRouter,
  type Caller,
  type CallerFactory,
  createCaller,
  createCallerFactoryFor,
} from "./root";
export { auditAdminAction } from "./services/admin/audit";
export {
  type ApiKeyActor,
  authenticateApiKey,
  type KeyRefusal,
  recordKeyUse,
  useIsDue,
} from "./services/api-keys/authenticate-api-key";
export { keyModeOf } from "./services/api-keys/create-api-key";
export { countKeyRequest, type KeyRateLimit } from "./services/api-keys/key-rate-limit";
export { release } from "./services/applications/delivery";
export { listApplications, listCampaignApplications } from "./services/applications/list-applications";
export { ADMIN_MIN_PASSWORD_LENGTH, AdminInputError, createAdmin } from "./services/auth/create-admin";
export { type ImpersonationRefusal, ImpersonationRefused } from "./services/auth/impersonation";
export { hashPassword, verifyPassword } from "./services/auth/password";
export { RATE_LIMITS } from "./services/auth/rate-limit";
export { createSessionCache, type SessionCache } from "./services/auth/session-cache";
export { createSession, generateSessionToken, invalidateSession } from "./services/auth/sessions";
export { getBrandProfile } from "./services/brands/brand-profile";
export { type ChannelWatch, watchChannel } from "./services/channel-watch";
export { chatPageQuery, getChatPage } from "./services/chat/get-chat-page";
export { sendChatFile } from "./services/chat/send-file";
export { figuresStatement } from "./services/console/dashboard/figures";
export { type ConsoleListStatement, consoleListStatements } from "./services/console/list-plans";
export { searchDeals } from "./services/deals/search-deals";
export { uploadDealImage } from "./services/deals/upload-deal-image";
export { facebookPostVerifier } from "./services/deliveries/verifiers/facebook";
export { instagramPostVerifier } from "./services/deliveries/verifiers/instagram";
export type { PostVerifiers } from "./services/deliveries/verifiers/ports";
export { sandboxPostVerifiers, unconfiguredPostVerifiers } from "./services/deliveries/verifiers/sandbox";
export { twitterPostVerifier } from "./services/deliveries/verifiers/twitter";
export { youtubePostVerifier } from "./services/deliveries/verifiers/youtube";
export {
  createTestPayout,
  TEST_PAYOUT_FAILURE,
  type TestPayoutInput,
  testPayoutInput,
} from "./services/e2e/test-payout";
export {
  createTestUser,
  TEST_USER_PASSWORD,
  type TestUser,
  type TestUserInput,
  testUserInput,
} from "./services/e2e/test-user";
export { type FileStore, readStoredBytes, type StoredBytes } from "./services/files/file-store";
export { localDiskFileStore } from "./services/files/local-disk-file-store";
export { memoryFileStore } from "./services/files/memory-file-store";
export { peekInlineImageType } from "./services/files/peek-inline-image";
export { readFile, type ServedFile } from "./services/files/read-file";
export { type S3FileStoreOptions, s3FileStore } from "./services/files/s3-file-store";
export { type UploadedFile, uploadPicture } from "./services/files/upload-picture";
export { raiseFlag } from "./services/influencers/flags/raise-flag";
export { uploadAppealFile } from "./services/influencers/flags/upload-appeal-file";
export { DEV_SEARCH_ID_SECRET } from "./services/influencers/search-id";
export { searchInfluencers } from "./services/influencers/search-influencers";
export {
  deliverQueuedMail,
  MAIL_CLAIM_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_DELAY_MS,
  type MailDelivery,
  type MailDeliveryDeps,
  sweepQueuedMail,
} from "./services/mail/deliver-mail";
export { MailDeliveryError, type MailTransport, outboxTransport } from "./services/mail/mail-transport";
export { type Mailer, type MailJobs, type MailMessage, mailQueue } from "./services/mail/mailer";
export { smtpMailer } from "./services/mail/smtp-mailer";
export {
  LIFECYCLE_SWEEP_INTERVAL_MS,
  LIFECYCLE_SWEEPS,
  type NetworkSweepDeps,
  runSweeps,
  SWEEPS,
  type SweepDeps,
  type SweepLog,
  type SweepOutcome,
} from "./services/maintenance/sweeps";
export { type FacebookOptions, facebookProvider } from "./services/networks/providers/facebook";
export { type InstagramOptions, instagramReader } from "./services/networks/providers/instagram";
export {
  type BioProfileReader,
  type NetworkAccount,
  NetworkLinkFailure,
  type NetworkProviders,
  type OAuthNetworkProvider,
  type OAuthNetworkType,
  type OAuthTokens,
  oauthCallbackPath,
} from "./services/networks/providers/ports";
export { sandboxNetworkProviders } from "./services/networks/providers/sandbox";
export {
  SANDBOX_INSTAGRAM_PROFILES,
  SANDBOX_OAUTH_SAMPLES,
  type SandboxSample,
} from "./services/networks/providers/sandbox/catalogue";
export {
  readSandboxProfiles,
  SANDBOX_BIO_MAX_LENGTH,
  sandboxBioReader,
  setSandboxBio,
} from "./services/networks/providers/sandbox/instagram-sandbox";
export {
  type SandboxOAuthProvider,
  sandboxAuthorizationCode,
  sandboxConsentPath,
  sandboxOAuthProvider,
} from "./services/networks/providers/sandbox/oauth-sandbox";
export { type TwitterOptions, twitterProvider } from "./services/networks/providers/twitter";
export { unavailableBioReader, unavailableOAuthProvider } from "./services/networks/providers/unavailable";
export { type YouTubeOptions, youtubeProvider } from "./services/networks/providers/youtube";
export { NETWORK_STATISTICS_MAX_AGE_MS } from "./services/networks/statistics-sweep";
export {
  createTokenCipher,
  DEV_NETWORK_TOKEN_KEY,
  parseTokenKey,
  type TokenCipher,
  TokenDecryptError,
} from "./services/networks/token-cipher";
export { createNotificationHub, type NotificationHub } from "./services/notifications/hub";
export { notificationsSeen } from "./services/notifications/mark-seen";
export { type NotificationInsert, notify } from "./services/notifications/notify";
export { notificationStream } from "./services/notifications/stream";
export { accept } from "./services/payments/accept";
export {
  type CardDetails,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentGateway,
  type PaymentSource,
  type WebhookEvent,
  WebhookSignatureError,
} from "./services/payments/gateway";
export {
  isSandboxGateway,
  SANDBOX_WEBHOOK_SECRET,
  type SandboxGateway,
  sandboxGateway,
} from "./services/payments/sandbox/sandbox-gateway";
export { createStripeGateway, type StripeGatewayOptions } from "./services/payments/stripe/stripe-gateway";
export { processWebhook } from "./services/payments/webhooks";
export type { PayoutJobs } from "./services/payouts/payout-jobs";
export { createPayPalPayoutProvider, type PayPalOptions } from "./services/payouts/paypal/paypal-provider";
export {
  type PayoutOrder,
  type PayoutOutcome,
  type PayoutProvider,
  type PayoutProviders,
  payoutReference,
  type SendOutcome,
} from "./services/payouts/provider";
export {
  DEFAULT_SANDBOX_PAYOUT_DELAY_MS,
  SANDBOX_FAILING_EMAIL_MARK,
  sandboxPayoutProvider,
} from "./services/payouts/sandbox/sandbox-provider";
export { createWisePayoutProvider, type WiseOptions } from "./services/payouts/wise/wise-provider";
export {
  advancePayout,
  PAYOUT_CLAIM_MS,
  PAYOUT_SWEEP_INTERVAL_MS,
  type PayoutStep,
  type PayoutWorkerDeps,
  sweepPayouts,
} from "./services/payouts/worker";
export { campaignReport } from "./services/reports/campaign-report";
export { periodReport } from "./services/reports/period-report";
export { hiresQuery, postReadingsStatement, type ReportHires } from "./services/reports/report-rows";
export { createSearchCache, type SearchCache } from "./services/search-cache";
export { type SearchChanges, watchSearchChanges } from "./services/search-changes";
export { createUserReadsCache, type UserReadsCache } from "./services/user-reads-cache";
export { type ReadsChanges, watchReadsChanges } from "./services/user-reads-changes";
export {
  type DeliveryJobOutcome,
  deliverWebhook,
  nextAttemptAfter,
  type ResolveHost,
  sendDueWebhooks,
  strictTargets,
  verifySignature,
  WEBHOOK_CLAIM_MS,
  type WebhookDeps,
  type WebhookJobs,
  type WebhookTargets,
} from "./services/webhooks";
export { isSharedAnswer, shareAnswer } from "./shared-answer";
export { serializeOutput } from "./speed/superjson-output";
export { reasonOf, trpcErrorOf } from "./trpc-errors";
export type { Viewer } from "./viewer";
