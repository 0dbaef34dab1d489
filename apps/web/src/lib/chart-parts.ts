/**
 * The parts of recharts the screens draw with, loaded by lib/charts.tsx when a chart is shown: a
 * module of named re-exports lets the build drop the rest of the library (a dynamic import of
 * 'recharts' itself would bring all of it, 45 KB gzipped more).
 */
export { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
