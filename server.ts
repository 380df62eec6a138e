// The shop's entry point: `npm start` (production build) and `npm run dev` (Vite in middleware mode).
import { main } from './server/start';

await main(process.env.NODE_ENV === 'production' ? 'production' : 'development');
