// The shared Keyshop frame: brand, one heading, content, footer. Inline styles only:
// mail clients drop <style> blocks and external CSS.
import type { ReactNode } from "react";
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { MailContext } from "./define-template";

/** What the frame needs of the e-mail's context: its language and the shared words. */
type Frame = Pick<MailContext<unknown>, "language" | "common">;

const colors = { ink: "#18181b", muted: "#52525b", faint: "#71717a", line: "#e4e4e7", page: "#f4f4f5", card: "#ffffff" };
const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/** The frame in the e-mail's language; `footer` when the e-mail says why it was sent in its own words. */
export function EmailLayout({ c, preview, heading, children, footer }: { c: Frame; preview: string; heading: string; children: ReactNode; footer?: string }) {
  return (
    <Html lang={c.language}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.page, fontFamily: font, margin: 0, padding: "32px 12px" }}>
        <Container style={{ backgroundColor: colors.card, border: `1px solid ${colors.line}`, borderRadius: 12, maxWidth: 480, padding: "32px 32px 24px" }}>
          <Text style={{ color: colors.ink, fontSize: 18, fontWeight: 700, letterSpacing: "-0.02em", margin: "0 0 24px" }}>Keyshop</Text>
          <Heading as="h1" style={{ color: colors.ink, fontSize: 22, fontWeight: 600, lineHeight: "30px", margin: "0 0 16px" }}>
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: colors.line, margin: "28px 0 16px" }} />
          <Text style={{ color: colors.faint, fontSize: 12, lineHeight: "18px", margin: 0 }}>
            {footer ?? c.common.footer}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ color: colors.muted, fontSize: 15, lineHeight: "24px", margin: "0 0 16px" }}>{children}</Text>;
}

export function Note({ children }: { children: ReactNode }) {
  return <Text style={{ color: colors.faint, fontSize: 13, lineHeight: "20px", margin: "0 0 8px" }}>{children}</Text>;
}

/**
 * A button plus the raw link as text, so the address can be copied when a client strips buttons.
 * The button is left out of the plain-text part, which already carries the raw link.
 */
export function ActionLink({ c, url, label, copyNote }: { c: Frame; url: string; label: string; copyNote?: string }) {
  return (
    <>
      <Section style={{ margin: "8px 0 24px" }}>
        <Button
          href={url}
          data-skip-in-text
          style={{ backgroundColor: colors.ink, borderRadius: 8, color: "#ffffff", fontSize: 15, fontWeight: 600, padding: "12px 20px", textDecoration: "none" }}
        >
          {label}
        </Button>
      </Section>
      <Note>{copyNote ?? c.common.copyLink}</Note>
      <Text style={{ fontSize: 13, lineHeight: "20px", margin: "0 0 16px", wordBreak: "break-all" }}>
        <Link href={url} style={{ color: colors.ink, textDecoration: "underline" }}>
          {url}
        </Link>
      </Text>
    </>
  );
}

export function CodeBox({ code }: { code: string }) {
  return (
    <Section style={{ backgroundColor: colors.page, borderRadius: 8, margin: "8px 0 24px", padding: "16px 0", textAlign: "center" }}>
      <Text style={{ color: colors.ink, fontFamily: "ui-monospace, Menlo, Consolas, monospace", fontSize: 30, fontWeight: 700, letterSpacing: "0.3em", margin: 0 }}>
        {code}
      </Text>
    </Section>
  );
}
