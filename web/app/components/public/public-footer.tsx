import { Link } from "react-router";

import { SITE } from "../../../../contracts/site";
import { LogoMark } from "~/components/logo";
import { NEW_TAB_HINT_ID } from "~/components/public/sections";
import { useTranslation } from "~/lib/i18n";

/** The product's copyright year (spec: 2024), not the current year. */
const COPYRIGHT_YEAR = 2024;

const PAGE_LINKS = [
  { to: "/privacy-policy", key: "privacy" },
  { to: "/terms-of-service", key: "terms" },
  { to: "/faq", key: "faq" },
] as const;

const CONTACT_LINKS = [
  { href: SITE.links.supportChat, key: "supportChat" },
  { href: SITE.links.communityChat, key: "communityChat" },
  { href: SITE.links.documentation, key: "documentation" },
] as const;

const LINK_CLASS =
  "rounded-sm text-sm text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50";

export function PublicFooter() {
  const { t } = useTranslation("common");
  return (
    <footer className="border-t border-border/60 bg-muted/30">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <Link
            to="/"
            className="inline-flex items-center gap-2.5 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <LogoMark className="size-7" />
            {SITE.brandName}
          </Link>
          <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{t("footer.tagline")}</p>
        </div>

        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="text-sm font-semibold">
            {t("footer.help")}
          </h2>
          <ul className="mt-3 grid gap-2.5">
            {PAGE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} rel="nofollow" className={LINK_CLASS}>
                  {t(`footer.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold">{t("footer.contact")}</h2>
          <ul className="mt-3 grid gap-2.5">
            {CONTACT_LINKS.map((link) => (
              <li key={link.key}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-describedby={NEW_TAB_HINT_ID}
                  className={LINK_CLASS}
                >
                  {t(`footer.${link.key}`)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="border-t border-border/60">
        {/* Extra bottom room on phones so the floating chat button never covers the logos. */}
        <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 pt-6 pb-20 sm:flex-row sm:items-center sm:justify-between sm:px-6 sm:pb-6">
          <p className="text-sm text-muted-foreground">
            {t("footer.copyright", { year: COPYRIGHT_YEAR, brand: SITE.brandName })}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <p id="footer-we-accept" className="text-sm font-medium text-muted-foreground">
              {t("footer.weAccept")}
            </p>
            <ul aria-labelledby="footer-we-accept" className="flex flex-wrap items-center gap-2">
              {SITE.paymentMethods.map((method) => (
                <li key={method.id}>
                  <img
                    src={method.logo}
                    alt={method.name}
                    width={56}
                    height={36}
                    loading="lazy"
                    decoding="async"
                    className="h-9 w-14 rounded-md border border-black/10 bg-white shadow-xs"
                  />
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </footer>
  );
}
