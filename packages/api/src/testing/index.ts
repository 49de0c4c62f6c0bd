export { callerFor, type TestCaller } from "./caller";
export { createBrand, createInfluencer, type InfluencerFixture } from "./fixtures";
