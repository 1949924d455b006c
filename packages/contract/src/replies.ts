/**
 * Reply schemas: the forms every reply's fields take, the error reply, and the sign-in side's replies. The
 * dashboard's are in dashboard-replies.ts, so that the login page builds only the schemas it uses (zod
 * builds a schema when its module loads). Replies are JSON. The real host is PHP and is loose with types
 * (numbers as strings, flags as "yes"/1), so reply fields accept those forms and give the client one typed
 * value. What the mock server emits is the output type, which every schema here also accepts as input.
 */
import { z } from './zod';

const NUMERIC = /^-?\d+(\.\d+)?$/u;

/** A number, or a numeric string as PHP hosts send it. */
export const num = z.union([z.number(), z.pipe(z.string().check(z.trim(), z.regex(NUMERIC)), z.transform(Number))]);
/** Text, or a number the host sent where text was meant (account numbers, ids). */
export const str = z.union([z.string(), z.pipe(z.number(), z.transform(String))]);
const YES_NO_WORDS = ['yes', 'no', 'true', 'false', '1', '0', 'Yes', 'No'] as const;
const YES_WORDS: readonly string[] = ['yes', 'true', '1', 'Yes'];
/** A yes/no flag in any of the forms hosts use. */
export const yesNo = z.union([
  z.boolean(),
  z.pipe(
    z.literal([0, 1]),
    z.transform((n: 0 | 1) => n === 1),
  ),
  z.pipe(
    z.enum(YES_NO_WORDS),
    z.transform((s: (typeof YES_NO_WORDS)[number]) => YES_WORDS.includes(s)),
  ),
]);
/** A field that may be missing or null on the wire; the client sees `undefined` for both. */
export const maybe = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.nullish(schema),
    z.transform((v: z.output<T> | null | undefined) => v ?? undefined),
  );

/** An account message: a heading and its text. */
export const HeadBodySchema = z.object({ head: str, body: str });

export const RoleSchema = z.enum(['user', 'admin']);
export const VerificationStatusSchema = z.enum(['Not Verified', 'Pending Verification', 'Declined', 'Verified']);
export const LoginUserSchema = z.object({ picture: maybe(str), fullname: str });

/** The reply of an action whose result the spec does not show: a status and a message. */
export const StatusReplySchema = z.object({
  status: str,
  message: maybe(str),
});

/** The error reply every operation shares, whatever its status. */
export const FieldIssueSchema = z.object({ field: z.string(), message: z.string() });
export const ErrorReplySchema = z.object({
  error: z.literal(true),
  message: z.string(),
  code: z.optional(z.string()),
  issues: z.optional(z.array(FieldIssueSchema)),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;
export type ErrorReply = z.infer<typeof ErrorReplySchema>;
