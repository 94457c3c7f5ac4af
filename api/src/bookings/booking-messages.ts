/** What the booking routes and the payment service answer about a booking (a service never imports a route module). */
export const BOOKING_NOT_FOUND = 'booking.notFound';

export const BOOKING_MESSAGES = {
  notYours: 'booking.notYours',
  notYourBooking: 'booking.notYourBooking',
  ended: 'booking.ended',
  notReviewable: 'booking.notReviewable',
  alreadyReviewed: 'booking.alreadyReviewed',
  noProfile: 'booking.noProfile',
  cartItemGone: 'booking.cartItemGone',
  cartItemOtherMenu: 'booking.cartItemOtherMenu',
  cartItemOtherAddress: 'booking.cartItemOtherAddress',
} as const;
