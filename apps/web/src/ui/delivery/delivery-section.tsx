import type { ApplicationDelivery, DeliveryView, NetworkType } from "@market/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { DeliveredPostCard } from "./delivered-post-card";
import { DeliveryFiles } from "./delivery-files";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * The delivered content of a hire (issue 37), on the application page for both parties and on an admin's case: the
 * current delivery (its posts as cards, its files, the influencer's note, the brand's request for changes) and the
 * earlier ones folded under "Earlier deliveries", newest first.
 */
export function DeliverySection({ delivery }: { delivery: ApplicationDelivery }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-5"
      data-testid="delivery"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("DELIVERY.TITLE")}
      </h2>
      <div data-testid="current-delivery">
        <DeliveryContent delivery={delivery.current} level={3} />
      </div>
      {delivery.history.length > 0 && (
        <details className="rounded-md border border-slate-200 bg-white p-3" data-testid="earlier-deliveries">
          <summary className="cursor-pointer font-medium">
            {t("DELIVERY.EARLIER", { count: delivery.history.length })}
          </summary>
          <div className="mt-3 space-y-4">
            {delivery.history.map((earlier) => (
              <section key={earlier.id} aria-labelledby={`${id}-${earlier.id}`} className="space-y-3">
                <h3 id={`${id}-${earlier.id}`} className="font-semibold">
                  {t("DELIVERY.DELIVERED_AT", { date: when.format(new Date(earlier.deliveredAt)) })}
                </h3>
                <DeliveryContent delivery={earlier} level={4} withDate={false} />
              </section>
            ))}
          </div>
        </details>
      )}
    </section>
  );
}

interface DeliveryContentProps {
  delivery: DeliveryView;
  /** The level of the posts' headings. */
  level: 3 | 4;
  withDate?: boolean;
}

/** One delivery: when, its posts (a list of cards), its files, the note and the brand's request for changes. */
export function DeliveryContent({ delivery, level, withDate = true }: DeliveryContentProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      {withDate && (
        <p className="text-sm text-slate-600">
          {t("DELIVERY.DELIVERED_AT", { date: when.format(new Date(delivery.deliveredAt)) })}
        </p>
      )}
      {delivery.changesRequest && (
        <ChangesRequest
          text={delivery.changesRequest.text}
          networks={delivery.changesRequest.networks}
          all={delivery.changesRequest.networks.length === 0}
        />
      )}
      <ul className="space-y-3" aria-label={t("DELIVERY.POSTS")}>
        {delivery.posts.map((post) => (
          <li key={post.network}>
            <DeliveredPostCard post={post} level={level} />
          </li>
        ))}
      </ul>
      <DeliveryFiles files={delivery.files} />
      {delivery.note && (
        <figure className="rounded-md border border-slate-200 bg-white p-3 text-sm">
          <figcaption className="font-medium">{t("DELIVERY.NOTE")}</figcaption>
          <blockquote className="break-words whitespace-pre-wrap text-slate-700">{delivery.note}</blockquote>
        </figure>
      )}
    </div>
  );
}

/** What the brand asked to change: its text and the posts it named (the whole delivery when it named none). */
function ChangesRequest({ text, networks, all }: { text: string; networks: NetworkType[]; all: boolean }) {
  const { t } = useTranslation();
  const named = networks.map((network) => t(`NETWORK.${network}`)).join(", ");
  return (
    <div
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="changes-request"
    >
      <p className="font-medium">
        {all ? t("DELIVERY.CHANGES_ALL") : t("DELIVERY.CHANGES_POSTS", { networks: named })}
      </p>
      <p className="break-words whitespace-pre-wrap">{text}</p>
    </div>
  );
}
