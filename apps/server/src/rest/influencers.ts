import { type RestRoute, untrusted } from "./route";

export const influencerRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/influencers/search",
    call: (caller, { body }) => caller.influencers.search(untrusted(body ?? {})),
  },
];
