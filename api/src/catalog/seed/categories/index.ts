import { SERVICE_CATEGORIES, type ServiceCategory } from '@utsav/contracts/schemas';
import type { CategoryWords } from '../category-words';
import { catering } from './catering';
import { facial } from './facial';
import { haircut } from './haircut';
import { makeup } from './makeup';
import { manicurePedicure } from './manicure-pedicure';
import { massage } from './massage';
import { personalTraining } from './personal-training';
import { photography } from './photography';
import { tutoring } from './tutoring';
import { venues } from './venues';
import { weddingPlanning } from './wedding-planning';

const ALL = [photography, catering, makeup, venues, haircut, massage, facial, manicurePedicure, personalTraining, tutoring, weddingPlanning];

/** The word lists of every category, in SERVICE_CATEGORIES order. */
export const CATEGORY_WORDS: readonly CategoryWords[] = SERVICE_CATEGORIES.map((category: ServiceCategory) => {
  const words = ALL.find((entry) => entry.category === category);
  if (!words) throw new Error(`No seed words for the category ${category}`);
  return words;
});
