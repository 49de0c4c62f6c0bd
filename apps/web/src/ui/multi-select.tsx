import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { type MultiSelectProps, TRIGGER_CLASS } from "./multi-select-props";

// The popover (Radix and floating-ui, about 11 KB on the wire) is fetched when a pointer or the focus first reaches
// a filter, not with the page: a visitor's first load of /find only shows the buttons.
const loadPopover = () => import("./multi-select-popover");
// lazy() drops the generic of the selection's values; the component keeps it.
const MultiSelectPopover = lazy(loadPopover) as unknown as typeof import("./multi-select-popover").default;

/**
 * A multi-select: a button naming the filter and how many values are chosen, opening a list of checkboxes.
 * Each change applies at once; the order of the options is kept in the selection. Until first opened it is a
 * plain button of the same look; its click swaps in the popover, already open.
 */
export function MultiSelect<T extends string>(props: MultiSelectProps<T>) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { label, options, selected, disabled } = props;
  const summary =
    selected.length === 0
      ? (props.emptyLabel ?? t("FIND.FILTER.ANY"))
      : selected.length === 1
        ? (options.find((option) => option.value === selected[0])?.label ?? selected[0])
        : t("FIND.FILTER.SELECTED", { count: selected.length });
  const placeholder = (
    <button
      type="button"
      disabled={disabled}
      aria-haspopup="dialog"
      aria-expanded={opened}
      className={TRIGGER_CLASS}
      onPointerEnter={loadPopover}
      onFocus={loadPopover}
      onClick={() => setOpened(true)}
    >
      <span className="text-xs text-slate-500">{label}</span>
      <span className="font-medium">{summary}</span>
    </button>
  );
  if (!opened) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <MultiSelectPopover {...props} summary={summary} />
    </Suspense>
  );
}
