import { ApiKeyCard } from "./api-key-card";
import { TopUpCard } from "./top-up-card";
import { UserProfileCard } from "./user-profile-card";

/** The three cards of /profile: two side by side on wide screens, the top-up below. */
export function ProfilePanels() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <UserProfileCard />
      <ApiKeyCard />
      <div className="lg:col-span-2">
        <TopUpCard />
      </div>
    </div>
  );
}
