import { BookOpenIcon, MailIcon, MessageCircleIcon } from "lucide-react";

import { SITE } from "../../../../../contracts/site";
import { PublicPage } from "~/components/public/public-page";
import { Button } from "~/components/ui/button";
import { FaqAccordion } from "~/features/public-pages/faq/faq-accordion";
import { FaqJsonLd } from "~/features/public-pages/faq/faq-json-ld";
import { PageIntro } from "~/features/public-pages/page-intro";
import { registerNamespace, useTranslation } from "~/lib/i18n";
import enFaq from "~/locales/en/faq.json";

registerNamespace("faq", { en: enFaq });

export function FaqPage() {
  const { t } = useTranslation("faq");
  const newTab = t("newTab");
  return (
    <PublicPage>
      <FaqJsonLd />
      <PageIntro eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />

      <div className="mx-auto max-w-3xl px-4 pb-20 sm:px-6 sm:pb-28">
        <FaqAccordion />

        <section
          className="mt-10 flex flex-col gap-5 rounded-2xl border bg-brand-soft/60 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8 dark:bg-brand-soft"
        >
          <div>
            <h2 className="text-lg font-semibold">
              {t("more.title")}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t("more.text")}</p>
          </div>
          <div className="flex flex-col gap-2 sm:shrink-0 sm:flex-row">
            <Button asChild>
              <a href={SITE.links.supportChat} target="_blank" rel="noopener noreferrer">
                <MessageCircleIcon aria-hidden="true" />
                {t("more.chat")}
                <span className="sr-only"> {newTab}</span>
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={SITE.links.documentation} target="_blank" rel="noopener noreferrer">
                <BookOpenIcon aria-hidden="true" />
                {t("more.docs")}
                <span className="sr-only"> {newTab}</span>
              </a>
            </Button>
          </div>
        </section>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          <MailIcon aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px]" />
          {t("more.emailLead")}{" "}
          <a
            href={`mailto:${SITE.supportEmail}`}
            className="rounded-sm font-medium text-foreground underline decoration-foreground/30 underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {SITE.supportEmail}
          </a>
        </p>
      </div>
    </PublicPage>
  );
}
