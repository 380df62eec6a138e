/** The profile fields checkout needs (spec §5), with the labels the banner lists. */
export interface ProfileFacts {
  name: string | null;
  phone: string | null;
  address: string | null;
  location: string | null;
  email: string | null;
}

export const PROFILE_FIELD_LABELS = {
  name: 'Full name',
  phone: 'Phone number',
  email: 'Email',
  address: 'Delivery address',
  location: 'Location',
} as const;

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/** The labels of what is missing, in the spec's order; an empty list means the profile is complete. */
export function missingProfileFields(profile: ProfileFacts): string[] {
  const missing: string[] = [];
  if (blank(profile.name)) missing.push(PROFILE_FIELD_LABELS.name);
  if (blank(profile.phone)) missing.push(PROFILE_FIELD_LABELS.phone);
  if (blank(profile.email)) missing.push(PROFILE_FIELD_LABELS.email);
  if (blank(profile.address)) missing.push(PROFILE_FIELD_LABELS.address);
  if (blank(profile.location)) missing.push(PROFILE_FIELD_LABELS.location);
  return missing;
}
