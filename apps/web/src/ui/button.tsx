import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cx } from "../lib/cx";

type Variant = "primary" | "secondary" | "ghost";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
};

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: Variant;
  /** Styles the one child instead (a router Link that should look like a button). */
  asChild?: boolean;
}

export function Button({ variant = "primary", asChild = false, className, type = "button", ...props }: ButtonProps) {
  const classes = cx(
    "inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium",
    "transition-colors disabled:cursor-not-allowed disabled:opacity-50",
    "aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
    VARIANTS[variant],
    className,
  );
  return asChild ? <Slot.Root className={classes} {...props} /> : <button type={type} className={classes} {...props} />;
}
