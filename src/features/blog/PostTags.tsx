import { Link } from "react-router-dom";
import { blogCopy } from "../../content/blog";
import { blogTagPath } from "../../lib/blog-paths";
import { categorySlug } from "../../lib/category";

/**
 * A post's tags under its body, each a link to the tag's page. Plain links and copy the post page
 * already carries: the post's script budget has no room for another chunk. Nothing without tags.
 */
export function PostTags({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul aria-label={blogCopy.post.tags} className="mt-10 flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={blogTagPath(categorySlug(tag))}
            className="inline-flex rounded-full bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-100 focus-ring"
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
