import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, type ButtonProps } from "./button";
import { CONFIRM_RESET_MS, INITIAL_COUNTER, press, remainingClicks } from "./confirm-clicks";

interface ConfirmClicksButtonProps extends Pick<ButtonProps, "variant" | "className"> {
  children: ReactNode;
  /** Runs on the click that completes the count (spec section 9: the admin confirms in 3 clicks). */
  onConfirm: () => void;
  /** The action is under way: further clicks are ignored and the button says it is busy. */
  busy?: boolean;
  testId?: string;
}

/**
 * The admin's confirmation of spec section 9: the action runs on the third click; how many clicks are left is
 * announced (aria-live) and described on the button, and a pause of CONFIRM_RESET_MS starts the count over.
 * aria-disabled rather than disabled while busy, so that keyboard focus stays on the button.
 */
export function ConfirmClicksButton({
  children,
  onConfirm,
  busy = false,
  variant,
  className,
  testId,
}: ConfirmClicksButtonProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [counter, setCounter] = useState(INITIAL_COUNTER);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const click = () => {
    if (busy) return;
    clearTimeout(timer.current);
    const step = press(counter);
    setCounter(step.counter);
    if (step.confirmed) onConfirm();
    else timer.current = setTimeout(() => setCounter(INITIAL_COUNTER), CONFIRM_RESET_MS);
  };
  return (
    <span className="inline-flex flex-col gap-1">
      <Button
        variant={variant}
        className={className}
        onClick={click}
        aria-disabled={busy}
        aria-busy={busy}
        aria-describedby={hintId}
        data-testid={testId}
      >
        {children}
      </Button>
      <span
        id={hintId}
        aria-live="polite"
        className="text-xs text-slate-600"
        data-testid={testId && `${testId}-clicks-left`}
      >
        {t("GLOBAL.CLICKS_LEFT", { count: remainingClicks(counter) })}
      </span>
    </span>
  );
}
