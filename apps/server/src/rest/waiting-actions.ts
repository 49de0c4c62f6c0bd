import { bodyWithPathId, type RestRoute } from "./route";

/** The brand's actions on a WAITING application (spec section 7): change request, decline, accept and pay. */
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
  {
    method: "POST",
    path: "/api/applications/:id/accept",
    call: (caller, request) => caller.applications.accept(bodyWithPathId(request)),
  },
];
