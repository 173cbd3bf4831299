import { Link } from "react-router";

import { PublicPage, PublicPlaceholder } from "~/components/public/public-page";
import { Button } from "~/components/ui/button";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Page not found | ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function NotFoundPage() {
  return (
    <PublicPage>
      <PublicPlaceholder
        eyebrow="404"
        title="Page not found"
        description="The page you are looking for does not exist or has moved."
      >
        <Button asChild size="lg">
          <Link to="/">Back to home</Link>
        </Button>
      </PublicPlaceholder>
    </PublicPage>
  );
}
