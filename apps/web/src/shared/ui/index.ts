export { getErrorToastText, showErrorToast } from './error-toast';
export { FullPageLoader, Loader } from './loader';
export { Logo } from './logo';
export { MessageScreen, MessageScreenButton } from './message-screen';
export { NotFoundPage } from './not-found-page';
