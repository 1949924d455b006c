/**
 * The id of the `<template>` in which a prerendered page holds its scripts until its first paint (decision
 * 0019): written by the build (scripts/prerender-plugin.ts), read by the page's start (`boot.ts`).
 */
export const START_TEMPLATE_ID = 'portal-start';
