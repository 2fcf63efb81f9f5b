export { HomeWelcome } from './components/home-welcome';
