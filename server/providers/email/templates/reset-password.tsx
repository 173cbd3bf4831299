import { defineEmailTemplate, formatDuration } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

export interface ResetPasswordProps {
  url: string;
  /** better-auth's resetPasswordTokenExpiresIn, in minutes (its default is one hour). */
  expiresInMinutes?: number;
}

export default function ResetPassword({ url, expiresInMinutes = 60 }: ResetPasswordProps) {
  return (
    <EmailLayout preview="Choose a new password for your Keyshop account." heading="Reset your password">
      <Paragraph>We received a request to reset the password of your Keyshop account. Choose a new one here:</Paragraph>
      <ActionLink url={url} label="Reset password" />
      <Note>{`This link expires in ${formatDuration(expiresInMinutes)} and works once.`}</Note>
      <Note>If you did not ask for this, ignore this e-mail: your password stays the same.</Note>
    </EmailLayout>
  );
}
ResetPassword.PreviewProps = { url: "http://localhost:3000/reset-password?token=preview" } satisfies ResetPasswordProps;

export const resetPasswordTemplate = defineEmailTemplate({
  subject: () => "Reset your Keyshop password",
  Component: ResetPassword,
});
