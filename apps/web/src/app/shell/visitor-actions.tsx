import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import { VISITOR_ACTIONS } from "../../lib/destinations";
import { Button } from "../../ui/button";

/** Log in and Sign up. */
export function VisitorActions({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { logIn, signUp } = VISITOR_ACTIONS;
  return (
    <div className={cx("flex gap-2", className)}>
      <Button asChild variant="ghost">
        <Link to={logIn.to} onClick={onNavigate}>
          {t(logIn.labelKey)}
        </Link>
      </Button>
      <Button asChild>
        <Link to={signUp.to} onClick={onNavigate}>
          {t(signUp.labelKey)}
        </Link>
      </Button>
    </div>
  );
}
