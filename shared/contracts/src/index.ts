export * from './brand';
export * from './events';
export * from './routes';
export * from './auth';
export * from './api/errors';
export * from './api/health';
export * from './api/master';
export * from './api/contact';
