export { brandDeal, type HireStory, hireWithStory } from "../services/brands/testing/brand-hires";
export { type HireDraft, moneyHistory, payoutOf } from "../services/earnings/testing/money-history";
export { csvRecords, readCsv } from "../services/earnings/testing/read-csv";
export {
  influencerWith as influencerWithBalance,
  PAYOUT_TEST_PASSWORD,
  payoutViolations,
  paypalPayout,
} from "../services/payouts/testing/payout-fixtures";
export { type ReportHireDraft, reportHistory } from "../services/reports/testing/report-history";
export { apiKeyFor } from "./api-keys";
export { waitingApplication } from "./applications";
export { callerFor, TEST_ORIGIN, type TestCaller } from "./caller";
export { countingGateway, sandboxTokenOf } from "./checkout";
export { applyTo, callFailure, campaignBody, createAdminUser, uploadImages } from "./deals";
export { SAMPLE_FEEDBACK } from "./feedback";
export { figuresFromLinesStatement } from "./figures-from-lines";
export { createBrand, createInfluencer, type InfluencerFixture } from "./fixtures";
export { blackPngBytes, jpegBytes, pngBytes } from "./images";
export { assertLedgerInvariants, type LedgerViolation, ledgerViolations } from "./ledger-invariants";
export { untilWaitingForLocks } from "./locks";
export {
  FACEBOOK_TEST_APP,
  type FacebookTestPage,
  type FacebookTestUser,
  fakeFacebook,
} from "./msw/facebook-handlers";
export { fakeGoogle, GOOGLE_TEST_APP, type GoogleTestUser, type YouTubeTestChannel } from "./msw/google-handlers";
export { fakeInstagram, INSTAGRAM_TEST_ACCOUNT, type InstagramTestProfile } from "./msw/instagram-handlers";
export { type FakePayPal, fakePayPal, PAYPAL_TEST_OPTIONS } from "./msw/paypal-handlers";
export {
  type FakePaymentIntent,
  type FakeStripe,
  fakeStripe,
  STRIPE_TEST_KEYS,
  STRIPE_TEST_PAYMENT_METHODS,
  type StripeTestCard,
} from "./msw/stripe-handlers";
export { signStripeWebhook, stripeEventBody } from "./msw/stripe-webhooks";
export { fakeTwitter, TWITTER_TEST_APP, type TwitterTestUser } from "./msw/twitter-handlers";
export { type FakeWise, fakeWise, WISE_TEST_OPTIONS } from "./msw/wise-handlers";
export { account, type FakeNetworkProviders, fakeNetworkProviders, testTokenCipher } from "./network-providers";
export { notifyBarrier } from "./notify-barrier";
export { paidApplication } from "./paid-application";
export { SAMPLE_REVIEW } from "./review";
export { startS3Server, type TestS3Server } from "./s3-server";
export { userReadsBench, viewerOf } from "./user-reads-bench";
export { valuesSetAgain } from "./values-set-again";
export { type ReceivedWebhook, startWebhookReceiver } from "./webhook-receiver";
