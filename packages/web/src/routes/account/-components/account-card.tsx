import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

/** The frame every account screen uses: a heading, an optional line under it, the body and a footer. */
export function AccountCard({
  title,
  description,
  children,
  footer,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description !== undefined && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children !== undefined && <CardContent>{children}</CardContent>}
      {footer !== undefined && (
        <CardFooter className="flex-wrap justify-center gap-x-1 text-sm text-muted-foreground">{footer}</CardFooter>
      )}
    </Card>
  );
}
