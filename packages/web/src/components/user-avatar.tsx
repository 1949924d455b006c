import { useState } from 'react';
import { pictureUrl } from '@/api/client';
import { cn } from '@/lib/cn';

const initials = (name: string) =>
  name
    .split(/\s+/u)
    .filter((part) => part !== '')
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

/** The user's picture, or their initials when there is none (or it does not load). */
export function UserAvatar({
  name,
  picture,
  className,
}: {
  name: string;
  picture: string | undefined;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const src = pictureUrl(picture);
  return (
    <span
      className={cn(
        'flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary text-lg font-semibold text-secondary-foreground ring-4 ring-card',
        className,
      )}
    >
      {src !== undefined && !failed ? (
        <img
          src={src}
          alt={`Picture of ${name}`}
          className="size-full object-cover"
          onError={() => {
            setFailed(true);
          }}
        />
      ) : (
        <span aria-hidden="true">{initials(name) || '?'}</span>
      )}
    </span>
  );
}
