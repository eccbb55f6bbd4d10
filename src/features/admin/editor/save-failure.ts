import { adminCopy } from "../../../content/admin";
import { rolesCopy } from "../../../content/roles";
import { POST_TEXT_BOUNDS } from "../../../lib/post-meta";
import { errorMessage } from "../error-message";

const copy = adminCopy.form;

/**
 * A failed save's toast description. A refusal by the policies (a role changed while the editor was
 * open, or a screen opened that the role should not have) says so in words, not as the database's
 * 'row-level security' message; so does a title or category over the database's bounds
 * (POST_TEXT_BOUNDS), named by its check (supabase/tests/post-title-bounds.test.ts passes the
 * database's own refusal through this).
 */
export function saveFailure(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  if (code === "42501") return rolesCopy.posts.refused;
  const message = errorMessage(error);
  if (code === "23514" && message.includes("posts_title_length_check"))
    return copy.tooLong(copy.titleLabel, null, POST_TEXT_BOUNDS.title);
  if (code === "23514" && message.includes("posts_category_length_check"))
    return copy.tooLong(copy.categoryLabel, null, POST_TEXT_BOUNDS.category);
  return message;
}
