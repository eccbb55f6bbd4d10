import { X } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { Field } from "../../../components/ui/Field";
import { tagsAdminCopy as copy } from "../../../content/tags-admin";
import type { TagCount } from "../../../lib/posts";
import { addTag, matchingTags, MAX_TAGS, TAG_MAX_LENGTH } from "./tag-values";

/**
 * The post's tags as chips, and a combobox to add one: Enter or a comma adds what is typed (or the
 * suggestion picked with the arrow keys), Backspace in the empty box removes the last tag, each chip
 * has its remove button, Escape closes the suggestions. Suggestions are the tags already used, most
 * used first (the ARIA combobox pattern with a listbox popup).
 */
export function TagInput({
  tags,
  onChange,
  inUse = [],
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  /** The tags already used, most used first (useTagsInUse). */
  inUse?: TagCount[];
}) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const [typed, setTyped] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = open ? matchingTags(inUse, tags, typed) : [];
  const full = tags.length >= MAX_TAGS;

  function add(raw: string) {
    onChange(addTag(tags, raw));
    setTyped("");
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === ",") {
      // Enter never submits the post form from here; an empty box leaves a comma alone too.
      event.preventDefault();
      const picked = suggestions[active];
      if (picked) add(picked.name);
      else if (typed.trim()) add(typed);
    } else if (event.key === "Backspace" && typed === "" && tags.length > 0) {
      onChange(tags.slice(0, -1));
    } else if (event.key === "ArrowDown" && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && suggestions.length) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="md:w-1/2 md:pr-3">
      <Field id={`${id}-input`} label={copy.label} hint={full ? copy.full : copy.hint} labelSize="md">
        {({ className, ...control }) => (
          <div className="relative">
            {tags.length ? (
              <ul aria-label={copy.label} className="mt-2 flex flex-wrap gap-2">
                {tags.map((tag) => (
                  <li
                    key={tag}
                    className="inline-flex items-center gap-1 rounded-full border border-brand-100 bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-800"
                  >
                    <span className="break-all">{tag}</span>
                    <button
                      type="button"
                      aria-label={copy.remove(tag)}
                      onClick={() => onChange(tags.filter((other) => other !== tag))}
                      className="inline-flex h-7 w-7 items-center justify-center rounded-full hover:bg-brand-100 focus-ring"
                    >
                      <X aria-hidden="true" className="h-4 w-4" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <input
              {...control}
              className={className}
              type="text"
              role="combobox"
              aria-expanded={suggestions.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={active >= 0 && suggestions[active] ? `${listId}-${active}` : undefined}
              autoComplete="off"
              maxLength={TAG_MAX_LENGTH}
              placeholder={copy.placeholder}
              disabled={full}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value.replace(/,/g, ""));
                setOpen(true);
                setActive(-1);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onKeyDown={onKeyDown}
            />
            <ul
              id={listId}
              role="listbox"
              aria-label={copy.suggestions}
              hidden={suggestions.length === 0}
              className="absolute z-10 mt-1 max-h-64 w-full overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lift"
            >
              {suggestions.map((tag, index) => (
                <li
                  key={tag.slug}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  // Chosen on mouse down, before the box's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    add(tag.name);
                  }}
                  className={`flex cursor-pointer justify-between gap-4 px-4 py-2 text-sm text-ink ${index === active ? "bg-brand-50" : "hover:bg-slate-50"}`}
                >
                  <span className="break-all">{tag.name}</span>
                  <span className="shrink-0 text-ink-soft">{copy.used(tag.post_count)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Field>
    </div>
  );
}
