import { type ConsoleUserPage, formatUsd } from "@market/contracts";
import { getRouteApi, Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { MoneyPageHeader } from "../../../ui/money-table";
import { AUDIT_PAGES } from "../audit/audit-query";
import { ReasonDialog } from "../shell/reason-dialog";
import { consoleDate } from "./users-page";

const route = getRouteApi("/(admin)/admin/users/$id");

const date = (iso: string) => <time dateTime={iso}>{consoleDate.format(new Date(iso))}</time>;

/**
 * A user's page in the console (issue 36, point 4): who they are, their campaigns or applications, their money,
 * flag, logins and audit trail; impersonation starts here and asks for a reason.
 */
export function UserPage() {
  const { t } = useTranslation();
  const { id } = route.useParams();
  const query = trpc.admin.console.users.get.useQuery({ id: Number(id) });
  useDocumentTitle(query.data ? query.data.user.username : t("CONSOLE_USERS.USER_TITLE"));

  if (query.isPending) {
    return (
      <p role="status" className="py-12 text-center text-slate-600">
        {t("CONSOLE_USERS.LOADING")}
      </p>
    );
  }
  if (query.isError) {
    const missing = query.error.data?.code === "NOT_FOUND";
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
        <p>{missing ? t("CONSOLE_USERS.NOT_FOUND") : t("CONSOLE_USERS.USER_LOAD_ERROR")}</p>
        {!missing && <Button onClick={() => void query.refetch()}>{t("CONSOLE_USERS.RETRY")}</Button>}
        <Link to="/admin/users" className="block text-brand-800 underline">
          {t("CONSOLE_USERS.BACK_TO_USERS")}
        </Link>
      </div>
    );
  }
  return <UserDetails page={query.data} />;
}

function UserDetails({ page }: { page: ConsoleUserPage }) {
  const { t } = useTranslation();
  const { user, money } = page;
  const [acting, setActing] = useState(false);
  const impersonate = trpc.admin.console.users.impersonate.useMutation();

  return (
    <div className="space-y-6">
      <Link to="/admin/users" className="text-sm text-brand-800 underline">
        {t("CONSOLE_USERS.BACK_TO_USERS")}
      </Link>
      <MoneyPageHeader title={user.username}>
        {page.canImpersonate && <Button onClick={() => setActing(true)}>{t("CONSOLE_USERS.IMPERSONATE")}</Button>}
      </MoneyPageHeader>
      <ReasonDialog
        open={acting}
        onClose={() => setActing(false)}
        title={t("CONSOLE_USERS.IMPERSONATE_TITLE", { username: user.username })}
        intro={t("CONSOLE_USERS.IMPERSONATE_INTRO")}
        submit={t("CONSOLE_USERS.IMPERSONATE_SUBMIT")}
        reason={{ label: t("CONSOLE_USERS.REASON"), hint: t("CONSOLE_USERS.REASON_HINT") }}
        failureOf={() => t("CONSOLE_USERS.IMPERSONATE_ERROR")}
        onConfirm={async (reason) => {
          await impersonate.mutateAsync({ userId: user.id, reason });
          // The session is now the user's: the page loads afresh from / and runs their route tree.
          window.location.assign("/");
        }}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Section title={t("CONSOLE_USERS.PROFILE")}>
          <Facts
            rows={[
              [t("CONSOLE_USERS.ID"), String(user.id)],
              [t("CONSOLE_USERS.EMAIL"), user.email],
              [
                t("CONSOLE_USERS.KIND"),
                t(user.kind === "brand" ? "CONSOLE_USERS.KIND_BRAND" : "CONSOLE_USERS.KIND_INFLUENCER"),
              ],
              ...(user.brandName !== null ? [[t("CONSOLE_USERS.COMPANY"), user.brandName || "—"] as const] : []),
              [t("CONSOLE_USERS.JOINED"), date(user.createdAt)],
              ...(user.isAdmin ? [[t("CONSOLE_USERS.ADMIN"), t("CONSOLE_USERS.YES")] as const] : []),
            ]}
          />
        </Section>
        <Section title={t("CONSOLE_USERS.MONEY")}>
          <Facts
            rows={[
              ...(money.balanceCents !== null
                ? [[t("CONSOLE_USERS.BALANCE"), formatUsd(money.balanceCents)] as const]
                : []),
              [
                t(user.kind === "brand" ? "CONSOLE_USERS.PAID_IN" : "CONSOLE_USERS.HIRED_FOR"),
                formatUsd(money.paidCents),
              ],
              [t("CONSOLE_USERS.REFUNDED"), formatUsd(money.refundedCents)],
            ]}
          />
          {money.payouts.length > 0 && (
            <ul className="mt-3 space-y-1 text-sm">
              {money.payouts.map((payout) => (
                <li key={payout.id}>
                  {t("CONSOLE_USERS.PAYOUT_LINE", {
                    id: payout.id,
                    amount: formatUsd(payout.amountCents),
                    method: payout.method,
                    status: payout.status,
                  })}{" "}
                  {date(payout.requestedAt)}
                </li>
              ))}
            </ul>
          )}
        </Section>
        {page.flags && (
          <Section title={t("CONSOLE_USERS.FLAGS")}>
            <p className="text-sm">
              {page.flags.maybeFake ? t("CONSOLE_USERS.FLAGGED_FAKE") : t("CONSOLE_USERS.NOT_FLAGGED")}
            </p>
          </Section>
        )}
        <Section title={t("CONSOLE_USERS.LOGINS")}>
          <Facts
            rows={[
              [
                t("CONSOLE_USERS.LAST_LOGIN"),
                page.logins.lastLoginAt ? date(page.logins.lastLoginAt) : t("CONSOLE_USERS.NEVER"),
              ],
            ]}
          />
          {page.logins.sessions.length > 0 && (
            <ul className="mt-3 space-y-1 text-sm" aria-label={t("CONSOLE_USERS.SESSIONS")}>
              {page.logins.sessions.map((session) => (
                <li key={session.createdAt}>
                  {t("CONSOLE_USERS.SESSION_FROM")} {date(session.createdAt)} · {t("CONSOLE_USERS.SESSION_SEEN")}{" "}
                  {date(session.lastSeenAt)}
                </li>
              ))}
            </ul>
          )}
          {page.logins.sources.length > 0 && (
            <ul className="mt-3 space-y-1 text-sm" aria-label={t("CONSOLE_USERS.SOURCES")}>
              {page.logins.sources.map((source) => (
                <li key={source.source}>
                  <span className="font-mono text-xs">{source.source}</span> · {date(source.lastSuccessAt)}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      {page.campaigns && (
        <Section title={t("CONSOLE_USERS.CAMPAIGNS", { count: page.campaigns.total })}>
          {page.campaigns.recent.length === 0 ? (
            <p className="text-sm text-slate-600">{t("CONSOLE_USERS.NO_CAMPAIGNS")}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {page.campaigns.recent.map((campaign) => (
                <li key={campaign.id}>
                  #{campaign.id} {campaign.title} · {campaign.reviewStatus} · {date(campaign.createdAt)}
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
      <Section title={t("CONSOLE_USERS.APPLICATIONS")}>
        <p className="mb-2 text-sm text-slate-700">
          {Object.entries(page.applications.byStatus)
            .map(([status, n]) => `${status}: ${n}`)
            .join(" · ") || t("CONSOLE_USERS.NO_APPLICATIONS")}
        </p>
        {page.applications.recent.length > 0 && (
          <ul className="space-y-1 text-sm">
            {page.applications.recent.map((application) => (
              <li key={application.id}>
                #{application.id} {application.dealTitle} · {application.status}
                {application.paidAmountCents > 0 && ` · ${formatUsd(application.paidAmountCents)}`} ·{" "}
                {date(application.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <UserAudit userId={user.id} />
    </div>
  );
}

/** The user's audit trail: the audit view's rows where they were acted as or acted on. */
function UserAudit({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = trpc.admin.console.audit.list.useInfiniteQuery({ userId }, AUDIT_PAGES);
  const entries = (query.data?.pages ?? []).flatMap((page) => page.entries);
  return (
    <Section title={t("CONSOLE_USERS.AUDIT")}>
      {query.isPending ? (
        <p role="status">{t("CONSOLE_USERS.LOADING")}</p>
      ) : query.isError ? (
        <p role="alert">{t("CONSOLE_USERS.AUDIT_ERROR")}</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t("CONSOLE_USERS.NO_AUDIT")}</p>
      ) : (
        <ul className="space-y-2 text-sm" aria-label={t("CONSOLE_USERS.AUDIT")}>
          {entries.map((entry) => (
            <li key={entry.id}>
              {date(entry.at)} · <span className="font-mono text-xs">{entry.action}</span> · {entry.admin.username}
              {entry.reason && <span className="block text-slate-700">{entry.reason}</span>}
            </li>
          ))}
        </ul>
      )}
      <Link to="/admin/audit" search={{ userId: String(userId) }} className="mt-3 block text-brand-800 underline">
        {t("CONSOLE_USERS.ALL_AUDIT")}
      </Link>
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
