/** The API base address; the same origin unless the build says otherwise. */
export const API_BASE = import.meta.env.VITE_API_BASE ?? '/';
