import { bodyWithPathId, type RestRoute, untrusted } from "./route";

/** Reviews both ways (issue 40, point 3): the influencer's review of the brand, the brand's published reviews. */
export const reviewRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/applications/:id/review",
    call: (caller, { params }) => caller.applications.review(untrusted({ id: params.id })),
  },
  {
    method: "POST",
    path: "/api/applications/:id/review",
    call: (caller, request) => caller.applications.writeReview(bodyWithPathId(request)),
  },
  {
    method: "GET",
    path: "/api/brands/:id/reviews",
    call: (caller, { params, query }) => caller.reviews.ofBrand(untrusted({ ...query, id: params.id })),
  },
];
