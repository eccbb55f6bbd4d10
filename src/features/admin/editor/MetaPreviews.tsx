import { useId, useState, type ReactNode } from "react";
import { postSeoCopy } from "../../../content/post-seo";
import { site } from "../../../content/site";
import {
  SEARCH_DESCRIPTION_LIMIT,
  SEARCH_TITLE_LIMIT,
  truncateForDisplay,
  type MetaImage,
  type PostMeta,
} from "../../../lib/post-meta";
import { previewSource } from "./search-social";

const copy = postSeoCopy.previews;

interface MetaPreviewsProps {
  meta: PostMeta;
  /** Whether the post's page is live: its drawn card can then be loaded. */
  live: boolean;
  /** Whether the post has an address yet (a new post has none). */
  saved: boolean;
}

/** The image a link card shows, or a placeholder: a draft's card is drawn once it is published. */
function CardImage({ image, live, title }: { image: MetaImage; live: boolean; title: string }) {
  const src = previewSource(image.url, image.drawn);
  const [failed, setFailed] = useState<string | null>(null);
  const placeholder = (note: string) => (
    <div className="flex h-full w-full flex-col justify-between bg-gradient-to-br from-brand-800 to-brand-600 p-4 text-left text-white">
      <span className="line-clamp-3 text-base font-bold leading-snug sm:text-lg">{title}</span>
      <span className="text-xs text-brand-100">{note}</span>
    </div>
  );
  return (
    <div className="aspect-[1.91/1] w-full overflow-hidden bg-slate-100">
      {image.drawn && !live ? (
        placeholder(copy.drawnCardDraft)
      ) : failed === src ? (
        placeholder(image.drawn ? copy.drawnCardFailed : copy.imageFailed)
      ) : (
        <img
          src={src}
          alt={image.alt}
          width={1200}
          height={630}
          loading="lazy"
          onError={() => setFailed(src)}
          className="h-full w-full object-cover"
        />
      )}
    </div>
  );
}

function Preview({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  const caption = useId();
  return (
    <figure aria-labelledby={caption} className="min-w-0">
      <figcaption id={caption} className="mb-2 text-xs font-semibold uppercase tracking-wide text-ink-muted">
        {name}
        <span className="sr-only">{`: ${label}`}</span>
      </figcaption>
      {children}
    </figure>
  );
}

/**
 * The post as a Google result, a WhatsApp or LinkedIn link card and an X card would show it, drawn
 * from the meta the page will carry (lib/post-meta.ts). Titles and descriptions are cut where those
 * surfaces usually cut them.
 */
export function MetaPreviews({ meta, live, saved }: MetaPreviewsProps) {
  const domain = new URL(meta.url).host;
  const path = saved ? decodeURIComponent(new URL(meta.url).pathname).split("/").filter(Boolean) : ["blog"];
  return (
    <section aria-labelledby="post-seo-previews" className="space-y-4">
      <div>
        <h3 id="post-seo-previews" className="font-semibold text-ink">
          {copy.heading}
        </h3>
        <p className="mt-1 text-sm text-ink-muted">{copy.intro}</p>
      </div>
      <Preview name={copy.google} label={copy.googleLabel}>
        <div className="rounded-xl border border-slate-200 bg-white p-4 font-sans">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700"
            >
              {site.name.charAt(0)}
            </span>
            <span className="min-w-0 text-sm leading-tight">
              <span className="block text-ink">{site.name}</span>
              <span className="block truncate text-xs text-ink-muted">{[domain, ...path].join(" › ")}</span>
            </span>
          </div>
          <p className="mt-2 break-words text-xl leading-snug text-[#1a0dab]">
            {truncateForDisplay(meta.title, SEARCH_TITLE_LIMIT)}
          </p>
          <p className="mt-1 break-words text-sm leading-relaxed text-[#4d5156]">
            {truncateForDisplay(meta.description, SEARCH_DESCRIPTION_LIMIT)}
          </p>
        </div>
      </Preview>
      <div className="grid gap-6 lg:grid-cols-2">
        <Preview name={copy.linkCard} label={copy.linkCardLabel}>
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
            <CardImage image={meta.image} live={live} title={meta.socialTitle} />
            <div className="border-t border-slate-200 bg-slate-50 px-3 py-2">
              <p className="text-xs uppercase text-ink-muted">{domain}</p>
              <p className="line-clamp-2 break-words font-semibold text-ink">{meta.socialTitle}</p>
              <p className="line-clamp-2 break-words text-sm text-ink-muted">{meta.socialDescription}</p>
            </div>
          </div>
        </Preview>
        <Preview name={copy.x} label={copy.xLabel}>
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
            <CardImage image={meta.image} live={live} title={meta.socialTitle} />
            <div className="border-t border-slate-200 px-3 py-2">
              <p className="text-xs text-ink-muted">{copy.xFrom(domain)}</p>
              <p className="truncate text-sm text-ink">{meta.socialTitle}</p>
            </div>
          </div>
        </Preview>
      </div>
    </section>
  );
}
