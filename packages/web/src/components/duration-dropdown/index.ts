export * from './duration-dropdown';
