import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { ButtonLink } from "../../components/ui/Button";
import { Seo } from "../../components/ui/Seo";
import { blogCopy } from "../../content/blog";
import { site } from "../../content/site";
import { config } from "../../config";
import { isSafeHttpUrl, metaDescription } from "../../lib/format";
import { NewsletterForm } from "../newsletter";
import { getPostBySlug, listCategories, listRecentPosts, type PostWithAuthor, type RecentPost } from "../../lib/posts";
import { BlogSidebar } from "./BlogSidebar";
import { PostArticle, authorName } from "./PostArticle";

type PostState = { status: "loading" } | { status: "not-found" } | { status: "found"; post: PostWithAuthor };

/** schema.org BlogPosting for search engines; values are user text, escaped by Seo's serializer. */
function blogPostingJsonLd(post: PostWithAuthor, path: string) {
  const url = `${config.siteUrl}${path}`;
  const hasAuthorName = Boolean(post.author?.full_name?.trim());
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: metaDescription(post.content),
    datePublished: post.created_at,
    dateModified: post.updated_at || post.created_at,
    mainEntityOfPage: url,
    url,
    ...(isSafeHttpUrl(post.image_url) ? { image: post.image_url } : {}),
    ...(post.category ? { articleSection: post.category } : {}),
    author: hasAuthorName ? { "@type": "Person", name: authorName(post) } : { "@type": "Organization", name: site.name, url: config.siteUrl },
    publisher: { "@type": "Organization", name: site.name, url: config.siteUrl },
  };
}

function BackLink({ label }: { label: string }) {
  return (
    <Link
      to="/blog"
      className="inline-flex items-center gap-2 rounded font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {label}
    </Link>
  );
}

/** Pure view of the post page for each state; the page below feeds it. */
export function BlogPostView({ state, recentPosts, categories, path }: { state: PostState; recentPosts: RecentPost[]; categories: string[]; path: string }) {
  if (state.status === "loading") {
    return (
      <div className="px-4 py-24 text-center" role="status" aria-live="polite">
        <Seo title={`${blogCopy.post.loading} | ${site.name}`} description={site.defaultDescription} path={path} noIndex />
        <span aria-hidden="true" className="mx-auto block h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none" />
        <p className="mt-4 text-ink-muted">{blogCopy.post.loading}</p>
      </div>
    );
  }
  if (state.status === "not-found") {
    return (
      <div className="px-4 py-24 text-center sm:px-6">
        <Seo title={`${blogCopy.post.notFound} | ${site.name}`} description={blogCopy.post.notFoundBody} path={path} noIndex />
        <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">{blogCopy.post.notFound}</h1>
        <p className="mt-3 text-ink-muted">{blogCopy.post.notFoundBody}</p>
        <ButtonLink to="/blog" className="mt-8">
          {blogCopy.post.backToBlog}
        </ButtonLink>
      </div>
    );
  }
  const { post } = state;
  return (
    <div className="bg-gradient-to-b from-brand-50/60 to-white px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <Seo
        title={`${post.title} | ${site.name}`}
        description={metaDescription(post.content)}
        path={path}
        type="article"
        image={isSafeHttpUrl(post.image_url) ? post.image_url : undefined}
        imageAlt={post.title}
        jsonLd={blogPostingJsonLd(post, path)}
      />
      <div className="mx-auto max-w-7xl">
        <BackLink label={blogCopy.post.backToAll} />
        <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0">
            <PostArticle post={post} />
            <NewsletterForm variant="card" className="mt-10" />
          </div>
          <BlogSidebar recentPosts={recentPosts} categories={categories} />
        </div>
      </div>
    </div>
  );
}

/** /blog/{slug}: one post by slug, then its sidebar data. Failures are logged; a failed post load reads as not found. */
export default function BlogPostPage() {
  const { slug = "" } = useParams();
  const [state, setState] = useState<PostState>({ status: "loading" });
  const [recentPosts, setRecentPosts] = useState<RecentPost[]>([]);
  const [categories, setCategories] = useState<string[]>([]);

  useEffect(() => {
    let active = true;
    setState({ status: "loading" });
    getPostBySlug(slug)
      .then((post) => {
        if (!active) return;
        setState(post ? { status: "found", post } : { status: "not-found" });
        if (!post) return;
        listRecentPosts(post.id, 3)
          .then((posts) => active && setRecentPosts(posts))
          .catch((error: unknown) => console.error("Could not load the recent posts", error));
      })
      .catch((error: unknown) => {
        console.error("Could not load the post", error);
        if (active) setState({ status: "not-found" });
      });
    return () => {
      active = false;
    };
  }, [slug]);

  useEffect(() => {
    let active = true;
    listCategories()
      .then((names) => active && setCategories(names))
      .catch((error: unknown) => console.error("Could not load the categories", error));
    return () => {
      active = false;
    };
  }, []);

  return <BlogPostView state={state} recentPosts={recentPosts} categories={categories} path={`/blog/${slug}`} />;
}
