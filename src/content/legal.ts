/**
 * What the Terms & Conditions (content/terms.ts) and the Privacy Policy (content/privacy.ts) are as
 * data: one {title, paragraphs[]} per numbered section. Rendered by the shared LegalPage layout,
 * which numbers the sections and builds the table of contents from these titles. Each document is a
 * module of its own, so each page's script carries its own text only.
 */
interface LegalSection {
  title: string;
  paragraphs: string[];
}

export interface LegalDocument {
  title: string;
  seoTitle: string;
  description: string;
  path: string;
  /** As shown, e.g. 'July 4, 2024'. */
  lastUpdated: string;
  /** The same date for <time dateTime>, e.g. '2024-07-04'. */
  lastUpdatedIso: string;
  intro: string;
  sections: LegalSection[];
}

export const legalCopy = {
  lastUpdatedLabel: "Last updated",
  contentsHeading: "Contents",
} as const;
