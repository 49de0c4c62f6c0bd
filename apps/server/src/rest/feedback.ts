import { bodyWithPathId, type RestRoute, untrusted } from "./route";

/** The brand's feedback on a completed hire (spec section 7: /api/applications/{id}/feedback both ways). */
export const feedbackRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/applications/:id/feedback",
    call: (caller, { params }) => caller.applications.feedback(untrusted({ id: params.id })),
  },
  {
    method: "POST",
    path: "/api/applications/:id/feedback",
    call: (caller, request) => caller.applications.leaveFeedback(bodyWithPathId(request)),
  },
];
