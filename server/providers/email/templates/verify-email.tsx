import { defineEmailTemplate, formatDuration } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

export interface VerifyEmailProps {
  url: string;
  /** better-auth's emailVerification.expiresIn, in minutes (its default is one hour). */
  expiresInMinutes?: number;
}

export default function VerifyEmail({ url, expiresInMinutes = 60 }: VerifyEmailProps) {
  return (
    <EmailLayout preview="Confirm your e-mail address to finish setting up Keyshop." heading="Confirm your e-mail">
      <Paragraph>Thanks for signing up. Confirm this address to finish setting up your Keyshop account.</Paragraph>
      <ActionLink url={url} label="Confirm e-mail" />
      <Note>{`This link expires in ${formatDuration(expiresInMinutes)}.`}</Note>
      <Note>If you did not create a Keyshop account, you can ignore this e-mail.</Note>
    </EmailLayout>
  );
}
VerifyEmail.PreviewProps = { url: "http://localhost:3000/api/auth/verify-email?token=preview" } satisfies VerifyEmailProps;

export const verifyEmailTemplate = defineEmailTemplate({
  subject: () => "Confirm your Keyshop e-mail",
  Component: VerifyEmail,
});
