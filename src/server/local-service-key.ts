/**
 * The local Supabase's service-role key, signed with the fixed local JWT secret like Supabase's own
 * local keys (and listed in .env.example as LOCAL_SUPABASE_SERVICE_ROLE_KEY). The server functions
 * use it only off Vercel and only when no Supabase URL is configured, that is against the local
 * backend of `npm run dev`, `npm run preview` and the tests; a hosted project would refuse it. Server
 * code only: it never reaches the browser bundle (tests/unit/build-budget.test.ts).
 */
export const LOCAL_SUPABASE_SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1sb2NhbCIsInJvbGUiOiJzZXJ2aWNlX3JvbGUiLCJpYXQiOjE3NjcyMjU2MDAsImV4cCI6MjA4Mjc1ODQwMH0.F3OhH0Qq8d1PfOxGfsHf-4R0ysqCxDOXFyIhHyX_0kI";
