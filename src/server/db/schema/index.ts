export * from './app-meta';
export * from './auth';
export * from './credits';
export * from './feedback';
export * from './free-credits';
export * from './rate-limits';
