import { Compass } from "lucide-react";
import { Link } from "../../components/ui/Link";
import { ButtonLink } from "../../components/ui/Button";
import { Seo } from "../../components/ui/Seo";
import { navItems, notFound, site } from "../../content/site";

export default function NotFoundPage() {
  return (
    <section className="px-4 py-24 sm:px-6 lg:px-8">
      <Seo title={`${notFound.title} | ${site.name}`} description={notFound.body} path="/404" noIndex />
      <div className="mx-auto max-w-2xl text-center">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <Compass aria-hidden="true" className="h-8 w-8" />
        </span>
        <p className="mt-6 text-sm font-semibold uppercase tracking-[0.18em] text-brand-700">Error 404</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{notFound.heading}</h1>
        <p className="mt-4 text-lg text-ink-muted">{notFound.body}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/">{notFound.homeLabel}</ButtonLink>
        </div>
        <ul className="mt-10 flex flex-wrap justify-center gap-6 text-sm font-semibold">
          {[...navItems.slice(1), { name: "Blog", path: "/blog" }, { name: "Contact", path: "/contact" }].map(
            (item) => (
              <li key={item.path}>
                <Link to={item.path} className="text-brand-700 underline-offset-4 hover:underline">
                  {item.name}
                </Link>
              </li>
            ),
          )}
        </ul>
      </div>
    </section>
  );
}
