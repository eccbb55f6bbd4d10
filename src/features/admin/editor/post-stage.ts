import type { Post } from "../../../lib/posts";
import type { EditorStage } from "./PublishControls";

export type SavedStage = Exclude<EditorStage, { kind: "new" }>;

/** Where a saved post stands: a draft, scheduled for a later time, or published (live). */
export function stageOf(post: Pick<Post, "status" | "published_at">, now = Date.now()): SavedStage {
  if (post.status === "draft" || !post.published_at) return { kind: "draft" };
  return Date.parse(post.published_at) > now
    ? { kind: "scheduled", at: post.published_at }
    : { kind: "published", at: post.published_at };
}
