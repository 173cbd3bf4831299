// "Licences" (decision 080): every license of the reseller's bulk orders, filtered by order, by
// state, or by a part of its buy key or its customer's e-mail, paged by the server; Assign opens
// the assign dialog for an available one.
import { Suspense, useState } from "react";
import { KeyRoundIcon, SearchXIcon } from "lucide-react";

import { RESELLER_LICENCE_STATES } from "../../../../contracts/reseller";
import { ListSelect } from "~/components/data-table/list-select";
import { loadErrorState, useErrorToast, usePagedSearch, type ListState } from "~/components/data-table/list-state";
import { Pagination } from "~/components/data-table/pagination";
import { ResponsiveList } from "~/components/data-table/responsive-list";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { SearchInput } from "~/components/ui/search-input";
import { useDates } from "~/lib/dates";
import { errorMessage } from "~/lib/errors";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy-component";

import type { BulkOrder, LicenseState, ResellerLicense } from "./api";
import { useOrderPlan } from "./bulk-orders-card";
import { useResellerCopy } from "./copy";
import { LicenseCard, LicenseRow } from "./license-rows";
import { useResellerLicenses } from "./queries";

const AssignLicenseDialog = lazyNamed(() => import("./assign-dialog"), "AssignLicenseDialog");

export const LICENSE_PAGE_SIZE = 25;
const ALL = "all";
const COLUMNS = ["buyKey", "state", "assignedTo", "actions"] as const;

export function LicensesCard({ orders }: { orders: BulkOrder[] | undefined }) {
  const { t } = useResellerCopy();
  const { formatDate } = useDates();
  const planOf = useOrderPlan();
  const { search, setSearch, term, typing, page, setPage } = usePagedSearch();
  const [orderId, setOrderId] = useState<string>(ALL);
  const [state, setState] = useState<LicenseState | typeof ALL>(ALL);
  const [assigning, setAssigning] = useState<ResellerLicense | null>(null);
  const dialogUsed = useOpenedOnce(assigning !== null);

  const query = useResellerLicenses({
    orderId: orderId === ALL ? undefined : orderId,
    state: state === ALL ? undefined : state,
    search: term,
    page,
    pageSize: LICENSE_PAGE_SIZE,
  });
  const errorTitle = t("licences.errorTitle");
  useErrorToast("reseller-licences-error", errorTitle, query.error, errorMessage);

  const filtered = orderId !== ALL || state !== ALL || term !== "";
  const rows = query.data?.licenses;
  let listState: ListState | null = null;
  if (!query.data && query.isError) listState = loadErrorState(errorTitle, errorMessage(query.error), () => void query.refetch());
  else if (rows?.length === 0) listState = filtered ? { icon: SearchXIcon, title: t("licences.emptyFiltered") } : { icon: KeyRoundIcon, title: t("licences.empty") };

  // Orders with licences: the paid ones and the refunded ones (whose assigned licences stay valid).
  const orderOptions = (orders ?? []).filter((order) => order.status === "paid" || order.status === "refunded");
  const change = <V,>(set: (value: V) => void) => (value: V) => {
    set(value);
    setPage(1);
  };

  return (
    <Card className="gap-0 overflow-hidden py-0" data-testid="reseller-licenses">
      <CardHeader className="py-5">
        <CardTitle>
          <h2>{t("licences.title")}</h2>
        </CardTitle>
        <CardDescription>{t("licences.description")}</CardDescription>
      </CardHeader>
      <div className="grid gap-3 border-t px-4 py-4 sm:grid-cols-[minmax(0,16rem)_minmax(0,12rem)_minmax(0,1fr)] sm:items-end sm:px-6">
        <ListSelect
          label={t("licences.order")}
          value={orderId}
          onChange={change(setOrderId)}
          triggerClassName="w-full"
          options={[
            { value: ALL, label: t("licences.allOrders") },
            ...orderOptions.map((order) => ({ value: order.id, label: t("licences.orderOption", { date: formatDate(order.createdAt), plan: planOf(order), n: order.quantity }) })),
          ]}
        />
        <ListSelect
          label={t("licences.state")}
          value={state}
          onChange={change(setState)}
          triggerClassName="w-full"
          options={[{ value: ALL, label: t("licences.allStates") }, ...RESELLER_LICENCE_STATES.map((value) => ({ value, label: t(`licences.states.${value}`) }))]}
        />
        <SearchInput label={t("licences.search")} placeholder={t("licences.searchPlaceholder")} value={search} onChange={(event) => setSearch(event.target.value)} pending={typing || (query.isFetching && !!query.data)} />
      </div>
      <ResponsiveList
        columns={COLUMNS.map((key) => ({ label: t(`licences.columns.${key}`), className: key === "actions" ? "text-right" : undefined }))}
        caption={t("licences.caption")}
        scrollLabel={t("licences.scrollLabel")}
        className="min-w-[44rem]"
        rows={rows}
        busy={query.isPlaceholderData}
        renderRow={(license) => <LicenseRow key={license.id} license={license} onAssign={setAssigning} />}
        renderCards={(list) => (
          <ul aria-label={t("licences.title")} className="divide-y border-t">
            {list.map((license) => (
              <LicenseCard key={license.id} license={license} onAssign={setAssigning} />
            ))}
          </ul>
        )}
        state={listState}
        loadingLabel={t("licences.loading")}
      />
      {query.data && query.data.total > LICENSE_PAGE_SIZE ? (
        <Pagination page={query.data.page} pageSize={LICENSE_PAGE_SIZE} total={query.data.total} noun={t("licences.noun")} label={t("licences.pagination")} onPageChange={setPage} />
      ) : null}
      {dialogUsed ? (
        <Suspense fallback={null}>
          <AssignLicenseDialog license={assigning} onClose={() => setAssigning(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
