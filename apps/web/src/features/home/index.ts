export { HomeHeader } from './components/home-header';
