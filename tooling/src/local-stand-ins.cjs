/**
 * The local stand-ins' public settings (stand-ins/: the payment sandbox and the message catcher): their
 * defaults, and what the API uses out of the box to reach them; production refuses every one of them
 * (api/src/config.ts). Not secrets: they only open the local stand-ins. Real ones come from the environment.
 */
const RAZORPAY_LOCAL = Object.freeze({
  KEY_ID: 'rzp_test_utsav_local',
  KEY_SECRET: 'utsav_local_key_secret_for_the_payment_sandbox',
  WEBHOOK_SECRET: 'utsav_local_webhook_secret_for_the_payment_sandbox',
});

const NOTIFICATIONS_LOCAL = Object.freeze({
  MESSAGE_CATCHER_PORT: 4020,
  MAIL_CATCHER_SMTP_PORT: 1025,
  MAIL_FROM: 'Utsav <bookings@utsav.local>',
  SMS_API_KEY: 'utsav_local_sms_stand_in_key',
  SMS_SENDER: 'UTSAVB',
  // the WhatsApp Business Cloud API's stand-in (POST /<version>/<phone number id>/messages, bearer access token)
  WHATSAPP_ACCESS_TOKEN: 'utsav_local_whatsapp_stand_in_token',
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
});

/** The payment sandbox's local port, which the API's Razorpay addresses default to. */
const PAYMENT_SANDBOX_PORT = 4010;

module.exports = { NOTIFICATIONS_LOCAL, PAYMENT_SANDBOX_PORT, RAZORPAY_LOCAL };
