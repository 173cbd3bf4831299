import { shellText as t } from "~/features/shell/copy";

export type SessionErrorToast = { title: string; description: string };

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.message} ${(error as { code?: string }).code ?? ""}`;
  if (typeof error === "string") return error;
  return "";
}

/** The spec's two toasts for a failed session start-up. */
export function describeSessionError(error: unknown): SessionErrorToast {
  if (/refresh_token_not_found|invalid refresh token|session[_ ]expired/i.test(messageOf(error))) {
    return { title: t("session.expiredTitle"), description: t("session.expired") };
  }
  return { title: t("session.errorTitle"), description: t("session.error") };
}
