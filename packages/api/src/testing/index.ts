export { callerFor, TEST_ORIGIN, type TestCaller } from "./caller";
export { createBrand, createInfluencer, type InfluencerFixture } from "./fixtures";
export { jpegBytes, pngBytes } from "./images";
