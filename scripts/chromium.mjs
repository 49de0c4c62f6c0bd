import { existsSync } from "node:fs";

/** Debian's Chromium; Playwright never downloads a browser here. CHROMIUM_PATH overrides. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = () => existsSync(chromiumPath);

/** Flags from the design doc: the machine has no outside network, and Chromium runs as root. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
