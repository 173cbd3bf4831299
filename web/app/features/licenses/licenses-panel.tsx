import { KeyRoundIcon, SearchXIcon } from "lucide-react";

import { itemTitle } from "~/features/payments/item-title";
import { loadErrorState, useErrorToast, usePagedSearch, type ListState } from "~/components/data-table/list-state";
import { ResponsiveList } from "~/components/data-table/responsive-list";
import { Card } from "~/components/ui/card";
import { TableCell, TableRow } from "~/components/ui/table";

import { errorMessage } from "~/lib/errors";
import { type License } from "./api";
import { useLicensesCopy } from "./copy";
import { DateText } from "~/components/date-text";
import { KeyText } from "../../components/key-text";
import { LicenseCardList, LicenseCardSkeletons } from "./license-card-list";
import { LicenseRowActions } from "./license-row-actions";
import { LicenseStatusBadge } from "./license-status-badge";
import { LicensesPanelHeader } from "./panel-header";
import { useLicenses } from "./queries";
import { ExpiryText } from "./term-text";

const COLUMNS = [
  { key: "name", skeletonClassName: "h-4 w-28" },
  { key: "licenseKey", skeletonClassName: "h-4 w-32" },
  { key: "buyKey", skeletonClassName: "h-4 w-28" },
  { key: "startDate", skeletonClassName: "h-4 w-20" },
  { key: "expiryDate", skeletonClassName: "h-4 w-20" },
  { key: "status", skeletonClassName: "h-5 w-16 rounded-full" },
  {
    key: "changesLeft",
    className: "w-20 text-center leading-tight whitespace-normal",
    skeletonClassName: "mx-auto h-4 w-6",
  },
  { key: "actions", className: "text-right", skeletonClassName: "ml-auto size-8" },
] as const;

/** A name for the row in labels: its display name, else its buy key. */
function rowLabel(license: License) {
  return license.name.trim() || license.buyKey;
}

export function LicensesPanel() {
  const { t } = useLicensesCopy();
  const { search, setSearch, term, typing } = usePagedSearch();
  const query = useLicenses(term);
  const licenses = query.data?.licenses;
  const searching = term !== "";
  const pending = typing || (query.isFetching && query.isPlaceholderData);
  useErrorToast("licenses-error", t("table:error"), query.error, errorMessage);

  // Empty and error states: the same message in the table (desktop) and the card list (phones).
  let message: ListState | null = null;
  if (licenses === undefined && query.isError) {
    message = loadErrorState(t("panel.loadError"), errorMessage(query.error), () => void query.refetch());
  } else if (licenses?.length === 0) {
    message = searching
      ? {
          icon: SearchXIcon,
          title: t("panel.empty"),
          body: <p>{t("panel.emptySearch", { term })}</p>,
        }
      : {
          icon: KeyRoundIcon,
          title: t("panel.empty"),
          body: <p>{t("panel.emptyBody")}</p>,
        };
  }

  return (
    <Card className="gap-0 overflow-hidden py-0">
      <LicensesPanelHeader
        ns="licenses"
        count={licenses ? t(searching ? "panel.matching" : "panel.count", { count: licenses.length }) : undefined}
        failed={query.isError}
        search={search}
        onSearch={setSearch}
        pending={pending}
        searchClassName="sm:max-w-xs"
      />

      <ResponsiveList
        columns={COLUMNS.map(({ key, ...column }) => ({ ...column, label: t(`columns.${key}`) }))}
        caption={t("panel.caption")}
        scrollLabel={t("panel.scrollLabel")}
        className="min-w-[56rem]"
        rows={licenses}
        renderRow={(license) => <LicenseRow key={license.id} license={license} />}
        renderCards={(list) => <LicenseCardList licenses={list} rowLabel={rowLabel} />}
        cardsLoading={<LicenseCardSkeletons />}
        state={message}
        busy={pending}
        loadingLabel={t("panel.loading")}
      />
    </Card>
  );
}

function LicenseRow({ license }: { license: License }) {
  const { t } = useLicensesCopy();
  return (
    <TableRow>
      <TableCell className="pl-4 sm:pl-6">
        <div className="grid max-w-[12rem] min-w-[7.5rem] gap-0.5">
          {license.name.trim() ? (
            <span className="line-clamp-2 font-medium break-words" title={license.name}>
              {license.name}
            </span>
          ) : (
            <span className="text-muted-foreground italic">{t("unnamed")}</span>
          )}
          {license.planTitle ? (
            <span className="text-xs whitespace-nowrap text-muted-foreground">
              {t("plan", { plan: itemTitle(license) })}
            </span>
          ) : null}
        </div>
      </TableCell>
      <TableCell>
        {license.deviceKey ? (
          <KeyText value={license.deviceKey} className="block max-w-[12rem] min-w-[8rem]" />
        ) : (
          <span className="text-muted-foreground">{t("table:notAvailable")}</span>
        )}
      </TableCell>
      <TableCell>
        <KeyText value={license.buyKey} className="block max-w-[12rem] min-w-[7rem]" />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <DateText iso={license.startDate} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <ExpiryText license={license} />
      </TableCell>
      <TableCell>
        <LicenseStatusBadge status={license.status} revokedAt={license.revokedAt} />
      </TableCell>
      <TableCell className="text-center tabular-nums">{license.changesLeft}</TableCell>
      <TableCell className="pr-4 text-right sm:pr-6">
        <LicenseRowActions license={license} label={rowLabel(license)} />
      </TableCell>
    </TableRow>
  );
}
