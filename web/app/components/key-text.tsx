import { Fragment } from "react";

import { cn } from "~/lib/utils";

/**
 * A key in monospace that wraps only after its hyphens ("LDREEL-7F3A-…"), never inside a group,
 * so it stays readable in a narrow column. Copying still yields the exact key.
 */
export function KeyText({ value, className }: { value: string; className?: string }) {
  const parts = value.split(/(?<=-)/);
  return (
    <code className={cn("font-mono text-xs leading-5 break-words", className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </code>
  );
}
