import { CircleAlertIcon } from "lucide-react";
import { Link, useLocation } from "react-router";

import { looksLikeBuyKey } from "../../../../contracts/device-key";
import type { TFunction } from "~/lib/i18n";

/** The banner's line about the link's device key: none, the key, or what is wrong with it. */
export function DeviceNote({ deviceKey, valid, t }: { deviceKey: string; valid: boolean; t: TFunction }) {
  if (!deviceKey) {
    return <p className="mx-auto mt-6 max-w-xl text-sm text-muted-foreground">{t("banner.noDevice")}</p>;
  }
  if (!valid) return <WrongKeyNote buyKey={looksLikeBuyKey(deviceKey)} t={t} />;
  return (
    <div className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-1.5">
      <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("banner.device")}</span>
      <code
        className="max-w-full truncate rounded-md border bg-background/80 px-3 py-1.5 font-mono text-xs shadow-xs"
        title={deviceKey}
        data-testid="device-key"
      >
        {deviceKey}
      </code>
    </div>
  );
}

/**
 * The link's key is not a device key: which key it is (a buy key from the purchase e-mail is
 * recognised), what to do, and a way to buy without it (the same page without the key).
 */
function WrongKeyNote({ buyKey, t }: { buyKey: boolean; t: TFunction }) {
  const { pathname } = useLocation();
  return (
    <div role="alert" data-testid="wrong-key" className="mx-auto mt-6 grid max-w-xl gap-2 rounded-lg border border-destructive/40 bg-background/90 p-4 text-left text-sm">
      <p className="flex items-start gap-2 font-medium text-destructive">
        <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {buyKey ? t("banner.buyKeyTitle") : t("banner.deviceInvalid")}
      </p>
      <p className="text-muted-foreground">{buyKey ? t("banner.buyKey") : t("banner.deviceInvalidHelp")}</p>
      <Link to={pathname} className="w-fit font-medium text-brand-text underline underline-offset-4">
        {t("banner.buyNew")}
      </Link>
    </div>
  );
}
