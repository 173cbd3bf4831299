// A template is a React component plus its subject line. render.ts keeps the registry;
// adding an e-mail means one file here and one line there.
import type { ComponentType } from "react";

export interface EmailTemplate<Props> {
  subject(props: Props): string;
  Component: ComponentType<Props>;
}

export function defineEmailTemplate<Props>(template: EmailTemplate<Props>): EmailTemplate<Props> {
  return template;
}

/** "5 minutes", "1 hour", "2 days": expiry notes read naturally whatever the auth settings are. */
export function formatDuration(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes % 1440 === 0) return plural(minutes / 1440, "day");
  if (minutes % 60 === 0) return plural(minutes / 60, "hour");
  return plural(minutes, "minute");
}
