import { defineEmailTemplate, formatDuration } from "./define-template";
import { CodeBox, EmailLayout, Note, Paragraph } from "./layout";

/** better-auth's e-mail OTP types; "change-email" included so its callback can pass `type` straight through. */
export type SignInCodePurpose = "sign-in" | "email-verification" | "forget-password" | "change-email";

export interface SignInCodeProps {
  code: string;
  purpose: SignInCodePurpose;
  /** The e-mail OTP plugin's expiresIn, in minutes (its default is five minutes). */
  expiresInMinutes?: number;
}

const copy: Record<SignInCodePurpose, { heading: string; intro: string }> = {
  "sign-in": { heading: "Your sign-in code", intro: "Enter this code to sign in to Keyshop:" },
  "email-verification": { heading: "Confirm your e-mail", intro: "Enter this code to confirm your e-mail address:" },
  "forget-password": { heading: "Reset your password", intro: "Enter this code to choose a new Keyshop password:" },
  "change-email": { heading: "Confirm your new e-mail", intro: "Enter this code to confirm your new e-mail address:" },
};

export default function SignInCode({ code, purpose, expiresInMinutes = 5 }: SignInCodeProps) {
  const { heading, intro } = copy[purpose];
  return (
    <EmailLayout preview={`${heading}: ${code}`} heading={heading}>
      <Paragraph>{intro}</Paragraph>
      <CodeBox code={code} />
      <Note>{`The code expires in ${formatDuration(expiresInMinutes)}. Never share it: Keyshop will not ask you for it.`}</Note>
      <Note>If you did not request it, you can ignore this e-mail.</Note>
    </EmailLayout>
  );
}
SignInCode.PreviewProps = { code: "123456", purpose: "sign-in" } satisfies SignInCodeProps;

export const signInCodeTemplate = defineEmailTemplate({
  subject: ({ code }) => `Your Keyshop code: ${code}`,
  Component: SignInCode,
});
