interface LogoProps {
  /** On dark backgrounds the word mark turns white. */
  tone?: 'dark' | 'light';
  className?: string;
}

export function Logo({ tone = 'dark', className = '' }: LogoProps) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path
          d="M9 23V9h7.5a4.5 4.5 0 0 1 1.2 8.84L23 23h-4.2l-4.6-5H12.6v5H9Zm3.6-8.2h3.7a1.6 1.6 0 0 0 0-3.2h-3.7v3.2Z"
          fill="#fff"
        />
      </svg>
      <span
        className={`text-xl font-semibold tracking-tight ${tone === 'light' ? 'text-white' : 'text-slate-900'}`}
      >
        Revlane
      </span>
    </span>
  );
}
