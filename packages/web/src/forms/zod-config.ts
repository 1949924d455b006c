/**
 * The contract's fields refuse in phrases made to follow a field's wire name (`note: must be at most 500
 * characters`); a form shows them under its own field, so here they name the field by its label, in every
 * form at once: 'Note must be at most 500 characters' (decision 0042). The messages the spec lists are the
 * forms' own and stay as they are. Imported for its effect by every module that parses (listed in
 * package.json sideEffects); the contract it imports has set zod up for a web page first (its zod.ts).
 */
import { nameFieldsWith } from '@ebank/contract';
import { labelOfField } from './field-labels';

nameFieldsWith((path) => labelOfField(path) ?? 'This field');
