/** Copy of the admin's Traffic page (/admin/traffic) and the posts' views and leads on the dashboard. */
export const trafficCopy = {
  nav: "Traffic",
  seoTitle: "Traffic",
  heading: "Traffic",
  intro:
    "Visitors and page views counted on this site, without cookies and without personal data: by day, page, source, campaign, country and device.",
  loading: "Loading the traffic report...",
  error: "The traffic report could not be loaded.",
  empty: "No visits counted in this period yet.",
  export: "Export CSV",
  exported: "Traffic report saved as CSV.",
  totalsLabel: "Totals",
  totals: { visitors: "Visitors", views: "Page views", intake: "Intake form clicks" },
  visitorsNote: "A visitor is counted once a day: over several days, each day's visitors are added up.",
  chart: {
    heading: "Visitors and page views per day",
    label: (days: number, visitors: number, views: number, busiest: string) =>
      `Line chart of visitors and page views per day over ${days} days: ${visitors.toLocaleString("en-US")} visitors and ${views.toLocaleString("en-US")} page views in all, the busiest day ${busiest}.`,
    visitors: "Visitors",
    views: "Page views",
    showTable: "Show the figures as a table",
    day: "Day",
  },
  lists: {
    pages: { heading: "Top pages", column: "Page" },
    sources: { heading: "Sources", column: "Source" },
    referrers: { heading: "Referring sites", column: "Site" },
    campaigns: { heading: "Campaigns", column: "Source / medium / campaign" },
    countries: { heading: "Countries", column: "Country" },
    devices: { heading: "Devices", column: "Device" },
  },
  columns: { visitors: "Visitors", views: "Views" },
  noRows: "None in this period.",
  showAll: (count: number) => `Show all ${count}`,
  showFewer: (count: number) => `Show the top ${count}`,
  unknown: "Unknown",
  direct: "Direct",
  devices: { phone: "Phone", tablet: "Tablet", desktop: "Desktop" } as Record<string, string>,
  caption: (list: string, from: string, to: string) => `${list} from ${from} to ${to}, by visitors.`,
  /** The dashboard's post list. */
  posts: {
    period: "last 30 days",
    views: "Views",
    leads: "Leads",
    none: "—",
    error: "The posts' views and leads could not be loaded.",
  },
} as const;
