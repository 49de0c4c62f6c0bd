import {
  REVIEW_REPORT_NOTE_MAX,
  REVIEW_REPORT_REASONS,
  type ReviewReportReason,
  type ReviewSide,
} from "@market/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { Button } from "../button";
import { Dialog, DialogContent } from "../dialog";
import { SelectField, TextAreaField } from "../form-fields";
import { toast } from "../toast-store";

/**
 * The Report action of a published review (issue 40): a reason from the list and an optional note, sent to the
 * operator (reviews.report), who sees it in the console. Once per reader and review: a second is refused.
 */
export function ReportReview({ applicationId, side }: { applicationId: number; side: ReviewSide }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReviewReportReason | "">("");
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const report = trpc.reviews.report.useMutation({
    onSuccess: () => {
      toast.success(t("REVIEWS.REPORT_SENT"));
      setOpen(false);
    },
    onError: (error) => {
      const why = reasonOf(error);
      if (why === "conflict") setFailure(t("REVIEWS.REPORT_TWICE"));
      else setFailure(why === "generic" ? t("REVIEWS.REPORT_ERROR") : t(REASON_MESSAGE_KEYS[why]));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (reason === "") {
      setFailure(t("REVIEWS.REPORT_REASON_REQUIRED"));
      return;
    }
    report.mutate({ applicationId, side, reason, note });
  };
  return (
    <>
      <button type="button" className="text-sm text-slate-600 underline" onClick={() => setOpen(true)}>
        {t("REVIEWS.REPORT")}
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title={t("REVIEWS.REPORT_TITLE")}>
          <form onSubmit={submit} noValidate className="space-y-4">
            <SelectField
              label={t("REVIEWS.REPORT_REASON")}
              value={reason}
              onValueChange={(value) => setReason(value as ReviewReportReason | "")}
              options={REVIEW_REPORT_REASONS.map((value) => ({
                value,
                label: t(`REVIEWS.REPORT_REASONS.${value}`),
              }))}
            />
            <TextAreaField
              label={t("REVIEWS.REPORT_NOTE")}
              value={note}
              onValueChange={setNote}
              maxLength={REVIEW_REPORT_NOTE_MAX}
            />
            {failure && (
              <p role="alert" className="text-sm text-red-700">
                {failure}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                {t("REVIEWS.REPORT_CANCEL")}
              </Button>
              <Button type="submit" disabled={report.isPending} aria-busy={report.isPending}>
                {t("REVIEWS.REPORT_SEND")}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
