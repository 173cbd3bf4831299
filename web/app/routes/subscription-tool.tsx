import { PublicPage, PublicPlaceholder } from "~/components/public/public-page";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Subscription | ${BRAND_NAME}` }];
}

export default function SubscriptionToolPage() {
  return (
    <PublicPage>
      <PublicPlaceholder
        eyebrow="Subscription"
        title="Choose your plan"
        description="Buy or extend a license for the desktop tool with just your e-mail address. Purchasing here arrives in a later release."
      />
    </PublicPage>
  );
}
