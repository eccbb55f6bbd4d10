import { config } from "../../config";
import { site } from "../../content/site";

export interface SeoProps {
  /** The page's own title, used as the document title as given. */
  title: string;
  description: string;
  /** Route path for the page's URL (and the canonical one), for example '/services'. */
  path: string;
  /** Absolute canonical URL when it is another page's (a post first published elsewhere). */
  canonical?: string;
  /** What link cards show, when it differs from the title and description (a post's social fields). */
  socialTitle?: string;
  socialDescription?: string;
  type?: "website" | "article";
  /** Absolute or root-relative image for link previews; defaults to the site's 1200x630 card. */
  image?: string;
  imageAlt?: string;
  /** Pixel size of `image`, when known. */
  imageSize?: { width: number; height: number };
  noIndex?: boolean;
  /** Open Graph article tags (og:type article). */
  article?: { publishedTime: string; modifiedTime: string; section?: string | null };
  /** Neighbouring pages of a paginated list, as root-relative paths. */
  prev?: string;
  next?: string;
  /** Feeds to announce, as root-relative paths. */
  feeds?: { title: string; href: string }[];
  /** Structured data objects, emitted as JSON-LD. */
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
}

const defaultOgImage = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: `${site.name}: web design, CRM automation and paid ads for growing businesses`,
};

function absolute(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${config.siteUrl}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** JSON for a <script> element: `<` is escaped so user text can never close the element. */
function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/**
 * One per page: title, description, canonical URL, Open Graph and Twitter card tags.
 * React 19 hoists <title>, <meta> and <link> rendered anywhere into <head> (and the prerender step
 * moves them there in the static HTML), which is all react-helmet-async v3 does on React 19; rendering
 * them directly saves its 6 KB (gzipped) on every page. The tags are written in this one component:
 * a second one for the head cost every page the bytes of passing its props.
 */
export function Seo({
  title,
  description,
  path,
  canonical,
  socialTitle = title,
  socialDescription = description,
  type = "website",
  image,
  imageAlt,
  imageSize,
  noIndex,
  jsonLd,
  article,
  prev,
  next,
  feeds,
}: SeoProps) {
  const url = absolute(path === "/" ? "/" : path.replace(/\/+$/, ""));
  const ogImage = image ? absolute(image) : absolute(defaultOgImage.path);
  const ogAlt = image ? (imageAlt ?? title) : defaultOgImage.alt;
  const size = image ? imageSize : defaultOgImage;
  const blocks = jsonLd ? (Array.isArray(jsonLd) ? jsonLd : [jsonLd]) : [];
  return (
    <>
      {blocks.map((block, index) => (
        // Structured data stays in the body, where it is valid; `<` is escaped by serializeJsonLd.
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(block) }} />
      ))}
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical ?? url} />
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={socialTitle} />
      <meta property="og:description" content={socialDescription} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content={type} />
      <meta property="og:locale" content="en_NG" />
      <meta property="og:image" content={ogImage} />
      {size ? <meta property="og:image:width" content={String(size.width)} /> : null}
      {size ? <meta property="og:image:height" content={String(size.height)} /> : null}
      <meta property="og:image:alt" content={ogAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={socialTitle} />
      <meta name="twitter:description" content={socialDescription} />
      <meta name="twitter:image" content={ogImage} />
      <meta name="twitter:image:alt" content={ogAlt} />
      {article ? (
        <>
          <meta property="article:published_time" content={article.publishedTime} />
          <meta property="article:modified_time" content={article.modifiedTime} />
          {article.section ? <meta property="article:section" content={article.section} /> : null}
        </>
      ) : null}
      {prev ? <link rel="prev" href={absolute(prev)} /> : null}
      {next ? <link rel="next" href={absolute(next)} /> : null}
      {feeds?.map((feed) => (
        <link
          key={feed.href}
          rel="alternate"
          type="application/rss+xml"
          title={feed.title}
          href={absolute(feed.href)}
        />
      ))}
    </>
  );
}
