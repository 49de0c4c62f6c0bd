import type { DeliveryView } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { DeliveredPostCard } from "../../../ui/delivery/delivered-post-card";
import { DeliveryFiles } from "../../../ui/delivery/delivery-files";

/**
 * What the brand is about to pay for, in the release modal (issue 37): the current delivery's posts with their
 * checks, and its files; the same cards as the page's.
 */
export function ReleaseReview({ delivery }: { delivery: DeliveryView }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 space-y-3 text-slate-900" data-testid="release-review">
      <ul className="space-y-3" aria-label={t("DELIVERY.POSTS")}>
        {delivery.posts.map((post) => (
          <li key={post.network}>
            <DeliveredPostCard post={post} />
          </li>
        ))}
      </ul>
      <DeliveryFiles files={delivery.files} />
    </div>
  );
}
