/** Tiny real images of every accepted type, and a few things that are not images, for tests. */
const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

export const sampleImages = {
  'image/png': fromBase64(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  'image/gif': fromBase64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'),
  'image/jpeg': fromBase64(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  ),
  'image/webp': fromBase64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='),
} as const;

export const notImages = {
  text: new TextEncoder().encode('hello, I am a text file pretending to be an image'),
  svg: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  html: new TextEncoder().encode('<!doctype html><script>alert(1)</script>'),
} as const;

export const pngBlob = (name = 'proof.png') => new File([sampleImages['image/png']], name, { type: 'image/png' });
