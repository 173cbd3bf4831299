// A form's field messages in the reader's language (namespace "table", `text.*`, and the form's
// own). Apart from the lists' words (./copy.ts) so that the text rules' messages come with the
// forms, not with every dashboard page (issue #28 item 5).
import { TEXT_MESSAGES, type TextProblem } from "../../../../contracts/text-rules";
import type { TFunction } from "~/lib/i18n";

// The "table" namespace the `table:text.*` keys are in.
import "./copy";

const TEXT_KEYS = new Map(Object.entries(TEXT_MESSAGES).map(([key, message]) => [message as string, key as TextProblem]));

/**
 * A field's message in the reader's language: the words a form checked itself (`known`: the
 * English message → its key) and the text rules' messages (decision 034); anything else (the
 * server's own words) as it is.
 */
export function fieldMessage(t: TFunction, message: string | null | undefined, known: Record<string, string> = {}): string | undefined {
  if (!message) return undefined;
  const key = known[message];
  if (key) return t(key);
  const problem = TEXT_KEYS.get(message);
  return problem ? t(`table:text.${problem}`) : message;
}
