import type { CategoryWords } from '../category-words';

export const haircut: CategoryWords = {
  category: 'Haircut',
  startingPrice: [300, 1_200],
  brands: ['Scissors & Co.', 'Kainchi', 'The Barber Room', 'Mane Street', 'Fade Factory', 'Style Sutra', 'Trim & Tonic', 'The Hair Lab', 'Crown & Comb', 'Ustaad'],
  suffixes: ['Salon', 'Unisex Salon', 'Barbershop', 'Hair Studio'],
  personSuffixes: ['Hair Studio', 'Salon'],
  personNamed: 0.2,
  titles: [
    'Men’s haircut and beard styling at {provider}',
    'Haircuts for women, men and kids at {provider}',
    'Precision haircuts and styling at {provider}, {area}',
    'Groom haircut and grooming at {provider}',
    'Haircut, hair spa and colour at {provider}',
  ],
  intros: [
    '{provider} in {area}, {city} has been cutting hair for {years} years.',
    'A neighbourhood favourite in {area}, {provider} sees more than {count} clients a month.',
    'Trained stylists at {provider} keep up with the cuts people actually ask for in {city}.',
  ],
  details: [
    'Every cut starts with a consultation and ends with a wash and blow-dry.',
    'Fades, textured crops, layers and bobs are our everyday work.',
    'Beard shaping is done with hot towels and a straight razor.',
    'Tools are sterilised after every client and capes are washed daily.',
    'Kids get a quick, patient cut with cartoons on the screen.',
    'Grooms can book a pre-wedding trim a day or two before the function.',
  ],
  closers: [
    'Walk-ins welcome; booking a slot means no waiting.',
    'Open 10 am to 9 pm, seven days a week.',
    'Ask about our monthly grooming membership.',
  ],
  samples: ['Textured crop with a low fade', 'Layered cut with soft curls', 'Beard shaped with a straight razor', 'Classic side parting', 'Bob cut with a blow-dry', 'Kid’s haircut, short and neat'],
  menus: [
    {
      name: 'Classic Haircut',
      serviceType: 'Haircut',
      description: 'A haircut with a wash and a quick style.',
      delivery: ['Same day', 'About 30 minutes'],
      items: [
        { title: 'Haircut', description: 'Consultation and cut', quantity: 1, weight: 4 },
        { title: 'Hair wash', description: 'Shampoo and conditioner', quantity: 1, weight: 1 },
        { title: 'Styling', description: 'Blow-dry or product finish', quantity: 1, weight: 0.8 },
      ],
    },
    {
      name: 'Haircut and Beard',
      serviceType: 'Haircut and grooming',
      description: 'A haircut with beard shaping and a hot towel.',
      delivery: ['Same day', 'About 45 minutes'],
      items: [
        { title: 'Haircut', description: 'Consultation and cut', quantity: 1, weight: 4 },
        { title: 'Beard shaping', description: 'Trim and straight-razor edges', quantity: 1, weight: 2 },
        { title: 'Hot towel', description: 'Before and after the shave', quantity: 1, weight: 0.5 },
        { title: 'Head massage', description: 'Ten minutes with oil', quantity: 1, weight: 1 },
      ],
    },
    {
      name: 'Cut and Blow-Dry',
      serviceType: 'Haircut and styling',
      description: 'A restyle with a wash, cut and a salon blow-dry.',
      delivery: ['Same day', 'About 60 minutes'],
      items: [
        { title: 'Restyle haircut', description: 'Layers, bob or fringe', quantity: 1, weight: 5 },
        { title: 'Hair wash and conditioning', description: 'With a nourishing mask', quantity: 1, weight: 1.5 },
        { title: 'Blow-dry', description: 'Straight, bouncy or curled', quantity: 1, weight: 2 },
        { title: 'Serum finish', description: 'Frizz control', quantity: 1, weight: 0.3 },
      ],
    },
    {
      name: 'Groom Prep',
      serviceType: 'Groom grooming',
      description: 'Haircut, beard styling, facial cleanup and a head massage before the big day.',
      delivery: ['Same day', 'About 2 hours'],
      items: [
        { title: 'Haircut', description: 'Styled for the safa or sehra', quantity: 1, weight: 3 },
        { title: 'Beard styling', description: 'Shaped and set', quantity: 1, weight: 2 },
        { title: 'Facial cleanup', description: 'De-tan and hydrate', quantity: 1, weight: 3 },
        { title: 'Head massage', description: 'Twenty minutes', quantity: 1, weight: 1 },
      ],
    },
  ],
  custom: {
    name: 'Your Style, Your Way',
    serviceType: 'Custom haircut',
    description: 'Bring a reference; the stylist adjusts until the cut is right within a week.',
    delivery: ['Same day'],
    items: [
      { title: 'Consultation', description: 'Face shape and hair type', quantity: 1, weight: 0 },
      { title: 'Haircut', description: 'From your reference', quantity: 1, weight: 5 },
      { title: 'Free correction visit', description: 'Within seven days', quantity: 1, weight: 0 },
    ],
    extraPhotoPrice: null,
    revisions: 1,
  },
};
