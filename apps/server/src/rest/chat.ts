import { type RestRoute, untrusted } from "./route";

/** A body's fields with the path's id, which wins over one in the body. */
const withId = (body: unknown, id: string | undefined) =>
  untrusted(typeof body === "object" && body !== null ? { ...body, id } : { id });

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
    call: (caller, { params, body }) => caller.chat.send(withId(body, params.id)),
  },
  {
    method: "POST",
    path: "/api/applications/:id/help",
    call: (caller, { params, body }) => caller.chat.help(withId(body, params.id)),
  },
];
