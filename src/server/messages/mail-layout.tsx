import type { CSSProperties, ReactNode } from "react";
// The components one by one rather than through @react-email/components, whose index also loads
// Tailwind, Prism and a Markdown parser: the functions that send mail start about a second faster.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { mailColours as colour, mailCopy } from "../../content/messages.js";

/** The frame every e-mail shares, and the few pieces the templates compose; styles are inline, as e-mail needs. */
const font = '"Plus Jakarta Sans", -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export function MailLayout({ preview, heading, children }: { preview: string; heading: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: colour.page, fontFamily: font, margin: 0, padding: "24px 12px", color: colour.ink }}
      >
        <Container
          style={{
            maxWidth: "600px",
            backgroundColor: colour.white,
            borderRadius: "20px",
            overflow: "hidden",
            border: `1px solid ${colour.border}`,
          }}
        >
          <Section style={{ backgroundColor: colour.brandDark, padding: "20px 28px" }}>
            <Text
              style={{ margin: 0, color: colour.white, fontSize: "18px", fontWeight: 700, letterSpacing: "-0.01em" }}
            >
              {mailCopy.brandName}
              <span style={{ color: colour.accent }}>.</span>
            </Text>
          </Section>
          <Section style={{ padding: "28px 28px 8px" }}>
            <Heading
              as="h1"
              style={{ margin: "0 0 16px", fontSize: "22px", lineHeight: "30px", color: colour.brandDark }}
            >
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: colour.border, margin: "16px 0 0" }} />
          <Section style={{ padding: "12px 28px 20px" }}>
            <Text style={{ margin: 0, fontSize: "12px", lineHeight: "18px", color: colour.soft }}>
              {mailCopy.footer}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text
      style={{ margin: "0 0 14px", fontSize: "15px", lineHeight: "24px", color: muted ? colour.muted : colour.ink }}
    >
      {children}
    </Text>
  );
}

export function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h2"
      style={{
        margin: "24px 0 8px",
        fontSize: "13px",
        lineHeight: "18px",
        textTransform: "uppercase",
        letterSpacing: "0.06em",
        color: colour.brand,
      }}
    >
      {children}
    </Heading>
  );
}

const cell: CSSProperties = {
  padding: "6px 0",
  fontSize: "14px",
  lineHeight: "21px",
  verticalAlign: "top",
  borderBottom: `1px solid ${colour.brandTint}`,
};

/** Label and value rows; a value keeps the visitor's line breaks. */
export function Facts({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <table
      role="presentation"
      data-text-format="dataTable"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: "collapse", marginBottom: "14px" }}
    >
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            <td style={{ ...cell, width: "36%", paddingRight: "12px", color: colour.muted }}>{row.label}</td>
            <td style={{ ...cell, color: colour.ink, wordBreak: "break-word" }}>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function MailButton({
  href,
  children,
  secondary = false,
}: {
  href: string;
  children: ReactNode;
  secondary?: boolean;
}) {
  return (
    <Section style={{ margin: "8px 0 14px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: secondary ? colour.white : colour.brand,
          color: secondary ? colour.brand : colour.white,
          border: `2px solid ${colour.brand}`,
          borderRadius: "999px",
          padding: "12px 22px",
          fontSize: "15px",
          fontWeight: 700,
          textDecoration: "none",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: colour.brand, textDecoration: "underline" }}>
      {children}
    </Link>
  );
}
