import type { CategoryWords } from '../category-words';

export const massage: CategoryWords = {
  category: 'Massage',
  startingPrice: [1_200, 4_000],
  brands: ['Ayur', 'Kerala Kalari', 'Sukh', 'Shanti', 'Prana', 'Dhara', 'Tvam', 'Abhyanga', 'Nirvana', 'Vaidya', 'Tulsi'],
  suffixes: ['Spa', 'Wellness', 'Ayurveda Centre', 'Retreat', 'Therapy Studio'],
  personSuffixes: ['Wellness', 'Therapy Studio'],
  personNamed: 0.1,
  titles: [
    'Ayurvedic abhyanga massage at {provider}',
    'Deep tissue and Swedish massage at {provider}',
    'Kerala-style oil massage by {provider}',
    'Couples massage in {area}, {city} at {provider}',
    'Pre-wedding relaxation massage at {provider}',
    'Head, neck and shoulder massage at {provider}',
  ],
  intros: [
    '{provider} in {area}, {city} has offered traditional massage for {years} years.',
    'Therapists at {provider} are trained in Kerala and hold Ayurveda certificates.',
    'A quiet spa in {area}, {provider} has welcomed more than {count} guests.',
  ],
  details: [
    'Warm herbal oils are chosen for your body type after a short consultation.',
    'Deep tissue work eases desk-job stiffness in the back, neck and shoulders.',
    'Each room has a steam shower, and fresh linen is used for every guest.',
    'Female therapists are available for women guests on request.',
    'Shirodhara and potli massage can be added to any session.',
    'Brides often book a session the week before the wedding to unwind.',
  ],
  closers: [
    'Please arrive ten minutes early for herbal tea and the consultation.',
    'Gift vouchers are available for couples and families.',
    'Home visits are possible within {city} for an extra fee.',
  ],
  samples: ['Warm oil poured for shirodhara', 'Potli bags with herbs', 'Treatment room with soft light', 'Hot stone massage setup', 'Herbal oils in brass bowls', 'Couples suite ready for guests'],
  menus: [
    {
      name: 'Relax 60',
      serviceType: 'Swedish massage',
      description: 'A one-hour full-body Swedish massage with light pressure.',
      delivery: ['60 minutes', 'Same day'],
      items: [
        { title: 'Full-body Swedish massage', description: 'Sixty minutes', quantity: 1, weight: 5 },
        { title: 'Steam bath', description: 'Fifteen minutes', quantity: 1, weight: 1 },
        { title: 'Herbal tea', description: 'Before and after', quantity: 1, weight: 0 },
      ],
    },
    {
      name: 'Abhyanga Classic',
      serviceType: 'Ayurvedic massage',
      description: 'Traditional warm-oil abhyanga by one or two therapists.',
      delivery: ['75 minutes', 'Same day'],
      items: [
        { title: 'Abhyanga massage', description: 'Seventy-five minutes with warm herbal oil', quantity: 1, weight: 5 },
        { title: 'Head massage', description: 'With brahmi oil', quantity: 1, weight: 1 },
        { title: 'Steam bath', description: 'Herbal steam', quantity: 1, weight: 1 },
        { title: 'Ubtan scrub', description: 'Gram flour and turmeric', quantity: 1, weight: 0.8 },
      ],
    },
    {
      name: 'Deep Tissue 90',
      serviceType: 'Deep tissue massage',
      description: 'Ninety minutes of firm pressure on the back, neck, shoulders and legs.',
      delivery: ['90 minutes', 'Same day'],
      items: [
        { title: 'Deep tissue massage', description: 'Ninety minutes', quantity: 1, weight: 6 },
        { title: 'Hot stone therapy', description: 'On the back', quantity: 1, weight: 1.5 },
        { title: 'Foot reflexology', description: 'Twenty minutes', quantity: 1, weight: 1 },
      ],
    },
    {
      name: 'Couples Retreat',
      serviceType: 'Couples massage',
      description: 'Side-by-side massages in the couples suite with a bath.',
      delivery: ['2 hours', 'Same day'],
      items: [
        { title: 'Massage (per person)', description: 'Swedish or abhyanga', quantity: 2, weight: 5 },
        { title: 'Aroma bath', description: 'Shared bath with rose petals', quantity: 1, weight: 1.5 },
        { title: 'Fresh juice', description: 'Seasonal', quantity: 2, weight: 0.3 },
      ],
    },
  ],
  custom: {
    name: 'Therapist’s Choice',
    serviceType: 'Custom massage',
    description: 'A session planned around your aches, adjusted on the next visit if needed.',
    delivery: ['Same day'],
    items: [
      { title: 'Consultation', description: 'Posture and pain points', quantity: 1, weight: 0 },
      { title: 'Massage sessions', description: 'Sixty or ninety minutes each', quantity: [1, 3], weight: 5 },
      { title: 'Take-home oil', description: 'Blended for you', quantity: 1, weight: 0.5 },
    ],
    extraPhotoPrice: null,
    revisions: 0.5,
  },
};
