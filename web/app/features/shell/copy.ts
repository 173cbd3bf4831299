// The dashboard shell's words, English and Khmer (namespace "shell"): the menu, the header, the
// sign-out and session toasts. The spec's English texts are kept word for word. No React here:
// the public header's sign-out (loaded on click) uses it too.
import { registerNamespace, translatorFor } from "~/lib/i18n";
import enShell from "~/locales/en/shell.json";

registerNamespace("shell", { en: enShell });

/** The shell namespace's t() in the language current at the call (toasts). */
export const shellText = translatorFor("shell");
