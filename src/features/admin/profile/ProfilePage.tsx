import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { TextAreaField, TextField } from "../../../components/ui/Field";
import { LabelledCard } from "../../../components/ui/LabelledSection";
import { toast } from "../../../components/ui/toast-store";
import { config } from "../../../config";
import { profileCopy as copy } from "../../../content/profile";
import { blogAuthorPath } from "../../../lib/blog-paths";
import { cn } from "../../../lib/cn";
import { runDetached } from "../../../lib/detached";
import { useAuth } from "../../auth";
import { AuthorAvatar } from "../../blog";
import { AdminScreenHeader } from "../AdminPageHeader";
import { AdminDataView } from "../DataStates";
import type { MyProfile } from "../data/profile";
import { PhotoUpload } from "./PhotoUpload";
import {
  BIO_MAX,
  changeOf,
  checkProfile,
  profileSaveError,
  valuesOf,
  type ProfileErrors,
  type ProfileValues,
} from "./profile-values";
import { useMyProfile, useSaveProfile } from "./queries";

/** The byline and the About The Author card as readers will see them, from what is typed. */
function BylinePreview({ values }: { values: ProfileValues }) {
  const name = values.fullName.trim() || copy.nameLabel;
  return (
    <LabelledCard id="profile-preview" heading={copy.previewHeading} className="self-start p-5" headingSize="lg">
      <p className="mt-4 flex items-center gap-2 text-sm text-ink-muted">
        <AuthorAvatar name={name} photo={values.avatarUrl.trim()} size="sm" />
        <span>
          {copy.previewBy} <span className="font-semibold text-brand-700">{name}</span>
        </span>
      </p>
      <div className="mt-4 flex items-start gap-4 rounded-2xl bg-slate-50 p-4">
        <AuthorAvatar name={name} photo={values.avatarUrl.trim()} size="md" />
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">{name}</p>
          {values.bio.trim() ? <p className="mt-1 text-sm break-words text-ink-muted">{values.bio.trim()}</p> : null}
        </div>
      </div>
    </LabelledCard>
  );
}

function ProfileForm({ userId, profile }: { userId: string; profile: MyProfile }) {
  const [values, setValues] = useState(() => valuesOf(profile));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const save = useSaveProfile(userId);
  const change = (field: keyof ProfileValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const bioLeft = BIO_MAX - values.bio.trim().length;
  const savedSlug = profile.slug;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkProfile(values);
    setErrors(found);
    const first = (Object.keys(found) as (keyof ProfileValues)[])[0];
    if (first) {
      document.getElementById(`profile-${first}`)?.focus();
      return;
    }
    try {
      const saved = await save.mutateAsync(changeOf(values));
      setValues(valuesOf(saved));
      toast({
        title: copy.saved,
        description: copy.savedBody(blogAuthorPath(saved.slug ?? "")),
        variant: "success",
      });
    } catch (error) {
      const refused = profileSaveError(error);
      if (refused.field) {
        setErrors({ [refused.field]: refused.message });
        document.getElementById(`profile-${refused.field}`)?.focus();
      } else toast({ title: copy.saveFailed, description: refused.message, variant: "error" });
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form
        noValidate
        onSubmit={(event) => runDetached(submit(event), "Saving the profile")}
        className="space-y-5 rounded-card border border-slate-100 bg-white p-5 shadow-soft sm:p-6"
      >
        <TextField
          id="profile-fullName"
          label={copy.nameLabel}
          hint={copy.nameHint}
          error={errors.fullName}
          required
          autoComplete="name"
          value={values.fullName}
          onValueChange={change("fullName")}
        />
        <TextField
          id="profile-slug"
          label={copy.slugLabel}
          hint={savedSlug ? copy.slugHint(`${config.siteUrl}${blogAuthorPath(savedSlug)}`) : copy.slugHintEmpty}
          error={errors.slug}
          autoCapitalize="none"
          spellCheck={false}
          value={values.slug}
          onValueChange={change("slug")}
        />
        <TextAreaField
          id="profile-bio"
          label={copy.bioLabel}
          hint={copy.bioHint}
          error={errors.bio}
          rows={3}
          value={values.bio}
          onValueChange={change("bio")}
          labelAside={
            <span className={cn("text-sm", bioLeft < 0 ? "font-semibold text-red-700" : "text-ink-soft")}>
              <span aria-hidden="true">{copy.bioCount(values.bio.trim().length, BIO_MAX)}</span>
              <span className="sr-only">{copy.bioCountLabel(bioLeft)}</span>
            </span>
          }
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-ink">{copy.photoHeading}</legend>
          <p className="text-sm text-ink-soft">{copy.photoHint}</p>
          <PhotoUpload userId={userId} onUploaded={change("avatarUrl")} />
          <TextField
            id="profile-avatarUrl"
            label={copy.photoUrlLabel}
            hint={copy.photoUrlHint}
            error={errors.avatarUrl}
            type="url"
            inputMode="url"
            value={values.avatarUrl}
            onValueChange={change("avatarUrl")}
          />
          {values.avatarUrl ? (
            <Button variant="ghost" size="sm" onClick={() => change("avatarUrl")("")}>
              {copy.photoRemove}
            </Button>
          ) : null}
        </fieldset>
        <p className="text-sm text-ink-soft">{copy.noPostsYet}</p>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? copy.saving : copy.save}
        </Button>
      </form>
      <BylinePreview values={values} />
    </div>
  );
}

/** /admin/profile: every member's own name, author page address, bio and photo. */
export function ProfilePage() {
  const { user } = useAuth();
  const userId = user?.id ?? "";
  const profile = useMyProfile(userId);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminScreenHeader path="/admin/profile" copy={copy} />
      <AdminDataView
        query={profile}
        loading={copy.loading}
        error={copy.loadFailed}
        isEmpty={(data) => data === null}
        empty={<p className="rounded-card border border-slate-100 bg-white p-6 text-ink-muted">{copy.missing}</p>}
      >
        {(data) => (data ? <ProfileForm userId={userId} profile={data} /> : null)}
      </AdminDataView>
    </div>
  );
}
