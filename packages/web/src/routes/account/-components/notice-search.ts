import { z } from 'zod';

/** The notice's heading and body, passed in the URL so a reload keeps them. */
export const noticeSearchSchema = z.object({
  head: z.string().optional().catch(undefined),
  body: z.string().optional().catch(undefined),
});
