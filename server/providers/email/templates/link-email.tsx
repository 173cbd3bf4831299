// The e-mails that are one link and nothing else (confirm the address, sign in, reset the
// password): the same frame, a paragraph, the button, when it expires and what to do if it was not
// you. Each keeps its own words and default lifetime; the shape is written once here.
import type { Translations } from "../../../../contracts/languages";
import { defineEmailTemplate, type EmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

export interface LinkEmailProps {
  url: string;
  /** The link's lifetime in minutes, as the auth library is configured (each e-mail has its default). */
  expiresInMinutes?: number;
}

export interface LinkEmailTexts {
  subject: string;
  preview: string;
  heading: string;
  body: string;
  button: string;
  expires: (duration: string) => string;
  ignore: string;
}

export function defineLinkEmail(
  name: string,
  options: { texts: Translations<LinkEmailTexts>; defaultExpiresInMinutes: number; sampleUrl: string },
): EmailTemplate<LinkEmailProps, LinkEmailTexts> {
  return defineEmailTemplate<LinkEmailProps, LinkEmailTexts>(name, {
    texts: options.texts,
    subject: (_p, c) => c.t.subject,
    Component: ({ p, c }) => (
      <EmailLayout c={c} preview={c.t.preview} heading={c.t.heading}>
        <Paragraph>{c.t.body}</Paragraph>
        <ActionLink c={c} url={p.url} label={c.t.button} />
        <Note>{c.t.expires(c.common.duration(p.expiresInMinutes ?? options.defaultExpiresInMinutes))}</Note>
        <Note>{c.t.ignore}</Note>
      </EmailLayout>
    ),
    samples: [{ url: options.sampleUrl }],
  });
}
