// Free text at the edge (decision 034): every string a client sends that is stored, searched, or
// handed on (a reason, a note, a name, a search term, a device key, a description…) is one of:
//   singleLineText  a name, a search term, a key, an address: valid Unicode, no control character
//                   at all (no NUL, tab, line break, DEL or C1 control), trimmed first;
//   multiLineText   a reason or a note typed into a text area: valid Unicode, line breaks and tabs
//                   allowed, no other control character, trimmed first;
//   validText       what is opaque and not ours to reshape (a password, a one-time token): valid
//                   Unicode and no NUL, nothing else checked, nothing trimmed.
// "Valid Unicode" means no lone UTF-16 surrogate ("\ud800" in JSON): PostgreSQL refuses it in text
// and jsonb, and the refusal used to come as a 500 after the work it stopped had begun (issue #26).
// The rules themselves (textProblem, no zod) are in text-rules.ts, shared with the web's own checks.
import { z } from "zod";
import { TEXT_MESSAGES, textProblem, type TextKind } from "./text-rules";

export { NO_NUL_MESSAGE, storableText, TEXT_MESSAGES, textProblem, type TextKind, type TextProblem } from "./text-rules";

type StringParams = Parameters<typeof z.string>[0];

function checked(kind: TextKind, params: StringParams, trim: boolean) {
  const base = trim ? z.string(params).trim() : z.string(params);
  return base.check((ctx) => {
    const problem = textProblem(ctx.value, kind);
    if (problem) ctx.issues.push({ code: "custom", message: TEXT_MESSAGES[problem], input: ctx.value, continue: false });
  });
}

/** A name, a search term, a key, an e-mail address, a URL: one line, trimmed (the message is for a value that is no string). */
export const singleLineText = (params?: StringParams, { trim = true }: { trim?: boolean } = {}) => checked("single-line", params, trim);
/** A reason or a note from a text area: line breaks and tabs allowed, trimmed. */
export const multiLineText = (params?: StringParams) => checked("multi-line", params, true);
/** A password or an opaque token: valid Unicode, no NUL; not trimmed, nothing else checked. */
export const validText = (params?: StringParams) => checked("opaque", params, false);

/** An optional field of a form: absent or empty ("") is none (undefined), anything else must pass `schema`. */
export const emptyMeansNone = <T extends z.ZodType<string | undefined, string>>(schema: T) =>
  z
    .union([z.literal(""), schema])
    .optional()
    .transform((v) => (v ? (v as z.output<T>) : undefined));

/** @deprecated the first rule (NUL only, now valid Unicode too): choose singleLineText or multiLineText. */
export const dbText = validText;
