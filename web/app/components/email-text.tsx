import { Fragment } from "react";

/**
 * An e-mail address that wraps only where a reader expects it (#29 item 8: the audit log broke
 * addresses mid-word with `break-all`): a break opportunity before the @ and after each dot, and
 * mid-part only for a part too long for the line on its own.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  // "ana.long-name@example.com" → ["ana.", "long-name", "@example.", "com"]
  const parts = email.split(/(?<=\.)|(?=@)/);
  return (
    // An address is data, not copy: translate="no" (a translator, and the pseudo-locale walk, leave it).
    <span className={className} translate="no" style={{ overflowWrap: "anywhere", wordBreak: "normal" }}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
