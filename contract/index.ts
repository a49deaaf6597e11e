export * from './constants.ts';
export * from './errors.ts';
export * from './schema.ts';
export * from './entities.ts';
export * from './commands.ts';
