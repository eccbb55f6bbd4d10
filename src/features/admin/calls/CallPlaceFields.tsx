import { TextField } from "../../../components/ui/Field";
import { callsAdminCopy } from "../../../content/calls-admin";
import { ChoiceCards } from "../ChoiceCards";
import type { CallPlaceKind } from "../data/calls";

const copy = callsAdminCopy.settings;
const KINDS: CallPlaceKind[] = ["google_meet", "video_link", "phone"];
const CHOICES = KINDS.map((value) => ({ value, label: copy.places[value] }));

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
      <ChoiceCards name="call-place" choices={CHOICES} value={kind} onChange={onKind} columns={3} />
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
