/** The sign-up form's rules (SPEC §5): what is required, what an image may be, the profile body. */
import type { ProfileBody } from './api';
import { isValidMobile } from './constants';
import { GENDERS, type Gender, type Geocoordinate, type Language } from './types';

export interface DetailsForm {
  name: string;
  mobileNumber: string;
  gender: Gender | '';
  /** As typed; optional. */
  age: string;
  farmAddress: string;
  preferredLanguage: Language | null;
  geocoordinate: Geocoordinate | null;
}

export const REQUIRED_FIELDS = ['name', 'mobileNumber', 'gender', 'aadhaar', 'farmAddress'] as const;
export type RequiredField = (typeof REQUIRED_FIELDS)[number];

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const isAcceptedImageType = (type: string): boolean => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type);

/** An age is optional; when given it is a whole number of years from 1 to 120. */
export function parseAge(value: string): number | null | 'invalid' {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!/^[0-9]{1,3}$/.test(trimmed)) return 'invalid';
  const age = Number(trimmed);
  return age >= 1 && age <= 120 ? age : 'invalid';
}

/** The required fields still missing (the Aadhaar image counts as a field). */
export function missingFields(form: DetailsForm, aadhaarUrl: string | null): RequiredField[] {
  const missing: RequiredField[] = [];
  if (form.name.trim() === '') missing.push('name');
  if (!isValidMobile(form.mobileNumber)) missing.push('mobileNumber');
  if (!(GENDERS as readonly string[]).includes(form.gender)) missing.push('gender');
  if (!aadhaarUrl) missing.push('aadhaar');
  if (form.farmAddress.trim() === '') missing.push('farmAddress');
  return missing;
}

export const isFormComplete = (form: DetailsForm, aadhaarUrl: string | null): boolean =>
  missingFields(form, aadhaarUrl).length === 0 && parseAge(form.age) !== 'invalid';

/** The PUT /users/profile body of a completed form. */
export function profileBody(form: DetailsForm, urls: { profilePhoto: string | null; aadhaar: string }): ProfileBody {
  const age = parseAge(form.age);
  return {
    name: form.name.trim(),
    mobileNumber: form.mobileNumber,
    preferredLanguage: form.preferredLanguage ?? undefined,
    profilePhoto: urls.profilePhoto,
    aadhaar: urls.aadhaar,
    gender: form.gender as Gender,
    age: age === 'invalid' ? null : age,
    farmAddress: form.farmAddress.trim(),
    geocoordinate: form.geocoordinate,
  };
}
