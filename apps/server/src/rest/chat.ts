import { bodyWithPathId, type RestRoute, untrusted } from "./route";

/**
 * The application page and its chat (spec section 7), for the application's two parties only. The chat file
 * upload (multipart) is in files.ts.
 */
export const chatRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/applications/:id",
    call: (caller, { params }) => caller.applications.get(untrusted({ id: params.id })),
  },
  {
    method: "GET",
    path: "/api/applications/:id/messages",
    call: (caller, { params, query }) => caller.chat.page(untrusted({ id: params.id, before: query.before })),
  },
  {
    method: "POST",
    path: "/api/applications/:id/messages",
    call: (caller, request) => caller.chat.send(bodyWithPathId(request)),
  },
  {
    method: "POST",
    path: "/api/applications/:id/help",
    call: (caller, request) => caller.chat.requestArbitration(bodyWithPathId(request)),
  },
];
