export { submitInteractionLogin, useInteractionLogin } from './api/submit-interaction-login';
export { ForgotPasswordPage } from './components/forgot-password-page';
export { ResetPasswordPage } from './components/reset-password-page';
export { SignInForm } from './components/sign-in-form';
export { SignInPage } from './components/sign-in-page';
