import { TAGLINE } from '@revlane/contracts';
import { MARKETING_BLURBS } from './marketing-blurbs';

/** The right-hand panel of the auth layout; wide screens only, the form comes first. */
export function MarketingPanel() {
  return (
    <aside
      aria-label="About Revlane"
      className="relative hidden overflow-hidden bg-brand-900 lg:flex lg:w-1/2 lg:flex-col lg:justify-center xl:w-[55%]"
    >
      {/* Soft light spots give depth without any image download. */}
      <div
        aria-hidden="true"
        className="absolute -top-32 -right-24 size-[28rem] rounded-full bg-brand-600/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-40 -left-20 size-[26rem] rounded-full bg-fuchsia-600/25 blur-3xl"
      />
      <div className="relative mx-auto w-full max-w-xl px-12 py-16">
        <p className="text-4xl leading-tight font-semibold tracking-tight text-white xl:text-5xl">
          {TAGLINE}
        </p>
        <ul className="mt-12 grid gap-8 sm:grid-cols-2">
          {MARKETING_BLURBS.map((blurb) => (
            <li key={blurb.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 text-lg text-brand-100 ring-1 ring-white/15"
              >
                {blurb.icon}
              </span>
              <div>
                <h2 className="text-base font-semibold text-white">{blurb.title}</h2>
                <p className="mt-1 text-sm leading-6 text-brand-100/80">{blurb.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
