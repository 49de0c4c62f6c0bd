import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../../../app/screen-load";
import { CasePage } from "../../../../../features/console/cases/case-page";
import { parsePathId } from "../../../../../lib/path-id";

/** A case of the console (issue 36, point 3): /admin/cases/{applicationId}. */
export const Route = createFileRoute("/(admin)/admin/cases/$applicationId")({
  loader: ({ context: { queries }, params, cause }) => {
    const applicationId = parsePathId(params.applicationId);
    return loadScreen(cause, () =>
      applicationId === null ? [] : [queries.admin.console.cases.get.prefetch({ applicationId })],
    );
  },
  component: ConsoleCase,
});

function ConsoleCase() {
  const { applicationId } = Route.useParams();
  return <CasePage key={applicationId} rawId={applicationId} />;
}
