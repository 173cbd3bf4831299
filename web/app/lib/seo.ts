// Per-page <title>, description, canonical URL and Open Graph tags for prerendered pages.
import { SITE } from "../../../contracts/site";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the page, e.g. "/faq". */
  path: string;
  image?: string;
}

export function pageMeta({ title, description, path, image = "/og-image.png" }: PageMetaInput) {
  const url = new URL(path, SITE.siteUrl).toString();
  const fullTitle = title === SITE.brandName ? title : `${title} | ${SITE.brandName}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE.brandName },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: new URL(image, SITE.siteUrl).toString() },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
