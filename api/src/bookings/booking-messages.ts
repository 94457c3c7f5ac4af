/** What the booking routes and the payment service answer about a booking (a service never imports a route module). */
export const BOOKING_NOT_FOUND = 'Booking not found';

export const BOOKING_MESSAGES = {
  notYours: 'You can only book for yourself.',
  notYourBooking: 'You can only see and change your own bookings.',
  ended: 'This booking has already taken place: it can no longer be cancelled or moved. You can book it again.',
  notReviewable: 'You can review a booking once it has been paid for and has taken place.',
  alreadyReviewed: 'You have already reviewed this booking.',
  noProfile: 'Complete your profile before booking: the booking carries the name and email saved in it.',
  cartItemGone: 'That item is no longer in your cart (it may already be booked). Nothing was booked for it.',
  cartItemOtherMenu: 'That cart item is for another package. Nothing was booked for it.',
  cartItemOtherAddress: 'That cart item is for another address (or for none: remove it and add it again). Nothing was booked for it.',
} as const;
