import { describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "./index.ts";
import { RestError, splitLogicList } from "./rest.ts";
import { createLocalClient, localSupabaseForSuite } from "./testing.ts";

/** PostgREST's logic filters (or, and, not.or, nested) in the local backend, through supabase-js. */
const server = localSupabaseForSuite();

describe("splitLogicList", () => {
  it("splits on top-level commas, keeping nested lists and quoted values whole", () => {
    expect(splitLogicList('(a.eq.1,b.ilike."*x,y*",and(c.gt.2,d.is.null))', "x")).toEqual([
      "a.eq.1",
      "b.ilike.*x,y*",
      "and(c.gt.2,d.is.null)",
    ]);
    expect(splitLogicList('(name.eq."say \\"hi\\"")', "x")).toEqual(['name.eq.say "hi"']);
  });

  it("refuses unbalanced or empty lists", () => {
    for (const input of ["a.eq.1", "(a.eq.1", "(a.eq.1))", '(a.eq."1)', "(a.eq.1,)", "()"]) {
      expect(() => splitLogicList(input, input), input).toThrow(RestError);
    }
  });
});

describe("or and and filters", () => {
  it("matches rows with any of several conditions, nested and negated", async () => {
    const client = createLocalClient(server.url, LOCAL_DEFAULTS.anonKey);
    const either = await client
      .from("posts")
      .select("category")
      .or("category.eq.Paid Ads,category.eq.Business Growth")
      .order("category");
    expect(either.error).toBeNull();
    expect(either.data?.map((row) => row.category)).toEqual(["Business Growth", "Paid Ads"]);

    const search = await client
      .from("posts")
      .select("title")
      .or("title.ilike.*whatsapp*,content.ilike.*bakery*")
      .order("title");
    expect(search.data?.map((row) => row.title)).toEqual([
      "Stop Losing Leads in Your WhatsApp Inbox",
      "Why Every Lagos Small Business Needs a Website in 2025",
    ]);

    const nested = await client
      .from("posts")
      .select("title")
      .or("and(category.eq.Web Design,image_url.is.null),category.eq.Paid Ads")
      .order("title");
    expect(nested.data?.map((row) => row.title)).toEqual([
      "How to Run Facebook Ads on a ₦50,000 Budget",
      "What a Good Small Business Website Costs in Nigeria",
    ]);

    const negated = await client
      .from("posts")
      .select("id", { count: "exact", head: true })
      .not("category", "in", '("Web Design","CRM Automation")');
    expect(negated.count).toBe(2);
  });

  it("binds values as parameters: quotes and SQL in a value are only text", async () => {
    const client = createLocalClient(server.url, LOCAL_DEFAULTS.anonKey);
    const { data, error } = await client
      .from("posts")
      .select("id")
      .or(`title.ilike."*'; drop table posts; --*",title.eq.x`);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { count } = await client.from("posts").select("id", { count: "exact", head: true });
    expect(count).toBe(6);
  });

  it("refuses unknown columns inside a logic tree", async () => {
    const client = createLocalClient(server.url, LOCAL_DEFAULTS.anonKey);
    const { error, status } = await client.from("posts").select("id").or("nope.eq.1,title.eq.x");
    expect(status).toBe(400);
    expect(error?.message).toMatch(/nope/);
  });
});
