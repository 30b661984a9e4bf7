import { fuzzEveryRoute } from './fuzz-routes.ts';

/** The route fuzz of rule 7 for the franchisor (the four roles run as four files, so two cores share the work). */
fuzzEveryRoute('franchisor');
