/** The local stand-ins' public settings (local-stand-ins.cjs). */
export const RAZORPAY_LOCAL: Readonly<{ KEY_ID: string; KEY_SECRET: string; WEBHOOK_SECRET: string }>;
export const NOTIFICATIONS_LOCAL: Readonly<{ MESSAGE_CATCHER_PORT: number; MAIL_CATCHER_SMTP_PORT: number; MAIL_FROM: string; SMS_API_KEY: string; SMS_SENDER: string; WHATSAPP_ACCESS_TOKEN: string; WHATSAPP_PHONE_NUMBER_ID: string }>;
export const PAYMENT_SANDBOX_PORT: number;
