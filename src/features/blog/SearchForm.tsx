import { Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { blogCopy } from "../../content/blog";
import { cn } from "../../lib/cn";
import { BLOG_SEARCH_PATH, blogSearchPath } from "../../lib/blog-paths";

const copy = blogCopy.search;

/**
 * The blog's search box: a plain GET form to /blog/search, so it works before the page's script has
 * loaded and without JavaScript; with it, the results open without a page load.
 */
export function SearchForm({
  id,
  defaultValue = "",
  className,
  size = "md",
}: {
  id: string;
  defaultValue?: string;
  className?: string;
  size?: "md" | "lg";
}) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(defaultValue);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // An empty search still opens the search page, which shows what to type and the categories.
    navigate(blogSearchPath(query.trim()));
  }

  return (
    <form role="search" action={BLOG_SEARCH_PATH} method="get" onSubmit={onSubmit} className={className}>
      <label htmlFor={id} className="sr-only">
        {copy.label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          maxLength={200}
          placeholder={copy.placeholder}
          enterKeyHint="search"
          className={cn(
            "min-w-0 flex-1 rounded-full border border-slate-200 bg-white px-4 text-ink placeholder:text-ink-soft focus-visible:border-brand-500 focus-ring",
            size === "lg" ? "min-h-12 text-base" : "min-h-10",
          )}
        />
        <button
          type="submit"
          className={cn(
            "flex shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 focus-ring focus-visible:ring-offset-2",
            size === "lg" ? "h-12 w-12" : "h-10 w-10",
          )}
        >
          <Search aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">{copy.button}</span>
        </button>
      </div>
    </form>
  );
}
