/** The agency's revenue currency (one of lib/money's CURRENCIES): the ad report converts every account's spend to it. */
export const AD_REPORT_CURRENCY = "NGN";

/** Copy of the Campaigns page's ad spend section, its chart and the exchange rates form. */
export const adSpendCopy = {
  heading: "Ad spend and return",
  intro:
    "Each ad campaign's spend, imported daily from Meta and Google Ads, against the visitors, leads, calls, clients and revenue this site recorded for it: matched by the campaign's id in the link (utm_id), else by its name (utm_campaign). Costs and the return on ad spend are in naira; an account in another currency is converted with the month's rate set below.",
  reportLabel: "Ad spend report",
  empty: "No ad spend, and no visits or leads from an ad campaign, in this period.",
  caption: (from: string, to: string) =>
    `Ad spend from ${from} to ${to} per campaign, with what each brought back and what each lead, call and client cost.`,
  columns: {
    campaign: { label: "Campaign" },
    platform: { label: "Platform" },
    spend: { label: "Spend" },
    clicks: { label: "Clicks" },
    visitors: { label: "Visitors" },
    leads: { label: "Leads" },
    costPerLead: { label: "Cost per lead" },
    calls: { label: "Calls booked" },
    costPerCall: { label: "Cost per call" },
    clients: { label: "Clients won" },
    costPerClient: { label: "Cost per client" },
    revenue: { label: "Revenue collected" },
    roas: { label: "Return on ad spend", note: "revenue divided by spend" },
  },
  platforms: { meta: "Meta", google: "Google Ads" } as Record<string, string>,
  /** A campaign the site saw, with no spend imported for it. */
  noPlatform: "No spend imported",
  total: "Total",
  /** A figure that cannot be computed (no spend, no revenue, nothing to divide by). */
  none: "–",
  roas: (ratio: number) => `${ratio.toFixed(1)}x`,
  accountSpend: (amount: string) => `${amount} in the account's currency`,
  ratesUsed: (rates: string) => `Converted at ${rates}`,
  rate: (from: string, to: string, month: string, rate: string) => `${month}: 1 ${from} = ${rate} ${to}`,
  missingRates: (months: string) => `No rate set for ${months}: set it below to convert this spend.`,
  /** Shown when a platform's last import failed: its figures are those of its last good import. */
  spendAsOf: (platform: string, day: string | null, error: string) =>
    day
      ? `${platform} spend as of ${day}: the latest import failed (${error}); it is tried again on the next run.`
      : `${platform} spend could not be imported yet (${error}); it is tried again on the next run.`,
  export: "Export ad spend CSV",
  exported: "Ad spend saved as CSV.",
  chart: {
    heading: "Spend and revenue by week",
    label: (from: string, to: string) => `Chart of ad spend and revenue collected per week, ${from} to ${to}.`,
    spend: "Ad spend",
    revenue: "Revenue from ad campaigns",
    weekColumn: "Week",
    week: (day: string) => `Week of ${day}`,
  },
  rates: {
    heading: "Exchange rates",
    intro:
      "For an ad account whose currency is not naira: one unit of its currency in naira, for each month. The report uses the rate of the month each day's spend (or payment) falls in.",
    from: "Currency",
    month: "Month",
    rate: "Naira per unit",
    save: "Save rate",
    saving: "Saving...",
    saved: "Rate saved",
    removeButton: "Remove",
    remove: (from: string, month: string) => `Remove the ${from} rate of ${month}`,
    removed: "Rate removed",
    failed: "The rate could not be saved",
    none: "No rates set.",
    loading: "Loading the rates...",
    error: "The rates could not be loaded.",
    invalidCurrency: "Write the currency as its three-letter code, such as USD.",
    invalidRate: "Write the rate as a number above zero, such as 1550.25.",
    invalidMonth: "Choose the month.",
    listLabel: "Exchange rates set",
  },
} as const;
