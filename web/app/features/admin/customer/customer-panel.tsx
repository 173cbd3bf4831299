// The customer's page (issue #16): who they are, then everything an admin needs to answer them.
import { RotateCwIcon, ShieldCheckIcon, TriangleAlertIcon, UserXIcon } from "lucide-react";
import type { ReactNode } from "react";

import { ListMessage } from "~/components/data-table/list-message";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { isApiError } from "~/lib/api";
import { useDates } from "~/lib/dates";

import { errorMessage } from "~/lib/errors";
import { type CustomerView } from "./api";
import { useAdminCustomerCopy } from "./copy";
import { IssueLicenseDialog } from "./issue-licence-dialog";
import { LicensesSection } from "./licences-section";
import { useCustomer } from "./queries";
import { AuditSection, BalanceSection, HistorySection, OrdersSection, OtpOrdersSection } from "./sections";

export function CustomerPanel({ email }: { email: string }) {
  const { t } = useAdminCustomerCopy();
  const query = useCustomer(email);

  if (query.isPending) return <CustomerSkeleton email={email} />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.code === "NOT_FOUND";
    return (
      <div className="flex flex-col gap-6">
        <CustomerHeading email={email} />
        <Card className="py-0">
          {missing ? (
            <ListMessage icon={UserXIcon} title={t("panel.missingTitle")}>
              <p>{t("panel.missingBody")}</p>
              <div className="mt-4">
                <IssueLicenseDialog email={email} size="default" />
              </div>
            </ListMessage>
          ) : (
            <ListMessage icon={TriangleAlertIcon} tone="error" title={t("panel.loadError")}>
              <p>{errorMessage(query.error)}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
                <RotateCwIcon aria-hidden="true" />
                {t("panel.tryAgain")}
              </Button>
            </ListMessage>
          )}
        </Card>
      </div>
    );
  }

  const view = query.data;
  return (
    <div className="flex flex-col gap-6" aria-busy={query.isFetching || undefined}>
      <CustomerHeading email={view.email} view={view} />
      <AccountCard view={view} />
      <LicensesSection email={view.email} licences={view.licences.items} total={view.licences.total} />
      <OrdersSection orders={view.orders} />
      <BalanceSection balance={view.balance} />
      <OtpOrdersSection otpOrders={view.otpOrders} />
      <HistorySection history={view.history} />
      <AuditSection audit={view.audit} />
    </div>
  );
}

function CustomerHeading({ email, view }: { email: string; view?: CustomerView }) {
  const { t } = useAdminCustomerCopy();
  return (
    <div className="grid gap-1.5">
      <p className="text-sm text-muted-foreground">{t("panel.customer")}</p>
      <h1 className="text-2xl font-semibold tracking-tight break-all sm:text-3xl">{email}</h1>
      {view ? (
        <nav aria-label={t("panel.sections")} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {[
            ["#licences", t("panel.nav.licences", { count: view.licences.total })],
            ["#orders", t("panel.nav.orders", { count: view.orders.total })],
            ["#balance", t("panel.nav.balance")],
            ["#otp-orders", t("panel.nav.otp", { count: view.otpOrders.total })],
            ["#history", t("panel.nav.history")],
            ["#audit", t("panel.nav.audit", { count: view.audit.total })],
          ].map(([href, label]) => (
            <a key={href} href={href} className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
              {label}
            </a>
          ))}
        </nav>
      ) : null}
    </div>
  );
}

function AccountCard({ view }: { view: CustomerView }) {
  const { t } = useAdminCustomerCopy();
  const { formatDate } = useDates();
  const account = view.account;
  if (!account) {
    return (
      <Card className="flex-row items-center gap-3 px-4 py-4 sm:px-6" data-testid="customer-account">
        <UserXIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid gap-0.5">
          <p className="font-medium">{t("account.none")}</p>
          <p className="text-sm text-muted-foreground">{t("account.noneBody")}</p>
        </div>
      </Card>
    );
  }
  return (
    <Card className="gap-4 px-4 py-4 sm:px-6" data-testid="customer-account">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{account.name || <span className="text-muted-foreground italic">{t("account.noName")}</span>}</h2>
        {account.username ? <span className="text-sm text-muted-foreground">@{account.username}</span> : null}
        <Badge variant={account.role === "admin" ? "default" : "secondary"} className="capitalize">
          {t(`roles.${account.role}`, { defaultValue: account.role })}
        </Badge>
        {account.superAdmin ? <Badge variant="outline">{t("account.superAdmin")}</Badge> : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
        <Fact term={t("account.created")}>{formatDate(account.createdAt)}</Fact>
        <Fact term={t("account.emailVerified")}>{account.emailVerified ? t("account.yes") : <span className="text-amber-700 dark:text-amber-400">{t("account.no")}</span>}</Fact>
        <Fact term={t("account.secondFactor")}>
          {account.twoFactorEnabled ? (
            <span className="inline-flex items-center gap-1">
              <ShieldCheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
              {t("account.on")}
            </span>
          ) : (
            t("account.off")
          )}
        </Fact>
        <Fact term={t("account.id")}>
          <code className="font-mono text-xs break-all">{account.id}</code>
        </Fact>
      </dl>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function CustomerSkeleton({ email }: { email: string }) {
  const { t } = useAdminCustomerCopy();
  return (
    <div className="flex flex-col gap-6" role="status">
      <span className="sr-only">{t("panel.loading")}</span>
      <CustomerHeading email={email} />
      <Skeleton className="h-24 w-full rounded-xl" />
      <Skeleton className="h-48 w-full rounded-xl" />
      <Skeleton className="h-32 w-full rounded-xl" />
    </div>
  );
}
