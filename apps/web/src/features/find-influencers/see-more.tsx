import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { VISITOR_ACTIONS } from "../../lib/destinations";
import { Button } from "../../ui/button";

/** The visitor's teaser ends here: the rest of the search is for members (spec section 2). */
export function SeeMore() {
  const { t } = useTranslation();
  return (
    <div className="mt-8 flex flex-col items-center gap-3 text-center">
      <p className="text-slate-700">{t("FIND.SEE_MORE_HINT")}</p>
      <Button asChild className="px-8">
        <Link to={VISITOR_ACTIONS.signUp.to}>{t("FIND.SEE_MORE")}</Link>
      </Button>
    </div>
  );
}
