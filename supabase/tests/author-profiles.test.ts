import { beforeAll, describe, expect, it } from "vitest";
import { localSupabaseForSuite, mintToken, type Aal } from "../local/testing.ts";

/**
 * Authors' profiles (20261127110000_author_profiles.sql), enforced by the database through the real
 * REST layer: a member edits their own profile's public face and nobody else's; a signed-in person
 * off the team edits nothing; anon reads the profiles of the authors with a post out and no other; a bad slug, bio or photo URL is refused whoever writes it; slugs are made
 * from the name, unique, and a name set on the profile survives unrelated metadata updates.
 */
const supabase = localSupabaseForSuite();
const ids = { writer: "", drafter: "", outsider: "" };
const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);
const as = (userId: string, aal: Aal = "aal1") => supabase.as(mintToken(userId, aal));

async function member(email: string, fullName: string, role: "author" | "contributor") {
  const id = await supabase.createUser({ email, password: "password-123", metadata: { full_name: fullName } });
  await sql(`insert into public.admins (user_id, role) values ($1, $2)`, [id, role]);
  return id;
}

beforeAll(async () => {
  ids.writer = await member("ada@example.com", "Ada Obi", "author");
  ids.drafter = await member("tunde@example.com", "Tunde Bello", "contributor");
  ids.outsider = await supabase.createUser({
    email: "reader@example.com",
    password: "password-123",
    metadata: { full_name: "Just Reading" },
  });
  const stamp = Date.now();
  const published = await as(ids.writer)
    .from("posts")
    .insert({ title: "Ada's post", content: "Body", slug: `adas-post-${stamp}`, status: "published" });
  expect(published.error).toBeNull();
  const draft = await as(ids.drafter)
    .from("posts")
    .insert({ title: "Tunde's draft", content: "Body", slug: `tundes-draft-${stamp}`, status: "draft" });
  expect(draft.error).toBeNull();
});

describe("slugs", () => {
  it("are made from the name when the profile is created, accents dropped, with a suffix on a collision", async () => {
    const first = await supabase.createUser({
      email: "funmi@example.com",
      password: "password-123",
      metadata: { full_name: "Fúnmiláyọ̀ Ṣàngó" },
    });
    const second = await supabase.createUser({
      email: "funmi2@example.com",
      password: "password-123",
      metadata: { full_name: "Funmilayo  Sango!" },
    });
    const nameless = await supabase.createUser({ email: "nameless@example.com", password: "password-123" });
    const rows = await sql<{ id: string; slug: string | null }>(
      `select id, slug from public.profiles where id = any($1)`,
      [[first, second, nameless, ids.writer]],
    );
    const slugOf = (id: string) => rows.find((row) => row.id === id)?.slug;
    expect(slugOf(first)).toBe("funmilayo-sango");
    expect(slugOf(second)).toBe("funmilayo-sango-2");
    expect(slugOf(ids.writer)).toBe("ada-obi");
    // No name, no slug: the first name set makes it.
    expect(slugOf(nameless)).toBeNull();
    await sql(`update auth.users set raw_user_meta_data = '{"full_name": "Ngozi Eze"}' where id = $1`, [nameless]);
    expect((await sql<{ slug: string }>(`select slug from public.profiles where id = $1`, [nameless]))[0]!.slug).toBe(
      "ngozi-eze",
    );
  });

  it("are made again from the name when a member clears theirs", async () => {
    const cleared = await as(ids.writer).from("profiles").update({ slug: null }).eq("id", ids.writer).select("slug");
    expect(cleared.error).toBeNull();
    expect(cleared.data).toEqual([{ slug: "ada-obi" }]);
  });
});

describe("a member", () => {
  it("edits their own profile's name, slug, bio and photo", async () => {
    const { data, error } = await as(ids.writer)
      .from("profiles")
      .update({
        full_name: "Ada Obi-Nwosu",
        slug: "ada",
        bio: "  Writes about CRM for small teams.  ",
        avatar_url: "https://cdn.example.com/ada.png",
      })
      .eq("id", ids.writer)
      .select("full_name, slug, bio, avatar_url");
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        full_name: "Ada Obi-Nwosu",
        slug: "ada",
        bio: "Writes about CRM for small teams.",
        avatar_url: "https://cdn.example.com/ada.png",
      },
    ]);
  });

  it("edits nobody else's profile", async () => {
    const { data, error } = await as(ids.drafter)
      .from("profiles")
      .update({ bio: "Not mine" })
      .eq("id", ids.writer)
      .select("id");
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect((await sql<{ bio: string }>(`select bio from public.profiles where id = $1`, [ids.writer]))[0]!.bio).toBe(
      "Writes about CRM for small teams.",
    );
  });

  it("changes no column but the public face", async () => {
    const { error } = await as(ids.writer)
      .from("profiles")
      .update({ created_at: "2020-01-01T00:00:00Z" })
      .eq("id", ids.writer);
    expect(error?.code).toBe("42501");
    const moved = await as(ids.writer).from("profiles").update({ id: ids.drafter }).eq("id", ids.writer);
    expect(moved.error?.code).toBe("42501");
  });

  it("cannot take a slug another profile has", async () => {
    const { error } = await as(ids.drafter).from("profiles").update({ slug: "ada" }).eq("id", ids.drafter);
    expect(error?.code).toBe("23505");
  });

  it.each([
    ["a slug with capitals", { slug: "Ada-Obi" }],
    ["a slug with spaces", { slug: "ada obi" }],
    ["a slug with a double hyphen", { slug: "ada--obi" }],
    ["a slug ending in a hyphen", { slug: "ada-" }],
    ["a slug too long", { slug: "a".repeat(61) }],
    ["a bio over 280 characters", { bio: "b".repeat(281) }],
    ["a photo that is not http(s)", { avatar_url: "javascript:alert(1)" }],
    ["a photo URL with a space", { avatar_url: "https://example.com/a b.png" }],
    ["a name over 120 characters", { full_name: "n".repeat(121) }],
  ])("is refused %s", async (_, change) => {
    const { error } = await as(ids.drafter).from("profiles").update(change).eq("id", ids.drafter);
    expect(error?.code).toBe("23514");
  });

  it("keeps a member's name when the account's metadata changes, the name included (issue 43: a rename past the profile's aal2 rule)", async () => {
    await sql(
      `update auth.users set raw_user_meta_data = raw_user_meta_data || '{"locale": "en-NG"}'::jsonb where id = $1`,
      [ids.writer],
    );
    const [kept] = await sql<{ full_name: string }>(`select full_name from public.profiles where id = $1`, [
      ids.writer,
    ]);
    expect(kept!.full_name).toBe("Ada Obi-Nwosu");
    await sql(
      `update auth.users set raw_user_meta_data = raw_user_meta_data || '{"full_name": "Ada O."}'::jsonb where id = $1`,
      [ids.writer],
    );
    const [renamed] = await sql<{ full_name: string }>(`select full_name from public.profiles where id = $1`, [
      ids.writer,
    ]);
    // A member renames their profile on the Profile page, under the profile's own policies.
    expect(renamed!.full_name).toBe("Ada Obi-Nwosu");
  });

  it("with a verified second factor, edits their profile only after the second step (aal2)", async () => {
    await sql(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'Authenticator', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [ids.drafter],
    );
    const first = await as(ids.drafter)
      .from("profiles")
      .update({ bio: "One step" })
      .eq("id", ids.drafter)
      .select("bio");
    expect(first.data).toEqual([]);
    const second = await as(ids.drafter, "aal2")
      .from("profiles")
      .update({ bio: "Two steps" })
      .eq("id", ids.drafter)
      .select("bio");
    expect(second.data).toEqual([{ bio: "Two steps" }]);
  });

  it("reads every member's profile, drafts-only authors included", async () => {
    const { data, error } = await as(ids.writer).from("profiles").select("id").in("id", [ids.writer, ids.drafter]);
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
  });
});

describe("a signed-in person off the team", () => {
  it("edits not even their own profile", async () => {
    const { data, error } = await as(ids.outsider)
      .from("profiles")
      .update({ bio: "Hello" })
      .eq("id", ids.outsider)
      .select("id");
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it("reads their own profile and the published authors', not a drafts-only member's", async () => {
    const { data } = await as(ids.outsider)
      .from("profiles")
      .select("id")
      .in("id", [ids.outsider, ids.writer, ids.drafter]);
    expect(data!.map((row) => row.id).sort()).toEqual([ids.outsider, ids.writer].sort());
  });
});

describe("anon", () => {
  it("reads the public face of authors with a post out", async () => {
    const { data, error } = await supabase
      .as()
      .from("profiles")
      .select("id, full_name, slug, bio, avatar_url, updated_at")
      .eq("id", ids.writer);
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ slug: "ada", bio: "Writes about CRM for small teams." })]);
  });

  it("reads no profile without a post out (a draft, someone off the team, a future post)", async () => {
    const { data } = await supabase.as().from("profiles").select("id").in("id", [ids.drafter, ids.outsider]);
    expect(data).toEqual([]);
    await sql(
      `insert into public.posts (title, content, slug, status, published_at, author_id)
       values ('Later', 'Body', $1, 'published', now() + interval '1 year', $2)`,
      [`later-${Date.now()}`, ids.drafter],
    );
    const scheduled = await supabase.as().from("profiles").select("id").eq("id", ids.drafter);
    expect(scheduled.data).toEqual([]);
  });

  it("writes nothing", async () => {
    const write = await supabase.as().from("profiles").update({ bio: "Hi" }).eq("id", ids.writer);
    expect(write.error?.code).toBe("42501");
  });

  it("reads an author with their post in one embed, as the post page does", async () => {
    const { data, error } = await supabase
      .as()
      .from("posts")
      .select("slug, author:profiles(full_name, slug, bio, avatar_url)")
      .eq("author_id", ids.writer)
      .single();
    expect(error).toBeNull();
    expect(data!.author).toEqual({
      full_name: "Ada Obi-Nwosu",
      slug: "ada",
      bio: "Writes about CRM for small teams.",
      avatar_url: "https://cdn.example.com/ada.png",
    });
  });
});
