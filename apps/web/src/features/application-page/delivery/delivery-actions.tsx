import { type ApplicationPageView, formatUsd, type NetworkType, type WorkDoneInput } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { toast } from "../../../ui/toast-store";
import { ActionDialog } from "./action-dialog";
import { ReleaseReview } from "./release-review";
import { WorkDoneDialog } from "./work-done-dialog";

/** The release modal scrolls within the screen: it lists the delivered posts the brand is paying for. */
const TALL_DIALOG =
  "top-1/2 left-1/2 max-h-[calc(100vh-2rem)] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg";

type Open = "done" | "undone" | "release" | null;

interface DeliveryActionsProps {
  view: ApplicationPageView;
  /** Reads the application and its chat again: after each action (spec section 4) and after a refusal. */
  onChanged: () => Promise<unknown>;
}

/**
 * The hire's actions (spec sections 2 and 4), each behind its modal, as the lifecycle table lists them for the
 * viewer: the influencer's work done; the brand's work not done (once the work is done) and release. Each is
 * followed by a reload of the page's data, a refusal too (the application moved on in another tab, say).
 */
export function DeliveryActions({ view, onChanged }: DeliveryActionsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const workDone = trpc.applications.workDone.useMutation();
  const workNotDone = trpc.applications.workNotDone.useMutation();
  const release = trpc.applications.release.useMutation();
  const can = (action: ApplicationPageView["actions"][number]) => view.actions.includes(action);
  const brand = view.role === "brand";
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  const act = async (send: () => Promise<unknown>, success: string) => {
    try {
      await send();
    } catch (failure) {
      void onChanged();
      throw failure;
    }
    toast.success(success);
    await onChanged();
  };
  const username = view.influencer.username;

  return (
    <>
      {!brand && can("workDone") && (
        <Button onClick={() => setOpen("done")} data-testid="work-done">
          {t("APPLICATION_PAGE.WORK_DONE")}
        </Button>
      )}
      {brand && can("release") && (
        <Button onClick={() => setOpen("release")} data-testid="release">
          {/* Approval reads true only of delivered content; before any delivery the brand just releases. */}
          {t(view.delivery ? "APPLICATION_PAGE.RELEASE" : "APPLICATION_PAGE.RELEASE_UNDELIVERED")}
        </Button>
      )}
      {brand && can("workNotDone") && (
        <Button variant="secondary" onClick={() => setOpen("undone")} data-testid="work-not-done">
          {t("APPLICATION_PAGE.WORK_NOT_DONE")}
        </Button>
      )}
      <WorkDoneDialog
        view={view}
        open={open === "done"}
        onOpenChange={close}
        onSend={(body: WorkDoneInput) => act(() => workDone.mutateAsync(body), t("WORK_DONE_MODAL.SUCCESS"))}
      />
      <ActionDialog
        open={open === "undone"}
        onOpenChange={close}
        title={t("WORK_NOT_DONE_MODAL.TITLE")}
        intro={<p>{t("WORK_NOT_DONE_MODAL.INTRO")}</p>}
        textLabel={t("WORK_NOT_DONE_MODAL.TEXT")}
        choices={{
          legend: t("WORK_NOT_DONE_MODAL.POSTS"),
          options: (view.delivery?.current.posts ?? []).map((post) => ({
            value: post.network,
            label: t("WORK_NOT_DONE_MODAL.POST", { network: t(`NETWORK.${post.network}`) }),
          })),
        }}
        submit={t("WORK_NOT_DONE_MODAL.SUBMIT")}
        cancel={t("WORK_NOT_DONE_MODAL.CANCEL")}
        failureKey="WORK_NOT_DONE_MODAL.ERROR"
        onConfirm={(text, networks) =>
          act(
            () => workNotDone.mutateAsync({ id: view.id, text, networks: networks as NetworkType[] }),
            t("WORK_NOT_DONE_MODAL.SUCCESS"),
          )
        }
        testId="work-not-done-dialog"
      />
      <ActionDialog
        open={open === "release"}
        onOpenChange={close}
        title={t("RELEASE_MODAL.TITLE")}
        intro={
          <>
            <p>{t("RELEASE_MODAL.INTRO", { amount: formatUsd(view.viewerTotalCents), username })}</p>
            {view.delivery && <ReleaseReview delivery={view.delivery.current} />}
          </>
        }
        className={TALL_DIALOG}
        submit={t("RELEASE_MODAL.SUBMIT")}
        cancel={t("RELEASE_MODAL.CANCEL")}
        failureKey="RELEASE_MODAL.ERROR"
        onConfirm={() => act(() => release.mutateAsync({ id: view.id }), t("RELEASE_MODAL.SUCCESS", { username }))}
        testId="release-dialog"
      />
    </>
  );
}
