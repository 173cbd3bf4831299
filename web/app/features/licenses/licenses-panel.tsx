import { KeyRoundIcon, SearchXIcon } from "lucide-react";

import { DataCards, DataTable } from "~/components/data-table/data-table";
import { loadErrorState, useErrorToast, usePagedSearch, type ListState } from "~/components/data-table/list-state";
import { Card } from "~/components/ui/card";
import { SearchInput } from "~/components/ui/search-input";
import { TableCell, TableRow } from "~/components/ui/table";
import { useIsMobile } from "~/hooks/use-mobile";

import { errorMessage } from "~/lib/errors";
import { type License } from "./api";
import { DateText } from "~/components/date-text";
import { KeyText } from "./key-text";
import { LicenseCardList, LicenseCardSkeletons } from "./license-card-list";
import { LicenseRowActions } from "./license-row-actions";
import { LicenseStatusBadge } from "./license-status-badge";
import { useLicenses } from "./queries";
import { ExpiryText } from "./term-text";

const COLUMNS = [
  { label: "Name", skeletonClassName: "h-4 w-28" },
  { label: "License Key", skeletonClassName: "h-4 w-32" },
  { label: "Buy Key", skeletonClassName: "h-4 w-28" },
  { label: "Start Date", skeletonClassName: "h-4 w-20" },
  { label: "Expiry Date", skeletonClassName: "h-4 w-20" },
  { label: "Status", skeletonClassName: "h-5 w-16 rounded-full" },
  {
    label: "Changes Left",
    className: "w-20 text-center leading-tight whitespace-normal",
    skeletonClassName: "mx-auto h-4 w-6",
  },
  { label: "Actions", className: "text-right", skeletonClassName: "ml-auto size-8" },
] as const;

export const SEARCH_LICENSES_PLACEHOLDER = "Search licenses...";
export const NO_LICENSES = "No licenses found";

/** A name for the row in labels: its display name, else its buy key. */
function rowLabel(license: License) {
  return license.name.trim() || license.buyKey;
}

function countText(count: number, searching: boolean) {
  const noun = count === 1 ? "license" : "licenses";
  return searching ? `${count} matching ${noun}` : `${count} ${noun}`;
}

export function LicensesPanel() {
  const isMobile = useIsMobile();
  const { search, setSearch, term, typing } = usePagedSearch();
  const query = useLicenses(term);
  const licenses = query.data?.licenses;
  const searching = term !== "";
  const pending = typing || (query.isFetching && query.isPlaceholderData);
  useErrorToast("licenses-error", "Error", query.error, errorMessage);

  // Empty and error states: the same message in the table (desktop) and the card list (phones).
  let message: ListState | null = null;
  if (licenses === undefined && query.isError) {
    message = loadErrorState("Could not load your licenses", errorMessage(query.error), () => void query.refetch());
  } else if (licenses?.length === 0) {
    message = searching
      ? {
          icon: SearchXIcon,
          title: NO_LICENSES,
          body: <p>Nothing matches “{term}”. Search by buy key or license key.</p>,
        }
      : {
          icon: KeyRoundIcon,
          title: NO_LICENSES,
          body: <p>Licenses you buy appear here, with their key and expiry date.</p>,
        };
  }

  return (
    <Card className="gap-0 overflow-hidden py-0">
      <div className="flex flex-col gap-3 border-b px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="grid gap-0.5">
          <h2 className="font-semibold">Your licenses</h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {licenses ? countText(licenses.length, searching) : query.isError ? "Not loaded" : "Loading…"}
          </p>
        </div>
        <SearchInput
          label="Search licenses by buy key or license key"
          placeholder={SEARCH_LICENSES_PLACEHOLDER}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          pending={pending}
          maxLength={200}
          containerClassName="sm:max-w-xs"
        />
      </div>

      {isMobile ? (
        <DataCards
          rows={licenses}
          renderCards={(list) => <LicenseCardList licenses={list} rowLabel={rowLabel} />}
          state={message}
          busy={pending}
          loading={<LicenseCardSkeletons />}
        />
      ) : (
        <DataTable
          columns={COLUMNS}
          caption="Your licenses with their keys, dates, status and remaining key changes. Each row has an actions menu."
          scrollLabel="Licenses table"
          className="min-w-[56rem]"
          rows={licenses}
          renderRow={(license) => <LicenseRow key={license.id} license={license} />}
          state={message}
          busy={pending}
          loadingLabel="Loading licenses"
        />
      )}
    </Card>
  );
}

function LicenseRow({ license }: { license: License }) {
  return (
    <TableRow>
      <TableCell className="pl-4 sm:pl-6">
        <div className="grid max-w-[12rem] min-w-[7.5rem] gap-0.5">
          {license.name.trim() ? (
            <span className="line-clamp-2 font-medium break-words" title={license.name}>
              {license.name}
            </span>
          ) : (
            <span className="text-muted-foreground italic">Unnamed</span>
          )}
          {license.planTitle ? (
            <span className="text-xs whitespace-nowrap text-muted-foreground">
              {license.planTitle} plan
            </span>
          ) : null}
        </div>
      </TableCell>
      <TableCell>
        {license.deviceKey ? (
          <KeyText value={license.deviceKey} className="block max-w-[12rem] min-w-[8rem]" />
        ) : (
          <span className="text-muted-foreground">N/A</span>
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
