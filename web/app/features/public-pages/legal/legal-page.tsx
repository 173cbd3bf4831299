import type { ReactElement } from "react";
import { ArrowRightIcon, CalendarDaysIcon } from "lucide-react";
import { Link } from "react-router";

import { SITE } from "../../../../../contracts/site";
import { PublicPage } from "~/components/public/public-page";
import { inlineLinkClass } from "~/features/public-pages/external-link";
import {
  LEGAL_DOCUMENTS,
  LEGAL_LAST_UPDATED,
  type LegalDocumentId,
} from "~/features/public-pages/legal/legal-documents";
import { PageIntro } from "~/features/public-pages/page-intro";
import { registerNamespace, Trans, useTranslation } from "~/lib/i18n";
import enLegal from "~/locales/en/legal.json";

registerNamespace("legal", { en: enLegal });

const VALUES = { brand: SITE.brandName, email: SITE.supportEmail };

/** Privacy Policy or Terms of Service: title, last-updated date, contents, five sections. */
export function LegalPage({ doc }: { doc: LegalDocumentId }) {
  const { t } = useTranslation("legal");
  const { sections } = LEGAL_DOCUMENTS[doc];
  const other: LegalDocumentId = doc === "privacy" ? "terms" : "privacy";

  const components: Record<string, ReactElement> = {
    email: <a href={`mailto:${SITE.supportEmail}`} className={inlineLinkClass} />,
    privacy: <Link to={LEGAL_DOCUMENTS.privacy.path} className={inlineLinkClass} />,
    strong: <strong className="font-semibold text-foreground" />,
  };
  const rich = (key: string) => <Trans t={t} i18nKey={key} values={VALUES} components={components} />;
  const count = (key: string) => {
    const value: unknown = t(key, { returnObjects: true, defaultValue: [] });
    return Array.isArray(value) ? value.length : 0;
  };

  return (
    <PublicPage>
      <PageIntro eyebrow={t("eyebrow")} title={t(`${doc}.title`)} lead={t(`${doc}.intro`, VALUES)} wide>
        <p className="mt-5 inline-flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDaysIcon aria-hidden="true" className="size-4" />
          {t("lastUpdated")}{" "}
          <time dateTime={LEGAL_LAST_UPDATED} className="font-medium text-foreground">
            {t("updatedOn")}
          </time>
        </p>
      </PageIntro>

      <div className="mx-auto grid max-w-5xl gap-10 px-4 pb-20 sm:px-6 sm:pb-28 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-labelledby="legal-toc-heading" className="lg:sticky lg:top-24 lg:self-start">
          <p
            id="legal-toc-heading"
            className="mb-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase"
          >
            {t("onThisPage")}
          </p>
          <ol className="space-y-1 border-l text-sm">
            {sections.map((section, index) => (
              <li key={section.key}>
                <a
                  href={`#${section.anchor}`}
                  className="-ml-px flex gap-2 rounded-r-md border-l border-transparent py-1.5 pr-2 pl-4 text-muted-foreground transition-colors outline-none hover:border-foreground/40 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="tabular-nums">{index + 1}.</span>{" "}
                  <span>{t(`${doc}.sections.${section.key}.title`)}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="max-w-[68ch] min-w-0 text-base leading-7 text-foreground/85">
          {sections.map((section, index) => {
            const base = `${doc}.sections.${section.key}`;
            return (
              <section
                key={section.key}
                id={section.anchor}
                className="scroll-mt-24 border-t py-8 first:border-t-0 first:pt-0"
              >
                <h2 className="mb-4 flex gap-3 text-xl font-semibold text-foreground sm:text-2xl"
                >
                  <span className="text-brand-text tabular-nums">{index + 1}.</span>{" "}
                  <span>{t(`${base}.title`)}</span>
                </h2>
                <div className="space-y-4">
                  {Array.from({ length: count(`${base}.body`) }, (_, i) => (
                    <p key={`b${i}`}>{rich(`${base}.body.${i}`)}</p>
                  ))}
                  {count(`${base}.list`) > 0 ? (
                    <ul className="list-disc space-y-2 pl-6 marker:text-brand-text">
                      {Array.from({ length: count(`${base}.list`) }, (_, i) => (
                        <li key={`l${i}`} className="pl-1">
                          {rich(`${base}.list.${i}`)}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {Array.from({ length: count(`${base}.after`) }, (_, i) => (
                    <p key={`a${i}`}>{rich(`${base}.after.${i}`)}</p>
                  ))}
                </div>
              </section>
            );
          })}

          <div
            className="mt-4 rounded-2xl border bg-muted/40 p-6 text-sm leading-6 text-muted-foreground"
          >
            <p>{rich("questions")}</p>
            <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
              <Link to={LEGAL_DOCUMENTS[other].path} className={`${inlineLinkClass} inline-flex items-center gap-1`}>
                {t(`${other}.title`)}
                <ArrowRightIcon aria-hidden="true" className="size-3.5" />
              </Link>
              <Link to="/faq" className={`${inlineLinkClass} inline-flex items-center gap-1`}>
                {t("faqLink")}
                <ArrowRightIcon aria-hidden="true" className="size-3.5" />
              </Link>
            </div>
          </div>
        </article>
      </div>
    </PublicPage>
  );
}
