import * as React from "react";
import { Loader2Icon, SearchIcon } from "lucide-react";

import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";

type SearchInputProps = Omit<React.ComponentProps<"input">, "type"> & {
  /** The accessible name; rendered as a visually hidden <label>. */
  label: string;
  /** Shows a small spinner while results for the current text are loading. */
  pending?: boolean;
  containerClassName?: string;
};

/** A search box with a leading icon, a visually hidden label and an optional busy spinner. */
function SearchInput({
  id,
  label,
  pending = false,
  className,
  containerClassName,
  ...props
}: SearchInputProps) {
  const generatedId = React.useId();
  const inputId = id ?? generatedId;

  return (
    <div data-slot="search-input" className={cn("relative w-full", containerClassName)}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={inputId}
        type="search"
        autoComplete="off"
        spellCheck={false}
        className={cn("pr-9 pl-9 [&::-webkit-search-cancel-button]:cursor-pointer", className)}
        {...props}
      />
      {pending ? (
        <Loader2Icon
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          aria-hidden="true"
        />
      ) : null}
    </div>
  );
}

export { SearchInput };
