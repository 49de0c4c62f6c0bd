export { waitingApplication } from "./applications";
export { callerFor, TEST_ORIGIN, type TestCaller } from "./caller";
export { applyTo, callFailure, campaignBody, createAdminUser, uploadImages } from "./deals";
export { createBrand, createInfluencer, type InfluencerFixture } from "./fixtures";
export { jpegBytes, pngBytes } from "./images";
export { untilWaitingForLocks } from "./locks";
