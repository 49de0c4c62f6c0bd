import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";
import { animateScrollToTop } from "./back-to-top";

/** The button shows once the page is scrolled this far, when the top is out of sight. */
const SHOW_AFTER_PX = 400;

const frames = {
  now: () => performance.now(),
  requestFrame: (callback: () => void) => requestAnimationFrame(callback),
};

/**
 * Back to the top of the help center (spec section 9: a 200 ms animation), then focus on the page heading so a
 * keyboard user carries on from there. Without motion when the user asks for reduced motion.
 */
export function BackToTopButton({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > SHOW_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  const backToTop = () => {
    const focusTarget = () => document.getElementById(targetId)?.focus({ preventScroll: true });
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      window.scrollTo(0, 0);
      focusTarget();
      return;
    }
    animateScrollToTop({
      from: window.scrollY,
      scrollTo: (top) => window.scrollTo(0, top),
      frames,
      onDone: focusTarget,
    });
  };

  if (!shown) return null;
  return (
    <Button variant="secondary" onClick={backToTop} className="fixed bottom-4 left-4 z-30 shadow-md">
      <span aria-hidden="true">↑</span>
      {t("HELP_CENTER.BACK_TO_TOP")}
    </Button>
  );
}
