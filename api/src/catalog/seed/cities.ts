import type { ServiceCity } from '@utsav/contracts/schemas';

/**
 * Where the seeded services are, with a few neighbourhoods and the local food for believable text: one
 * entry per city of SERVICE_CITIES (the Search page's city filter), in its order (catalog-seed.test.ts).
 */
export interface SeedCity {
  city: ServiceCity;
  state: string;
  areas: readonly string[];
  /** the food the city is known for, as in "Authentic {cuisine} wedding catering" */
  cuisine: string;
  /** a local language, for tutoring */
  language: string;
}

export const CITIES: readonly SeedCity[] = [
  { city: 'Mumbai', state: 'Maharashtra', areas: ['Bandra', 'Andheri', 'Powai', 'Dadar'], cuisine: 'Malvani', language: 'Marathi' },
  { city: 'Delhi', state: 'Delhi', areas: ['Hauz Khas', 'Rajouri Garden', 'Karol Bagh', 'Saket'], cuisine: 'Mughlai', language: 'Hindi' },
  { city: 'Bengaluru', state: 'Karnataka', areas: ['Koramangala', 'Indiranagar', 'Jayanagar', 'Whitefield'], cuisine: 'Karnataka-style', language: 'Kannada' },
  { city: 'Hyderabad', state: 'Telangana', areas: ['Banjara Hills', 'Jubilee Hills', 'Gachibowli', 'Kondapur'], cuisine: 'Hyderabadi', language: 'Telugu' },
  { city: 'Chennai', state: 'Tamil Nadu', areas: ['T. Nagar', 'Adyar', 'Anna Nagar', 'Velachery'], cuisine: 'Chettinad', language: 'Tamil' },
  { city: 'Kolkata', state: 'West Bengal', areas: ['Salt Lake', 'Ballygunge', 'Park Street', 'New Town'], cuisine: 'Bengali', language: 'Bengali' },
  { city: 'Pune', state: 'Maharashtra', areas: ['Koregaon Park', 'Kothrud', 'Baner', 'Viman Nagar'], cuisine: 'Maharashtrian', language: 'Marathi' },
  { city: 'Jaipur', state: 'Rajasthan', areas: ['C-Scheme', 'Malviya Nagar', 'Vaishali Nagar', 'Mansarovar'], cuisine: 'Rajasthani', language: 'Hindi' },
  { city: 'Ahmedabad', state: 'Gujarat', areas: ['Navrangpura', 'Satellite', 'Bodakdev', 'Prahlad Nagar'], cuisine: 'Gujarati', language: 'Gujarati' },
  { city: 'Lucknow', state: 'Uttar Pradesh', areas: ['Hazratganj', 'Gomti Nagar', 'Aliganj', 'Indira Nagar'], cuisine: 'Awadhi', language: 'Hindi' },
  { city: 'Kochi', state: 'Kerala', areas: ['Kakkanad', 'Edappally', 'Fort Kochi', 'Panampilly Nagar'], cuisine: 'Kerala', language: 'Malayalam' },
  { city: 'Chandigarh', state: 'Chandigarh', areas: ['Sector 17', 'Sector 35', 'Sector 8', 'Manimajra'], cuisine: 'Punjabi', language: 'Punjabi' },
  { city: 'Indore', state: 'Madhya Pradesh', areas: ['Vijay Nagar', 'Palasia', 'Rajwada', 'Bhawarkuan'], cuisine: 'Malwa', language: 'Hindi' },
  { city: 'Goa', state: 'Goa', areas: ['Panaji', 'Calangute', 'Margao', 'Candolim'], cuisine: 'Goan', language: 'Konkani' },
];

/** People's names, for providers named after their founder. */
export const FIRST_NAMES = [
  'Aarav', 'Ananya', 'Priya', 'Rohan', 'Meera', 'Kabir', 'Ishita', 'Arjun', 'Neha', 'Vikram', 'Sneha',
  'Aditya', 'Kavya', 'Rahul', 'Pooja', 'Siddharth', 'Tanvi', 'Farhan', 'Zoya', 'Harpreet', 'Lakshmi',
  'Karthik', 'Divya', 'Aniket', 'Ritu', 'Sana', 'Nikhil', 'Deepa', 'Anjali', 'Manish', 'Shreya', 'Gaurav',
] as const;

export const LAST_NAMES = [
  'Sharma', 'Mehta', 'Iyer', 'Reddy', 'Nair', 'Banerjee', 'Kapoor', 'Gupta', 'Joshi', 'Patel', 'Menon',
  'Chatterjee', 'Singh', 'Khan', 'Desai', 'Kulkarni', 'Rao', 'Verma', 'Das', 'Pillai', 'Agarwal', 'Bhatt',
  'Malhotra', 'Shetty',
] as const;
