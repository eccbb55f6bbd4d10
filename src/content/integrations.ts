/**
 * The outside services the product talks to, as the admin's Integrations screen shows them
 * (src/features/admin/integrations), and the e-mail the Owner gets when one needs reconnecting
 * (src/server/integrations/reconnect-mail.ts). Admin-only, like content/admin.ts.
 */

/** The services, in the screen's order, as the database names them (integration_health.service). */
export const INTEGRATION_SERVICES = [
  "smtp",
  "whatsapp",
  "meta",
  "google_ads",
  "google_calendar",
  "newsletter",
  "crm_webhook",
] as const;

export type IntegrationService = (typeof INTEGRATION_SERVICES)[number];

export const integrationsCopy = {
  nav: "Integrations",
  seoTitle: "Integrations",
  heading: "Integrations",
  intro:
    "Every outside service the site talks to: whether the server is set up for it, when it last worked and last failed, and what waits to be sent to it.",
  services: {
    smtp: { name: "E-mail (SMTP)", does: "The team's and visitors' e-mails, invitations and reminders" },
    whatsapp: { name: "WhatsApp", does: "The team's message about each new lead, and a proposal's link to the client" },
    meta: { name: "Meta Conversions API", does: "Leads and booked calls reported to Meta's ads" },
    google_ads: { name: "Google Ads", does: "Leads and booked calls reported to Google's ads" },
    google_calendar: { name: "Google Calendar", does: "Busy times left out of the free slots, and each call's event" },
    newsletter: { name: "Newsletter provider", does: "Sign-ups from the site's newsletter form" },
    crm_webhook: { name: "CRM webhook", does: "Each new lead forwarded to the CRM" },
  } satisfies Record<IntegrationService, { name: string; does: string }>,
  status: {
    needsReconnect: "Needs reconnecting",
    failing: "Failing",
    working: "Working",
    notConfigured: "Not configured",
    unknown: "Not used yet",
  },
  settingsLabel: "Server settings",
  configured: "Configured",
  notConfigured: "Not configured",
  /** configured_seen_at is null: no outbox run has said yet. */
  configuredUnknown: "Not known yet: the outbox has not run",
  lastSuccess: "Last success",
  lastFailure: "Last failure",
  never: "Never",
  waiting: "Waiting",
  failed: "Failed",
  outboxLabel: "Outbox",
  outbox: (waiting: number, failed: number) => `${waiting} waiting, ${failed} failed`,
  recentFailures: "Latest failed sends",
  reconnectHint: {
    google_calendar:
      "Google refused the calendar's refresh token. Grant access again, set the new GOOGLE_CALENDAR_REFRESH_TOKEN and redeploy. Publish the OAuth app (on the OAuth consent screen, set it to In production): in Testing, Google expires refresh tokens after 7 days.",
    google_ads:
      "Google refused the Ads refresh token. Grant access again, set the new GOOGLE_ADS_REFRESH_TOKEN and redeploy. Publish the OAuth app: in Testing, Google expires refresh tokens after 7 days.",
    other: "The service refused its credentials: set new ones in the server's environment and redeploy.",
  },
  ownerNotified: (when: string) => `The Owner was e-mailed on ${when}.`,
  loading: "Loading the integrations…",
  loadError: "The integrations could not be loaded.",
  empty: "No service is listed yet: the database has no integration rows.",
} as const;

/** The Owner's e-mail when a service refused its credentials as invalid (sent once per refusal). */
export const reconnectMailCopy = {
  subject: (service: string) => `Reconnect ${service}: it refused the site's credentials`,
  preview: (service: string) => `${service} stopped working until it is reconnected.`,
  heading: (service: string) => `${service} needs reconnecting`,
  body: (service: string) =>
    `${service} refused the site's credentials as invalid, so what the site sends it fails until it is reconnected. You get this e-mail once; the Integrations screen shows the service's state.`,
  failure: "What it answered",
  open: "Open Integrations in the admin",
  whyReceived: "You receive this e-mail because you are the Owner of the site's admin.",
} as const;
