/** A production environment with nothing for productionProblems to refuse (made-up live values). */
export const LIVE_PRODUCTION_ENV = Object.freeze({
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'utsav-prod',
  RAZORPAY_KEY_ID: 'rzp_live_abc',
  RAZORPAY_KEY_SECRET: 'live-secret',
  RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret',
  RAZORPAY_API_URL: 'https://api.razorpay.com',
  RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
  PUBLIC_API_URL: 'https://api.utsav.example',
  APP_ORIGINS: 'https://utsav.example,https://catalog.utsav.example',
  INVOICE_GSTIN: '29ABCDE1234F1Z5',
  INVOICE_SELLER_NAME: 'Utsav Marketplace Private Limited',
  INVOICE_SELLER_ADDRESS: '1 MG Road, Bengaluru 560001',
  INVOICE_SELLER_STATE: 'Karnataka',
});
