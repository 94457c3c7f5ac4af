export * from './user';
export * from './catalog';
export * from './booking';
export * from './cart';
export * from './payment';
export * from './address';
export * from './review';
export * from './slot';
