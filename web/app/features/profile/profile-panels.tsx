import { PasskeysCard } from "~/features/passkeys/passkeys-card";

import { ApiKeyCard } from "./api-key-card";
import { TopUpCard } from "./top-up-card";
import { TwoFactorCard } from "./two-factor-card";
import { UserProfileCard } from "./user-profile-card";

/** The cards of /profile: two side by side on wide screens, the top-up, two-factor authentication and passkeys below. */
export function ProfilePanels() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <UserProfileCard />
      <ApiKeyCard />
      <div className="lg:col-span-2">
        <TopUpCard />
      </div>
      <div className="lg:col-span-2">
        <TwoFactorCard />
      </div>
      <div className="lg:col-span-2">
        <PasskeysCard />
      </div>
    </div>
  );
}
