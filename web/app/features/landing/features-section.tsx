import {
  CalendarClockIcon,
  KeyRoundIcon,
  MonitorSmartphoneIcon,
  SmartphoneIcon,
  UploadCloudIcon,
  type LucideIcon,
} from "lucide-react";

import { SectionHeading } from "~/features/landing/section-heading";
import { useTranslation } from "~/lib/i18n";

const HIGHLIGHTS: { key: string; icon: LucideIcon }[] = [
  { key: "realDevices", icon: SmartphoneIcon },
  { key: "emulator", icon: MonitorSmartphoneIcon },
  { key: "bulkUpload", icon: UploadCloudIcon },
  { key: "scheduling", icon: CalendarClockIcon },
  { key: "timeChangeKey", icon: KeyRoundIcon },
];

export const DASHBOARD_IMAGE = { width: 1200, height: 760 } as const;

/** 'Comprehensive Features': the dashboard screenshot and the tool's highlights. */
export function FeaturesSection() {
  const { t } = useTranslation("landing");
  return (
    <section
      aria-labelledby="features-heading"
      // The screenshot's glow reaches 40 px past it: clipped at the sides, or a phone scrolls sideways.
      className="overflow-x-clip border-y border-border/60 bg-muted/30 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="features-heading" eyebrow={t("features.eyebrow")} title={t("features.title")}>
          {t("features.subtitle")}
        </SectionHeading>

        <div className="mt-14 grid items-center gap-12 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <ul className="order-2 grid gap-6 lg:order-1">
            {HIGHLIGHTS.map(({ key, icon: Icon }) => (
              <li key={key} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-text ring-1 ring-brand/20">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold">{t(`features.${key}Title`)}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                    {t(`features.${key}Text`)}
                  </p>
                </div>
              </li>
            ))}
          </ul>

          <figure className="relative order-1 lg:order-2">
            <div
              aria-hidden="true"
              className="absolute -inset-10 bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--brand)_22%,transparent),transparent)]"
            />
            <div className="relative overflow-hidden rounded-xl border bg-card shadow-2xl shadow-black/10 ring-1 ring-black/5 dark:shadow-black/40 dark:ring-white/10">
              {/* Two themed drawings; the hidden one is never fetched (lazy + display:none). */}
              <img
                src="/images/dashboard-light.svg"
                alt={t("features.imageAlt")}
                width={DASHBOARD_IMAGE.width}
                height={DASHBOARD_IMAGE.height}
                loading="lazy"
                decoding="async"
                className="block h-auto w-full dark:hidden"
              />
              <img
                src="/images/dashboard-dark.svg"
                alt={t("features.imageAlt")}
                width={DASHBOARD_IMAGE.width}
                height={DASHBOARD_IMAGE.height}
                loading="lazy"
                decoding="async"
                className="hidden h-auto w-full dark:block"
              />
            </div>
          </figure>
        </div>
      </div>
    </section>
  );
}
