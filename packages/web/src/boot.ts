/**
 * The start of a prerendered page (decision 0019). The page paints from its own markup; its scripts and
 * their preloads wait in `<template id="portal-start">` and are put into the page here, after that first
 * paint, so that loading them takes nothing from it. The scripts then hydrate the markup (`mount.tsx`).
 *
 * This file is its own small entry: it is all a prerendered page loads before its paint.
 */
import { HELD_SUBMIT_ATTRIBUTE, PRERENDERED_ATTRIBUTE, START_TEMPLATE_ID } from './start-template';

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

// Until the client has the page (it then drops the root's PRERENDERED_ATTRIBUTE), a form sent would be the
// browser's own: this address fetched again with the fields in its query. It is held back, and noted on
// the root (HELD_SUBMIT_ATTRIBUTE, the form's place among the page's forms) for the client to send once it
// has the page (mount.tsx), with what was typed (lib/form-state).
document.addEventListener(
  'submit',
  (event) => {
    const root = document.getElementById('root');
    if (root?.hasAttribute(PRERENDERED_ATTRIBUTE) !== true) return;
    event.preventDefault();
    const form = event.target instanceof HTMLFormElement ? event.target : undefined;
    const place = form ? Array.from(root.querySelectorAll('form')).indexOf(form) : -1;
    if (place >= 0) root.setAttribute(HELD_SUBMIT_ATTRIBUTE, String(place));
  },
  { capture: true },
);

// After the next frame (the first paint), in a task of its own. A tab in the background draws no frames:
// there the timer starts the scripts after a second.
requestAnimationFrame(() => {
  setTimeout(start, 0);
});
setTimeout(start, 1000);
