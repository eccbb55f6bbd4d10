// Not TSX on purpose: Vercel's function tracing does not resolve an import of "./mail-layout.js" to a
// .tsx file, so the deployed functions would not find it. Elements are built with createElement;
// tests/unit/server-files.test.ts keeps every file the functions import out of .tsx.
import { createElement, type CSSProperties, type ReactNode } from "react";
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

const h = createElement;

/** The frame every e-mail shares, and the few pieces the templates compose; styles are inline, as e-mail needs. */
const font = '"Plus Jakarta Sans", -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

interface MailLayoutProps {
  preview: string;
  heading: string;
  children?: ReactNode;
}

export function MailLayout({ preview, heading, children }: MailLayoutProps) {
  return h(
    Html,
    { lang: "en" },
    h(Head, null, h("meta", { name: "color-scheme", content: "light" })),
    h(Preview, null, preview),
    h(
      Body,
      { style: { backgroundColor: colour.page, fontFamily: font, margin: 0, padding: "24px 12px", color: colour.ink } },
      h(
        Container,
        {
          style: {
            maxWidth: "600px",
            backgroundColor: colour.white,
            borderRadius: "20px",
            overflow: "hidden",
            border: `1px solid ${colour.border}`,
          },
        },
        h(
          Section,
          { style: { backgroundColor: colour.brandDark, padding: "20px 28px" } },
          h(
            Text,
            {
              style: { margin: 0, color: colour.white, fontSize: "18px", fontWeight: 700, letterSpacing: "-0.01em" },
            },
            mailCopy.brandName,
            h("span", { style: { color: colour.accent } }, "."),
          ),
        ),
        h(
          Section,
          { style: { padding: "28px 28px 8px" } },
          h(
            Heading,
            {
              as: "h1",
              style: { margin: "0 0 16px", fontSize: "22px", lineHeight: "30px", color: colour.brandDark },
            },
            heading,
          ),
          children,
        ),
        h(Hr, { style: { borderColor: colour.border, margin: "16px 0 0" } }),
        h(
          Section,
          { style: { padding: "12px 28px 20px" } },
          h(Text, { style: { margin: 0, fontSize: "12px", lineHeight: "18px", color: colour.soft } }, mailCopy.footer),
        ),
      ),
    ),
  );
}

interface ParagraphProps {
  children?: ReactNode;
  muted?: boolean;
}

export function Paragraph({ children, muted = false }: ParagraphProps) {
  return h(
    Text,
    { style: { margin: "0 0 14px", fontSize: "15px", lineHeight: "24px", color: muted ? colour.muted : colour.ink } },
    children,
  );
}

interface SectionHeadingProps {
  children?: ReactNode;
}

export function SectionHeading({ children }: SectionHeadingProps) {
  return h(
    Heading,
    {
      as: "h2",
      style: {
        margin: "24px 0 8px",
        fontSize: "13px",
        lineHeight: "18px",
        textTransform: "uppercase",
        letterSpacing: "0.06em",
        color: colour.brand,
      },
    },
    children,
  );
}

const cell: CSSProperties = {
  padding: "6px 0",
  fontSize: "14px",
  lineHeight: "21px",
  verticalAlign: "top",
  borderBottom: `1px solid ${colour.brandTint}`,
};

interface FactsProps {
  rows: { label: string; value: ReactNode }[];
}

/** Label and value rows; a value keeps the visitor's line breaks. */
export function Facts({ rows }: FactsProps) {
  return h(
    "table",
    {
      role: "presentation",
      "data-text-format": "dataTable",
      width: "100%",
      cellPadding: 0,
      cellSpacing: 0,
      style: { borderCollapse: "collapse", marginBottom: "14px" },
    },
    h(
      "tbody",
      null,
      rows.map((row, index) =>
        h(
          "tr",
          { key: index },
          h("td", { style: { ...cell, width: "36%", paddingRight: "12px", color: colour.muted } }, row.label),
          h("td", { style: { ...cell, color: colour.ink, wordBreak: "break-word" } }, row.value),
        ),
      ),
    ),
  );
}

interface MailButtonProps {
  href: string;
  children?: ReactNode;
  secondary?: boolean;
}

export function MailButton({ href, children, secondary = false }: MailButtonProps) {
  return h(
    Section,
    { style: { margin: "8px 0 14px" } },
    h(
      Button,
      {
        href,
        style: {
          backgroundColor: secondary ? colour.white : colour.brand,
          color: secondary ? colour.brand : colour.white,
          border: `2px solid ${colour.brand}`,
          borderRadius: "999px",
          padding: "12px 22px",
          fontSize: "15px",
          fontWeight: 700,
          textDecoration: "none",
        },
      },
      children,
    ),
  );
}

interface TextLinkProps {
  href: string;
  children?: ReactNode;
}

export function TextLink({ href, children }: TextLinkProps) {
  return h(Link, { href, style: { color: colour.brand, textDecoration: "underline" } }, children);
}
