import { TextField } from "../../../components/ui/Field";
import { callsAdminCopy } from "../../../content/calls-admin";
import { cn } from "../../../lib/cn";
import type { CallPlaceKind } from "../data/calls";

const copy = callsAdminCopy.settings;
const KINDS: CallPlaceKind[] = ["google_meet", "video_link", "phone"];

/** Where the call happens: Google Meet (with what it needs), a fixed https link, or a phone call. */
export function CallPlaceFields({
  kind,
  videoLinkUrl,
  error,
  onKind,
  onVideoLink,
}: {
  kind: CallPlaceKind;
  videoLinkUrl: string;
  error?: string;
  onKind: (kind: CallPlaceKind) => void;
  onVideoLink: (url: string) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">{copy.placeHeading}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {KINDS.map((value) => (
          <label
            key={value}
            className={cn(
              "flex cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm font-semibold text-ink has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
              kind === value ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-white",
            )}
          >
            <input
              type="radio"
              name="call-place"
              value={value}
              checked={kind === value}
              onChange={() => onKind(value)}
              className="h-4 w-4 accent-brand-700"
            />
            {copy.places[value]}
          </label>
        ))}
      </div>
      {kind === "google_meet" ? <p className="text-sm text-ink-muted">{copy.googleHelp}</p> : null}
      {kind === "phone" ? <p className="text-sm text-ink-muted">{copy.phoneHelp}</p> : null}
      {kind === "video_link" ? (
        <TextField
          id="call-video-link"
          label={copy.videoLink}
          hint={copy.videoLinkHint}
          error={error}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={videoLinkUrl}
          onValueChange={onVideoLink}
          required
        />
      ) : null}
    </fieldset>
  );
}
