import type { DeliveredPostView, PostStatistics } from "@market/contracts";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import { formatCount } from "../../lib/influencer-format";
import { NetworkBadge } from "../network-badge";
import { CHECK_TONES, TONE_CLASSES } from "./post-check-tone";

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

interface DeliveredPostCardProps {
  post: DeliveredPostView;
  /** The heading level of the card's title: h3 under the delivery's h2, h4 under an earlier delivery's h3. */
  level?: 3 | 4;
}

/**
 * One delivered post as the brand reviews it, the influencer reads back and an admin sees on a case (issue 37): the
 * network and kind, the linked account, when it was published, the thumbnail where the network gives one, the
 * latest statistics, and the check's result in the server's words ("We could not find this post on YouTube.").
 * An article under its heading, so a screen reader lists the posts by their networks.
 */
export function DeliveredPostCard({ post, level = 3 }: DeliveredPostCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const Heading = level === 3 ? "h3" : "h4";
  const tone = CHECK_TONES[post.check.state];
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex gap-4 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="delivered-post"
      data-network={post.network}
      data-check={post.check.state}
    >
      {post.thumbnailUrl && !thumbnailFailed && (
        <img
          src={post.thumbnailUrl}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setThumbnailFailed(true)}
          className="h-24 w-32 shrink-0 rounded bg-slate-200 object-cover"
        />
      )}
      <div className="min-w-0 flex-1 space-y-2 text-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Heading id={`${id}-title`} className="text-base font-semibold">
            <NetworkBadge type={post.network} />
            <span className="font-normal text-slate-600"> · {t(`DELIVERY.KIND.${post.kind}`)}</span>
          </Heading>
          {post.changesRequested && (
            <span
              className="rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-950"
              data-testid="changes-requested"
            >
              {t("DELIVERY.CHANGES_REQUESTED")}
            </span>
          )}
        </div>
        <p className="text-slate-600">
          {post.account ? t("DELIVERY.ACCOUNT", { title: post.account.title }) : t("DELIVERY.NO_ACCOUNT")}
          {post.publishedAt && (
            <>
              {" · "}
              {t("DELIVERY.PUBLISHED", { date: day.format(new Date(post.publishedAt)) })}
            </>
          )}
        </p>
        <p>
          <a href={post.url} target="_blank" rel="noopener noreferrer" className="break-all text-brand-800 underline">
            {post.url}
            <span className="sr-only"> {t("INFLUENCER.PROFILE.OPENS_NEW_TAB")}</span>
          </a>
        </p>
        <Statistics statistics={post.statistics} />
        <p
          className={cx("rounded-md border px-3 py-2", TONE_CLASSES[tone])}
          data-testid="post-check"
          aria-busy={post.check.state === "pending" ? true : undefined}
        >
          <span className="font-medium">{t(`DELIVERY.CHECK.${post.check.state}`)}: </span>
          {post.check.message}
        </p>
      </div>
    </article>
  );
}

/** The counters the network gave, each left out where it gives none (hidden likes, no view count). */
function Statistics({ statistics }: { statistics: PostStatistics }) {
  const { t } = useTranslation();
  const shown = (["views", "likes", "comments"] as const).filter((name) => statistics[name] !== null);
  if (shown.length === 0) return null;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1" data-testid="post-statistics">
      {shown.map((name) => (
        <div key={name} className="flex gap-1">
          <dt className="text-slate-600">{t(`DELIVERY.STAT.${name}`)}</dt>
          <dd className="font-medium tabular-nums">{formatCount(statistics[name] ?? 0)}</dd>
        </div>
      ))}
    </dl>
  );
}
