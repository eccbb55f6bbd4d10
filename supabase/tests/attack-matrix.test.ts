import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { signJwt } from "../local/jwt.ts";
import { createLocalClient, localSupabaseForSuite, pixelPng } from "../local/testing.ts";

/**
 * Every refusal the backend owes: each case asserts the refusal itself and that the database is
 * exactly as it was before.
 */

const SEED_AUTHOR = "a5cd0000-0000-4000-8000-000000000001";
const MEMBER = { email: "member@example.com", password: "member-password" };
const AUTHOR = { email: "author@example.com", password: "author-password" };
const ADMINISTRATOR = { email: "administrator@example.com", password: "administrator-password" };

const supabase = localSupabaseForSuite();
let anon: SupabaseClient;
let admin: SupabaseClient;
let adminId: string;
let adminToken: string;
let member: SupabaseClient;
let memberToken: string;
let seedPostId: string;
let ownPostId: string;
let author: SupabaseClient;
let authorPostId: string;
let administrator: SupabaseClient;

async function snapshot(): Promise<string> {
  const { rows } = await supabase.db.query<{ state: string }>(
    `select concat_ws('|',
       (select count(*) from public.posts),
       (select md5(coalesce(string_agg(p::text, ',' order by p.id), '')) from public.posts p),
       (select md5(coalesce(string_agg(a.user_id::text, ',' order by a.user_id), '')) from public.admins a),
       (select md5(coalesce(string_agg(f::text, ',' order by f.id), '')) from public.profiles f),
       (select count(*) from auth.users)) as state`,
  );
  return rows[0]!.state;
}

/** Runs `attack`, then checks that nothing in the database changed. */
async function unchanged<T>(attack: () => PromiseLike<T>): Promise<T> {
  const before = await snapshot();
  const result = await attack();
  expect(await snapshot()).toBe(before);
  return result;
}

function rest(
  path: string,
  init: {
    method?: string;
    token?: string | null;
    apikey?: string | null;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  const apikey = init.apikey === undefined ? LOCAL_DEFAULTS.anonKey : init.apikey;
  if (apikey !== null) headers.apikey = apikey;
  const token = init.token === undefined ? LOCAL_DEFAULTS.anonKey : init.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${supabase.url}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

function post(overrides: Record<string, unknown> = {}) {
  return {
    title: "Attack",
    content: "Body",
    category: "Paid Ads",
    slug: `attack-${Math.random().toString(36).slice(2)}`,
    ...overrides,
  };
}

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
}

beforeAll(async () => {
  await supabase.createUser({ ...MEMBER, metadata: { full_name: "Member Without Rights" } });
  anon = createLocalClient(supabase.url);
  const signedIn = await supabase.signIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword);
  ({ client: admin, userId: adminId, token: adminToken } = signedIn);
  ({ client: member, token: memberToken } = await supabase.signIn(MEMBER.email, MEMBER.password));
  const { data } = await anon.from("posts").select("id").eq("author_id", SEED_AUTHOR).limit(1).single();
  seedPostId = data!.id as string;
  const own = await admin
    .from("posts")
    .insert(post({ author_id: adminId }))
    .select("id")
    .single();
  ownPostId = own.data!.id as string;
  // An Author and an Administrator of the team (the local admin is its Owner).
  for (const [user, role] of [
    [AUTHOR, "author"],
    [ADMINISTRATOR, "administrator"],
  ] as const) {
    const id = await supabase.createUser(user);
    await supabase.db.query(`insert into public.admins (user_id, role) values ($1, $2)`, [id, role]);
  }
  const signedInAuthor = await supabase.signIn(AUTHOR.email, AUTHOR.password);
  author = signedInAuthor.client;
  administrator = (await supabase.signIn(ADMINISTRATOR.email, ADMINISTRATOR.password)).client;
  const authored = await author
    .from("posts")
    .insert(post({ author_id: signedInAuthor.userId }))
    .select("id")
    .single();
  authorPostId = authored.data!.id as string;
});

describe("anonymous visitors cannot write", () => {
  it("refuses an insert with 401 and permission denied", async () => {
    const { error, status } = await unchanged(() => anon.from("posts").insert(post({ author_id: SEED_AUTHOR })));
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
  });

  it("refuses an update", async () => {
    const { error, status } = await unchanged(() =>
      anon.from("posts").update({ title: "Defaced" }).eq("id", seedPostId),
    );
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
  });

  it("refuses a delete", async () => {
    const { error, status } = await unchanged(() =>
      anon.from("posts").delete().neq("id", "00000000-0000-0000-0000-000000000000"),
    );
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
  });

  it("cannot read who the admins are", async () => {
    const { data, error, status } = await anon.from("admins").select("*");
    expect(data).toBeNull();
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
  });
});

describe("a signed-in user who is not an admin cannot write", () => {
  it("refuses an insert with 403 (row-level security)", async () => {
    const memberId = decode(memberToken).sub as string;
    const { error, status } = await unchanged(() => member.from("posts").insert(post({ author_id: memberId })));
    expect(status).toBe(403);
    expect(error?.code).toBe("42501");
  });

  it("updates and deletes nothing", async () => {
    const updated = await unchanged(() =>
      member.from("posts").update({ title: "Defaced" }).eq("id", seedPostId).select(),
    );
    expect(updated.data).toEqual([]);
    const deleted = await unchanged(() => member.from("posts").delete().eq("id", ownPostId).select());
    expect(deleted.data).toEqual([]);
  });

  it("cannot read the admins table or call is_admin through the API", async () => {
    const admins = await member.from("admins").select("*");
    expect(admins.status).toBe(403);
    const rpc = await member.rpc("is_admin");
    expect(rpc.status).toBe(404);
  });
});

describe("an admin writes only as themselves", () => {
  it("cannot insert with someone else's author_id", async () => {
    const { error, status } = await unchanged(() => admin.from("posts").insert(post({ author_id: SEED_AUTHOR })));
    expect(status).toBe(403);
    expect(error?.code).toBe("42501");
  });

  it("as an Author, cannot hand their post to someone else or touch another author's post", async () => {
    const moved = await unchanged(() => author.from("posts").update({ author_id: SEED_AUTHOR }).eq("id", authorPostId));
    expect(moved.status).toBe(403);
    for (const id of [seedPostId, ownPostId]) {
      const other = await unchanged(() => author.from("posts").update({ title: "Defaced" }).eq("id", id).select());
      expect(other.data).toEqual([]);
      const removed = await unchanged(() => author.from("posts").delete().eq("id", id).select());
      expect(removed.data).toEqual([]);
    }
  });

  it("as an Administrator, edits another author's post (the Owner, Administrators and Editors edit every post)", async () => {
    const edited = await administrator
      .from("posts")
      .update({ title: "Edited by an Administrator" })
      .eq("id", authorPostId)
      .select("id, title");
    expect(edited.data).toEqual([{ id: authorPostId, title: "Edited by an Administrator" }]);
  });

  it("cannot store a javascript: (or any non-http) image URL", async () => {
    for (const url of [
      "javascript:alert(document.cookie)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      " https://x.example",
    ]) {
      const { error, status } = await unchanged(() =>
        admin.from("posts").insert(post({ image_url: url, author_id: adminId })),
      );
      expect(status).toBe(400);
      expect(error?.code).toBe("23514");
    }
  });

  it("cannot store an empty or blank title or content", async () => {
    for (const fields of [{ title: "" }, { title: "   " }, { content: "" }, { content: "  " }]) {
      const { error, status } = await unchanged(() =>
        admin.from("posts").insert(post({ ...fields, author_id: adminId })),
      );
      expect(status).toBe(400);
      expect(error?.code).toBe("23514");
    }
    const missing = await unchanged(() => admin.from("posts").insert({ content: "no title", slug: "no-title" }));
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe("23502");
    const blanked = await unchanged(() => admin.from("posts").update({ title: " " }).eq("id", ownPostId));
    expect(blanked.status).toBe(400);
  });
});

describe("tokens and keys", () => {
  const secret = LOCAL_DEFAULTS.jwtSecret;
  const now = () => Math.floor(Date.now() / 1000);

  it("refuses a request without an apikey", async () => {
    const read = await unchanged(() => rest("/rest/v1/posts?select=id", { apikey: null, token: null }));
    expect(read.status).toBe(401);
    expect(((await read.json()) as { message: string }).message).toBe("No API key found in request");
    const write = await unchanged(() =>
      rest("/rest/v1/posts", { method: "POST", apikey: null, token: adminToken, body: post({ author_id: adminId }) }),
    );
    expect(write.status).toBe(401);
    const signIn = await rest("/auth/v1/token?grant_type=password", {
      method: "POST",
      apikey: null,
      token: null,
      body: { email: "admin@example.com", password: "local-admin-password" },
    });
    expect(signIn.status).toBe(401);
  });

  it("refuses an apikey that is not one of the project's keys", async () => {
    const fake = signJwt({ role: "anon", exp: now() + 3600 }, "another-secret-another-secret-123456");
    const response = await rest("/rest/v1/posts?select=id", { apikey: fake, token: null });
    expect(response.status).toBe(401);
    const userTokenAsKey = await rest("/rest/v1/posts?select=id", { apikey: adminToken, token: null });
    expect(userTokenAsKey.status).toBe(401);
  });

  it("refuses a forged token (claims changed, signature kept)", async () => {
    const [header, , signature] = adminToken.split(".");
    const claims = { ...decode(adminToken), role: "service_role" };
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    const response = await unchanged(() => rest("/rest/v1/posts", { method: "DELETE", token: forged }));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe("PGRST301");
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`;
    const none = await unchanged(() => rest("/rest/v1/posts", { method: "DELETE", token: unsigned }));
    expect(none.status).toBe(401);
  });

  it("refuses an expired token", async () => {
    const expired = signJwt({ ...decode(adminToken), iat: now() - 7200, exp: now() - 3600 }, secret);
    const response = await unchanged(() =>
      rest("/rest/v1/posts", { method: "POST", token: expired, body: post({ author_id: adminId }) }),
    );
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe("PGRST303");
    const user = await rest("/auth/v1/user", { token: expired });
    expect(user.status).toBe(403);
  });

  it("refuses a token signed with another secret", async () => {
    const wrong = signJwt({ ...decode(adminToken), exp: now() + 3600 }, "not-the-local-secret-0123456789abcdef");
    const response = await unchanged(() =>
      rest("/rest/v1/posts", { method: "POST", token: wrong, body: post({ author_id: adminId }) }),
    );
    expect(response.status).toBe(401);
    const user = await rest("/auth/v1/user", { token: wrong });
    expect(user.status).toBe(403);
  });

  it("refuses a token whose role is not a Supabase role", async () => {
    const postgres = signJwt({ sub: adminId, role: "postgres", exp: now() + 3600 }, secret);
    const response = await unchanged(() => rest("/rest/v1/posts", { method: "DELETE", token: postgres }));
    expect(response.status).toBe(401);
  });
});

describe("hostile query parameters", () => {
  const payloads = [
    "'; drop table public.posts; --",
    '"; delete from public.posts; --',
    "1) or (1=1",
    "id;select pg_sleep(1)",
    "$1",
    "\\'",
  ];

  it("binds filter values as parameters", async () => {
    for (const payload of payloads) {
      const text = await unchanged(() => anon.from("posts").select("id").eq("title", payload));
      expect(text.error).toBeNull();
      expect(text.data).toEqual([]);
      const uuid = await unchanged(() => anon.from("posts").select("id").eq("id", payload));
      expect(uuid.status).toBe(400);
      // supabase-js does not escape quotes inside in() values, so some payloads do not even parse.
      const list = await unchanged(() => anon.from("posts").select("id").in("slug", [payload, "x"]));
      expect([200, 400]).toContain(list.status);
      expect(list.data ?? []).toEqual([]);
      const like = await unchanged(() => anon.from("posts").select("id").ilike("content", payload));
      expect(like.data).toEqual([]);
    }
  });

  it("checks every identifier against the catalog", async () => {
    for (const payload of payloads) {
      const encoded = encodeURIComponent(payload);
      const cases = [
        `/rest/v1/posts?select=${encoded}`,
        `/rest/v1/posts?select=id,author:profiles(${encoded})`,
        `/rest/v1/posts?select=id,${encoded}(full_name)`,
        `/rest/v1/posts?${encoded}=eq.1`,
        `/rest/v1/posts?order=${encoded}`,
        `/rest/v1/posts?order=created_at.${encoded}`,
        `/rest/v1/posts?limit=${encoded}`,
        `/rest/v1/posts?offset=${encoded}`,
        `/rest/v1/posts?title=${encoded}`,
        `/rest/v1/${encoded}`,
      ];
      for (const path of cases) {
        const response = await unchanged(() => rest(path));
        expect([400, 404], `${path} → ${response.status}`).toContain(response.status);
        const body = (await response.json()) as { code: string; message: string };
        expect(body.code).toMatch(/^(PGRST\d+|42703)$/);
      }
      const write = await unchanged(() =>
        rest(`/rest/v1/posts?columns=${encoded}`, {
          method: "POST",
          token: adminToken,
          body: post({ author_id: adminId }),
        }),
      );
      expect(write.status).toBe(400);
      const key = await unchanged(() =>
        rest("/rest/v1/posts", {
          method: "POST",
          token: adminToken,
          body: { ...post({ author_id: adminId }), [payload]: 1 },
        }),
      );
      expect(key.status).toBe(400);
      const patch = await unchanged(() =>
        rest(`/rest/v1/posts?id=eq.${ownPostId}`, { method: "PATCH", token: adminToken, body: { [payload]: "x" } }),
      );
      expect(patch.status).toBe(400);
      const del = await unchanged(() =>
        rest(`/rest/v1/posts?${encoded}=eq.${ownPostId}`, { method: "DELETE", token: adminToken }),
      );
      expect(del.status).toBe(400);
    }
  });

  it("rejects unknown columns in select, filters, order and bodies", async () => {
    const select = await anon.from("posts").select("id, password");
    expect(select.status).toBe(400);
    expect(select.error?.code).toBe("42703");
    const filter = await anon.from("posts").select("id").eq("secret", "x");
    expect(filter.status).toBe(400);
    const order = await anon.from("posts").select("id").order("nope");
    expect(order.status).toBe(400);
    const insert = await unchanged(() => admin.from("posts").insert(post({ author_id: adminId, is_admin: true })));
    expect(insert.status).toBe(400);
    expect(insert.error?.code).toBe("PGRST204");
    const embed = await anon.from("posts").select("id, users(email)");
    expect(embed.status).toBe(400);
    expect(embed.error?.code).toBe("PGRST200");
  });

  it("keeps GET read-only and exposes no auth tables", async () => {
    const users = await rest("/rest/v1/users?select=*");
    expect(users.status).toBe(404);
    const tokens = await rest("/rest/v1/refresh_tokens?select=*", { token: adminToken });
    expect(tokens.status).toBe(404);
    const malformed = await rest("/rest/v1/%E0%A4%A");
    expect(malformed.status).toBe(404);
    const stillThere = await anon.from("posts").select("id", { count: "exact", head: true });
    expect(stillThere.count).toBeGreaterThan(5);
  });
});

describe("the schema itself", () => {
  it("has row-level security on every table the API exposes, and views that run with the caller's rights", async () => {
    const tables = await supabase.db.query<{ name: string; rls: boolean }>(
      `select c.relname as name, c.relrowsecurity as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    );
    expect(tables.rows.map((table) => table.name)).toEqual(
      expect.arrayContaining(["admins", "leads", "lead_events", "posts", "profiles"]),
    );
    expect(tables.rows.filter((table) => !table.rls)).toEqual([]);

    const views = await supabase.db.query<{ name: string; options: string[] | null }>(
      `select c.relname as name, c.reloptions as options from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'v' order by 1`,
    );
    expect(views.rows.length).toBeGreaterThan(0);
    expect(
      views.rows.filter((view) => !(view.options ?? []).some((option) => /^security_invoker=(true|on)$/.test(option))),
    ).toEqual([]);
  });

  it("has row-level security on storage objects", async () => {
    const { rows } = await supabase.db.query<{ rls: boolean }>(
      `select c.relrowsecurity as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'storage' and c.relname = 'objects'`,
    );
    expect(rows).toEqual([{ rls: true }]);
  });

  it("lets nobody but an admin list blog-images, while a published post's image loads by its URL", async () => {
    const uploaded = await admin.storage.from("blog-images").upload(`posts/${crypto.randomUUID()}-1x1.png`, pixelPng());
    expect(uploaded.error).toBeNull();
    for (const client of [anon, member]) {
      const { data, error } = await client.storage.from("blog-images").list("posts");
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect((await admin.storage.from("blog-images").list("posts")).data?.length).toBeGreaterThan(0);
    const byUrl = await fetch(anon.storage.from("blog-images").getPublicUrl(uploaded.data!.path).data.publicUrl);
    expect(byUrl.status).toBe(200);
    expect(byUrl.headers.get("content-type")).toBe("image/png");
  });
});
