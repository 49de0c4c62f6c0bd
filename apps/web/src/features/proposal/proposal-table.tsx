import { Link, useLocation } from "@tanstack/react-router";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { networksTabSearch } from "../../lib/networks-return";
import { NetworkBadge } from "../../ui/network-badge";
import type { LineErrors } from "./proposal-check";
import { BLANK_LINE, type LineValues, lineLabelOf, type ProposalLine, rightsOf } from "./proposal-lines";
import { describedBy, FieldMessageText } from "./proposal-message";
import { formatCount } from "./proposal-totals";
import { UsageRightsField } from "./usage-rights-field";

/**
 * Where the influencer links or verifies networks and resolves conflicts: the account's networks tab, told to come
 * back to this page (`next`) once done, so the proposal can then be sent (issue 15).
 */
export function ManageNetworksLink({
  onNavigate,
  className = "text-brand-800 underline",
  label = "PROPOSAL_MODAL.MANAGE_NETWORKS",
}: {
  onNavigate: () => void;
  /** The link's look; a Button with asChild gives its own (""). */
  className?: string;
  label?: "PROPOSAL_MODAL.MANAGE_NETWORKS" | "PROPOSAL_MODAL.LINK_NETWORK";
}) {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Link to="/account" search={networksTabSearch(pathname)} onClick={onNavigate} className={className}>
      {t(label)}
    </Link>
  );
}

interface ProposalTableProps {
  lines: readonly ProposalLine[];
  values: Record<number, LineValues>;
  errors: Record<number, LineErrors>;
  onChange: (networkId: number, values: LineValues) => void;
  /** Called when a link leaves the modal for the networks tab. */
  onNavigate: () => void;
}

/** The table of the influencer's networks the deal asks for, one price and one days input per priceable line. */
export function ProposalTable({ lines, values, errors, onChange, onNavigate }: ProposalTableProps) {
  const { t } = useTranslation();
  return (
    <table className="w-full text-left text-sm">
      <ProposalTableHead />
      <tbody className="divide-y divide-slate-100">
        {lines.map((line) => (
          <LineRow
            key={line.network.id}
            line={line}
            label={lineLabelOf(line, lines, t(`NETWORK.${line.network.type}`))}
            value={values[line.network.id] ?? BLANK_LINE}
            errors={errors[line.network.id] ?? {}}
            onChange={(next) => onChange(line.network.id, next)}
            onNavigate={onNavigate}
          />
        ))}
      </tbody>
    </table>
  );
}

/** The caption and column heads of a proposal's table, in the new and update modes and in the change mode. */
export function ProposalTableHead() {
  const { t } = useTranslation();
  return (
    <>
      <caption className="sr-only">{t("PROPOSAL_MODAL.TABLE_CAPTION")}</caption>
      <thead className="border-b border-slate-200 text-slate-600">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            {t("PROPOSAL_MODAL.COL_NETWORK")}
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-medium">
            {t("PROPOSAL_MODAL.COL_REACH")}
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {t("PROPOSAL_MODAL.COL_PRICE")}
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {t("PROPOSAL_MODAL.COL_DAYS")}
          </th>
          <th scope="col" className="py-2 font-medium">
            {t("PROPOSAL_MODAL.COL_RIGHTS")}
          </th>
        </tr>
      </thead>
    </>
  );
}

/** A price or days input of a proposal's table line. */
export const LINE_INPUT_CLASS =
  "block w-28 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-invalid:border-red-600 disabled:bg-slate-100";

interface LineRowProps {
  line: ProposalLine;
  label: string;
  value: LineValues;
  errors: LineErrors;
  onChange: (values: LineValues) => void;
  onNavigate: () => void;
}

function LineRow({ line, label, value, errors, onChange, onNavigate }: LineRowProps) {
  const { t } = useTranslation();
  const id = useId();
  const blocked = line.blocked !== null;
  const ids = { why: `${id}-why`, network: `${id}-network`, price: `${id}-price`, days: `${id}-days` };
  return (
    <tr
      data-testid="proposal-line"
      data-network-id={line.network.id}
      className={blocked ? "align-top text-slate-500" : "align-top"}
    >
      <th scope="row" className="py-2 pr-3 font-normal">
        <NetworkBadge type={line.network.type} />
        <span className="block break-words text-slate-600">{line.network.title}</span>
        {line.blocked && (
          <p id={ids.why} className="mt-1 text-amber-800">
            {t(
              line.blocked === "unverified"
                ? "PROPOSAL_MODAL.BLOCKED_UNVERIFIED"
                : "PROPOSAL_MODAL.BLOCKED_CONFLICTING",
            )}
            {" · "}
            <ManageNetworksLink onNavigate={onNavigate} />
          </p>
        )}
        <FieldMessageText id={ids.network} message={errors.network} />
      </th>
      <td className="py-2 pr-3 text-right tabular-nums">{formatCount(line.network.followers)}</td>
      <td className="py-2 pr-3">
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className={LINE_INPUT_CLASS}
          aria-label={t("PROPOSAL_MODAL.PRICE_LABEL", { network: label })}
          value={value.price}
          disabled={blocked}
          onChange={(event) => onChange({ ...value, price: event.target.value })}
          aria-invalid={errors.price || errors.network ? true : undefined}
          aria-describedby={describedBy(blocked && ids.why, errors.network && ids.network, errors.price && ids.price)}
        />
        <FieldMessageText id={ids.price} message={errors.price} />
      </td>
      <td className="py-2 pr-3">
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className={LINE_INPUT_CLASS}
          aria-label={t("PROPOSAL_MODAL.DAYS_LABEL", { network: label })}
          value={value.creationDays}
          disabled={blocked}
          onChange={(event) => onChange({ ...value, creationDays: event.target.value })}
          aria-invalid={errors.creationDays ? true : undefined}
          aria-describedby={describedBy(blocked && ids.why, errors.creationDays && ids.days)}
        />
        <FieldMessageText id={ids.days} message={errors.creationDays} />
      </td>
      <td className="py-2">
        <UsageRightsField
          label={label}
          value={rightsOf(value)}
          error={errors.usageRights}
          disabled={blocked}
          reader="influencer"
          onChange={(rights) => onChange({ ...value, rights })}
        />
      </td>
    </tr>
  );
}
