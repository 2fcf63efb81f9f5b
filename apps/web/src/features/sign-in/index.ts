export { submitInteractionLogin, useInteractionLogin } from './api/submit-interaction-login';
export { SignInForm } from './components/sign-in-form';
export { SignInPage } from './components/sign-in-page';
