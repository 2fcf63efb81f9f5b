/** Title, heading and lead text of a signed-out page (sign in, forgot, reset). */
export function SignedOutHeading({ title, lead }: { title: string; lead: string }) {
  return (
    <div>
      <title>{`${title} · Revlane`}</title>
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{lead}</p>
    </div>
  );
}
