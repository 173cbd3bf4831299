// The admin shell's search box (issue #16): one box finds a customer by e-mail, name, buy key,
// device key, payment tran_id or API key, and opens their page. A combobox with a listbox of
// results: arrows move, Enter opens the highlighted customer (the first by default), Escape closes.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Loader2Icon, SearchIcon, UserIcon, UserXIcon } from "lucide-react";
import { useNavigate } from "react-router";

import { SEARCH_MIN_LENGTH } from "../../../../../contracts/customers";
import { useDebouncedValue } from "~/components/data-table/use-debounced-value";
import { Input } from "~/components/ui/input";
import { customerPath } from "~/lib/nav";
import { cn } from "~/lib/utils";

import { useCheckoutProviderName } from "~/features/payments/provider-name";

import { errorMessage } from "~/lib/errors";
import { type CustomerHit } from "./api";
import { useAdminCustomerCopy } from "./copy";
import { useCustomerSearch } from "./queries";

export function CustomerSearch({ className }: { className?: string }) {
  const { t } = useAdminCustomerCopy();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Asked once the search is used (it sits in every admin page's header).
  const provider = useCheckoutProviderName(open);
  // Enter pressed before the answer for the typed term arrived: open the first hit when it does.
  const [enterPending, setEnterPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const hintId = useId();

  const trimmed = text.trim();
  const term = useDebouncedValue(trimmed, 200);
  const query = useCustomerSearch(term);
  const current = term === trimmed && !query.isPlaceholderData;
  const hits = current ? (query.data?.customers ?? []) : [];
  const tooShort = trimmed.length > 0 && trimmed.length < SEARCH_MIN_LENGTH;
  const loading = trimmed.length >= SEARCH_MIN_LENGTH && (!current || query.isFetching);
  const showList = open && trimmed.length > 0;

  function choose(hit: CustomerHit | undefined) {
    if (!hit) return;
    setOpen(false);
    setEnterPending(false);
    setText("");
    inputRef.current?.blur();
    void navigate(customerPath(hit.email));
  }

  useEffect(() => {
    if (enterPending && current && !query.isFetching) {
      if (hits.length) choose(hits[0]);
      else setEnterPending(false);
    }
  }, [enterPending, current, query.isFetching, hits]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (!hits.length) return;
      setActive((i) => (event.key === "ArrowDown" ? (i + 1) % hits.length : (i - 1 + hits.length) % hits.length));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (hits.length) choose(hits[Math.min(active, hits.length - 1)]);
      else if (loading) setEnterPending(true);
    } else if (event.key === "Escape") {
      if (open && trimmed) {
        event.preventDefault();
        setOpen(false);
      } else setText("");
    }
  }

  const activeId = showList && hits.length ? `${listId}-${Math.min(active, hits.length - 1)}` : undefined;

  return (
    <div role="search" aria-label={t("search.landmark")} className={cn("relative", className)}>
      <label htmlFor={`${listId}-input`} className="sr-only">
        {t("search.label")}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        ref={inputRef}
        id={`${listId}-input`}
        type="text"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-describedby={hintId}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        placeholder={t("search.placeholder")}
        className="h-8 pr-8 pl-8 text-sm"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <span id={hintId} className="sr-only">
        {t("search.hint", { provider })}
      </span>
      {loading ? (
        <Loader2Icon className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-hidden="true" />
      ) : null}
      <div
        className={cn(
          "absolute top-full right-0 z-50 mt-1.5 w-[min(26rem,calc(100vw-1rem))] overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg",
          !showList && "hidden",
        )}
      >
        <ul id={listId} role="listbox" aria-label={t("search.results")} className="max-h-[min(24rem,70vh)] overflow-y-auto p-1">
          {hits.map((hit, index) => (
            <li
              key={hit.email}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === Math.min(active, hits.length - 1)}
              className="flex cursor-pointer items-center gap-3 rounded-md px-2.5 py-2 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(hit)}
            >
              {hit.accountId ? (
                <UserIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              ) : (
                <UserXIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium">{hit.email}</span>
                <span className="truncate text-xs text-muted-foreground">
                  {[hit.name, hit.accountId ? null : t("search.noAccount")].filter(Boolean).join(" · ") || t("search.account")}
                </span>
              </span>
              <span className="shrink-0 rounded-full border px-2 py-0.5 text-[11px] text-muted-foreground">{t(`search.match.${hit.matchedBy}`, { provider })}</span>
            </li>
          ))}
        </ul>
        {!hits.length ? (
          <p role="status" className="px-3 py-3 text-sm text-muted-foreground">
            {tooShort
              ? t("search.tooShort", { min: SEARCH_MIN_LENGTH })
              : loading
                ? t("search.searching")
                : query.isError
                  ? errorMessage(query.error)
                  : t("search.none")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
