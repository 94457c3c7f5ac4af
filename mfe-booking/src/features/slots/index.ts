// What other features take from the slot page's parts (the feature boundary, eslint.config.mjs): a quote accepted
// from the plans' Quotes page asks where and when like the slot page does.
export { AddressSection } from './AddressSection';
export { TimeRangeFields } from './TimeRangeFields';
export { useIndiaTime } from './use-india-time';
