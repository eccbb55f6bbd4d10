import { Search } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { Link } from "react-router-dom";
import { BrandIcon } from "../../components/ui/BrandIcon";
import { toast } from "../../components/ui/toast-store";
import { blogCopy } from "../../content/blog";
import { site, socialLinks } from "../../content/site";
import { formatLongDate } from "../../lib/format";
import type { CategoryCount, RecentPost } from "../../lib/posts";
import { blogCategoryPath, blogPostPath } from "./blog-paths";

const copy = blogCopy.sidebar;

function Widget({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-card border border-slate-100 bg-white p-6 shadow-soft">
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const chipClasses =
  "rounded-full border border-brand-100 bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

interface BlogSidebarProps {
  recentPosts: RecentPost[];
  categories: CategoryCount[];
}

/** Search (coming soon), About The Author, Recent Posts, Categories (links to their pages) and Follow Us. */
export function BlogSidebar({ recentPosts, categories }: BlogSidebarProps) {
  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    toast(copy.searchComingSoon);
  }

  return (
    <aside className="space-y-6" aria-label="Blog sidebar">
      <form role="search" onSubmit={onSearch} className="rounded-card border border-slate-100 bg-white p-4 shadow-soft">
        <label htmlFor="blog-search" className="sr-only">
          {copy.searchLabel}
        </label>
        <div className="flex gap-2">
          <input
            id="blog-search"
            type="search"
            name="q"
            placeholder={copy.searchPlaceholder}
            className="min-w-0 flex-1 rounded-full border border-slate-200 px-4 py-2 text-ink placeholder:text-ink-soft focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          />
          <button
            type="submit"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
          >
            <Search aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">{copy.searchButton}</span>
          </button>
        </div>
      </form>

      <Widget title={copy.aboutHeading}>
        <div className="flex items-start gap-4">
          <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white">
            {site.name.charAt(0)}
          </span>
          <div>
            <p className="font-semibold text-ink">{site.name}</p>
            <p className="mt-1 text-sm text-ink-muted">{copy.aboutBody}</p>
          </div>
        </div>
      </Widget>

      <Widget title={copy.recentHeading}>
        {recentPosts.length === 0 ? (
          <p className="text-sm text-ink-muted">{copy.recentEmpty}</p>
        ) : (
          <ul className="space-y-4">
            {recentPosts.map((recent) => (
              <li key={recent.id}>
                <Link
                  to={blogPostPath(recent.slug)}
                  className="rounded font-semibold text-ink hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  {recent.title}
                </Link>
                <p className="mt-1 text-sm text-ink-soft">
                  <time dateTime={recent.published_at ?? undefined}>{formatLongDate(recent.published_at ?? "")}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </Widget>

      <Widget title={copy.categoriesHeading}>
        {categories.length === 0 ? (
          <p className="text-sm text-ink-muted">{copy.categoriesEmpty}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link to={blogCategoryPath(category.slug)} className={`${chipClasses} inline-flex items-center gap-2`}>
                  {category.name}{" "}
                  <span className="rounded-full bg-white px-1.5 text-xs font-semibold text-brand-700">{category.post_count}</span>
                  <span className="sr-only">{copy.categoryCountSuffix(category.post_count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Widget>

      <Widget title={copy.followHeading}>
        <ul className="flex gap-3">
          {socialLinks.map((social) => (
            <li key={social.name}>
              <button
                type="button"
                aria-label={social.name}
                onClick={() => toast({ title: copy.socialComingSoon })}
                className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-800 hover:bg-brand-700 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <BrandIcon icon={social.icon} className="h-5 w-5" />
              </button>
            </li>
          ))}
        </ul>
      </Widget>
    </aside>
  );
}
