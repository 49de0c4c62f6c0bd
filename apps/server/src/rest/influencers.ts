import { type RestRoute, untrusted } from "./route";

export const influencerRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/influencers/search",
    reads: true,
    call: (caller, { body }) => caller.influencers.search(untrusted(body ?? {})),
  },
  {
    method: "GET",
    path: "/api/influencers/:id",
    call: (caller, { params }) => caller.influencers.get(untrusted({ id: params.id })),
  },
  {
    method: "POST",
    path: "/api/influencers/invite",
    call: (caller, { body }) => caller.influencers.invite(untrusted(body)),
  },
];
