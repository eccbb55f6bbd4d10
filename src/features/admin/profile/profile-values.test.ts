import { describe, expect, it } from "vitest";
import { profileCopy } from "../../../content/profile";
import { changeOf, checkProfile, profileSaveError, valuesOf, type ProfileValues } from "./profile-values";

const good: ProfileValues = {
  fullName: "Ada Obi",
  slug: "ada-obi",
  bio: "Writes about CRM.",
  avatarUrl: "https://cdn.example.com/ada.png",
};

describe("the profile form's checks, the database's rules", () => {
  it("takes a name, a well-formed slug, a short bio and an http(s) photo, or an empty slug, bio and photo", () => {
    expect(checkProfile(good)).toEqual({});
    expect(checkProfile({ ...good, slug: "", bio: "", avatarUrl: "" })).toEqual({});
  });

  it.each([
    ["no name", { fullName: "  " }, "fullName"],
    ["a name over 120 characters", { fullName: "n".repeat(121) }, "fullName"],
    ["capitals in the slug", { slug: "Ada-Obi" }, "slug"],
    ["a double hyphen", { slug: "ada--obi" }, "slug"],
    ["a slug over 60 characters", { slug: "a".repeat(61) }, "slug"],
    ["a bio over 280 characters", { bio: "b".repeat(281) }, "bio"],
    ["a photo that is not http(s)", { avatarUrl: "javascript:alert(1)" }, "avatarUrl"],
    ["a photo address with a space", { avatarUrl: "https://example.com/a b.png" }, "avatarUrl"],
  ])("refuses %s", (_, change, field) => {
    expect(Object.keys(checkProfile({ ...good, ...change }))).toEqual([field]);
  });

  it("sends blanks as nulls, so an empty slug is made again from the name", () => {
    expect(changeOf({ fullName: " Ada ", slug: " ", bio: "", avatarUrl: "" })).toEqual({
      full_name: "Ada",
      slug: null,
      bio: null,
      avatar_url: null,
    });
    expect(valuesOf(null)).toEqual({ fullName: "", slug: "", bio: "", avatarUrl: "" });
  });

  it("turns the database's refusals into the field and message they concern", () => {
    expect(profileSaveError({ code: "23505", message: "duplicate key value violates unique constraint" })).toEqual({
      field: "slug",
      message: profileCopy.errors.slugTaken,
    });
    expect(profileSaveError({ code: "23514", message: 'violates check constraint "profiles_bio_length"' }).field).toBe(
      "bio",
    );
    expect(profileSaveError(new Error("Only members of the team can edit a profile."))).toEqual({
      message: "Only members of the team can edit a profile.",
    });
  });
});
