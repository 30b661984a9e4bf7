import { fuzzEveryRoute } from './fuzz-routes.ts';

/** R4 for the consultant (the four roles run as four files, so two cores share the work). */
fuzzEveryRoute('consultant');
