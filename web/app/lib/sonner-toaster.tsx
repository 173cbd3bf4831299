// sonner's Toaster in the shop's colours and font: loaded lazily by lib/toaster.tsx (decision 049).
import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

type ToasterTheme = NonNullable<ToasterProps["theme"]>;

function Toaster({ theme = "system", ...props }: ToasterProps & { theme?: ToasterTheme }) {
  return (
    <Sonner
      theme={theme}
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          // The page's font (its stack has the Khmer face), not sonner's system-ui stack, where a
          // device without a Khmer system font shows Khmer toasts as boxes.
          fontFamily: "inherit",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
