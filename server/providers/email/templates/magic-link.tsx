import { defineEmailTemplate, formatDuration } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

export interface MagicLinkProps {
  url: string;
  /** The magic-link plugin's expiresIn, in minutes (its default is five minutes). */
  expiresInMinutes?: number;
}

export default function MagicLink({ url, expiresInMinutes = 5 }: MagicLinkProps) {
  return (
    <EmailLayout preview="Your one-click sign-in link for Keyshop." heading="Sign in to Keyshop">
      <Paragraph>Use this link to sign in. No password needed.</Paragraph>
      <ActionLink url={url} label="Sign in" />
      <Note>{`This link expires in ${formatDuration(expiresInMinutes)} and works once.`}</Note>
      <Note>If you did not try to sign in, you can ignore this e-mail.</Note>
    </EmailLayout>
  );
}
MagicLink.PreviewProps = { url: "http://localhost:3000/api/auth/magic-link/verify?token=preview" } satisfies MagicLinkProps;

export const magicLinkTemplate = defineEmailTemplate({
  subject: () => "Your Keyshop sign-in link",
  Component: MagicLink,
});
