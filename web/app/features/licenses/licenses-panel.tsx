import { useEffect, useState, type ReactNode } from "react";
import {
  KeyRoundIcon,
  RotateCwIcon,
  SearchXIcon,
  TriangleAlertIcon,
  type LucideIcon,
} from "lucide-react";
import { toast } from "sonner";

import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SearchInput } from "~/components/ui/search-input";
import { Skeleton } from "~/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { useIsMobile } from "~/hooks/use-mobile";
import { cn } from "~/lib/utils";

import { errorMessage, type License } from "./api";
import { DateText } from "./date-text";
import { KeyText } from "./key-text";
import { LicenseCardList, LicenseCardSkeletons } from "./license-card-list";
import { LicenseRowActions } from "./license-row-actions";
import { LicenseStatusBadge } from "./license-status-badge";
import { useLicenses } from "./queries";
import { ListMessage, TableMessage } from "./table-message";
import { useDebouncedValue } from "./use-debounced-value";

const COLUMNS = [
  "Name",
  "License Key",
  "Buy Key",
  "Start Date",
  "Expiry Date",
  "Status",
  "Changes Left",
  "Actions",
] as const;

export const SEARCH_LICENSES_PLACEHOLDER = "Search licenses...";
export const NO_LICENSES = "No licenses found";

/** A name for the row in labels: its display name, else its buy key. */
function rowLabel(license: License) {
  return license.name.trim() || license.buyKey;
}

type StateMessage = {
  icon: LucideIcon;
  tone?: "neutral" | "error";
  title: string;
  body: ReactNode;
};

function countText(count: number, searching: boolean) {
  const noun = count === 1 ? "license" : "licenses";
  return searching ? `${count} matching ${noun}` : `${count} ${noun}`;
}

export function LicensesPanel() {
  const isMobile = useIsMobile();
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebouncedValue(search.trim(), 250);
  const query = useLicenses(debouncedSearch);
  const licenses = query.data?.licenses;
  const searching = debouncedSearch !== "";
  const pending =
    search.trim() !== debouncedSearch || (query.isFetching && query.isPlaceholderData);

  useEffect(() => {
    if (query.isError) {
      toast.error("Error", { id: "licenses-error", description: errorMessage(query.error) });
    }
  }, [query.isError, query.error]);

  // Empty and error states: the same message in the table (desktop) and the card list (phones).
  let message: StateMessage | null = null;
  if (licenses === undefined && query.isError) {
    message = {
      icon: TriangleAlertIcon,
      tone: "error",
      title: "Could not load your licenses",
      body: (
        <>
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        </>
      ),
    };
  } else if (licenses?.length === 0) {
    message = searching
      ? {
          icon: SearchXIcon,
          title: NO_LICENSES,
          body: <p>Nothing matches “{debouncedSearch}”. Search by buy key or license key.</p>,
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
        <div aria-busy={pending || undefined} className={cn("transition-opacity", pending && licenses && "opacity-60")}>
          {message ? (
            <ListMessage icon={message.icon} tone={message.tone} title={message.title}>
              {message.body}
            </ListMessage>
          ) : licenses ? (
            <LicenseCardList licenses={licenses} rowLabel={rowLabel} />
          ) : (
            <LicenseCardSkeletons />
          )}
        </div>
      ) : (
        <Table
          aria-busy={pending || undefined}
          className="min-w-[56rem]"
          containerClassName="@container"
          scrollLabel="Licenses table"
        >
          <TableCaption className="sr-only">
            Your licenses with their keys, dates, status and remaining key changes. Each row has
            an actions menu.
          </TableCaption>
          <TableHeader className="bg-muted/40">
            <TableRow className="hover:bg-transparent">
              {COLUMNS.map((column) => (
                <TableHead
                  key={column}
                  className={cn(
                    "first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6",
                    column === "Changes Left" && "w-20 text-center leading-tight whitespace-normal",
                    column === "Actions" && "text-right",
                  )}
                >
                  {column}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody className={cn("transition-opacity", pending && licenses && "opacity-60")}>
            {message ? (
              <TableMessage colSpan={COLUMNS.length} icon={message.icon} tone={message.tone} title={message.title}>
                {message.body}
              </TableMessage>
            ) : licenses ? (
              licenses.map((license) => <LicenseRow key={license.id} license={license} />)
            ) : (
              <SkeletonRows />
            )}
          </TableBody>
        </Table>
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
        {license.licenseKey ? (
          <KeyText value={license.licenseKey} className="block max-w-[12rem] min-w-[8rem]" />
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
        <DateText iso={license.expireDate} />
      </TableCell>
      <TableCell>
        <LicenseStatusBadge status={license.status} />
      </TableCell>
      <TableCell className="text-center tabular-nums">{license.changesLeft}</TableCell>
      <TableCell className="pr-4 text-right sm:pr-6">
        <LicenseRowActions license={license} label={rowLabel(license)} />
      </TableCell>
    </TableRow>
  );
}

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: 4 }, (_, row) => (
        <TableRow key={row} className="hover:bg-transparent">
          {COLUMNS.map((column, index) => (
            <TableCell key={column} className="first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6">
              {index === 0 && row === 0 ? <span className="sr-only">Loading licenses</span> : null}
              <Skeleton
                className={cn(
                  "h-4",
                  column === "Name" && "w-28",
                  column === "License Key" && "w-32",
                  column === "Buy Key" && "w-28",
                  (column === "Start Date" || column === "Expiry Date") && "w-20",
                  column === "Status" && "h-5 w-16 rounded-full",
                  column === "Changes Left" && "mx-auto w-6",
                  column === "Actions" && "ml-auto size-8",
                )}
              />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
