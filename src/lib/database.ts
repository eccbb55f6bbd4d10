/**
 * The database types the app uses: the generated ones (database.types.ts, `npm run db:types`),
 * narrowed where the catalog says less than the migrations guarantee, and the names the app gives
 * them. Import from here, not from the generated file.
 *
 * What the generator cannot see, and this file adds:
 * - check constraints (`status in ('new', ...)`): the generator types those columns `string`; the
 *   unions below are the constraints' lists;
 * - the shape of `jsonb` touches (`Json` in the generated file);
 * - generated and view columns that are never null (Postgres marks every generated column and every
 *   view column nullable);
 * - `inet` (`unknown` there): PostgREST sends and returns it as text;
 * - that some columns a `returns table (...)` function returns may be null (the generator says none).
 *
 * `Narrow` accepts a narrower type only: a field that is not in the generated table, or whose type is
 * not assignable to the generated one, fails to compile. So after a migration changes a column, this
 * file either still fits or says where it does not.
 */
import type { Database as Generated } from "./database.types";

/** `Base` with some fields retyped, each keeping whether it is optional. */
type Retype<Base, Patch> = { [K in keyof Base]: K extends keyof Patch ? Patch[K] : Base[K] };

/** `Base` with some fields narrowed; every field of `Patch` must be in `Base` and assignable to it. */
type Narrow<Base, Patch extends { [K in keyof Patch]: K extends keyof Base ? Base[K] : never }> = Retype<Base, Patch>;

/**
 * A `returns table (...)` function's result with the named columns nullable: the generator types
 * every such column not null, whatever the rows hold (a post's category and image may be null).
 */
type NullableResult<Result, Column extends keyof Result> = Retype<Result, { [K in Column]: Result[K] | null }>;

/**
 * A table with its Row narrowed, and Insert and Update narrowed by the same column types
 * (`Writable`: all of them but the generated columns, which no one writes).
 */
type NarrowTable<
  Table extends { Row: object; Insert: object; Update: object; Relationships: unknown },
  Row extends { [K in keyof Row]: K extends keyof Table["Row"] ? Table["Row"][K] : never },
  Writable extends Partial<Row> = Row,
> = {
  Row: Narrow<Table["Row"], Row>;
  Insert: Retype<Table["Insert"], Writable>;
  Update: Retype<Table["Update"], Writable>;
  Relationships: Table["Relationships"];
};

type Public = Generated["public"];

export type LeadStatus = "new" | "contacted" | "qualified" | "won" | "lost";
type LeadService = "web-design" | "crm" | "paid-ads";
type YesNo = "yes" | "no";

/**
 * One touch of a visit, as the visitor's browser kept it (src/lib/attribution.ts). A type, not an
 * interface, so that it is assignable to the generated `Json`.
 */
export type Touch = {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_id?: string;
  utm_term?: string;
  utm_content?: string;
  gclid?: string;
  fbclid?: string;
  landing_page?: string;
  referrer?: string;
  at?: string;
};

export type ConversionPlatform = "meta" | "google";
/** `purchase`: a counted payment, one per payment (20261130110000_purchase_conversions.sql). */
export type ConversionEventKind = "lead" | "qualified" | "scheduled" | "purchase";
type ConversionStatus = "waiting" | "delivered" | "skipped" | "failed";
export type ConversionSkipReason = "no_consent" | "no_identifiers" | "not_configured";
/** `assigned`: the e-mail to a lead's new assignee (one per assignment, the rest one per lead). */
export type LeadMessageKind = "team_email" | "team_whatsapp" | "visitor_reply" | "reminder" | "webhook" | "assigned";
/** A line of a lead's history: a status change, a note, an assignment (assignee_id, null: unassigned). */
type LeadEventKind = "status" | "note" | "assigned";
export type LeadMessageChannel = "email" | "whatsapp" | "webhook";
/** daily_cap: 20261129120000_bookings_prove_a_person.sql (five messages a day to one address). */
export type LeadMessageSkipReason = "not_configured" | "rate_limited" | "answered" | "daily_cap";

type LeadColumns = {
  status: LeadStatus;
  service: LeadService | null;
  has_website: YesNo | null;
  uses_crm: YesNo | null;
  has_run_ads: YesNo | null;
  first_touch: Touch | null;
  latest_touch: Touch | null;
  client_ip: string | null;
};

type PostStatus = "draft" | "published";

/** What a page-view row counts: a page view, or a click on an intake-form call to action. */
export type PageViewKind = "pageview" | "intake";
/** The viewport width's bucket a page view keeps: the lower bound of the layout breakpoint. */
export type ViewportWidthBucket = 0 | 640 | 768 | 1024 | 1280 | 1536;
/** The dimensions page_view_daily keeps a day's figures by. */
type TrafficDimension = "total" | "page" | "source" | "referrer" | "campaign" | "funnel" | "country" | "device";

type PageViewColumns = {
  kind: PageViewKind;
  device: DeviceClass;
  viewport_width: ViewportWidthBucket | null;
};

/** One line of a Traffic report list: visitors (sum of daily unique visitors) and page views. */
interface TrafficCounts {
  visitors: number;
  views: number;
}

/**
 * The Traffic page's report for a period (traffic_report, jsonb). Lists are sorted by visitors,
 * then views, at most 50 lines each. Visitors over several days are the sum of each day's unique
 * visitors: the visitor key changes every day by design. Days are UTC days, every day of the range
 * listed, zeros included.
 */
export interface TrafficReport {
  totals: TrafficCounts & { intake: number };
  days: (TrafficCounts & { day: string })[];
  pages: (TrafficCounts & { path: string })[];
  /** utm_source, else the referrer's host, else "Direct". */
  sources: (TrafficCounts & { source: string })[];
  referrers: (TrafficCounts & { referrer: string })[];
  /** As the Campaigns page groups leads: lower-case source and medium ("(none)"), the campaign or "(none)". */
  campaigns: (TrafficCounts & { source: string; medium: string; campaign: string })[];
  /** ISO 3166 alpha-2; null when the host did not say. */
  countries: (TrafficCounts & { country: string | null })[];
  devices: (TrafficCounts & { device: DeviceClass })[];
}

/** Discovery calls (20261126200000_discovery_calls.sql). */
/** 20261129120000_bookings_prove_a_person.sql added 'expired' (a hold never confirmed), confirm_request and daily_cap, expired. */
type CallStatus = "booked" | "cancelled" | "completed" | "no_show" | "expired";
type CallSource = "thank_you" | "book_page";
type CallPlaceKind = "google_meet" | "video_link" | "phone";
/** 20261126210000_call_conversions.sql added team_email and calendar_event (channel 'calendar'), and too_late. */
export type CallMessageKind =
  | "confirm_request"
  | "confirmation"
  | "reschedule"
  | "cancellation"
  | "reminder_24h"
  | "reminder_1h"
  | "team_email"
  | "calendar_event";
type CallMessageSkipReason = "not_configured" | "superseded" | "cancelled" | "too_late" | "daily_cap" | "expired";

export type Database = {
  __InternalSupabase: Generated["__InternalSupabase"];
  public: Omit<Public, "Tables" | "Views" | "Functions"> & {
    Tables: Omit<
      Public["Tables"],
      | "posts"
      | "leads"
      | "lead_events"
      | "conversion_events"
      | "lead_messages"
      | "page_views"
      | "page_view_daily"
      | "call_settings"
      | "call_bookings"
      | "call_messages"
    > & {
      call_settings: NarrowTable<Public["Tables"]["call_settings"], { place_kind: CallPlaceKind }>;
      call_bookings: NarrowTable<Public["Tables"]["call_bookings"], { status: CallStatus; source: CallSource }>;
      call_messages: NarrowTable<
        Public["Tables"]["call_messages"],
        {
          kind: CallMessageKind;
          channel: "email" | "calendar";
          status: ConversionStatus;
          skip_reason: CallMessageSkipReason | null;
        }
      >;
      page_views: NarrowTable<Public["Tables"]["page_views"], PageViewColumns>;
      page_view_daily: NarrowTable<Public["Tables"]["page_view_daily"], { dimension: TrafficDimension }>;
      posts: NarrowTable<
        Public["Tables"]["posts"],
        {
          status: PostStatus;
          /** Generated: the excerpt, else the start of the body as plain text (200 characters). */
          summary: string;
          /** Generated: minutes to read at 200 words a minute. */
          reading_minutes: number;
        },
        { status: PostStatus }
      >;
      leads: NarrowTable<
        Public["Tables"]["leads"],
        LeadColumns & {
          /** Generated from the touches: never null. */
          source: string;
        },
        LeadColumns
      >;
      lead_events: NarrowTable<
        Public["Tables"]["lead_events"],
        { kind: LeadEventKind; from_status: LeadStatus | null; to_status: LeadStatus | null }
      >;
      conversion_events: NarrowTable<
        Public["Tables"]["conversion_events"],
        {
          platform: ConversionPlatform;
          event: ConversionEventKind;
          status: ConversionStatus;
          skip_reason: ConversionSkipReason | null;
        }
      >;
      lead_messages: NarrowTable<
        Public["Tables"]["lead_messages"],
        {
          kind: LeadMessageKind;
          /** Generated from the kind: never null. */
          channel: LeadMessageChannel;
          status: ConversionStatus;
          skip_reason: LeadMessageSkipReason | null;
        },
        { kind: LeadMessageKind; status: ConversionStatus; skip_reason: LeadMessageSkipReason | null }
      >;
    };
    Views: {
      lead_weekly_counts: {
        Row: Narrow<Public["Views"]["lead_weekly_counts"]["Row"], { week: string; source: string; leads: number }>;
        Relationships: [];
      };
      lead_counts: {
        Row: Narrow<
          Public["Views"]["lead_counts"]["Row"],
          { dimension: "status" | "service" | "source"; value: string; leads: number }
        >;
        Relationships: [];
      };
      post_categories: {
        Row: Narrow<
          Public["Views"]["post_categories"]["Row"],
          { slug: string; name: string; post_count: number; updated_at: string }
        >;
        Relationships: [];
      };
      post_tags: {
        Row: Narrow<
          Public["Views"]["post_tags"]["Row"],
          { slug: string; name: string; post_count: number; updated_at: string }
        >;
        Relationships: [];
      };
      tagged_posts: {
        Row: Narrow<
          Public["Views"]["tagged_posts"]["Row"],
          { tag: string; id: string; title: string; slug: string; summary: string; reading_minutes: number }
        >;
        Relationships: [];
      };
    };
    Functions: Omit<
      Public["Functions"],
      | "adjacent_posts"
      | "post_neighbours"
      | "related_posts"
      | "search_posts"
      | "campaign_report"
      | "claim_lead_messages"
      | "lead_response_stats"
      | "my_sign_in_activity"
      | "traffic_report"
      | "campaign_funnel"
    > & {
      traffic_report: {
        Args: Public["Functions"]["traffic_report"]["Args"];
        Returns: TrafficReport;
      };
      campaign_funnel: {
        Args: Public["Functions"]["campaign_funnel"]["Args"];
        /** The median is null while none of the campaign's leads (in the period) is answered. */
        Returns: NullableResult<Public["Functions"]["campaign_funnel"]["Returns"][number], "median_response_seconds">[];
      };
      campaign_report: {
        Args: Public["Functions"]["campaign_report"]["Args"];
        /** The median is null while none of the campaign's leads is answered. */
        Returns: NullableResult<Public["Functions"]["campaign_report"]["Returns"][number], "median_response_seconds">[];
      };
      claim_lead_messages: {
        Args: Public["Functions"]["claim_lead_messages"]["Args"];
        Returns: Narrow<
          NullableResult<Public["Functions"]["claim_lead_messages"]["Returns"][number], "recipient" | "response">,
          { kind: LeadMessageKind }
        >[];
      };
      lead_response_stats: {
        Args: Public["Functions"]["lead_response_stats"]["Args"];
        /** The median is null while no lead of the period is answered. */
        Returns: NullableResult<
          Public["Functions"]["lead_response_stats"]["Returns"][number],
          "median_response_seconds"
        >[];
      };
      my_sign_in_activity: {
        Args: Public["Functions"]["my_sign_in_activity"]["Args"];
        /** Nulls before the first sign-in, or for a session without a user agent. */
        Returns: Narrow<
          NullableResult<
            Public["Functions"]["my_sign_in_activity"]["Returns"][number],
            "last_sign_in_at" | "user_agent" | "device_class"
          >,
          { device_class: DeviceClass | null }
        >[];
      };
      adjacent_posts: {
        Args: Public["Functions"]["adjacent_posts"]["Args"];
        Returns: Narrow<Public["Functions"]["adjacent_posts"]["Returns"][number], { direction: "previous" | "next" }>[];
      };
      post_neighbours: {
        Args: Public["Functions"]["post_neighbours"]["Args"];
        /** Previous and next rows carry a slug and a title only; a post's category and image may be null. */
        Returns: Narrow<
          NullableResult<
            Public["Functions"]["post_neighbours"]["Returns"][number],
            "id" | "category" | "image_url" | "published_at" | "summary" | "reading_minutes"
          >,
          { kind: "recent" | "related" | "previous" | "next" }
        >[];
      };
      related_posts: {
        Args: Public["Functions"]["related_posts"]["Args"];
        Returns: NullableResult<Public["Functions"]["related_posts"]["Returns"][number], "category" | "image_url">[];
      };
      search_posts: {
        Args: Public["Functions"]["search_posts"]["Args"];
        Returns: NullableResult<Public["Functions"]["search_posts"]["Returns"][number], "category" | "category_slug">[];
      };
    };
  };
};

export type PostRow = Database["public"]["Tables"]["posts"]["Row"];
export type ProfileRow = Database["public"]["Tables"]["profiles"]["Row"];
export type LeadRow = Database["public"]["Tables"]["leads"]["Row"];
export type LeadInsert = Database["public"]["Tables"]["leads"]["Insert"];
export type LeadEventRow = Database["public"]["Tables"]["lead_events"]["Row"];
/** One row of the conversions outbox (admins read it; the dispatcher writes it). */
export type ConversionEventRow = Database["public"]["Tables"]["conversion_events"]["Row"];
/** One message a lead caused (the outbox of messages: admins read it; the dispatcher writes it). */
export type LeadMessageRow = Database["public"]["Tables"]["lead_messages"]["Row"];
/** One line of the Campaigns report (campaign_report), with the median seconds to first response. */
export type CampaignReportLine = Database["public"]["Functions"]["campaign_report"]["Returns"][number];
/** The kind of device a session's user agent names (private.device_class). */
export type DeviceClass = "phone" | "tablet" | "desktop";
/**
 * The caller's last sign-in and the device of their latest session (my_sign_in_activity): one row,
 * none for an account with a verified factor at aal1.
 */
export type SignInActivity = Database["public"]["Functions"]["my_sign_in_activity"]["Returns"][number];
/** The response-time figures of a period (lead_response_stats): one row. */
export type LeadResponseStats = Database["public"]["Functions"]["lead_response_stats"]["Returns"][number];
/** One line of the Campaigns page's funnel (campaign_funnel): visitors, intake clicks, leads, qualified, won. */
export type CampaignFunnelLine = Database["public"]["Functions"]["campaign_funnel"]["Returns"][number];
/** One blog post's views, visitors and leads that landed on it (post_traffic). */
export type PostTrafficLine = Database["public"]["Functions"]["post_traffic"]["Returns"][number];
/** Discovery calls' settings (one row), weekly windows, days off and bookings, as the admin reads them. */
export type CallSettingsRow = Database["public"]["Tables"]["call_settings"]["Row"];
export type CallWeeklyHoursRow = Database["public"]["Tables"]["call_weekly_hours"]["Row"];
export type CallDayOffRow = Database["public"]["Tables"]["call_days_off"]["Row"];
export type CallBookingRow = Database["public"]["Tables"]["call_bookings"]["Row"];
/** The dashboard's calls for a period (call_booking_stats): one row. */
export type CallBookingStats = Database["public"]["Functions"]["call_booking_stats"]["Returns"][number];
