/**
 * Types of the `public` schema that the site reads and writes, in the shape `supabase gen types`
 * produces, so that supabase-js checks table names, columns and the `author:profiles(...)` embed.
 * The schema itself lives in supabase/migrations; keep this file in step with it.
 */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export interface Database {
  public: {
    Tables: {
      posts: {
        Row: {
          id: string;
          title: string;
          content: string;
          category: string | null;
          image_url: string | null;
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
