/**
 * The start of a prerendered page (decision 0019). The page paints from its own markup; its scripts and
 * their preloads wait in `<template id="portal-start">` and are put into the page here, after that first
 * paint, so that loading them takes nothing from it. The scripts then hydrate the markup (`mount.tsx`).
 *
 * This file is its own small entry: it is all a prerendered page loads before its paint.
 */
import { START_TEMPLATE_ID } from './start-template';

let started = false;

/** Copies each element of the template into the head: elements made by script run and fetch, cloned ones may not. */
function start() {
  if (started) return;
  started = true;
  const template = document.getElementById(START_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  for (const source of Array.from(template.content.children)) {
    const element = document.createElement(source.localName);
    for (const { name, value } of Array.from(source.attributes)) element.setAttribute(name, value);
    document.head.append(element);
  }
  template.remove();
}

// After the next frame (the first paint), in a task of its own. A tab in the background draws no frames:
// there the timer starts the scripts after a second.
requestAnimationFrame(() => {
  setTimeout(start, 0);
});
setTimeout(start, 1000);
