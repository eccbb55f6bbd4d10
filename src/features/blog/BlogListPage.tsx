import { startTransition, useCallback, useEffect, useState } from "react";
import { Section, SectionHeading } from "../../components/ui/Section";
import { Seo } from "../../components/ui/Seo";
import { blogCopy } from "../../content/blog";
import { site } from "../../content/site";
import { listPosts } from "../../lib/posts";
import { BlogListView, type BlogListState } from "./BlogListView";

/**
 * /blog. Prerendered in its loading state; the posts load in an effect through the light PostgREST
 * reader (src/lib/supabase.ts), in its own chunk. The grid renders as a transition, in short slices,
 * so a phone stays responsive while the cards are built.
 */
export default function BlogListPage() {
  const [state, setState] = useState<BlogListState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    listPosts()
      .then((posts) => {
        if (active) startTransition(() => setState({ status: "ready", posts }));
      })
      .catch((error: unknown) => {
        console.error("Could not load the posts", error);
        if (active) setState({ status: "error" });
      });
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((value) => value + 1);
  }, []);

  return (
    <Section className="bg-gradient-to-b from-brand-50/60 to-white">
      <Seo title={`${blogCopy.list.seoTitle} | ${site.name}`} description={blogCopy.list.seoDescription} path="/blog" />
      <SectionHeading as="h1" eyebrow={blogCopy.list.eyebrow} title={blogCopy.list.heading} description={blogCopy.list.tagline} />
      {/* Room for the grid before the posts arrive, so the footer does not jump when they do. */}
      <div className="min-h-[100svh]">
        <BlogListView state={state} onRetry={retry} />
      </div>
    </Section>
  );
}
