import { socialCardAlt } from "../../content/social-card-alt";
import { tagsCopy } from "../../content/tags";
import { blogTagPath, type BlogRoute } from "../../lib/blog-paths";
import { loadBlogTag, type BlogTagData } from "../../lib/tag-data";
import { PagedPostsPage, type PagedHead } from "./PagedPostsPage";
import { blogJsonLd } from "./structured-data";

function describeTag(data: BlogTagData, route: Extract<BlogRoute, { kind: "tag" }>): PagedHead {
  const title = tagsCopy.seoTitle(data.tag.name);
  const description = tagsCopy.seoDescription(data.tag.name);
  return {
    title,
    description,
    imageAlt: socialCardAlt.tag(data.tag.name),
    // The Blog with this page's posts, as a category page describes itself.
    jsonLd: blogJsonLd({ path: blogTagPath(route.slug, route.page), name: title, description, posts: data.page.posts }),
    header: (
      <header className="mx-auto mb-12 flex max-w-3xl flex-col items-center gap-4 text-center">
        <p className="text-sm font-semibold uppercase tracking-[0.16em] text-brand-700">{tagsCopy.eyebrow}</p>
        <h1 className="text-3xl font-extrabold tracking-tight break-words text-ink text-balance sm:text-4xl md:text-5xl">
          {data.tag.name}
        </h1>
        <p className="text-sm text-ink-soft">{tagsCopy.postCount(data.page.total, data.tag.name)}</p>
      </header>
    ),
  };
}

/**
 * /blog/tag/{slug}[/page/{n}]: a tag's posts. A tag no published post has (RLS hides drafts' tags)
 * is a missing page, as is a page past the last.
 */
export default function BlogTagPage() {
  return <PagedPostsPage kind="tag" pathOf={blogTagPath} load={loadBlogTag} describe={describeTag} copy={tagsCopy} />;
}
