export { awaitsAnswer } from './awaits-answer';
export { RequestCard } from './RequestCard';
