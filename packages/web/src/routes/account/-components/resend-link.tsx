import { Button } from '@/components/ui/button';
import type { useResendCode } from './use-resend-code';

/**
 * "Didn't get the code? Resend code". While the link waits after a send it is off and says for how long
 * ("Resend code in 27 s").
 */
export function ResendLink({
  question,
  label,
  resend,
  disabled,
  onResend,
}: {
  readonly question: string;
  readonly label: string;
  readonly resend: ReturnType<typeof useResendCode>;
  readonly disabled: boolean;
  readonly onResend: () => Promise<void>;
}) {
  const { secondsLeft } = resend;
  return (
    <p className="text-center text-sm text-muted-foreground">
      {question}{' '}
      <Button
        variant="link"
        className="font-medium tabular-nums"
        pending={resend.isPending}
        disabled={disabled || secondsLeft > 0}
        onClick={() => void onResend()}
      >
        {secondsLeft > 0 ? `${label} in ${String(secondsLeft)} s` : label}
      </Button>
    </p>
  );
}
