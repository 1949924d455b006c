/**
 * zod would otherwise probe for `new Function` (to compile its parsers) on the first parse; the page's CSP
 * forbids it, so the probe is refused and reported as a violation. The interpreted parsers are all the
 * portal needs. Imported for its effect by every module that parses (listed in package.json sideEffects).
 *
 * The contract's fields refuse in phrases made to follow a field's wire name (`note: must be at most 500
 * characters`); a form shows them under its own field, so here they name the field by its label, in every
 * form at once: 'Note must be at most 500 characters' (decision 0042). The messages the spec lists are the
 * forms' own and stay as they are.
 */
import { nameFieldsWith } from '@ebank/contract';
import { config } from 'zod';
import { labelOfField } from './field-labels';

config({ jitless: true });
nameFieldsWith((path) => labelOfField(path) ?? 'This field');
