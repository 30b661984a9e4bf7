import {
  type ContactProfile,
  ContactProfilePatchSchema,
  type OwnProfile,
  TOASTS,
} from '@fm/sdk/contracts';
import { CheckboxField, LoadStatus, PhoneField, PositionField } from '@fm/widgets/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { api } from '../../../shared/api-client.ts';
import { contactQuery } from '../contact-query.ts';
import { EmailChangeSection } from '../email-change-section.tsx';
import { useMyProfile } from '../my-profile-store.tsx';
import { OwnNameFields, OwnPhotoSection } from '../own-photo-and-name.tsx';
import { changedValues } from '../profile-patch.ts';
import { failureText } from '../profile-toasts.ts';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useProfileSectionForm } from '../use-profile-section-form.ts';

const contactEntries = ContactProfilePatchSchema.entries.data.entries;
const franchisorSchema = v.object({
  firstName: contactEntries.firstName,
  lastName: contactEntries.lastName,
  phone: contactEntries.phone,
  position: contactEntries.position,
  smsConsent: contactEntries.smsConsent,
});
const consultantSchema = v.omit(franchisorSchema, ['smsConsent']);

/**
 * Contact Info: the user's own names, phone and position (the e-mail is shown, not editable in this
 * form; Change Email below changes it with the password and a link), SMS
 * consent for franchisors only, and for franchisors the franchise's members with the billing
 * contact (user-area §5).
 */
export function ContactSection({ profile }: { profile: OwnProfile }) {
  const queryClient = useQueryClient();
  const query = useQuery(contactQuery);
  const contact = query.data;
  if (contact === undefined || query.isError) {
    return (
      <LoadStatus
        pending={query.isPending}
        error={query.isError ? failureText(query.error, TOASTS.failedToUpdateProfile) : null}
        onRetry={query.refetch}
        loadingText="Loading your contact details…"
        loadingClassName="page__status"
      />
    );
  }
  const isFranchisor = profile.role === 'franchisor';
  const update = (next: ContactProfile) => queryClient.setQueryData(contactQuery.queryKey, next);
  return (
    <>
      <ContactForm profile={profile} contact={contact} onSaved={update} />
      <EmailChangeSection profile={profile} />
      {isFranchisor ? <OwnPhotoSection profile={profile} title="Your photo" /> : null}
      {isFranchisor && profile.franchise ? (
        <MembersBlock contact={contact} onChanged={update} />
      ) : null}
    </>
  );
}

function ContactForm({
  profile,
  contact,
  onSaved,
}: {
  profile: OwnProfile;
  contact: ContactProfile;
  onSaved: (contact: ContactProfile) => void;
}) {
  const { refresh } = useMyProfile();
  const isFranchisor = profile.role === 'franchisor';
  const form = useProfileSectionForm({
    schema: isFranchisor ? franchisorSchema : consultantSchema,
    initialValues: {
      firstName: contact.firstName,
      lastName: contact.lastName,
      phone: contact.phone ?? '',
      position: contact.position ?? '',
      smsConsent: contact.smsConsent,
    },
    save: async ({ values, changed }) => {
      const keys = isFranchisor
        ? ['firstName', 'lastName', 'phone', 'position', 'smsConsent']
        : ['firstName', 'lastName', 'phone', 'position'];
      try {
        const data = changedValues(values, changed, keys) as Parameters<
          typeof api.profile.updateContact
        >[0];
        onSaved(await api.profile.updateContact(data));
      } catch (error) {
        toast.error(failureText(error, TOASTS.failedToUpdateProfile));
        throw error;
      }
      // Completeness (the Contact step) and the header follow the saved contact.
      await refresh();
    },
  });

  return (
    <SectionForm form={form} label="Contact Info">
      <FormSection title="Your contact details">
        <OwnNameFields form={form} email={contact.email} />
        <div className="form__row">
          <PhoneField form={form} />
          <PositionField form={form} />
        </div>
        {isFranchisor ? (
          <CheckboxField required={false} field={form.checkbox('smsConsent')}>
            I agree to receive text messages (SMS) about my meetings and account.
          </CheckboxField>
        ) : null}
      </FormSection>
    </SectionForm>
  );
}

/**
 * The franchise's members: any of them can be made the only billing contact; the billing contact
 * itself cannot be removed (the server refuses with 'Billing address can not be deleted').
 */
function MembersBlock({
  contact,
  onChanged,
}: {
  contact: ContactProfile;
  onChanged: (contact: ContactProfile) => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const setBilling = async (email: string) => {
    setBusy(email || 'remove');
    setMessage(null);
    try {
      onChanged(await api.profile.setBillingContact(email));
      toast.success(TOASTS.billingAddressUpdated);
    } catch (error) {
      const text = failureText(error, TOASTS.failedToUpdateProfile);
      setMessage(text);
      toast.error(text);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="profile-form__group members" aria-labelledby="members-title">
      <h2 className="profile-form__group-title" id="members-title">
        Franchise members
      </h2>
      <p className="profile-form__group-text">
        The billing contact receives the franchise's invoices and receipts. Any member can be made
        the billing contact; there is always exactly one.
      </p>
      <ul className="members__list">
        {contact.members.map((member) => {
          const name = `${member.firstName} ${member.lastName}`.trim();
          return (
            <li
              key={member.id}
              className="members__item"
              data-billing={member.isBillingContact ? '' : undefined}
              aria-label={name}
            >
              <div className="members__who">
                <span className="members__name">
                  {name}
                  {member.isYou ? <span className="pill"> You</span> : null}
                  {member.isBillingContact ? (
                    <span className="pill pill--success">Billing contact</span>
                  ) : null}
                </span>
                <span className="members__meta">
                  {member.email}
                  {member.position ? ` · ${member.position}` : ''}
                </span>
              </div>
              {member.isBillingContact ? (
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy !== null}
                  aria-busy={busy === 'remove'}
                  onClick={() => void setBilling('')}
                >
                  Remove billing contact
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy !== null}
                  aria-busy={busy === member.email}
                  onClick={() => void setBilling(member.email)}
                >
                  Make billing contact
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {message ? (
        <p className="form-alert" role="alert">
          {message}
        </p>
      ) : null}
    </section>
  );
}
