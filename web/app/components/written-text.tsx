import type { ReactNode } from "react";

/**
 * What a person wrote (a customer's refund reason, an admin's note): data, not copy, even inside a
 * translated sentence (put it there with <Trans> and a <tag>, never as a {{value}} of the text).
 * translate="no": a browser's translator leaves their words as written (and the pseudo-locale walk
 * skips them); lang="": their language is unknown, not the page's.
 */
export function WrittenText({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <span className={className} translate="no" lang="">
      {children}
    </span>
  );
}
