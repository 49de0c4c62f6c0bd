import { CAMPAIGN_STEPS, type CampaignStep } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { cx } from "../../../lib/cx";
import type { FormStep, StepMark } from "./wizard-state";

interface StepNavProps {
  current: CampaignStep;
  marks: Partial<Record<FormStep, StepMark>>;
  onJump: (step: CampaignStep) => void;
}

/**
 * The wizard's steps (spec section 5): each marked selected, valid or invalid, by an icon and by words for screen
 * readers; any step may be opened from here.
 */
export function StepNav({ current, marks, onJump }: StepNavProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("NEW_CAMPAIGN.STEPS_LABEL")}>
      <ol className="flex flex-wrap gap-2">
        {CAMPAIGN_STEPS.map((step, index) => {
          const mark = step === "done" ? undefined : marks[step];
          const selected = step === current;
          const state = [
            selected ? t("NEW_CAMPAIGN.STEP_STATE.CURRENT") : null,
            mark === "valid"
              ? t("NEW_CAMPAIGN.STEP_STATE.VALID")
              : mark === "invalid"
                ? t("NEW_CAMPAIGN.STEP_STATE.INVALID")
                : null,
          ]
            .filter(Boolean)
            .join(", ");
          return (
            <li key={step}>
              <button
                type="button"
                data-testid={`wizard-step-${step}`}
                data-mark={mark ?? "none"}
                aria-current={selected ? "step" : undefined}
                onClick={() => onJump(step)}
                className={cx(
                  "inline-flex min-h-10 items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium",
                  selected ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800",
                  !selected && mark === "invalid" && "border-red-600 text-red-800",
                  !selected && mark === "valid" && "border-green-700 text-green-800",
                )}
              >
                <StepIcon mark={mark} index={index} />
                <span>{t(`NEW_CAMPAIGN.STEP.${step}`)}</span>
                {state && <span className="sr-only">({state})</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function StepIcon({ mark, index }: { mark: StepMark | undefined; index: number }) {
  const base = "inline-flex size-5 items-center justify-center rounded-full text-xs";
  if (mark === "valid")
    return (
      <span aria-hidden="true" className={cx(base, "bg-green-700 text-white")}>
        ✓
      </span>
    );
  if (mark === "invalid")
    return (
      <span aria-hidden="true" className={cx(base, "bg-red-700 text-white")}>
        !
      </span>
    );
  return (
    <span aria-hidden="true" className={cx(base, "border border-current")}>
      {index + 1}
    </span>
  );
}
