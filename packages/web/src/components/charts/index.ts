// Charts drawn in plain SVG (no chart library): `import { StatusChart } from '../../components/charts'`.
export * from './status-chart';
