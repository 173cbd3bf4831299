// What the licence e-mails sent after an admin's action share: which licence, and the dashboard.
// The admin's reason is for the audit log only: it is never sent to the customer.

export interface LicenceNoticeProps {
  /** The plan's title ("3 Months"), or null for a licence without a plan. */
  planTitle: string | null;
  /** The last group of the buy key, so the owner knows which licence. */
  buyKeyEnd: string;
  dashboardUrl: string;
}

/** "Your 3 Months licence (buy key ending in ZN5VA)". */
export function licenceName({ planTitle, buyKeyEnd }: Pick<LicenceNoticeProps, "planTitle" | "buyKeyEnd">) {
  return `Your ${planTitle ? `${planTitle} ` : ""}licence (buy key ending in ${buyKeyEnd})`;
}

export const NOTICE_PREVIEW: LicenceNoticeProps = {
  planTitle: "3 Months",
  buyKeyEnd: "ZN5VA",
  dashboardUrl: "http://localhost:3000/license-keys",
};
