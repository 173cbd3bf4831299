import { useEffect, useId, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { InboxIcon, MinusIcon, PlusIcon, SearchXIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "~/lib/toast";
import { z } from "zod";

import {
  BALANCE_SORTS,
  PAGE_SIZES,
  parseAdjustmentAmount,
  type BalanceSort,
  type PageSize,
} from "../../../../contracts/admin";
import { formatMoney } from "../../../../contracts/money";
import { DataCards, DataTable } from "~/components/data-table/data-table";
import { ListSelect } from "~/components/data-table/list-select";
import { loadErrorState, useErrorToast, usePagedSearch, type ListState } from "~/components/data-table/list-state";
import { Pagination } from "~/components/data-table/pagination";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SearchInput } from "~/components/ui/search-input";
import { TableCell, TableRow } from "~/components/ui/table";
import { errorsText, loadErrorWords } from "~/lib/error-text";
import { toastFor } from "~/lib/error-toasts";
import { useIsMobile } from "~/hooks/use-mobile";

import { errorMessage } from "~/lib/errors";
import { type BalanceUser } from "./api";
import { adminText, useAdminCopy } from "./copy";
import { useAdjustBalance, useBalances } from "./queries";

const COLUMNS = ["email", "name", "apiKeys", "actions"] as const;
type Operation = "add" | "subtract";
type Pending = { user: BalanceUser; key: BalanceUser["apiKeys"][number]; operation: Operation; amountMills: number };

export function ManageBalancePanel() {
  const { t } = useAdminCopy();
  const isMobile = useIsMobile();
  // Search, sort or page size change: back to page 1.
  const { search, setSearch, term, page, setPage } = usePagedSearch();
  const [sort, setSort] = useState<BalanceSort>("none");
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const [pending, setPending] = useState<Pending | null>(null);
  const query = useBalances({ search: term, sort, page, pageSize });
  const data = query.data;
  const errorTitle = t("balance.errorTitle");
  useErrorToast("admin-balances-error", errorTitle, query.error, errorMessage);

  let state: ListState | null = null;
  if (!data && query.isError) {
    state = loadErrorState(errorTitle, errorMessage(query.error), () => void query.refetch());
  } else if (data?.users.length === 0) {
    state = { icon: term ? SearchXIcon : InboxIcon, title: t("balance.notFound") };
  }

  return (
    <div className="flex flex-col gap-6">
      <Card className="gap-0 overflow-hidden py-0">
        <CardHeader className="border-b py-5">
          <CardTitle>
            <h1 className="text-2xl font-semibold tracking-tight">{t("balance.title")}</h1>
          </CardTitle>
          <CardDescription>{t("balance.description")}</CardDescription>
        </CardHeader>
        <div className="flex flex-wrap items-end gap-3 border-b px-4 py-4 sm:px-6">
          <SearchInput
            label={t("balance.search")}
            placeholder={t("balance.searchPlaceholder")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            pending={query.isFetching && term !== ""}
            containerClassName="sm:max-w-sm"
          />
          <ListSelect
            label={t("balance.sort")}
            value={sort}
            options={BALANCE_SORTS.map((value) => ({ value, label: t(`balance.sorts.${value}`) }))}
            onChange={(value) => {
              setSort(value);
              setPage(1);
            }}
            triggerClassName="w-44"
          />
          <ListSelect
            label={t("balance.rowsPerPage")}
            value={String(pageSize)}
            options={PAGE_SIZES.map((n) => ({ value: String(n), label: n }))}
            onChange={(value) => {
              // Only the listed sizes are offered; anything else keeps the current one.
              setPageSize(PAGE_SIZES.find((n) => String(n) === value) ?? pageSize);
              setPage(1);
            }}
            triggerClassName="w-24"
          />
        </div>
        {isMobile ? (
          // Phones: one card per user, the amount and its Add / Subtract buttons in view.
          <DataCards
            rows={data?.users}
            renderCards={(users) => (
              <ul aria-label={t("balance.listLabel")} className="divide-y">
                {users.map((user) => (
                  <BalanceCard key={user.id} user={user} onConfirm={setPending} />
                ))}
              </ul>
            )}
            state={state}
            busy={query.isFetching && query.isPlaceholderData}
            loadingLabel={t("balance.loading")}
          />
        ) : (
          <DataTable
            columns={COLUMNS.map((key) => t(`balance.columns.${key}`))}
            caption={t("balance.caption")}
            scrollLabel={t("balance.scrollLabel")}
            className="min-w-[60rem]"
            rows={data?.users}
            renderRow={(user) => <BalanceRow key={user.id} user={user} onConfirm={setPending} />}
            state={state}
            busy={query.isFetching && query.isPlaceholderData}
            skeletonClassName="h-4 w-28"
          />
        )}
        {/* Unlike the other lists, the paging stays when nothing matches: 'Showing 0 to 0 of 0 users'. */}
        {data ? (
          <Pagination page={page} pageSize={pageSize} total={data.total} estimate={data.totalIsEstimate} noun={t("balance.noun")} label={t("balance.pages")} onPageChange={setPage} />
        ) : null}
      </Card>
      <ConfirmAdjustmentDialog pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}

/** The amount typed for a user's key, and the checks before the confirmation dialog opens. */
function useAdjustment(user: BalanceUser, onConfirm: (p: Pending) => void) {
  const key = user.apiKeys[0];
  const [amount, setAmount] = useState("");
  // Its checks say their refusals in the errors namespace's words, which a page loads on demand.
  useEffect(() => void loadErrorWords(), []);

  function start(operation: Operation) {
    if (!key) return;
    const amountMills = parseAdjustmentAmount(amount);
    if (amountMills === null) {
      toast.error(errorsText("actions.adjustBalance.invalidTitle"), { description: errorsText("actions.adjustBalance.invalid") });
      return;
    }
    if (operation === "subtract" && amountMills > key.balanceMills) {
      toast.error(errorsText("actions.adjustBalance.invalidOperationTitle"), { description: errorsText("actions.adjustBalance.negative") });
      return;
    }
    onConfirm({ user, key, operation, amountMills });
  }

  // A new balance (after an adjustment) clears the amount typed for it.
  useEffect(() => setAmount(""), [key?.balanceMills]);
  return { key, amount, setAmount, start };
}

function BalanceRow({ user, onConfirm }: { user: BalanceUser; onConfirm: (p: Pending) => void }) {
  const { t } = useAdminCopy();
  const adjustment = useAdjustment(user, onConfirm);

  return (
    <TableRow data-testid="balance-row">
      <TableCell className="pl-4 font-medium break-all sm:pl-6">{user.email}</TableCell>
      <TableCell translate="no">{user.name || <span className="text-muted-foreground">—</span>}</TableCell>
      <TableCell>
        {adjustment.key ? <KeyBalance apiKey={adjustment.key} /> : <span className="text-muted-foreground">{t("balance.noApiKey")}</span>}
      </TableCell>
      <TableCell className="pr-4 sm:pr-6">
        {adjustment.key ? (
          <AdjustmentFields user={user} adjustment={adjustment} className="flex items-center gap-2" inputClassName="w-36" buttonSize="sm" />
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/** Phones: the same row as a card, the amount field and both buttons full width. */
function BalanceCard({ user, onConfirm }: { user: BalanceUser; onConfirm: (p: Pending) => void }) {
  const { t } = useAdminCopy();
  const adjustment = useAdjustment(user, onConfirm);

  return (
    <li className="grid gap-3 px-4 py-4" data-testid="balance-row">
      <div className="grid gap-0.5">
        <span className="font-medium break-all">{user.email}</span>
        <span className="text-sm text-muted-foreground" translate="no">{user.name || "—"}</span>
      </div>
      {adjustment.key ? (
        <>
          <KeyBalance apiKey={adjustment.key} />
          <AdjustmentFields user={user} adjustment={adjustment} className="grid grid-cols-2 gap-2" inputClassName="col-span-2" />
        </>
      ) : (
        <span className="text-sm text-muted-foreground">{t("balance.noApiKey")}</span>
      )}
    </li>
  );
}

/** A user's API key and its balance (inactive keys say so). */
function KeyBalance({ apiKey }: { apiKey: Pending["key"] }) {
  const { t } = useAdminCopy();
  return (
    <div className="grid gap-0.5">
      <span className="font-mono text-xs break-all">{apiKey.key}</span>
      <span className="text-sm tabular-nums" data-testid="key-balance">
        {/* The one money rule (decision 053): the same figure the customer reads on Profile, $4.955 included. */}
        {formatMoney(apiKey.balanceMills)}
        {apiKey.isActive ? null : <span className="ml-2 text-xs text-muted-foreground">{t("balance.inactive")}</span>}
      </span>
    </div>
  );
}

/** The amount to add or subtract, labelled for screen readers with the user's e-mail, and the two buttons. */
function AdjustmentFields({
  user,
  adjustment,
  className,
  inputClassName,
  buttonSize,
}: {
  user: BalanceUser;
  adjustment: ReturnType<typeof useAdjustment>;
  className: string;
  inputClassName: string;
  buttonSize?: "sm";
}) {
  const { t } = useAdminCopy();
  const { amount, setAmount, start } = adjustment;
  const inputId = useId();
  return (
    <div className={className}>
      <label htmlFor={inputId} className="sr-only">
        {t("balance.amountLabel", { email: user.email })}
      </label>
      <Input
        id={inputId}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        placeholder={t("balance.amountPlaceholder")}
        className={inputClassName}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <Button size={buttonSize} variant="outline" aria-label={t("balance.addLabel", { email: user.email })} onClick={() => start("add")}>
        <PlusIcon aria-hidden="true" />
        {t("balance.add")}
      </Button>
      <Button size={buttonSize} variant="outline" aria-label={t("balance.subtractLabel", { email: user.email })} onClick={() => start("subtract")}>
        <MinusIcon aria-hidden="true" />
        {t("balance.subtract")}
      </Button>
    </div>
  );
}

// The message is made when the form is checked, in the language of that moment.
const NoteSchema = z.object({ note: z.string().trim().max(500, { error: () => adminText("balance.confirm.noteTooLong") }) });

function ConfirmAdjustmentDialog({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">{pending ? <ConfirmForm pending={pending} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function ConfirmForm({ pending, onDone }: { pending: Pending; onDone: () => void }) {
  const { t } = useAdminCopy();
  const adjust = useAdjustBalance();
  const noteId = useId();
  const form = useForm({ resolver: zodResolver(NoteSchema), defaultValues: { note: "" } });
  const { errors, isSubmitting } = form.formState;
  const { operation, amountMills, key, user } = pending;
  const amountText = formatMoney(amountMills);
  const after = key.balanceMills + (operation === "add" ? amountMills : -amountMills);
  const add = operation === "add";

  const onSubmit = form.handleSubmit(async ({ note }) => {
    try {
      // The amount was read once, when the button was pressed: mills go to the server as they are.
      const result = await adjust.mutateAsync({ apiKeyId: key.id, operation, amountMills, note: note || undefined });
      // The server's message says which was done; the toast says it in the reader's language.
      toast.success(adminText("balance.successTitle"), { description: adminText(result.operation === "add" ? "balance.added" : "balance.subtracted") });
      onDone();
    } catch (error) {
      const { title, description } = toastFor(error, "adjust-balance");
      toast.error(title, { description });
      onDone();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{t(add ? "balance.confirm.titleAdd" : "balance.confirm.titleSubtract", { amount: amountText })}</DialogTitle>
        <DialogDescription>
          {t("balance.confirm.description", { email: user.email, before: formatMoney(key.balanceMills), after: formatMoney(after) })}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("balance.confirm.apiKey")}</dt>
        <dd className="font-mono text-xs break-all">{key.key}</dd>
      </dl>
      <div className="grid gap-2">
        <Label htmlFor={noteId}>{t("balance.confirm.note")}</Label>
        <Input
          id={noteId}
          autoComplete="off"
          placeholder={t("balance.confirm.notePlaceholder")}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${noteId}-error` : undefined}
          {...form.register("note")}
        />
        {errors.note ? (
          <p id={`${noteId}-error`} role="alert" className="text-sm text-destructive">
            {errors.note.message}
          </p>
        ) : null}
      </div>
      <DialogSubmitFooter loading={isSubmitting} loadingLabel={t("balance.confirm.saving")} variant={add ? "default" : "destructive"}>
        {t(add ? "balance.confirm.submitAdd" : "balance.confirm.submitSubtract", { amount: amountText })}
      </DialogSubmitFooter>
    </form>
  );
}
