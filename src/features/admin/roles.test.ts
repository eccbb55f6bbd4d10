import { describe, expect, it } from "vitest";
import { capabilitiesOf, mayChangePost, rolesWith, TEAM_ROLES, type Capabilities, type TeamRole } from "./roles";

/** Issue 37's role table, written out again by hand: each row as the admin must follow it. */
const EXPECTED: Record<TeamRole, Capabilities> = {
  owner: {
    readsPosts: true,
    writesPosts: true,
    editsAllPosts: true,
    publishesPosts: true,
    worksLeads: true,
    readsTraffic: true,
    trafficScope: "site",
    managesTeam: true,
    handsOverOwnership: true,
    readsPersonalData: true,
  },
  administrator: {
    readsPosts: true,
    writesPosts: true,
    editsAllPosts: true,
    publishesPosts: true,
    worksLeads: true,
    readsTraffic: true,
    trafficScope: "site",
    managesTeam: true,
    handsOverOwnership: false,
    readsPersonalData: true,
  },
  editor: {
    readsPosts: true,
    writesPosts: true,
    editsAllPosts: true,
    publishesPosts: true,
    worksLeads: false,
    readsTraffic: true,
    trafficScope: "site",
    managesTeam: false,
    handsOverOwnership: false,
    readsPersonalData: false,
  },
  author: {
    readsPosts: true,
    writesPosts: true,
    editsAllPosts: false,
    publishesPosts: true,
    worksLeads: false,
    readsTraffic: true,
    trafficScope: "own posts",
    managesTeam: false,
    handsOverOwnership: false,
    readsPersonalData: false,
  },
  contributor: {
    readsPosts: true,
    writesPosts: true,
    editsAllPosts: false,
    publishesPosts: false,
    worksLeads: false,
    readsTraffic: false,
    trafficScope: "none",
    managesTeam: false,
    handsOverOwnership: false,
    readsPersonalData: false,
  },
  sales: {
    readsPosts: true,
    writesPosts: false,
    editsAllPosts: false,
    publishesPosts: false,
    worksLeads: true,
    readsTraffic: true,
    trafficScope: "site",
    managesTeam: false,
    handsOverOwnership: false,
    readsPersonalData: true,
  },
};

describe("the role table", () => {
  it.each(TEAM_ROLES)("gives the %s what issue 37's table gives them", (role) => {
    expect(capabilitiesOf(role)).toEqual(EXPECTED[role]);
  });

  it("names the roles that may open a screen, in the table's order", () => {
    expect(rolesWith("worksLeads")).toEqual(["owner", "administrator", "sales"]);
    expect(rolesWith("managesTeam")).toEqual(["owner", "administrator"]);
    expect(rolesWith("handsOverOwnership")).toEqual(["owner"]);
    expect(rolesWith("readsTraffic")).toEqual(["owner", "administrator", "editor", "author", "sales"]);
    expect(rolesWith("writesPosts")).toEqual(["owner", "administrator", "editor", "author", "contributor"]);
  });
});

describe("mayChangePost, as private.may_change_post answers", () => {
  const me = "me";
  const mine = (status: string) => ({ author_id: me, status });
  const theirs = (status: string) => ({ author_id: "someone else", status });

  it.each(["owner", "administrator", "editor"] as const)("lets the %s change every post", (role) => {
    for (const post of [mine("draft"), mine("published"), theirs("draft"), theirs("published")])
      expect(mayChangePost(role, me, post)).toBe(true);
  });

  it("lets an Author change their own posts, published ones included, and nobody else's", () => {
    expect(mayChangePost("author", me, mine("draft"))).toBe(true);
    expect(mayChangePost("author", me, mine("published"))).toBe(true);
    expect(mayChangePost("author", me, theirs("draft"))).toBe(false);
    expect(mayChangePost("author", me, theirs("published"))).toBe(false);
  });

  it("lets a Contributor change their own drafts only", () => {
    expect(mayChangePost("contributor", me, mine("draft"))).toBe(true);
    expect(mayChangePost("contributor", me, mine("published"))).toBe(false);
    expect(mayChangePost("contributor", me, theirs("draft"))).toBe(false);
  });

  it("lets Sales change nothing", () => {
    expect(mayChangePost("sales", me, mine("draft"))).toBe(false);
    expect(mayChangePost("sales", me, theirs("published"))).toBe(false);
  });
});
