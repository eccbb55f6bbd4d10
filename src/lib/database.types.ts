/**
 * Types of the `public` schema that the site reads and writes, in the shape `supabase gen types`
 * produces, so that supabase-js checks table names, columns and the `author:profiles(...)` embed.
 * The schema itself lives in supabase/migrations; keep this file in step with it.
 */
/**
 * What an insert into public.leads may set (not the generated source and campaign). A type, not an
 * interface: supabase-js needs table shapes assignable to Record<string, unknown>.
 */
type LeadWritable = {
  id?: string;
  created_at?: string;
  updated_at?: string;
  status?: LeadStatus;
  full_name: string;
  email: string;
  company_name?: string | null;
  phone?: string | null;
  message?: string | null;
  service?: "web-design" | "crm" | "paid-ads" | null;
  has_website?: "yes" | "no" | null;
  web_package?: string | null;
  reference?: string | null;
  features?: string[] | null;
  uses_crm?: "yes" | "no" | null;
  crm_package?: string | null;
  team_size?: number | null;
  challenge?: string | null;
  ad_platform?: string | null;
  ad_package?: string | null;
  has_run_ads?: "yes" | "no" | null;
  roas?: string | null;
  first_touch?: Touch | null;
  latest_touch?: Touch | null;
  forward_token?: string | null;
  forwarded_at?: string | null;
  forward_error?: string | null;
  ad_user_data?: boolean;
  ad_personalization?: boolean;
  consent_given_at?: string | null;
  fbp?: string | null;
  client_ip?: string | null;
  client_user_agent?: string | null;
};

export interface Database {
  public: {
    Tables: {
      admins: {
        /** A user may read their own row (user_id only): whether they are an admin. */
        Row: { user_id: string };
        Insert: never;
        Update: never;
        Relationships: [];
      };
      posts: {
        Row: {
          id: string;
          title: string;
          content: string;
          category: string | null;
          image_url: string | null;
          image_alt: string | null;
          author_id: string;
          slug: string;
          created_at: string;
          updated_at: string;
          status: "draft" | "published";
          /** When readers see it; null for a draft never published. */
          published_at: string | null;
          excerpt: string | null;
          /** Generated: the category's URL segment. */
          category_slug: string | null;
          /** Generated: the excerpt, else the start of the body as plain text (200 characters). */
          summary: string;
          /** Generated: minutes to read at 200 words a minute. */
          reading_minutes: number;
          /** Generated: the full-text search document (title A, excerpt and category B, body C). */
          search_vector: unknown;
        };
        Insert: {
          id?: string;
          title: string;
          content: string;
          category?: string | null;
          image_url?: string | null;
          image_alt?: string | null;
          author_id: string;
          slug: string;
          created_at?: string;
          updated_at?: string;
          status?: "draft" | "published";
          published_at?: string | null;
          excerpt?: string | null;
        };
        Update: {
          id?: string;
          title?: string;
          content?: string;
          category?: string | null;
          image_url?: string | null;
          image_alt?: string | null;
          author_id?: string;
          slug?: string;
          created_at?: string;
          updated_at?: string;
          status?: "draft" | "published";
          published_at?: string | null;
          excerpt?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "posts_author_id_fkey";
            columns: ["author_id"];
            isOneToOne: false;
            referencedRelation: "profiles";
            referencedColumns: ["id"];
          },
        ];
      };
      leads: {
        Row: {
          id: string;
          created_at: string;
          updated_at: string;
          status: LeadStatus;
          full_name: string;
          email: string;
          company_name: string | null;
          phone: string | null;
          message: string | null;
          service: "web-design" | "crm" | "paid-ads" | null;
          has_website: "yes" | "no" | null;
          web_package: string | null;
          reference: string | null;
          features: string[] | null;
          uses_crm: "yes" | "no" | null;
          crm_package: string | null;
          team_size: number | null;
          challenge: string | null;
          ad_platform: string | null;
          ad_package: string | null;
          has_run_ads: "yes" | "no" | null;
          roas: string | null;
          first_touch: Touch | null;
          latest_touch: Touch | null;
          source: string;
          campaign: string | null;
          forward_token: string | null;
          forwarded_at: string | null;
          forward_error: string | null;
          ad_user_data: boolean;
          ad_personalization: boolean;
          consent_given_at: string | null;
          fbp: string | null;
          client_ip: string | null;
          client_user_agent: string | null;
        };
        Insert: LeadWritable;
        Update: Partial<LeadWritable>;
        Relationships: [];
      };
      lead_events: {
        Row: {
          id: number;
          lead_id: string;
          created_at: string;
          kind: "status" | "note";
          from_status: LeadStatus | null;
          to_status: LeadStatus | null;
          note: string | null;
          author_id: string | null;
        };
        Insert: {
          lead_id: string;
          kind: "status" | "note";
          note?: string | null;
          author_id?: string | null;
        };
        Update: {
          note?: string | null;
        };
        Relationships: [];
      };
      /** That a lead was erased, when and by whom; never what (written by a trigger, admins read it). */
      lead_erasures: {
        Row: { id: number; erased_at: string; erased_by: string | null };
        Insert: never;
        Update: never;
        Relationships: [];
      };
      conversion_events: {
        Row: ConversionEventRow;
        // Nobody but the database's own functions writes the outbox (no grants); typed for completeness.
        Insert: Partial<ConversionEventRow>;
        Update: Partial<ConversionEventRow>;
        Relationships: [];
      };
      profiles: {
        Row: {
          id: string;
          full_name: string | null;
          created_at: string;
        };
        Insert: {
          id: string;
          full_name?: string | null;
          created_at?: string;
        };
        Update: {
          id?: string;
          full_name?: string | null;
          created_at?: string;
        };
        Relationships: [];
      };
    };
    Views: {
      lead_weekly_counts: {
        Row: { week: string; source: string; leads: number };
        Relationships: [];
      };
      lead_counts: {
        Row: { dimension: "status" | "service" | "source"; value: string; leads: number };
        Relationships: [];
      };
      post_categories: {
        Row: {
          slug: string;
          name: string;
          post_count: number;
          updated_at: string;
        };
        Relationships: [];
      };
    };
    Functions: {
      hit_rate_limit: {
        Args: { bucket_key: string; max_hits: number; window_seconds: number };
        Returns: { allowed: boolean; retry_after_seconds: number }[];
      };
      claim_conversion_events: {
        Args: { max_rows?: number; only_lead?: string };
        Returns: Record<string, unknown>[];
      };
      finish_conversion_event: {
        Args: {
          event_id: number;
          token: string;
          outcome: "delivered" | "retry" | "failed" | "skipped";
          detail?: string | null;
          platform_response?: Json | null;
          retry_at?: string | null;
          sent_value?: number | null;
          sent_currency?: string | null;
        };
        Returns: boolean;
      };
      retry_conversion_event: {
        Args: { event_id: number };
        Returns: boolean;
      };
      campaign_report: {
        Args: { from_time: string; to_time: string };
        Returns: CampaignReportRow[];
      };
      record_lead_forward: {
        Args: { lead_id: string; token: string; forwarded: boolean; error?: string | null };
        Returns: boolean;
      };
      adjacent_posts: {
        Args: { post_id: string };
        Returns: { direction: "previous" | "next"; slug: string; title: string }[];
      };
      search_posts: {
        Args: { query: string; result_limit?: number; result_offset?: number };
        Returns: {
          id: string;
          slug: string;
          title: string;
          category: string | null;
          category_slug: string | null;
          published_at: string;
          snippet: string;
          rank: number;
          total_count: number;
        }[];
      };
      related_posts: {
        Args: { post_id: string; result_limit?: number };
        Returns: {
          id: string;
          slug: string;
          title: string;
          category: string | null;
          image_url: string | null;
          published_at: string;
          summary: string;
          reading_minutes: number;
        }[];
      };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
}

export type PostRow = Database["public"]["Tables"]["posts"]["Row"];

export type LeadStatus = "new" | "contacted" | "qualified" | "won" | "lost";

/** One touch of a visit, as the visitor's browser kept it (src/lib/attribution.ts). */
export interface Touch {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  gclid?: string;
  fbclid?: string;
  landing_page?: string;
  referrer?: string;
  at?: string;
}

export type LeadRow = Database["public"]["Tables"]["leads"]["Row"];
export type LeadInsert = Database["public"]["Tables"]["leads"]["Insert"];
export type LeadEventRow = Database["public"]["Tables"]["lead_events"]["Row"];

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type ConversionPlatform = "meta" | "google";
export type ConversionEventKind = "lead" | "qualified";
export type ConversionStatus = "waiting" | "delivered" | "skipped" | "failed";
export type ConversionSkipReason = "no_consent" | "no_identifiers" | "not_configured";

/** One row of the conversions outbox (admins read it; the dispatcher writes it). */
export type ConversionEventRow = {
  id: number;
  lead_id: string;
  platform: ConversionPlatform;
  event: ConversionEventKind;
  event_time: string;
  status: ConversionStatus;
  skip_reason: ConversionSkipReason | null;
  attempts: number;
  next_attempt_at: string | null;
  claimed_until: string | null;
  claim_token: string | null;
  last_error: string | null;
  response: Json | null;
  delivered_at: string | null;
  value: number | null;
  currency: string | null;
  created_at: string;
  updated_at: string;
};

/** One line of the Campaigns report (campaign_report). */
export type CampaignReportRow = {
  source: string;
  medium: string;
  campaign: string;
  leads: number;
  qualified: number;
  won: number;
  events_delivered: number;
  events_failed: number;
};
