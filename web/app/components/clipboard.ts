import { toast } from "~/lib/toast";

import { tableText } from "~/components/data-table/copy";

/** Writes text to the clipboard; false when the browser refuses. */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.error("Clipboard write failed", error);
    return false;
  }
}

/**
 * The spec's copy toasts, in the reader's language: 'Copied!' / '{label} copied to clipboard', or
 * 'Copy Failed' / 'Failed to copy to clipboard'. `label` is already in that language.
 */
export async function copyWithToast(text: string, label: string) {
  const copied = await writeClipboard(text);
  const t = tableText;
  if (copied) {
    toast.success(t("copy.copied"), { description: t("copy.copiedLabel", { label }) });
  } else {
    toast.error(t("copy.failed"), { description: t("copy.failedText") });
  }
}
