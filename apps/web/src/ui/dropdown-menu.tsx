import { DropdownMenu as M } from "radix-ui";
import type { ComponentProps } from "react";
import { cx } from "../lib/cx";

/**
 * Menus are not modal: a modal one hides the rest of the page from assistive technologies (aria-hidden on #root)
 * while its controls stay focusable, which axe reports (aria-hidden-focus). Escape, a click outside and Tab still
 * close it, and focus goes back to its trigger.
 */
export function DropdownMenu(props: ComponentProps<typeof M.Root>) {
  return <M.Root modal={false} {...props} />;
}
export const DropdownMenuTrigger = M.Trigger;

export function DropdownMenuContent({ className, ...props }: ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        align="end"
        sideOffset={6}
        className={cx("z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg", className)}
        {...props}
      />
    </M.Portal>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof M.Label>) {
  return <M.Label className={cx("px-3 py-2 text-xs text-slate-500", className)} {...props} />;
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof M.Item>) {
  return (
    <M.Item
      className={cx(
        "flex cursor-pointer items-center rounded px-3 py-2 text-sm text-slate-800 outline-none",
        "data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900",
        className,
      )}
      {...props}
    />
  );
}
