import { useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { ApplicationPage } from "./application-page";

/**
 * The screen of an application's route, the brand's /applications/{id} and the influencer's /proposals/{id} alike:
 * the page of the id in the path, `?arbitration` opening the help dialog, which clears it when it closes. Each tree
 * declares its own route (its path, validateApplicationSearch, loadApplicationPage) and shows this.
 */
export function ApplicationRouteScreen() {
  const { id } = useParams({ strict: false }) as { id: string };
  const search = useSearch({ strict: false }) as { arbitration?: boolean };
  const navigate = useNavigate();
  return (
    <ApplicationPage
      key={id}
      rawId={id}
      arbitration={search.arbitration === true}
      onArbitrationClosed={() => void navigate({ to: ".", search: {}, replace: true })}
    />
  );
}
