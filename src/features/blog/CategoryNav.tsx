import { blogCopy } from "../../content/blog";
import type { CategoryCount } from "../../lib/posts";
import { blogCategoryPath } from "../../lib/blog-paths";
import { CategoryChip } from "./CategoryChip";

/** 'All articles' and one link per category; the page's own category is marked current. */
export function CategoryNav({ categories, current }: { categories: CategoryCount[]; current: string | null }) {
  if (categories.length === 0) return null;
  const items = [
    { slug: null as string | null, name: blogCopy.list.allCategories, href: "/blog" },
    ...categories.map((category) => ({
      slug: category.slug,
      name: category.name,
      href: blogCategoryPath(category.slug),
    })),
  ];
  return (
    <nav aria-label={blogCopy.list.categoriesLabel}>
      <ul className="flex flex-wrap justify-center gap-2">
        {items.map((item) => (
          <li key={item.href}>
            <CategoryChip to={item.href} current={item.slug === current}>
              {item.name}
            </CategoryChip>
          </li>
        ))}
      </ul>
    </nav>
  );
}
