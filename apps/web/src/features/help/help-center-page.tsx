import { Accordion } from "radix-ui";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/use-document-title";
import { BackToTopButton } from "./back-to-top-button";
import { FAQ_SECTIONS, faqValues } from "./faq";
import { HelpForm } from "./help-form";

const TITLE_ID = "help-center-title";
const ASK_ID = "ask";

/**
 * The influencer's help center (spec section 2, /help-center): questions and answers by topic, each section
 * reachable by its anchor, then the help form for anything they do not cover.
 */
export function HelpCenterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("HELP_CENTER.TITLE"));
  const values = faqValues();
  const contents = [
    ...FAQ_SECTIONS.map((section) => ({ id: section.id, title: t(section.title) })),
    { id: ASK_ID, title: t("HELP_CENTER.ASK_TITLE") },
  ];

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header className="space-y-2">
        <h1 id={TITLE_ID} tabIndex={-1} className="text-2xl font-bold outline-none">
          {t("HELP_CENTER.TITLE")}
        </h1>
        <p className="text-slate-700">{t("HELP_CENTER.INTRO")}</p>
      </header>

      <nav aria-labelledby="help-center-contents" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="help-center-contents" className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {t("HELP_CENTER.CONTENTS")}
        </h2>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {contents.map(({ id, title }) => (
            <li key={id}>
              <a href={`#${id}`} className="rounded font-medium text-brand-700 underline-offset-2 hover:underline">
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {FAQ_SECTIONS.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="scroll-mt-4 space-y-3">
          <h2 id={section.id} tabIndex={-1} className="text-xl font-semibold outline-none">
            {t(section.title)}
          </h2>
          <Accordion.Root
            type="multiple"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          >
            {section.entries.map((entry) => (
              <Accordion.Item key={entry.question} value={entry.question}>
                <Accordion.Header className="m-0">
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-3 text-left font-medium text-slate-900 hover:bg-slate-50">
                    {t(entry.question)}
                    <span
                      aria-hidden="true"
                      className="text-slate-500 transition-transform group-data-[state=open]:rotate-180"
                    >
                      ▾
                    </span>
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="px-4 pb-4 text-slate-700">{t(entry.answer, values)}</Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </section>
      ))}

      <section aria-labelledby={ASK_ID} className="scroll-mt-4 space-y-3">
        <h2 id={ASK_ID} tabIndex={-1} className="text-xl font-semibold outline-none">
          {t("HELP_CENTER.ASK_TITLE")}
        </h2>
        <p className="text-slate-700">{t("HELP_CENTER.ASK_INTRO")}</p>
        <div className="rounded-lg border border-slate-200 bg-white p-6">
          <HelpForm />
        </div>
      </section>

      <BackToTopButton targetId={TITLE_ID} />
    </div>
  );
}
