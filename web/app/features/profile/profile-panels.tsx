import { WhenNear } from "~/components/dashboard/when-near";
import { lazyNamed } from "~/lib/lazy-component";

import { ApiKeyCard } from "./api-key-card";
import { useProfileCopy } from "./copy";
import { UserProfileCard } from "./user-profile-card";

// Below the first screen: the top-up (its checkout), two-factor authentication (a form, the QR
// code, better-auth's client) and passkeys (a dialog, the WebAuthn client) load when scrolled near
// (decision 073). /profile#two-factor and #passkeys load theirs at once.
const TopUpCard = lazyNamed(() => import("./top-up-card"), "TopUpCard");
const TwoFactorCard = lazyNamed(() => import("./two-factor-card"), "TwoFactorCard");
const PasskeysCard = lazyNamed(() => import("~/features/passkeys/passkeys-card"), "PasskeysCard");

/** The cards of /profile: two side by side on wide screens, the top-up, two-factor authentication and passkeys below. */
export function ProfilePanels() {
  const { t } = useProfileCopy();
  const label = t("page.loadingSection");
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <UserProfileCard />
      <ApiKeyCard />
      <div className="lg:col-span-2">
        <WhenNear label={label} minHeight="14rem">
          <TopUpCard />
        </WhenNear>
      </div>
      <div className="lg:col-span-2">
        <WhenNear label={label} minHeight="12rem" anchor="two-factor">
          <TwoFactorCard />
        </WhenNear>
      </div>
      <div className="lg:col-span-2">
        <WhenNear label={label} minHeight="12rem" anchor="passkeys">
          <PasskeysCard />
        </WhenNear>
      </div>
    </div>
  );
}
