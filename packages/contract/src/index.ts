export * from './options.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './fields.ts';
export * from './errors.ts';
export * from './schemas.ts';
export * from './leads.ts';
export * from './images.ts';
export type * from './web-context.ts';
