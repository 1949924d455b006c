/** The sections of the admin area, in the order of its section menu. */
import type { LinkProps } from '@tanstack/react-router';

export interface Section {
  readonly to: NonNullable<LinkProps['to']>;
  readonly label: string;
}

export const SECTIONS: readonly Section[] = [
  { to: '/admin/kyc', label: 'KYC cases' },
  { to: '/admin/requests', label: 'Pending requests' },
  { to: '/admin/messages', label: 'Account messages' },
  { to: '/admin/journal', label: 'Request journal' },
  { to: '/admin/clock', label: 'Clock' },
  { to: '/admin/snapshots', label: 'Snapshots' },
  { to: '/admin/faults', label: 'Faults' },
  { to: '/admin/reset', label: 'Reset' },
  { to: '/admin/sandboxes', label: 'Sandboxes' },
];
