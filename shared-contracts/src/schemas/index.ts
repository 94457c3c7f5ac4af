export * from './user';
export * from './catalog';
