import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { createLocalSupabase } from "./index.ts";
import { createLocalClient, localSupabaseForSuite } from "./testing.ts";

/** The product's queries and sign-in flow, through the real supabase-js, against the local backend. */

const ADMIN = { email: "admin@example.com", password: "local-admin-password" };
const SEED_SLUG = "stop-losing-leads-in-your-whatsapp-inbox-1729065600000";

const supabase = localSupabaseForSuite();
let anon: SupabaseClient;

beforeAll(async () => {
  anon = createLocalClient(supabase.url);
});

async function signedInAdmin() {
  const client = createLocalClient(supabase.url);
  const { data, error } = await client.auth.signInWithPassword(ADMIN);
  expect(error).toBeNull();
  return { client, userId: data.user!.id };
}

describe("blog reads as an anonymous visitor", () => {
  it("lists every seed post, newest first, with all fields", async () => {
    const { data, error, status } = await anon.from("posts").select("*").order("created_at", { ascending: false });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data!.length).toBeGreaterThanOrEqual(5);
    const dates = data!.map((post) => Date.parse(post.created_at as string));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(Object.keys(data![0]!)).toEqual([
      "id",
      "title",
      "content",
      "category",
      "image_url",
      "author_id",
      "slug",
      "created_at",
      "updated_at",
      "category_slug",
      "status",
      "published_at",
      "excerpt",
      "summary",
      "reading_minutes",
      "image_alt",
      "tags",
      "tag_slugs",
      "featured",
      // Re-added with the tags in it (20261127210000_post_tags.sql), so it comes last.
      "search_vector",
      // Search and social fields (20261128100000_post_search_social.sql).
      "seo_title",
      "seo_description",
      "canonical_url",
      "social_title",
      "social_description",
      "social_image_url",
    ]);
    expect(data!.some((post) => post.image_url === null)).toBe(true);
    expect(data!.some((post) => /^https:\/\//.test(post.image_url ?? ""))).toBe(true);
    expect(data!.every((post) => (post.content as string).includes("\n\n"))).toBe(true);
  });

  it("returns the 3 most recent other posts with only the selected columns", async () => {
    const { data: all } = await anon.from("posts").select("id").order("created_at", { ascending: false });
    const newest = all![0]!.id as string;
    const { data, error } = await anon
      .from("posts")
      .select("id, title, created_at, slug")
      .neq("id", newest)
      .order("created_at", { ascending: false })
      .limit(3);
    expect(error).toBeNull();
    expect(data!.map((row) => row.id)).toEqual(all!.slice(1, 4).map((row) => row.id));
    expect(Object.keys(data![0]!)).toEqual(["id", "title", "created_at", "slug"]);
  });

  it("gives the categories of all posts", async () => {
    const { data, error } = await anon.from("posts").select("category");
    expect(error).toBeNull();
    const categories = new Set(data!.map((row) => row.category));
    for (const category of ["Web Design", "CRM Automation", "Paid Ads", "Business Growth"]) {
      expect(categories).toContain(category);
    }
  });

  it("loads one post by slug with its author's name", async () => {
    const { data, error } = await anon
      .from("posts")
      .select("*, author:profiles(full_name)")
      .eq("slug", SEED_SLUG)
      .single();
    expect(error).toBeNull();
    expect(data!.title).toBe("Stop Losing Leads in Your WhatsApp Inbox");
    expect(data!.author).toEqual({ full_name: "Ascend Digital Team" });
  });

  it("answers a single-object request for a missing slug with 406 PGRST116", async () => {
    const { data, error, status } = await anon.from("posts").select("*").eq("slug", "no-such-post").single();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: "PGRST116", details: "The result contains 0 rows" });
  });

  it("answers a single-object request matching many rows with 406", async () => {
    const { error, status } = await anon.from("posts").select("id").single();
    expect(status).toBe(406);
    expect(error?.code).toBe("PGRST116");
  });

  it("supports the other filters, ordering with nulls, offset and exact counts", async () => {
    const ilike = await anon.from("posts").select("title").ilike("title", "%whatsapp%");
    expect(ilike.data!.map((row) => row.title)).toEqual(["Stop Losing Leads in Your WhatsApp Inbox"]);
    const inList = await anon.from("posts").select("category").in("category", ["Paid Ads", "Business Growth"]);
    expect(new Set(inList.data!.map((row) => row.category))).toEqual(new Set(["Paid Ads", "Business Growth"]));
    const noImage = await anon.from("posts").select("image_url").is("image_url", null);
    expect(noImage.data!.length).toBeGreaterThan(0);
    expect(noImage.data!.every((row) => row.image_url === null)).toBe(true);
    const range = await anon
      .from("posts")
      .select("created_at", { count: "exact" })
      .gte("created_at", "2024-10-01")
      .lt("created_at", "2025-04-01")
      .order("image_url", { ascending: true, nullsFirst: true })
      .range(1, 2);
    expect(range.error).toBeNull();
    expect(range.count).toBe(4);
    expect(range.data).toHaveLength(2);
  });
});

describe("writing posts as the admin", () => {
  it("inserts a post, returning the created row with 201, then updates and deletes it", async () => {
    const { client, userId } = await signedInAdmin();
    const slug = `hello-lagos-${Date.now()}`;
    const created = await client
      .from("posts")
      .insert({
        title: "Hello Lagos",
        content: "First paragraph.\n\nSecond.",
        category: "Web Design",
        image_url: null,
        author_id: userId,
        slug,
        status: "published",
      })
      .select()
      .single();
    expect(created.error).toBeNull();
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ title: "Hello Lagos", slug, author_id: userId, status: "published" });
    expect(created.data!.published_at).toBeTruthy();

    const withAuthor = await anon.from("posts").select("*, author:profiles(full_name)").eq("slug", slug).single();
    expect(withAuthor.data!.author).toEqual({ full_name: "Ada Okafor" });

    const updated = await client
      .from("posts")
      .update({ title: "Hello Abuja" })
      .eq("id", created.data!.id)
      .select()
      .single();
    expect(updated.error).toBeNull();
    expect(updated.data!.title).toBe("Hello Abuja");
    expect(Date.parse(updated.data!.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.data!.updated_at));

    const removed = await client.from("posts").delete().eq("id", created.data!.id);
    expect(removed.error).toBeNull();
    expect(removed.status).toBe(204);
    const gone = await anon.from("posts").select("id").eq("id", created.data!.id);
    expect(gone.data).toEqual([]);
  });

  it("fills author_id from the session when it is left out, and refuses a duplicate slug with 409", async () => {
    const { client, userId } = await signedInAdmin();
    const slug = `default-author-${Date.now()}`;
    const first = await client
      .from("posts")
      .insert([{ title: "T", content: "C", slug }])
      .select("author_id")
      .single();
    expect(first.error).toBeNull();
    expect(first.data!.author_id).toBe(userId);
    const again = await client.from("posts").insert({ title: "T", content: "C", slug });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe("23505");
    await client.from("posts").delete().eq("slug", slug);
  });
});

describe("authentication", () => {
  it("signs in with a session carrying Supabase's claims", async () => {
    const client = createLocalClient(supabase.url);
    const { data, error } = await client.auth.signInWithPassword(ADMIN);
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe("bearer");
    expect(session.expires_in).toBe(3600);
    expect(session.user.email).toBe(ADMIN.email);
    expect(session.user.user_metadata.full_name).toBe("Ada Okafor");
    const claims = JSON.parse(Buffer.from(session.access_token.split(".")[1]!, "base64url").toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      sub: session.user.id,
      role: "authenticated",
      aud: "authenticated",
      email: ADMIN.email,
      aal: "aal1",
    });
    for (const claim of ["exp", "iat", "app_metadata", "user_metadata", "amr", "session_id"])
      expect(claims).toHaveProperty(claim);
    const user = await client.auth.getUser();
    expect(user.data.user?.id).toBe(session.user.id);
  });

  it("refuses a wrong password with invalid_credentials", async () => {
    const client = createLocalClient(supabase.url);
    const { data, error } = await client.auth.signInWithPassword({ email: ADMIN.email, password: "wrong password" });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe("invalid_credentials");
    expect(error?.message).toBe("Invalid login credentials");
    const unknown = await client.auth.signInWithPassword({ email: "nobody@example.com", password: "x" });
    expect(unknown.error?.code).toBe("invalid_credentials");
  });

  it("rotates refresh tokens and refuses a used one", async () => {
    const client = createLocalClient(supabase.url);
    const { data } = await client.auth.signInWithPassword(ADMIN);
    const first = data.session!.refresh_token;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(first);
    expect(refreshed.data.session!.access_token).toBeTruthy();
    const other = createLocalClient(supabase.url);
    const reused = await other.auth.refreshSession({ refresh_token: first });
    expect(reused.data.session).toBeNull();
    expect(reused.error?.code).toBe("refresh_token_already_used");
  });

  it("signs out, ending the session on the server", async () => {
    const client = createLocalClient(supabase.url);
    const { data } = await client.auth.signInWithPassword(ADMIN);
    const { access_token: accessToken, refresh_token: refreshToken } = data.session!;
    const response = await fetch(`${supabase.url}/auth/v1/logout?scope=global`, {
      method: "POST",
      headers: { apikey: supabase.server.local.anonKey, authorization: `Bearer ${accessToken}` },
    });
    expect(response.status).toBe(204);
    const signOut = await client.auth.signOut();
    expect(signOut.error).toBeNull();
    const after = await createLocalClient(supabase.url).auth.refreshSession({ refresh_token: refreshToken });
    expect(after.error).not.toBeNull();
    const user = await createLocalClient(supabase.url).auth.getUser(accessToken);
    expect(user.data.user).toBeNull();
  });

  it("refuses sign-up with 422 signup_disabled", async () => {
    const { data, error } = await anon.auth.signUp({ email: "new@example.com", password: "a-long-password-1" });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("signup_disabled");
    const count = await supabase.db.query(`select 1 from auth.users where email = 'new@example.com'`);
    expect(count.rows).toHaveLength(0);
  });
});

describe("LOCAL_BCRYPT_COST", () => {
  it("sets the cost of the passwords it hashes (10 unless set), and a cost out of range stops the boot", async () => {
    await expect(createLocalSupabase({ inMemory: true, quiet: true, env: { LOCAL_BCRYPT_COST: "3" } })).rejects.toThrow(
      'LOCAL_BCRYPT_COST must be a whole number from 4 to 15, not "3"',
    );
    const local = await createLocalSupabase({ inMemory: true, quiet: true, env: { LOCAL_BCRYPT_COST: "4" } });
    try {
      const { rows } = await local.db.query<{ encrypted_password: string }>(
        `select encrypted_password from auth.users where email = $1`,
        [ADMIN.email],
      );
      expect(rows[0]!.encrypted_password).toMatch(/^\$2[aby]\$04\$/);
      const signIn = await local.handler(
        new Request("http://local/auth/v1/token?grant_type=password", {
          method: "POST",
          headers: { apikey: local.anonKey, "content-type": "application/json" },
          body: JSON.stringify(ADMIN),
        }),
      );
      expect(signIn.status).toBe(200);
    } finally {
      await local.close();
    }
    const byDefault = await createLocalSupabase({ inMemory: true, quiet: true, env: {} });
    try {
      const { rows } = await byDefault.db.query<{ encrypted_password: string }>(
        `select encrypted_password from auth.users where email = $1`,
        [ADMIN.email],
      );
      expect(rows[0]!.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    } finally {
      await byDefault.close();
    }
  });
});

describe("pgcrypto", () => {
  it("is in the extensions schema as hosted, and its functions answer once first called", async () => {
    // The library loads on the first call (supabase/local/extensions.ts), not at boot.
    const { rows } = await supabase.db.query<{ schema: string; digest: string; bytes: number; hash: boolean }>(
      `select (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
                where e.extname = 'pgcrypto') as schema,
              encode(extensions.digest('abc', 'sha256'), 'hex') as digest,
              length(extensions.gen_random_bytes(16)) as bytes,
              extensions.crypt('secret', extensions.gen_salt('bf', 4)) like '$2a$04$%' as hash`,
    );
    expect(rows[0]).toEqual({
      schema: "extensions",
      digest: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      bytes: 16,
      hash: true,
    });
  });
});
