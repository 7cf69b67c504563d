/** The user as the API sends it, and the bodies of login and the profile (SPEC §3, §7). */
import { Type } from 'typebox';
import { OTP_LENGTH } from '../constants';
import { GenderSchema, Geocoordinate, LanguageSchema, MobileNumber, Nullable, Text, UploadUrl } from './common';

export const User = Type.Object({
  _id: Type.String(),
  mobileNumber: Type.String(),
  name: Nullable(Type.String()),
  preferredLanguage: Nullable(LanguageSchema),
  profilePhoto: Nullable(Type.String()),
  aadhaar: Nullable(Type.String()),
  gender: Nullable(GenderSchema),
  age: Nullable(Type.Integer()),
  farmAddress: Nullable(Type.String()),
  geocoordinate: Nullable(Geocoordinate),
  isLoggedIn: Type.Boolean(),
  profileUpdated: Type.Boolean(),
  isVerified: Type.Boolean(),
  isAdmin: Type.Boolean(),
  /** When the sign-up form was last sent (ISO 8601, from the server), or null before. */
  profileSubmittedAt: Nullable(Type.String({ format: 'date-time' })),
  /**
   * When a verified farmer changed the name or Aadhaar, which put the account back under verification
   * (ISO 8601), or null; cleared when an admin verifies again.
   */
  detailsChangedAt: Nullable(Type.String({ format: 'date-time' })),
  /** When the farmer closed the account (ISO 8601), or null for an open one. */
  removedAt: Nullable(Type.String({ format: 'date-time' })),
});

export const RequestOtpBody = Type.Object(
  {
    mobileNumber: MobileNumber,
    /** The language the app shows; the login SMS of a number the server does not know yet uses it. */
    preferredLanguage: Type.Optional(LanguageSchema),
    /** A solved proof-of-work challenge (base64 of ALTCHA's JSON payload): a new number past the hour's budgets needs one. */
    altcha: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export const RequestOtpResponse = Type.Object({ resendAfterSeconds: Type.Integer() });
/** GET /auth/challenge: an ALTCHA challenge (SHA-256) that expires in five minutes. */
export const OtpChallenge = Type.Object({
  algorithm: Type.Literal('SHA-256'),
  challenge: Type.String(),
  maxnumber: Type.Integer(),
  salt: Type.String(),
  signature: Type.String(),
});
export const VerifyOtpBody = Type.Object(
  { mobileNumber: MobileNumber, otp: Type.String({ pattern: `^[0-9]{${OTP_LENGTH}}$` }) },
  { additionalProperties: false },
);
export const VerifyOtpResponse = Type.Object({ token: Type.String(), profileUpdated: Type.Boolean() });
/** The caller's profile, and whether the caller is an analyst (who reads /analyst and fills in no farmer profile). */
export const ProfileResponse = Type.Object({ user: User, isAnalyst: Type.Boolean() });
export const LoggedOut = Type.Object({ loggedOut: Type.Boolean() });

export const LanguageOnlyBody = Type.Object({ preferredLanguage: LanguageSchema }, { additionalProperties: false });
export const ProfileBody = Type.Object(
  {
    name: Text(100),
    mobileNumber: MobileNumber,
    preferredLanguage: Type.Optional(LanguageSchema),
    profilePhoto: Type.Optional(Type.Union([UploadUrl, Type.Null()])),
    aadhaar: UploadUrl,
    gender: GenderSchema,
    age: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 120 }), Type.Null()])),
    farmAddress: Text(500),
    geocoordinate: Type.Optional(Nullable(Geocoordinate)),
  },
  // The order the first missing field is named in when several are (gender before aadhaar).
  { additionalProperties: false, required: ['name', 'mobileNumber', 'gender', 'aadhaar', 'farmAddress'] },
);
/** PUT /users/profile: the language alone, or the full profile sent for verification. */
export const ProfileUpdateBody = Type.Union([LanguageOnlyBody, ProfileBody]);
