import { Link } from "react-router";

import { BRAND_NAME } from "~/lib/nav";

export function DashboardFooter() {
  return (
    <footer className="border-t px-4 py-4 text-xs text-muted-foreground lg:px-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>© 2024 {BRAND_NAME}</span>
        <nav aria-label="Legal" className="flex gap-4">
          <Link to="/privacy-policy" rel="nofollow" className="hover:text-foreground">
            Privacy Policy
          </Link>
          <Link to="/terms-of-service" rel="nofollow" className="hover:text-foreground">
            Terms of Service
          </Link>
          <Link to="/faq" rel="nofollow" className="hover:text-foreground">
            FAQ
          </Link>
        </nav>
      </div>
    </footer>
  );
}
