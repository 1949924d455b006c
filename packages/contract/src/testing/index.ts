export * from './arbitraries';
export * from './images';
export * from './wire';
export * from './samples';
