export * from './fields';
export * from './files';
export * from './replies';
export * from './operation';
export * from './operations';
export * from './codec';
export * from './client';
