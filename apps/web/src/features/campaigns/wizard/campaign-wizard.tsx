import { CAMPAIGN_STEPS, type CampaignInput, type CampaignStep } from "@market/contracts";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { isUploading, type WizardImage } from "./images";
import { StepNav } from "./step-nav";
import { AudienceStep, DetailsStep, ExtraStep, GeneralStep, NetworksStep } from "./steps";
import {
  type CampaignDraft,
  campaignInputOf,
  type DraftField,
  donePanel,
  type FormStep,
  goNext,
  goTo,
  setField,
  type WizardState,
} from "./wizard-state";

interface CampaignWizardProps {
  mode: "create" | "update";
  title: string;
  initial: WizardState;
  saving: boolean;
  onLaunch: (input: CampaignInput) => void;
}

/** The six-step campaign wizard (spec section 5); the page around it creates or updates the campaign. */
export function CampaignWizard({ mode, title, initial, saving, onLaunch }: CampaignWizardProps) {
  const { t } = useTranslation();
  const [state, setState] = useState(initial);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Moving to another step puts the focus on its heading, so keyboard and screen reader users start there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step changes only.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [state.step]);

  const set = <K extends DraftField>(field: K, value: CampaignDraft[K]) =>
    setState((current) => setField(current, field, value, new Date()));
  const updateImages = (change: (images: readonly WizardImage[]) => readonly WizardImage[]) =>
    setState((current) => setField(current, "images", change(current.draft.images), new Date()));
  const jump = (step: CampaignStep) => setState((current) => goTo(current, step, new Date()));

  const now = new Date();
  const step = state.step;
  const stepProps = { draft: state.draft, errors: step === "done" ? undefined : state.errors[step], set };
  const index = CAMPAIGN_STEPS.indexOf(step);

  let body: ReactNode;
  switch (step) {
    case "networks":
      body = <NetworksStep {...stepProps} />;
      break;
    case "general":
      body = <GeneralStep {...stepProps} now={now} />;
      break;
    case "audience":
      body = <AudienceStep {...stepProps} />;
      break;
    case "details":
      body = <DetailsStep {...stepProps} updateImages={updateImages} />;
      break;
    case "extra":
      body = <ExtraStep {...stepProps} />;
      break;
    case "done":
      body = (
        <DoneStep
          mode={mode}
          state={state}
          saving={saving}
          onJump={jump}
          onLaunch={() => {
            const input = campaignInputOf(state.draft, new Date());
            if (input) onLaunch(input);
            else jump("done");
          }}
        />
      );
      break;
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        {t("NEW_CAMPAIGN.AFFILIATE_WARNING")}
      </p>
      <StepNav current={step} marks={state.marks} onJump={jump} />
      <form
        noValidate
        className="space-y-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (step !== "done") setState((current) => goNext(current, new Date()));
        }}
      >
        <div>
          <p className="text-sm text-slate-600">
            {t("NEW_CAMPAIGN.STEP_N", { n: index + 1, total: CAMPAIGN_STEPS.length })}
          </p>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
            {t(`NEW_CAMPAIGN.STEP.${step}`)}
          </h2>
        </div>
        {body}
        {step !== "done" && (
          <div className="flex justify-end">
            <Button type="submit" data-testid="wizard-next">
              {t("NEW_CAMPAIGN.NEXT")}
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}

interface DoneStepProps {
  mode: "create" | "update";
  state: WizardState;
  saving: boolean;
  onJump: (step: FormStep) => void;
  onLaunch: () => void;
}

function DoneStep({ mode, state, saving, onJump, onLaunch }: DoneStepProps) {
  const { t } = useTranslation();
  const panel = donePanel(state);
  if (panel.kind === "incomplete") {
    return (
      <section
        aria-labelledby="wizard-incomplete"
        data-testid="wizard-incomplete"
        className="rounded-md border border-red-300 bg-red-50 p-4"
      >
        <h3 id="wizard-incomplete" className="font-semibold text-red-900">
          {t("NEW_CAMPAIGN.DONE.INCOMPLETE_TITLE")}
        </h3>
        <p className="mt-1 text-sm text-red-900">{t("NEW_CAMPAIGN.DONE.INCOMPLETE")}</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {panel.invalid.map((step) => (
            <li key={step}>
              <Button variant="secondary" onClick={() => onJump(step)}>
                {t("NEW_CAMPAIGN.DONE.GO_TO", { step: t(`NEW_CAMPAIGN.STEP.${step}`) })}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const uploading = isUploading(state.draft.images);
  return (
    <section aria-labelledby="wizard-ready" data-testid="wizard-ready" className="space-y-3">
      <h3 id="wizard-ready" className="font-semibold text-slate-900">
        {t("NEW_CAMPAIGN.DONE.READY_TITLE")}
      </h3>
      <p className="text-sm text-slate-700">
        {mode === "create" ? t("NEW_CAMPAIGN.DONE.READY_CREATE") : t("NEW_CAMPAIGN.DONE.READY_UPDATE")}
      </p>
      <p className="text-sm text-slate-600">
        {mode === "create" ? t("NEW_CAMPAIGN.DONE.POSTSCRIPT") : t("NEW_CAMPAIGN.DONE.POSTSCRIPT_EDIT")}
      </p>
      <Button data-testid="wizard-launch" disabled={saving || uploading} aria-busy={saving} onClick={onLaunch}>
        {mode === "create"
          ? saving
            ? t("NEW_CAMPAIGN.DONE.LAUNCHING")
            : t("NEW_CAMPAIGN.DONE.LAUNCH")
          : saving
            ? t("NEW_CAMPAIGN.DONE.SAVING")
            : t("NEW_CAMPAIGN.DONE.SAVE")}
      </Button>
    </section>
  );
}
