import { useMutation, useQueryClient } from '@tanstack/react-query';
import Camera from 'lucide-react/icons/camera';
import Upload from 'lucide-react/icons/upload';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { UserAvatar } from '@/components/user-avatar';
import { mutationOptionsFor } from '@/api/dashboard';
import { imageRefusal } from '@/api/error-message';
import { IMAGE_ACCEPT, IMAGE_HINT } from '@/forms/image-rules';
import { imageContentProblem } from '@/forms/image-upload';
import { cn } from '@/lib/cn';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { invalidate } from './cache-updates';

/** Object URLs for previews, all released when the component goes away. */
function useObjectUrls() {
  const urls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );
  return (file: File) => {
    const url = URL.createObjectURL(file);
    urls.current.push(url);
    return url;
  };
}

/**
 * The profile picture: choose an image, see it, upload it. After the upload the new picture stays on
 * screen until the bank's profile names its own address for it.
 */
export function ProfilePicture({ name, picture }: { name: string; picture: string | undefined }) {
  const queryClient = useQueryClient();
  const objectUrl = useObjectUrls();
  const inputId = useId();
  const problemId = useId();
  const hintId = useId();
  const [chosen, setChosen] = useState<{ file: File; preview: string } | undefined>(undefined);
  const [uploaded, setUploaded] = useState<{ preview: string; replaced: string | undefined } | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const upload = useMutation({
    ...mutationOptionsFor('updateProfilePicture'),
    meta: { errorMessage: 'Something went wrong!', flow: 'profile-picture' },
  });

  const justUploaded = uploaded !== undefined && uploaded.replaced === picture ? uploaded.preview : undefined;
  const shown = chosen?.preview ?? justUploaded ?? picture;

  // One upload at a time, however often the button is pressed.
  const { run, pending } = useOneAtATime();
  const send = () => {
    if (chosen === undefined) return;
    run(async () => {
      const reply = await upload.mutateAsync({ profilePic: chosen.file }).catch((error: unknown) => {
        // A picture the bank refused: back to choosing, saying why (the toast says it too).
        const refused = imageRefusal(error);
        if (refused !== undefined) {
          setProblem(refused.message);
          setChosen(undefined);
        }
        throw error;
      });
      // Its success takes the earlier refusals away, in the toasts and under the button.
      toast.success(reply.message ?? 'Action Successful', {
        description: 'Profile picture updated',
        flow: 'profile-picture',
      });
      setProblem(undefined);
      setUploaded({ preview: chosen.preview, replaced: picture });
      setChosen(undefined);
      void invalidate(queryClient, 'getProfile', 'getInstitution');
    });
  };

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <UserAvatar key={shown ?? 'none'} name={name} picture={shown} className="size-28 text-3xl" />
      <div className="flex flex-wrap justify-center gap-2">
        {chosen === undefined ? (
          <label
            htmlFor={inputId}
            className={cn(
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
            )}
          >
            <Camera aria-hidden="true" />
            Choose picture
            <input
              id={inputId}
              type="file"
              accept={IMAGE_ACCEPT}
              className="sr-only"
              aria-describedby={problem === undefined ? hintId : `${problemId} ${hintId}`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file === undefined) return;
                void imageContentProblem(file).then((issue) => {
                  setProblem(issue);
                  if (issue === undefined) setChosen({ file, preview: objectUrl(file) });
                });
              }}
            />
          </label>
        ) : (
          <>
            <Button size="sm" onClick={send} pending={pending}>
              {!pending && <Upload aria-hidden="true" />}
              Upload picture
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={pending}
              onClick={() => {
                setChosen(undefined);
              }}
            >
              Cancel
            </Button>
          </>
        )}
      </div>
      {chosen !== undefined && (
        <p className="text-xs text-muted-foreground">
          Preview of <span className="font-medium break-all">{chosen.file.name}</span>
        </p>
      )}
      {problem !== undefined && (
        <p id={problemId} role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <p id={hintId} className="text-xs text-muted-foreground">
        {IMAGE_HINT}
      </p>
    </div>
  );
}
