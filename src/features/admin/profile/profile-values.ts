/**
 * The profile form's values and their checks, the same rules the database holds (the constraints
 * of public.profiles), so a mistake is shown beside its field before anything is sent. The one
 * place that turns the database's refusals into the form's messages is `profileSaveError`.
 */
import { profileCopy } from "../../../content/profile";
import type { MyProfile, ProfileChange } from "../data/profile";

const NAME_MAX = 120;
export const BIO_MAX = 280;
const SLUG_MAX = 60;
const SLUG_FORM = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface ProfileValues {
  fullName: string;
  slug: string;
  bio: string;
  avatarUrl: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

export function valuesOf(profile: MyProfile | null): ProfileValues {
  return {
    fullName: profile?.full_name ?? "",
    slug: profile?.slug ?? "",
    bio: profile?.bio ?? "",
    avatarUrl: profile?.avatar_url ?? "",
  };
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with each field, by the database's rules; empty when the values may be saved. */
export function checkProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const copy = profileCopy.errors;
  const name = values.fullName.trim();
  if (!name) errors.fullName = copy.nameMissing;
  else if (name.length > NAME_MAX) errors.fullName = copy.nameTooLong(NAME_MAX);
  const slug = values.slug.trim();
  if (slug && (!SLUG_FORM.test(slug) || slug.length > SLUG_MAX)) errors.slug = copy.slugForm(SLUG_MAX);
  if (values.bio.trim().length > BIO_MAX) errors.bio = copy.bioTooLong(BIO_MAX);
  const url = values.avatarUrl.trim();
  if (url && !isHttpUrl(url)) errors.avatarUrl = copy.photoUrl;
  return errors;
}

/** The row's change: blanks are nulls (an empty slug is made again from the name). */
export function changeOf(values: ProfileValues): ProfileChange {
  const blankToNull = (value: string) => value.trim() || null;
  return {
    full_name: blankToNull(values.fullName),
    slug: blankToNull(values.slug),
    bio: blankToNull(values.bio),
    avatar_url: blankToNull(values.avatarUrl),
  };
}

/**
 * A refused save as the field it concerns and what to say: a slug another profile has (the unique
 * index), a check the form missed (the constraint's name is in the message), or anything else, as
 * the server said it.
 */
export function profileSaveError(error: unknown): { field?: keyof ProfileValues; message: string } {
  const { message = "", code } = (typeof error === "object" && error !== null ? error : {}) as {
    message?: string;
    code?: string;
  };
  const copy = profileCopy.errors;
  if (code === "23505") return { field: "slug", message: copy.slugTaken };
  if (code === "23514") {
    if (message.includes("profiles_slug_format")) return { field: "slug", message: copy.slugForm(SLUG_MAX) };
    if (message.includes("profiles_bio_length")) return { field: "bio", message: copy.bioTooLong(BIO_MAX) };
    if (message.includes("profiles_avatar_url_http")) return { field: "avatarUrl", message: copy.photoUrl };
    if (message.includes("profiles_full_name_length"))
      return { field: "fullName", message: copy.nameTooLong(NAME_MAX) };
  }
  return { message: message || copy.saveFailed };
}
