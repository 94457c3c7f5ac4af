export interface ContactForm {
  name: string;
  email: string;
  phone: string;
  requests: string;
}

export type ContactErrors = Partial<Record<'name' | 'email' | 'phone', string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5 Checkout: name, email and phone are required; special requests is optional. */
export function validateContact(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  if (!form.name.trim()) errors.name = 'Full name is required';
  const email = form.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (!EMAIL.test(email)) errors.email = 'Please enter a valid email';
  if (!form.phone.trim()) errors.phone = 'Phone number is required';
  return errors;
}
