import type { CategoryWords } from '../category-words';

export const personalTraining: CategoryWords = {
  category: 'Personal Training',
  startingPrice: [3_000, 12_000],
  brands: ['Iron Temple', 'Kasrat', 'Akhada', 'Core Crew', 'Body Tuning', 'Stride', 'Peak Form', 'Shakti', 'Move Better'],
  suffixes: ['Fitness', 'Training', 'Performance Lab', 'Coaching'],
  personSuffixes: ['Fitness', 'Coaching', 'Training'],
  personNamed: 0.6,
  titles: [
    'Personal training at home in {city} with {provider}',
    'Wedding fitness programme with {provider}',
    'Strength and weight-loss coaching by {provider}',
    'Yoga and functional training with {provider}',
    'One-on-one personal trainer in {area}: {provider}',
  ],
  intros: [
    '{provider} has coached more than {count} people in {city} over {years} years.',
    'A certified trainer (ACE, K11) with {years} years on the gym floor, {provider} trains clients across {city}.',
    'Based in {area}, {provider} trains clients at home, in parks and at partner gyms.',
  ],
  details: [
    'Every programme starts with a fitness assessment and a posture check.',
    'Sessions mix strength training, mobility and conditioning, planned week by week.',
    'A simple Indian diet plan comes with every programme, with no fad supplements.',
    'The wedding programme is timed so you peak in the week of the functions.',
    'Progress is tracked with measurements and photos every two weeks.',
    'Sessions can be in person, online or a mix of both.',
  ],
  closers: [
    'Your first trial session is free.',
    'Morning and evening slots are available on all days.',
    'Sessions missed with a day’s notice can be rescheduled.',
  ],
  samples: ['Kettlebell swings in a park', 'Trainer correcting a squat', 'Morning yoga on a terrace', 'Resistance band workout at home', 'Couple training before their wedding', 'Stretching after a session'],
  menus: [
    {
      name: 'Starter Month',
      serviceType: 'Personal training',
      description: 'Twelve sessions over four weeks with an assessment and a diet plan.',
      delivery: ['4 weeks (12 sessions)'],
      items: [
        { title: 'Training sessions', description: 'Sixty minutes each', quantity: 12, weight: 5 },
        { title: 'Fitness assessment', description: 'Strength, mobility and body measurements', quantity: 1, weight: 0.5 },
        { title: 'Diet plan', description: 'Home-cooked Indian food', quantity: 1, weight: 1 },
      ],
    },
    {
      name: 'Transformation 12 Weeks',
      serviceType: 'Personal training',
      description: 'Three months of coaching for strength and fat loss.',
      delivery: ['12 weeks (36 sessions)'],
      items: [
        { title: 'Training sessions', description: 'Sixty minutes each', quantity: 36, weight: 5 },
        { title: 'Progress check-ins', description: 'Every two weeks', quantity: 6, weight: 0.5 },
        { title: 'Diet plan updates', description: 'Monthly', quantity: 3, weight: 1 },
        { title: 'Chat support', description: 'Questions answered daily', quantity: 1, weight: 0 },
      ],
    },
    {
      name: 'Wedding Ready',
      serviceType: 'Wedding fitness',
      description: 'A plan that peaks in the week of your wedding, for the bride, groom or both.',
      delivery: ['8 weeks before the wedding'],
      items: [
        { title: 'Training sessions', description: 'Four a week', quantity: 32, weight: 5 },
        { title: 'Posture and mobility work', description: 'For the photos and the dance floor', quantity: 8, weight: 1 },
        { title: 'Diet plan', description: 'Adjusted for function food', quantity: 1, weight: 1 },
        { title: 'Sangeet choreography warm-ups', description: 'Stamina for the dance', quantity: 4, weight: 0.5 },
      ],
    },
  ],
  custom: {
    name: 'Tailored Coaching',
    serviceType: 'Custom personal training',
    description: 'Sessions and goals set together; the plan is revised every month.',
    delivery: ['As scheduled'],
    items: [
      { title: 'Training sessions', description: 'In person or online', quantity: [8, 24], weight: 5 },
      { title: 'Goal-setting call', description: 'Before the first session', quantity: 1, weight: 0 },
      { title: 'Monthly plan review', description: 'With updated targets', quantity: [1, 3], weight: 0.5 },
    ],
    extraPhotoPrice: null,
    revisions: 0.7,
  },
};
