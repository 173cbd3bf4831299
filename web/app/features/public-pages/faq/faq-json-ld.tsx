
import { FAQ_ITEM_IDS, faqValues, stripTags } from "~/features/public-pages/faq/faq-items";
import { useTranslation } from "~/lib/i18n";

/**
 * schema.org FAQPage structured data. A JSON data block, not a script that runs, so it is
 * allowed by a script-src CSP. "<" is escaped so an answer can never close the element.
 */
export function FaqJsonLd() {
  const { t, i18n } = useTranslation("faq");
  const values = faqValues(t);
  const data = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: i18n.language,
    mainEntity: FAQ_ITEM_IDS.map((id) => ({
      "@type": "Question",
      name: t(`items.${id}.q`, values),
      acceptedAnswer: { "@type": "Answer", text: stripTags(t(`items.${id}.a`, values)) },
    })),
  };
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
