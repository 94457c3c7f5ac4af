import type { CategoryWords } from '../category-words';

export const facial: CategoryWords = {
  category: 'Facial',
  startingPrice: [800, 3_500],
  brands: ['Glow', 'Kumkumadi', 'Chandan', 'Roop', 'Nikhaar', 'Radiance', 'Skin Sutra', 'Velvet', 'Haldi & Honey', 'Tejas'],
  suffixes: ['Skin Studio', 'Beauty Lounge', 'Skin Clinic', 'Facial Bar'],
  personSuffixes: ['Skin Studio', 'Beauty Lounge'],
  personNamed: 0.25,
  titles: [
    'Bridal glow facial at {provider}',
    'Hydrating and anti-tan facials at {provider}',
    'Gold and kumkumadi facials at {provider}',
    'Cleanup and facial packages in {area} at {provider}',
    'Pre-wedding skin care facials by {provider}',
  ],
  intros: [
    '{provider} in {area}, {city} has cared for skin for {years} years.',
    'Led by a trained aesthetician, {provider} has done more than {count} facials in {city}.',
    'A calm studio in {area}, {provider} builds every facial around your skin type.',
  ],
  details: [
    'Each facial starts with a skin analysis under a magnifying lamp.',
    'We use dermatologist-tested products suited to {city}’s weather.',
    'Anti-tan and de-pigmentation facials work on sun damage gently.',
    'The bridal glow course starts four weeks before the wedding.',
    'Sensitive and acne-prone skin get patch tests before any peel.',
    'Every session ends with sunscreen and a short home-care plan.',
  ],
  closers: [
    'Avoid threading or waxing on the day of your facial.',
    'Book a free skin consultation before your first session.',
    'Packages can be shared with a friend or family member.',
  ],
  samples: ['Face mask being applied with a brush', 'Skin analysis under a lamp', 'Kumkumadi oil drops', 'Steam and cleanse step', 'Glowing skin after the facial', 'Facial bed with fresh towels'],
  menus: [
    {
      name: 'Express Cleanup',
      serviceType: 'Facial cleanup',
      description: 'A 40-minute cleanup to remove tan and dullness.',
      delivery: ['40 minutes', 'Same day'],
      items: [
        { title: 'Deep cleanse and scrub', description: 'Removes dead skin', quantity: 1, weight: 2 },
        { title: 'Blackhead extraction', description: 'Nose and chin', quantity: 1, weight: 1 },
        { title: 'Face pack', description: 'Chosen for your skin', quantity: 1, weight: 1.5 },
        { title: 'Sunscreen finish', description: 'SPF 50', quantity: 1, weight: 0 },
      ],
    },
    {
      name: 'Hydra Glow Facial',
      serviceType: 'Facial',
      description: 'A hydrating facial with massage and a sheet mask.',
      delivery: ['60 minutes', 'Same day'],
      items: [
        { title: 'Hydrating facial', description: 'Hyaluronic serum and massage', quantity: 1, weight: 4 },
        { title: 'Sheet mask', description: 'Cooling and calming', quantity: 1, weight: 1 },
        { title: 'Neck and shoulder massage', description: 'Fifteen minutes', quantity: 1, weight: 1 },
      ],
    },
    {
      name: 'Gold Kumkumadi Facial',
      serviceType: 'Ayurvedic facial',
      description: 'A saffron and gold facial for an even, bright tone.',
      delivery: ['75 minutes', 'Same day'],
      items: [
        { title: 'Kumkumadi oil massage', description: 'With saffron and gold', quantity: 1, weight: 4 },
        { title: 'Ubtan polish', description: 'Gram flour, turmeric and rose', quantity: 1, weight: 1 },
        { title: 'Gold foil mask', description: 'Twenty minutes', quantity: 1, weight: 2 },
        { title: 'Under-eye treatment', description: 'Cooling gel pads', quantity: 1, weight: 0.5 },
      ],
    },
    {
      name: 'Bridal Glow Course',
      serviceType: 'Bridal facial',
      description: 'Four weekly facials before the wedding, ending two days before.',
      delivery: ['4 weeks'],
      items: [
        { title: 'Facial sessions', description: 'One a week', quantity: 4, weight: 5 },
        { title: 'Skin analysis', description: 'First and last week', quantity: 2, weight: 0.5 },
        { title: 'Home-care kit', description: 'Cleanser, serum and sunscreen', quantity: 1, weight: 1 },
        { title: 'Body polishing', description: 'Three days before the wedding', quantity: 1, weight: 2 },
      ],
    },
  ],
  custom: {
    name: 'Made-for-You Facial',
    serviceType: 'Custom facial',
    description: 'A facial mixed for your skin on the day, changed on your next visit if needed.',
    delivery: ['Same day'],
    items: [
      { title: 'Skin consultation', description: 'Type, concerns and allergies', quantity: 1, weight: 0 },
      { title: 'Custom facial', description: 'Products chosen on the day', quantity: 1, weight: 5 },
      { title: 'Follow-up check', description: 'A week later', quantity: 1, weight: 0.5 },
    ],
    extraPhotoPrice: null,
    revisions: 0.4,
  },
};
