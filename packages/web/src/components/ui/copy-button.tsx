import CheckIcon from 'lucide-react/icons/check';
import CopyIcon from 'lucide-react/icons/copy';
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Button } from './button';
import { toast } from './toast';

type CopyButtonProps = Omit<ComponentProps<typeof Button>, 'onClick' | 'value' | 'children'> & {
  /** The text put on the clipboard. */
  readonly value: string;
  /** What the button says; 'Copy' by default. */
  readonly children?: ReactNode;
};

/** How long the button shows its "copied" tick. */
const COPIED_MS = 2000;

/** Copies `value` to the clipboard and says so with a toast. */
export function CopyButton({ value, children = 'Copy', variant = 'outline', size = 'sm', ...props }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => {
      setCopied(false);
    }, COPIED_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [copied]);

  const copy = async () => {
    try {
      // Missing outside secure contexts and in some embedded browsers.
      const clipboard = navigator.clipboard as Clipboard | undefined;
      if (clipboard === undefined) throw new Error('No clipboard');
      await clipboard.writeText(value);
      setCopied(true);
      toast.success('Copied to clipboard');
    } catch {
      toast.error('Could not copy to the clipboard');
    }
  };

  return (
    <Button
      data-slot="copy-button"
      variant={variant}
      size={size}
      onClick={() => {
        void copy();
      }}
      {...props}
    >
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      {children}
    </Button>
  );
}
