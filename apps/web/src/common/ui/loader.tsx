interface LoaderProps {
  /** Fill the viewport, for screens that have nothing else to show yet. */
  fullScreen?: boolean;
  label?: string;
}

/**
 * Plain CSS spinner, deliberately free of component-library code: it is shown before the
 * application bundle and its configuration have arrived.
 */
export function Loader({ fullScreen = false, label = 'Loading' }: LoaderProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center ${fullScreen ? 'min-h-screen' : 'min-h-40 w-full'}`}
    >
      <span
        aria-hidden="true"
        className="size-9 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function FullPageLoader() {
  return <Loader fullScreen />;
}
