-- The site reads and writes through the REST API (PostgREST) only. Hosted projects also install
-- pg_graphql, whose /graphql/v1 introspection shows every table and view anon or a signed-in user
-- may select (posts, profiles, the leads views' names and columns) whatever RLS says about rows:
-- the advisor's pg_graphql_anon_table_exposed and pg_graphql_authenticated_table_exposed warnings.
-- Nothing here uses GraphQL, so the extension goes. (The local stand-in never had it.)
drop extension if exists pg_graphql;
