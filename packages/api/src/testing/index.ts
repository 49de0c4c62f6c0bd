export { waitingApplication } from "./applications";
export { callerFor, TEST_ORIGIN, type TestCaller } from "./caller";
export { applyTo, callFailure, campaignBody, createAdminUser, uploadImages } from "./deals";
export { createBrand, createInfluencer, type InfluencerFixture } from "./fixtures";
export { jpegBytes, pngBytes } from "./images";
export { untilWaitingForLocks } from "./locks";
export {
  type FakePaymentIntent,
  type FakeStripe,
  fakeStripe,
  STRIPE_TEST_KEYS,
  STRIPE_TEST_PAYMENT_METHODS,
  type StripeTestCard,
} from "./msw/stripe-handlers";
export { signStripeWebhook, stripeEventBody } from "./msw/stripe-webhooks";
