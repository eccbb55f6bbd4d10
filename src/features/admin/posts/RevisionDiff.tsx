import { diffLines, diffWords, type Change } from "diff";
import { postSeoCopy } from "../../../content/post-seo";
import { revisionsCopy } from "../../../content/revisions";
import { SEARCH_SOCIAL_COLUMNS, type SearchSocialField } from "../data/posts";

const copy = revisionsCopy;

/**
 * What changed from a revision to the current text, as the `diff` package finds it: words for the
 * short fields, lines for the body. Text removed since the revision is struck through on red, text
 * added since is underlined on green, and each is named for screen readers (ins and del are not).
 */
function Changes({ changes, block }: { changes: Change[]; block?: boolean }) {
  // Lines each on their own line, even the last one of a text (which has no newline of its own).
  const shape = block ? "block " : "";
  // A block ends its line itself, so its own last newline goes; a browser draws no empty last line
  // of a block, so an empty line keeps its height with a space.
  const shown = (value: string) => (block ? value.replace(/\n$/, "").replace(/\n$/, "\n ") || " " : value);
  return (
    <>
      {changes.map((change, index) =>
        change.removed ? (
          <del key={index} className={`${shape}bg-red-50 text-red-800 line-through decoration-red-400`}>
            <span className="sr-only">{`[${copy.removed}: `}</span>
            {shown(change.value)}
            <span className="sr-only">]</span>
          </del>
        ) : change.added ? (
          <ins key={index} className={`${shape}bg-emerald-50 text-emerald-900 underline decoration-emerald-500`}>
            <span className="sr-only">{`[${copy.added}: `}</span>
            {shown(change.value)}
            <span className="sr-only">]</span>
          </ins>
        ) : (
          <span key={index} className={shape}>
            {shown(change.value)}
          </span>
        ),
      )}
    </>
  );
}

function Field({ label, changes, block }: { label: string; changes: Change[]; block?: boolean }) {
  const same = changes.every((change) => !change.added && !change.removed);
  return (
    <div>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-ink-muted">{label}</h4>
      {same ? (
        <p className="mt-1 text-sm text-ink-muted">{copy.noChange}</p>
      ) : (
        <div
          className={
            block
              ? "mt-1 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded border border-slate-100 bg-slate-50 p-3 font-mono text-xs text-ink"
              : "mt-1 whitespace-pre-wrap break-words text-sm text-ink"
          }
        >
          <Changes changes={changes} block={block} />
        </div>
      )}
    </div>
  );
}

export interface DiffText {
  title: string;
  content: string;
  excerpt: string;
  /** The search and social fields, blank when unset. */
  searchSocial?: Record<SearchSocialField, string>;
}

/** The search and social fields that changed (six "no change" lines would bury them), or one "no change". */
function SearchSocialChanges({ from, to }: { from: DiffText["searchSocial"]; to: DiffText["searchSocial"] }) {
  if (!from || !to) return null;
  const changed = (Object.keys(SEARCH_SOCIAL_COLUMNS) as SearchSocialField[]).filter(
    (field) => from[field] !== to[field],
  );
  if (changed.length === 0) return <Field label={postSeoCopy.heading} changes={[]} />;
  return (
    <>
      {changed.map((field) => (
        <Field key={field} label={postSeoCopy.fields[field].label} changes={diffWords(from[field], to[field])} />
      ))}
    </>
  );
}

export function RevisionDiff({ from, to }: { from: DiffText; to: DiffText }) {
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted" aria-hidden="true">
        <span>
          <del className="bg-red-50 text-red-800 line-through">abc</del> {copy.removed}
        </span>
        <span>
          <ins className="bg-emerald-50 text-emerald-900 underline">abc</ins> {copy.added}
        </span>
      </p>
      <Field label={copy.titleLabel} changes={diffWords(from.title, to.title)} />
      <Field label={copy.bodyLabel} changes={diffLines(from.content, to.content)} block />
      <Field label={copy.excerptLabel} changes={diffWords(from.excerpt, to.excerpt)} />
      <SearchSocialChanges from={from.searchSocial} to={to.searchSocial} />
    </div>
  );
}
