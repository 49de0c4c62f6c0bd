/** The fixed accounts of the demo marketplace, printed at first start so anyone can log in. */
export const DEMO_PASSWORD = "demo-password";

export const DEMO_ACCOUNTS = {
  admin: { username: "admin", email: "admin@demo.test" },
  /** A second admin: the two-person rule's approval of a large refund needs another admin than the one who asked. */
  admin2: { username: "admin2", email: "admin2@demo.test" },
  brand: { username: "demobrand", email: "brand@demo.test" },
  influencer: { username: "demoinfluencer", email: "influencer@demo.test" },
} as const;

export interface DemoLogin {
  role: "brand" | "influencer" | "admin";
  email: string;
  password: string;
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { role: "brand", email: DEMO_ACCOUNTS.brand.email, password: DEMO_PASSWORD },
  { role: "influencer", email: DEMO_ACCOUNTS.influencer.email, password: DEMO_PASSWORD },
  { role: "admin", email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
  { role: "admin", email: DEMO_ACCOUNTS.admin2.email, password: DEMO_PASSWORD },
];
