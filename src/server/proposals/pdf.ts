/**
 * The proposal as accepted, as a PDF the client and the team keep (attached to the acceptance's
 * e-mails, outbox.ts): the brand, the number and title, the scope as text, the lines, the discount
 * and total, the payment plan, the retainer, the valid-until day, and the record of the acceptance
 * (the name typed, the time in Lagos, the address, the browser and the SHA-256 of the terms shown).
 *
 * pdfkit writes it: pure JavaScript (fontkit, no native module), so it runs in Vercel's Node
 * functions as it runs here. The text is set in the site's family, Plus Jakarta Sans, from the
 * social card's static files (../social-card/fonts/, which hold the naira sign and the Yoruba and
 * Igbo letters a client's name may have: pdfkit's built-in Helvetica has neither), embedded as
 * subsets. None of pdfkit's built-in fonts is loaded. The document's dates are the acceptance's, so
 * a retried e-mail attaches the same document.
 */
import { dayInWords, recordedMomentInWords } from "../../lib/proposals/dates.js";
import { readFile } from "node:fs/promises";
import { proposalCopy } from "../../content/proposals.js";
import { proposalPdfCopy as copy } from "../../content/proposal-mail.js";
import { formatMoney } from "../../lib/money.js";
import type { ProposalTerms } from "../../lib/proposals/contract.js";
import { mailColours as colour } from "../../content/messages.js";

export interface AcceptanceRecord {
  name: string;
  /** ISO time of the acceptance. */
  at: string;
  ip: string | null;
  userAgent: string | null;
  sha256: string;
}

const FONT_DIR = new URL("../social-card/fonts/", import.meta.url);
const FONTS = { regular: "plus-jakarta-sans-500.ttf", bold: "plus-jakarta-sans-800.ttf" } as const;

/** The two faces, read on the first PDF and kept (read again after a failed read). */
let fontFiles: Promise<{ regular: Buffer; bold: Buffer }> | null = null;
function loadFonts() {
  fontFiles ??= Promise.all([readFile(new URL(FONTS.regular, FONT_DIR)), readFile(new URL(FONTS.bold, FONT_DIR))])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((error: unknown) => {
      fontFiles = null;
      throw error;
    });
  return fontFiles;
}

const doc = proposalCopy.document;

/** Basis points as a share: 5000 → "50%", 3333 → "33.33%". */
const percent = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString("en-GB", { maximumFractionDigits: 2 })}%`;

const PAGE = { size: "A4", margin: 50 } as const;

/** The PDF's bytes. */
export async function proposalPdf(terms: ProposalTerms, acceptance: AcceptanceRecord): Promise<Buffer> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import("pdfkit"), loadFonts()]);
  const acceptedAt = new Date(acceptance.at);
  const pdf = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    // No built-in font: the first text sets ours.
    font: null as unknown as string,
    info: {
      Title: copy.title(terms.number, terms.title),
      Author: copy.brand,
      Subject: terms.title,
      CreationDate: acceptedAt,
      ModDate: acceptedAt,
    },
  });
  pdf.registerFont("regular", fonts.regular);
  pdf.registerFont("bold", fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const money = (amount: number) => formatMoney(amount, terms.currency);
  const left = PAGE.margin;
  const width = pdf.page.width - 2 * PAGE.margin;
  const bottom = () => pdf.page.height - PAGE.margin;

  const heading = (text: string) => {
    pdf.moveDown(0.8).font("bold").fontSize(12).fillColor(colour.brand).text(text.toUpperCase(), left, undefined, {
      width,
      characterSpacing: 0.6,
    });
    pdf.moveDown(0.3).font("regular").fontSize(10).fillColor(colour.ink);
  };

  /** One row of cells at fixed columns (x offset and width); a new page when it would not fit. */
  const row = (cells: { text: string; x: number; w: number; align?: "left" | "right" }[], bold = false) => {
    pdf
      .font(bold ? "bold" : "regular")
      .fontSize(10)
      .fillColor(colour.ink);
    const height = Math.max(...cells.map((cell) => pdf.heightOfString(cell.text, { width: cell.w })));
    if (pdf.y + height > bottom()) pdf.addPage();
    const y = pdf.y;
    for (const cell of cells)
      pdf.text(cell.text, left + cell.x, y, { width: cell.w, align: cell.align ?? "left", lineBreak: true });
    pdf.x = left;
    pdf.y = y + height + 4;
  };

  const labelled = (label: string, value: string) =>
    row([
      { text: label, x: 0, w: 170 },
      { text: value, x: 180, w: width - 180 },
    ]);

  // The brand, then the document's name.
  pdf.rect(0, 0, pdf.page.width, 70).fill(colour.brandDark);
  pdf.font("bold").fontSize(20).fillColor(colour.white).text(copy.brand, left, 24, { continued: true });
  pdf.fillColor(colour.accent).text(".");
  pdf.font("regular").fontSize(9).fillColor(colour.white).text(copy.tagline, left, 50, { width });
  pdf.x = left;
  pdf.y = 100;
  pdf.font("bold").fontSize(18).fillColor(colour.brandDark).text(terms.title, { width });
  pdf.moveDown(0.4).font("regular").fontSize(10).fillColor(colour.muted);
  labelled(doc.numberLabel, terms.number);
  labelled(doc.validUntilLabel, doc.validUntil(dayInWords(terms.validUntil)));

  if (terms.scope.trim()) {
    heading(doc.scopeHeading);
    pdf.text(terms.scope.replace(/\r\n?/g, "\n").trim(), left, undefined, { width });
  }

  heading(doc.linesHeading);
  const columns = { description: width - 250, quantity: 40, unit: 100, total: 100 };
  const lineRow = (cells: [string, string, string, string], bold = false) =>
    row(
      [
        { text: cells[0], x: 0, w: columns.description - 10 },
        { text: cells[1], x: columns.description, w: columns.quantity, align: "right" },
        { text: cells[2], x: columns.description + columns.quantity + 10, w: columns.unit, align: "right" },
        { text: cells[3], x: width - columns.total, w: columns.total, align: "right" },
      ],
      bold,
    );
  lineRow([doc.columns.description, doc.columns.quantity, doc.columns.unitPrice, doc.columns.total], true);
  for (const line of terms.lines)
    lineRow([line.description, String(line.quantity), money(line.unitPrice), money(line.total)]);
  lineRow([doc.subtotal, "", "", money(terms.subtotal)]);
  if (terms.discount > 0) lineRow([doc.discount, "", "", `-${money(terms.discount)}`]);
  lineRow([doc.total, "", "", money(terms.total)], true);

  heading(doc.planHeading);
  for (const part of terms.installments)
    row([
      { text: part.label, x: 0, w: 170 },
      { text: doc.due[part.due] ?? part.due, x: 180, w: 140 },
      { text: percent(part.shareBasisPoints), x: 330, w: 60, align: "right" },
      { text: money(part.amount), x: width - 100, w: 100, align: "right" },
    ]);

  heading(doc.retainerHeading);
  pdf.text(
    terms.retainer
      ? doc.retainer(money(terms.retainer.amount), dayInWords(terms.retainer.startsOn))
      : copy.retainerNone,
    left,
    undefined,
    { width },
  );

  heading(copy.acceptanceHeading);
  labelled(copy.acceptance.name, acceptance.name);
  labelled(copy.acceptance.at, recordedMomentInWords(acceptance.at));
  labelled(copy.acceptance.ip, acceptance.ip ?? copy.unknown);
  labelled(copy.acceptance.browser, acceptance.userAgent ?? copy.unknown);
  // The hash on a line of its own, whole: a reader compares it character by character.
  row([{ text: copy.acceptance.sha256, x: 0, w: width }]);
  row([{ text: acceptance.sha256, x: 0, w: width }]);

  pdf.moveDown(1.5).font("regular").fontSize(8).fillColor(colour.soft).text(copy.footer, left, undefined, { width });
  pdf.end();
  return done;
}
