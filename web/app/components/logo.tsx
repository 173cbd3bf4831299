import { cn } from "~/lib/utils";

/** The Keyshop mark: a key in a rounded tile, drawn in the current brand colour. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn("size-8 shrink-0", className)}
    >
      <rect width="32" height="32" rx="8" className="fill-brand" />
      <circle
        cx="11.5"
        cy="16"
        r="4.75"
        fill="none"
        strokeWidth="2.5"
        className="stroke-brand-foreground"
      />
      <path
        d="M16.25 16H25.5M21.5 16v3.75M25 16v2.75"
        fill="none"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-brand-foreground"
      />
    </svg>
  );
}
