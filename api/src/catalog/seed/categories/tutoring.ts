import type { CategoryWords } from '../category-words';

export const tutoring: CategoryWords = {
  category: 'Tutoring',
  startingPrice: [2_000, 12_000],
  brands: ['Vidya', 'Gyaan', 'Pathshala', 'Shiksha', 'Bright Minds', 'Akshar', 'Ganit', 'Class Apart', 'Lakshya', 'Ekalavya'],
  suffixes: ['Tutorials', 'Academy', 'Learning Centre', 'Classes'],
  personSuffixes: ['Tutorials', 'Classes'],
  personNamed: 0.45,
  titles: [
    'Maths and science tuition for classes 8 to 12 by {provider}',
    'CBSE and ICSE home tutoring by {provider}',
    'JEE and NEET foundation coaching at {provider}',
    'Spoken English classes by {provider}',
    '{language} and Hindi tuition for school students at {provider}',
    'Coding and maths for kids at {provider}',
  ],
  intros: [
    '{provider} has taught more than {count} students in {city} over {years} years.',
    'Run by a teacher with {years} years in CBSE schools, {provider} is in {area}, {city}.',
    'Small batches and home tutoring across {city}: {provider} keeps classes personal.',
  ],
  details: [
    'Lessons follow the school syllabus and add practice from past board papers.',
    'Each student gets a weekly test and a short report for parents.',
    'Doubts can be sent on chat and are answered the same evening.',
    'Batches have at most six students, so no one gets left behind.',
    'Online classes use a shared whiteboard and are recorded for revision.',
    'Foundation courses build the concepts that JEE and NEET ask about later.',
  ],
  closers: [
    'The first class is a free demo.',
    'Timings are set around school hours and exams.',
    'Parents can meet the teacher every month to review progress.',
  ],
  samples: ['Whiteboard with algebra worked out', 'Student solving a geometry problem', 'Books and notes on a study table', 'Small batch in a bright classroom', 'Online class on a laptop', 'Science experiment at the tuition centre'],
  menus: [
    {
      name: 'Monthly Tuition',
      serviceType: 'Tutoring',
      description: 'Eight classes a month in one subject, in a small batch.',
      delivery: ['1 month (8 classes)'],
      items: [
        { title: 'Classes', description: 'Ninety minutes each', quantity: 8, weight: 5 },
        { title: 'Weekly tests', description: 'With corrections', quantity: 4, weight: 1 },
        { title: 'Study material', description: 'Notes and worksheets', quantity: 1, weight: 0.5 },
      ],
    },
    {
      name: 'Home Tutor',
      serviceType: 'Home tutoring',
      description: 'One-on-one classes at home, three times a week.',
      delivery: ['1 month (12 classes)'],
      items: [
        { title: 'Home classes', description: 'One-on-one, sixty minutes', quantity: 12, weight: 5 },
        { title: 'Parent report', description: 'Monthly progress summary', quantity: 1, weight: 0 },
        { title: 'Doubt sessions', description: 'On chat or call', quantity: 4, weight: 0.5 },
      ],
    },
    {
      name: 'Board Exam Crash Course',
      serviceType: 'Exam preparation',
      description: 'Six weeks of revision and mock papers before the board exams.',
      delivery: ['6 weeks'],
      items: [
        { title: 'Revision classes', description: 'Every chapter, twice', quantity: 24, weight: 5 },
        { title: 'Mock papers', description: 'Timed and marked', quantity: 6, weight: 1.5 },
        { title: 'Answer-writing workshop', description: 'How examiners mark', quantity: 2, weight: 0.5 },
      ],
    },
    {
      name: 'Foundation Year',
      serviceType: 'JEE and NEET foundation',
      description: 'A school-year course in physics, chemistry, maths and biology.',
      delivery: ['10 months'],
      items: [
        { title: 'Classes (per month)', description: 'Four subjects, twelve classes', quantity: 10, weight: 6 },
        { title: 'Monthly tests', description: 'JEE and NEET pattern', quantity: 10, weight: 1 },
        { title: 'Printed modules', description: 'Theory and practice questions', quantity: 4, weight: 1 },
      ],
    },
  ],
  custom: {
    name: 'Custom Learning Plan',
    serviceType: 'Custom tutoring',
    description: 'Subjects and pace chosen for your child; the plan is revised after each test.',
    delivery: ['As scheduled'],
    items: [
      { title: 'Assessment test', description: 'To find the gaps', quantity: 1, weight: 0 },
      { title: 'Classes', description: 'One-on-one or in pairs', quantity: [8, 16], weight: 5 },
      { title: 'Plan reviews', description: 'After each test', quantity: [1, 3], weight: 0.5 },
    ],
    extraPhotoPrice: null,
    revisions: 0.8,
  },
};
