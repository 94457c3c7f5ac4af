import type { ServiceCategory } from '@utsav/contracts/schemas';

/**
 * What seeded reviews are made of. A review is an opener for its stars, one or two remarks about the
 * category's work (praise for 4–5 stars, a gripe for 1–3, sometimes both for 3–4) and often a closer.
 * `{city}` is the service's city.
 */
export interface CategoryReviewWords {
  praise: readonly string[];
  gripes: readonly string[];
}

export const OPENERS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Absolutely wonderful experience.',
    'Could not have asked for more.',
    'Exceeded every expectation we had.',
    'Brilliant from start to finish.',
    'Ten on ten, honestly.',
    'Best decision we made for the function.',
  ],
  4: [
    'Very good overall.',
    'Really happy with how it went.',
    'Good work at a fair price.',
    'A pleasant experience, with a couple of small hiccups.',
    'Would rate them highly.',
  ],
  3: ['Decent, but not perfect.', 'A mixed experience.', 'Okay overall.', 'Average, nothing special.'],
  2: ['Not what we were promised.', 'Quite disappointed, to be honest.', 'Expected a lot more for the price.'],
  1: ['Very poor experience.', 'Would not recommend.', 'Unfortunately a letdown from the first call.'],
};

export const CLOSERS_GOOD = [
  'Would book again.',
  'Highly recommended.',
  'Will recommend them to friends and family.',
  'Thank you to the whole team!',
  'Already planning to book them for the next occasion.',
  'Worth every rupee.',
] as const;

export const CLOSERS_BAD = [
  'Would not book again.',
  'Hope they improve.',
  'Please read the package details carefully before booking.',
  'Communication needs to be much better.',
] as const;

/** Reviewers' names: people from across India. */
export const REVIEWER_FIRST_NAMES = [
  'Aarti', 'Abhishek', 'Aditi', 'Akash', 'Alisha', 'Amit', 'Ananya', 'Anil', 'Anjali', 'Arjun', 'Bhavna', 'Chetan',
  'Deepak', 'Divya', 'Esha', 'Farah', 'Gaurav', 'Geeta', 'Harish', 'Isha', 'Jaya', 'Karan', 'Kavita', 'Lakshmi',
  'Madhav', 'Manpreet', 'Meena', 'Mohit', 'Nandini', 'Naveen', 'Neha', 'Nikita', 'Pallavi', 'Pooja', 'Prakash',
  'Priya', 'Rahul', 'Rajesh', 'Ravi', 'Rekha', 'Rohit', 'Sahil', 'Sandeep', 'Shalini', 'Shreya', 'Simran', 'Sneha',
  'Sunil', 'Swati', 'Tanya', 'Uday', 'Varun', 'Vidya', 'Vikas', 'Yash', 'Zainab',
] as const;

export const REVIEWER_LAST_NAMES = [
  'Agarwal', 'Bhat', 'Chauhan', 'Das', 'Deshpande', 'Fernandes', 'Ghosh', 'Gill', 'Gupta', 'Hegde', 'Iyer', 'Jain',
  'Joshi', 'Kapoor', 'Khan', 'Kumar', 'Menon', 'Mishra', 'Mukherjee', 'Naidu', 'Nair', 'Pandey', 'Patel', 'Pillai',
  'Qureshi', 'Rao', 'Reddy', 'Saxena', 'Sen', 'Shah', 'Sharma', 'Singh', 'Srinivasan', 'Thakur', 'Varma', 'Yadav',
] as const;

export const REVIEW_WORDS: Record<ServiceCategory, CategoryReviewWords> = {
  Photography: {
    praise: [
      'The candid shots from the haldi are our favourites.',
      'They captured every ritual without getting in the way.',
      'The album arrived on time and the printing quality is superb.',
      'Our parents loved the traditional portraits.',
      'The drone shots of the baraat looked like a film.',
      'They knew exactly when to step in during the pheras.',
    ],
    gripes: [
      'The edited photos took almost two months to arrive.',
      'Some family group shots were missed.',
      'The second shooter left before the reception ended.',
    ],
  },
  Catering: {
    praise: [
      'Guests are still talking about the biryani.',
      'The live chaat counter was a huge hit.',
      'Service staff were polite and kept the buffet full all evening.',
      'They handled the Jain menu separately without any fuss.',
      'Food was hot and fresh even for the late guests.',
      'The tasting session helped us fix the menu quickly.',
    ],
    gripes: [
      'The dessert counter ran out early.',
      'Serving started almost an hour late.',
      'The paneer dish was too oily for many guests.',
    ],
  },
  Makeup: {
    praise: [
      'The bridal look lasted through the whole night, even in the heat.',
      'She listened to what I wanted and kept it natural.',
      'The hairstyle stayed in place through all the dancing.',
      'My mother and sisters were ready on time as well.',
      'The airbrush base looked flawless in photos.',
      'Very hygienic, with fresh brushes and good products.',
    ],
    gripes: [
      'The artist arrived forty minutes late.',
      'The foundation shade was a little too light.',
      'The draping had to be redone before the ceremony.',
    ],
  },
  Venues: {
    praise: [
      'The lawn looked beautiful with the lights at night.',
      'Parking was easy even with three hundred guests.',
      'The banquet staff coordinated well with our decorator.',
      'Rooms for the family were clean and comfortable.',
      'The mandap area had plenty of space for everyone.',
      'The manager was available on call throughout.',
    ],
    gripes: [
      'The air conditioning in the hall struggled in the afternoon.',
      'Washrooms were not cleaned often enough.',
      'There were hidden charges for the generator.',
    ],
  },
  Haircut: {
    praise: [
      'Got exactly the cut I showed in the picture.',
      'Clean salon and friendly stylists.',
      'The head massage after the wash was a nice touch.',
      'Booked a slot and was seated on time, no waiting.',
      'The beard trim and styling were spot on.',
      'My daughter’s first haircut went smoothly, they were very patient.',
    ],
    gripes: ['Had to wait twenty minutes past my slot.', 'The cut was shorter than I asked for.', 'A bit pricey for a simple trim.'],
  },
  Massage: {
    praise: [
      'The abhyanga with warm oil was deeply relaxing.',
      'My back pain eased after just two sessions.',
      'The therapist checked the pressure throughout.',
      'Calm rooms and fresh linen every time.',
      'The shirodhara was the highlight of my week.',
      'Booked a couples session before our wedding, it was perfect.',
    ],
    gripes: ['The room was a bit noisy from the road.', 'The session felt rushed at the end.', 'The oil was too strong for my liking.'],
  },
  Facial: {
    praise: [
      'My skin was glowing for days afterwards.',
      'She explained every step and the products used.',
      'The pre-bridal package made a visible difference.',
      'No irritation at all, even with my sensitive skin.',
      'The cleanup was thorough and very gentle.',
      'Lovely ambience and very professional staff.',
    ],
    gripes: ['Some redness lasted a day.', 'They pushed extra products quite a lot.', 'The session started late.'],
  },
  'Manicure/Pedicure': {
    praise: [
      'The gel polish lasted more than three weeks.',
      'Very neat nail art, exactly as I wanted.',
      'The foot spa was relaxing and the tools were sterilised.',
      'Perfect for a quick touch-up before a function.',
      'They shaped my nails beautifully.',
      'Friendly staff and a clean, bright studio.',
    ],
    gripes: ['The polish chipped within a week.', 'The cuticle work was a bit rough.', 'Took longer than the booked time.'],
  },
  'Personal Training': {
    praise: [
      'Lost six kilos before the wedding with their plan.',
      'The trainer is patient and always on time.',
      'The diet advice was practical and Indian-food friendly.',
      'Sessions are varied, never boring.',
      'My posture and back have improved a lot.',
      'Great motivation on the days I wanted to skip.',
    ],
    gripes: ['A few sessions were rescheduled at short notice.', 'The diet plan was hard to follow.', 'Progress tracking was irregular.'],
  },
  Tutoring: {
    praise: [
      'My son’s maths marks went up in one term.',
      'The tutor explains concepts very clearly.',
      'Regular tests helped my daughter prepare for the boards.',
      'Flexible timings around school and tuition classes.',
      'Patient with doubts, never makes the child feel small.',
      'Weekly updates to parents are very helpful.',
    ],
    gripes: ['A few classes were cancelled late.', 'The pace was too fast for my child.', 'Homework was not always checked.'],
  },
  'Wedding Planning': {
    praise: [
      'They handled every vendor so we could enjoy our own wedding.',
      'The sangeet was planned to the minute.',
      'Decor ideas fitted our budget without looking cheap.',
      'Guest hospitality at the hotel was excellent.',
      'The team stayed calm even when it rained during the mehendi.',
      'Timelines were shared in advance and followed.',
    ],
    gripes: [
      'Some decor items did not match the mood board.',
      'The final bill was higher than the estimate.',
      'Coordination with the caterer slipped on the main day.',
    ],
  },
};
