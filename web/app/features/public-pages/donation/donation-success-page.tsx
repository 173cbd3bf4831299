import { useEffect, useMemo, useRef } from "react";
import { HeartHandshakeIcon, HomeIcon } from "lucide-react";
import { Link, useSearchParams } from "react-router";

import { SITE } from "../../../../../contracts/site";
import { PublicPage } from "~/components/public/public-page";
import { Button } from "~/components/ui/button";
import { celebrate } from "~/features/public-pages/donation/confetti";
import { DEFAULT_DONOR, EMPTY_DONATION, readDonation } from "~/features/public-pages/donation/donation-params";
import { useHydrated } from "~/features/public-pages/donation/use-hydrated";
import { registerNamespace, useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import enDonation from "~/locales/en/donation.json";
import kmDonation from "~/locales/km/donation.json";

registerNamespace("donation", { en: enDonation, km: kmDonation });

export function DonationSuccessPage() {
  const { t, i18n } = useTranslation("donation");
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  // The prerendered HTML has no query string: read it only once hydrated.
  const donation = useMemo(
    () => (hydrated ? readDonation(searchParams) : EMPTY_DONATION),
    [hydrated, searchParams],
  );
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    return canvas ? celebrate(canvas) : undefined;
  }, []);

  // The thank-you is always bilingual, whatever the page language.
  const km = i18n.getFixedT("km", "donation");
  const en = i18n.getFixedT("en", "donation");
  const donor = donation.donor ?? DEFAULT_DONOR;
  // The donor's name goes into its own element (web/enhance/donation.ts fills it in before React).
  const [thanksBefore, thanksAfter = ""] = en("thanksDonor", { donor: "\u0000" }).split("\u0000");
  // Shown once the query string is read, by React or by the static page's script (data-ready).
  const fade =
    "opacity-0 transition-opacity duration-500 group-data-[ready=true]/donation:opacity-100 motion-reduce:transition-none";

  return (
    <PublicPage>
      <canvas aria-hidden="true" data-confetti ref={canvasRef} className="pointer-events-none fixed inset-0 z-50 size-full" />
      <section
        data-donation
        data-ready={hydrated ? "true" : undefined}
        className="group/donation relative mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 mx-auto h-80 max-w-xl rounded-full bg-brand/15 blur-3xl"
        />
        <span className="relative mb-6 flex size-16 items-center justify-center rounded-2xl bg-brand-soft text-brand-text ring-1 ring-brand/25 shadow-sm">
          <HeartHandshakeIcon aria-hidden="true" className="size-8" />
        </span>
        <p className="relative mb-3 text-sm font-semibold tracking-wide text-brand-text uppercase">{t("eyebrow")}</p>
        <h1 className="relative tracking-tight" data-testid="donation-thanks">
          <span lang="km" className="block text-4xl leading-snug font-bold text-brand-text sm:text-5xl sm:leading-snug">
            {km("thanksShort")}
          </span>
          <span
            lang="en"
            className={cn("mt-2 block text-2xl font-semibold break-words text-balance sm:text-3xl", fade)}
          >
            {thanksBefore}
            <span data-donation-donor>{donor}</span>
            {thanksAfter}
          </span>
        </h1>
        <p className="relative mt-5 max-w-lg text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          {t("message", { brand: SITE.brandName })}
        </p>

        <h2 className="sr-only">{t("summary")}</h2>
        <dl
          className={cn(
            "relative mt-10 grid w-full max-w-md rounded-2xl border bg-card text-left text-card-foreground shadow-sm",
            fade,
          )}
        >
          <div className="flex items-baseline justify-between gap-6 px-6 py-4">
            <dt className="text-sm text-muted-foreground">{t("amount")}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid="donation-amount">
              $<span data-donation-amount>{donation.amount}</span>
            </dd>
          </div>
          {/* Shown when the query has a transaction number (req_time). */}
          <div className="border-t px-6 py-4" data-donation-transaction hidden={!donation.transaction}>
              <div className="flex items-baseline justify-between gap-6">
                <dt className="shrink-0 text-sm text-muted-foreground">{t("transaction")}</dt>
                <dd
                  className="min-w-0 font-mono text-sm font-medium break-all"
                  data-testid="donation-transaction"
                  data-donation-transaction-number
                >
                  {donation.transaction}
                </dd>
              </div>
              <p className="mt-1.5 text-xs text-muted-foreground">{t("transactionHint")}</p>
          </div>
        </dl>

        <Button asChild size="lg" className="relative mt-10 min-w-48">
          <Link to="/">
            <HomeIcon aria-hidden="true" />
            {t("backHome")}
          </Link>
        </Button>
      </section>
    </PublicPage>
  );
}
