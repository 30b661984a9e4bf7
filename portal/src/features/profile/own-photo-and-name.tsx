import type { OwnProfile } from '@fm/sdk/contracts';
import { type FormBindings, PhotoUpload, ReadOnlyField, TextField } from '@fm/widgets/kit';
import { useId } from 'react';
import { api } from '../../shared/api-client.ts';
import { useMyProfile } from './my-profile-store.tsx';
import { toastProfileUpdated, toastProfileUpdateFailed } from './profile-toasts.ts';

/**
 * The signed-in user's own photo (cropped square), saved at once: a consultant's General Info and
 * a franchisor's Contact Info.
 *
 * @example
 * ```tsx
 * <OwnPhotoSection profile={profile} title="Profile photo" />
 * ```
 */
export function OwnPhotoSection({ profile, title }: { profile: OwnProfile; title: string }) {
  const { setProfile } = useMyProfile();
  const id = useId();
  return (
    <section className="profile-form__group" aria-labelledby={id}>
      <h2 className="profile-form__group-title" id={id}>
        {title}
      </h2>
      <PhotoUpload
        src={profile.profilePhoto}
        alt="Your photo"
        placeholder={`${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase()}
        label={profile.profilePhoto ? 'Change photo' : 'Upload photo'}
        cropTitle="Crop your photo"
        onSave={async (profilePhoto) => {
          try {
            setProfile(await api.profile.update({}, { profilePhoto }));
            toastProfileUpdated();
          } catch (error) {
            toastProfileUpdateFailed(error);
            throw error;
          }
        }}
      />
    </section>
  );
}

/**
 * The user's own first and last name, and the e-mail shown but not editable here (their sign-in;
 * it changes through `EmailChangeSection`, which the page shows below the form).
 */
export function OwnNameFields({
  form,
  email,
}: {
  form: FormBindings<{ firstName: string; lastName: string }>;
  email: string;
}) {
  return (
    <>
      <div className="form__row">
        <TextField label="First Name" autoComplete="given-name" field={form.field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" field={form.field('lastName')} />
      </div>
      <ReadOnlyField
        label="Email"
        value={email}
        hint="Your e-mail is your sign-in. Change it under Change Email below."
      />
    </>
  );
}
