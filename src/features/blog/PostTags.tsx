import { tagsCopy } from "../../content/tags";
import { blogTagPath } from "../../lib/blog-paths";
import { categorySlug } from "../../lib/category";
import { CategoryChip } from "./CategoryChip";

/**
 * A post's tags under its body, each a link to the tag's page, drawn as the sidebar's category
 * pills (whose code the post page already carries). Nothing for a post without tags.
 */
export function PostTags({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul aria-label={tagsCopy.postTags} className="mt-10 flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          <CategoryChip to={blogTagPath(categorySlug(tag))} size="sm">
            {tag}
          </CategoryChip>
        </li>
      ))}
    </ul>
  );
}
