import { createFileRoute } from "@tanstack/react-router";
import { loadApplicationPage } from "../../../../../app/shared-loaders";
import { ApplicationPage } from "../../../../../features/application-page/application-page";
import { validateApplicationSearch } from "../../../../../features/application-page/arbitration-search";

/** One application to a campaign of the brand (spec section 2, /applications/{id}); `?arbitration` opens help. */
export const Route = createFileRoute("/(brand)/applications/$id/")({
  validateSearch: validateApplicationSearch,
  loader: ({ context, params, cause }) => loadApplicationPage(context, params.id, cause),
  component: BrandApplication,
});

function BrandApplication() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ApplicationPage
      key={id}
      rawId={id}
      arbitration={search.arbitration === true}
      onArbitrationClosed={() => void navigate({ search: {}, replace: true })}
    />
  );
}
