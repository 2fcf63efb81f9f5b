import { createHash } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';

/**
 * The few pages the provider itself renders (logout, signed-out, error), in the product's
 * look: a centred card on the auth layout's background. The sign-in screen is the SPA's.
 */
export function escapeHtml(value: string | number | undefined): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const styles = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font-family:Inter,-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;
    background:#f5f6fa;color:#1f2937}
  main{width:min(92vw,400px);padding:40px 32px;background:#fff;border-radius:12px;
    box-shadow:0 8px 30px rgba(17,24,39,.08);text-align:center}
  .brand{font-weight:700;font-size:20px;color:#4f46e5;margin-bottom:24px}
  h1{font-size:20px;font-weight:600;margin:0 0 8px}
  p{color:#6b7280;margin:0 0 24px;line-height:1.5}
  button,a.button{display:inline-block;width:100%;padding:10px 16px;border:0;border-radius:8px;
    background:#4f46e5;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
  .spinner{width:28px;height:28px;margin:0 auto 16px;border:3px solid #e5e7eb;
    border-top-color:#4f46e5;border-radius:50%;animation:spin .8s linear infinite}
  @keyframes spin{to{transform:rotate(360deg)}}`;

export function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Revlane</title>
<style>${styles}</style>${head}
</head>
<body><main><div class="brand">Revlane</div>${body}</main></body>
</html>`;
}

/**
 * Auth0's /v2/logout signs out without asking, so the provider's confirmation form submits
 * itself with `logout=yes`; the button is there for browsers without JavaScript.
 */
const SUBMIT_LOGOUT_FORM = "document.getElementById('op.logoutForm').submit();";

/**
 * The Content Security Policy allows no inline script (ADR 0012); the provider's pages that
 * need one allow exactly theirs by its hash, as oidc-provider does for its own pages.
 */
export function allowInlineScript(ctx: KoaContextWithOIDC, script: string): string {
  const policy = ctx.response.get('content-security-policy');
  if (policy) {
    const digest = createHash('sha256').update(script).digest('base64');
    ctx.set(
      'content-security-policy',
      policy.replace(/(^|;\s*)script-src([^;]*)/, `$1script-src$2 'sha256-${digest}'`),
    );
  }
  return script;
}

export function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  const autoForm = form.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Sign out</button></noscript></form>',
  );
  ctx.type = 'html';
  ctx.body = page(
    'Signing out',
    `<div class="spinner" aria-hidden="true"></div>
<h1>Signing you out…</h1>
<p>One moment, please.</p>
${autoForm}
<script>${allowInlineScript(ctx, SUBMIT_LOGOUT_FORM)}</script>`,
  );
}

export function createPostLogoutSuccessSource(appUrl: string) {
  return function postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
    ctx.type = 'html';
    ctx.body = page(
      'Signed out',
      `<h1>You are signed out</h1>
<p>You have been signed out of Revlane.</p>
<a class="button" href="${escapeHtml(appUrl)}/">Sign in again</a>`,
    );
  };
}

export function createRenderError(appUrl: string) {
  return function renderError(
    ctx: KoaContextWithOIDC,
    out: { error: string; error_description?: string | undefined },
  ): void {
    ctx.type = 'html';
    ctx.body = page(
      'Sign-in problem',
      `<h1>Something went wrong</h1>
<p>${escapeHtml(out.error_description ?? out.error)}</p>
<p><code>${escapeHtml(out.error)}</code></p>
<a class="button" href="${escapeHtml(appUrl)}/">Back to Revlane</a>`,
    );
  };
}
