export { seedDemo, seedDemoIfEmpty } from "./demo";
export type { SeedOptions, SeedResult } from "./demo";
export { DEMO_ACCOUNTS, DEMO_LOGINS, DEMO_PASSWORD } from "./demo-logins";
export type { DemoLogin } from "./demo-logins";
