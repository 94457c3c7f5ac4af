import type { CategoryWords } from '../category-words';

export const manicurePedicure: CategoryWords = {
  category: 'Manicure/Pedicure',
  startingPrice: [500, 2_000],
  brands: ['Polished', 'Nail Mantra', 'The Nail Story', 'Pink Lotus', 'Gloss', 'Tips & Toes', 'Nail Nation', 'Coral', 'Mehendi & Nails'],
  suffixes: ['Nail Bar', 'Nail Studio', 'Spa', 'Lounge'],
  personSuffixes: ['Nail Studio', 'Nail Bar'],
  personNamed: 0.2,
  titles: [
    'Manicure and pedicure at {provider}',
    'Bridal nail art and gel extensions at {provider}',
    'Spa pedicure and manicure in {area}, {city} at {provider}',
    'Gel polish and nail art by {provider}',
    'Foot spa and pedicure at {provider}',
  ],
  intros: [
    '{provider} in {area}, {city} has been doing nails for {years} years.',
    'Nail technicians at {provider} have done more than {count} sets of bridal nails.',
    'A bright little studio in {area}, {provider} is {city}’s go-to for gel and nail art.',
  ],
  details: [
    'Every manicure includes shaping, cuticle care and a hand massage.',
    'Tools are autoclaved and files are single-use.',
    'Gel polish lasts up to three weeks without chipping.',
    'Nail art ranges from a simple French tip to hand-painted mehendi motifs.',
    'Spa pedicures use a warm soak, scrub, mask and a foot massage.',
    'Bridal nails are planned to match your lehenga and jewellery.',
  ],
  closers: [
    'Please come with bare nails or allow time for removal.',
    'Walk-ins welcome on weekdays; book ahead for weekends.',
    'Ask about group bookings for the bride and her friends.',
  ],
  samples: ['Red gel manicure with gold accents', 'French tips on almond nails', 'Hand-painted mehendi nail art', 'Pedicure with a warm foot soak', 'Pastel nail art for the haldi', 'Glitter ombre extensions'],
  menus: [
    {
      name: 'Classic Manicure',
      serviceType: 'Manicure',
      description: 'Shaping, cuticle care, a hand massage and regular polish.',
      delivery: ['30 minutes', 'Same day'],
      items: [
        { title: 'Nail shaping and cuticle care', description: 'File, buff and trim', quantity: 1, weight: 2 },
        { title: 'Hand massage', description: 'With moisturising cream', quantity: 1, weight: 1 },
        { title: 'Regular polish', description: 'Any shade', quantity: 1, weight: 1 },
      ],
    },
    {
      name: 'Spa Pedicure',
      serviceType: 'Pedicure',
      description: 'A warm soak, scrub, mask and foot massage.',
      delivery: ['50 minutes', 'Same day'],
      items: [
        { title: 'Foot soak', description: 'Warm water with salts', quantity: 1, weight: 1 },
        { title: 'Scrub and callus care', description: 'Smooth heels', quantity: 1, weight: 2 },
        { title: 'Foot mask', description: 'Hydrating', quantity: 1, weight: 1 },
        { title: 'Foot massage', description: 'Ten minutes', quantity: 1, weight: 1 },
        { title: 'Polish', description: 'Regular or gel', quantity: 1, weight: 1 },
      ],
    },
    {
      name: 'Gel Mani-Pedi',
      serviceType: 'Manicure and pedicure',
      description: 'Manicure and pedicure with long-lasting gel polish.',
      delivery: ['90 minutes', 'Same day'],
      items: [
        { title: 'Manicure', description: 'Shaping and cuticle care', quantity: 1, weight: 2 },
        { title: 'Pedicure', description: 'Soak and scrub', quantity: 1, weight: 2.5 },
        { title: 'Gel polish', description: 'Hands and feet', quantity: 2, weight: 1.2 },
        { title: 'Nail art (per nail)', description: 'Accent nails', quantity: [2, 4], weight: 0.4 },
      ],
    },
    {
      name: 'Bridal Nails',
      serviceType: 'Bridal manicure and pedicure',
      description: 'Extensions with hand-painted art, plus a spa pedicure.',
      delivery: ['3 hours', 'Same day'],
      items: [
        { title: 'Gel extensions', description: 'Almond or coffin shape', quantity: 1, weight: 4 },
        { title: 'Hand-painted nail art', description: 'Designed to match your outfit', quantity: 10, weight: 0.4 },
        { title: 'Spa pedicure', description: 'With gel polish', quantity: 1, weight: 2 },
        { title: 'Paraffin wax', description: 'Soft hands for the photos', quantity: 1, weight: 1 },
      ],
    },
  ],
  custom: {
    name: 'Design Your Nails',
    serviceType: 'Custom nail art',
    description: 'Bring a design; we sketch it first and change it until you love it.',
    delivery: ['Same day'],
    items: [
      { title: 'Design sketch', description: 'Drawn before we start', quantity: 1, weight: 0 },
      { title: 'Gel base', description: 'Hands or hands and feet', quantity: [1, 2], weight: 2 },
      { title: 'Custom art (per nail)', description: 'Hand-painted', quantity: 10, weight: 0.5 },
    ],
    extraPhotoPrice: null,
    revisions: 0.8,
  },
};
