import { Link } from "react-router-dom";
import { blogCopy } from "../../content/blog";
import { cn } from "../../lib/cn";
import type { CategoryCount } from "../../lib/posts";
import { blogCategoryPath } from "./blog-paths";

const chip =
  "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2";

/** 'All articles' and one link per category; the page's own category is marked current. */
export function CategoryNav({ categories, current }: { categories: CategoryCount[]; current: string | null }) {
  if (categories.length === 0) return null;
  const items = [{ slug: null as string | null, name: blogCopy.list.allCategories, href: "/blog" }, ...categories.map((category) => ({ slug: category.slug, name: category.name, href: blogCategoryPath(category.slug) }))];
  return (
    <nav aria-label={blogCopy.list.categoriesLabel}>
      <ul className="flex flex-wrap justify-center gap-2">
        {items.map((item) => {
          const active = item.slug === current;
          return (
            <li key={item.href}>
              <Link
                to={item.href}
                aria-current={active ? "page" : undefined}
                className={cn(chip, active ? "border-brand-700 bg-brand-700 text-white" : "border-brand-100 bg-white text-brand-800 hover:bg-brand-50")}
              >
                {item.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
