export { createApp, type AppOptions, type MockApp } from './http/app';
