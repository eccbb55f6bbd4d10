/**
 * The local Supabase's public anon key, signed with the fixed local JWT secret like Supabase's own
 * local keys. It is used only when no hosted Supabase URL is configured (the dev and preview servers
 * then serve the local backend at the same origin), and grants nothing beyond what the RLS policies
 * allow an anonymous visitor. Shared by the browser config, the server functions and supabase/local,
 * so that no copy can drift; free of `import.meta.env`, so plain Node can import it.
 */
export const LOCAL_SUPABASE_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1sb2NhbCIsInJvbGUiOiJhbm9uIiwiaWF0IjoxNzY3MjI1NjAwLCJleHAiOjIwODI3NTg0MDB9.QaEhCxdQJ20c-uvtqQ5gMetS3XdQ5WSrsZxVz20rbgM";
