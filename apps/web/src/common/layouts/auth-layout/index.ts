export { AuthLayout } from './auth-layout';
