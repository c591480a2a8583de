/**
 * Staff-side §5, what a referral code may be made of. Zod-free, so the dashboard can check a code as
 * it is typed without shipping the validation library (domain/referrals.ts builds its schema on it).
 */
export const REFERRAL_CODE_MESSAGE = "Code must contain only letters, numbers, underscores, and hyphens";
export const REFERRAL_CODE_CHARACTERS = /^[A-Z0-9_-]+$/;
export const REFERRAL_CODE_MIN = 3;
export const REFERRAL_CODE_MAX = 20;
