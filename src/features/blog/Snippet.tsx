import { Fragment } from "react";

/** The characters the database wraps matched words in (public.search_posts). */
export const MATCH_START = "\uE000";
export const MATCH_END = "\uE001";
/** How the database hands back '<' (its text parser would drop anything that looks like a tag). */
export const LESS_THAN = "\uE002";

/**
 * A search snippet with its matched words marked. The snippet is the post's own text, so it is
 * rendered as text, split on the two marker characters: markup in a post shows as written.
 */
export function Snippet({ text }: { text: string }) {
  const parts: { text: string; matched: boolean }[] = [];
  let matched = false;
  let current = "";
  for (const character of text) {
    if (character === MATCH_START || character === MATCH_END) {
      if (current) parts.push({ text: current, matched });
      current = "";
      matched = character === MATCH_START;
    } else {
      current += character === LESS_THAN ? "<" : character;
    }
  }
  if (current) parts.push({ text: current, matched });
  return (
    <>
      {parts.map((part, index) =>
        part.matched ? (
          <mark key={index} className="rounded bg-accent-300/70 px-0.5 text-ink">
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
