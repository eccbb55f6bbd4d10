import { adminCopy } from "../../../content/admin";
import { cn } from "../../../lib/cn";
import type { AdminPostSummary as AdminPost } from "../data/posts";
import { stageOf } from "../editor/post-stage";

const copy = adminCopy.dashboard;

export type StageFilter = "all" | "draft" | "scheduled" | "published";

/** All, Drafts, Scheduled, Published, each with its count; the chosen one is pressed. */
export function StageFilters({
  posts,
  value,
  onChange,
}: {
  posts: AdminPost[];
  value: StageFilter;
  onChange: (value: StageFilter) => void;
}) {
  const counts = { all: posts.length, draft: 0, scheduled: 0, published: 0 };
  for (const post of posts) counts[stageOf(post).kind] += 1;
  return (
    <div role="group" aria-label={copy.filterLabel} className="flex flex-wrap gap-2">
      {(["all", "draft", "scheduled", "published"] as const).map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
          className={cn(
            "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold focus-ring",
            value === filter
              ? "border-brand-700 bg-brand-700 text-white"
              : "border-slate-200 bg-white text-ink hover:bg-brand-50",
          )}
        >
          {copy.filters[filter]}
          <span className={cn("rounded-full px-1.5 text-xs", value === filter ? "bg-white/20" : "bg-slate-100")}>
            {counts[filter]}
          </span>
        </button>
      ))}
    </div>
  );
}
