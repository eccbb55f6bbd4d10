import type { ReactNode } from "react";
import { BackLink } from "../../components/ui/BackLink";
import { Seo } from "../../components/ui/Seo";
import { site } from "../../content/site";

/** An admin screen's document title and canonical path; never indexed. */
export function AdminSeo({ title, path }: { title: string; path: string }) {
  return <Seo title={`${title} | ${site.name}`} description={site.defaultDescription} path={path} noIndex />;
}

/** Above a screen's header, the way back to the screen it was opened from, in the admin's one look. */
export function AdminBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <BackLink
      to={to}
      className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-ring"
    >
      {children}
    </BackLink>
  );
}

/** The top of an admin screen: its h1, an optional line under it, and the screen's main actions on the right. */
export function AdminPageHeader({
  title,
  intro,
  actions,
}: {
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink break-words sm:text-4xl">{title}</h1>
        {intro ? <p className="mt-2 text-ink-muted">{intro}</p> : null}
      </div>
      {actions}
    </div>
  );
}

/** What a screen's top says: its document title, its h1 and the line under it. */
interface ScreenCopy {
  seoTitle: string;
  heading: string;
  intro: string;
}

/** A listed screen's top from its copy: the document title and canonical path, then its header. */
export function AdminScreenHeader({ path, copy, actions }: { path: string; copy: ScreenCopy; actions?: ReactNode }) {
  return (
    <>
      <AdminSeo title={copy.seoTitle} path={path} />
      <AdminPageHeader title={copy.heading} intro={copy.intro} actions={actions} />
    </>
  );
}
