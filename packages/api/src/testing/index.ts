export { createBrand, createInfluencer, type InfluencerFixture } from "./fixtures";
export { callerFor, type TestCaller } from "./caller";
