import { Link } from "react-router";

import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { ExternalLink, inlineLinkClass } from "~/features/public-pages/external-link";
import { FAQ_ITEM_IDS, FAQ_LINKS, faqValues } from "~/features/public-pages/faq/faq-items";
import { Trans, useTranslation } from "~/lib/i18n";

/** The eight questions: one open at a time, all answers present in the prerendered HTML. */
export function FaqAccordion() {
  const { t } = useTranslation("faq");
  const values = faqValues(t);
  const newTab = t("newTab");

  const components = {
    ...Object.fromEntries(
      Object.entries(FAQ_LINKS.external).map(([tag, href]) => [
        tag,
        <ExternalLink key={tag} href={href} newTabLabel={newTab} />,
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(FAQ_LINKS.internal).map(([tag, to]) => [
        tag,
        <Link key={tag} to={to} className={inlineLinkClass} />,
      ]),
    ),
  };

  return (
    <Accordion
      type="single"
      collapsible
      className="rounded-2xl border bg-card text-card-foreground shadow-xs"
    >
      {FAQ_ITEM_IDS.map((id, index) => (
        <AccordionItem key={id} value={id} className="px-5 sm:px-6">
          <AccordionTrigger headingLevel={2} className="gap-4 py-5 text-base font-semibold hover:no-underline sm:text-[1.0625rem] [&[data-state=open]]:text-brand-text">
            <span className="flex gap-3 sm:gap-4">
              <span
                aria-hidden="true"
                className="mt-px w-6 shrink-0 font-mono text-sm leading-6 font-medium text-muted-foreground tabular-nums"
              >
                {String(index + 1).padStart(2, "0")}
              </span>
              <span className="leading-6">{t(`items.${id}.q`, values)}</span>
            </span>
          </AccordionTrigger>
          <AccordionContent className="pr-8 pb-6 pl-9 text-[0.9375rem] leading-7 text-pretty text-muted-foreground sm:pl-10 sm:text-base">
            <p>
              <Trans t={t} i18nKey={`items.${id}.a`} values={values} components={components} />
            </p>
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
