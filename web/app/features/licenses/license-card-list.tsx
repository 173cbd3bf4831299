import type { ReactNode } from "react";

import { itemTitle } from "~/features/payments/item-title";
import { DateText } from "~/components/date-text";
import { Skeleton } from "~/components/ui/skeleton";

import type { License } from "./api";
import { useLicensesCopy } from "./copy";
import { KeyText } from "../../components/key-text";
import { LicenseRowActions } from "./license-row-actions";
import { LicenseStatusBadge } from "./license-status-badge";
import { ExpiryText } from "./term-text";

/** Phones: the licences as a list of cards instead of a wide table. */
export function LicenseCardList({ licenses, rowLabel }: { licenses: License[]; rowLabel: (license: License) => string }) {
  const { t } = useLicensesCopy();
  return (
    <ul aria-label={t("panel.heading")} className="divide-y">
      {licenses.map((license) => (
        <li key={license.id} className="grid gap-3 px-4 py-4">
          <div className="flex items-start gap-3">
            <div className="grid min-w-0 flex-1 gap-0.5">
              {license.name.trim() ? (
                <p className="font-medium break-words">{license.name}</p>
              ) : (
                <p className="text-muted-foreground italic">{t("unnamed")}</p>
              )}
              {license.planTitle ? (
                <p className="text-xs text-muted-foreground">{t("plan", { plan: itemTitle(license) })}</p>
              ) : null}
            </div>
            <LicenseStatusBadge status={license.status} revokedAt={license.revokedAt} />
            <div className="-mt-1 -mr-2">
              <LicenseRowActions license={license} label={rowLabel(license)} />
            </div>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <Field term={t("columns.licenseKey")}>
              {license.deviceKey ? (
                <KeyText value={license.deviceKey} />
              ) : (
                <span className="text-muted-foreground">{t("table:notAvailable")}</span>
              )}
            </Field>
            <Field term={t("columns.buyKey")}>
              <KeyText value={license.buyKey} />
            </Field>
            <Field term={t("columns.startDate")}>
              <DateText iso={license.startDate} />
            </Field>
            <Field term={t("columns.expiryDate")}>
              <ExpiryText license={license} />
            </Field>
            <Field term={t("columns.changesLeft")}>
              <span className="tabular-nums">{license.changesLeft}</span>
            </Field>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

export function LicenseCardSkeletons() {
  const { t } = useLicensesCopy();
  return (
    <div role="status" className="divide-y">
      <span className="sr-only">{t("panel.loading")}</span>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="grid gap-3 px-4 py-4">
          <div className="flex items-center gap-3">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="ml-auto h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}
