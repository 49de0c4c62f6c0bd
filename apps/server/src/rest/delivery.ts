import { bodyWithPathId, type RestRoute, untrusted } from "./route";

/** The work and the money of an application in progress (spec section 7: /done, /undone, /release). */
export const deliveryRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/applications/:id/done",
    call: (caller, request) => caller.applications.workDone(bodyWithPathId(request)),
  },
  {
    method: "POST",
    path: "/api/applications/:id/undone",
    call: (caller, request) => caller.applications.workNotDone(bodyWithPathId(request)),
  },
  {
    method: "POST",
    path: "/api/applications/:id/release",
    call: (caller, { params }) => caller.applications.release(untrusted({ id: params.id })),
  },
];
