/*
 * The values of a consultant profile's field groups, and how a saved consultant fills them: once
 * for the portal's General Info and the admin's Create and Edit Consultant form.
 */

export type ConsultantExpertiseValues = {
  industrySpecialty: readonly string[];
  region: readonly string[];
  groups: readonly string[];
};
export type ConsultantLocationValues = {
  country: string;
  stateProvince: string;
  city: string;
  address: string;
  profileUrl: string;
};

/** The consultant profile's fields that both apps' forms hold: experience, expertise, location. */
export type ConsultantProfileValues = { experienceLevel: string } & ConsultantExpertiseValues &
  ConsultantLocationValues;

/** A saved consultant's location as the API sends it: any part may be unset. */
export type ConsultantLocationSource = {
  [K in keyof ConsultantLocationValues]: string | null;
};

/**
 * The location fields' values of a saved consultant; every field is empty for a new one.
 *
 * @example
 * ```ts
 * consultantLocationValues({ country: 'Canada', stateProvince: null, city: null, address: null, profileUrl: null });
 * // { country: 'Canada', stateProvince: '', city: '', address: '', profileUrl: '' }
 * ```
 */
export function consultantLocationValues(
  saved?: ConsultantLocationSource | null,
): ConsultantLocationValues {
  return {
    country: saved?.country ?? '',
    stateProvince: saved?.stateProvince ?? '',
    city: saved?.city ?? '',
    address: saved?.address ?? '',
    profileUrl: saved?.profileUrl ?? '',
  };
}
