/**
 * Staff-side §5, what a referral code may be made of. Zod-free, so the dashboard can check a code as
 * it is typed without shipping the validation library (domain/referral_code.ts applies these).
 */
export const REFERRAL_CODE_MESSAGE = "Code must contain only letters, numbers, underscores, and hyphens";
export const REFERRAL_CODE_CHARACTERS = /^[A-Z0-9_-]+$/;
export const REFERRAL_CODE_MIN = 3;
export const REFERRAL_CODE_MAX = 20;
export const REFERRAL_CODE_TOO_SHORT = `Code must be at least ${REFERRAL_CODE_MIN} characters`;
export const REFERRAL_CODE_TOO_LONG = `Code must be at most ${REFERRAL_CODE_MAX} characters`;
