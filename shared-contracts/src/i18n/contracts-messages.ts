import { useT } from './i18n';
import type { CommonMessage } from '../domain/common-messages';

/** The contracts' own words (the shared page parts), under 'common' (registered in common-messages.ts). */
export { commonText, type CommonMessage } from '../domain/common-messages';
export const useCommonT = () => useT<CommonMessage>('common');
