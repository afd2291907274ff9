export { StatCards, type Stat } from './stat-cards';
