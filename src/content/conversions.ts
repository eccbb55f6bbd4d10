import type { ConversionEventKind, ConversionPlatform, ConversionSkipReason } from "../lib/database";

/** Copy of the admin's conversion events (a lead's page) and the Campaigns report. */
export const conversionsCopy = {
  lead: {
    heading: "Ad conversions",
    intro: "What this lead sent to the ad platforms, server to server, with the visitor's consent.",
    loading: "Loading conversion events...",
    error: "The conversion events could not be loaded.",
    none: "No conversion events for this lead.",
    platforms: { meta: "Meta", google: "Google Ads" } satisfies Record<ConversionPlatform, string>,
    events: { lead: "Lead", qualified: "Qualified", scheduled: "Call booked", purchase: "Payment" } satisfies Record<
      ConversionEventKind,
      string
    >,
    delivered: (when: string) => `Delivered ${when}`,
    waiting: "Waiting to be sent",
    waitingRetry: (when: string, attempts: number) => `Waiting: attempt ${attempts + 1} at ${when}`,
    failed: "Failed",
    skipped: "Not sent",
    skipReasons: {
      no_consent: "no consent: the visitor did not accept ad measurement",
      no_identifiers: "no click id and no e-mail to match on",
      not_configured: "not configured: this platform's settings are not set on the server",
    } satisfies Record<ConversionSkipReason, string>,
    answer: "Platform's answer",
    value: (amount: number, currency: string) => `Value ${currency} ${amount.toLocaleString("en-US")}`,
    retry: "Retry now",
    retrying: "Retrying...",
    retried: "Sent again",
    retryFailed: "The retry could not be started",
  },
  campaigns: {
    nav: "Campaigns",
    seoTitle: "Campaigns",
    heading: "Campaigns",
    intro:
      "Each source, medium and campaign from its visitors to won: how many clicked through to the intake form or enquired, how many leads booked a call or became qualified or won, the proposals sent to them and accepted, the revenue collected from them to date (payments less refunds, each currency on its own), how soon they were answered, and the conversion events sent for them.",
    loading: "Loading the report...",
    error: "The report could not be loaded.",
    empty: "No visits or leads in this period.",
    columns: {
      source: { label: "Source" },
      medium: { label: "Medium" },
      campaign: { label: "Campaign" },
      visitors: { label: "Visitors" },
      intake: { label: "Intake clicks", rate: "% of visitors" },
      leads: { label: "Leads", rate: "% of visitors" },
      calls: { label: "Calls booked", rate: "% of leads" },
      qualified: { label: "Qualified", rate: "% of leads" },
      won: { label: "Won", rate: "% of qualified" },
      proposalsSent: { label: "Proposals sent" },
      proposalsAccepted: { label: "Proposals accepted", rate: "% of sent" },
      revenue: { label: "Revenue collected", note: "payments less refunds" },
      median: { label: "Median response" },
      delivered: { label: "Events delivered" },
      failed: { label: "Events failed" },
    },
    total: "Total",
    /** A line whose leads have paid nothing yet. */
    noRevenue: "—",
    reportLabel: "Campaigns report",
    export: "Export CSV",
    exported: "Report saved as CSV.",
    caption: (from: string, to: string) =>
      `Visits and leads from ${from} to ${to}, by source, medium and campaign: each step's count, and its share of the step before.`,
  },
} as const;
