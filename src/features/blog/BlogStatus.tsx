import { AlertTriangle, Clock, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "../../components/ui/Button";
import { Seo } from "../../components/ui/Seo";
import { blogCopy } from "../../content/blog";
import { site } from "../../content/site";
import { cn } from "../../lib/cn";

/** The spinner and text of a blog page that is loading ('Loading posts...', 'Loading post...'). */
export function BlogLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-16 text-ink-muted">
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none"
      />
      <p>{label}</p>
    </div>
  );
}

const noticeTones = {
  error: { frame: "border-red-100 bg-red-50", icon: "text-red-600" },
  wait: { frame: "border-amber-200 bg-amber-50", icon: "text-amber-700" },
} as const;

/** A blog page's notice in place of its content: an icon, a title and a line, announced at once. */
function BlogNotice({
  icon: Icon,
  tone,
  title,
  body,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof noticeTones;
  title: string;
  body: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className={cn(
        "mx-auto flex max-w-md flex-col items-center gap-3 rounded-card border p-8 text-center",
        noticeTones[tone].frame,
      )}
    >
      <Icon aria-hidden="true" className={cn("h-8 w-8", noticeTones[tone].icon)} />
      <p className="font-semibold text-ink">{title}</p>
      <p className="text-ink-muted">{body}</p>
      {children}
    </div>
  );
}

/** The blog could not reach its backend: says so and offers to try again (the server answers 503). */
export function BlogUnavailable({ path, onRetry }: { path: string; onRetry?: () => void }) {
  const copy = blogCopy.unavailable;
  return (
    <BlogNotice icon={AlertTriangle} tone="error" title={copy.title} body={copy.body}>
      <Seo title={`${copy.title} | ${site.name}`} description={copy.body} path={path} noIndex />
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} className="mt-2">
          {copy.retry}
        </Button>
      ) : null}
    </BlogNotice>
  );
}

/**
 * The server refused a search because this client searched too often (it answers 429 with
 * Retry-After). The search box above keeps the query: submitting it again later is the retry.
 */
export function BlogLimited() {
  return <BlogNotice icon={Clock} tone="wait" title={blogCopy.search.limitedTitle} body={blogCopy.search.limited} />;
}

/** A blog page that does not exist: its heading, a line, and the way back (the server answers 404). */
export function BlogNotFound({ path, heading, body }: { path: string; heading: string; body: string }) {
  return (
    <div className="px-4 py-24 text-center sm:px-6">
      <Seo title={`${heading} | ${site.name}`} description={body} path={path} noIndex />
      <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">{heading}</h1>
      <p className="mt-3 text-ink-muted">{body}</p>
      <ButtonLink to="/blog" className="mt-8">
        {blogCopy.post.backToBlog}
      </ButtonLink>
    </div>
  );
}
