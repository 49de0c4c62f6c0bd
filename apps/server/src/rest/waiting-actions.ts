import { bodyWithPathId, type RestRoute } from "./route";

/** The brand's actions on a WAITING application (spec section 7). */
export const waitingActionRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/applications/:id/changes",
    call: (caller, request) => caller.applications.requestChanges(bodyWithPathId(request)),
  },
  {
    method: "POST",
    path: "/api/applications/:id/decline",
    call: (caller, request) => caller.applications.decline(bodyWithPathId(request)),
  },
];
