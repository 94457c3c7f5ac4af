/** Business constants of the spec (§9). Amount rates are in basis points so money stays integer. */
export const BOOKING_ADVANCE_BPS = 1000; // 10% of the booking amount
export const PLATFORM_FEE_BPS = 200; // 2% of the advance
export const GST_ON_FEE_BPS = 1800; // 18% of the platform fee

export const RESEND_COUNTDOWN_SECONDS = 60;
export const POST_LOGIN_REDIRECT_MS = 2000;

export const PHONE_MAX_LENGTH = 15;
export const PHONE_MIN_DIGITS = 10;
export const OTP_LENGTH = 6;
export const COUNTRY_CODE = '+91';

export const SEARCH_DEBOUNCE_MS = 400;
export const SWIPE_THRESHOLD_PX = 50;
export const POPULAR_LIMIT = 4;
export const LATEST_LIMIT = 2;
export const CALENDAR_WEEKS = 6;
export const ONBOARDING_STEPS = 2;

export const TOAST_DEFAULT_DURATION_MS = 4000;
export const TOAST_MAX_VISIBLE = 5;

/** Slot selection (spec §5): hourly start 08:00–17:00 and end 09:00–18:00, defaults 09:00 and 17:00. */
export const SLOT_START_HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17] as const;
export const SLOT_END_HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18] as const;
export const DEFAULT_START_TIME = '09:00';
export const DEFAULT_END_TIME = '17:00';
export const BOOKING_NOTE_MAX_LENGTH = 500;
