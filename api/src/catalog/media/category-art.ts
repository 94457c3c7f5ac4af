import type { ServiceCategory } from '@utsav/contracts/schemas';

/** A category's look: a two-stop gradient and a line drawing in a 100 × 100 box (stroked in white). */
export interface CategoryArt {
  from: string;
  to: string;
  motif: string;
}

export const CATEGORY_ART: Record<ServiceCategory, CategoryArt> = {
  // a camera
  Photography: {
    from: '#3b1f4a',
    to: '#c2185b',
    motif: '<rect x="12" y="30" width="76" height="50" rx="10"/><path d="M36 30l6-10h16l6 10"/><circle cx="50" cy="55" r="15"/><circle cx="50" cy="55" r="6"/><circle cx="76" cy="40" r="2"/>',
  },
  // a cloche on a tray
  Catering: {
    from: '#f4a259',
    to: '#bc4b51',
    motif: '<path d="M12 72h76M18 72a32 32 0 0 1 64 0M50 40v-6M44 34h12M28 82h44"/>',
  },
  // a lipstick
  Makeup: {
    from: '#f7a1b5',
    to: '#9c1f4f',
    motif: '<rect x="36" y="58" width="28" height="30" rx="4"/><rect x="40" y="44" width="20" height="14"/><path d="M42 44V22l16 8v14"/>',
  },
  // a palace arch
  Venues: {
    from: '#0f4c5c',
    to: '#c9a227',
    motif: '<path d="M16 88V50q0-9 9-13l25-17 25 17q9 4 9 13v38M36 88V66a14 14 0 0 1 28 0v22M8 88h84M50 20V8"/>',
  },
  // scissors
  Haircut: {
    from: '#22313f',
    to: '#4f9dde',
    motif: '<circle cx="30" cy="74" r="11"/><circle cx="70" cy="74" r="11"/><path d="M38 66L76 16M62 66L24 16"/>',
  },
  // stacked stones and a leaf
  Massage: {
    from: '#4f6d55',
    to: '#d8c99b',
    motif: '<ellipse cx="50" cy="80" rx="30" ry="9"/><ellipse cx="50" cy="62" rx="22" ry="8"/><ellipse cx="50" cy="46" rx="14" ry="7"/><path d="M50 39c-2-12 6-20 18-22 0 12-8 20-18 22z"/>',
  },
  // a lotus
  Facial: {
    from: '#f6bd9c',
    to: '#d16d7a',
    motif: '<path d="M50 84C30 70 30 46 50 26c20 20 20 44 0 58zM50 84C34 84 16 74 12 54c16-2 30 6 38 30zM50 84c16 0 34-10 38-30-16-2-30 6-38 30z"/>',
  },
  // a nail-polish bottle
  'Manicure/Pedicure': {
    from: '#b8a1e3',
    to: '#6a2c9f',
    motif: '<rect x="26" y="46" width="48" height="42" rx="10"/><rect x="40" y="32" width="20" height="14"/><rect x="44" y="10" width="12" height="22" rx="3"/>',
  },
  // a dumbbell
  'Personal Training': {
    from: '#1b263b',
    to: '#2a9d8f',
    motif: '<path d="M30 50h40"/><rect x="10" y="32" width="10" height="36" rx="3"/><rect x="80" y="32" width="10" height="36" rx="3"/><rect x="20" y="38" width="10" height="24" rx="2"/><rect x="70" y="38" width="10" height="24" rx="2"/>',
  },
  // an open book
  Tutoring: {
    from: '#1d3557',
    to: '#5fa8d3',
    motif: '<path d="M50 30C40 22 24 22 12 26v52c12-4 28-4 38 4 10-8 26-8 38-4V26c-12-4-28-4-38 4zM50 30v52"/>',
  },
  // two rings and a diamond
  'Wedding Planning': {
    from: '#7f1d1d',
    to: '#f59e0b',
    motif: '<circle cx="39" cy="58" r="20"/><circle cx="61" cy="58" r="20"/><path d="M43 24l7-10 7 10-7 8z"/>',
  },
};
