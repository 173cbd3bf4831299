import { DateText } from "~/components/date-text";

import type { License } from "./api";
import { termText, useLicensesCopy } from "./copy";

/**
 * The expiry with the time left ('Dec 22, 2026 · 12 days left'), or for a licence not activated
 * yet its term, renewals included ('365 days from first activation'; issue #17 item 1).
 */
export function ExpiryText({ license }: { license: License }) {
  const { t } = useLicensesCopy();
  const summary = license.revokedAt ? null : termText(t, license);
  if (!license.expireDate) {
    return (
      <span className="grid gap-0.5">
        <DateText iso={null} />
        {summary ? (
          <span className="text-xs whitespace-normal text-muted-foreground" data-testid="licence-term">
            {summary}
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span className="grid gap-0.5">
      <span data-testid="licence-expiry">
        <DateText iso={license.expireDate} />
      </span>
      {summary && license.status === "Active" ? (
        <span className="text-xs text-muted-foreground" data-testid="licence-days-left">
          {summary}
        </span>
      ) : null}
    </span>
  );
}
