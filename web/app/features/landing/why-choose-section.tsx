import {
  BadgeCheckIcon,
  GraduationCapIcon,
  HeadsetIcon,
  MousePointerClickIcon,
  RocketIcon,
  TrophyIcon,
  type LucideIcon,
} from "lucide-react";

import { SITE } from "../../../../contracts/site";
import { SectionHeading } from "~/features/landing/section-heading";
import { useTranslation } from "~/lib/i18n";

const CARDS: { key: string; icon: LucideIcon }[] = [
  { key: "intuitive", icon: MousePointerClickIcon },
  { key: "daily", icon: RocketIcon },
  { key: "support", icon: HeadsetIcon },
  { key: "resources", icon: GraduationCapIcon },
  { key: "success", icon: TrophyIcon },
  { key: "satisfaction", icon: BadgeCheckIcon },
];

export function WhyChooseSection() {
  const { t } = useTranslation("landing");
  return (
    <section aria-labelledby="why-heading" className="py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="why-heading"
          eyebrow={t("why.eyebrow")}
          title={t("why.title", { brand: SITE.brandName })}
        >
          {t("why.subtitle")}
        </SectionHeading>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {CARDS.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="group relative rounded-2xl border bg-card p-6 shadow-xs transition-[box-shadow,border-color] hover:border-brand/40 hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand text-brand-foreground shadow-sm shadow-brand/30">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{t(`why.${key}Title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(`why.${key}Text`, { days: SITE.refundWindowDays })}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
