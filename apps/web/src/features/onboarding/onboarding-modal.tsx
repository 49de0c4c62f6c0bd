import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SignedInUser } from "../../app/pick-tree";
import { rest } from "../../lib/rest";
import { Dialog, DialogContent } from "../../ui/dialog";
import { BrandOnboarding } from "./brand-onboarding";
import { InfluencerOnboardingForm } from "./influencer-onboarding-form";
import { createSeenFlag } from "./seen-flag";
import { showsOnboarding } from "./show-onboarding";

/** Where the brand's call to action leads: the campaign wizard (spec section 2). */
const NEW_CAMPAIGN_PATH = "/campaigns/new";

/**
 * The modal after sign-up (spec section 2). Whatever way the user leaves it, Later (the overlay, Escape and the
 * close button count as Later), Save or Create a campaign, it closes and the seen flag follows after
 * ONBOARDING_SEEN_DELAY_MS. A failed flag only means the modal comes back on the next visit: nothing to tell.
 */
export function OnboardingModal({ kind, user }: { kind: "brand" | "influencer"; user: SignedInUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(() => showsOnboarding(user));
  const markSeen = useMemo(() => createSeenFlag(() => void rest.post("/api/onboarding/seen")), []);
  const pass = () => {
    setOpen(false);
    markSeen();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) pass();
      }}
    >
      <DialogContent
        title={t(kind === "brand" ? "ONBOARDING.BRAND.TITLE" : "ONBOARDING.INFLUENCER.TITLE", {
          username: user.username,
        })}
        className="top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg"
      >
        {kind === "brand" ? (
          <BrandOnboarding
            onLater={pass}
            onCreateCampaign={() => {
              pass();
              void navigate({ to: NEW_CAMPAIGN_PATH });
            }}
          />
        ) : (
          <InfluencerOnboardingForm onLater={pass} onSaved={pass} />
        )}
      </DialogContent>
    </Dialog>
  );
}
