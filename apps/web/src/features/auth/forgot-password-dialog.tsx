import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogTrigger } from "../../ui/dialog";
import { ForgotPasswordForm } from "./forgot-password-form";

/** The forgot-password modal of the login screen (spec section 2); /forgot-password shows the same form. */
export function ForgotPasswordDialog() {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger className="font-medium text-brand-800 underline">{t("AUTH.LOGIN.FORGOT")}</DialogTrigger>
      <DialogContent title={t("AUTH.FORGOT.TITLE")}>
        <ForgotPasswordForm />
      </DialogContent>
    </Dialog>
  );
}
