/**
 * Shows the demo's bar at the top of the page, in a React root of its own beside the portal's. Loaded
 * once the portal is on screen, so that it adds nothing to what the portal needs first.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DemoBar, type DemoBarOptions } from './demo-bar';

/** The bar with a query client of its own. */
export function demoBarElement(options: DemoBarOptions) {
  // The bar's own reads (the outbox): a failure is shown at once, with a button to try again.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <DemoBar {...options} />
      </QueryClientProvider>
    </StrictMode>
  );
}

/** Puts the bar first in the page; returns what takes it off again. */
export function showDemoBar(options: DemoBarOptions): () => void {
  const container = document.createElement('div');
  document.body.prepend(container);
  const root = createRoot(container);
  root.render(demoBarElement(options));
  return () => {
    root.unmount();
    container.remove();
  };
}
