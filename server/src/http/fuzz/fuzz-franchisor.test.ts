import { fuzzEveryRoute } from './fuzz-routes.ts';

/** R4 for the franchisor (the four roles run as four files, so two cores share the work). */
fuzzEveryRoute('franchisor');
