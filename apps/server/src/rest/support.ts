import { type RestRoute, untrusted } from "./route";

export const supportRoutes: RestRoute[] = [
  { method: "POST", path: "/api/help", call: (caller, { body }) => caller.support.askForHelp(untrusted(body ?? {})) },
];
